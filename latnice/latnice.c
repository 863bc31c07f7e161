// SPDX-License-Identifier: GPL-2.0-only
/*
 * latnice - show or change the latency nice value of tasks and cgroups
 *
 * The latency nice value, in [-20, 19] with a default of 0, tells the
 * scheduler how urgently a task wants the CPU when it wakes up: the lower,
 * the sooner.  It never changes the task's share of CPU time.
 *
 * Three kinds of kernel:
 *  - with latency nice (the 6.1 or the 6.12 series): sched_setattr(2) with
 *    SCHED_FLAG_LATENCY_NICE for a task, cpu.latency.nice for a cgroup;
 *  - a stock EEVDF kernel with custom slices (Linux 6.12 and later): the
 *    value becomes the slice that the 6.12 series gives it,
 *    clamp(base * 2^(value / 5), 0.1 ms, 100 ms), asked for through
 *    sched_attr.sched_runtime; there is no cgroup form;
 *  - neither: a clear error, nothing changed.
 *
 * The command line follows chrt(1) and uclampset(1) from util-linux, and
 * renice(1) for several pids and its "old -> new" line.
 */
#define _GNU_SOURCE
#include <assert.h>
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/sched.h>
#include <linux/types.h>

#define LATNICE_VERSION		"2.0"

#define MIN_LATENCY_NICE	(-20)
#define MAX_LATENCY_NICE	19

#define EXIT_USAGE		2
#define EXIT_SKIPPED		3	/* --all-tasks: threads left as they are */
#define EXIT_EXEC_FAILED	126
#define EXIT_EXEC_ENOENT	127

#define CGROUP_FILE		"cpu.latency.nice"

/*
 * The uapi of latency nice (include/uapi/linux/sched.h and sched/types.h
 * of either series), which no distribution's headers have: the flag, and
 * the size of struct sched_attr with sched_latency_nice at offset 56.
 */
#define LATNICE_SCHED_FLAG	0x80	/* SCHED_FLAG_LATENCY_NICE */
#define LATNICE_ATTR_SIZE	60	/* SCHED_ATTR_SIZE_VER2 */
#define ATTR_SIZE_VER0		48	/* up to sched_period */

/* sched_runtime's bounds for a fair task's slice, as the kernel clamps it */
#define SLICE_MIN_NS		100000ULL
#define SLICE_MAX_NS		100000000ULL

#ifndef SCHED_EXT
#define SCHED_EXT		7
#endif

/* Errors of our own, beside -errno */
#define ENEITHER		4096	/* no latency nice, no custom slices */
#define ENOTFAIR		4097	/* a slice on a non-fair task */
#define ENOCGROUP		4098	/* slices have no cgroup form */
#define EUNSURE			4099	/* slices or not: nothing to tell */
#define ENOBASE			4100	/* slices, but no base slice known */

#define WHY_NEITHER	"this kernel has neither latency nice nor EEVDF custom slices (sched_runtime, Linux 6.12 and later)"
#define WHY_NOTFAIR	"this kernel has no latency nice, and a slice (sched_runtime) applies to SCHED_OTHER and SCHED_BATCH tasks only"
#define WHY_NO_SLICE	"without latency nice, only SCHED_OTHER and SCHED_BATCH tasks have one"
#define WHY_NO_EFFECT	"latency nice takes effect under SCHED_OTHER, SCHED_BATCH and SCHED_IDLE only"
#define WHY_UNSURE	"cannot tell whether this kernel has custom slices: no task in sight has a policy that shows them (this one is real-time or deadline)"
#define WHY_NOCGROUP	"this kernel has no latency nice, so no cpu.latency.nice (its custom slices, which latnice uses here, are per task)"
#define WHY_LOWERING	"permission denied: lowering the latency nice needs CAP_SYS_NICE or an RLIMIT_NICE that allows it"
#define WHY_NOT_OWNER	"permission denied: changing another user's task needs CAP_SYS_NICE"
#define WHY_NO_FILE	"not a cgroup with the cpu controller, or the root group"

/* struct sched_attr up to LATNICE_ATTR_SIZE */
struct latnice_attr {
	__u32 size;
	__u32 sched_policy;
	__u64 sched_flags;
	__s32 sched_nice;
	__u32 sched_priority;
	__u64 sched_runtime;
	__u64 sched_deadline;
	__u64 sched_period;
	__u32 sched_util_min;
	__u32 sched_util_max;
	__s32 sched_latency_nice;
};

static_assert(offsetof(struct latnice_attr, sched_latency_nice) +
	      sizeof(__s32) == LATNICE_ATTR_SIZE,
	      "struct latnice_attr does not match the kernel ABI");

