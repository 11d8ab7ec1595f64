// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * What an e-switch manager sees of the host (QUERY_ESW_FUNCTIONS: the host
 * PF, its VFs, the SFs enabled), changed by injection with an
 * ESW_FUNCTIONS_CHANGED event; and NVMe-oF offload namespaces whose counters
 * advance — the low 32 bits only: the high halves hold garbage, as the seed
 * warns hardware's may (mlx5-layouts.md §4.7, §5).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lib/prm/cmdstatus.h"
#include "lib/prm/events.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/sim/fwcmd.h"
#include "lib/sim/funcs.h"
#include "lib/sim/internal.h"


void sim_funcs_init(struct sim_adapter *a)
{
	struct sim_funcs *f = &a->funcs;

	memset(f, 0, sizeof(*f));
	f->host_number = 1;
	f->vhca_id = 0x12;
	f->total_vfs = 16;
	f->num_vfs = 4;
	f->pci_bus = 0x3b;
	f->sf_enable[0] = 0x5;		/* SFs 0 and 2 */
	for (unsigned n = 0; n < SIM_NVMF_NAMESPACES; n++) {
		struct sim_nvmf_ns *ns = &f->ns[n];

		ns->nsid = n + 1;
		for (unsigned c = 0; c < SIM_NVMF_COUNTERS; c++) {
			ns->high[c] = 0xdead0000u | (n << 8) | c;	/* not a count */
			ns->low[c] = c * 1000 + n;
		}
		/*
		 * namespace 4 wraps its 32-bit read counter ~4 s after the start
		 * (160 a tick, 100 ticks a second): late enough for a slow
		 * (sanitized, loaded) client to sample across it
		 */
		if (ns->nsid == 4)
			ns->low[0] = 0xffff0000u;
	}
}

/* Firmware time passing: I/O on the namespaces (with a->lock held). */
void sim_funcs_tick(struct sim_adapter *a)
{
	static const uint32_t rate[SIM_NVMF_COUNTERS] = { 40, 320, 25, 200, 5, 1, 0, 0 };

	for (unsigned n = 0; n < SIM_NVMF_NAMESPACES; n++)
		for (unsigned c = 0; c < SIM_NVMF_COUNTERS; c++)
			a->funcs.ns[n].low[c] += rate[c] * (n + 1);
	a->funcs.ns[0].low[6] += a->funcs.ticks++ % 50 == 0;	/* an error now and then */
}

uint8_t sim_esw_functions_cmd(struct sim_adapter *a, const uint8_t *in, size_t inlen,
			      uint8_t *out, size_t outlen, uint16_t *why)
{
	const struct prm_layout *l = &prm_layout_query_esw_functions_out;
	const struct sim_funcs *f = &a->funcs;
	size_t at = prm_layout_bytes(l);

	(void)in;
	(void)inlen;
	(void)why;
	PRM_SET(query_esw_functions_out, out, outlen, "host_params_context.host_number", f->host_number);
	PRM_SET(query_esw_functions_out, out, outlen, "host_params_context.host_pf_not_exist", 0);
	PRM_SET(query_esw_functions_out, out, outlen, "host_params_context.host_pf_vhca_id_valid", 1);
	PRM_SET(query_esw_functions_out, out, outlen, "host_params_context.host_pf_disabled", f->pf_disabled);
	PRM_SET(query_esw_functions_out, out, outlen, "host_params_context.host_num_of_vfs", f->num_vfs);
	PRM_SET(query_esw_functions_out, out, outlen, "host_params_context.host_total_vfs", f->total_vfs);
	PRM_SET(query_esw_functions_out, out, outlen, "host_params_context.host_pci_bus", f->pci_bus);
	PRM_SET(query_esw_functions_out, out, outlen, "host_params_context.host_pf_vhca_id", f->vhca_id);
	PRM_SET(query_esw_functions_out, out, outlen, "host_params_context.host_pci_device", 0);
	PRM_SET(query_esw_functions_out, out, outlen, "host_params_context.host_pci_function", 0);
	/* host_sf_enable: as many big-endian 64-bit words as the output holds */
	for (unsigned w = 0; w < SIM_SF_WORDS && at + 8 * (w + 1) <= outlen; w++)
		for (int b = 0; b < 8; b++)
			out[at + 8 * w + b] = (uint8_t)(f->sf_enable[w] >> (56 - 8 * b));
	return MLX5_CMD_STAT_OK;
}

