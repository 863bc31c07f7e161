#!/bin/sh
# make demo: latency nice at work, measured now.  Boots the base and the
# patched kernel in turn on a Zen3-shaped machine (TOPO, nps1 from make
# demo) and runs there, confined to one CPU with taskset so that CFS decides
# every wake-up and the other CPUs stay idle: the testers' matrix of
# DESIGN.md section 3 at one hackbench group with the idle floor and
# hackbench's own time (guest/matrix), and on the patched kernel the CPU
# share of two hogs at -20 and 19 (guest/share).  Prints the table and the
# verdict line (scripts/demo-report.py); the full report, with each bullet
# of "What it must show", is build/demo/report.md.  make demo builds the
# kernels and the initramfs first.
#
# Plain TCG (KVM where it works), not -icount: under -icount one boot of
# this matrix takes about 30 minutes here, and one CPU under plain TCG
# keeps the effect (see README).
#
# env: TOPO, DEMO_SECONDS (of each cyclictest run, 3)
set -e
cd "$(dirname "$0")/.."
OUT=build/demo
SECONDS_=${DEMO_SECONDS:-3}
KERNEL=build/obj/default/arch/x86/boot/bzImage
BASEKERNEL=build/obj/base/arch/x86/boot/bzImage
start=$(date +%s)

rm -rf $OUT
mkdir -p $OUT
matrix="MATRIX_GROUPS=1 MATRIX_SECONDS=$SECONDS_ MATRIX_LOOPS=100 matrix"
: >$OUT/samples.txt
for k in base patched; do
	if [ $k = base ]; then
		kernel=$BASEKERNEL cmd=$matrix
	else
		kernel=$KERNEL cmd="$matrix && share"
	fi
	echo "== the $k kernel on TOPO=${TOPO:-default}"
	if ! VMDIR=$PWD/build/vm/demo-$k TIMEOUT=900 sh scripts/qemu-run.sh \
		"$kernel" build/initramfs.cpio.gz "$cmd" >$OUT/$k.out 2>&1; then
		cat $OUT/$k.out
		echo "demo: the $k kernel's guest failed"
		exit 1
	fi
	sed -n "s/^RESULT /kernel=$k rep=1 /p" $OUT/$k.out >>$OUT/samples.txt
done

accel=$(sed -n 's/^INFO .* accel=\([a-z]*\).*/\1/p' $OUT/patched.out)
header="$(make -s -C build/linux kernelversion), TOPO=${TOPO:-default}, ${accel:-?}, load on CPU 0"
header="$header, commit $(git describe --always --dirty), $(date -u '+%F %H:%M')"
python3 scripts/matrix-report.py $OUT/samples.txt "$header" >$OUT/report.md
echo
python3 scripts/demo-report.py $OUT/samples.txt "$header"
echo "(DESIGN.md section 3, what it must show: $(tail -n 1 $OUT/report.md | sed 's/\.$//')," \
	"each in $OUT/report.md; $(($(date +%s) - start)) s)"
