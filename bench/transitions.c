// SPDX-License-Identifier: GPL-2.0
/*
 * transitions: the state transitions of DESIGN.md section 3 "State
 * transitions", each driven in a loop on latency-sensitive tasks or groups
 * while they wait (woken, queued behind others, not yet run: when an entity
 * sits in the latency tree), for guest/check-fuzz.  A broken invariant is the
 * kernel's own SCHED_WARN_ON() splat; this program drives and counts.
 *
 * The waiting is made, not hoped for: a crowd of WAKERS tasks at latency
 * nice -20 sleep to the same instants, every PERIOD_US, on one CPU and work
 * WORK_US each; at each instant they all wake and all but one wait.  The
 * worker acts at a random moment of that window, from the next CPU.
 *
 * usage: transitions WORKER SEED STOP CPU [GROUP...]: WORKER until the file
 * STOP exists, its crowd on CPU, the random choices drawn from SEED:
 *   pi        a SCHED_FIFO waiter (on the next CPU) takes a PI mutex
 *             (FUTEX_LOCK_PI) that a waker holds, with a timeout: the holder
 *             is boosted out of the fair class, and deboosted at its unlock
 *             or at the timeout; a FIFO task above the waiter runs first at
 *             each instant, so that boosts and deboosts also find the holder
 *             waiting
 *   policy    sched_setscheduler() NORMAL -> FIFO, RR, BATCH or IDLE ->
 *             NORMAL, and sched_setattr() to DEADLINE (unpinned while in it)
 *             where it is admitted
 *   idle      GROUP...: the wakers spread over them; cpu.idle of one,
 *             flipped 0 <-> 1
 *   throttle  GROUP HOGGROUP: the wakers and a hog in GROUP (a small
 *             cpu.max, throttled each period), a hog in HOGGROUP beside it;
 *             cpu.max of GROUP rewritten now and then
 *   move      GROUP...: sched_setaffinity() of a waker to the next CPU or
 *             back, or a move of it to another GROUP
 * and transitions fork SEED SECONDS CPU GROUP: three tasks on CPU fork for
 * SECONDS as fast as they can (up to 4 short-lived children each), one in
 * GROUP; after a third of it, at one instant, sched_setattr() sets latency
 * nice -5 on the first and 5 on the second, and GROUP's cpu.latency.nice
 * is written -5: the first values of a boot turn sched_latency_nice_used on
 * while children are forked (a tolerant one among them: only a positive
 * offset changes a key in the tasks timeline).
 * prints: WORKER NAME N NAME N ... (its counts) and "# ..." for each error;
 * exits 0, 1 when a call failed that should not, 2 on bad usage.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sched_attr.h"

#define WAKERS		4
#define PERIOD_US	2000
#define WORK_US		150
#define REWRITE_MS	100	/* between two rewrites of cpu.max */
#define MAX_TASKS	16
#define MAX_GROUPS	8

static const char *stop;
static int cpu, next_cpu, ncpus;
static unsigned short seed[3];
static pid_t tasks[MAX_TASKS];
static int ntasks, failed;

static long rnd(long n)
{
	return nrand48(seed) % n;
}

/* Report a call of @what that failed; returns the worker's exit status. */
static int fail(const char *what)
{
	printf("# %s: %s\n", what, strerror(errno));
	failed = 1;
	return 1;
}

/* The same in a task of the worker, which then ends: the worker sees it. */
static void die(const char *what)
{
	fail(what);
	fflush(stdout);
	_exit(1);
}

static long long now_ns(clockid_t clock)
{
	struct timespec t;

	clock_gettime(clock, &t);
	return t.tv_sec * 1000000000LL + t.tv_nsec;
}

/* Sleep until @after_us past the next instant of the crowd (every PERIOD_US). */
static void next_instant(long after_us)
{
	long long p = PERIOD_US * 1000LL;
	long long t = (now_ns(CLOCK_MONOTONIC) / p + 1) * p + after_us * 1000;
	struct timespec ts = { t / 1000000000LL, t % 1000000000LL };

	clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
}

/* A random moment of the window in which the crowd's wakers wait. */
static void in_window(void)
{
	next_instant(rnd(WAKERS * WORK_US));
}

