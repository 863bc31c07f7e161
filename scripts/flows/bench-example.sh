#!/bin/sh
# Regenerate the stored example result sets, examples/bench-sets/{base,patched}:
# boot each kernel on the default topology, run scripts/flows/bench-host.sh in it
# (host mode, as a tester runs it on a booted machine) with short settings,
# and store the set it wrote (meta.txt, samples.csv, runs.csv).  The numbers
# are real but quick: they feed scripts/tap/test-bench-report.sh, which checks
# the compare report's structure, not the timing.
#
# env: INITRD   the initramfs booted (build/initramfs.cpio.gz)
#      EXAMPLE_REPS  passes of guest/bench per kernel (2)
#      EXAMPLE_KERNELS  which sets to regenerate ("base patched")
set -e
cd "$(dirname "$0")/../.."
OUT=examples/bench-sets
. scripts/tree/paths.sh
INITRD=${INITRD:-$GUEST_INITRD}
REPS=${EXAMPLE_REPS:-2}
# The short settings: every table of the report, a few samples each.
SETTINGS="BENCH_ONLY='hackbench cyclictest fairness pipe messaging coresched'
BENCH_GROUPS='1 2' BENCH_LOOPS=10 BENCH_CT_SECONDS=1 BENCH_FAIR_SECONDS=1
BENCH_ROUNDTRIPS=2000 BENCH_MSG_GROUPS=1 BENCH_MSG_LOOPS=10
BENCH_CS_SECONDS=1 BENCH_CS_REPS=2"

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$TMP/extra/guest" "$TMP/extra/bin"
for f in flows/bench-host.sh report/bench-csv.sh tree/paths.sh; do
	mkdir -p "$TMP/extra/scripts/${f%/*}" && cp scripts/$f "$TMP/extra/scripts/$f"
done
cp guest/bench guest/latency-stats "$TMP/extra/guest/"
for c in pingpong cs-spin; do
	gcc -static -O2 -Wall -o "$TMP/extra/bin/$c" bench/$c.c
done
dirty=
[ -z "$(git status --porcelain)" ] || dirty=-dirty
commit=$(git rev-parse --short HEAD)$dirty

for k in ${EXAMPLE_KERNELS:-base patched}; do
	kernel=$TEST_KERNEL
	[ $k = base ] && kernel=$BASE_KERNEL
	cmd="PATH=/extra/bin:\$PATH BENCH_LABEL=$k REPS=$REPS $(echo "$SETTINGS" | tr '\n' ' ')"
	cmd="$cmd sh /extra/scripts/flows/bench-host.sh /tmp/set; rc=\$?"
	cmd="$cmd; for f in meta.txt samples.csv runs.csv; do echo \"@@@ \$f\"; cat /tmp/set/\$f; done; exit \$rc"
	TOPO=default EXTRA=$TMP/extra VMDIR=$TMP/vm TIMEOUT=1800 \
		sh scripts/boot/qemu-run.sh "$kernel" "$INITRD" "$cmd" >"$TMP/$k.out"
	rm -rf "${OUT:?}/$k"
	mkdir -p "$OUT/$k"
	awk -v dir="$OUT/$k" '{ sub(/\r$/, "") } /^@@@ / { f = dir "/" $2; next } f { print > f }' "$TMP/$k.out"
	# the guest has no git: the commit the set was made at
	sed -i "s/^commit=.*/commit=$commit/" "$OUT/$k/meta.txt"
	echo "bench-example: $OUT/$k: $(($(wc -l <"$OUT/$k/samples.csv") - 1)) samples"
done
