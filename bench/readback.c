// SPDX-License-Identifier: GPL-2.0
/*
 * readback: latency nice set and read back as fast as it goes, through both
 * interfaces, for make soak (guest/check-fuzz).  Until the file STOP
 * exists, each round:
 *  - writes a random number (mostly in [-20, 19], some out of it, some
 *    beyond 64 bits) or 1 to 8 random bytes to the cpu.latency.nice of one
 *    of the GROUPs, and reads it back at once;
 *  - sets a random latency nice (mostly in range) on itself with
 *    sched_setattr(), and reads it back with sched_getattr().
 * The contract (DESIGN.md section 2): a decimal in [-20, 19] is taken, any
 * other number refused with ERANGE; a refused write changes nothing; the
 * file reads the last value taken (after random bytes that were taken, a
 * value in range).  sched_setattr() takes [-20, 19], refuses anything else
 * with EINVAL and changes nothing then; sched_getattr() reports the last
 * value taken.  The random numbers come from SEED.
 *
 * usage: readback SEED STOP GROUP...
 * prints: writes N taken N bytes_taken N wrong N contract N
 *         setattr N getattr N attr_wrong N attr_contract N
 *         last GROUP V	(V: the group's last value taken)
 *         # ...		(the first 20 failures)
 * exits 0 when nothing broke the contract, 1 otherwise, 2 on bad usage.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "sched_attr.h"

#define MAX_GROUPS	16
#define MAX_REPORTS	20

static uint64_t rng;
static unsigned long bad_lines;

/* xorshift64*: the same sequence from the same seed. */
static uint64_t rnd(void)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * 0x2545f4914f6cdd1dULL;
}

static void report(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void report(const char *fmt, ...)
{
	va_list ap;

	if (bad_lines++ >= MAX_REPORTS)
		return;
	va_start(ap, fmt);
	fputs("# ", stdout);
	vprintf(fmt, ap);
	va_end(ap);
}

/* The group file's value, or INT32_MIN when it does not read as a number. */
static long read_value(int fd)
{
	char buf[64];
	ssize_t n = pread(fd, buf, sizeof(buf) - 1, 0);
	char *end;
	long v;

	if (n <= 0)
		return INT32_MIN;
	buf[n] = 0;
	v = strtol(buf, &end, 10);
	return end == buf || *end != '\n' ? INT32_MIN : v;
}

/* A random number as text: mostly in range, some out of it, some huge. */
static void random_number(char *buf, size_t len, long *v, int *in_range)
{
	static const char *const huge[] = {
		"2147483647", "-2147483648", "4294967276", "9223372036854775807",
		"-9223372036854775809", "18446744073709551616",
	};
	unsigned int r = rnd() % 100;

	if (r < 80)
		*v = (long)(rnd() % 40) - 20;
	else if (r < 95)
		*v = (long)(rnd() % 200) - 100;
	else {
		snprintf(buf, len, "%s\n", huge[rnd() % 6]);
		*in_range = 0;
		return;
	}
	*in_range = *v >= -20 && *v <= 19;
	snprintf(buf, len, "%ld\n", *v);
}

int main(int argc, char **argv)
{
	unsigned long writes = 0, taken = 0, bytes = 0, wrong = 0, contract = 0;
	unsigned long setattr = 0, getattr = 0, attr_wrong = 0, attr_contract = 0;
	int fd[MAX_GROUPS], ng = argc - 3, i, self = 0;
	long last[MAX_GROUPS];
	const char *stop;
	char path[4096];

	if (argc < 4 || ng > MAX_GROUPS) {
		fprintf(stderr, "usage: readback SEED STOP GROUP... (at most %d)\n", MAX_GROUPS);
		return 2;
	}
	rng = strtoull(argv[1], NULL, 10) * 2654435761ULL + 1;
	stop = argv[2];
	for (i = 0; i < ng; i++) {
		snprintf(path, sizeof(path), "%s/cpu.latency.nice", argv[i + 3]);
		fd[i] = open(path, O_RDWR);
		if (fd[i] < 0) {
			fprintf(stderr, "readback: %s: %s\n", path, strerror(errno));
			return 2;
		}
		last[i] = read_value(fd[i]);
	}

	for (unsigned long round = 0; ; round++) {
		struct attr a = { .size = SCHED_ATTR_SIZE_VER2 };
		char buf[64];
		long v = 0, got;
		int g = rnd() % ng, in_range = 0, number, ok, err;
		size_t n;

		if (!(round % 64) && !access(stop, F_OK))
			break;

		/* cpu.latency.nice */
		number = rnd() % 10 < 7;
		if (number) {
			random_number(buf, sizeof(buf), &v, &in_range);
			n = strlen(buf);
		} else {
			n = 1 + rnd() % 8;
			for (size_t k = 0; k < n; k++)
				buf[k] = rnd();
		}
		ok = pwrite(fd[g], buf, n, 0) == (ssize_t)n;
		err = errno;
		got = read_value(fd[g]);
		writes++;
		taken += ok;
		if (number) {
			if (ok != in_range || (!ok && err != ERANGE)) {
				contract++;
				report("%s: writing %.*s returned %s\n", argv[g + 3], (int)n - 1,
				       buf, ok ? "success" : strerror(err));
			}
			if (ok)
				last[g] = v;
		} else if (ok) {
			bytes++;
			/* Random bytes that were taken: any value in range. */
			if (got >= -20 && got <= 19)
				last[g] = got;
		}
		if (got != last[g]) {
			wrong++;
			report("%s: reads %ld after a %s write %s, expected %s%ld\n",
			       argv[g + 3], got, number ? "number" : "random bytes",
			       ok ? "taken" : "refused",
			       !number && ok ? "a value in [-20, 19], not " : "", last[g]);
			last[g] = got;
		}

		/* sched_setattr() and sched_getattr() on itself */
		if (rnd() % 10 < 8) {
			v = (long)(rnd() % 40) - 20;
		} else {
			static const long out[] = { 20, -21, 100, -100, INT32_MAX, INT32_MIN };

			v = out[rnd() % 6];
		}
		in_range = v >= -20 && v <= 19;
		a.sched_flags = SCHED_FLAG_KEEP_ALL | SCHED_FLAG_LATENCY_NICE;
		a.sched_latency_nice = v;
		ok = !syscall(SYS_sched_setattr, 0, &a, 0);
		err = errno;
		setattr++;
		if (ok != in_range || (!ok && err != EINVAL)) {
			attr_contract++;
			report("sched_setattr(%ld) returned %s\n", v, ok ? "success" : strerror(err));
		}
		if (ok)
			self = v;
		memset(&a, 0, sizeof(a));
		if (syscall(SYS_sched_getattr, 0, &a, SCHED_ATTR_SIZE_VER2, 0) ||
		    a.sched_latency_nice != self) {
			attr_wrong++;
			report("sched_getattr() reads %d after sched_setattr(%ld), expected %d\n",
			       a.sched_latency_nice, v, self);
			self = a.sched_latency_nice;
		}
		getattr++;
	}

	printf("writes %lu taken %lu bytes_taken %lu wrong %lu contract %lu\n",
	       writes, taken, bytes, wrong, contract);
	printf("setattr %lu getattr %lu attr_wrong %lu attr_contract %lu\n",
	       setattr, getattr, attr_wrong, attr_contract);
	for (i = 0; i < ng; i++)
		printf("last %s %ld\n", argv[i + 3], last[i]);
	return wrong || contract || attr_wrong || attr_contract;
}
