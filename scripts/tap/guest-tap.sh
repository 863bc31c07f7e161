#!/bin/sh
# Turn the log of a guest run into TAP: the guest's own lines, plus a
# failure of its own when the runner said the guest did not finish (hang,
# splat, no result), with the console lines the runner printed after saying
# so as its diagnostics (12: the last of a hang, the first of a splat;
# what a CI log shows of a failure), or
# when the command failed (exit status RC, if given) without a failing test
# to say why.  Prints the top-level results.
# usage: guest-tap.sh LOG TAP WHAT [RC]
LOG=$1 TAP=$2 WHAT=$3 RC=${4:-0}
. "$(dirname "$0")/../../guest/tap.sh"
cp "$LOG" "$TAP"
if grep -q '^qemu-run: FAIL' "$LOG"; then
	# A hang's last console lines, a splat's first ones.
	pick="head -n 12"
	grep -q '^qemu-run: FAIL: guest hung' "$LOG" && pick="tail -n 12"
	sed -n '/^qemu-run: FAIL/,$p' "$LOG" | sed 1d | tr -d '\r' | $pick | sed 's/^/# console: /' >>"$TAP"
	tap_not_ok "$WHAT: $(grep '^qemu-run: FAIL' "$LOG" | head -n 1)" >>"$TAP"
elif ! grep -Eq '^(not )?ok ' "$LOG"; then
	tap_not_ok "$WHAT: no result ($(grep -v '^$' "$LOG" | tail -n 2 | tr '\n' ' '))" >>"$TAP"
elif [ "$RC" -ne 0 ] && ! grep -Eq '^(# |[ \t]+)?not ok ' "$LOG"; then
	tap_not_ok "$WHAT: exited $RC with no failing test" >>"$TAP"
fi
grep -E '^(not )?ok' "$TAP"
