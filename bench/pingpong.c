// SPDX-License-Identifier: GPL-2.0
/*
 * pingpong: two processes bounce one byte through a pair of pipes and the
 * time per round trip is printed, in microseconds.  Each round trip is two
 * wake-ups and, when both processes share a CPU, two context switches: what
 * it measures is the cost of the scheduler's wake-up and schedule() paths
 * (like "perf bench sched pipe").  Pin it with taskset to choose.
 *
 * usage: pingpong [ROUNDTRIPS]	(default 100000)
 * prints: usec_per_roundtrip=<float> roundtrips=<n>
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static void die(const char *what)
{
	fprintf(stderr, "pingpong: %s: %s\n", what, strerror(errno));
	exit(1);
}

/* Read one byte from @in and write it back to @out, @n times. */
static void bounce(int in, int out, long n, int serve_first)
{
	char c = 0;

	while (n--) {
		if (serve_first && write(out, &c, 1) != 1)
			die("write");
		if (read(in, &c, 1) != 1)
			die("read");
		if (!serve_first && write(out, &c, 1) != 1)
			die("write");
	}
}

static double now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 100000;
	int ping[2], pong[2], status;
	double start, elapsed;
	pid_t child;

	if (n <= 0) {
		fprintf(stderr, "usage: pingpong [ROUNDTRIPS]\n");
		return 2;
	}
	if (pipe(ping) || pipe(pong))
		die("pipe");

	child = fork();
	if (child < 0)
		die("fork");
	if (!child) {
		/* the echo side: wait for the byte, send it back */
		close(ping[1]);
		close(pong[0]);
		bounce(ping[0], pong[1], n, 0);
		_exit(0);
	}
	close(ping[0]);
	close(pong[1]);

	start = now_us();
	bounce(pong[0], ping[1], n, 1);
	elapsed = now_us() - start;

	if (waitpid(child, &status, 0) < 0)
		die("waitpid");
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		fprintf(stderr, "pingpong: the echo process failed\n");
		return 1;
	}
	printf("usec_per_roundtrip=%.3f roundtrips=%ld\n", elapsed / n, n);
	return 0;
}
