#!/bin/sh
# make bench: boot the base and the patched kernel alternately (base,
# patched, base, ...) on each topology, REPS times each, run guest/bench in
# every boot, and collect its RESULT lines, one row per sample, into
# build/results/samples.csv (build/results-6.12 with LINUX=6.12); runs.csv
# says how each boot went, meta.txt what was measured (base version,
# commit, date, topologies); then scripts/report/report.py writes report.md and
# the plots.  The previous results move to build/results.prev.
#
# Under TCG the cyclictest table is the testers' matrix on one CPU under
# -icount (scripts/flows/matrix.sh into build/results/matrix, REPS boots of each
# kernel): on the topology, the emulator's round robin over the vCPUs is a
# floor of hundreds of microseconds that hides what latency nice does (see
# report.py's METHODS).  With KVM guest/bench measures it on each topology.
#
# env: BENCH_TOPOS  topologies ("default nps1 nps2 nps4"; empty: only the
#                   full-size pass of FULL=1)
#      REPS         boots of each kernel per topology (5)
#      BENCH_JOBS   boots at once (1): a TCG guest of up to 64 vCPUs keeps
#                   one host core busy, so up to the host's cores
#      BENCH_NOBUILD=1  use the kernels and initramfs as they are
#      INITRD       the initramfs booted (build/initramfs.cpio.gz); with
#                   BENCH_NOBUILD, one built elsewhere by initramfs.sh
#      BENCH_TIMEOUT    seconds one guest may take (by CPU count)
#      FULL=1       also one pass of each kernel on the full-size nps4 shape
#                   (224 CPUs) if it boots within FULL_BOOT_MAX seconds (300);
#                   FULL_TIMEOUT seconds per pass (3600)
#      BENCH_ONLY, BENCH_VALUES, BENCH_GROUPS, BENCH_LOOPS, BENCH_LOAD_GROUPS,
#      BENCH_CT_SECONDS, BENCH_FAIR_SECONDS, BENCH_ROUNDTRIPS,
#      BENCH_MSG_GROUPS, BENCH_MSG_LOOPS, BENCH_CS_SECONDS, BENCH_CS_REPS:
#                   passed to guest/bench (see there)
set -e
cd "$(dirname "$0")/../.."

# run TOPO LABEL KERNEL REP: one boot, one pass of guest/bench; its rows of
# samples.csv and runs.csv and what the guest said it ran go to files of
# its own in logs/, gathered in the jobs' order once all have run.
run() {
	kernel=$BASEKERNEL
	[ "$3" = patched ] && kernel=$KERNEL
	log=$OUT/logs/$2-$3-$4
	cpus=$(sh scripts/boot/topology.sh -e "$1" | sed -n 's/.*TOPO_CPUS=\([0-9]*\).*/\1/p')
	t0=$(date +%s)
	rc=0
	TOPO=$1 EXTRA=$TMP/extra VMDIR=$TMP/vm-$2-$3-$4 \
		TIMEOUT=${BENCH_TIMEOUT:-$((1200 + 300 * cpus))} \
		sh scripts/boot/qemu-run.sh "$kernel" "$INITRD" "$knobs sh /extra/bench" \
		>"$log.out" 2>"$log.err" || rc=$?
	secs=$(($(date +%s) - t0))
	cp "$TMP/vm-$2-$3-$4/console.log" "$log.console" 2>/dev/null || true
	sh scripts/report/bench-csv.sh "$2" "$3" "$4" <"$log.out" >"$log.csv"
	n=$(grep -c '^RESULT' "$log.out" || true)
	echo "$2,$3,$4,$secs,$rc,$n" >"$log.run"
	sed -n "s/^INFO \(kernel=.*\|values=.*\)/guest_$2_$3=\1/p" "$log.out" >"$log.meta"
	if [ $rc -ne 0 ]; then
		echo "bench: $2 $3 rep $4: FAILED (exit $rc) after ${secs}s, $n results; see $log.err" >&2
		grep -h -e '^ERROR' -e 'qemu-run' "$log.out" "$log.err" | head -n 5 >&2
		return 1
	fi
	echo "bench: $2 $3 rep $4: ${secs}s, $n results"
}

# one job of BENCH_JOBS (xargs runs this script again for each)
if [ "$1" = --run ]; then
	shift
	run "$@"
	exit
fi

TOPOS=${BENCH_TOPOS-default nps1 nps2 nps4}
REPS=${REPS:-5}
. scripts/tree/paths.sh
OUT=build/results
[ "$LINUX" = 6.1 ] || OUT=$OUT-$LINUX
KERNEL=$TEST_KERNEL
BASEKERNEL=$BASE_KERNEL
INITRD=${INITRD:-$GUEST_INITRD}
# FULL is topology.sh's switch: only the full-size pass may see it.
full=${FULL:-}
unset FULL

[ -n "$BENCH_NOBUILD" ] || make -s kernel kernel-base initramfs

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
trap 'exit 130' INT TERM
# Copies of the kernels and initramfs: every boot runs the same ones even
# if someone rebuilds them meanwhile.
cp $KERNEL "$TMP/patched.bzImage" && KERNEL=$TMP/patched.bzImage
cp $BASEKERNEL "$TMP/base.bzImage" && BASEKERNEL=$TMP/base.bzImage
cp $INITRD "$TMP/initramfs.cpio.gz" && INITRD=$TMP/initramfs.cpio.gz
# What the guest runs comes with the boot, so it is this checkout's even
# when the initramfs is older.
mkdir "$TMP/extra"
for c in pingpong cs-spin; do
	gcc -static -O2 -Wall -o "$TMP/extra/$c" bench/$c.c
done
cp guest/bench guest/latency-stats "$TMP/extra/"

