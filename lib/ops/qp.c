// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * RC QPs taken RESET -> INIT -> RTR -> RTS and back, each command built
 * from its layout. Only the command's round trip is timed: building it is
 * not what a connection test measures.
 */
#include "lib/ops/qp.h"

#include "lib/dev/cmdchan.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/opcodes.h"
#include "lib/util/clock.h"

#define QP_IN_MAX 0x200	/* the largest input built here (create_qp_in: 272 bytes) */

/* One command, timed; what the firmware answered goes into *r. */
static int run(struct dev *d, const void *in, const struct prm_layout *in_l, void *out,
	       const struct prm_layout *out_l, struct qp_reply *r, struct prm_err *err)
{
	struct cmd_result res;
	uint64_t t0 = clock_now_us();

	if (dev_cmd_exec(d, in, prm_layout_bytes(in_l), out, prm_layout_bytes(out_l), &res, err))
		return -1;
	r->us = (uint32_t)(clock_now_us() - t0);
	r->status = res.status;
	r->syndrome = res.syndrome;
	r->qpn = 0;
	return 0;
}

int qp_create(struct dev *d, uint32_t pd, struct qp_reply *r, struct prm_err *err)
{
	uint8_t in[QP_IN_MAX] = { 0 }, out[16] = { 0 };

	PRM_SET(create_qp_in, in, sizeof(in), "opcode", MLX5_CMD_OP_CREATE_QP);
	PRM_SET(create_qp_in, in, sizeof(in), "qpc.st", 0);	/* RC */
	PRM_SET(create_qp_in, in, sizeof(in), "qpc.pd", pd);
	PRM_SET(create_qp_in, in, sizeof(in), "qpc.log_sq_size", 6);
	PRM_SET(create_qp_in, in, sizeof(in), "qpc.log_rq_size", 6);
	if (run(d, in, &prm_layout_create_qp_in, out, &prm_layout_create_qp_out, r, err))
		return -1;
	if (!r->status)
		r->qpn = (uint32_t)PRM_GET(create_qp_out, out, sizeof(out), "qpn");
	return 0;
}

int qp_rst2init(struct dev *d, uint32_t qpn, struct qp_reply *r, struct prm_err *err)
{
	uint8_t in[QP_IN_MAX] = { 0 }, out[16] = { 0 };

	PRM_SET(rst2init_qp_in, in, sizeof(in), "opcode", MLX5_CMD_OP_RST2INIT_QP);
	PRM_SET(rst2init_qp_in, in, sizeof(in), "qpn", qpn);
	PRM_SET(rst2init_qp_in, in, sizeof(in), "qpc.rre", 1);
	PRM_SET(rst2init_qp_in, in, sizeof(in), "qpc.rwe", 1);
	PRM_SET(rst2init_qp_in, in, sizeof(in), "qpc.primary_address_path.vhca_port_num", 1);
	return run(d, in, &prm_layout_rst2init_qp_in, out, &prm_layout_rst2init_qp_out, r, err);
}

int qp_init2rtr(struct dev *d, uint32_t qpn, const struct qp_path *p, struct qp_reply *r,
		struct prm_err *err)
{
	uint8_t in[QP_IN_MAX] = { 0 }, out[16] = { 0 };

