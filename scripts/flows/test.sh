#!/bin/sh
# Everything CI runs: deps, tree, checkpatch, kernel, KUnit, the harness's
# own checks, the kselftests on each topology given, the load test and the
# container checks under -icount, the base-kernel checks, the 6.12 series
# (tree, checkpatch, kernel, KUnit, kselftests) and the debug kernel
# (NODEBUG=1 leaves it out).  Every step leaves TAP in build/test/
# and build/test/report.md sums them up; the last line is "N passed, N
# failed, N skipped".
# usage: test.sh TOPO...
# env: NODEBUG=1 (no debug-kernel step, nor its expected results)
# make builds (each step's gate); the guests run through scripts/boot/qemu-run.sh
# and their status reaches guest-tap.sh as it is.
TOP=$(cd "$(dirname "$0")/../.." && pwd)
cd "$TOP" || exit 1
. scripts/tree/paths.sh
. guest/tap.sh
OUT=$TOP/build/test
rm -rf "$OUT"
mkdir -p "$OUT"
TOPOS=${*:-default}
# The first topology: make selftest's edit-loop set and the kernel's cgroup
# test_cpu.  Fixed, as scripts/tap/expected-tests.txt expects their results.
ALL_SELFTESTS="sched:latency_nice_cgroup_test sched cgroup:test_cpu latnice"
ZEN3_SELFTESTS="sched:cs_prctl_test sched:latency_nice_test sched:latency_nice_core_test"

