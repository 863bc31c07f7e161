/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The latency nice uapi of DESIGN.md section 2, for the guest's programs
 * (bench/readback.c, bench/transitions.c), built against a libc whose
 * headers do not have it.
 */
#ifndef LATNICE_SCHED_ATTR_H
#define LATNICE_SCHED_ATTR_H

#include <stdint.h>

#define SCHED_FLAG_KEEP_ALL		0x18
#define SCHED_FLAG_LATENCY_NICE		0x80
#define SCHED_ATTR_SIZE_VER2		60

struct attr {
	uint32_t size;
	uint32_t sched_policy;
	uint64_t sched_flags;
	int32_t sched_nice;
	uint32_t sched_priority;
	uint64_t sched_runtime, sched_deadline, sched_period;
	uint32_t sched_util_min, sched_util_max;
	int32_t sched_latency_nice;
};

#endif
