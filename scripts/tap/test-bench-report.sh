#!/bin/sh
# The host mode's report, checked on the stored example result sets
# (examples/bench-sets/base, patched: real quick runs of bench-host.sh, see
# scripts/flows/bench-example.sh): scripts/report/bench-compare.sh builds the report from
# them; every table is there with its method line, every cell of every
# table is a number or n/a, and the hackbench and messaging tables mark
# exactly the cells whose difference from the baseline, recomputed here
# from the sets' samples.csv, is beyond the spread (|mean - base mean| >
# sd + base sd); a report with one mark dropped fails that check.  The
# parsing and the report, not the timing.  The latency plot is drawn and
# each cyclictest table has each set's idle floor.  TAP out.
# env: BENCH_SETS (examples/bench-sets/base examples/bench-sets/patched)
TOP=$(cd "$(dirname "$0")/../.." && pwd)
cd "$TOP" || exit 1
SETS=${BENCH_SETS:-examples/bench-sets/base examples/bench-sets/patched}
# The tables the report must have, by their headings.
TABLES="hackbench|perf bench sched messaging|cyclictest --policy=other under hackbench|fairness|pipe ping-pong|core scheduling fairness"
# The columns that name a row rather than hold a measurement.
LABELS="mode|kind|groups|kernel|hog A value|hog B value|latency nice A/B|configuration|minimum latency|average latency|99th percentile latency|maximum latency"
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
. guest/tap.sh

result() {	# status, description, [diagnostics]
	if [ "$1" = 0 ]; then
		tap_ok "$2"
	else
		[ -n "$3" ] && printf '%s\n' "$3" | head -n 12 | tap_diag
		tap_not_ok "$2"
	fi
}

# cells REPORT: "table<TAB>header<TAB>cell" for every measurement cell of
# every table under a "### " heading
cells() {
	awk -v labels="^($LABELS)\$" '
	/^### / { t = substr($0, 5); hdr = 0; next }
	/^## / { t = ""; next }
	t != "" && /^\|/ {
		n = split($0, c, "|")
		if (!hdr) { for (i = 2; i < n; i++) h[i] = trim(c[i]); hdr = 1; next }
		if (c[2] ~ /^ *---/) next
		for (i = 2; i < n; i++)
			if (h[i] !~ labels) print t "\t" h[i] "\t" trim(c[i])
	}
	t != "" && !/^\|/ { hdr = 0 }
	function trim(s) { gsub(/^ +| +$/, "", s); return s }' "$1"
}

# marks REPORT: "table<TAB>mode kind groups<TAB>column<TAB>0|1" for every
# cell of the hackbench and messaging tables after the baseline's, 1 where
# it carries the mark
marks() {
	awk '
	/^### / { t = substr($0, 5); hdr = 0; next }
	t != "hackbench" && t != "perf bench sched messaging" { next }
	/^\|/ {
		n = split($0, c, "|")
		if (!hdr) { for (i = 2; i < n; i++) h[i] = trim(c[i]); hdr = 1; next }
		if (c[2] ~ /^ *---/ || c[2] ~ /geomean/) next
		for (i = 6; i < n; i++)
			print (t == "hackbench" ? "hackbench" : "messaging") "\t" \
				trim(c[2]) " " trim(c[3]) " " trim(c[4]) "\t" h[i] "\t" (c[i] ~ /%\)\*/ ? 1 : 0)
	}
	!/^\|/ { hdr = 0 }
	function trim(s) { gsub(/^ +| +$/, "", s); return s }' "$1" | sort
}

# expected_marks: the same lines, recomputed from the sets' samples: the
# first set's value 0 against every other set's value of the same row.
expected_marks() {
	for s in $SETS; do
		label=$(sed -n 's/^label=//p' "$s/meta.txt")
		tail -n +2 "$s/samples.csv" | sed "s/^[^,]*,[^,]*,/host,$label,/"
	done | awk -F, -v base="$(sed -n 's/^label=//p' "${SETS%% *}/meta.txt")" '
	($4 == "hackbench" || $4 == "messaging") && $6 == "sec" {
		delete p
		m = split($5, kv, " ")
		for (i = 1; i <= m; i++) { split(kv[i], x, "="); p[x[1]] = x[2] }
		if (p["mode"] != "pipe" && p["mode"] != "socket") next
		k = $4 "\t" p["mode"] " " p["kind"] " " p["groups"] "\t" $2 " " p["value"]
		sum[k] += $7; sq[k] += $7 * $7; cnt[k]++
	}
	END {
		for (k in cnt) {
			split(k, f, "\t")
			if (index(f[3], base " ") == 1) continue
			b = f[1] "\t" f[2] "\t" base " 0"
			mark = 0
			if (cnt[k] > 1 && cnt[b] > 1) {
				mk = sum[k] / cnt[k]; mb = sum[b] / cnt[b]
				sk = sqrt((sq[k] - cnt[k] * mk * mk) / (cnt[k] - 1))
				sb = sqrt((sq[b] - cnt[b] * mb * mb) / (cnt[b] - 1))
				d = mk - mb
				mark = (d < 0 ? -d : d) > sk + sb
			}
			print k "\t" mark
		}
	}' | sort
}