T0=$(date +%s)
COMMIT=$(git rev-parse --short HEAD)
git diff --quiet HEAD || COMMIT="$COMMIT with uncommitted changes"
# "== STEP (at M:SS)": where the time of a run goes.
step() {
	elapsed=$(($(date +%s) - T0))
	printf '== %s (at %d:%02d)\n' "$*" $((elapsed / 60)) $((elapsed % 60)) | tee -a "$OUT/steps"
}
# A step that must work for the rest to mean anything: record it, stop if not.
gate() {
	name=$1
	shift
	if "$@" >"$OUT/$name.log" 2>&1; then
		(tap_ok "$name") >"$OUT/$name.tap"
	else
		tail -n 30 "$OUT/$name.log"
		(tap_not_ok "$name") >"$OUT/$name.tap"
		sh scripts/tap/tap-summary.sh "$OUT"/*.tap
		exit 1
	fi
}

step "deps";		gate deps make -s deps
step "tree";		gate tree make -s tree
make -s kernelversion | sed 's/^/base: Linux /' | tee "$OUT/version"
step "checkpatch";	sh scripts/tree/checkpatch.sh >"$OUT/checkpatch.tap"; grep -E '^(not )?ok' "$OUT/checkpatch.tap"
step "kernel";		gate kernel make -s kernel
step "base kernel";	gate kernel-base make -s kernel-base
step "initramfs";	gate initramfs make -s initramfs
step "kunit";		sh scripts/flows/kunit.sh build/linux $TEST_KERNEL $GUEST_INITRD >"$OUT/kunit.log" 2>&1
sh scripts/tap/kunit-tap.sh "$OUT/kunit.log" "$OUT/kunit.tap"
step "harness";		sh scripts/tap/test-harness.sh >"$OUT/harness.tap" 2>"$OUT/harness.log"
grep -E '^(not )?ok' "$OUT/harness.tap"
# The reports, on stored samples: make bench's compare (host mode) and
# make demo's verdict with the matrix's bullets.
step "reports"
sh scripts/tap/test-bench-report.sh >"$OUT/bench-report.tap" 2>&1
sh scripts/tap/test-demo-report.sh >"$OUT/demo-report.tap" 2>&1
grep -hE '^(not )?ok' "$OUT/bench-report.tap" "$OUT/demo-report.tap"
# latnice's own test on this machine's kernel, no VM: a stock 6.12 or
# later has custom slices, which latnice uses there; an older one is a skip
# that says why.
step "latnice on the host"
name="latnice/test.sh on the host kernel"
(
	echo "TAP version 13"
	if [ "$(uname -r | awk -F. '{ print $1 * 1000 + $2 }')" -lt 6012 ]; then
		tap_ok "$name # SKIP Linux $(uname -r) has no custom slices (sched_runtime for SCHED_OTHER came with 6.12)"
	elif { sh scripts/tree/build-latnice.sh $LATNICE_HOST && sh $LATNICE_HOST/test.sh slice; } \
		>"$OUT/latnice-host.log" 2>&1; then
		tap_diag "$OUT/latnice-host.log"
		tap_ok "$name"
	else
		tap_diag "$OUT/latnice-host.log"
		tap_not_ok "$name"
	fi
	tap_plan
) >"$OUT/latnice-host.tap"
grep -E '^(not )?ok' "$OUT/latnice-host.tap"
for t in $TOPOS; do
	step "selftest TOPO=$t"
	# The first topology runs every test; the Zen3 shapes (32 CPUs, slow
	# under TCG) run what depends on the topology: core scheduling on SMT
	# siblings, and the uapi tests as a smoke test.
	rc=0
	if [ "$t" = "${TOPOS%% *}" ]; then
		TOPO=$t SELFTESTS=$ALL_SELFTESTS sh scripts/flows/selftest.sh $TEST_KERNEL \
			>"$OUT/selftest-$t.log" 2>&1 || rc=$?
	else
		TOPO=$t SELFTESTS=$ZEN3_SELFTESTS sh scripts/flows/selftest.sh $TEST_KERNEL \
			>"$OUT/selftest-$t.log" 2>&1 || rc=$?
	fi
	sh scripts/tap/guest-tap.sh "$OUT/selftest-$t.log" "$OUT/selftest-$t.tap" "guest on $t" $rc |
		sed "s/^/$t: /"
done
# The latency tests under load count guest time in instructions (one CPU,
# QEMU -icount): under plain TCG the measured task's own cost is more than
# its fair share beside the load.  A real OCI runtime (crun, runc) and a
# delegated subtree set cpu.latency.nice; the container's waker is timed,
# hence -icount too.  Guest time under -icount counts instructions, not
# the host's: the two guests run at once, one a host core.
step "selftest and containers under -icount"
rc=0
(rc=0
ICOUNT=0 APPEND=maxcpus=1 TIMEOUT=1200 sh scripts/boot/qemu-run.sh $TEST_KERNEL $GUEST_INITRD \
	check-containers >"$OUT/containers.log" 2>&1 || rc=$?
echo $rc >"$OUT/containers.rc") &
ICOUNT=0 APPEND=maxcpus=1 TIMEOUT=2400 sh scripts/boot/qemu-run.sh $TEST_KERNEL $GUEST_INITRD \
	/kselftest/sched/latency_nice_load_test >"$OUT/icount.log" 2>&1 || rc=$?
wait
sh scripts/tap/guest-tap.sh "$OUT/icount.log" "$OUT/icount.tap" "icount guest" $rc
sh scripts/tap/guest-tap.sh "$OUT/containers.log" "$OUT/containers.tap" "containers guest" \
	"$(cat "$OUT/containers.rc")"
step "base kernel checks"
rc=0
sh scripts/boot/qemu-run.sh $BASE_KERNEL $GUEST_INITRD check-base >"$OUT/base.log" 2>&1 || rc=$?
sh scripts/tap/guest-tap.sh "$OUT/base.log" "$OUT/base.tap" "base kernel guest" $rc
# The 6.12 (EEVDF) series: its tree, checkpatch, kernel, KUnit and the
# same kselftests on the default topology.
step "6.12: tree";	gate 6.12-tree make -s tree LINUX=6.12
step "6.12: checkpatch"
LINUX=6.12 sh scripts/tree/checkpatch.sh >"$OUT/6.12-checkpatch.tap"; grep -E '^(not )?ok' "$OUT/6.12-checkpatch.tap" | sed 's/^/6.12: /'
step "6.12: kernel";	gate 6.12-kernel make -s kernel initramfs LINUX=6.12
# Beside the KUnit boot, which times nothing, a one-CPU -icount guest: a
# sleeper at 19 beside a hog at 19 keeps its share (under TCG it is a
# guard at 2/3, too loose for the rule's mutant: 0.89 against 0.74).
step "6.12: kunit, and the tolerant sleeper under -icount"
(rc=0
(export LINUX=6.12 && . scripts/tree/paths.sh && ICOUNT=0 APPEND=maxcpus=1 TIMEOUT=1200 \
	sh scripts/boot/qemu-run.sh $TEST_KERNEL $GUEST_INITRD \
	"/kselftest/sched/latency_nice_eevdf_test test_tolerant_sleeper_beside_tolerant_hog") \
	>"$OUT/6.12-icount.log" 2>&1 || rc=$?
echo $rc >"$OUT/6.12-icount.rc") &
(export LINUX=6.12 && . scripts/tree/paths.sh && sh scripts/flows/kunit.sh $TREE $TEST_KERNEL $GUEST_INITRD) >"$OUT/6.12-kunit.log" 2>&1
wait
sh scripts/tap/kunit-tap.sh "$OUT/6.12-kunit.log" "$OUT/6.12-kunit.tap" | sed 's/^/6.12: /'
sh scripts/tap/guest-tap.sh "$OUT/6.12-icount.log" "$OUT/6.12-icount.tap" "6.12 icount guest" \
	"$(cat "$OUT/6.12-icount.rc")" | sed 's/^/6.12: /'
step "6.12: selftest TOPO=default"
rc=0
(export LINUX=6.12 && . scripts/tree/paths.sh && TOPO=default SELFTESTS=$ALL_SELFTESTS \
	sh scripts/flows/selftest.sh $TEST_KERNEL) >"$OUT/6.12-selftest.log" 2>&1 || rc=$?
sh scripts/tap/guest-tap.sh "$OUT/6.12-selftest.log" "$OUT/6.12-selftest.tap" "6.12 guest on default" $rc |
	sed 's/^/6.12: /'
if [ -z "$NODEBUG" ]; then
	# make test-debug: KUnit, the series' kselftests and a short fuzz run
	# on the lockdep, KASAN and UBSAN kernel (about 15 min cold, 8 min
	# warm, before the fuzz run).
	step "debug kernel"
	sh scripts/flows/test-debug.sh >"$OUT/debug.log" 2>&1
	for f in build/test-debug/*.tap; do
		cp "$f" "$OUT/debug-${f##*/}"
	done
	tail -n 1 "$OUT/debug.log" | sed 's/^/debug: /'
