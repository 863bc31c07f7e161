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
#      COST_LOOPS (100), COST_ROUNDTRIPS (5000),
#      BENCH_NOBUILD=1 (use the kernels as they are)
# out: build/cost/samples.csv (every sample), build/cost/report.md
set -e
cd "$(dirname "$0")/.."
REPS=${REPS:-2}
OUT=build/cost
. scripts/paths.sh
FRAGS=${COST_FRAGS:-$PERF_FRAGS}
BASEKERNEL=build/obj/cost-base/$BZIMAGE
KERNEL=build/obj/cost-patched/$BZIMAGE

if [ -z "$BENCH_NOBUILD" ]; then
	sh scripts/base-tree.sh
	# shellcheck disable=SC2086
	sh scripts/build-kernel.sh build/linux-base build/obj/cost-base $FRAGS
	# shellcheck disable=SC2086
	sh scripts/build-kernel.sh build/linux build/obj/cost-patched $FRAGS
	make -s initramfs
fi

rm -rf $OUT
mkdir -p $OUT/extra
gcc -static -O2 -Wall -o $OUT/extra/pingpong bench/pingpong.c
cp guest/bench guest/latency-stats $OUT/extra/

cmd="BENCH_ONLY='${COST_ONLY:-pingpong hackbench cgroups}' BENCH_GROUPS='${COST_GROUPS:-1 4}'"
cmd="$cmd BENCH_VALUES='${COST_VALUES:-0 19 -20}'"
cmd="$cmd BENCH_LOOPS=${COST_LOOPS:-100} BENCH_ROUNDTRIPS=${COST_ROUNDTRIPS:-5000}"
# Each boot runs the pass RUNS times: a boot under -icount repeats itself
# closely, so the runs after the first are what shows hackbench's spread.
cmd="for run in \$(seq ${RUNS:-3}); do $cmd PATH=/extra:\$PATH sh /extra/bench; done"

echo "kernel,rep,bench,mode,kind,groups,value,guest_time" >$OUT/samples.csv
for rep in $(seq "$REPS"); do
	for k in base patched; do
		kernel=$KERNEL
		[ $k = base ] && kernel=$BASEKERNEL
		echo "cost: $k, boot $rep of $REPS"
		ICOUNT=0 APPEND=maxcpus=1 TOPO=default EXTRA=$OUT/extra \
			VMDIR=$PWD/build/vm/cost TIMEOUT=1800 \
			sh scripts/qemu-run.sh "$kernel" $GUEST_INITRD "$cmd" \
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

sh scripts/cost-report.sh $OUT/samples.csv "$(make -s kernelversion)" \
	"$(git describe --always --dirty)" "$REPS" "$FRAGS" "${RUNS:-3}" >$OUT/report.md
cat $OUT/report.md
