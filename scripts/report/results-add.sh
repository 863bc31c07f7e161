#!/bin/sh
# Put a run's report in RESULTS.md as the entry of its KIND (the make
# command, "make matrix LINUX=6.12"; COMMAND unless -k gives it): a "## KIND"
# heading, a line with the command, the date and the commit (marked when
# the tree had uncommitted changes), and the report as the run wrote it.
# The entry replaces the one of the same kind where it stands (older runs
# stay in git history); a new kind goes first.  The same run twice is
# left alone.
# usage: results-add.sh [-k KIND] REPORT COMMAND...
set -e
TOP=$(cd "$(dirname "$0")/../.." && pwd)
KIND=
[ "$1" = -k ] && { KIND=$2; shift 2; }
REPORT=$1
shift
[ -s "$REPORT" ] || { echo "results-add: no report at $REPORT" >&2; exit 1; }
[ $# -gt 0 ] || { echo "usage: results-add.sh [-k KIND] REPORT COMMAND..." >&2; exit 2; }
KIND=${KIND:-$*}
RESULTS=${RESULTS:-$TOP/RESULTS.md}
MARK='<!-- scripts/report/results-add.sh puts a new kind here -->'
grep -qF "$MARK" "$RESULTS" || { echo "results-add: no '$MARK' in $RESULTS" >&2; exit 1; }

# The report's own commit and date ("- commit: X", "- date: D") where it
# records them, else the checkout's and the report's time.
commit=$(sed -n 's/^- commit: //p' "$REPORT" | head -n 1)
if [ -z "$commit" ]; then
	commit=$(git -C "$TOP" rev-parse --short HEAD)
	git -C "$TOP" diff --quiet HEAD -- . ':!RESULTS.md' || commit="$commit with uncommitted changes"
fi
when=$(sed -n 's/^- date: //p' "$REPORT" | head -n 1)
[ -n "$when" ] || when=$(date -u -r "$REPORT" '+%Y-%m-%d %H:%M UTC')
heading=$(printf '### `%s`, %s, commit %s' "$*" "$when" "$commit")
if grep -qxF "$heading" "$RESULTS"; then
	echo "results-add: $REPORT is in RESULTS.md already"
	exit 0
fi
entry=$(mktemp)
trap 'rm -f "$entry" "$RESULTS.tmp"' EXIT
{
	printf '## %s\n\n%s\n\n' "$KIND" "$heading"
	# The report's own headings go below the entry's: demote them.
	sed 's/^#/###/' "$REPORT"
	echo
} >"$entry"
# The entry of KIND runs from its "## " line to the next one (a report's
# headings are "###" and deeper by then).
has=0
grep -qxF "## $KIND" "$RESULTS" && has=1
awk -v kind="## $KIND" -v mark="$MARK" -v entry="$entry" -v has=$has '
	function put(l) { while ((getline l < entry) > 0) print l }
	skip && /^## / { skip = 0 }
	skip { next }
	$0 == kind { put(); skip = 1; next }
	{ print }
	$0 == mark && !has { print ""; put() }
' "$RESULTS" >"$RESULTS.tmp"
mv "$RESULTS.tmp" "$RESULTS"
echo "results-add: $REPORT in RESULTS.md as '$KIND' ($commit)"
