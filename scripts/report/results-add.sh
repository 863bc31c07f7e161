#!/bin/sh
# Add a run's report to RESULTS.md, newest first under "## Generated": a
# heading with what ran, the date and the commit (marked when the tree had
# uncommitted changes), the command, and the report as the run wrote it.
# usage: results-add.sh REPORT COMMAND...
set -e
TOP=$(cd "$(dirname "$0")/../.." && pwd)
REPORT=$1
shift
[ -s "$REPORT" ] || { echo "results-add: no report at $REPORT" >&2; exit 1; }
[ $# -gt 0 ] || { echo "usage: results-add.sh REPORT COMMAND..." >&2; exit 2; }
RESULTS=$TOP/RESULTS.md
MARK='<!-- scripts/report/results-add.sh appends here -->'
grep -qF "$MARK" "$RESULTS" || { echo "results-add: no '$MARK' in $RESULTS" >&2; exit 1; }

# The report's own commit and date ("- commit: X", "- date: D") where it
# records them, else the checkout's and the report's time.  A report whose
# heading is there already is not added again.
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
trap 'rm -f "$entry"' EXIT
{
	printf '%s\n\n' "$heading"
	# The report's own title would be a second heading: demote its headings.
	sed 's/^#/###/' "$REPORT"
	echo
} >"$entry"
awk -v mark="$MARK" -v entry="$entry" '
	{ print }
	$0 == mark { print ""; while ((getline l < entry) > 0) print l }
' "$RESULTS" >"$RESULTS.tmp"
mv "$RESULTS.tmp" "$RESULTS"
echo "results-add: $REPORT added to RESULTS.md ($commit)"
