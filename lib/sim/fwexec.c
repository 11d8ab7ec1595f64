// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * What the simulated firmware does with each command: the HCA state machine
 * (disabled, enabled, initialized), ISSI, pages, and the queries. Status and
 * syndrome as the PRM's command status codes.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lib/prm/cmdstatus.h"
#include "lib/prm/events.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/names.h"
#include "lib/sim/fwcmd.h"
#include "lib/sim/internal.h"
#include "lib/sim/mkey.h"
#include "lib/prm/opcodes.h"
#include "lib/prm/regtlv.h"

/* pages the model asks for at boot and at init (QUERY_PAGES op_mod 1, 2) */
#define BOOT_PAGES 8
#define INIT_PAGES 16
#define PAGES_GIVE 1
#define PAGES_TAKE 2

struct call {
	struct sim_adapter *a;
	const uint8_t *in;
	size_t inlen;
	uint8_t *out;
	size_t outlen;
	uint16_t opcode, op_mod;
	uint32_t syndrome;
};

/* A syndrome that tells which check failed: opcode in the high half. */
static uint8_t fail(struct call *c, uint8_t status, uint16_t why)
{
	c->syndrome = (uint32_t)c->opcode << 16 | why;
	return status;
}

static uint8_t enable_hca(struct call *c)
{
	/* a new driver: queues of one that went away point into its memory,
	 * and what it set is not this one's */
	sim_eq_reset(c->a);
	sim_caps_reset(c->a);
	c->a->uars = 0;
	c->a->uctxs = 0;
	c->a->hca_state = SIM_HCA_ENABLED;
	return MLX5_CMD_STAT_OK;
}

static uint8_t disable_hca(struct call *c)
{
	if (c->a->hca_state == SIM_HCA_INITIALIZED)
		return fail(c, MLX5_CMD_STAT_BAD_SYS_STATE_ERR, 1);	/* teardown first */
	c->a->hca_state = SIM_HCA_DISABLED;
	c->a->pages_held = 0;
	return MLX5_CMD_STAT_OK;
}

static uint8_t query_issi(struct call *c)
{
	PRM_SET(query_issi_out, c->out, c->outlen, "current_issi", c->a->issi);
	PRM_SET(query_issi_out, c->out, c->outlen, "supported_issi_dw0", 0x3);	/* 0 and 1 */
	return MLX5_CMD_STAT_OK;
}

static uint8_t set_issi(struct call *c)
{
	uint64_t issi = PRM_GET(set_issi_in, c->in, c->inlen, "current_issi");

	if (issi > 1)
		return fail(c, MLX5_CMD_STAT_BAD_PARAM_ERR, 1);
	c->a->issi = (uint16_t)issi;
	return MLX5_CMD_STAT_OK;
}

static uint8_t query_pages(struct call *c)
{
	int32_t n = 0;

	if (c->op_mod == 1)
		n = BOOT_PAGES - c->a->pages_held;
	else if (c->op_mod == 2)
		n = BOOT_PAGES + INIT_PAGES - c->a->pages_held;
	else if (c->op_mod != 3)
		return fail(c, MLX5_CMD_STAT_BAD_PARAM_ERR, 1);
	PRM_SET(query_pages_out, c->out, c->outlen, "num_pages", (uint32_t)(n > 0 ? n : 0));
	return MLX5_CMD_STAT_OK;
}

/*
 * page-request:N — the firmware asks the host for N more pages (a negative N:
 * takes N back) with a page request event, as it does when it needs memory
 * after INIT_HCA; the host answers with MANAGE_PAGES.
 */
int sim_page_request(struct sim_adapter *a, const char *arg, struct prm_err *err)
{
	uint8_t data[28] = { 0 };
	char *end;
	long n;

	errno = 0;
	n = strtol(arg, &end, 0);
	if (end == arg || *end || errno || n == 0 || n > SIM_MAX_PAGES || n < -SIM_MAX_PAGES)
		return prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_fault",
				   "page-request: PAGES is a count from -%d to %d, not 0, not '%s'",
				   SIM_MAX_PAGES, SIM_MAX_PAGES, arg);
	if (a->hca_state != SIM_HCA_INITIALIZED)
		return prm_err_set(err, PRM_E_USAGE, EAGAIN, "bad_fault",
				   "page-request: the function is not initialized (no driver to ask)");
	PRM_SET(eqe_page_req, data, sizeof(data), "num_pages", (uint32_t)(int32_t)n);
	sim_eq_post(a, MLX5_EVENT_TYPE_PAGE_REQUEST, 0, data, sizeof(data));
	return 0;
}

