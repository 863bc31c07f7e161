#!/bin/sh
# checkpatch.pl --strict on every patch of the series, TAP out; fails on any
# error, warning or check.
TOP=$(cd "$(dirname "$0")/.." && pwd)
CP=$TOP/build/linux/scripts/checkpatch.pl
[ -x "$CP" ] || { echo "checkpatch: no tree: run 'make tree'" >&2; exit 1; }
cd "$TOP/patches"
n=0 rc=0
echo "TAP version 13"
echo "1..$(grep -vc '^#' series)"
for p in $(grep -v '^#' series); do
	n=$((n + 1))
	if out=$("$CP" --strict --quiet --no-summary --showfile "$p" 2>&1) && [ -z "$out" ]; then
		echo "ok $n checkpatch $p"
	else
		echo "$out" | sed 's/^/# /'
		echo "not ok $n checkpatch $p"
		rc=1
	fi
done
exit $rc
