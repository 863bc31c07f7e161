// SPDX-License-Identifier: GPL-2.0
/*
 * nolock.so: POSIX record locks that always succeed, for MariaDB in the
 * test guest (guest/db-bench, LD_PRELOAD).  The test kernels are built
 * without CONFIG_FILE_LOCKING, where fcntl(F_SETLK) fails with EACCES:
 * InnoDB then refuses ibdata1 and Aria its control file, and the server
 * does not start.  One server owns its data directory in the guest, so
 * nothing needs the locks; every other fcntl() goes to the kernel as is.
 *
 * gcc -shared -fPIC -O2 -Wall -o nolock.so nolock.c
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdarg.h>
#include <sys/syscall.h>
#include <unistd.h>

static int nolock(int fd, int cmd, long arg)
{
	switch (cmd) {
	case F_GETLK:
	case F_OFD_GETLK:
		((struct flock *)arg)->l_type = F_UNLCK;
		return 0;
	case F_SETLK:
	case F_SETLKW:
	case F_OFD_SETLK:
	case F_OFD_SETLKW:
		return 0;
	}
	return syscall(SYS_fcntl, fd, cmd, arg);
}

int fcntl(int fd, int cmd, ...)
{
	va_list ap;
	long arg;

	va_start(ap, cmd);
	arg = va_arg(ap, long);
	va_end(ap);
	return nolock(fd, cmd, arg);
}

/* glibc's large-file name for the same call. */
int fcntl64(int fd, int cmd, ...) __attribute__((alias("fcntl")));
