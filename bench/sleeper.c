// SPDX-License-Identifier: GPL-2.0
/*
 * sleeper: the tolerant task itself as a sleeper (DESIGN.md sections 3 and
 * 6): a backup, a compile step waiting on I/O.  It loops { work WORK us of
 * its own CPU time (CLOCK_THREAD_CPUTIME_ID); sleep SLEEP us, relative } for
 * SECONDS, then prints one line of key=value pairs:
 *
 *   ops=N seconds=S ops_s=N cpu_us=N cpu_pct=P oversleep_us=N
 *
 * ops: the loops done; cpu_us: its own CPU time over the run, cpu_pct that
 * of the wall time; oversleep_us: the mean of how much longer each sleep
 * took than asked, from the sleep's call to the task's running again: the
 * wait for the CPU at its wake-up, the timer's slack included.
 *
 * usage: sleeper [-w WORK_US] [-s SLEEP_US] [-D SECONDS]
 * (defaults 3000, 3000, 5)
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static long long now(clockid_t clock)
{
	struct timespec t;

	clock_gettime(clock, &t);
	return t.tv_sec * 1000000000LL + t.tv_nsec;
}

/* Spin until this thread has run @work_ns more of its own CPU time. */
static void work(long long work_ns)
{
	long long end = now(CLOCK_THREAD_CPUTIME_ID) + work_ns;

	while (now(CLOCK_THREAD_CPUTIME_ID) < end)
		;
}

int main(int argc, char **argv)
{
	long long work_us = 3000, sleep_us = 3000, secs = 5;
	long long start, end, cpu0, t, over = 0, ops = 0;
	struct timespec req;
	double wall;
	int c;

	while ((c = getopt(argc, argv, "w:s:D:")) != -1) {
		switch (c) {
		case 'w': work_us = atoll(optarg); break;
		case 's': sleep_us = atoll(optarg); break;
		case 'D': secs = atoll(optarg); break;
		default:
			fprintf(stderr, "usage: sleeper [-w WORK_US] [-s SLEEP_US] [-D SECONDS]\n");
			return 2;
		}
	}
	if (work_us < 0 || sleep_us <= 0 || secs <= 0) {
		fprintf(stderr, "sleeper: need WORK_US >= 0, SLEEP_US > 0 and SECONDS > 0\n");
		return 2;
	}
	req.tv_sec = sleep_us / 1000000;
	req.tv_nsec = sleep_us % 1000000 * 1000;
	start = now(CLOCK_MONOTONIC);
	cpu0 = now(CLOCK_THREAD_CPUTIME_ID);
	end = start + secs * 1000000000LL;
	do {
		work(work_us * 1000);
		t = now(CLOCK_MONOTONIC);
		nanosleep(&req, NULL);
		over += now(CLOCK_MONOTONIC) - t - sleep_us * 1000;
		ops++;
	} while (now(CLOCK_MONOTONIC) < end);
	wall = (now(CLOCK_MONOTONIC) - start) / 1e9;
	t = now(CLOCK_THREAD_CPUTIME_ID) - cpu0;
	printf("ops=%lld seconds=%.3f ops_s=%.1f cpu_us=%lld cpu_pct=%.2f oversleep_us=%.0f\n",
	       ops, wall, ops / wall, t / 1000, t / 1e7 / wall, (double)over / ops / 1000);
	return 0;
}
