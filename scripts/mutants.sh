#!/bin/sh
# make mutants: break one rule of the series at a time and check that the
# test written for it fails.  Each mutant is a sed script on one file of
# build/linux-mutant, a worktree of build/linux's HEAD (build/linux stays
# free to work in and build meanwhile; what is not committed there is not
# tested).  The kernel is built into build/obj/mutant (through ccache, tens
# of seconds per mutant after the first) and booted on the default topology
# with the test.  The file is restored from git after each mutant.  TAP out:
# a mutant that no longer applies, or that the test does not catch, fails.
TOP=$(cd "$(dirname "$0")/.." && pwd)
cd "$TOP" || exit 1
TREE=build/linux-mutant
OBJ=build/obj/mutant
OUT=build/mutants
FRAGS="configs/kernel.config configs/kunitconfig"

if [ -n "$(git -C build/linux status --porcelain --untracked-files=no)" ]; then
	echo "mutants: build/linux has uncommitted changes; testing its HEAD" >&2
fi
head=$(git -C build/linux rev-parse HEAD) || exit 1
if [ -d $TREE ]; then
	git -C $TREE checkout -q -f --detach "$head" || exit 1
else
	git -C build/linux worktree add -q --detach "$TOP/$TREE" "$head" || exit 1
fi
rm -rf "$OUT"
mkdir -p "$OUT"

