#!/bin/sh
# Turn the log of a guest run into TAP: the guest's own lines, plus a
# failure of its own when the runner said the guest did not finish (hang,
# splat, no result).  Prints the top-level results.
# usage: guest-tap.sh LOG TAP WHAT
LOG=$1 TAP=$2 WHAT=$3
cp "$LOG" "$TAP"
if grep -q '^qemu-run: FAIL' "$LOG"; then
	echo "not ok 1 $WHAT: $(grep '^qemu-run: FAIL' "$LOG" | head -n 1)" >>"$TAP"
fi
grep -E '^(not )?ok' "$TAP"
