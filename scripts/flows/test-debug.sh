#!/bin/sh
# make test-debug: build the debug kernel (lockdep, KASAN, UBSAN, ...) and run
# KUnit, the series' kselftests and a short fuzz run (guest/check-fuzz,
# FUZZ_SECONDS) on it, default topology.  Any splat in the guest log fails
# the run (scripts/boot/qemu-run.sh).  TAP in build/test-debug/, last line "N
# passed, N failed, N skipped"; LINUX=6.12: the 6.12 series' debug kernel,
# in build/test-debug-6.12/.
# env: TIMEOUT (2400: a guest's seconds), FUZZ_SECONDS (60: check-fuzz's),
#      SELFTESTS ("sched latnice"), LINUX (6.1)
TOP=$(cd "$(dirname "$0")/../.." && pwd)
cd "$TOP" || exit 1
. scripts/tree/paths.sh
. guest/tap.sh
OUT=$TOP/build/test-debug
[ "$LINUX" = 6.1 ] || OUT=$OUT-$LINUX
rm -rf "$OUT"
mkdir -p "$OUT"
export TOPO=default TIMEOUT=${TIMEOUT:-2400}

echo "== debug kernel"
if ! make -s kernel-debug initramfs >"$OUT/build.log" 2>&1; then
	tail -n 30 "$OUT/build.log"
	tap_not_ok "debug kernel builds" >"$OUT/build.tap"
	sh scripts/tap/tap-summary.sh "$OUT/build.tap"
	exit 1
fi
echo "== kunit (debug)"
sh scripts/flows/kunit.sh $TREE $DEBUG_KERNEL $GUEST_INITRD >"$OUT/kunit.log" 2>&1
sh scripts/tap/kunit-tap.sh "$OUT/kunit.log" "$OUT/kunit.tap"
echo "== selftests (debug)"
# Not cgroup:test_cpu: its checks are CPU-time tolerances (1% and so on)
# that a KASAN and lockdep kernel under TCG cannot meet; the test kernel
# runs it.  Timeouts 5x; latency comparisons reported, not judged
# (LATNICE_TIMING=report): what this run judges is the code paths' health,
# so the stress test runs its full 60 s here.
rc=0
SELFTESTS="${SELFTESTS:-sched latnice}" KSFT_TIMEOUT=1500 LATNICE_TIMING=report \
	sh scripts/flows/selftest.sh $DEBUG_KERNEL >"$OUT/selftest.log" 2>&1 || rc=$?
sh scripts/tap/guest-tap.sh "$OUT/selftest.log" "$OUT/selftest.tap" "debug guest" $rc
echo "== fuzz (debug)"
# trinity, random cpu.latency.nice writes, task moves, stress-ng and the
# stress test at once, briefly: make soak runs the same for 30 min.
rc=0
sh scripts/boot/qemu-run.sh $DEBUG_KERNEL $GUEST_INITRD "FUZZ_SECONDS=${FUZZ_SECONDS:-60} check-fuzz" \
	>"$OUT/fuzz.log" 2>&1 || rc=$?
sh scripts/tap/guest-tap.sh "$OUT/fuzz.log" "$OUT/fuzz.tap" "fuzz guest" $rc
echo
sh scripts/tap/tap-summary.sh "$OUT"/*.tap