accel=$(ACCEL=$ACCEL sh scripts/boot/qemu-run.sh --accel)
only=${BENCH_ONLY:-hackbench cyclictest fairness pipe messaging coresched cgroups}
matrix=
if [ "$accel" = tcg ]; then
	case " $only " in *" cyclictest "*) matrix=yes ;; esac
	BENCH_ONLY=$(echo " $only " | sed 's/ cyclictest / /; s/^ *//; s/ *$//')
	# the matrix alone: no pass of guest/bench
	[ -n "$BENCH_ONLY" ] || TOPOS=
fi

knobs=
for k in ONLY VALUES GROUPS LOOPS LOAD_GROUPS CT_SECONDS FAIR_SECONDS ROUNDTRIPS \
	MSG_GROUPS MSG_LOOPS CS_SECONDS CS_REPS; do
	eval "v=\${BENCH_$k:-}"
	[ -n "$v" ] && knobs="$knobs BENCH_$k='$v'"
done

rm -rf $OUT.prev
[ -d $OUT ] && mv $OUT $OUT.prev
mkdir -p $OUT/logs
dirty=
[ -z "$(git status --porcelain)" ] || dirty=-dirty
{
	echo "base_version=$(make -s kernelversion)"
	echo "commit=$(git rev-parse --short HEAD)$dirty"
	echo "date=$(date -u '+%Y-%m-%d %H:%M UTC')"
	echo "reps=$REPS"
	echo "jobs=${BENCH_JOBS:-1}"
	echo "topos=$TOPOS"
	echo "knobs=${knobs# }"
	echo "host=$(nproc) CPUs, $(qemu-system-x86_64 --version | head -n 1), accel $accel"
	echo "kernels=base $(sha256sum <"$BASEKERNEL" | cut -c1-12), patched $(sha256sum <"$KERNEL" | cut -c1-12), initramfs $(sha256sum <"$INITRD" | cut -c1-12) (sha256)"
} >$OUT/meta.txt
echo "topo,kernel,rep,bench,params,metric,value" >$OUT/samples.csv
echo "topo,kernel,rep,seconds,status,results" >$OUT/runs.csv
failed=0

# The jobs, base and patched interleaved; BENCH_JOBS of them at once.
for topo in $TOPOS; do
	env=$(sh scripts/boot/topology.sh -e "$topo")
	echo "topo_$topo=$env" >>$OUT/meta.txt
	for rep in $(seq "$REPS"); do
		echo "$topo $topo base $rep"
		echo "$topo $topo patched $rep"
	done
done >$OUT/logs/jobs
export KERNEL BASEKERNEL INITRD OUT TMP knobs BENCH_TIMEOUT
xargs -r -P "${BENCH_JOBS:-1}" -L 1 sh scripts/flows/bench.sh --run <$OUT/logs/jobs || failed=1

if [ -n "$full" ]; then
	boot_max=${FULL_BOOT_MAX:-300}
	t0=$(date +%s)
	rc=0
	FULL=1 TOPO=nps4 VMDIR=$TMP/vm TIMEOUT=$boot_max \
		sh scripts/boot/qemu-run.sh "$KERNEL" "$INITRD" true >/dev/null 2>&1 || rc=$?
	secs=$(($(date +%s) - t0))
	if [ $rc -eq 0 ]; then
		echo "bench: full-size nps4 (224 CPUs) boots and powers off in ${secs}s: one pass of each kernel"
		echo "full=boots in ${secs}s" >>$OUT/meta.txt
		echo "topo_nps4-full=$(FULL=1 sh scripts/boot/topology.sh -e nps4)" >>$OUT/meta.txt
		export FULL=1
		BENCH_TIMEOUT=${FULL_TIMEOUT:-3600}
		run nps4 nps4-full base 1 || failed=1
		echo "nps4 nps4-full base 1" >>$OUT/logs/jobs
		run nps4 nps4-full patched 1 || failed=1
		echo "nps4 nps4-full patched 1" >>$OUT/logs/jobs
		unset FULL
	else
		why="no boot within ${boot_max}s (FULL_BOOT_MAX)"
		[ $rc -eq 124 ] || why="the boot failed (exit $rc)"
		echo "bench: full-size nps4 skipped: $why"
		echo "full=skipped: $why" >>$OUT/meta.txt
	fi
fi

# every run's rows, in the jobs' order; what the guest ran, once per
# topology and kernel
while read -r topo label k rep; do
	log=$OUT/logs/$label-$k-$rep
	cat "$log.csv" >>$OUT/samples.csv 2>/dev/null || failed=1
	cat "$log.run" >>$OUT/runs.csv 2>/dev/null || echo "$label,$k,$rep,0,no run,0" >>$OUT/runs.csv
	grep -q "^guest_${label}_$k=" $OUT/meta.txt || cat "$log.meta" >>$OUT/meta.txt 2>/dev/null || true
done <$OUT/logs/jobs

if [ -n "$matrix" ]; then
	echo "bench: the cyclictest table: the testers' matrix on one CPU under -icount"
	MATRIX_OUT=$OUT/matrix MATRIX_NOBUILD=1 MATRIX_GROUPS=${MATRIX_GROUPS:-1 4} \
		MATRIX_ROUNDS=${MATRIX_ROUNDS:-4} MATRIX_SECONDS=${MATRIX_SECONDS:-2} \
		REPS=$REPS sh scripts/flows/matrix.sh >$OUT/logs/matrix.out 2>&1 || {
		failed=1
		echo "bench: the matrix FAILED; see $OUT/logs/matrix.out" >&2
	}
fi

$PY scripts/report/report.py $OUT
echo "bench: $OUT/report.md"
exit $failed
