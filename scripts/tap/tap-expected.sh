#!/bin/sh
# tap-expected.sh LIST DIR: check the TAP files of make test (DIR/FILE.tap)
# against LIST (scripts/tap/expected-tests.txt), TAP out:
#   test FILE NAME    a top-level result "ok N NAME" or "not ok N NAME"
#                     must be in FILE (its verdict counts where it is);
#   leaves FILE N     FILE must count N results (passed + failed + skipped,
#                     as scripts/tap/tap-summary.sh counts them);
#   skip FILE NAME    NAME, at any level of FILE, may be a skip.
# A missing file, result or count, and a skip that LIST does not allow, are
# "not ok".  Exits 1 if any is.
list=$1 dir=$2
. "$(dirname "$0")/../../guest/tap.sh"
fail() {
	tap_not_ok "expected: $*"
}
echo "TAP version 13"
while read -r kind file rest; do
	case $kind in
	test)
		if [ ! -f "$dir/$file.tap" ]; then
			fail "$file: $rest: no $file.tap"
		elif awk -v name="$rest" '
			/^(not )?ok [0-9]+ / {
				s = $0
				sub(/\r$/, "", s)
				sub(/^(not )?ok [0-9]+ /, "", s)
				sub(/ +# .*$/, "", s)
				sub(/ +$/, "", s)
				if (s == name) found = 1
			}
			END { exit !found }' "$dir/$file.tap"; then
			tap_ok "expected: $file: $rest"
		else
			fail "$file: $rest: no result"
		fi ;;
	leaves)
		got=$(sh "$(dirname "$0")/tap-summary.sh" "$dir/$file.tap" 2>/dev/null |
			awk '{ print $1 + $3 + $5 }')
		if [ "$got" = "$rest" ]; then
			tap_ok "expected: $file: $rest results"
		else
			fail "$file: ${got:-no} results, expected $rest"
		fi ;;
	esac
done <"$list"
# Skips nobody expects: any level, any file.
for f in "$dir"/*.tap; do
	file=${f##*/}
	file=${file%.tap}
	awk -v file="$file" '
		FNR == NR {
			if ($1 == "skip") {
				s = $0
				sub(/^skip [^ ]+ /, "", s)
				allowed[$2 SUBSEP s] = 1
			}
			next
		}
		/^(# |[ \t]+)*(not )?ok [0-9]+ .*# (SKIP|skip)/ {
			s = $0
			sub(/\r$/, "", s)
			sub(/^(# |[ \t]+)*(not )?ok [0-9]+ /, "", s)
			# "ok 3 name # SKIP why", or as kselftest prints it, "ok 3 # SKIP name"
			if (s ~ /^# (SKIP|skip)/)
				sub(/^# (SKIP|skip) */, "", s)
			else
				sub(/ *# (SKIP|skip).*$/, "", s)
			if (!((file SUBSEP s) in allowed))
				print file ": " s
		}' "$list" "$f"
done >"$dir/.unexpected-skips"
while read -r what; do
	fail "$what: skipped, and no skip is expected there"
done <"$dir/.unexpected-skips"
rm -f "$dir/.unexpected-skips"
tap_plan
tap_exit