static uint8_t manage_pages(struct call *c)
{
	struct sim_adapter *a = c->a;
	uint64_t n = PRM_GET(manage_pages_in, c->in, c->inlen, "input_num_entries");
	size_t pas = prm_layout_bytes(&prm_layout_manage_pages_in);
	size_t opas = prm_layout_bytes(&prm_layout_manage_pages_out);

	if (c->op_mod == PAGES_GIVE) {
		if (n > SIM_MAX_PAGES || c->inlen < pas + n * 8)
			return fail(c, MLX5_CMD_STAT_BAD_INP_LEN_ERR, 1);
		if (n > (uint64_t)(SIM_MAX_PAGES - a->pages_held))
			return fail(c, MLX5_CMD_STAT_LIM_ERR, 1);	/* more than this firmware keeps */
		for (uint64_t i = 0; i < n; i++) {
			uint64_t addr = 0;

			prm_bits_get(c->in, c->inlen, (uint32_t)((pas + i * 8) * 8), 64, &addr);
			if (addr % 4096 || !sim_dma(a, addr, 4096))
				return fail(c, MLX5_CMD_STAT_BAD_PARAM_ERR, 2);	/* not a host page */
		}
		for (uint64_t i = 0; i < n; i++)
			prm_bits_get(c->in, c->inlen, (uint32_t)((pas + i * 8) * 8), 64,
				     &a->page_addr[a->pages_held++]);
		return MLX5_CMD_STAT_OK;
	}
	if (c->op_mod == PAGES_TAKE) {
		uint64_t give = n < (uint64_t)a->pages_held ? n : (uint64_t)a->pages_held;

		if (c->outlen < opas + give * 8)
			return fail(c, MLX5_CMD_STAT_BAD_OUTP_LEN_ERR, 1);
		/* the most recently given first, each by the address the host gave */
		for (uint64_t i = 0; i < give; i++)
			prm_bits_set(c->out, c->outlen, (uint32_t)((opas + i * 8) * 8), 64,
				     a->page_addr[--a->pages_held]);
		PRM_SET(manage_pages_out, c->out, c->outlen, "output_num_entries", give);
		return MLX5_CMD_STAT_OK;
	}
	return fail(c, MLX5_CMD_STAT_BAD_PARAM_ERR, 3);
}

static uint8_t init_hca(struct call *c)
{
	if (c->a->pages_held < BOOT_PAGES + INIT_PAGES)
		return fail(c, MLX5_CMD_STAT_BAD_RES_STATE_ERR, 1);	/* not given its pages */
	c->a->hca_state = SIM_HCA_INITIALIZED;
	return MLX5_CMD_STAT_OK;
}

static uint8_t teardown_hca(struct call *c)
{
	if (c->a->hca_state != SIM_HCA_INITIALIZED)
		return fail(c, MLX5_CMD_STAT_BAD_SYS_STATE_ERR, 1);
	c->a->hca_state = SIM_HCA_ENABLED;
	sim_eq_reset(c->a);	/* a torn-down function has no queues, no UARs, no contexts */
	c->a->uars = 0;
	c->a->uctxs = 0;
	return MLX5_CMD_STAT_OK;
}

static uint8_t nop(struct call *c)
{
	(void)c;
	return MLX5_CMD_STAT_OK;
}

static uint8_t query_adapter(struct call *c)
{
	const struct sim_model *m = c->a->model;
	size_t at = prm_layout_bytes(&prm_layout_query_adapter_out) -
		    prm_layout_bytes(&prm_layout_query_adapter_struct);

	PRM_SET(query_adapter_struct, c->out + at, c->outlen - at, "ieee_vendor_id", 0x0002c9);
	prm_set_bytes(&prm_layout_query_adapter_struct, c->out + at, c->outlen - at, "vsd_contd_psid",
		      (const uint8_t *)m->psid, strnlen(m->psid, 16), NULL);
	return MLX5_CMD_STAT_OK;
}