# WHAT IS BROKEN|FILE|SED SCRIPT|TEST that must fail: a kselftest under
# /kselftest, or kunit:CASE, a case of the sched_latency_nice KUnit suite
# (its result line on the boot console), or icount:TEST, a kselftest in a
# one-CPU guest whose time counts instructions.  No '|' in a sed script.
mutants() {
	cat <<'EOF'
sched_setattr() without the flag resets latency nice|kernel/sched/core.c|/^static void __setscheduler_latency(/,/^}/s/^\tif (!(attr->sched_flags \& SCHED_FLAG_LATENCY_NICE))$/\tif (0)/|sched/latency_nice_test
the flag is taken with a VER0 or VER1 size|kernel/sched/core.c|s/size < SCHED_ATTR_SIZE_VER2)/size < SCHED_ATTR_SIZE_VER0)/|sched/latency_nice_test
20 is in the range|kernel/sched/sched.h|s/latency_nice <= MAX_LATENCY_NICE;/latency_nice <= MAX_LATENCY_NICE + 1;/|sched/latency_nice_test
lowering the value needs no privilege|kernel/sched/core.c|s/attr->sched_latency_nice < p->latency_nice &&$/& 0 \&\&/|sched/latency_nice_test
reset-on-fork keeps the parent's value|kernel/sched/core.c|/^\t\tp->latency_nice = DEFAULT_LATENCY_NICE;$/d|sched/latency_nice_test
sched_getattr() reports 0|kernel/sched/core.c|s/kattr.sched_latency_nice = p->latency_nice;/kattr.sched_latency_nice = 0;/|sched/latency_nice_test
/proc/<pid>/sched has no latency_nice line|kernel/sched/debug.c|/P(latency_nice);/d|sched/latency_nice_test
cpu.latency.nice reaches only the online CPUs|kernel/sched/fair.c|/^int sched_group_set_latency(/,/^}/s/for_each_possible_cpu(i)/for_each_online_cpu(i)/|sched/latency_nice_cgroup_test
a waking task's negative offset is ignored|kernel/sched/fair.c|s/^\treturn min_t(s64, se->latency_offset, 0) -$/\treturn 0 * min_t(s64, se->latency_offset, 0) -/|sched/latency_nice_wakeup_test
the wakeup fix caps before scaling by the weight|kernel/sched/fair.c|s/^\tif (latency_max \&\& vgran > latency_max)$/\tif (latency_max \&\& gran > latency_max)/|kunit:wakeup_gran_light_wakee_capped
no room for a cap gives a granularity of 0|kernel/sched/fair.c|s/^\tif (latency_max \&\& vgran > latency_max)$/\tif (vgran > latency_max)/|kunit:wakeup_gran_no_room
two light entities are capped too|kernel/sched/fair.c|s/^\t\tvgran = min(vgran, max(latency_max,$/\t\tvgran = min(vgran, max(latency_max, 0 */|kunit:wakeup_gran_light_pair_uncapped
a sensitive current task is no shield|kernel/sched/fair.c|s/^\t       min_t(s64, curr->latency_offset, 0);$/\t       0;/|kunit:preempt_pair_table
a tolerant current task is a shield|kernel/sched/fair.c|s/^\t       min_t(s64, curr->latency_offset, 0);$/\t       min_t(s64, curr->latency_offset, 0) + 2 * max_t(s64, curr->latency_offset, 0);/|kunit:preempt_pair_table
a tolerant current task is a shield (measured)|kernel/sched/fair.c|s/^\t       min_t(s64, curr->latency_offset, 0);$/\t       min_t(s64, curr->latency_offset, 0) + 2 * max_t(s64, curr->latency_offset, 0);/|icount:sched/latency_nice_load_test
a tolerant entity does not wait in line|kernel/sched/fair.c|/^static inline s64 entity_patience(/,/^}/s/^\treturn max_t(s64, se->latency_offset, 0);$/\treturn 0;/|kunit:tolerant_entity_waits_in_line
a tolerant entity does not wait in line (measured)|kernel/sched/fair.c|/^static inline s64 entity_patience(/,/^}/s/^\treturn max_t(s64, se->latency_offset, 0);$/\treturn 0;/|icount:sched/latency_nice_load_test
min_vruntime ignores the patience of a waiting entity|kernel/sched/fair.c|/^static void update_min_vruntime(/,/^}/s/entity_key(se)/se->vruntime/|kunit:min_vruntime_follows_keys
min_vruntime ignores the patience of the running entity|kernel/sched/fair.c|/^static void update_min_vruntime(/,/^}/s/vruntime = entity_key(curr);/vruntime = curr->vruntime;/|kunit:min_vruntime_follows_keys
the tick reschedules a task behind the leftmost|kernel/sched/fair.c|/^static bool tick_lead_preempts(/,/^}/s/^\tif (delta < 0)$/\tif (delta < 0 \&\& !__pick_first_latency(cfs_rq))/|kunit:tick_sign_first
a tolerant current task runs longer at the tick|kernel/sched/fair.c|s/^\treturn delta > ideal_runtime /\treturn delta - max_t(s64, curr->latency_offset, 0) > ideal_runtime /|kunit:tick_tolerance_no_shield
the latency tree is keyed by the raw offset|kernel/sched/fair.c|s/^\treturn clamp(calc_latency_offset(latency_nice), -latency_max,$/\treturn calc_latency_offset(latency_nice) + 0 * clamp(0LL, -latency_max,/|kunit:latency_tree_key_capped
a save/restore dequeue loses the place in the latency tree|kernel/sched/fair.c|s/^\tse->latency_saved = !(flags \& DEQUEUE_SLEEP);$/\tse->latency_saved = 0;/|kunit:latency_tree_requeue
any early preemption puts a sensitive task back in the latency tree|kernel/sched/fair.c|s/^\treturn rq->nr_running > rq->cfs.h_nr_running /\treturn rq->nr_running + 1 > rq->cfs.h_nr_running /|kunit:latency_tree_reentry
SCHED_BATCH tasks enter the latency tree|kernel/sched/fair.c|s/^\t\treturn task_of(se)->policy == SCHED_NORMAL;$/\t\treturn true;/|kunit:latency_tree_policy_guard
the pick takes the entity out of the latency tree|kernel/sched/fair.c|s/^\t\treturn latency;$/\t\treturn __dequeue_latency(cfs_rq, latency), latency;/|kunit:pick_prefers_sensitive_entity
the wake-up shift counts with the static key off|kernel/sched/fair.c|/^wakeup_preempt_entity(/,/^}/s/^\tif (sched_latency_nice_active())$/\tif (1)/|kunit:latency_key_off_skips_offsets
patience orders the line with the static key off|kernel/sched/fair.c|/^static inline bool entity_before(/,/^}/s/^\tif (sched_latency_nice_active())$/\tif (1)/|kunit:latency_key_off_skips_offsets
sched_setattr() never turns latency nice on|kernel/sched/core.c|s/^\t\tstatic_branch_enable(\&sched_latency_nice_used);$/\t\t;/|sched/latency_nice_wakeup_test
cpu.latency.nice never turns latency nice on|kernel/sched/fair.c|/^int sched_group_set_latency(/,/^}/s/^\t\tstatic_branch_enable(\&sched_latency_nice_used);$/\t\t;/|icount:sched/latency_nice_load_test
patience counts with the static key off|kernel/sched/fair.c|/^static inline s64 entity_patience(/,/^}/s/^\tif (!sched_latency_nice_active())$/\tif (0)/|kunit:latency_key_off_skips_offsets
a wake-up refreshes the offset with the static key off|kernel/sched/fair.c|/^static void update_latency_offset(/,/^}/s/^\tif (!sched_latency_nice_active())$/\tif (0)/|kunit:latency_key_off_skips_offsets
entities enter the latency tree with the static key off|kernel/sched/fair.c|/^static void enqueue_latency(/,/^}/s/^\tif (sched_latency_nice_active() \&\&$/\tif (1 \&\&/|kunit:latency_key_off_skips_offsets
the latency tree check file is missing|kernel/sched/debug.c|s/^\tdebugfs_create_file("latency_tree_check", 0400, debugfs_sched, NULL,$/\tif (0) debugfs_create_file("latency_tree_check", 0400, debugfs_sched, NULL,/|sched/latency_nice_cgroup_test
EOF
}

restore() {
	[ -n "$file" ] && git -C $TREE checkout -q -- "$file"
}
trap restore EXIT
trap 'restore; exit 130' INT TERM

echo "TAP version 13"
# MUTANTS=REGEX runs the mutants whose description matches, to try a few.
selected() {
	mutants | grep -E -- "${MUTANTS:-.}"
}
echo "1..$(selected | wc -l)"
n=0 rc=0
selected >"$OUT/list"
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
	icount=
	case $test in
	kunit:*) cmd=true ;;
	icount:*) cmd="/kselftest/${test#icount:}" icount="ICOUNT=0 APPEND=maxcpus=1" ;;
	*) cmd="/kselftest/$test" ;;
	esac
	# Slow guests beside other work: a hang, not a slow run, must fail.
	env $icount TIMEOUT=2400 VMDIR="$TOP/build/vm/mutant" sh scripts/qemu-run.sh \
		$OBJ/arch/x86/boot/bzImage build/initramfs.cpio.gz "$cmd" >"$OUT/$n.log" 2>&1
	t=$?
	tr -d '\r' <build/vm/mutant/console.log >"$OUT/$n.console"
	# KUnit ran at boot: its line on the console decides, not the command.
	[ "${test#kunit:}" != "$test" ] && t=1
	failing=$(sed -n 's/^not ok [0-9]* //p' "$OUT/$n.log" | tr '\n' ' ' | sed 's/ $//')
	if [ $t -eq 0 ]; then
		echo "not ok $n $what: $test still passes"
		rc=1
	elif [ "${test#kunit:}" != "$test" ]; then
		# A KUnit case counts only by its own failure.
		if grep -Eq "^ *not ok [0-9]+ ${test#kunit:}\$" "$OUT/$n.console"; then
			echo "ok $n $what: $test fails"
		else
			echo "not ok $n $what: $test gave no failure of its own ($(grep -Em1 "^ *(not )?ok [0-9]+ ${test#kunit:}\$" "$OUT/$n.console" || echo no result))"
			rc=1
		fi
	elif [ -n "$failing" ]; then
		echo "ok $n $what: $test fails ($failing)"
	else
		echo "ok $n $what: $test fails ($(grep -m1 '^qemu-run:' "$OUT/$n.log" || echo "exit $t"))"
	fi
done <"$OUT/list"
file=
exit $rc
