// SPDX-License-Identifier: GPL-2.0-only
/*
 * test-threads: a process of N + 1 threads that sleep until it is killed,
 * for latnice's test of --all-tasks.  usage: test-threads N
 */
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

static void *sleeper(void *arg)
{
	for (;;)
		pause();
	return arg;
}

int main(int argc, char **argv)
{
	pthread_t t;
	int n = argc > 1 ? atoi(argv[1]) : 0;

	while (n-- > 0)
		if (pthread_create(&t, NULL, sleeper, NULL))
			return 1;
	sleeper(NULL);
	return 0;
}