uint8_t sim_nvmf_ns_cmd(struct sim_adapter *a, const uint8_t *in, size_t inlen, uint8_t *out,
			size_t outlen, uint16_t *why)
{
	uint64_t xrqn = PRM_GET(query_nvmf_namespace_in, in, inlen, "xrqn");
	uint64_t nsid = PRM_GET(query_nvmf_namespace_in, in, inlen, "frontend_namespace");
	const struct sim_nvmf_ns *ns = NULL;

	for (unsigned n = 0; n < SIM_NVMF_NAMESPACES; n++)
		if (a->funcs.ns[n].nsid == nsid)
			ns = &a->funcs.ns[n];
	if (xrqn != SIM_NVMF_XRQN)
		return *why = 1, MLX5_CMD_STAT_BAD_PARAM_ERR;	/* no such XRQ */
	if (!ns)
		return *why = 2, MLX5_CMD_STAT_BAD_PARAM_ERR;	/* no such namespace on it */
	PRM_SET(query_nvmf_namespace_out, out, outlen, "ns_ctx.num_read_cmd_high", ns->high[0]);
	PRM_SET(query_nvmf_namespace_out, out, outlen, "ns_ctx.num_read_cmd_low", ns->low[0]);
	PRM_SET(query_nvmf_namespace_out, out, outlen, "ns_ctx.num_read_blocks_high", ns->high[1]);
	PRM_SET(query_nvmf_namespace_out, out, outlen, "ns_ctx.num_read_blocks_low", ns->low[1]);
	PRM_SET(query_nvmf_namespace_out, out, outlen, "ns_ctx.num_write_cmd_high", ns->high[2]);
	PRM_SET(query_nvmf_namespace_out, out, outlen, "ns_ctx.num_write_cmd_low", ns->low[2]);
	PRM_SET(query_nvmf_namespace_out, out, outlen, "ns_ctx.num_write_blocks_high", ns->high[3]);
	PRM_SET(query_nvmf_namespace_out, out, outlen, "ns_ctx.num_write_blocks_low", ns->low[3]);
	PRM_SET(query_nvmf_namespace_out, out, outlen, "ns_ctx.num_write_inline_cmd_high", ns->high[4]);
	PRM_SET(query_nvmf_namespace_out, out, outlen, "ns_ctx.num_write_inline_cmd_low", ns->low[4]);
	PRM_SET(query_nvmf_namespace_out, out, outlen, "ns_ctx.num_flush_cmd_high", ns->high[5]);
	PRM_SET(query_nvmf_namespace_out, out, outlen, "ns_ctx.num_flush_cmd_low", ns->low[5]);
	PRM_SET(query_nvmf_namespace_out, out, outlen, "ns_ctx.num_error_cmd_high", ns->high[6]);
	PRM_SET(query_nvmf_namespace_out, out, outlen, "ns_ctx.num_error_cmd_low", ns->low[6]);
	PRM_SET(query_nvmf_namespace_out, out, outlen, "ns_ctx.num_backend_error_cmd_high", ns->high[7]);
	PRM_SET(query_nvmf_namespace_out, out, outlen, "ns_ctx.num_backend_error_cmd_low", ns->low[7]);
	PRM_SET(query_nvmf_namespace_out, out, outlen, "ns_ctx.current_q_depth", 3 + nsid);
	PRM_SET(query_nvmf_namespace_out, out, outlen, "ns_ctx.last_read_req_latency", 12000 + nsid);
	PRM_SET(query_nvmf_namespace_out, out, outlen, "ns_ctx.last_write_req_latency", 15000 + nsid);
	return MLX5_CMD_STAT_OK;
}

static int number(const char *s, const char *what, uint64_t max, uint64_t *v,
		  struct prm_err *err)
{
	char *end;

	errno = 0;
	*v = strtoull(s, &end, 0);
	if (errno || end == s || *end || *v > max)
		return prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_fault",
				   "esw: %s '%s' is not a number up to %llu", what, s,
				   (unsigned long long)max);
	return 0;
}

int sim_esw_inject(struct sim_adapter *a, const char *args, struct prm_err *err)
{
	struct sim_funcs *f = &a->funcs;
	const char *eq = strchr(args, '=');
	size_t klen = eq ? (size_t)(eq - args) : strlen(args);
	uint64_t v = 0;

#define IS(k) (klen == sizeof(k) - 1 && !strncmp(args, k, klen))
	if (IS("pf-disable") && !eq) {
		f->pf_disabled = true;	/* its VFs and SFs go with it */
		f->num_vfs = 0;
		memset(f->sf_enable, 0, sizeof(f->sf_enable));
	} else if (IS("pf-enable") && !eq) {
		f->pf_disabled = false;
	} else if (IS("num-vfs") && eq) {
		if (number(eq + 1, "num-vfs", f->total_vfs, &v, err))
			return -1;
		if (f->pf_disabled)
			return prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_fault",
					   "esw: the host PF is disabled: no VFs (pf-enable first)");
		f->num_vfs = (uint16_t)v;
	} else if ((IS("sf-add") || IS("sf-del")) && eq) {
		if (number(eq + 1, "SF index", SIM_SF_WORDS * 64 - 1, &v, err))
			return -1;
		if (f->pf_disabled && IS("sf-add"))
			return prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_fault",
					   "esw: the host PF is disabled: no SFs (pf-enable first)");
		if (IS("sf-add"))
			f->sf_enable[v / 64] |= UINT64_C(1) << (v % 64);
		else
			f->sf_enable[v / 64] &= ~(UINT64_C(1) << (v % 64));
	} else {
		return prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_fault",
				   "esw:%s: expected pf-disable, pf-enable, num-vfs=N, sf-add=N or "
				   "sf-del=N", args);
	}
#undef IS
	sim_eq_post(a, MLX5_EVENT_TYPE_ESW_FUNCTIONS_CHANGED, 0, NULL, 0);
	return 0;
}
