// SPDX-License-Identifier: GPL-2.0
/*
 * waker: a periodic waker that works, for the heavy-waker regime of
 * DESIGN.md section 6.  Like cyclictest --policy other -i PERIOD, it sleeps
 * to absolute times PERIOD apart and measures how late it gets the CPU
 * after each one; unlike cyclictest, it then works WORK us of its own CPU
 * time (CLOCK_THREAD_CPUTIME_ID) before it sleeps again: a render or audio
 * thread whose work per period can be above its fair share of a loaded CPU,
 * which cyclictest's is not.  A period missed whole is counted, not slept.
 *
 * Prints each wake-up's latency as cyclictest -v does ("0: N: US"), once the
 * run is over, so that guest/latency-stats reads either, then a comment
 * with the count of periods missed.
 *
 * usage: waker [-i PERIOD_US] [-w WORK_US] [-l LOOPS] [-D SECONDS]
 * (-D: stop after SECONDS even if fewer than LOOPS wake-ups were measured,
 * as cyclictest -D does)
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static long long ns(const struct timespec *t)
{
	return t->tv_sec * 1000000000LL + t->tv_nsec;
}

static struct timespec ts(long long t)
{
	struct timespec r = { t / 1000000000LL, t % 1000000000LL };

	return r;
}

/* Spin until this thread has run @work_ns more of its own CPU time. */
static void work(long long work_ns)
{
	struct timespec t;
	long long end;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	end = ns(&t) + work_ns;
	do
		clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	while (ns(&t) < end);
}

int main(int argc, char **argv)
{
	long long period = 1000, work_us = 0, secs = 0, next, now, end;
	long loops = 1000, missed = 0, i, n;
	struct timespec t;
	int *lat, c;

	while ((c = getopt(argc, argv, "i:w:l:D:")) != -1) {
		switch (c) {
		case 'i': period = atoll(optarg); break;
		case 'w': work_us = atoll(optarg); break;
		case 'l': loops = atol(optarg); break;
		case 'D': secs = atoll(optarg); break;
		default:
			fprintf(stderr, "usage: waker [-i PERIOD_US] [-w WORK_US] [-l LOOPS] [-D SECONDS]\n");
			return 2;
		}
	}
	if (period <= 0 || work_us < 0 || work_us >= period || loops <= 0 || secs < 0) {
		fprintf(stderr, "waker: need 0 <= WORK_US < PERIOD_US, LOOPS > 0 and SECONDS >= 0\n");
		return 2;
	}
	lat = calloc(loops, sizeof(*lat));
	if (!lat)
		return 1;
	period *= 1000;
	clock_gettime(CLOCK_MONOTONIC, &t);
	next = ns(&t) + period;
	end = secs ? ns(&t) + secs * 1000000000LL : 0;
	for (n = 0; n < loops && (!end || next < end); n++) {
		t = ts(next);
		clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &t, NULL);
		clock_gettime(CLOCK_MONOTONIC, &t);
		now = ns(&t);
		lat[n] = (now - next) / 1000;
		work(work_us * 1000);
		clock_gettime(CLOCK_MONOTONIC, &t);
		next += period;
		while (next <= ns(&t)) {
			next += period;
			missed++;
		}
	}
	for (i = 0; i < n; i++)
		printf("0: %ld: %d\n", i, lat[i]);
	printf("# missed %ld of %ld periods\n", missed, missed + n);
	return 0;
}