static uint8_t query_hca_cap(struct call *c)
{
	size_t at = prm_layout_bytes(&prm_layout_query_hca_cap_in);	/* 16: the page follows the header */

	if (PRM_GET(query_hca_cap_in, c->in, c->inlen, "other_function"))
		return fail(c, MLX5_CMD_STAT_BAD_PARAM_ERR, 2);	/* one function: no others to ask for */
	if (sim_caps_fill(c->a, c->op_mod >> 1, c->op_mod & 1, c->out + at, c->outlen - at))
		return fail(c, MLX5_CMD_STAT_BAD_PARAM_ERR, 1);	/* a page this firmware does not have */
	return MLX5_CMD_STAT_OK;
}

/* A handler of another file: a status, and *why for the syndrome. */
#define OTHER_FILE(fn)								\
	static uint8_t fn##_call(struct call *c)				\
	{									\
		uint16_t why = 0;						\
		uint8_t st = fn(c->a, c->in, c->inlen, c->out, c->outlen, &why);	\
										\
		return st ? fail(c, st, why) : MLX5_CMD_STAT_OK;				\
	}

OTHER_FILE(sim_eq_create)
OTHER_FILE(sim_pd_alloc_cmd)
OTHER_FILE(sim_pd_dealloc_cmd)
OTHER_FILE(sim_mkey_create_cmd)
OTHER_FILE(sim_mkey_destroy_cmd)
OTHER_FILE(sim_esw_functions_cmd)
OTHER_FILE(sim_nvmf_ns_cmd)
OTHER_FILE(sim_dct_create_cmd)
OTHER_FILE(sim_dct_query_cmd)
OTHER_FILE(sim_dct_drain_cmd)
OTHER_FILE(sim_dct_destroy_cmd)
OTHER_FILE(sim_dct_arm_cmd)
OTHER_FILE(sim_qp_create_cmd)
OTHER_FILE(sim_qp_rst2init_cmd)
OTHER_FILE(sim_qp_init2rtr_cmd)
OTHER_FILE(sim_qp_rtr2rts_cmd)
OTHER_FILE(sim_qp_2rst_cmd)
OTHER_FILE(sim_qp_destroy_cmd)
OTHER_FILE(sim_uctx_create_cmd)
OTHER_FILE(sim_uctx_destroy_cmd)

static uint8_t destroy_eq(struct call *c)
{
	uint16_t why = 0;
	uint8_t st = sim_eq_destroy(c->a, c->in, c->inlen, &why);

	return st ? fail(c, st, why) : MLX5_CMD_STAT_OK;
}

static uint8_t gen_eqe(struct call *c)
{
	uint16_t why = 0;
	uint8_t st = sim_eq_gen(c->a, c->in, c->inlen, &why);

	return st ? fail(c, st, why) : MLX5_CMD_STAT_OK;
}

static uint8_t set_hca_cap(struct call *c)
{
	size_t at = prm_layout_bytes(&prm_layout_mbox_in);	/* the page follows the header */

	if (PRM_GET(set_hca_cap_in, c->in, c->inlen, "other_function"))
		return fail(c, MLX5_CMD_STAT_BAD_PARAM_ERR, 2);	/* one function: no others */
	if (c->op_mod & 1 || c->inlen < at)
		return fail(c, MLX5_CMD_STAT_BAD_PARAM_ERR, 3);	/* op_mod is cap_type << 1 */
	if (sim_caps_set(c->a, c->op_mod >> 1, c->in + at, c->inlen - at))
		return fail(c, MLX5_CMD_STAT_BAD_PARAM_ERR, 1);	/* nothing settable there */
	return MLX5_CMD_STAT_OK;
}

/* UAR pages: 0 and 1 hold the initialization segment (real_time at 0x1040
 * would meet an EQ doorbell); up to 31 for hosts, never the pages of the
 * MSI-X table and PBA when it has them (the client traps those). */
