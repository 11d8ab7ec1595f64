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
	SIM_OP_CFG_BATCH,	/* val accesses packed in text; reply val reads, text their values */
	SIM_OP_EVENTS,		/* reply text: "commands unsupported pages eqes cmd_eqes interrupts doorbells" */
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

/*
 * SIM_OP_CFG_BATCH: config accesses run in order, each as its own
 * CFG_READ or CFG_WRITE would be, in one round trip (a cr-space dump is
 * three accesses a dword). Each access in the request text: a 16-bit
 * little-endian head, the dword offset with SIM_BATCH_WRITE for a write,
 * then for a write its value, 32-bit little-endian. The reply's text holds
 * the reads' values in order, 32-bit little-endian. The last byte of either
 * text is not used: each side writes a NUL there.
 */
#define SIM_BATCH_WRITE 0x8000u
#define SIM_BATCH_OFF_MAX 0x1000u	/* config space: the extended 4 KiB */
#define SIM_BATCH_BYTES (sizeof(((struct sim_req *)0)->text) - 1)
#define SIM_BATCH_READS ((sizeof(((struct sim_rsp *)0)->text) - 1) / 4)

/* Files of a service, in its directory. */
#define SIM_FILE_BAR0 "bar0"
#define SIM_FILE_SOCK "sock"
#define SIM_FILE_LOCK "lock"
#define SIM_FILE_PID "pid"
#define SIM_FILE_PID_TMP "pid.tmp"	/* the pid before it is renamed into place */
#define SIM_FILE_PCIDEV "pcidev"	/* mount point of the PCI device directory */
#define SIM_FILE_HOSTMEM "hostmem"	/* host memory the adapter reaches by DMA */
#define SIM_FILE_TRACELOG "tracelog.jsonl"	/* every item its tracer emitted */
#define SIM_FILE_TRACERING "tracering.trace"	/* every block it wrote: a capture file */
/* where the log stops: it lives in /run or $XDG_RUNTIME_DIR, memory on most hosts */
#define SIM_TRACELOG_MAX (256ull << 20)
#define SIM_TRACELOG_LINE_MAX 2048	/* one item's line, at most */
#define SIM_FILE_CMDQ_LOCK "cmdq.lock"	/* held by the one client driving the queue */

#endif
