/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_SIM_VUMSG_H
#define PRMCTL_SIM_VUMSG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/sim/adapter.h"

/*
 * vfio-user messages (QEMU's docs/interop/vfio-user.rst), server side: one
 * whole message in, its reply out. No I/O here beyond the descriptors a
 * message carries, so tests and the fuzzer drive it without a socket.
 */

enum {
	SIM_VU_VERSION = 1, SIM_VU_DMA_MAP, SIM_VU_DMA_UNMAP, SIM_VU_DEVICE_GET_INFO,
	SIM_VU_GET_REGION_INFO, SIM_VU_GET_REGION_IO_FDS, SIM_VU_GET_IRQ_INFO, SIM_VU_SET_IRQS,
	SIM_VU_REGION_READ, SIM_VU_REGION_WRITE, SIM_VU_DMA_READ, SIM_VU_DMA_WRITE,
	SIM_VU_DEVICE_RESET, SIM_VU_NCMDS = 19	/* commands are numbered below this */
};

/* header flags: type in bits 3:0 */
#define SIM_VU_TYPE_REPLY 0x1u
#define SIM_VU_NO_REPLY 0x10u
#define SIM_VU_ERROR 0x20u

#define SIM_VU_HDR_BYTES 16
#define SIM_VU_MAX_FDS 16		/* max_msg_fds we announce */
#define SIM_VU_MAX_XFER 65536u		/* max_data_xfer_size we announce */
/* the largest message taken: a region write of the largest transfer */
#define SIM_VU_MAX_MSG (SIM_VU_HDR_BYTES + 16 + SIM_VU_MAX_XFER)
#define SIM_VU_CFG_BYTES 4096		/* config region: PCI Express's extended space */

struct sim_vu_hdr {
	uint16_t id, cmd;
	uint32_t size, flags, error;
};
_Static_assert(sizeof(struct sim_vu_hdr) == SIM_VU_HDR_BYTES, "vfio-user header");

struct sim_vu_session {
	struct sim_adapter *a;
	bool versioned;
	uint64_t counts[SIM_VU_NCMDS];	/* messages seen, by command (0: unknown ones) */
	uint64_t refused;		/* answered with an error */
};

struct sim_vu_reply {
	size_t len;			/* 0: nothing to send */
	uint8_t buf[SIM_VU_HDR_BYTES + 16 + SIM_VU_MAX_XFER];
};

/*
 * One message of len bytes (its header's size must say len) with the nfds
 * descriptors that came with it, which are always consumed: kept (DMA
 * mappings are mapped then closed; MSI-X eventfds kept) or closed. Returns
 * 0 with the reply in r (r->len 0 for a message that wants none), or -1 for
 * one that breaks the stream (not a command message): drop the connection.
 */
int sim_vu_message(struct sim_vu_session *s, const uint8_t *msg, size_t len, int *fds,
		   size_t nfds, struct sim_vu_reply *r);

/* A command's name ("DMA_MAP"), NULL for one we do not know. */
const char *sim_vu_cmd_name(unsigned cmd);

#endif
