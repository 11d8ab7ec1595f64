// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * RC queue pairs and their state machine, as far as a connection self-test
 * drives them: CREATE_QP in RESET, RST2INIT, INIT2RTR (the address path
 * checked: a unicast MAC, an IPv4 that is not zero, multicast or broadcast,
 * an MTU code 1-5, a remote QPN), RTR2RTS, 2RST from any state, DESTROY.
 * A transition from the wrong state is BAD_RES_STATE, as on hardware.
 */
#include <string.h>

#include "lib/prm/cmdstatus.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/sim/internal.h"
#include "lib/sim/mkey.h"
#include "lib/sim/qp.h"

enum { QP_RST, QP_INIT, QP_RTR, QP_RTS };
#define QPC_ST_RC 0		/* qpc.st: MLX5_QP_ST_RC */

void sim_qp_reset(struct sim_adapter *a)
{
	memset(&a->qps, 0, sizeof(a->qps));
}

static struct sim_qp *find(struct sim_adapter *a, uint64_t qpn)
{
	for (unsigned i = 0; i < SIM_MAX_QPS; i++)
		if (a->qps.q[i].used && a->qps.q[i].qpn == qpn)
			return &a->qps.q[i];
	return NULL;
}

uint8_t sim_qp_create_cmd(struct sim_adapter *a, const uint8_t *in, size_t inlen, uint8_t *out,
			  size_t outlen, uint16_t *why)
{
	struct sim_qp *q = NULL;

	if (!sim_pd_valid(a, (uint32_t)PRM_GET(create_qp_in, in, inlen, "qpc.pd")))
		return *why = 1, MLX5_CMD_STAT_BAD_RES_ERR;
	if (PRM_GET(create_qp_in, in, inlen, "qpc.st") != QPC_ST_RC)
		return *why = 2, MLX5_CMD_STAT_BAD_PARAM_ERR;	/* the simulator does RC only */
	for (unsigned i = 0; i < SIM_MAX_QPS && !q; i++)
		if (!a->qps.q[i].used)
			q = &a->qps.q[i];
	if (!q)
		return *why = 3, MLX5_CMD_STAT_LIM_ERR;
	memset(q, 0, sizeof(*q));
	q->used = true;
	q->qpn = SIM_QP_FIRST + a->qps.created++ % 0x100000;
	q->state = QP_RST;
	PRM_SET(create_qp_out, out, outlen, "qpn", q->qpn);
	return MLX5_CMD_STAT_OK;
}

static struct sim_qp *named(struct sim_adapter *a, const struct prm_layout *l, const uint8_t *in,
			    size_t inlen)
{
	return find(a, prm_field_value(l, in, inlen, "qpn"));
}

static uint8_t move(struct sim_adapter *a, const struct prm_layout *l, const uint8_t *in,
		    size_t inlen, unsigned from, unsigned to, uint16_t *why)
{
	struct sim_qp *q = named(a, l, in, inlen);

	if (!q)
		return *why = 1, MLX5_CMD_STAT_BAD_RES_ERR;
	if (q->state != from)
		return *why = 2, MLX5_CMD_STAT_BAD_RES_STATE_ERR;
	q->state = to;
	return MLX5_CMD_STAT_OK;
}

uint8_t sim_qp_rst2init_cmd(struct sim_adapter *a, const uint8_t *in, size_t inlen, uint8_t *out,
			    size_t outlen, uint16_t *why)
{
	(void)out;
	(void)outlen;
	return move(a, &prm_layout_rst2init_qp_in, in, inlen, QP_RST, QP_INIT, why);
}

/* The address path a RoCE v2 connection needs, checked as firmware would. */
static int path_ok(const uint8_t *in, size_t inlen, uint16_t *why)
{
	uint64_t mtu = PRM_GET(init2rtr_qp_in, in, inlen, "qpc.mtu");
	uint64_t mac = PRM_GET(init2rtr_qp_in, in, inlen, "qpc.primary_address_path.rmac_47_32") << 32 |
		       PRM_GET(init2rtr_qp_in, in, inlen, "qpc.primary_address_path.rmac_31_0");
	/* IPv4-mapped: ::ffff:a.b.c.d */
	uint32_t ip =
		(uint32_t)PRM_GET(init2rtr_qp_in, in, inlen, "qpc.primary_address_path.rgid_rip[12]") << 24 |
		(uint32_t)PRM_GET(init2rtr_qp_in, in, inlen, "qpc.primary_address_path.rgid_rip[13]") << 16 |
		(uint32_t)PRM_GET(init2rtr_qp_in, in, inlen, "qpc.primary_address_path.rgid_rip[14]") << 8 |
		(uint32_t)PRM_GET(init2rtr_qp_in, in, inlen, "qpc.primary_address_path.rgid_rip[15]");
	if (mtu < 1 || mtu > 5)
		return *why = 3, -1;
	if (!PRM_GET(init2rtr_qp_in, in, inlen, "qpc.remote_qpn"))
		return *why = 4, -1;
	if (!mac || mac >> 40 & 1)
		return *why = 5, -1;	/* no MAC, or a multicast one */
	if (!ip || ip >> 28 == 0xe || ip == 0xffffffff)
		return *why = 6, -1;	/* zero, multicast or broadcast */
	return 0;
}

uint8_t sim_qp_init2rtr_cmd(struct sim_adapter *a, const uint8_t *in, size_t inlen, uint8_t *out,
			    size_t outlen, uint16_t *why)
{
	(void)out;
	(void)outlen;
	if (path_ok(in, inlen, why))
		return MLX5_CMD_STAT_BAD_PARAM_ERR;
	return move(a, &prm_layout_init2rtr_qp_in, in, inlen, QP_INIT, QP_RTR, why);
}

uint8_t sim_qp_rtr2rts_cmd(struct sim_adapter *a, const uint8_t *in, size_t inlen, uint8_t *out,
			   size_t outlen, uint16_t *why)
{
	(void)out;
	(void)outlen;
	return move(a, &prm_layout_rtr2rts_qp_in, in, inlen, QP_RTR, QP_RTS, why);
}

uint8_t sim_qp_2rst_cmd(struct sim_adapter *a, const uint8_t *in, size_t inlen, uint8_t *out,
			size_t outlen, uint16_t *why)
{
	struct sim_qp *q = named(a, &prm_layout_qp_2rst_in, in, inlen);

	(void)out;
	(void)outlen;
	if (!q)
		return *why = 1, MLX5_CMD_STAT_BAD_RES_ERR;
	q->state = QP_RST;
	return MLX5_CMD_STAT_OK;
}

uint8_t sim_qp_destroy_cmd(struct sim_adapter *a, const uint8_t *in, size_t inlen, uint8_t *out,
			   size_t outlen, uint16_t *why)
{
	struct sim_qp *q = named(a, &prm_layout_destroy_qp_in, in, inlen);

	(void)out;
	(void)outlen;
	if (!q)
		return *why = 1, MLX5_CMD_STAT_BAD_RES_ERR;
	q->used = false;
	return MLX5_CMD_STAT_OK;
}
