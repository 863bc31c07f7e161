#!/bin/sh
# The KUnit step's TAP, from make kunit's output (LOG): the KTAP the suites
# printed, each suite's cases as "# " subtests of its result line; when the
# guest failed (qemu-run: FAIL: a splat, a hang), the console lines the
# runner printed after saying so, as diagnostics, and a failure of its own;
# when there is no result at all, a failure saying so.  The one KTAP reader
# of make test and make test-debug.  Prints the counts, prefixed "kunit: ".
# usage: kunit-tap.sh LOG TAP
LOG=$1 TAP=$2
. "$(dirname "$0")/../../guest/tap.sh"
grep -E '^ *(not )?ok |^ *# (Subtest|SKIP)|^ *(KTAP|TAP) version' "$LOG" |
	sed 's/^    /# /' >"$TAP"
if grep -q '^qemu-run: FAIL' "$LOG"; then
	# A hang's last console lines, a splat's first ones (as guest-tap.sh).
	pick="head -n 12"
	grep -q '^qemu-run: FAIL: guest hung' "$LOG" && pick="tail -n 12"
	sed -n '/^qemu-run: FAIL/,$p' "$LOG" | sed 1d | tr -d '\r' | $pick | sed 's/^/# console: /' >>"$TAP"
	tap_not_ok "kunit guest: $(grep -m 1 '^qemu-run: FAIL' "$LOG")" >>"$TAP"
fi
[ -s "$TAP" ] || { tail -n 30 "$LOG"; tap_not_ok "kunit ran" >"$TAP"; }
sh "$(dirname "$0")/tap-summary.sh" "$TAP" | sed 's/^/kunit: /'
