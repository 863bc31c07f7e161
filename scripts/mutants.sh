#!/bin/sh
# make mutants: break one rule of the series at a time in build/linux and
# check that the test written for it fails.  Each mutant is a sed script on
# one file; the kernel is built into build/obj/mutant (through ccache, tens
# of seconds per mutant after the first) and booted on the default
# topology with the test.  The file is restored from git after each
# mutant, so build/linux must have no uncommitted change.  TAP out: a
# mutant that no longer applies, or that the test does not catch, fails.
TOP=$(cd "$(dirname "$0")/.." && pwd)
cd "$TOP" || exit 1
TREE=build/linux
OBJ=build/obj/mutant
OUT=build/mutants
FRAGS="configs/kernel.config configs/kunitconfig"

if [ -n "$(git -C $TREE status --porcelain --untracked-files=no)" ]; then
	echo "mutants: build/linux has uncommitted changes" >&2
	exit 1
fi
rm -rf "$OUT"
mkdir -p "$OUT"

# WHAT IS BROKEN|FILE|SED SCRIPT|TEST (under /kselftest) that must fail
mutants() {
	cat <<'EOF'
sched_setattr() without the flag resets latency nice|kernel/sched/core.c|s/^\tif (attr->sched_flags & SCHED_FLAG_LATENCY_NICE) {$/\tp->latency_nice = DEFAULT_LATENCY_NICE;\n&/|sched/latency_nice_test
the flag is taken with a VER0 or VER1 size|kernel/sched/core.c|s/size < SCHED_ATTR_SIZE_VER2)/size < SCHED_ATTR_SIZE_VER0)/|sched/latency_nice_test
20 is in the range|kernel/sched/sched.h|s/latency_nice <= MAX_LATENCY_NICE;/latency_nice <= MAX_LATENCY_NICE + 1;/|sched/latency_nice_test
lowering the value needs no privilege|kernel/sched/core.c|s/attr->sched_latency_nice < p->latency_nice &&$/& 0 \&\&/|sched/latency_nice_test
reset-on-fork keeps the parent's value|kernel/sched/core.c|/^\t\tp->latency_nice = DEFAULT_LATENCY_NICE;$/d|sched/latency_nice_test
sched_getattr() reports 0|kernel/sched/core.c|s/kattr.sched_latency_nice = p->latency_nice;/kattr.sched_latency_nice = 0;/|sched/latency_nice_test
/proc/<pid>/sched has no latency_nice line|kernel/sched/debug.c|/P(latency_nice);/d|sched/latency_nice_test
cpu.latency.nice reaches only the online CPUs|kernel/sched/fair.c|/^int sched_group_set_latency(/,/^}/s/for_each_possible_cpu(i)/for_each_online_cpu(i)/|sched/latency_nice_cgroup_test
a waking task's negative offset is ignored|kernel/sched/fair.c|s/gran = min_t(s64, se->latency_offset, 0) +$/gran = 0 * min_t(s64, se->latency_offset, 0) +/|sched/latency_nice_wakeup_test
EOF
}

restore() {
	[ -n "$file" ] && git -C $TREE checkout -q -- "$file"
}
trap restore EXIT
trap 'restore; exit 130' INT TERM

echo "TAP version 13"
echo "1..$(mutants | wc -l)"
n=0 rc=0
mutants >"$OUT/list"
while IFS='|' read -r what file script test; do
	n=$((n + 1))
	sed -e "$script" "$TREE/$file" >"$OUT/mutant"
	if cmp -s "$OUT/mutant" "$TREE/$file"; then
		echo "not ok $n $what: the mutant does not apply to $file"
		rc=1
		continue
	fi
	cp "$OUT/mutant" "$TREE/$file"
	if ! sh scripts/build-kernel.sh $TREE $OBJ $FRAGS >"$OUT/$n.build" 2>&1; then
		echo "not ok $n $what: the mutant does not build ($OUT/$n.build)"
		rc=1
		restore
		continue
	fi
	restore
	sh scripts/qemu-run.sh $OBJ/arch/x86/boot/bzImage build/initramfs.cpio.gz \
		"/kselftest/$test" >"$OUT/$n.log" 2>&1
	t=$?
	failing=$(sed -n 's/^not ok [0-9]* //p' "$OUT/$n.log" | tr '\n' ' ' | sed 's/ $//')
	if [ $t -eq 0 ]; then
		echo "not ok $n $what: $test still passes"
		rc=1
	elif [ -n "$failing" ]; then
		echo "ok $n $what: $test fails ($failing)"
	else
		echo "ok $n $what: $test fails ($(grep -m1 '^qemu-run:' "$OUT/$n.log" || echo "exit $t"))"
	fi
done <"$OUT/list"
file=
exit $rc
