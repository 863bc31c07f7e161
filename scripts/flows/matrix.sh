#!/bin/sh
# make matrix: the testers' matrix of DESIGN.md section 3 ("What it must
# show") on one CPU, REPS boots of the base kernel and of the patched kernel
# (all at once under -icount, interleaved one at a time under plain TCG),
# then the report of scripts/report/matrix-report.py (-f: the bullets that
# fail listed, those that hold counted)
# guest/matrix measures; this collects.
#
# The guest boots one CPU under QEMU -icount (MATRIX_ICOUNT=0: guest time
# counts instructions, 1 ns each, and skips idle time), so that a task costs
# the guest the time its instructions take, not the emulator's: under plain
# TCG cyclictest costs about 60 us of guest time per wake-up, 6% of the CPU
# at 1 kHz, more than its fair share next to 40 runnable hackbench tasks,
# and the idle floor is 150 us on average instead of 50.
# MATRIX_ICOUNT= (empty) boots TCG as it is, with the load confined to CPU 0
# of the TOPO machine by taskset.  QEMU 7.2 does not bring up a second CPU
# under -icount, so several CPUs sharing the load means plain TCG:
# MATRIX_ICOUNT= TOPO=nps1 MATRIX_MAXCPUS=2 MATRIX_LOAD_CPUS=0-1 spreads it
# over the two SMT threads of the first core of nps1's first LLC group, the
# other CPUs offline: as many busy vCPUs as the 2 host cores run at once.
#
# env: REPS (2), TOPO (default), MATRIX_ICOUNT (0), MATRIX_MAXCPUS (CPUs
#      online: 1 under -icount, all under TCG), MATRIX_VALUES, MATRIX_GROUPS,
#      MATRIX_ROWS, MATRIX_SECONDS, MATRIX_CAP, MATRIX_FIRST, MATRIX_WORK,
#      MATRIX_ROUNDS, MATRIX_SETTLE, MATRIX_LOOPS, MATRIX_HB_REPS,
#      MATRIX_HB_MODES, MATRIX_SHARE_SECONDS, MATRIX_SLEEPER_SECONDS,
#      MATRIX_CPU, MATRIX_LOAD_CPUS, MATRIX_TUNABLES (passed to guest/matrix,
#      which says what they do),
#      MATRIX_NOBUILD=1 (use the kernels as they are), MATRIX_TIMEOUT
#      (seconds a boot may take, 3600: six boots at once on two cores beside
#      other work took longer than 1800, and so did six with 4-group rows
#      and the 8-CPU tunables), MATRIX_OUT
#      (build/matrix, build/matrix-6.12 for LINUX=6.12), MATRIX_KERNELS
#      (the boots of each rep, "base patched"; "slices" adds the base kernel
#      with each value's slice asked for through sched_runtime, 6.12 only:
#      guest/matrix MATRIX_VIA=slice; its matrix follows in the report)
# out: $MATRIX_OUT/samples.txt (every RESULT line, with kernel and boot),
#      $MATRIX_OUT/report.md, $MATRIX_OUT/cdf_*.png (each cell's latency
#      distribution)
set -e
cd "$(dirname "$0")/../.."
REPS=${REPS:-2}
OUT=build/matrix
[ "${LINUX:-6.1}" = 6.1 ] || OUT=build/matrix-$LINUX
OUT=${MATRIX_OUT:-$OUT}
. scripts/tree/paths.sh
BASEKERNEL=$BASE_KERNEL
KERNEL=$TEST_KERNEL

[ -n "$MATRIX_NOBUILD" ] || make -s kernel kernel-base initramfs
rm -rf $OUT
mkdir -p $OUT
cmd=
for v in MATRIX_VALUES MATRIX_ROWS MATRIX_FLOOR MATRIX_GROUPS MATRIX_SECONDS MATRIX_CAP MATRIX_FIRST \
	MATRIX_WORK MATRIX_ROUNDS MATRIX_SETTLE MATRIX_LOOPS MATRIX_HB_REPS MATRIX_HB_MODES \
	MATRIX_SHARE_SECONDS MATRIX_SLEEPER_SECONDS MATRIX_CPU MATRIX_LOAD_CPUS MATRIX_TUNABLES; do
	eval "val=\${$v:-}"
	[ -n "$val" ] && cmd="$cmd $v='$val'"
done
cmd="$cmd matrix"

icount=
if [ -n "${MATRIX_ICOUNT-0}" ]; then
	icount="ICOUNT=${MATRIX_ICOUNT-0} APPEND=maxcpus=1"
elif [ -n "$MATRIX_MAXCPUS" ]; then
	icount="APPEND=maxcpus=$MATRIX_MAXCPUS"
fi
method="TCG${MATRIX_MAXCPUS:+ APPEND=maxcpus=$MATRIX_MAXCPUS}"
[ -n "${MATRIX_ICOUNT-0}" ] && method=$icount
method="$method, TOPO=${TOPO:-default}, load on CPUs ${MATRIX_LOAD_CPUS:-${MATRIX_CPU:-0}}"
[ "${MATRIX_TUNABLES:-1}" = 1 ] || method="$method, the tunables of $MATRIX_TUNABLES CPUs"
: >$OUT/samples.txt
# boot K REP: one boot of kernel K, its output in $OUT/K-REP.out, its status
# in K-REP.rc
boot() {
	kernel=$KERNEL via=
	[ "$1" = patched ] || kernel=$BASEKERNEL
	[ "$1" = slices ] && via="MATRIX_VIA=slice"
	rc=0
	VMDIR=$PWD/build/vm/$(basename $OUT)-$1-$2 TIMEOUT=${MATRIX_TIMEOUT:-3600} \
		env $icount sh scripts/boot/qemu-run.sh "$kernel" $GUEST_INITRD "$via $cmd" \
		>$OUT/$1-$2.out || rc=$?
	echo $rc >$OUT/$1-$2.rc
}
# Under -icount a guest's timings count its instructions, whatever else
# the host runs: every boot starts at once.  Under plain TCG they would
# disturb each other: one at a time, the kernels interleaved.
for rep in $(seq "$REPS"); do
	for k in ${MATRIX_KERNELS:-base patched}; do
		echo "matrix: $k kernel, boot $rep of $REPS"
		if [ -n "${MATRIX_ICOUNT-0}" ]; then
			boot $k $rep &
		else
			boot $k $rep
		fi
	done
done
wait
for rep in $(seq "$REPS"); do
	for k in ${MATRIX_KERNELS:-base patched}; do
		[ "$(cat $OUT/$k-$rep.rc)" = 0 ] || { cat $OUT/$k-$rep.out; exit 1; }
		sed -n "s/^RESULT /kernel=$k rep=$rep /p" $OUT/$k-$rep.out >>$OUT/samples.txt
		grep -h '^INFO' $OUT/$k-$rep.out | sed "s/^/$k: /"
	done
done

header="$(make -s kernelversion), commit $(git describe --always --dirty), $(date -u +%F), $method, REPS=$REPS"
$PY scripts/report/matrix-report.py -p $OUT -f $OUT/samples.txt "$header" >$OUT/report.md
if grep -q '^kernel=slices ' $OUT/samples.txt; then
	echo >>$OUT/report.md
	$PY scripts/report/matrix-report.py -p $OUT -f $OUT/samples.txt \
		"base kernel with sched_runtime slices, $header" slices >>$OUT/report.md
fi
cat $OUT/report.md
