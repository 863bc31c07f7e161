#!/bin/sh
# make demo: latency nice at work, measured now.  Boots the base and the
# patched kernel side by side on a Zen3-shaped machine (TOPO, nps1 from make
# demo) and runs there, everything on one CPU so that CFS decides every
# wake-up: the testers' matrix of DESIGN.md section 3 at one hackbench group,
# for a light waker (cyclictest) and a heavy one (bench/waker, its work above
# its fair share: DESIGN.md section 6), with the idle floor and hackbench's
# own time in pipes and sockets, and the tolerant task itself as a sleeper
# (its share beside a hog, what it gets done behind hackbench, beside
# SCHED_BATCH: guest/matrix), and on the patched kernel the CPU share of two
# hogs at -20 and 19 (guest/share).  The patched kernel's part is split over
# three guests, one per hackbench row (the sleeper behind load with the 19
# row, its share with the 0 row, hackbench's own time with the -20 row), and
# all four guests run at once.
# Prints the table and the verdict line (scripts/report/demo-report.py); the full
# report, with each bullet of "What it must show", is build/demo/report.md
# (build/demo-6.12 with LINUX=6.12), each cell's latency distribution
# build/demo/cdf_patched_1.png.
# make demo builds the kernels and the initramfs first.
#
# Under TCG the guests count time in instructions (QEMU -icount, 1 ns each,
# idle time skipped) on one CPU (QEMU 7.2 brings up no second one under
# -icount): a task then costs the guest what its instructions cost, not what
# emulating them costs, and the guests can share the host without
# disturbing each other's timings.  With one CPU online the topology builds
# no sched domains, so they boot the small machine: nps1's 32 vCPUs make a
# boot under -icount take 95 s instead of 20.  Measured on nps1 with every
# CPU online and the load on CPU 0 under plain TCG instead (2026-12-04): an
# idle floor of 179 to 1058 us on average and 388 to 9112 us at p99 over
# four boots, and cells that do not order (hackbench at 19 the worst row).
# With KVM the guests run on TOPO as they are.
#
# env: TOPO, DEMO_SECONDS (each cell's wake-ups, in thousands, past the first
#      200, on one settled load: 3)
set -e
cd "$(dirname "$0")/../.."
SECONDS_=${DEMO_SECONDS:-3}
. scripts/tree/paths.sh
OUT=build/demo
[ "$LINUX" = 6.1 ] || OUT=$OUT-$LINUX
KERNEL=$TEST_KERNEL
BASEKERNEL=$BASE_KERNEL
start=$(date +%s)

rm -rf $OUT
mkdir -p $OUT
# Each load settles for a second before it is measured, as in make matrix:
# in its first 0.2 s a hackbench load has not yet settled into the pattern
# that delays a waker at -20 (p99 56 us 0.2 s after the start, 893-1189 us
# after 1 s and 1075 us after 3 s; make trace-waker finds those delays in the
# first wake-ups of the new cyclictest thread, behind hackbench tasks woken
# with the full sleeper credit).
matrix="MATRIX_GROUPS=1 MATRIX_SECONDS=$SECONDS_ MATRIX_SETTLE=1 MATRIX_LOOPS=0"
nosleeper="MATRIX_SHARE_SECONDS=0 MATRIX_SLEEPER_SECONDS=0"
icount=
[ "$(sh scripts/boot/qemu-run.sh --accel)" = tcg ] && icount="ICOUNT=0 APPEND=maxcpus=1 TOPO=default"

# boot KERNEL NAME CMD: NAME's output in $OUT/NAME.out, status in NAME.rc
boot() {
	rc=0
	VMDIR=$PWD/build/vm/demo-$2 TIMEOUT=900 env $icount sh scripts/boot/qemu-run.sh \
		"$1" $GUEST_INITRD "$3" >$OUT/$2.out 2>&1 || rc=$?
	echo $rc >$OUT/$2.rc
}

if [ -n "$icount" ]; then
	echo "== the base and the patched kernel, $icount"
else
	echo "== the base and the patched kernel, TOPO=${TOPO:-default}"
fi
boot $BASEKERNEL base "$matrix MATRIX_LOOPS=100 MATRIX_HB_REPS=5 matrix" &
boot $KERNEL patched-19 "$matrix MATRIX_ROWS=19 MATRIX_SHARE_SECONDS=0 matrix" &
boot $KERNEL patched-0 "$matrix MATRIX_ROWS=0 MATRIX_FLOOR=0 MATRIX_SLEEPER_SECONDS=0 matrix && SHARE_SECONDS=2 share" &
boot $KERNEL patched--20 "$matrix $nosleeper MATRIX_ROWS=-20 MATRIX_FLOOR=0 MATRIX_LOOPS=100 MATRIX_HB_REPS=5 matrix" &
wait
: >$OUT/samples.txt
for g in base patched-19 patched-0 patched--20; do
	if [ "$(cat $OUT/$g.rc)" != 0 ]; then
		cat $OUT/$g.out
		echo "demo: the $g guest failed (exit $(cat $OUT/$g.rc))"
		exit 1
	fi
	sed -n "s/^RESULT /kernel=${g%%-*} rep=1 /p" $OUT/$g.out >>$OUT/samples.txt
done

accel=$(sed -n 's/^INFO .* accel=\([a-z?]*\).*/\1/p' $OUT/base.out)
if [ -n "$icount" ]; then
	where="${accel:-?} -icount, one CPU of TOPO=default (TOPO=${TOPO:-default} with KVM)"
else
	where="${accel:-?}, TOPO=${TOPO:-default}, the load on CPU 0"
fi
header="$(make -s -C $TREE kernelversion), $where"
header="$header, commit $(git describe --always --dirty), $(date -u '+%F %H:%M')"
{
	$PY scripts/report/matrix-report.py -p $OUT $OUT/samples.txt "$header"
	printf '\n- commit: %s\n- date: %s\n' "$(git describe --always --dirty)" \
		"$(date -u '+%Y-%m-%d %H:%M UTC')"
} >$OUT/report.md
echo
python3 scripts/report/demo-report.py $OUT/samples.txt "$header"
unmeasured=$(sed -n 's/^\([0-9]*\) not measured\.$/, \1 not measured/p' $OUT/report.md | tail -n 1)
echo "(DESIGN.md section 3, what it must show: $(grep ' hold\.$' $OUT/report.md | tail -n 1 | sed 's/\.$//')$unmeasured," \
	"each in $OUT/report.md; $(($(date +%s) - start)) s)"