/* Spin until this task has run @us more of its own CPU time. */
static void spin_us(long us)
{
	long long end = now_ns(CLOCK_THREAD_CPUTIME_ID) + us * 1000;

	while (now_ns(CLOCK_THREAD_CPUTIME_ID) < end)
		;
}

static int stopped(void)
{
	return !access(stop, F_OK);
}

static int pin(pid_t pid, int to)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	if (to >= 0)
		CPU_SET(to, &set);
	else
		for (int i = 0; i < ncpus; i++)
			CPU_SET(i, &set);
	return sched_setaffinity(pid, sizeof(set), &set);
}

static int set_latency(pid_t pid, int value)
{
	struct attr a = {
		.size = SCHED_ATTR_SIZE_VER2,
		.sched_flags = SCHED_FLAG_KEEP_ALL | SCHED_FLAG_LATENCY_NICE,
		.sched_latency_nice = value,
	};

	return syscall(SYS_sched_setattr, pid, &a, 0);
}

static int get_latency(pid_t pid)
{
	struct attr a = { 0 };

	if (syscall(SYS_sched_getattr, pid, &a, SCHED_ATTR_SIZE_VER2, 0))
		return INT32_MIN;
	return a.sched_latency_nice;
}

static int write_file(const char *dir, const char *file, const char *text)
{
	char path[4096];
	FILE *f;
	int ok;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	f = fopen(path, "w");
	if (!f)
		return -1;
	ok = fputs(text, f) >= 0;
	return fclose(f) || !ok ? -1 : 0;
}

/* In DIR/FILE, the number after the word KEY (NULL: the first number), or LONG_MIN. */
static long read_number(const char *dir, const char *file, const char *key)
{
	char path[4096], name[64];
	long v, found = LONG_MIN;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	f = fopen(path, "r");
	if (!f)
		return LONG_MIN;
	if (!key && fscanf(f, "%ld", &v) == 1)
		found = v;
	while (key && fscanf(f, "%63s %ld", name, &v) == 2)
		if (!strcmp(name, key))
			found = v;
	fclose(f);
	return found;
}

/* Kill the worker's tasks; the worker's exit status (1 if one had ended). */
/* Last spawned first: the PI waiter goes before the holder of its lock. */
static int end(void)
{
	for (int i = ntasks - 1; i >= 0; i--) {
		int status;

		kill(tasks[i], SIGKILL);
		if (waitpid(tasks[i], &status, 0) != tasks[i] || WIFEXITED(status))
			failed = 1;
	}
	return failed;
}

/*
 * A task running @body on CPU @on (all CPUs: -1), in @group (none: NULL), at
 * latency nice @latency_nice; killed when the worker ends.
 */
static pid_t spawn(int on, const char *group, int latency_nice, void (*body)(void))
{
	pid_t pid;

	if (ntasks == MAX_TASKS) {
		printf("# more than %d tasks\n", MAX_TASKS);
		exit(2);
	}
	pid = fork();
	if (pid < 0) {
		fail("fork");
		exit(end());
	}
	if (pid) {
		tasks[ntasks++] = pid;
		return pid;
	}
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	seed[2] ^= getpid();
	if (group && write_file(group, "cgroup.procs", "0"))
		die(group);
	if (pin(0, on))
		die("sched_setaffinity");
	if (latency_nice && set_latency(0, latency_nice))
		die("sched_setattr");
	body();
	_exit(0);
}

static void waker(void)
{
	for (;;) {
		next_instant(0);
		spin_us(WORK_US);
	}
}

static void hog(void)
{
	for (;;)
		;
}

/* WAKERS wakers at -20 on CPU, spread over @groups (none: NULL). */
static void crowd(pid_t *w, char **groups, int ngroups)
{
	for (int i = 0; i < WAKERS; i++)
		w[i] = spawn(cpu, ngroups ? groups[i % ngroups] : NULL, -20, waker);
}


/* The PI worker's shared state: the lock, the waiter's and the holder's counts. */
static struct pi_state {
	pthread_mutex_t lock;
	unsigned long attempts, acquired, timeouts, samples, boosted;
} *pi;

/* Its own priority as /proc gives it: negative in the RT class. */
static long own_prio(void)
{
	FILE *f = fopen("/proc/thread-self/stat", "r");
	long prio = 0;

	if (!f || fscanf(f, "%*d %*s %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %*u %*u %*d %*d %ld",
			 &prio) != 1)
		die("/proc/thread-self/stat");
	fclose(f);
	return prio;
}

