#!/bin/sh
# checkpatch.pl --strict on every patch of the series, and the tools' copy
# of the uapi header the series changes against the kernel's, TAP out;
# fails on any error, warning or check, or on a copy that differs.
TOP=$(cd "$(dirname "$0")/.." && pwd)
CP=$TOP/build/linux/scripts/checkpatch.pl
[ -x "$CP" ] || { echo "checkpatch: no tree: run 'make tree'" >&2; exit 1; }
cd "$TOP/patches"
n=0 rc=0
echo "TAP version 13"
echo "1..$(($(grep -vc '^#' series) + 1))"
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
# As perf's check-headers.sh compares them: tools build against the copy.
n=$((n + 1))
h=include/uapi/linux/sched.h
if out=$(cd "$TOP/build/linux" && diff -u -B $h tools/$h 2>&1); then
	echo "ok $n tools/$h matches $h"
else
	echo "$out" | sed 's/^/# /'
	echo "not ok $n tools/$h matches $h"
	rc=1
fi
exit $rc
