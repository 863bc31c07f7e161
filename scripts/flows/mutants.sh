#!/bin/sh
# make mutants: break one rule of the series at a time and check that the
# test case written for it fails.  Each mutant is a sed script on one file of
# the mutant tree, a worktree of the series tree's HEAD (build/linux-mutant
# of build/linux, build/linux-6.12-mutant of build/linux-6.12 with
# LINUX=6.12: the tree stays free to work in and build meanwhile; what is
# not committed there is not tested).  The kernel is built into the mutant
# objects (through ccache, tens of seconds per mutant after the first) and
# booted on the default topology with the test; a mutant of tools/ rebuilds
# what its test runs.  The file is restored from git after each mutant.  TAP
# out (build/mutants, build/mutants-6.12): a mutant that no longer applies,
# or whose own test case does not fail, fails; another case's failure does
# not count.
TOP=$(cd "$(dirname "$0")/../.." && pwd)
cd "$TOP" || exit 1
. scripts/tree/paths.sh
. guest/tap.sh
SRC=$TREE
TREE=$SRC-mutant
OBJ=$OBJS/mutant
OUT=build/mutants
[ "$LINUX" = 6.1 ] || OUT=$OUT-$LINUX
VMDIR=$TOP/build/vm/${OUT#build/}
FRAGS=$TEST_FRAGS

if [ -n "$(git -C $SRC status --porcelain --untracked-files=no)" ]; then
	echo "mutants: $SRC has uncommitted changes; testing its HEAD" >&2
fi
head=$(git -C $SRC rev-parse HEAD) || exit 1
if [ -d $TREE ]; then
	git -C $TREE checkout -q -f --detach "$head" || exit 1
else
	git -C $SRC worktree add -q --detach "$TOP/$TREE" "$head" || exit 1
fi
rm -rf "$OUT"
mkdir -p "$OUT"
# What qemu-run.sh counts as a splat (for fuzz: cases).
eval "$(grep '^splat=' scripts/boot/qemu-run.sh)"

# WHAT IS BROKEN|FILE|SED SCRIPT|CASE that must fail, one of:
#   kunit:CASE            a case of the sched_latency_nice KUnit suite, by its
#                         result line on the boot console
#   TEST:CASE             a case of a kselftest under /kselftest
#   icount:TEST:CASE      that case alone (TEST CASE) in a one-CPU guest whose time counts
#                         instructions
#   latnice:CASE          a case of the latnice tool's test in the guest,
#                         the tool rebuilt (from a mutated copy of latnice/
#                         for a file there, which stays as it is)
#   latnice-host:CASE     a case of the tool's test on this machine's kernel
#                         (custom slices, no latency nice): no guest
#   ksft-build:MESSAGE    the kselftests rebuilt from the mutant tree must
#                         fail to build, with MESSAGE (a pinned ABI value)
#   fuzz:CASE             a result of guest/check-fuzz, run for
#                         MUTANT_FUZZ_SECONDS (20): its state transitions
#                         and random writes under the series' SCHED_WARN_ON()
#                         invariants, whose splat "kernel log: no splat" reports;
#                         a splat on the console (qemu-run.sh's patterns) counts
#                         as that case failing, as a broken tree may hang the
#                         guest before the check prints (the boot's timeout
#                         is then 420 s)
# No '|' in a sed script.  The list of LINUX's series, then the tool's.
mutants() {
	mutants_$(echo "$LINUX" | tr . _)
	mutants_tool
}

mutants_6_1() {
	# The interface (sizes, range, permissions, fork, /proc, cgroup files),
	# the static key turned on by a positive value, the wakeup fix, the
	# offset map, the tolerant placement, the wake-up pairs and their cap,
	# the tick, the latency tree's rules and the pick, core scheduling; each
	# KUnit case and kselftest case has its rule here; the rules whose only
	# symptom is a SCHED_WARN_ON() splat (set_next_entity(),
	# dequeue_entity() and cpu.idle leaving an entity in the latency tree,
	# cpu.latency.nice changing a queued entity's key in place) on
	# check-fuzz's splat check.
	# Not here, and why: paths no test drives into a wrong decision
	# (switched_from_fair() keeping latency_saved, the put-back after an RT
	# preemption, min_vruntime by vruntime); what the refresh of the
	# offset at every wake-up masks (cpu.latency.nice on the online CPUs
	# only); the static key's tests (with every offset 0 the keyed code
	# decides the same: make cost's count); the tools' uapi copy (make
	# checkpatch compares it).  Not caught with the credit waiver of 12-05,
	# and not run since the placement of 12-07 (not listed until a test
	# fails): the tick comparing vruntimes instead of keys (the heavy waker
	# was at the floor behind hackbench at 19 either way) and the pick
	# ignoring the latency tree (a -20 waker preempts at its wake-up in every
	# load the tests make); KUnit cannot see either, both sit behind the live
	# static key.
	cat <<'EOF'
sched_setattr() without the flag resets latency nice|kernel/sched/core.c|/^static void __setscheduler_latency(/,/^}/s/^\tif (!(attr->sched_flags & SCHED_FLAG_LATENCY_NICE))$/\tif (0)/|sched/latency_nice_test:test_noflag_untouched
the flag is taken with a VER0 or VER1 size|kernel/sched/core.c|s/size < SCHED_ATTR_SIZE_VER2)/size < SCHED_ATTR_SIZE_VER0)/|sched/latency_nice_test:test_sizes
sched_setattr() takes the struct's tail padding for a field|kernel/sched/core.c|s/^\tret = copy_struct_from_user(attr, SCHED_ATTR_SIZE_KERNEL, uattr, size);$/\tret = copy_struct_from_user(attr, sizeof(*attr), uattr, size);/|sched/latency_nice_test:test_sizes
sched_getattr() reports the struct's tail padding|kernel/sched/core.c|s/^\tunsigned int ksize = SCHED_ATTR_SIZE_KERNEL;$/\tunsigned int ksize = sizeof(*kattr);/|sched/latency_nice_test:test_getattr_sizes
20 is in the range|kernel/sched/sched.h|s/latency_nice <= MAX_LATENCY_NICE;/latency_nice <= MAX_LATENCY_NICE + 1;/|sched/latency_nice_test:test_range_out_of_bounds
a value past 32 bits wraps into the range|kernel/sched/sched.h|/^static inline bool latency_nice_valid(/,/^}/{s/return latency_nice >= /return (int)latency_nice >= /;s/ latency_nice <= MAX_LATENCY_NICE;/ (int)latency_nice <= MAX_LATENCY_NICE;/}|kunit:latency_nice_range
lowering the value needs no privilege|kernel/sched/core.c|s/attr->sched_latency_nice < p->latency_nice &&$/& 0 \&\&/|sched/latency_nice_test:test_unpriv
RLIMIT_NICE allows no lower value|kernel/sched/core.c|s/^\t    !is_nice_reduction(p, attr->sched_latency_nice))$/\t    1)/|sched/latency_nice_test:test_unpriv
a same-policy call ignores a new latency nice|kernel/sched/core.c|/^\t\t    attr->sched_latency_nice != p->latency_nice)$/{n;s/goto change;/{ }/}|sched/latency_nice_test:test_with_policy
sched_getattr() reports 0|kernel/sched/core.c|s/kattr.sched_latency_nice = p->latency_nice;/kattr.sched_latency_nice = 0;/|sched/latency_nice_test:test_round_trip
/proc/<pid>/sched has no latency_nice line|kernel/sched/debug.c|/P(latency_nice);/d|sched/latency_nice_test:test_proc_sched
reset-on-fork keeps the parent's value|kernel/sched/core.c|/^\t\tp->latency_nice = DEFAULT_LATENCY_NICE;$/d|sched/latency_nice_test:test_reset_on_fork
a forked child decides as at 0, not as its parent|kernel/sched/core.c|/^int sched_fork(/,/^}/s/^\t\tp->se.latency_offset = latency_nice_to_offset(p->latency_nice);$/\t\tp->se.latency_offset = 0;/|sched/latency_nice_test:test_fork_inherit
cgroup v1 has no cpu.latency.nice|kernel/sched/core.c|/^static struct cftype cpu_legacy_files/,/^};/s/\.name = "latency\.nice",/.name = "latency.nice.v1",/|sched/latency_nice_cgroup_test:test_v1_interface
cpu.latency.nice reads 0|kernel/sched/core.c|/^static s64 cpu_latency_nice_read_s64(/,/^}/s/return css_tg(css)->latency_nice;/return 0;/|sched/latency_nice_cgroup_test:test_v2_interface
cpu.latency.nice takes a value out of the range|kernel/sched/core.c|/^static int cpu_latency_nice_write_s64(/,/^}/s/^\tif (!latency_nice_valid(latency_nice))$/\tif (0)/|sched/latency_nice_cgroup_test:test_v2_interface
a positive cpu.latency.nice leaves latency nice off|kernel/sched/fair.c|/^int sched_group_set_latency(/,/^}/s/^\tif (latency_nice != DEFAULT_LATENCY_NICE)$/\tif (latency_nice < DEFAULT_LATENCY_NICE)/|sched/latency_nice_cgroup_test:test_group_19_is_patient
a waking group entity takes 0 for its group's value|kernel/sched/fair.c|/^static int entity_latency_nice(/,/^}/s/^\t\treturn se->my_q->tg->latency_nice;$/\t\treturn 0;/|sched/latency_nice_cgroup_test:test_group_19_is_patient
a positive value set by sched_setattr() leaves latency nice off|kernel/sched/core.c|s/^\t    attr->sched_latency_nice != DEFAULT_LATENCY_NICE)$/\t    attr->sched_latency_nice < DEFAULT_LATENCY_NICE)/|icount:sched/latency_nice_load_test:test_setattr_19_is_patient
the offset map saturates: -20 to -15 act alike|kernel/sched/fair.c|/^static s64 calc_latency_offset(/,/^}/s/^\treturn latency_max \* latency_nice \/ (LATENCY_NICE_WIDTH \/ 2);$/\treturn clamp_t(s64, latency_max * latency_nice \/ 15, -latency_max, latency_max);/|kunit:offset_map
a waking tolerant entity is charged its patience in vruntime|kernel/sched/fair.c|/^static void place_latency(/,/^}/s/^\t\tse->latency_woken = now;$/\t\tse->latency_woken = now; se->vruntime += se->latency_offset;/|sched/latency_nice_wakeup_test:test_tolerant_vruntime_rate
a waking tolerant entity is charged its patience (its share)|kernel/sched/fair.c|/^static void place_latency(/,/^}/s/^\t\tse->latency_woken = now;$/\t\tse->latency_woken = now; se->vruntime += se->latency_offset;/|icount:sched/latency_nice_load_test:test_tolerant_sleeper_share
a waking tolerant entity does not note when it woke|kernel/sched/fair.c|/^static void place_latency(/,/^}/s/^\t\tse->latency_woken = now;$/\t\tse->latency_woken = 0;/|kunit:tolerant_place
a default wakee does not go before a tolerant one at the head|kernel/sched/fair.c|/^static void place_latency(/,/^}/s/^\tse->vruntime = max_vruntime(vruntime, min_vruntime(se->vruntime,$/\tse->vruntime = max_vruntime(se->vruntime, min_vruntime(se->vruntime,/|icount:sched/latency_nice_load_test:test_tolerant_background_heavy
a default wakee goes before a tolerant one past the sleeper credit|kernel/sched/fair.c|/^static void place_latency(/,/^}/s/^\tse->vruntime = max_vruntime(vruntime, min_vruntime(se->vruntime,$/\tse->vruntime = min_vruntime(se->vruntime, min_vruntime(se->vruntime,/|kunit:tolerant_place
a tolerant entity's wait is not bounded by its patience|kernel/sched/fair.c|/^static void place_latency(/,/^}/s/^\t    now - left->latency_woken >= left->latency_offset)$/\t    0)/|icount:sched/latency_nice_load_test:test_tolerant_waker_bounded
the wakeup fix is gone: a light wakee's granularity is not capped|kernel/sched/fair.c|/^cap_wakeup_gran(/,/^}/s/^\tif (unlikely(latency_max && vgran > latency_max))$/\tif (0)/|sched/latency_nice_wakeup_test:test_unfairness_fix
the wakeup fix caps before scaling by the weight|kernel/sched/fair.c|s/^\treturn cap_wakeup_gran(calc_delta_fair(gran, se), get_latency_max());$/\treturn calc_delta_fair(cap_wakeup_gran(gran, get_latency_max()), se);/|kunit:wakeup_gran_cap
no room for a cap gives a granularity of 0|kernel/sched/fair.c|/^cap_wakeup_gran(/,/^}/s/^\tif (unlikely(latency_max && vgran > latency_max))$/\tif (unlikely(vgran > latency_max))/|kunit:wakeup_gran_cap
a waking task's negative offset is ignored|kernel/sched/fair.c|/^static s64 wakeup_latency_shift(/,/^}/s/^\treturn se->latency_offset - /\treturn max_t(s64, se->latency_offset, 0) - /|kunit:preempt_pairs
a sensitive current task is no shield|kernel/sched/fair.c|/^static s64 wakeup_latency_shift(/,/^}/s/ - min_t(s64, curr->latency_offset, 0);$/ - 0;/|kunit:preempt_pairs
a tolerant current task is a shield|kernel/sched/fair.c|/^static s64 wakeup_latency_shift(/,/^}/s/ - min_t(s64, curr->latency_offset, 0);$/ - min_t(s64, curr->latency_offset, 0) + 2 * max_t(s64, curr->latency_offset, 0);/|kunit:preempt_pairs
a tolerant current task is a shield (measured)|kernel/sched/fair.c|/^static s64 wakeup_latency_shift(/,/^}/s/ - min_t(s64, curr->latency_offset, 0);$/ - min_t(s64, curr->latency_offset, 0) + 2 * max_t(s64, curr->latency_offset, 0);/|icount:sched/latency_nice_load_test:test_tolerant_background
the wake-up total is not capped at latency_max|kernel/sched/fair.c|/^static s64 __wakeup_latency_vdiff(/,/^}/s/^\treturn clamp(vdiff, -latency_max, latency_max);$/\treturn vdiff;/|kunit:preempt_pairs
a tolerant entity has no patience|kernel/sched/fair.c|/^static inline s64 __entity_patience(/,/^}/s/^\treturn max_t(s64, se->latency_offset, 0);$/\treturn 0;/|kunit:preempt_pairs
a key added once more inside the wake-up decision|kernel/sched/fair.c|/^wakeup_preempt_entity(struct sched_entity \*curr, struct sched_entity \*se)$/,/^}/s/^\t\tvdiff += wakeup_latency_vdiff(curr, se);$/\t\tvdiff += wakeup_latency_vdiff(curr, se) + __entity_patience(curr) - __entity_patience(se);/|kunit:decision_table
the wake-up decision ignores latency nice|kernel/sched/fair.c|/^wakeup_preempt_entity(struct sched_entity \*curr, struct sched_entity \*se)$/,/^}/s/^\tif (sched_latency_nice_active())$/\tif (0)/|kunit:decision_table
the tick reschedules a task behind the leftmost|kernel/sched/fair.c|/^static bool tick_lead_preempts(/,/^}/s/^\tif (delta < 0)$/\tif (delta < 0 \&\& !__pick_first_latency(cfs_rq))/|kunit:tick_sign_first
the tick does not look at the latency tree|kernel/sched/fair.c|/^check_preempt_tick(/,/^}/s/^\tif (tick_lead_preempts(cfs_rq, curr, ideal_runtime))$/\tif ((s64)(curr->vruntime - __pick_first_entity(cfs_rq)->vruntime) > (s64)ideal_runtime)/|kunit:tick_wiring
default entities enter the latency tree|kernel/sched/fair.c|/^static void __enqueue_latency(/,/^}/s/se->latency_offset >= 0 /se->latency_offset > 0 /|kunit:timeline_entry
SCHED_BATCH and SCHED_IDLE tasks enter the latency tree|kernel/sched/fair.c|/^static bool entity_wakeup_preempts(/,/^}/s/^\t\treturn task_of(se)->policy == SCHED_NORMAL;$/\t\treturn true;/|kunit:timeline_entry
the latency tree is in vruntime order|kernel/sched/fair.c|/^static inline bool entity_latency_before(/,/^}/{s/ + a->latency_offset//;s/ - b->latency_offset//}|kunit:timeline_order
a save/restore dequeue loses the place in the latency tree|kernel/sched/fair.c|/^static void dequeue_latency(/,/^}/s/^\tse->latency_saved = !(flags & DEQUEUE_SLEEP) .. (flags & DEQUEUE_SAVE);$/\tse->latency_saved = 0;/|kunit:timeline_requeue
a save loses a group entity's place in the latency tree|kernel/sched/fair.c|/^static void dequeue_latency(/,/^}/s/^\tse->latency_saved = !(flags & DEQUEUE_SLEEP) .. (flags & DEQUEUE_SAVE);$/\tse->latency_saved = !(flags \& DEQUEUE_SLEEP);/|kunit:timeline_requeue
a requeue is a wake-up for the latency tree|kernel/sched/fair.c|/^static void enqueue_latency(/,/^}/s/(flags & (ENQUEUE_WAKEUP . ENQUEUE_REQUEUE)) == ENQUEUE_WAKEUP/(flags \& ENQUEUE_WAKEUP)/|kunit:timeline_requeue
the group entities above a requeued task are enqueued as woken|kernel/sched/fair.c|/^enqueue_task_fair(/,/^}/s/^\t\tflags = ENQUEUE_WAKEUP . (task_new ? ENQUEUE_REQUEUE : 0);$/\t\tflags = ENQUEUE_WAKEUP;/|sched/latency_nice_cgroup_test:test_group_requeue_is_not_a_wakeup
an unthrottle enqueues the group entities as woken|kernel/sched/fair.c|/^void unthrottle_cfs_rq(/,/^}/s/^\t\tenqueue_entity(qcfs_rq, se, ENQUEUE_WAKEUP . ENQUEUE_REQUEUE);$/\t\tenqueue_entity(qcfs_rq, se, ENQUEUE_WAKEUP);/|sched/latency_nice_cgroup_test:test_group_unthrottle_is_not_a_wakeup
every put-back of a sensitive entity enters the latency tree|kernel/sched/fair.c|/^static void put_prev_entity(/,/^}/s/latency_preempted_early(cfs_rq, prev))$/1)/|sched/latency_nice_wakeup_test:test_sensitive_hog_put_back
a wake-up keeps the offset of the tunables it was set with|kernel/sched/fair.c|/^static void update_latency_offset(/,/^}/s/^\tif (!sched_latency_nice_active())$/\tif (1)/|sched/latency_nice_wakeup_test:test_offset_follows_tunables
any early preemption puts a sensitive task back in the latency tree|kernel/sched/fair.c|/^static bool latency_preempted_early(/,/^}/s/^\treturn rq->nr_running > rq->cfs.h_nr_running /\treturn rq->nr_running + 1 > rq->cfs.h_nr_running /|kunit:timeline_reentry
the pick takes the skip buddy from the latency tree|kernel/sched/fair.c|/^pick_latency_entity(/,/^}/s/latency != se && latency != cfs_rq->skip &&$/latency != se \&\&/|kunit:pick_latency_first
the pick takes the entity out of the latency tree|kernel/sched/fair.c|/^pick_latency_entity(/,/^}/s/^\t\treturn latency;$/\t\treturn __dequeue_latency(cfs_rq, latency), latency;/|kunit:pick_latency_first
the pick takes the latency tree's first entity however far behind|kernel/sched/fair.c|/^pick_latency_entity(/,/^}/s/wakeup_preempt_latency(se, latency) == 1)$/wakeup_preempt_latency(se, latency) >= -1)/|kunit:pick_latency_first
core scheduling ignores latency nice|kernel/sched/fair.c|s/^\t\tdelta += core_latency_delta(sea, seb, get_latency_max());$/\t\tdelta += 0 * core_latency_delta(sea, seb, get_latency_max());/|sched/latency_nice_core_test:test_core_sched_waker
core scheduling counts a sensitive task that is not waiting|kernel/sched/fair.c|/^static s64 core_latency_key(/,/^}/s/^\tif (entity_on_latency_timeline(se))$/\tif (1)/|kunit:core_order
core scheduling ignores tolerance|kernel/sched/fair.c|/^static s64 core_latency_key(/,/^}/s/^\ts64 key = __entity_patience(se);$/\ts64 key = 0;/|kunit:core_order
the uapi flag is not 0x80|include/uapi/linux/sched.h|s/^#define SCHED_FLAG_LATENCY_NICE\t\t0x80$/#define SCHED_FLAG_LATENCY_NICE\t\t0x100/|ksft-build:SCHED_FLAG_LATENCY_NICE is 0x80
set_next_entity() leaves the entity in the latency tree|kernel/sched/fair.c|/^\t\tcheck_timelines_order(se);$/,/UPDATE_TG);$/s/^\t\t\t__dequeue_latency(cfs_rq, se);$/\t\t\t(void)se;/|fuzz:kernel log: no splat
dequeue_entity() leaves the entity in the latency tree|kernel/sched/fair.c|s/^\t\t\tdequeue_latency(cfs_rq, se, flags);$/\t\t\t(void)flags;/|fuzz:kernel log: no splat
cpu.idle leaves a group entity in the latency tree|kernel/sched/fair.c|/Idle groups do not preempt at wakeup/{n;s/__dequeue_latency(parent_cfs_rq, se);/(void)se;/}|fuzz:kernel log: no splat
cpu.latency.nice changes a queued group entity's key in place|kernel/sched/fair.c|s/^\t\tqueued = se->on_rq \&\& se != cfs_rq_of(se)->curr;$/\t\tqueued = false;/|fuzz:kernel log: no splat
EOF
}

# The 6.12 (EEVDF) series: the interface's rules as on 6.1 (sched_setattr()
# is in syscalls.c there), then the slice map, sched_runtime's precedence
# and the echo that is no request, the lag bound of a long slice, the
# protection of a long slice (no shield), its patience at wake-up, a
# group's absolute slice and the paths that set it (enqueue, dequeue,
# unthrottle, cpu.latency.nice, also where an ancestor stays queued), and
# core scheduling's deadlines.  Not here, and why: cpu.latency.nice on
# possible CPUs only (6.12 keeps no per-CPU value to miss: an entity takes
# the group's value when it is enqueued); the long slice rule's
# independence of PREEMPT_SHORT (a feature switch is live state).
mutants_6_12() {
	cat <<'EOF'
sched_setattr() without the flag resets latency nice|kernel/sched/syscalls.c|/^static void __setscheduler_latency(/,/^}/s/^\tif (!(attr->sched_flags \& SCHED_FLAG_LATENCY_NICE))$/\tif (0)/|sched/latency_nice_test:test_noflag_untouched
the flag is taken with a VER0 or VER1 size|kernel/sched/syscalls.c|s/size < SCHED_ATTR_SIZE_VER2)/size < SCHED_ATTR_SIZE_VER0)/|sched/latency_nice_test:test_sizes
20 is in the range|kernel/sched/sched.h|s/latency_nice <= MAX_LATENCY_NICE;/latency_nice <= MAX_LATENCY_NICE + 1;/|sched/latency_nice_test:test_range_out_of_bounds
lowering the value needs no privilege|kernel/sched/syscalls.c|s/attr->sched_latency_nice < p->latency_nice &&$/& 0 \&\&/|sched/latency_nice_test:test_unpriv
reset-on-fork keeps the parent's value|kernel/sched/core.c|/^\t\tp->latency_nice = DEFAULT_LATENCY_NICE;$/d|sched/latency_nice_test:test_reset_on_fork
sched_getattr() reports 0|kernel/sched/syscalls.c|s/kattr.sched_latency_nice = p->latency_nice;/kattr.sched_latency_nice = 0;/|sched/latency_nice_test:test_round_trip
/proc/<pid>/sched has no latency_nice line|kernel/sched/debug.c|/P(latency_nice);/d|sched/latency_nice_test:test_proc_sched
cgroup v1 has no cpu.latency.nice|kernel/sched/core.c|/^static struct cftype cpu_legacy_files/,/^};/s/\.name = "latency\.nice",/.name = "latency.nice.v1",/|sched/latency_nice_cgroup_test:test_v1_interface
a same-policy call ignores a new latency nice|kernel/sched/syscalls.c|/^\t\t    attr->sched_latency_nice != p->latency_nice)$/{n;s/goto change;/{ }/}|sched/latency_nice_test:test_with_policy
cpu.latency.nice reads 0|kernel/sched/core.c|/^static s64 cpu_latency_nice_read_s64(/,/^}/s/return css_tg(css)->latency_nice;/return 0;/|sched/latency_nice_cgroup_test:test_v2_interface
the uapi flag is not 0x80|include/uapi/linux/sched.h|s/^#define SCHED_FLAG_LATENCY_NICE\t\t0x80$/#define SCHED_FLAG_LATENCY_NICE\t\t0x100/|ksft-build:SCHED_FLAG_LATENCY_NICE is 0x80
latency nice -20 maps to the slice of -15|kernel/sched/fair.c|s/^ \/\* -20 \*\/\t   64,/ \/* -20 *\/\t  128,/|kunit:slice_map_factor
a sensitive slice goes below sched_runtime's bound|kernel/sched/fair.c|s/^\t\treturn max(scaled, min_t(u64, slice, SCHED_SLICE_MIN));$/\t\treturn scaled;/|kunit:slice_map_bounds
a tolerant slice goes above sched_runtime's bound|kernel/sched/fair.c|s/^\treturn min(scaled, max_t(u64, slice, SCHED_SLICE_MAX));$/\treturn scaled;/|kunit:slice_map_bounds
a task's slice ignores its latency nice|kernel/sched/fair.c|/^static u64 default_slice(/,/^}/s/^\treturn latency_nice_slice(sysctl_sched_base_slice,$/\treturn sysctl_sched_base_slice + 0 * latency_nice_slice(sysctl_sched_base_slice,/|kunit:task_slice_and_deadline
latency nice overrides a sched_runtime slice|kernel/sched/syscalls.c|s/^\tif (latency_nice_policy(p->policy) \&\& !p->se.custom_slice)$/\tif (latency_nice_policy(p->policy))/|sched/latency_nice_eevdf_test:test_runtime_slice_wins
sched_setattr() leaves the new slice to the next deadline|kernel/sched/syscalls.c|s/^\tif (latency_nice_policy(p->policy) \&\& !p->se.custom_slice)$/\tif (0)/|sched/latency_nice_eevdf_test:test_runtime_slice_wins
dropping a sched_runtime slice gives the base slice at any latency nice|kernel/sched/syscalls.c|/^static void __setscheduler_params(/,/^}/s/^\t\t\tp->se.slice = latency_nice_slice(sysctl_sched_base_slice,$/\t\t\tp->se.slice = sysctl_sched_base_slice + 0 * latency_nice_slice(sysctl_sched_base_slice,/|sched/latency_nice_eevdf_test:test_runtime_slice_wins
an echo of the slice in effect is a request|kernel/sched/syscalls.c|s/^\treturn latency_nice_policy(p->policy) \&\& !p->se.custom_slice \&\&$/\treturn 0 \&\& latency_nice_policy(p->policy) \&\& !p->se.custom_slice \&\&/|sched/latency_nice_eevdf_test:test_echo_is_not_a_request
an idle task's echo of its slice is a request|kernel/sched/syscalls.c|s/^\treturn latency_nice_policy(p->policy) \&\& !p->se.custom_slice \&\&$/\treturn fair_policy(p->policy) \&\& !p->se.custom_slice \&\&/|sched/latency_nice_eevdf_test:test_idle_echo_is_not_a_request
a new latency nice leaves an idle task's slice|kernel/sched/syscalls.c|/^static void __setscheduler_latency(/,/^}/s/^\tif (latency_nice_policy(p->policy) \&\& !p->se.custom_slice)$/\tif (fair_policy(p->policy) \&\& !p->se.custom_slice)/|sched/latency_nice_eevdf_test:test_idle_echo_is_not_a_request
an echo of a task's own sched_runtime drops its request|kernel/sched/syscalls.c|s/^\treturn latency_nice_policy(p->policy) \&\& !p->se.custom_slice \&\&$/\treturn latency_nice_policy(p->policy) \&\&/|sched/latency_nice_eevdf_test:test_echo_is_not_a_request
a long slice carries its own positive lag|kernel/sched/fair.c|s/^\tif (sleep \&\& se->slice > sysctl_sched_base_slice)$/\tif (0)/|kunit:tolerant_lag_bound
a long slice's lag is clipped where it does not sleep|kernel/sched/fair.c|s/^\tif (sleep \&\& se->slice > sysctl_sched_base_slice)$/\tif (se->slice > sysctl_sched_base_slice)/|kunit:tolerant_lag_bound
a reweight clips a queued group's lag as a sleep does|kernel/sched/fair.c|s/^\tif (sleep \&\& se->slice > sysctl_sched_base_slice)$/\tif (se->slice > sysctl_sched_base_slice)/|sched/latency_nice_eevdf_test:test_group_reweight_keeps_lag
a wake-up does not start a long slice's base-slice requests anew|kernel/sched/fair.c|s/^\t\tse->wakeup_sum_exec_runtime = se->sum_exec_runtime;$/\t\tse->wakeup_sum_exec_runtime += 0;/|sched/latency_nice_eevdf_test:test_tolerant_sleeper_share
a wake-up does not start a long slice's base-slice requests anew (KUnit)|kernel/sched/fair.c|s/^\t\tse->wakeup_sum_exec_runtime = se->sum_exec_runtime;$/\t\tse->wakeup_sum_exec_runtime += 0;/|kunit:task_slice_and_deadline
a long slice's requests after the first since a wake-up are long|kernel/sched/fair.c|/^static bool update_deadline(/,/^}/s/calc_delta_fair(entity_request(se), se);$/calc_delta_fair(se->slice, se);/|sched/latency_nice_eevdf_test:test_tolerant_sleeper_share
a long slice's requests after the first since a wake-up are long (KUnit)|kernel/sched/fair.c|/^static bool update_deadline(/,/^}/s/calc_delta_fair(entity_request(se), se);$/calc_delta_fair(se->slice, se);/|kunit:task_slice_and_deadline
a long slice's debt is bounded as the base slice's|kernel/sched/fair.c|s/return clamp(vlag, -limit, credit);/return clamp(vlag, -credit, credit);/|kunit:tolerant_lag_bound
only 19's slice has its lag bounded as the base slice's|kernel/sched/fair.c|s/^\tif (sleep \&\& se->slice > sysctl_sched_base_slice)$/\tif (sleep \&\& se->slice >= latency_nice_slice(sysctl_sched_base_slice, MAX_LATENCY_NICE))/|kunit:tolerant_lag_bound
a long slice shields the current entity|kernel/sched/fair.c|/^static bool long_slice_expired(/,/^}/s/root->min_slice >= curr->slice/root/|kunit:long_slice_no_shield
a long slice shields the current entity (behaviour)|kernel/sched/fair.c|/^static bool long_slice_expired(/,/^}/s/root->min_slice >= curr->slice/root/|sched/latency_nice_eevdf_test:test_long_slice_no_shield
an equal slice ends the current entity's protection|kernel/sched/fair.c|/^static bool long_slice_expired(/,/^}/s/root->min_slice >= curr->slice/root->min_slice > curr->slice/|kunit:long_slice_no_shield
a delay-dequeued entity keeps the current entity's protection|kernel/sched/fair.c|/^static bool long_slice_expired(/,/^}/s/^\tif (ran < root->min_slice)$/\tif (__pick_first_entity(cfs_rq)->sched_delayed ? 1 : ran < root->min_slice)/|kunit:long_slice_no_shield
a long slice's protection ends at every update once expired|kernel/sched/fair.c|/^static bool long_slice_expired(/,/^}/s/ .. !protect_slice(curr))$/)/|kunit:long_slice_no_shield
a long slice still the pick stays unprotected|kernel/sched/fair.c|/^static bool long_slice_expired(/,/^}/s/^\tif (pick_eevdf(cfs_rq) != curr)$/\tif (1)/|kunit:long_slice_picked_again
a long slice preempts at wake-up as the base slice does|kernel/sched/fair.c|s/^\tif (patient_wakee(se, pse))$/\tif (0)/|sched/latency_nice_cgroup_test:test_group_19_is_patient
a long slice preempts at wake-up as the base slice does (CPU back online)|kernel/sched/fair.c|s/^\tif (patient_wakee(se, pse))$/\tif (0)/|sched/latency_nice_cgroup_test:test_v2_cpu_online_later
a long slice's wakee waits behind a long request|kernel/sched/fair.c|/^static inline bool patient_wakee(/,/^}/s/^\treturn (s64)(curr->deadline - curr->vruntime) <=$/\treturn 1 ? 1 : (s64)(curr->deadline - curr->vruntime) <=/|icount:sched/latency_nice_eevdf_test:test_tolerant_sleeper_beside_tolerant_hog
a group's value scales the shortest slice below it|kernel/sched/fair.c|s/^\t\treturn latency_nice_slice(sysctl_sched_base_slice, latency_nice);$/\t\treturn latency_nice_slice(cfs_rq_min_slice(se->my_q), latency_nice);/|sched/latency_nice_eevdf_test:test_group_slice_absolute
a group entity with nothing below takes no slice as its slice|kernel/sched/fair.c|/^static void update_group_slice(/,/^}/s/^\tif (slice == ~0ULL)$/\tif (0)/|kunit:group_slice_rule
an enqueue leaves a group entity's slice|kernel/sched/fair.c|/^\t\tupdate_group_slice(se);$/{N;s/^\t\tupdate_group_slice(se);\n\t\tenqueue_entity(cfs_rq, se, flags);$/\t\tenqueue_entity(cfs_rq, se, flags);/}|sched/latency_nice_eevdf_test:test_group_slice_absolute
a task waking below a queued group at 0 leaves its slice|kernel/sched/fair.c|/^enqueue_task_fair(/,/^}/{/^\t\tupdate_group_slice(se);$/{N;s/^\t\tupdate_group_slice(se);\n\t\tif (se != cfs_rq->curr)$/\t\tif (se != cfs_rq->curr)/}}|sched/latency_nice_eevdf_test:test_group_slice_when_task_leaves
a task leaving a group at 0 leaves it the shortest slice|kernel/sched/fair.c|/^static int dequeue_entities(/,/^}/{/^\t\tupdate_group_slice(se);$/d}|sched/latency_nice_eevdf_test:test_group_slice_when_task_leaves
an unthrottle leaves the group entities' slices|kernel/sched/fair.c|/^\t\tupdate_group_slice(se);$/{N;s/^\t\tupdate_group_slice(se);\n\t\tenqueue_entity(qcfs_rq, se, ENQUEUE_WAKEUP);$/\t\tenqueue_entity(qcfs_rq, se, ENQUEUE_WAKEUP);/}|sched/latency_nice_eevdf_test:test_group_write_at_once
an unthrottle leaves the slices of the ancestors still queued|kernel/sched/fair.c|/^void unthrottle_cfs_rq(/,/^}/{/^\t\tupdate_group_slice(se);$/{N;s/^\t\tupdate_group_slice(se);\n\t\tif (se != qcfs_rq->curr)$/\t\tif (se != qcfs_rq->curr)/}}|sched/latency_nice_eevdf_test:test_unthrottle_sets_ancestors
cpu.latency.nice leaves a throttled group's entity|kernel/sched/fair.c|/^static bool set_group_slice(/,/^}/s/^\tupdate_group_slice(se);$/\tif (se->on_rq)\n\t\tupdate_group_slice(se);/|kunit:group_latency_every_cpu
cpu.latency.nice keeps the deadline of the old request|kernel/sched/fair.c|s/^\tif (se->on_rq .. se->rel_deadline)$/\tif (0)/|kunit:group_latency_every_cpu
cpu.latency.nice changes a queued group entity's deadline inside the tree|kernel/sched/fair.c|s/^\tbool queued = se->on_rq \&\& se != cfs_rq->curr;$/\tbool queued = false;/|kunit:group_latency_requeued
cpu.latency.nice leaves the parent at 0 its old slice|kernel/sched/fair.c|s/^\t\twhile (se \&\& set_group_slice(se))$/\t\tif (se \&\& set_group_slice(se))/|sched/latency_nice_eevdf_test:test_group_write_at_once
core scheduling compares vruntimes|kernel/sched/fair.c|s/delta = (s64)(sea->deadline - seb->deadline) +/delta = (s64)(sea->vruntime - seb->vruntime) +/|kunit:core_prio_deadlines
EOF
}

# The latnice tool (latnice/ of the checkout): its flag and -a in the
# series' guest; on this machine's kernel (slices), the slice map, the base
# slice it learns (and gives back), the policies a slice applies to, and
# the status of -a when it skips a thread.
mutants_tool() {
	cat <<'EOF'
latnice's flag is not 0x80|latnice/latnice.c|s/^#define LATNICE_SCHED_FLAG\t0x80\t/#define LATNICE_SCHED_FLAG\t0x100\t/|latnice:set-pid
latnice -a sets one thread only|latnice/latnice.c|s/^\t\tif (ctl->all_tasks)$/\t\tif (0)/|latnice:all-tasks-set
latnice's slice doubles every 4 values, not 5|latnice/latnice.c|s/exp2(value \/ 5\.0)/exp2(value \/ 4.0)/|latnice-host:kernel-slice
latnice takes its own, maybe inherited, slice for the base|latnice/latnice.c|s/^\tattr.sched_runtime = 0;$/\tattr.sched_runtime = own.sched_runtime;/|latnice-host:base-under-a-slice
latnice keeps the base slice it read for its own|latnice/latnice.c|s/^\t\tsyscall(SYS_sched_setattr, 0, \&attr, 0);$/\t\t;/|latnice-host:pid-zero
latnice sets a slice on a SCHED_FIFO task, which ignores it|latnice/latnice.c|s/^\tif (!takes_slice(attr->sched_policy))$/\tif (0)/|latnice-host:fifo
latnice shows a real-time task's value as if it took effect|latnice/latnice.c|s/^\telse if (!latency_applies(r->policy))$/\telse if (0)/|latnice:fifo
latnice's child reads a slice it inherited for the base|latnice/latnice.c|s/^\tattr.sched_flags = SCHED_FLAG_RESET_ON_FORK;$/\tattr.sched_flags = 0;/|latnice-host:kind-idle
latnice -a says nothing of the threads it skips|latnice/latnice.c|s/return walk ? TASK_SKIPPED : TASK_FAILED;/return walk ? TASK_DONE : TASK_FAILED;/|latnice-host:all-tasks-fifo
EOF
}

# A file of latnice/ is mutated in a copy ($src), the checkout's left as it
# is; the kernel's in the mutant tree, restored from git.
restore() {
	[ -n "$file" ] && [ "$src" = $TREE ] && git -C $TREE checkout -q -- "$file"
}

# The run: TAP on stdout, its status the run's.
run() {
	trap restore EXIT
	trap 'restore; exit 130' INT TERM
	echo "TAP version 13"
	# MUTANTS=REGEX runs the mutants whose line (description, file, sed
	# script, case) matches, to try a few.
	selected() {
		mutants | grep -E -- "${MUTANTS:-.}"
	}
	# "ok NAME" or "not ok NAME" for each result line of a TAP log, at any depth
	# ("# " or blanks before it), without directives or carriage returns.
	results() {
		tr -d '\r' <"$1" |
			sed -n 's/^[# ]*\(not ok\|ok\) [0-9][0-9]* \(.*\)$/\1 \2/p' |
			sed 's/ # .*$//'
	}

	start=$(date +%s)
	n=0 caught=0
	selected >"$OUT/list"
	while IFS='|' read -r what file script test; do
		n=$((n + 1))
		src=$TREE
		case $file in latnice/*)
			src=$OUT/src
			rm -rf "$src" && mkdir -p "$src" && cp -r latnice "$src/" ;;
		esac
		sed -e "$script" "$src/$file" >"$OUT/mutant"
		if cmp -s "$OUT/mutant" "$src/$file"; then
			tap_not_ok "$what: the mutant does not apply to $file"
			continue
		fi
		cp "$OUT/mutant" "$src/$file"
		kind=${test%%:*} case=${test#*:}
		if [ "$kind" = latnice-host ]; then
			# The tool's test on this machine's kernel: no kernel to build.
			rm -rf "$OUT/host"
			if ! sh scripts/tree/build-latnice.sh "$OUT/host" "$src/latnice" >"$OUT/$n.build" 2>&1; then
				tap_not_ok "$what: the latnice tool does not build ($OUT/$n.build)"
				continue
			fi
			sh "$OUT/host/test.sh" slice >"$OUT/$n.log" 2>&1
			if results "$OUT/$n.log" | grep -Fxq -- "not ok $case"; then
				tap_ok "$what: $case fails"
				caught=$((caught + 1))
			else
				tap_not_ok "$what: $case does not fail on this machine's kernel ($OUT/$n.log)"
			fi
			continue
		fi
		if ! sh scripts/tree/build-kernel.sh $TREE $OBJ $FRAGS >"$OUT/$n.build" 2>&1; then
			tap_not_ok "$what: the mutant does not build ($OUT/$n.build)"
			restore
			continue
		fi
		initrd=$GUEST_INITRD env= timeout=2400
		case $kind in
		ksft-build)
			# The pinned value is the test: the kselftests must not build.
			rm -f $OBJ/kselftest.log
			if KSFT_TARGETS=sched sh scripts/tree/build-kselftests.sh $TREE $OBJ \
				"$OUT/ksft" >>"$OUT/$n.build" 2>&1; then
				tap_not_ok "$what: the kselftests still build"
			elif grep -Fq -- "$case" $OBJ/kselftest.log; then
				tap_ok "$what: the kselftests do not build ($case)"
				caught=$((caught + 1))
			else
				tap_not_ok "$what: the kselftests do not build, but not on \"$case\" ($OUT/$n.build)"
			fi
			restore
			continue
			;;
		latnice)
			# The tool and its test from the mutant tree, the rest as built.
			# (Without the built copy: make would find it newer than its
			# source and keep it, whatever a mutant of a header changed.)
			rm -rf "$OUT/ksft"
			cp -a $KSFT "$OUT/ksft"
			rm -rf "$OUT/ksft/latnice"
			lsrc=latnice
			[ "$src" = $TREE ] || lsrc=$src/latnice
			if ! sh scripts/tree/build-latnice.sh "$OUT/ksft/latnice" $lsrc >>"$OUT/$n.build" 2>&1 ||
				! sh scripts/tree/initramfs.sh "$OUT/initramfs.cpio.gz" "$OUT/ksft" >>"$OUT/$n.build" 2>&1; then
				tap_not_ok "$what: the latnice tool does not build ($OUT/$n.build)"
				restore
				continue
			fi
			initrd=$OUT/initramfs.cpio.gz cmd="run-selftests latnice"
			;;
		kunit) cmd=true env=KUNIT=1 ;;
		fuzz) cmd="FUZZ_SECONDS=${MUTANT_FUZZ_SECONDS:-20} check-fuzz" timeout=420 ;;
		icount)
			# Only the case, alone in its boot (minutes each).
			case=${case#*:}
			cmd="/kselftest/${test#icount:}" cmd="${cmd%%:*} $case"
			env="ICOUNT=0 APPEND=maxcpus=1"
			;;
		*) cmd="/kselftest/$kind" ;;
		esac
		restore
		# Slow guests beside other work: a hang, not a slow run, must fail.
		env $env TIMEOUT=$timeout VMDIR="$VMDIR" sh scripts/boot/qemu-run.sh \
			$OBJ/$BZIMAGE "$initrd" "$cmd" >"$OUT/$n.log" 2>&1
		tr -d '\r' <"$VMDIR/console.log" >"$OUT/$n.console"
		# KUnit ran at boot: its result lines are on the console.
		log=$OUT/$n.log
		[ "$kind" = kunit ] && log=$OUT/$n.console
		# Only the case written for the rule counts, not any failure.
		if results "$log" | grep -Fxq -- "not ok $case" ||
			{ [ "$kind" = fuzz ] && grep -Eq -- "$splat" "$OUT/$n.console"; }; then
			tap_ok "$what: $case fails"
			caught=$((caught + 1))
		else
			if results "$log" | grep -Fxq -- "ok $case"; then
				got=passes
			else
				got="gave no result"
			fi
			tap_not_ok "$what: $case $got (failed: $(results "$log" | sed -n 's/^not ok //p' | tr '\n' ';' | sed 's/;$//'))"
		fi
	done <"$OUT/list"
	file=
	t=$(($(date +%s) - start))
	echo "# $caught of $n mutants caught in $((t / 60)) min $((t % 60)) s"
	tap_plan
	return $tap_failed
}

# The TAP also goes to $OUT/mutants.tap, and into $OUT/report.md with the
# commit and the date (scripts/report/results.sh adds it to RESULTS.md).
{ run; echo $? >"$OUT/rc"; } | tee "$OUT/mutants.tap"
rc=$(cat "$OUT/rc")
{
	printf '# make mutants (%s)\n\n- commit: %s (series %s)\n- date: %s\n\n```\n' \
		"Linux $LINUX" "$(git describe --always --dirty)" "$(git -C $SRC rev-parse --short=9 HEAD)" "$(date -u '+%Y-%m-%d %H:%M UTC')"
	grep -E '^(not )?ok |^# [0-9]+ of' "$OUT/mutants.tap"
	echo '```'
} >"$OUT/report.md"
exit "$rc"