/*
 * The holder reads its own priority before each unlock: boosted when the
 * waiter blocked on the lock in the meantime.  (Sampled from outside, at a
 * random moment of the window, a boost of a few hundred microseconds a
 * period was seen 0 to 2 times in 400 samples.)
 */
static void pi_holder(void)
{
	for (;;) {
		pthread_mutex_lock(&pi->lock);
		next_instant(0);
		spin_us(WORK_US);
		pi->samples++;
		pi->boosted += own_prio() < 0;
		pthread_mutex_unlock(&pi->lock);
	}
}

static void pi_waiter(void)
{
	struct sched_param sp = { .sched_priority = 10 };

	if (sched_setscheduler(0, SCHED_FIFO, &sp))
		die("pi waiter: SCHED_FIFO");
	for (;;) {
		long long t;
		struct timespec ts;
		int r;

		in_window();
		t = now_ns(CLOCK_REALTIME) + (1 + rnd(2 * WORK_US)) * 1000;
		ts.tv_sec = t / 1000000000LL;
		ts.tv_nsec = t % 1000000000LL;
		r = pthread_mutex_timedlock(&pi->lock, &ts);
		pi->attempts++;
		if (!r) {
			pi->acquired++;
			pthread_mutex_unlock(&pi->lock);
		} else if (r == ETIMEDOUT) {
			pi->timeouts++;
		}
	}
}

/* Above the waiter on the holder's CPU: it runs first at each instant. */
static void pi_above(void)
{
	struct sched_param sp = { .sched_priority = 20 };

	if (sched_setscheduler(0, SCHED_FIFO, &sp))
		die("pi above: SCHED_FIFO");
	for (;;) {
		next_instant(0);
		spin_us(WORK_US / 2);
	}
}