#define FIRST_HOST_UAR 2
static uint8_t alloc_uar(struct call *c)
{
	for (unsigned i = FIRST_HOST_UAR; i < 32; i++)
		if (!(c->a->uars & 1u << i) &&
		    !(c->a->msix_vectors && (i == SIM_MSIX_TABLE / 4096 || i == SIM_MSIX_PBA / 4096))) {
			c->a->uars |= 1u << i;
			PRM_SET(alloc_uar_out, c->out, c->outlen, "uar", i);
			return MLX5_CMD_STAT_OK;
		}
	return fail(c, MLX5_CMD_STAT_LIM_ERR, 1);
}

static uint8_t dealloc_uar(struct call *c)
{
	uint64_t i = PRM_GET(dealloc_uar_in, c->in, c->inlen, "uar");

	if (i < FIRST_HOST_UAR || i > 31 || !(c->a->uars & 1u << i))
		return fail(c, MLX5_CMD_STAT_BAD_RES_ERR, 1);
	c->a->uars &= ~(1u << i);
	return MLX5_CMD_STAT_OK;
}

static uint8_t access_reg(struct call *c)
{
	size_t hdr = prm_layout_bytes(&prm_layout_access_register_in);
	size_t ohdr = prm_layout_bytes(&prm_layout_access_register_out);
	size_t len = c->inlen - hdr;
	uint8_t st;

	if (c->outlen - ohdr < len)
		return fail(c, MLX5_CMD_STAT_BAD_OUTP_LEN_ERR, 1);
	memcpy(c->out + ohdr, c->in + hdr, len);
	/* the register may answer with more than was sent (the driver reads
	 * MTRC_STDB's strings with only its header as input) */
	len = c->outlen - ohdr;
	/* op_mod 0 writes, 1 reads (the driver's !write) */
	st = sim_reg_access(c->a, (uint16_t)PRM_GET(access_register_in, c->in, c->inlen, "register_id"),
			    c->op_mod ? PRM_REG_GET : PRM_REG_SET, c->out + ohdr, len);
	return st ? fail(c, MLX5_CMD_STAT_BAD_PARAM_ERR, st) : MLX5_CMD_STAT_OK;
}

struct handler {
	uint16_t opcode;
	uint8_t (*run)(struct call *c);
	unsigned needs;		/* lowest HCA state it runs in */
	const struct prm_layout *in, *out;
};

