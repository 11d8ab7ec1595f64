/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_OPS_QP_H
#define PRMCTL_OPS_QP_H

#include <stdint.h>

#include "lib/util/err.h"

struct dev;

/*
 * RC queue pairs for a connection test (seed 004): CREATE_QP, the RESET ->
 * INIT -> RTR -> RTS transitions with a RoCE v2 address path, 2RST_QP and
 * DESTROY_QP, with the fixed choices that test makes (64-entry queues,
 * port 1, remote read and write, the retry and timer codes). A command the
 * firmware fails is no error here: its status is in the reply, to be
 * counted; -1 is the carrier failing (PRM_E_TIMEOUT: never completed). The
 * PD comes from lib/ops/pd.h.
 */

/* The firmware's answer to one command, and how long it took. */
struct qp_reply {
	uint8_t status;		/* 0: done */
	uint32_t syndrome;
	uint32_t us;		/* from sending to the answer */
	uint32_t qpn;		/* qp_create, status 0: the QP made */
};

/* What INIT2RTR connects a QP to. */
struct qp_path {
	unsigned mtu_code;	/* qp_mtu_code() */
	uint32_t remote_qpn;
	uint32_t rip;		/* remote IPv4, host order: sent IPv4-mapped */
	uint8_t rmac[6];
	uint16_t udp_sport;
};

int qp_create(struct dev *d, uint32_t pd, struct qp_reply *r, struct prm_err *err);
int qp_rst2init(struct dev *d, uint32_t qpn, struct qp_reply *r, struct prm_err *err);
int qp_init2rtr(struct dev *d, uint32_t qpn, const struct qp_path *p, struct qp_reply *r,
		struct prm_err *err);
int qp_rtr2rts(struct dev *d, uint32_t qpn, struct qp_reply *r, struct prm_err *err);
/* Back to RESET from any state. */
int qp_2rst(struct dev *d, uint32_t qpn, struct qp_reply *r, struct prm_err *err);
int qp_destroy(struct dev *d, uint32_t qpn, struct qp_reply *r, struct prm_err *err);

#endif