/* PI boost and deboost of a waker at -20. */
static int worker_pi(void)
{
	pthread_mutexattr_t ma;
	pid_t w[WAKERS];

	pi = mmap(NULL, sizeof(*pi), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (pi == MAP_FAILED)
		return fail("mmap");
	pthread_mutexattr_init(&ma);
	pthread_mutexattr_setpshared(&ma, PTHREAD_PROCESS_SHARED);
	if (pthread_mutexattr_setprotocol(&ma, PTHREAD_PRIO_INHERIT) ||
	    pthread_mutex_init(&pi->lock, &ma))
		return fail("PTHREAD_PRIO_INHERIT");
	crowd(w, NULL, 0);
	spawn(cpu, NULL, -20, pi_holder);
	spawn(cpu, NULL, 0, pi_above);
	spawn(next_cpu, NULL, 0, pi_waiter);
	pin(0, next_cpu);
	while (!failed && !stopped())
		in_window();
	printf("pi attempts %lu acquired %lu timeouts %lu samples %lu boosted %lu\n",
	       pi->attempts, pi->acquired, pi->timeouts, pi->samples, pi->boosted);
	return end();
}

/* NORMAL -> another policy -> NORMAL, of a waker that waits. */
static int worker_policy(void)
{
	static const char *const name[] = { "fifo", "rr", "batch", "idle", "deadline" };
	static const int policy[] = { SCHED_FIFO, SCHED_RR, SCHED_BATCH, SCHED_IDLE, SCHED_DEADLINE };
	unsigned long trips[5] = { 0 }, busy = 0;
	struct sched_param normal = { 0 }, rt = { .sched_priority = 1 };
	pid_t w[WAKERS];

	crowd(w, NULL, 0);
	pin(0, next_cpu);
	while (!failed && !stopped()) {
		int k = rnd(5), dl = policy[k] == SCHED_DEADLINE, r;
		pid_t p = w[rnd(WAKERS)];

		in_window();
		/* A deadline task may not be confined to fewer CPUs than its root domain's. */
		if (dl) {
			struct attr a = {
				.size = SCHED_ATTR_SIZE_VER2, .sched_policy = SCHED_DEADLINE,
				.sched_runtime = WORK_US * 1000, .sched_deadline = PERIOD_US * 1000,
				.sched_period = PERIOD_US * 1000,
			};

			if (pin(p, -1))
				fail("sched_setaffinity");
			r = syscall(SYS_sched_setattr, p, &a, 0);
		} else {
			r = sched_setscheduler(p, policy[k], k < 2 ? &rt : &normal);
		}
		if (r && dl && errno == EBUSY) {
			busy++;	/* no bandwidth left: not admitted */
		} else if (r) {
			fail(name[k]);
		} else {
			spin_us(rnd(WORK_US));
			if (sched_setscheduler(p, SCHED_OTHER, &normal))
				fail("back to SCHED_OTHER");
			trips[k]++;
		}
		if (dl && pin(p, cpu))
			fail("sched_setaffinity");
	}
	printf("policy");
	for (int k = 0; k < 5; k++)
		printf(" %s %lu", name[k], trips[k]);
	printf(" deadline_busy %lu\n", busy);
	return end();
}

/* cpu.idle of one of @groups flipped, while their wakers wake and wait. */
static int worker_idle(char **groups, int ngroups)
{
	unsigned long flips = 0;
	int idle[MAX_GROUPS] = { 0 };
	pid_t w[WAKERS];

	crowd(w, groups, ngroups);
	pin(0, next_cpu);
	while (!failed && !stopped()) {
		int g = rnd(ngroups);

		in_window();
		idle[g] = !idle[g];
		if (write_file(groups[g], "cpu.idle", idle[g] ? "1" : "0"))
			fail(groups[g]);
		flips++;
	}
	for (int g = 0; g < ngroups; g++)
		if (idle[g] && write_file(groups[g], "cpu.idle", "0"))
			fail(groups[g]);
	printf("idle flips %lu\n", flips);
	return end();
}

/* A throttled group's cpu.max rewritten now and then; its throttling counted. */
static int worker_throttle(const char *group, const char *hogs)
{
	static const char *const max[] = { "1000 10000", "1000 5000", "2000 10000", "1000 2000" };
	unsigned long rewrites = 0, rounds = 0;
	long long last = 0;
	long before, after;
	pid_t w[WAKERS];
	char *g = (char *)group;

	before = read_number(group, "cpu.stat", "nr_throttled");
	if (before == LONG_MIN || write_file(group, "cpu.max", max[0]))
		return fail(group);
	crowd(w, &g, 1);
	spawn(cpu, group, 0, hog);
	spawn(cpu, hogs, 0, hog);
	pin(0, next_cpu);
	/*
	 * Rewritten at most every REWRITE_MS, the first time in the first
	 * window: counted in rounds, CI's debug guest ran fewer than the 64
	 * rounds of the first rewrite in two minutes beside the fuzzers.
	 */
	while (!failed && !stopped()) {
		in_window();
		rounds++;
		if (rewrites && now_ns(CLOCK_MONOTONIC) - last < REWRITE_MS * 1000000LL)
			continue;
		if (write_file(group, "cpu.max", max[rnd(4)]))
			fail(group);
		last = now_ns(CLOCK_MONOTONIC);
		rewrites++;
	}
	after = read_number(group, "cpu.stat", "nr_throttled");
	if (write_file(group, "cpu.max", "max"))
		fail(group);
	printf("throttle throttled %ld rewrites %lu rounds %lu\n", after - before, rewrites, rounds);
	return end();
}

/* A waker moved to the next CPU or back, or to another of @groups. */
static int worker_move(char **groups, int ngroups)
{
	unsigned long migrations = 0, moves = 0;
	int on[WAKERS], in[WAKERS];
	pid_t w[WAKERS];

	crowd(w, groups, ngroups);
	for (int i = 0; i < WAKERS; i++) {
		on[i] = cpu;
		in[i] = i % ngroups;
	}
	pin(0, next_cpu);
	while (!failed && !stopped()) {
		int i = rnd(WAKERS), g = (in[i] + 1 + rnd(ngroups - 1)) % ngroups;
		char pid[16];

		in_window();
		if (rnd(2)) {
			on[i] = on[i] == cpu ? next_cpu : cpu;
			if (pin(w[i], on[i]))
				fail("sched_setaffinity");
			migrations++;
		} else {
			snprintf(pid, sizeof(pid), "%d", w[i]);
			if (write_file(groups[g], "cgroup.procs", pid))
				fail(groups[g]);
			in[i] = g;
			moves++;
		}
	}
	printf("move migrations %lu moves %lu\n", migrations, moves);
	return end();
}

static unsigned long *forks;
static int forker_id;

/* Fork as fast as it goes, up to 4 children alive, each spinning 100 us. */
static void forker(void)
{
	int alive = 0;

	for (;;) {
		while (alive < 4) {
			pid_t pid = fork();

			if (!pid) {
				spin_us(100);
				_exit(0);
			}
			if (pid < 0)
				break;
			alive++;
			forks[forker_id]++;
		}
		if (wait(NULL) > 0)
			alive--;
	}
}

/*
 * A fork storm across the first latency nice values of the boot: three
 * setters, one per value, sleep to the same instant and set them.
 */
static int worker_fork(int seconds, const char *group)
{
	static const char *const what[] = { "sched_setattr(-5)", "sched_setattr(5)",
					     "cpu.latency.nice -5" };
	static const int want[] = { -5, 5, -5 };
	unsigned long before = 0, after = 0;
	long long at;
	pid_t parent[3];
	long got[3];
	int *err;

	forks = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (forks == MAP_FAILED)
		return fail("mmap");
	err = (int *)(forks + 3);
	for (forker_id = 0; forker_id < 3; forker_id++)
		parent[forker_id] = spawn(cpu, forker_id == 2 ? group : NULL, 0, forker);
	at = (now_ns(CLOCK_MONOTONIC) / 1000000000LL + 1 + seconds / 3) * 1000000000LL;
	for (int i = 0; i < 3; i++) {
		struct timespec ts = { at / 1000000000LL, at % 1000000000LL };

		if (fork())
			continue;
		pin(0, (cpu + 1 + i) % ncpus);
		clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
		if (i < 2 ? set_latency(parent[i], want[i]) :
			    write_file(group, "cpu.latency.nice", "-5"))
			err[i] = errno;
		_exit(0);
	}
	for (int i = 0; i < 3; i++)
		wait(NULL);
	for (int i = 0; i < 3; i++)
		before += forks[i];
	sleep(seconds - seconds / 3);
	for (int i = 0; i < 3; i++)
		after += forks[i];
	got[0] = get_latency(parent[0]);
	got[1] = get_latency(parent[1]);
	got[2] = read_number(group, "cpu.latency.nice", NULL);
	printf("fork before %lu after %lu values %ld %ld %ld\n", before, after - before,
	       got[0], got[1], got[2]);
	for (int i = 0; i < 3; i++) {
		errno = err[i];
		if (err[i]) {
			fail(what[i]);
		} else if (got[i] != want[i]) {
			printf("# %s: reads %ld\n", what[i], got[i]);
			failed = 1;
		}
	}
	return end();
}

int main(int argc, char **argv)
{
	const char *w = argc > 1 ? argv[1] : "";
	int fork_worker = !strcmp(w, "fork"), rc;

	if (argc < 5 || argc > 5 + MAX_GROUPS || (fork_worker && argc != 6)) {
		fprintf(stderr, "usage: transitions pi|policy|idle|throttle|move SEED STOP CPU [GROUP...]\n"
				"       transitions fork SEED SECONDS CPU GROUP\n");
		return 2;
	}
	seed[0] = atol(argv[2]);
	seed[1] = atol(argv[2]) >> 16;
	seed[2] = 0x330e;
	if (!fork_worker)
		stop = argv[3];
	ncpus = sysconf(_SC_NPROCESSORS_ONLN);
	cpu = atoi(argv[4]) % ncpus;
	next_cpu = (cpu + 1) % ncpus;
	setvbuf(stdout, NULL, _IOLBF, 0);

	if (!strcmp(w, "pi"))
		rc = worker_pi();
	else if (!strcmp(w, "policy"))
		rc = worker_policy();
	else if (!strcmp(w, "idle") && argc > 5)
		rc = worker_idle(argv + 5, argc - 5);
	else if (!strcmp(w, "throttle") && argc == 7)
		rc = worker_throttle(argv[5], argv[6]);
	else if (!strcmp(w, "move") && argc > 6)
		rc = worker_move(argv + 5, argc - 5);
	else if (fork_worker)
		rc = worker_fork(atoi(argv[3]), argv[5]);
	else
		rc = 2;
	if (rc == 2)
		fprintf(stderr, "transitions: %s: bad worker or groups\n", w);
	return rc;
}
