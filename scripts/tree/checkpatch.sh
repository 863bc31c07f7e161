#!/bin/sh
# checkpatch.pl --strict on every patch of LINUX's series, and the tools'
# copy of the uapi header the series changes against the kernel's, TAP out;
# fails on any error, warning or check, or on a copy that differs.
TOP=$(cd "$(dirname "$0")/../.." && pwd)
. "$TOP/scripts/tree/paths.sh"
CP=$TOP/$TREE/scripts/checkpatch.pl
[ -x "$CP" ] || { echo "checkpatch: no tree: run 'make tree LINUX=$LINUX'" >&2; exit 1; }
. "$TOP/guest/tap.sh"
cd "$TOP/$PATCHES"
echo "TAP version 13"
for p in $(grep -v '^#' series); do
	if out=$("$CP" --strict --quiet --no-summary --showfile "$p" 2>&1) && [ -z "$out" ]; then
		tap_ok "checkpatch $p"
	else
		echo "$out" | tap_diag
		tap_not_ok "checkpatch $p"
	fi
done
# As perf's check-headers.sh compares them: tools build against the copy
# (in 6.12 perf's own, under tools/perf/trace/beauty).
h=include/uapi/linux/sched.h
copy=tools/$h
[ "$LINUX" = 6.1 ] || copy=tools/perf/trace/beauty/$h
if out=$(cd "$TOP/$TREE" && diff -u -B $h $copy 2>&1); then
	tap_ok "$copy matches $h"
else
	echo "$out" | tap_diag
	tap_not_ok "$copy matches $h"
fi
tap_plan
tap_exit