fi
# Every result make test expects is there, and no unexpected skip: the
# list's lines for the steps this run left out by design (the debug kernel
# under NODEBUG, topologies not given) do not apply, nor its topology lines
# when the first topology, which runs the whole set, is not "default".
step "expected results"
skip_files=
[ -n "$NODEBUG" ] && skip_files="debug-kunit debug-selftest debug-fuzz"
for t in $(sed -n 's/^[a-z]* selftest-\([^ ]*\) .*/\1/p' scripts/tap/expected-tests.txt | sort -u); do
	case $TOPOS in
	default | "default "*) case " $TOPOS " in *" $t "*) continue ;; esac ;;
	esac
	skip_files="$skip_files selftest-$t"
done
awk -v skip=" $skip_files " 'index(skip, " " $2 " ") == 0' scripts/tap/expected-tests.txt \
	>"$OUT/expected.list"
sh scripts/tap/tap-expected.sh "$OUT/expected.list" "$OUT" >"$OUT/expected.tap.new"
mv "$OUT/expected.tap.new" "$OUT/expected.tap"
grep '^not ok' "$OUT/expected.tap"
sh scripts/tap/tap-summary.sh "$OUT/expected.tap" | sed 's/^/expected: /'
echo
# Name every failure above the count, so the last lines of a CI log say
# what broke.
sh scripts/tap/tap-failures.sh "$OUT"/*.tap
grep -H 'failed, second attempt' "$OUT"/*.tap | sed "s|^$OUT/|RETRIED |"
step "done"
# build/test/report.md: where the time went, the counts and every failure,
# for scripts/report/results-add.sh.
{
	printf '# make test\n\n- kernel: %s\n- commit: %s\n- date: %s\n\n```\n' \
		"$(sed 's/^base: //' "$OUT/version")" "$COMMIT" "$(date -u '+%Y-%m-%d %H:%M UTC')"
	sed 's/^== //' "$OUT/steps"
	for f in "$OUT"/*.tap; do
		printf '%s: %s\n' "$(basename "$f" .tap)" "$(sh scripts/tap/tap-summary.sh "$f" | tail -n 1)"
	done
	sh scripts/tap/tap-failures.sh "$OUT"/*.tap | grep '^FAILED'
	sh scripts/tap/tap-summary.sh "$OUT"/*.tap | tail -n 1
	echo '```'
} >"$OUT/report.md"
sh scripts/tap/tap-summary.sh "$OUT"/*.tap
