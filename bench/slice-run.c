// SPDX-License-Identifier: GPL-2.0
/*
 * slice-run: run a command with the EEVDF slice (sched_attr::sched_runtime,
 * Linux 6.12 and later for SCHED_OTHER) that the 6.12 series would give a
 * task at a latency nice value, on a kernel without the series: the
 * upstream way to ask for the same thing.  The slice is the base slice
 * (debugfs sched/base_slice_ns) times 2^(value / 5), kept within 0.1-100
 * ms, as Documentation/scheduler/sched-latency-nice.rst of that series
 * says; value 0 asks for no slice.  The slice is inherited on fork, as
 * latency nice is.  guest/matrix runs the testers' matrix with it
 * (MATRIX_VIA=slice).
 *
 * usage: slice-run VALUE COMMAND [ARG...]
 */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/sched.h>
#include <linux/sched/types.h>

#define BASE_SLICE	"/sys/kernel/debug/sched/base_slice_ns"
#define SLICE_MIN	100000ULL	/* sched_runtime's bounds, ns */
#define SLICE_MAX	100000000ULL

int main(int argc, char **argv)
{
	struct sched_attr attr = { .size = SCHED_ATTR_SIZE_VER0 };
	unsigned long long base;
	double slice;
	char *end;
	long v;
	FILE *f;

	if (argc < 3) {
		fprintf(stderr, "usage: slice-run VALUE COMMAND [ARG...]\n");
		return 2;
	}
	v = strtol(argv[1], &end, 10);
	if (*end || v < -20 || v > 19) {
		fprintf(stderr, "slice-run: %s: a latency nice, -20 to 19\n", argv[1]);
		return 2;
	}
	f = fopen(BASE_SLICE, "r");
	if (!f || fscanf(f, "%llu", &base) != 1) {
		fprintf(stderr, "slice-run: %s: %s\n", BASE_SLICE,
			f ? "no number" : strerror(errno));
		return 1;
	}
	fclose(f);

	slice = base * pow(2, v / 5.0);
	if (v < 0 && slice < SLICE_MIN)
		slice = base < SLICE_MIN ? base : SLICE_MIN;
	if (v > 0 && slice > SLICE_MAX)
		slice = base > SLICE_MAX ? base : SLICE_MAX;
	attr.sched_policy = SCHED_NORMAL;
	attr.sched_runtime = v ? (unsigned long long)slice : 0;
	if (syscall(SYS_sched_setattr, 0, &attr, 0)) {
		fprintf(stderr, "slice-run: sched_setattr(sched_runtime %llu): %s\n",
			(unsigned long long)attr.sched_runtime, strerror(errno));
		return 1;
	}
	execvp(argv[2], argv + 2);
	fprintf(stderr, "slice-run: %s: %s\n", argv[2], strerror(errno));
	return 127;
}