#define latnice_err(fmt, ...) \
	fprintf(stderr, "latnice: " fmt "\n", ##__VA_ARGS__)

/* What the kernel offers, learnt once (probe_kernel()) */
static enum { KERNEL_UNKNOWN, KERNEL_LATENCY_NICE, KERNEL_SLICE,
	      KERNEL_NEITHER, KERNEL_UNSURE } kernel;
/* ns, KERNEL_SLICE: from --base-slice, else need_base_slice(); 0: not known */
static __u64 base_slice;
static char why_nobase[256];	/* why base_slice is not known */

/* What the command line asks for */
struct latnice_ctl {
	int value;		/* latency nice to set */
	pid_t *pids;		/* tasks to operate on (-p) */
	int npids;
	const char *cgroup;	/* cgroup directory to operate on */
	char **command;		/* command to run, NULL-terminated */
	bool set;		/* -n given */
	bool all_tasks;		/* -a */
	bool reset_on_fork;	/* -R */
	bool quiet;		/* -q */
	bool verbose;		/* -v */
	bool show_kernel;	/* --kernel */
};

/* A task's latency nice as read, and the slice behind it (KERNEL_SLICE) */
struct reading {
	int value;
	__u64 slice;
	__u32 policy;
};

static void usage(void)
{
	fputs("\n"
	      "Usage:\n"
	      " latnice [options] -n <value> <command> [<argument>...]\n"
	      " latnice [options] [-n <value>] -p <pid>...\n"
	      " latnice [options] [-n <value>] --cgroup <path>\n"
	      " latnice --kernel\n"
	      "\n"
	      "Show or change the latency nice value of tasks or a cgroup.\n"
	      "\n"
	      "Options:\n"
	      " -n, --latency-nice <value>  latency nice value to set\n"
	      " -p, --pid <pid>...          operate on existing pids (0: latnice itself)\n"
	      " -a, --all-tasks             operate on all the threads of the pids\n"
	      " -R, --reset-on-fork         set the reset-on-fork flag as well\n"
	      "     --cgroup <path>         operate on the cgroup directory <path>\n"
	      "     --base-slice <ms>       the kernel's base slice, where latnice cannot\n"
	      "                               learn it (custom slices only)\n"
	      "     --kernel                show what this kernel offers\n"
	      " -q, --quiet                 no old -> new lines, no notice about slices\n"
	      " -v, --verbose               display the value after a change\n"
	      "\n"
	      " -h, --help                  display this help\n"
	      " -V, --version               display version\n"
	      "\n"
	      "The value range is [-20, 19]; lower values ask for a lower scheduling\n"
	      "latency. The default is 0. On a kernel without latency nice but with\n"
	      "EEVDF custom slices, a value sets the task's slice (sched_runtime).\n"
	      "\n"
	      "For more details see latnice(1).\n", stdout);
}

/* A usage error: the message and a hint on stderr, exit status 2 */
static void usage_error(const char *fmt, ...)
{
	va_list ap;

	fputs("latnice: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputs("\nTry 'latnice --help' for more information.\n", stderr);
	exit(EXIT_USAGE);
}

/* Strict decimal: optional sign, digits, nothing else. */
static int parse_long(const char *s, long *val)
{
	const char *p = s;
	char *end;

	if (*p == '-' || *p == '+')
		p++;
	if (!isdigit((unsigned char)*p))
		return -EINVAL;

	errno = 0;
	*val = strtol(s, &end, 10);
	if (*end)
		return -EINVAL;
	if (errno == ERANGE)
		return -ERANGE;
	return 0;
}

static int parse_value(const char *s)
{
	long val;
	int err = parse_long(s, &val);

	if (err == -EINVAL) {
		latnice_err("invalid latency nice value '%s': not a decimal integer",
			    s);
		exit(EXIT_FAILURE);
	}
	if (err || val < MIN_LATENCY_NICE || val > MAX_LATENCY_NICE) {
		latnice_err("invalid latency nice value '%s': out of range [%d, %d]",
			    s, MIN_LATENCY_NICE, MAX_LATENCY_NICE);
		exit(EXIT_FAILURE);
	}
	return val;
}

/* A pid, 0 for latnice itself (as renice and chrt take it) */
static pid_t parse_pid(const char *s)
{
	long val;

	if (parse_long(s, &val) || val < 0 || val > INT_MAX) {
		latnice_err("invalid PID argument '%s': not a pid (a decimal integer, 0 for latnice itself)",
			    s);
		exit(EXIT_FAILURE);
	}
	return val ? val : getpid();
}

/* Milliseconds, as latnice shows slices, to nanoseconds */
static __u64 parse_ms(const char *s)
{
	char *end;
	double ms;

	errno = 0;
	ms = isdigit((unsigned char)*s) ? strtod(s, &end) : 0;
	if (ms <= 0 || ms > 1000 || *end || errno) {
		latnice_err("invalid base slice '%s': not a number of milliseconds in (0, 1000]",
			    s);
		exit(EXIT_FAILURE);
	}
	return llround(ms * 1e6);
}

static int get_attr(pid_t pid, struct latnice_attr *attr)
{
	memset(attr, 0, sizeof(*attr));
	if (syscall(SYS_sched_getattr, pid, attr, sizeof(*attr), 0))
		return -errno;
	return 0;
}

/*
 * sched_getattr() reports sched_runtime as the slice of a task of any
 * policy but the real-time and deadline ones (theirs is their priority or
 * their runtime) on a kernel with custom slices, as 0 before them.
 */
static bool reads_slice(__u32 policy)
{
	return policy != SCHED_FIFO && policy != SCHED_RR &&
	       policy != SCHED_DEADLINE;
}

/*
 * The policies whose slice sched_setattr() sets: not SCHED_IDLE, whose
 * sched_runtime the kernel ignores; not SCHED_EXT, whose BPF scheduler
 * has slices of its own.
 */
static bool takes_slice(__u32 policy)
{
	return policy == SCHED_NORMAL || policy == SCHED_BATCH;
}

/*
 * The policies of the fair class, under which latency nice takes effect
 * on a kernel with latency nice (SCHED_IDLE too, in both series).
 */
static bool latency_applies(__u32 policy)
{
	return takes_slice(policy) || policy == SCHED_IDLE;
}

static const char *policy_name(__u32 policy)
{
	switch (policy) {
	case SCHED_NORMAL:	return "SCHED_OTHER";
	case SCHED_FIFO:	return "SCHED_FIFO";
	case SCHED_RR:		return "SCHED_RR";
	case SCHED_BATCH:	return "SCHED_BATCH";
	case SCHED_IDLE:	return "SCHED_IDLE";
	case SCHED_DEADLINE:	return "SCHED_DEADLINE";
	case SCHED_EXT:		return "SCHED_EXT";
	}
	return "unknown-policy";
}

/*
 * The slice of latency nice @value (DESIGN.md 3b): the base slice scaled
 * by 2^(value / 5), 1/16 of it at -20 and about 14 times at 19, within
 * the bounds that sched_runtime has.
 */
static __u64 slice_of(int value)
{
	double slice = base_slice * exp2(value / 5.0);

	if (slice < SLICE_MIN_NS)
		return SLICE_MIN_NS;
	if (slice > SLICE_MAX_NS)
		return SLICE_MAX_NS;
	return llround(slice);
}

/*
 * The value whose slice is nearest to @slice, on a log scale.  The bounds
 * give several values one slice: the one furthest from 0 shows.
 */
static int value_of(__u64 slice)
{
	double best = INFINITY;
	int v, value = 0;

	for (v = MIN_LATENCY_NICE; v <= MAX_LATENCY_NICE; v++) {
		double d = fabs(log2((double)slice_of(v) / slice));

		if (d < best || (d == best && abs(v) > abs(value))) {
			best = d;
			value = v;
		}
	}
	return value;
}

/*
 * The base slice, as a task that has not asked for a slice reads it back
 * in sched_runtime: the kernel gives a request of 0 the base slice at
 * once.  This task may have inherited a slice, so it hands it back for
 * one reading, then asks for it again: no privilege needed, as policy,
 * nice value and reset-on-fork stay.  0 where that fails or this task is
 * not SCHED_OTHER or SCHED_BATCH.
 */
static __u64 own_base_slice(void)
{
	struct latnice_attr attr, own;
	__u64 slice = 0;

	if (get_attr(0, &own) || !takes_slice(own.sched_policy))
		return 0;
	attr = own;
	attr.size = ATTR_SIZE_VER0;
	attr.sched_flags = SCHED_FLAG_KEEP_POLICY |
			   (own.sched_flags & SCHED_FLAG_RESET_ON_FORK);
	attr.sched_runtime = 0;
	if (syscall(SYS_sched_setattr, 0, &attr, 0))
		return 0;
	if (!get_attr(0, &attr))
		slice = attr.sched_runtime;
	if (own.sched_runtime != slice) {
		attr = own;
		attr.size = ATTR_SIZE_VER0;
		attr.sched_flags = SCHED_FLAG_KEEP_POLICY |
				   (own.sched_flags & SCHED_FLAG_RESET_ON_FORK);
		syscall(SYS_sched_setattr, 0, &attr, 0);
	}
	return slice;
}

/*
 * Run in a child: set reset-on-fork, which any task may set (policy and
 * parameters stay), so that a grandchild starts with the base slice, and
 * let that one read it: as SCHED_OTHER at nice 0 where this task is
 * real-time, with its policy and nice value otherwise (SCHED_IDLE too,
 * whose slice sched_getattr() reports).  Returns, in the grandchild, the
 * slice; in the child, 0 once the grandchild is done, or -errno of the
 * step that failed.
 */
static long long reset_on_fork_child(void)
{
	struct latnice_attr attr;
	pid_t grandchild;
	int err;

	err = get_attr(0, &attr);
	if (err)
		return err;
	attr.size = ATTR_SIZE_VER0;
	attr.sched_flags = SCHED_FLAG_RESET_ON_FORK;
	if (syscall(SYS_sched_setattr, 0, &attr, 0))
		return -errno;
	grandchild = fork();
	if (grandchild < 0)
		return -errno;
	if (grandchild > 0) {
		waitpid(grandchild, NULL, 0);
		return 0;
	}
	err = get_attr(0, &attr);
	if (err)
		return err;
	return attr.sched_runtime ? (long long)attr.sched_runtime : -ECHILD;
}

/*
 * The same through a grandchild (reset_on_fork_child()), for a caller of
 * another policy or one that cannot hand its slice back: needs no
 * privilege, but two processes (a deadline task cannot fork).  Returns
 * the slice, or -errno of the step that failed.
 */
static long long child_base_slice(void)
{
	long long slice = -ECHILD;
	int fd[2];
	pid_t child;

	if (pipe(fd))
		return -errno;
	fflush(NULL);
	child = fork();
	if (child == 0) {
		slice = reset_on_fork_child();
		_exit(slice && write(fd[1], &slice, sizeof(slice)) !=
		      sizeof(slice));
	}
	if (child < 0)
		slice = -errno;
	close(fd[1]);
	if (child > 0 && read(fd[0], &slice, sizeof(slice)) != sizeof(slice))
		slice = -ECHILD;
	close(fd[0]);
	if (child > 0)
		waitpid(child, NULL, 0);
	return slice;
}

/*
 * Learn base_slice once, where it is not known yet (--base-slice gives
 * it), or say in why_nobase why it cannot be learnt.  Returns 0 or
 * -ENOBASE.
 */
static int need_base_slice(void)
{
	static bool tried;
	struct latnice_attr attr;
	long long slice;

	if (base_slice || tried)
		return base_slice ? 0 : -ENOBASE;
	tried = true;
	base_slice = own_base_slice();
	if (base_slice)
		return 0;
	slice = child_base_slice();
	if (slice > 0) {
		base_slice = slice;
		return 0;
	}
	if (get_attr(0, &attr))
		attr.sched_policy = SCHED_NORMAL;
	snprintf(why_nobase, sizeof(why_nobase),
		 "the base slice is unknown: this %s task cannot read it, and %s (%s); give it with --base-slice <ms>",
		 policy_name(attr.sched_policy),
		 slice == -EAGAIN ? "cannot fork a child to read it" :
		 "its child could not read it", strerror(-slice));
	return -ENOBASE;
}

/*
 * Whether the kernel has custom slices, from the first task in /proc whose
 * policy shows its slice: KERNEL_SLICE, KERNEL_NEITHER or, where there is
 * none, KERNEL_UNSURE.
 */
static int slice_in_proc(void)
{
	struct latnice_attr attr;
	struct dirent *d;
	int ret = KERNEL_UNSURE;
	DIR *dir;
	long pid;

	dir = opendir("/proc");
	if (!dir)
		return ret;
	while (ret == KERNEL_UNSURE && (d = readdir(dir))) {
		if (parse_long(d->d_name, &pid) || pid < 1 || pid > INT_MAX ||
		    get_attr(pid, &attr) || !reads_slice(attr.sched_policy))
			continue;
		ret = attr.sched_runtime ? KERNEL_SLICE : KERNEL_NEITHER;
	}
	closedir(dir);
	return ret;
}

/*
 * Which kernel: latency nice when sched_getattr() knows a struct
 * sched_attr of LATNICE_ATTR_SIZE bytes (the kernel sets the size to what
 * it knows); else custom slices when a task whose policy shows its slice
 * (this one, or else the first such in /proc) has one.  Any caller can
 * tell; the base slice is another question (need_base_slice()), asked
 * only where an answer needs it.
 */
static void probe_kernel(void)
{
	struct latnice_attr attr;

	kernel = KERNEL_UNSURE;
	if (get_attr(0, &attr))
		return;
	if (attr.size >= LATNICE_ATTR_SIZE)
		kernel = KERNEL_LATENCY_NICE;
	else if (reads_slice(attr.sched_policy))
		kernel = attr.sched_runtime ? KERNEL_SLICE : KERNEL_NEITHER;
	else
		kernel = slice_in_proc();
}

/*
 * The attributes that give a task latency nice @value on a kernel with
 * latency nice: SCHED_FLAG_LATENCY_NICE, every other parameter kept.
 */
static void latency_nice_attr(struct latnice_attr *attr, int value,
			      struct reading *old)
{
	old->value = attr->sched_latency_nice;
	attr->size = LATNICE_ATTR_SIZE;
	attr->sched_latency_nice = value;
	attr->sched_flags = LATNICE_SCHED_FLAG | SCHED_FLAG_KEEP_PARAMS;
}

/*
 * The same on a kernel with custom slices: @value's slice.  The slice is
 * a parameter: no SCHED_FLAG_KEEP_PARAMS, the nice value read goes back
 * as it is.  0 hands the slice back: the task then follows the base
 * slice.  Returns 0 or -errno; -ENOTFAIR where the policy has no slice.
 */
static int slice_attr(struct latnice_attr *attr, int value,
		      struct reading *old)
{
	int err;

	if (!takes_slice(attr->sched_policy))
		return -ENOTFAIR;
	err = need_base_slice();
	if (err)
		return err;
	old->slice = attr->sched_runtime;
	old->value = value_of(old->slice);
	attr->size = ATTR_SIZE_VER0;
	attr->sched_runtime = value ? slice_of(value) : 0;
	attr->sched_flags = 0;
	return 0;
}

/*
 * The kernel-facing part: read the latency nice of task @pid into @old
 * and, with @set, change it to @ctl->value, through
 * SCHED_FLAG_LATENCY_NICE or through sched_runtime.  Policy, nice value,
 * real-time and deadline parameters and utilization clamps stay as they
 * are; so does reset-on-fork (never cleared: an unprivileged caller may
 * not clear it) unless -R sets it.  Returns 0 or -errno; -ENOTFAIR with
 * @old->policy where the task's policy has no slice.
 */
static int sched_latency(const struct latnice_ctl *ctl, pid_t pid, bool set,
			 struct reading *old)
{
	struct latnice_attr attr;
	__u64 keep_rof;
	int err;

	switch (kernel) {
	case KERNEL_NEITHER:
		return -ENEITHER;
	case KERNEL_UNSURE:
		return -EUNSURE;
	default:
		break;
	}
	err = get_attr(pid, &attr);
	if (err)
		return err;
	keep_rof = attr.sched_flags & SCHED_FLAG_RESET_ON_FORK;
	old->policy = attr.sched_policy;

	if (kernel == KERNEL_LATENCY_NICE)
		latency_nice_attr(&attr, ctl->value, old);
	else
		err = slice_attr(&attr, ctl->value, old);
	if (err || !set)
		return err;

	/*
	 * SCHED_FLAG_KEEP_POLICY keeps reset-on-fork as it is and ignores
	 * SCHED_FLAG_RESET_ON_FORK: with -R, hand the kernel the policy read
	 * above instead (as with chrt, a policy change between the two calls
	 * would be undone).
	 */
	if (ctl->reset_on_fork)
		attr.sched_flags |= SCHED_FLAG_RESET_ON_FORK;
	else
		attr.sched_flags |= SCHED_FLAG_KEEP_POLICY | keep_rof;
	if (syscall(SYS_sched_setattr, pid, &attr, 0))
		return -errno;
	return 0;
}

/*
 * After the first change on a kernel without latency nice, say what it
 * was, unless -q.
 */
static void say_slice(const struct latnice_ctl *ctl)
{
	static bool said;

	if (kernel != KERNEL_SLICE || said || ctl->quiet)
		return;
	said = true;
	if (ctl->value)
		latnice_err("this kernel has no latency nice: latency nice %d set as the slice %.3f ms (sched_runtime)",
			    ctl->value, slice_of(ctl->value) / 1e6);
	else
		latnice_err("this kernel has no latency nice: latency nice 0 hands the slice back (sched_runtime 0)");
}

/*
 * Explain a failure (@err: -errno); @lowering: -1 when reading, else
 * whether the change lowers the value.
 */
static const char *task_strerror(int err, int lowering)
{
	switch (err) {
	case -ENEITHER:
		return WHY_NEITHER;
	case -ENOTFAIR:
		return WHY_NOTFAIR;
	case -EUNSURE:
		return WHY_UNSURE;
	case -ENOBASE:
		return why_nobase;
	case -ESRCH:
		return "no such process";
	case -EPERM:
		if (lowering < 0)
			return "permission denied";
		return lowering && kernel == KERNEL_LATENCY_NICE ?
			WHY_LOWERING : WHY_NOT_OWNER;
	case -EINVAL:
		if (lowering >= 0)
			return "invalid argument (rejected by the kernel)";
		break;
	}
	return strerror(-err);
}

/*
 * A task's value; on a kernel with latency nice, a real-time or deadline
 * task keeps one that has no effect under its policy: say so.
 */
static void print_task(pid_t pid, const char *which, const struct reading *r)
{
	printf("pid %d's %s latency nice: %d", pid, which, r->value);
	if (kernel == KERNEL_SLICE)
		printf(" (slice %.3f ms, base %.3f ms)", r->slice / 1e6,
		       base_slice / 1e6);
	else if (!latency_applies(r->policy))
		printf(" (a %s task; %s)", policy_name(r->policy),
		       WHY_NO_EFFECT);
	putchar('\n');
}

/* A task whose policy has no slice, on a kernel without latency nice */
static void print_not_fair(pid_t pid, const struct reading *r)
{
	printf("pid %d's current latency nice: none (a %s task; %s)\n", pid,
	       policy_name(r->policy), WHY_NO_SLICE);
}

/* What do_task() did */
enum { TASK_DONE, TASK_FAILED, TASK_SKIPPED };

/*
 * Show or change the value of one task.  @walk: part of a --all-tasks
 * walk, where a task whose policy has no slice is skipped, not a failure;
 * @gone_ok: a thread of it other than the one named, whose exit meanwhile
 * is not an error either.
 */
static int do_task(const struct latnice_ctl *ctl, pid_t tid, bool walk,
		   bool gone_ok)
{
	struct reading r = { .value = ctl->value };
	int err;

	if (ctl->set) {
		err = sched_latency(ctl, tid, true, &r);
		if (err == -ESRCH && gone_ok)
			return TASK_DONE;
		if (err == -ENOTFAIR) {
			latnice_err("%s pid %d%s (%s): %s",
				    walk ? "skipped" : "failed to set", tid,
				    walk ? "" : "'s latency nice",
				    policy_name(r.policy), WHY_NOTFAIR);
			return walk ? TASK_SKIPPED : TASK_FAILED;
		}
		if (err) {
			latnice_err("failed to set pid %d's latency nice: %s", tid,
				    task_strerror(err, ctl->value < r.value));
			return TASK_FAILED;
		}
		if (!ctl->quiet)
			printf("pid %d's latency nice: %d -> %d\n", tid, r.value,
			       ctl->value);
		say_slice(ctl);
		if (!ctl->verbose)
			return TASK_DONE;
	}

	err = sched_latency(ctl, tid, false, &r);
	if (err == -ESRCH && gone_ok)
		return TASK_DONE;
	if (err == -ENOTFAIR) {
		print_not_fair(tid, &r);
		return TASK_DONE;
	}
	if (err) {
		latnice_err("failed to get pid %d's latency nice: %s", tid,
			    task_strerror(err, -1));
		return TASK_FAILED;
	}
	print_task(tid, ctl->set ? "new" : "current", &r);
	return TASK_DONE;
}

/* Every thread of @pid, each once whatever becomes of the others */
static int do_all_tasks(const struct latnice_ctl *ctl, pid_t pid)
{
	char path[64];
	struct dirent *d;
	DIR *dir;
	int ret = TASK_DONE;

	snprintf(path, sizeof(path), "/proc/%d/task", pid);
	dir = opendir(path);
	if (!dir) {
		latnice_err("failed to %s pid %d's latency nice: %s",
			    ctl->set ? "set" : "get", pid,
			    errno == ENOENT ? "no such process" : strerror(errno));
		return TASK_FAILED;
	}

	while ((d = readdir(dir))) {
		long tid;
		int done;

		if (parse_long(d->d_name, &tid) || tid < 1 || tid > INT_MAX)
			continue;
		done = do_task(ctl, tid, true, tid != pid);
		if (done == TASK_FAILED || ret == TASK_DONE)
			ret = done;
	}
	closedir(dir);
	return ret;
}

static void run_command(const struct latnice_ctl *ctl, char **argv)
{
	struct reading r = { .value = ctl->value };
	int err;

	err = sched_latency(ctl, 0, true, &r);
	if (err == -ENOTFAIR) {
		latnice_err("failed to set latency nice (%s): %s",
			    policy_name(r.policy), WHY_NOTFAIR);
		exit(EXIT_FAILURE);
	}
	if (err) {
		latnice_err("failed to set latency nice: %s",
			    task_strerror(err, ctl->value < r.value));
		exit(EXIT_FAILURE);
	}
	say_slice(ctl);
	if (ctl->verbose) {
		err = sched_latency(ctl, 0, false, &r);
		if (err) {
			latnice_err("failed to get latency nice: %s",
				    task_strerror(err, -1));
			exit(EXIT_FAILURE);
		}
		print_task(getpid(), "new", &r);
		if (fflush(stdout)) {
			latnice_err("write error: %s", strerror(errno));
			exit(EXIT_FAILURE);
		}
	}

	execvp(argv[0], argv);
	err = errno;
	latnice_err("failed to execute %s: %s", argv[0], strerror(err));
	exit(err == ENOENT ? EXIT_EXEC_ENOENT : EXIT_EXEC_FAILED);
}

/* --kernel: what this kernel offers, in words that a script can match */
static int show_kernel(void)
{
	switch (kernel) {
	case KERNEL_LATENCY_NICE:
		puts("latency nice");
		break;
	case KERNEL_SLICE:
		if (!need_base_slice())
			printf("custom slices, base %.3f ms\n", base_slice / 1e6);
		else
			printf("custom slices, %s\n", why_nobase);
		break;
	case KERNEL_NEITHER:
		puts("neither latency nice nor custom slices");
		break;
	default:
		latnice_err("%s", WHY_UNSURE);
		return -1;
	}
	return 0;
}

/* Open the cgroup's CGROUP_FILE; returns a file descriptor or -errno. */
static int cgroup_open(const char *cgroup, int flags)
{
	char path[PATH_MAX];
	struct stat st;
	int fd;

	if (kernel == KERNEL_NEITHER)
		return -ENEITHER;
	if (kernel == KERNEL_UNSURE)
		return -EUNSURE;
	if (kernel == KERNEL_SLICE)
		return -ENOCGROUP;
	if (stat(cgroup, &st))
		return -errno;
	if (!S_ISDIR(st.st_mode))
		return -ENOTDIR;
	if (snprintf(path, sizeof(path), "%s/%s", cgroup, CGROUP_FILE) >=
	    (int)sizeof(path))
		return -ENAMETOOLONG;

	fd = open(path, flags | O_CLOEXEC);
	if (fd < 0 && errno == ENOENT)
		return -ENODATA;	/* the directory lacks the file */
	return fd < 0 ? -errno : fd;
}

/* Explain a failure on a cgroup (@err: -errno) */
static void cgroup_error(const char *cgroup, const char *op, int err)
{
	const char *why;

	switch (err) {
	case -ENODATA:
		latnice_err("cgroup %s has no %s: %s", cgroup, CGROUP_FILE,
			    WHY_NO_FILE);
		return;
	case -ENOENT:
	case -ENOTDIR:
	case -ENAMETOOLONG:
		latnice_err("cannot access cgroup %s: %s", cgroup,
			    strerror(-err));
		return;
	case -ERANGE:
		why = "value out of range [-20, 19]";
		break;
	case -ENEITHER:
		why = WHY_NEITHER;
		break;
	case -ENOCGROUP:
		why = WHY_NOCGROUP;
		break;
	case -EUNSURE:
		why = WHY_UNSURE;
		break;
	case -EACCES:
	case -EPERM:
		why = "permission denied";
		break;
	case -EINVAL:
		why = "invalid argument (rejected by the kernel)";
		break;
	default:
		why = strerror(-err);
		break;
	}
	latnice_err("failed to %s cgroup %s's latency nice: %s", op, cgroup,
		    why);
}

static int cgroup_get(const char *cgroup, int *value)
{
	char buf[32];
	ssize_t len;
	long val;
	int fd;

	fd = cgroup_open(cgroup, O_RDONLY);
	if (fd < 0) {
		cgroup_error(cgroup, "get", fd);
		return -1;
	}
	len = read(fd, buf, sizeof(buf) - 1);
	if (len < 0) {
		cgroup_error(cgroup, "get", -errno);
		close(fd);
		return -1;
	}
	close(fd);

	buf[len] = '\0';
	if (len > 0 && buf[len - 1] == '\n')
		buf[len - 1] = '\0';
	if (parse_long(buf, &val) || val < INT_MIN || val > INT_MAX) {
		latnice_err("failed to get cgroup %s's latency nice: unexpected content in %s",
			    cgroup, CGROUP_FILE);
		return -1;
	}
	*value = val;
	return 0;
}

static int cgroup_set(const char *cgroup, int value)
{
	char buf[32];
	ssize_t ret;
	int fd, len, err = 0;

	fd = cgroup_open(cgroup, O_WRONLY);
	if (fd < 0) {
		cgroup_error(cgroup, "set", fd);
		return -1;
	}
	len = snprintf(buf, sizeof(buf), "%d\n", value);
	ret = write(fd, buf, len);
	if (ret < 0)
		err = -errno;
	else if (ret != len)
		err = -EIO;
	if (close(fd) && !err)
		err = -errno;
	if (err) {
		cgroup_error(cgroup, "set", err);
		return -1;
	}
	return 0;
}

static int do_cgroup(const struct latnice_ctl *ctl)
{
	int value;

	if (ctl->set) {
		if (cgroup_set(ctl->cgroup, ctl->value))
			return -1;
		if (!ctl->verbose)
			return 0;
	}
	if (cgroup_get(ctl->cgroup, &value))
		return -1;
	printf("cgroup %s's %s latency nice: %d\n", ctl->cgroup,
	       ctl->set ? "new" : "current", value);
	return 0;
}

enum {
	OPT_CGROUP = CHAR_MAX + 1,
	OPT_BASE_SLICE,
	OPT_KERNEL,
};

/*
 * A getopt_long() error (@c: '?' or ':') in @arg, the element of argv it
 * stopped on.  optopt is the short option at fault; for a long option it
 * is the option's val where it was given an argument it does not take,
 * and 0 where the option is unknown or ambiguous: never a letter to show.
 * A long option is named in full, as the user may abbreviate it.
 */
static void option_error(int c, const char *arg, const struct option *longopts)
{
	const struct option *o, *match = NULL;
	int len, n = 0;

	if (strncmp(arg, "--", 2)) {
		if (c == ':')
			usage_error("option '-%c' requires an argument", optopt);
		usage_error("invalid option -- '%c'", optopt);
	}

	arg += 2;
	len = strcspn(arg, "=");
	for (o = longopts; o->name; o++) {
		if (strncmp(o->name, arg, len))
			continue;
		n++;
		if (!match || strlen(o->name) == (size_t)len)
			match = o;
	}
	if (match && c == ':')
		usage_error("option '--%s' requires an argument", match->name);
	if (match && optopt)
		usage_error("option '--%s' doesn't allow an argument",
			    match->name);
	if (n > 1)
		usage_error("option '--%.*s' is ambiguous", len, arg);
	usage_error("unrecognized option '--%.*s'", len, arg);
}

/*
 * An argument after the options, where pids were given: as with renice,
 * another pid; a command there is a usage error, not a bad pid.
 */
static pid_t parse_more_pid(const char *s)
{
	long val;

	if (parse_long(s, &val)) {
		usage_error("--pid cannot be combined with a command ('%s' is not a pid)",
			    s);
	}
	return parse_pid(s);
}

static void parse_options(int argc, char **argv, struct latnice_ctl *ctl)
{
	static const struct option longopts[] = {
		{ "latency-nice",	required_argument, NULL, 'n' },
		{ "pid",		required_argument, NULL, 'p' },
		{ "all-tasks",		no_argument,	   NULL, 'a' },
		{ "reset-on-fork",	no_argument,	   NULL, 'R' },
		{ "cgroup",		required_argument, NULL, OPT_CGROUP },
		{ "base-slice",		required_argument, NULL, OPT_BASE_SLICE },
		{ "kernel",		no_argument,	   NULL, OPT_KERNEL },
		{ "quiet",		no_argument,	   NULL, 'q' },
		{ "verbose",		no_argument,	   NULL, 'v' },
		{ "help",		no_argument,	   NULL, 'h' },
		{ "version",		no_argument,	   NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	int c, cur;

	opterr = 0;
	for (;;) {
		cur = optind;
		c = getopt_long(argc, argv, "+:n:p:aRqvhV", longopts, NULL);
		if (c == -1) {
			/* as with renice, the arguments after -p are pids */
			if (!ctl->npids || optind >= argc)
				break;
			ctl->pids[ctl->npids++] = parse_more_pid(argv[optind++]);
			continue;
		}
		switch (c) {
		case 'n':
			ctl->value = parse_value(optarg);
			ctl->set = true;
			break;
		case 'p':
			ctl->pids[ctl->npids++] = parse_pid(optarg);
			break;
		case 'a':
			ctl->all_tasks = true;
			break;
		case 'R':
			ctl->reset_on_fork = true;
			break;
		case OPT_CGROUP:
			ctl->cgroup = optarg;
			break;
		case OPT_BASE_SLICE:
			base_slice = parse_ms(optarg);
			break;
		case OPT_KERNEL:
			ctl->show_kernel = true;
			break;
		case 'q':
			ctl->quiet = true;
			break;
		case 'v':
			ctl->verbose = true;
			break;
		case 'h':
			usage();
			exit(EXIT_SUCCESS);
		case 'V':
			printf("latnice %s\n", LATNICE_VERSION);
			exit(EXIT_SUCCESS);
		default:
			option_error(c, argv[cur], longopts);
			break;
		}
	}
	ctl->command = optind < argc ? argv + optind : NULL;
}

/* Options that do not go together: usage errors */
static void check_options(const struct latnice_ctl *ctl)
{
	if (ctl->show_kernel && (ctl->set || ctl->npids || ctl->cgroup ||
				 ctl->command))
		usage_error("--kernel cannot be combined with -n, --pid, --cgroup or a command");
	if (ctl->reset_on_fork && !ctl->set)
		usage_error("--reset-on-fork needs --latency-nice");
	if (ctl->all_tasks && !ctl->npids)
		usage_error("--all-tasks needs --pid");
	if (ctl->cgroup && (ctl->npids || ctl->command))
		usage_error("--cgroup cannot be combined with --pid or a command");
	if (ctl->cgroup && ctl->reset_on_fork)
		usage_error("--reset-on-fork cannot be used with --cgroup");
	if (ctl->show_kernel || ctl->cgroup || ctl->npids)
		return;
	if (!ctl->command)
		usage_error(ctl->set ?
			    "--latency-nice needs a command, --pid or --cgroup" :
			    "missing --pid, --cgroup or a command");
	if (!ctl->set)
		usage_error("running a command needs --latency-nice");
}

/*
 * Every pid, whatever becomes of the others: TASK_FAILED where any
 * failed, else TASK_SKIPPED where --all-tasks skipped a thread.
 */
static int do_pids(const struct latnice_ctl *ctl)
{
	int i, done, ret = TASK_DONE;

	for (i = 0; i < ctl->npids; i++) {
		if (ctl->all_tasks)
			done = do_all_tasks(ctl, ctl->pids[i]);
		else
			done = do_task(ctl, ctl->pids[i], false, false);
		if (done == TASK_FAILED || ret == TASK_DONE)
			ret = done;
	}
	return ret;
}

int main(int argc, char **argv)
{
	struct latnice_ctl ctl = { 0 };
	int ret;

	ctl.pids = calloc(argc, sizeof(*ctl.pids));
	if (!ctl.pids) {
		latnice_err("%s", strerror(errno));
		return EXIT_FAILURE;
	}
	parse_options(argc, argv, &ctl);
	check_options(&ctl);

	probe_kernel();
	if (ctl.show_kernel)
		ret = show_kernel() ? TASK_FAILED : TASK_DONE;
	else if (ctl.cgroup)
		ret = do_cgroup(&ctl) ? TASK_FAILED : TASK_DONE;
	else if (ctl.npids)
		ret = do_pids(&ctl);
	else
		run_command(&ctl, ctl.command);

	if (fflush(stdout) || ferror(stdout)) {
		latnice_err("write error: %s", strerror(errno));
		return EXIT_FAILURE;
	}
	switch (ret) {
	case TASK_DONE:
		return EXIT_SUCCESS;
	case TASK_SKIPPED:
		return EXIT_SKIPPED;
	}
	return EXIT_FAILURE;
}
