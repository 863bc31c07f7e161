#!/bin/sh
# checkpatch.pl --strict on every patch of the series, and the tools' copy
# of the uapi header the series changes against the kernel's, TAP out;
# fails on any error, warning or check, or on a copy that differs.
TOP=$(cd "$(dirname "$0")/.." && pwd)
CP=$TOP/build/linux/scripts/checkpatch.pl
[ -x "$CP" ] || { echo "checkpatch: no tree: run 'make tree'" >&2; exit 1; }
. "$TOP/guest/tap.sh"
cd "$TOP/patches"
echo "TAP version 13"
for p in $(grep -v '^#' series); do
	if out=$("$CP" --strict --quiet --no-summary --showfile "$p" 2>&1) && [ -z "$out" ]; then
		tap_ok "checkpatch $p"
	else
		echo "$out" | tap_diag
		tap_not_ok "checkpatch $p"
	fi
done
# As perf's check-headers.sh compares them: tools build against the copy.
h=include/uapi/linux/sched.h
if out=$(cd "$TOP/build/linux" && diff -u -B $h tools/$h 2>&1); then
	tap_ok "tools/$h matches $h"
else
	echo "$out" | tap_diag
	tap_not_ok "tools/$h matches $h"
fi
tap_plan
tap_exit