static const struct handler handlers[] = {
	{ MLX5_CMD_OP_ENABLE_HCA, enable_hca, SIM_HCA_DISABLED, &prm_layout_enable_hca_in, &prm_layout_enable_hca_out },
	{ MLX5_CMD_OP_DISABLE_HCA, disable_hca, SIM_HCA_ENABLED, &prm_layout_disable_hca_in, &prm_layout_disable_hca_out },
	{ MLX5_CMD_OP_QUERY_ISSI, query_issi, SIM_HCA_ENABLED, &prm_layout_query_issi_in, &prm_layout_query_issi_out },
	{ MLX5_CMD_OP_SET_ISSI, set_issi, SIM_HCA_ENABLED, &prm_layout_set_issi_in, &prm_layout_set_issi_out },
	{ MLX5_CMD_OP_QUERY_PAGES, query_pages, SIM_HCA_ENABLED, &prm_layout_query_pages_in, &prm_layout_query_pages_out },
	{ MLX5_CMD_OP_MANAGE_PAGES, manage_pages, SIM_HCA_ENABLED, &prm_layout_manage_pages_in, &prm_layout_manage_pages_out },
	{ MLX5_CMD_OP_INIT_HCA, init_hca, SIM_HCA_ENABLED, &prm_layout_init_hca_in, &prm_layout_init_hca_out },
	{ MLX5_CMD_OP_TEARDOWN_HCA, teardown_hca, SIM_HCA_ENABLED, &prm_layout_teardown_hca_in, &prm_layout_teardown_hca_out },
	{ MLX5_CMD_OP_NOP, nop, SIM_HCA_ENABLED, &prm_layout_nop_in, &prm_layout_nop_out },
	{ MLX5_CMD_OP_QUERY_HCA_CAP, query_hca_cap, SIM_HCA_ENABLED, &prm_layout_query_hca_cap_in, &prm_layout_query_hca_cap_out },
	{ MLX5_CMD_OP_QUERY_ADAPTER, query_adapter, SIM_HCA_ENABLED, &prm_layout_query_adapter_in, &prm_layout_query_adapter_out },
	{ MLX5_CMD_OP_SET_HCA_CAP, set_hca_cap, SIM_HCA_ENABLED, &prm_layout_set_hca_cap_in, &prm_layout_set_hca_cap_out },
	{ MLX5_CMD_OP_ALLOC_UAR, alloc_uar, SIM_HCA_INITIALIZED, &prm_layout_alloc_uar_in, &prm_layout_alloc_uar_out },
	{ MLX5_CMD_OP_DEALLOC_UAR, dealloc_uar, SIM_HCA_INITIALIZED, &prm_layout_dealloc_uar_in, &prm_layout_dealloc_uar_out },
	{ MLX5_CMD_OP_ALLOC_PD, sim_pd_alloc_cmd_call, SIM_HCA_INITIALIZED, &prm_layout_alloc_pd_in, &prm_layout_alloc_pd_out },
	{ MLX5_CMD_OP_DEALLOC_PD, sim_pd_dealloc_cmd_call, SIM_HCA_INITIALIZED, &prm_layout_dealloc_pd_in, &prm_layout_dealloc_pd_out },
	{ MLX5_CMD_OP_CREATE_MKEY, sim_mkey_create_cmd_call, SIM_HCA_INITIALIZED, &prm_layout_create_mkey_in, &prm_layout_create_mkey_out },
	{ MLX5_CMD_OP_DESTROY_MKEY, sim_mkey_destroy_cmd_call, SIM_HCA_INITIALIZED, &prm_layout_destroy_mkey_in, &prm_layout_destroy_mkey_out },
	{ MLX5_CMD_OP_QUERY_ESW_FUNCTIONS, sim_esw_functions_cmd_call, SIM_HCA_INITIALIZED, &prm_layout_query_esw_functions_in,
	  &prm_layout_query_esw_functions_out },
	{ MLX5_CMD_OP_QUERY_NVMF_NAMESPACE_CONTEXT, sim_nvmf_ns_cmd_call, SIM_HCA_INITIALIZED, &prm_layout_query_nvmf_namespace_in,
	  &prm_layout_query_nvmf_namespace_out },
	{ MLX5_CMD_OP_CREATE_DCT, sim_dct_create_cmd_call, SIM_HCA_INITIALIZED, &prm_layout_create_dct_in,
	  &prm_layout_create_dct_out },
	{ MLX5_CMD_OP_DESTROY_DCT, sim_dct_destroy_cmd_call, SIM_HCA_INITIALIZED, &prm_layout_destroy_dct_in,
	  &prm_layout_destroy_dct_out },
	{ MLX5_CMD_OP_DRAIN_DCT, sim_dct_drain_cmd_call, SIM_HCA_INITIALIZED, &prm_layout_drain_dct_in,
	  &prm_layout_drain_dct_out },
	{ MLX5_CMD_OP_QUERY_DCT, sim_dct_query_cmd_call, SIM_HCA_INITIALIZED, &prm_layout_query_dct_in,
	  &prm_layout_query_dct_out },
	{ MLX5_CMD_OP_ARM_DCT_FOR_KEY_VIOLATION, sim_dct_arm_cmd_call, SIM_HCA_INITIALIZED, &prm_layout_arm_dct_in,
	  &prm_layout_arm_dct_out },
	{ MLX5_CMD_OP_CREATE_QP, sim_qp_create_cmd_call, SIM_HCA_INITIALIZED, &prm_layout_create_qp_in,
	  &prm_layout_create_qp_out },
	{ MLX5_CMD_OP_DESTROY_QP, sim_qp_destroy_cmd_call, SIM_HCA_INITIALIZED, &prm_layout_destroy_qp_in,
	  &prm_layout_destroy_qp_out },
	{ MLX5_CMD_OP_RST2INIT_QP, sim_qp_rst2init_cmd_call, SIM_HCA_INITIALIZED, &prm_layout_rst2init_qp_in,
	  &prm_layout_rst2init_qp_out },
	{ MLX5_CMD_OP_INIT2RTR_QP, sim_qp_init2rtr_cmd_call, SIM_HCA_INITIALIZED, &prm_layout_init2rtr_qp_in,
	  &prm_layout_init2rtr_qp_out },
	{ MLX5_CMD_OP_RTR2RTS_QP, sim_qp_rtr2rts_cmd_call, SIM_HCA_INITIALIZED, &prm_layout_rtr2rts_qp_in,
	  &prm_layout_rtr2rts_qp_out },
	{ MLX5_CMD_OP_2RST_QP, sim_qp_2rst_cmd_call, SIM_HCA_INITIALIZED, &prm_layout_qp_2rst_in,
	  &prm_layout_qp_2rst_out },
	{ MLX5_CMD_OP_CREATE_EQ, sim_eq_create_call, SIM_HCA_INITIALIZED, &prm_layout_create_eq_in, &prm_layout_create_eq_out },
	{ MLX5_CMD_OP_DESTROY_EQ, destroy_eq, SIM_HCA_INITIALIZED, &prm_layout_destroy_eq_in, &prm_layout_destroy_eq_out },
	{ MLX5_CMD_OP_GEN_EQE, gen_eqe, SIM_HCA_INITIALIZED, &prm_layout_gen_eqe_in, &prm_layout_gen_eqe_out },
	{ MLX5_CMD_OP_CREATE_UCTX, sim_uctx_create_cmd_call, SIM_HCA_INITIALIZED, &prm_layout_create_uctx_in,
	  &prm_layout_create_uctx_out },
	{ MLX5_CMD_OP_DESTROY_UCTX, sim_uctx_destroy_cmd_call, SIM_HCA_INITIALIZED, &prm_layout_destroy_uctx_in,
	  &prm_layout_destroy_uctx_out },
	{ MLX5_CMD_OP_ACCESS_REG, access_reg, SIM_HCA_ENABLED, &prm_layout_access_register_in, &prm_layout_access_register_out },
};

