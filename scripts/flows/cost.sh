#!/bin/sh
# make cost: what the series costs, in instructions.  Boots the base kernel
# and the patched kernel built with the very same config (COST_FRAGS: the
# test kernel's fragment without KUnit, whose suite is #included into fair.c,
# compiled -O2 as distributions do) on one CPU under QEMU's -icount, where
# guest time counts executed instructions (1 ns each) and skips idle time,
# runs guest/bench's pingpong and hackbench in each boot, REPS boots of each
# kernel, interleaved.  Unlike wall-clock times under TCG, the ping-pong
# repeats to a fraction of a percent, so a cost of 1% shows; hackbench's
# interleaving still varies between boots (see the spread column).
#
# env: REPS (2), RUNS (passes per boot, 3), COST_FRAGS
#      (configs/kernel.config configs/perf.config; the test kernel's -Os
#      without perf.config), COST_ONLY (pingpong hackbench cgroups), COST_GROUPS
#      (hackbench groups, "1 4"), COST_VALUES (latency nice values, "0 19
#      -20"; 0 alone keeps sched_latency_nice_used off for the whole boot:
#      the benches run in turn and the first value set turns it on),
#      COST_LOOPS (100), COST_ROUNDTRIPS (5000), COST_MIX ("HIGH LOW":
#      slices mixed, every bench at latency nice HIGH beside a cyclictest
#      --policy other at LOW waking every 1 ms, both through latnice, which
#      asks a kernel without latency nice, 6.12's base, for the same slices
#      through sched_runtime; COST_VALUES is then 0; unset: no waker),
#      BENCH_NOBUILD=1 (use the kernels as they are), LINUX (6.1, or 6.12:
#      its trees, objects and initramfs, scripts/tree/paths.sh)
# out: build/cost/samples.csv (every sample), build/cost/report.md
#      (build/cost-6.12/ with LINUX=6.12)
set -e
cd "$(dirname "$0")/../.."
REPS=${REPS:-2}
OUT=build/cost
[ "${LINUX:-6.1}" = 6.1 ] || OUT=build/cost-$LINUX
. scripts/tree/paths.sh
FRAGS=${COST_FRAGS:-$PERF_FRAGS}
BASEKERNEL=$OBJS/cost-base/$BZIMAGE
KERNEL=$OBJS/cost-patched/$BZIMAGE

if [ -z "$BENCH_NOBUILD" ]; then
	sh scripts/tree/base-tree.sh
	# shellcheck disable=SC2086
	sh scripts/tree/build-kernel.sh $BASE_TREE $OBJS/cost-base $FRAGS
	# shellcheck disable=SC2086
	sh scripts/tree/build-kernel.sh $TREE $OBJS/cost-patched $FRAGS
	make -s initramfs
fi

rm -rf $OUT
mkdir -p $OUT/extra
gcc -static -O2 -Wall -o $OUT/extra/pingpong bench/pingpong.c
cp guest/bench guest/latency-stats $OUT/extra/

cmd="BENCH_ONLY='${COST_ONLY:-pingpong hackbench cgroups}' BENCH_GROUPS='${COST_GROUPS:-1 4}'"
values=${COST_VALUES:-0 19 -20} bench="sh /extra/bench" waker=
if [ -n "$COST_MIX" ]; then
	mix_high=${COST_MIX% *} mix_low=${COST_MIX#* }
	values=0 bench="latnice -n $mix_high $bench"
	waker="latnice -n $mix_low cyclictest --policy=other -t 1 -i 1000 -q -l 1000000000 >/dev/null 2>&1 &"
fi
cmd="$cmd BENCH_VALUES='$values'"
cmd="$cmd BENCH_LOOPS=${COST_LOOPS:-100} BENCH_ROUNDTRIPS=${COST_ROUNDTRIPS:-5000}"
# Each boot runs the pass RUNS times: a boot under -icount repeats itself
# closely, so the runs after the first are what shows hackbench's spread.
cmd="$waker for run in \$(seq ${RUNS:-3}); do $cmd PATH=/extra:\$PATH $bench; done"

echo "kernel,rep,bench,mode,kind,groups,value,guest_time" >$OUT/samples.csv
for rep in $(seq "$REPS"); do
	for k in base patched; do
		kernel=$KERNEL
		[ $k = base ] && kernel=$BASEKERNEL
		echo "cost: $k, boot $rep of $REPS"
		ICOUNT=0 APPEND=maxcpus=1 TOPO=default EXTRA=$OUT/extra \
			VMDIR=$PWD/build/vm/${OUT#build/} TIMEOUT=1800 \
			sh scripts/boot/qemu-run.sh "$kernel" $GUEST_INITRD "$cmd" \
			>$OUT/$k-$rep.out
		awk -v k=$k -v r="$rep" '$1 == "RESULT" {
			delete f
			for (i = 2; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] }
			t = f["bench"] == "pingpong" ? f["usec_per_roundtrip"] : f["sec"]
			print k "," r "," f["bench"] "," f["mode"] "," f["kind"] "," \
			      f["groups"] "," f["value"] "," t
		}' $OUT/$k-$rep.out >>$OUT/samples.csv
	done
done

sh scripts/report/cost-report.sh $OUT/samples.csv "$(make -s kernelversion)" \
	"$(git describe --always --dirty)" "$REPS" "$FRAGS" "${RUNS:-3}" >$OUT/report.md
[ -z "$COST_MIX" ] || printf '\nSlices mixed (COST_MIX): every bench at latency nice %s, beside a cyclictest --policy other at %s waking every 1 ms, through latnice (sched_runtime slices on the base kernel); the columns "0" are these runs.\n' \
	"$mix_high" "$mix_low" >>$OUT/report.md
cat $OUT/report.md
