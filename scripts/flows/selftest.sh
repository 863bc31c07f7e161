#!/bin/sh
# Boot KERNEL on TOPO and run the kselftests SELFTESTS (collections or
# collection:test) in the guest with guest/run-selftests; its TAP on stdout
# and in build/selftest-TOPO.tap, then the count.  Exits with qemu-run.sh's
# status when the guest failed (a timeout, a splat, a failing run), else 1
# when a result is not ok, else 0.
# usage: selftest.sh KERNEL
# env: TOPO (default), SELFTESTS (required), KSFT_TIMEOUT, LATNICE_TIMING
#      (passed to the guest when set)
cd "$(dirname "$0")/../.." || exit 1
. scripts/tree/paths.sh
KERNEL=$1
[ -n "$SELFTESTS" ] || { echo "selftest: SELFTESTS is empty" >&2; exit 2; }
TAP=build/selftest-${TOPO:-default}.tap
env=
[ -n "$KSFT_TIMEOUT" ] && env="KSFT_TIMEOUT=$KSFT_TIMEOUT"
[ -n "$LATNICE_TIMING" ] && env="LATNICE_TIMING=$LATNICE_TIMING $env"
# The status of qemu-run.sh itself, not of the pipe into tee.
{
	sh scripts/boot/qemu-run.sh "$KERNEL" "$GUEST_INITRD" \
		"$env run-selftests $SELFTESTS" 2>&1
	echo $? >"$TAP.status"
} | tee "$TAP"
rc=$(cat "$TAP.status")
rm -f "$TAP.status"
sh scripts/tap/tap-summary.sh "$TAP" && exit "$rc"
[ "$rc" = 0 ] && exit 1
exit "$rc"
