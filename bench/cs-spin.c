// SPDX-License-Identifier: GPL-2.0
/*
 * cs-spin: a CPU-bound task for the core scheduling fairness table: it
 * optionally takes a core scheduling cookie of its own (prctl
 * PR_SCHED_CORE_CREATE, as tools/testing/selftests/sched/cs_prctl_test.c
 * does), sleeps until CLOCK_BOOTTIME reaches START (seconds, the clock of
 * /proc/uptime, so that a shell can give two of them the same start), then
 * spins for SECONDS and prints how many million loops a second it ran.
 * Pin it with taskset; its latency nice comes from whoever starts it.
 *
 * usage: cs-spin [-t] START SECONDS
 *   -t  tag: a new unique cookie for this task (fails if it does not stick)
 * prints: mops=<float> cookie=<0|1>
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

#ifndef PR_SCHED_CORE
#define PR_SCHED_CORE		62
#define PR_SCHED_CORE_GET	0
#define PR_SCHED_CORE_CREATE	1
#endif
#define PIDTYPE_PID		0
/* Loops between two looks at the clock: a few microseconds of work. */
#define BATCH			(1 << 14)

static void die(const char *what)
{
	fprintf(stderr, "cs-spin: %s: %s\n", what, strerror(errno));
	exit(1);
}

static double now(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_BOOTTIME, &ts))
		die("clock_gettime");
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	unsigned long cookie = 0;
	volatile unsigned long sink = 0;
	unsigned long loops = 0;
	double start, secs, t0, t;
	struct timespec until;
	int tag = 0;

	if (argc > 1 && !strcmp(argv[1], "-t")) {
		tag = 1;
		argv++;
		argc--;
	}
	if (argc != 3) {
		fprintf(stderr, "usage: cs-spin [-t] START SECONDS\n");
		return 2;
	}
	start = atof(argv[1]);
	secs = atof(argv[2]);

	if (tag && prctl(PR_SCHED_CORE, PR_SCHED_CORE_CREATE, 0, PIDTYPE_PID, 0))
		die("prctl(PR_SCHED_CORE_CREATE)");
	if (prctl(PR_SCHED_CORE, PR_SCHED_CORE_GET, 0, PIDTYPE_PID,
		  (unsigned long)&cookie) && tag)
		die("prctl(PR_SCHED_CORE_GET)");
	if (tag && !cookie) {
		fprintf(stderr, "cs-spin: the cookie reads 0 after PR_SCHED_CORE_CREATE\n");
		return 1;
	}

	if (now() > start) {
		fprintf(stderr, "cs-spin: started %.3f s after START\n", now() - start);
		return 1;
	}
	until.tv_sec = (time_t)start;
	until.tv_nsec = (long)((start - until.tv_sec) * 1e9);
	while ((errno = clock_nanosleep(CLOCK_BOOTTIME, TIMER_ABSTIME, &until, NULL)))
		if (errno != EINTR)
			die("clock_nanosleep");

	t0 = now();
	do {
		for (int i = 0; i < BATCH; i++)
			sink += i;
		loops += BATCH;
		t = now();
	} while (t - t0 < secs);
	printf("mops=%.4f cookie=%d\n", loops / (t - t0) / 1e6, cookie != 0);
	return 0;
}
