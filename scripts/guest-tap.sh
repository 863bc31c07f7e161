#!/bin/sh
# Turn the log of a guest run into TAP: the guest's own lines, plus a
# failure of its own when the runner said the guest did not finish (hang,
# splat, no result), or when the command failed (exit status RC, if given)
# without a failing test to say why.  Prints the top-level results.
# usage: guest-tap.sh LOG TAP WHAT [RC]
LOG=$1 TAP=$2 WHAT=$3 RC=${4:-0}
cp "$LOG" "$TAP"
if grep -q '^qemu-run: FAIL' "$LOG"; then
	echo "not ok 1 $WHAT: $(grep '^qemu-run: FAIL' "$LOG" | head -n 1)" >>"$TAP"
elif ! grep -Eq '^(not )?ok ' "$LOG"; then
	echo "not ok 1 $WHAT: no result ($(grep -v '^$' "$LOG" | tail -n 2 | tr '\n' ' '))" >>"$TAP"
elif [ "$RC" -ne 0 ] && ! grep -Eq '^(# |[ \t]+)?not ok ' "$LOG"; then
	echo "not ok 1 $WHAT: exited $RC with no failing test" >>"$TAP"
fi
grep -E '^(not )?ok' "$TAP"
