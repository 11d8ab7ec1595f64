/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_SIM_PROTO_H
#define PRMCTL_SIM_PROTO_H

/*
 * A simulator service and its clients, on one machine. BAR0 is a shared
 * file every client maps, as it maps a real resource0. Config space is
 * served over a Unix socket, one synchronous transaction per dword, because
 * gateway registers act on access (the counter ticks on read, the flag
 * flips): plain shared memory cannot do that. The same socket carries the
 * control requests of `prmctl sim` and BAR0 stores (the doorbell). Host
 * memory for the command queue is a second shared file; one client at a
 * time drives the queue, as one driver owns a function, under an flock.
 */

#include <stdint.h>

#define SIM_PROTO_MAGIC 0x50524d31u	/* "PRM1" */

enum sim_op {
	SIM_OP_CFG_READ = 1,
	SIM_OP_CFG_WRITE,
	SIM_OP_INFO,		/* reply text: model key */
	SIM_OP_INJECT,		/* text: fault spec */
	SIM_OP_CLEAR,		/* text: fault name, or "" for all */
	SIM_OP_STATUS,		/* reply text: "fault,fault" */
	SIM_OP_STOP,
	SIM_OP_BAR_WRITE,	/* off, val: one BAR0 dword, raw (device byte order) */
	SIM_OP_CMDLOG,		/* off: record index; reply val: records, text: the record */
	SIM_OP_HEALTH_READS,	/* reply val: host reads of the health counter so far */
};

struct sim_req {
	uint32_t magic;
	uint32_t op;
	uint32_t off;
	uint32_t val;
	char text[256];
};

struct sim_rsp {
	uint32_t magic;
	int32_t rc;		/* 0, or an enum prm_err_kind */
	uint32_t val;
	uint32_t pad;
	char text[512];		/* reply text, or the error message */
};

/* Files of a service, in its directory. */
#define SIM_FILE_BAR0 "bar0"
#define SIM_FILE_SOCK "sock"
#define SIM_FILE_LOCK "lock"
#define SIM_FILE_PID "pid"
#define SIM_FILE_PID_TMP "pid.tmp"	/* the pid before it is renamed into place */
#define SIM_FILE_PCIDEV "pcidev"	/* mount point of the PCI device directory */
#define SIM_FILE_HOSTMEM "hostmem"	/* host memory the adapter reaches by DMA */
#define SIM_FILE_TRACELOG "tracelog.jsonl"	/* every item its tracer emitted */
/* where the log stops: it lives in /run or $XDG_RUNTIME_DIR, memory on most hosts */
#define SIM_TRACELOG_MAX (256ull << 20)
#define SIM_TRACELOG_LINE_MAX 2048	/* one item's line, at most */
#define SIM_FILE_CMDQ_LOCK "cmdq.lock"	/* held by the one client driving the queue */

#endif