void sim_fw_execute(struct sim_adapter *a, const uint8_t *in, size_t inlen,
		    uint8_t *out, size_t outlen)
{
	struct call c = { .a = a, .in = in, .inlen = inlen, .out = out, .outlen = outlen };
	const struct handler *h = NULL;
	uint8_t status;

	c.opcode = (uint16_t)PRM_GET(mbox_in, c.in, c.inlen, "opcode");
	c.op_mod = (uint16_t)PRM_GET(mbox_in, c.in, c.inlen, "op_mod");
	for (size_t i = 0; i < sizeof(handlers) / sizeof(handlers[0]); i++)
		if (handlers[i].opcode == c.opcode)
			h = &handlers[i];
	if (a->faults[SIM_FAULT_CMD_STATUS] && a->fault_status_op == c.opcode) {
		status = a->fault_status;
		c.syndrome = a->fault_syndrome;
	} else if (!h) {
		/* what firmware answers an opcode it does not know; counted for sim status */
		status = fail(&c, MLX5_CMD_STAT_BAD_OP_ERR, 0);
		a->unsupported++;
	} else if (inlen < prm_layout_bytes(h->in))
		status = fail(&c, MLX5_CMD_STAT_BAD_INP_LEN_ERR, 0);
	else if (outlen < prm_layout_bytes(h->out))
		status = fail(&c, MLX5_CMD_STAT_BAD_OUTP_LEN_ERR, 0);
	else if (a->hca_state < h->needs)
		status = fail(&c, MLX5_CMD_STAT_BAD_SYS_STATE_ERR, 0);	/* ENABLE_HCA first */
	else if (!sim_uctx_valid(a, (uint16_t)PRM_GET(mbox_in, c.in, c.inlen, "uid")))
		status = fail(&c, MLX5_CMD_STAT_BAD_PARAM_ERR, 0xffff);	/* a context that is gone */
	else
		status = h->run(&c);
	memset(out, 0, 8);
	PRM_SET(mbox_out, out, outlen, "status", status);
	PRM_SET(mbox_out, out, outlen, "syndrome", status ? c.syndrome : 0);
}