echo "TAP version 13"
log=$(sh scripts/report/bench-compare.sh "$OUT" $SETS 2>&1)
result $? "compare: the report of the example sets builds" "$log"
[ -s "$OUT/report.md" ] && [ -s "$OUT/report.json" ] && [ -s "$OUT/hackbench_host.png" ]
result $? "compare: report.md, report.json and the hackbench plot are written"
[ -s "$OUT/latency_host.png" ] && grep -qF '![latency_host.png](latency_host.png)' "$OUT/report.md"
result $? "compare: the latency distribution's plot is written and shown"
# each cyclictest table (min, avg, p99, max) has each set's idle floor
missing=$(for k in $(sed -n 's/^label=//p' $(for d in $SETS; do echo "$d/meta.txt"; done)); do
	n=$(awk -v row="| $k, idle floor | " '/^### cyclictest/ { s = 1; next } /^### |^## / { s = 0 }
		s && index($0, row) == 1 && substr($0, length(row) + 1) !~ /^n\/a/ { n++ }
		END { print n + 0 }' "$OUT/report.md")
	[ "$n" = 4 ] || echo "$k: $n of 4 cyclictest tables have its idle floor"
done)
[ -z "$missing" ]
result $? "compare: every cyclictest table has each set's idle floor" "$missing"

missing=$(printf '%s\n' "$TABLES" | tr '|' '\n' | while read -r t; do
	grep -qxF "### $t" "$OUT/report.md" || echo "no table '$t'"
	awk -v t="### $t" '$0 == t { s = 1; next } s && /^### |^## / { exit } s && /^\| / { r++ } s && /^Method: / { m = 1 }
		END { exit !(m && r >= 3) }' "$OUT/report.md" || echo "table '$t': no Method line or no rows"
done)
[ -z "$missing" ]
result $? "compare: every table is there with rows and its method" "$missing"

cols=$(awk '/^### hackbench$/ { s = 1; next } s && /^\| mode/ { print; exit }' "$OUT/report.md")
[ "$cols" = "| mode | kind | groups | base 0 | patched 0 | patched 19 | patched -20 |" ]
result $? "compare: hackbench's columns are the baseline at 0 and the patched set at 0, 19, -20" "$cols"

cells "$OUT/report.md" >"$OUT/cells"
num='-?[0-9]+(\.[0-9]+)?%?'
bad=$(awk -F'\t' -v re="^($num( \\\\([+-][0-9]+\\\\.[0-9]%\\\\)\\\\*?)?( ±[0-9]+\\\\.[0-9]%)?( n=[0-9]+)?|n/a)\$" \
	'$3 !~ re { print $1 ": " $2 ": \"" $3 "\"" }' "$OUT/cells")
[ -s "$OUT/cells" ] && [ -z "$bad" ]
ok=$?
echo "# $(wc -l <"$OUT/cells") cells"
result $ok "compare: every cell of every table is a number or n/a" "$bad"

marks "$OUT/report.md" >"$OUT/marks"
expected_marks >"$OUT/expected"
got=$(awk -F'\t' '$4' "$OUT/marks" | wc -l) want=$(awk -F'\t' '$4' "$OUT/expected" | wc -l)
diff=$(diff "$OUT/expected" "$OUT/marks")
[ -z "$diff" ] && [ "$want" -gt 0 ] && [ "$want" -lt "$(wc -l <"$OUT/expected")" ]
ok=$?
echo "# $got of $(wc -l <"$OUT/marks") hackbench and messaging cells marked, $want expected"
result $ok "compare: the marks are where the stored samples put them" \
	"$(printf 'expected (-) vs report (+), table row column mark:\n%s' "$diff")"

# the same check on a report with its first mark dropped must fail
sed '0,/%)\*/s/%)\*/%)/' "$OUT/report.md" >"$OUT/dropped.md"
marks "$OUT/dropped.md" >"$OUT/marks-dropped"
! cmp -s "$OUT/expected" "$OUT/marks-dropped"
result $? "compare: a report with one mark dropped fails the mark check"
tap_plan
tap_exit