	PRM_SET(init2rtr_qp_in, in, sizeof(in), "opcode", MLX5_CMD_OP_INIT2RTR_QP);
	PRM_SET(init2rtr_qp_in, in, sizeof(in), "qpn", qpn);
	PRM_SET(init2rtr_qp_in, in, sizeof(in), "qpc.mtu", p->mtu_code);
	PRM_SET(init2rtr_qp_in, in, sizeof(in), "qpc.remote_qpn", p->remote_qpn);
	PRM_SET(init2rtr_qp_in, in, sizeof(in), "qpc.next_rcv_psn", 0);
	PRM_SET(init2rtr_qp_in, in, sizeof(in), "qpc.log_rra_max", 2);
	PRM_SET(init2rtr_qp_in, in, sizeof(in), "qpc.min_rnr_nak", 12);
	PRM_SET(init2rtr_qp_in, in, sizeof(in), "qpc.primary_address_path.hop_limit", 64);
	PRM_SET(init2rtr_qp_in, in, sizeof(in), "qpc.primary_address_path.udp_sport",
		p->udp_sport);
	PRM_SET(init2rtr_qp_in, in, sizeof(in), "qpc.primary_address_path.rmac_47_32",
		(uint64_t)p->rmac[0] << 8 | p->rmac[1]);
	PRM_SET(init2rtr_qp_in, in, sizeof(in), "qpc.primary_address_path.rmac_31_0",
		(uint64_t)p->rmac[2] << 24 | (uint64_t)p->rmac[3] << 16 |
		(uint64_t)p->rmac[4] << 8 | p->rmac[5]);
	/* IPv4-mapped ::ffff:a.b.c.d; bytes 0-9 stay zero */
	PRM_SET(init2rtr_qp_in, in, sizeof(in), "qpc.primary_address_path.rgid_rip[10]", 0xff);
	PRM_SET(init2rtr_qp_in, in, sizeof(in), "qpc.primary_address_path.rgid_rip[11]", 0xff);
	PRM_SET(init2rtr_qp_in, in, sizeof(in), "qpc.primary_address_path.rgid_rip[12]",
		(p->rip >> 24) & 0xff);
	PRM_SET(init2rtr_qp_in, in, sizeof(in), "qpc.primary_address_path.rgid_rip[13]",
		(p->rip >> 16) & 0xff);
	PRM_SET(init2rtr_qp_in, in, sizeof(in), "qpc.primary_address_path.rgid_rip[14]",
		(p->rip >> 8) & 0xff);
	PRM_SET(init2rtr_qp_in, in, sizeof(in), "qpc.primary_address_path.rgid_rip[15]",
		p->rip & 0xff);
	return run(d, in, &prm_layout_init2rtr_qp_in, out, &prm_layout_init2rtr_qp_out, r, err);
}

int qp_rtr2rts(struct dev *d, uint32_t qpn, struct qp_reply *r, struct prm_err *err)
{
	uint8_t in[QP_IN_MAX] = { 0 }, out[16] = { 0 };

	PRM_SET(rtr2rts_qp_in, in, sizeof(in), "opcode", MLX5_CMD_OP_RTR2RTS_QP);
	PRM_SET(rtr2rts_qp_in, in, sizeof(in), "qpn", qpn);
	PRM_SET(rtr2rts_qp_in, in, sizeof(in), "qpc.next_send_psn", 0);
	PRM_SET(rtr2rts_qp_in, in, sizeof(in), "qpc.retry_count", 7);
	PRM_SET(rtr2rts_qp_in, in, sizeof(in), "qpc.rnr_retry", 7);
	PRM_SET(rtr2rts_qp_in, in, sizeof(in), "qpc.log_sra_max", 2);
	PRM_SET(rtr2rts_qp_in, in, sizeof(in), "qpc.primary_address_path.ack_timeout", 14);
	return run(d, in, &prm_layout_rtr2rts_qp_in, out, &prm_layout_rtr2rts_qp_out, r, err);
}

int qp_2rst(struct dev *d, uint32_t qpn, struct qp_reply *r, struct prm_err *err)
{
	uint8_t in[16] = { 0 }, out[16] = { 0 };

	PRM_SET(qp_2rst_in, in, sizeof(in), "opcode", MLX5_CMD_OP_2RST_QP);
	PRM_SET(qp_2rst_in, in, sizeof(in), "qpn", qpn);
	return run(d, in, &prm_layout_qp_2rst_in, out, &prm_layout_qp_2rst_out, r, err);
}

int qp_destroy(struct dev *d, uint32_t qpn, struct qp_reply *r, struct prm_err *err)
{
	uint8_t in[16] = { 0 }, out[16] = { 0 };

	PRM_SET(destroy_qp_in, in, sizeof(in), "opcode", MLX5_CMD_OP_DESTROY_QP);
	PRM_SET(destroy_qp_in, in, sizeof(in), "qpn", qpn);
	return run(d, in, &prm_layout_destroy_qp_in, out, &prm_layout_destroy_qp_out, r, err);
}
