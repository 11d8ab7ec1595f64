// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/prm/fwctl_scope.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "lib/prm/layout.h"
#include "lib/prm/names.h"
#include "lib/prm/opcodes.h"

/*
 * mlx5ctl_validate_rpc() as a table. Source: torvalds/linux
 * drivers/fwctl/mlx5/main.c @ 42d3b66d4cdbacfc9d120d2301b8de89cc29a914
 * (newest seen); rows marked LATER are absent from the first mainline
 * version @ 52929c21420412b74858ee4ce71480ff9f398019 (believed to be the
 * v6.15 merge), so a kernel of that age refuses them at every scope. Opcode values: the
 * driver's local enum, else include/linux/mlx5/mlx5_ifc.h (QUERY_VHCA_STATE
 * 0xb0d and QUERY_VHCA_MIGRATION_STATE 0x117 checked in mlnx-ofa_kernel's
 * copy of mlx5_ifc.h, DOCA 3.2.1).
 *
 * The kernel has three tiers: "return true" (any scope), scope >=
 * DEBUG_READ_ONLY, scope >= DEBUG_WRITE; everything else is refused with
 * EBADMSG. The firmware then applies its own UID-based limits on top.
 */
#define CFG FWCTL_RPC_CONFIGURATION
#define RO FWCTL_RPC_DEBUG_READ_ONLY
#define WR FWCTL_RPC_DEBUG_WRITE
#define W FWCTL_RULE_WRITES
#define L FWCTL_RULE_LATER
#define R FWCTL_RULE_REG

/* the kernel's name is the opcode list's: the token after MLX5_CMD_OP_ */
#define RULE(op, scope, flags) { MLX5_CMD_OP_##op, (scope), (flags), #op }

static const struct fwctl_scope_rule rules[] = {
	RULE(QUERY_HCA_CAP, CFG, 0),
	RULE(QUERY_ADAPTER, CFG, 0),
	RULE(QUERY_PAGES, RO, 0),
	/* the FW limits a tools UID to the other-function (pre-config) mode */
	RULE(SET_HCA_CAP, CFG, W),
	RULE(QUERY_ISSI, RO, 0),
	RULE(QUERY_DRIVER_VERSION, RO, 0),
	RULE(QUERY_OTHER_HCA_CAP, CFG, 0),
	RULE(QUERY_SF_PARTITION, RO, 0),
	RULE(QUERY_VHCA_MIGRATION_STATE, RO, 0),
	RULE(QUERY_MKEY, RO, 0),
	RULE(QUERY_SPECIAL_CONTEXTS, RO, 0),
	RULE(QUERY_EQ, RO, 0),
	RULE(QUERY_CQ, RO, 0),
	RULE(QUERY_QP, RO, 0),
	RULE(QUERY_RDB, RO, 0),
	RULE(QUERY_PSV, RO, 0),
	RULE(QUERY_SRQ, RO, 0),
	RULE(QUERY_XRC_SRQ, RO, 0),
	RULE(QUERY_DCT, RO, 0),
	RULE(QUERY_DC_CNAK_TRACE, RO, 0),
	RULE(QUERY_XRQ, RO, 0),
	RULE(QUERY_NVMF_BACKEND_CONTROLLER, RO, 0),
	RULE(QUERY_XRQ_DC_PARAMS_ENTRY, RO, 0),
	RULE(QUERY_XRQ_ERROR_PARAMS, RO, 0),
	RULE(QUERY_NVMF_NAMESPACE_CONTEXT, RO, 0),
	RULE(QUERY_ADJACENT_FUNCTIONS_ID, RO, L),
	RULE(DELEGATE_VHCA_MANAGEMENT, CFG, W | L),
	RULE(QUERY_DELEGATED_VHCA, RO, L),
	RULE(QUERY_ESW_FUNCTIONS, CFG, 0),
	RULE(QUERY_VPORT_STATE, RO, 0),
	RULE(QUERY_ESW_VPORT_CONTEXT, RO, 0),
	RULE(QUERY_NIC_VPORT_CONTEXT, RO, 0),
	RULE(QUERY_ROCE_ADDRESS, CFG, 0),
	RULE(QUERY_HCA_VPORT_CONTEXT, CFG, 0),
	RULE(QUERY_HCA_VPORT_GID, RO, 0),
	RULE(QUERY_HCA_VPORT_PKEY, RO, 0),
	RULE(QUERY_VNIC_ENV, RO, 0),
	RULE(QUERY_VPORT_COUNTER, RO, 0),
	RULE(QUERY_Q_COUNTER, RO, 0),
	RULE(QUERY_RATE_LIMIT, RO, 0),
	RULE(QUERY_SCHEDULING_ELEMENT, RO, 0),
	RULE(ACCESS_REG, RO, R),
	RULE(QUERY_MAD_DEMUX, RO, 0),
	RULE(NOP, RO, 0),
	RULE(QUERY_BURST_SIZE, RO, 0),
	RULE(QUERY_DIAGNOSTIC_PARAMS, RO, 0),
	RULE(SET_DIAGNOSTIC_PARAMS, WR, W),
	RULE(QUERY_DIAGNOSTIC_COUNTERS, RO, 0),
	RULE(QUERY_CONG_STATUS, RO, 0),
	RULE(MODIFY_CONG_STATUS, CFG, W | L),
	RULE(QUERY_CONG_PARAMS, RO, 0),
	RULE(QUERY_CONG_STATISTICS, RO, 0),
	RULE(QUERY_L2_TABLE_ENTRY, RO, 0),
	RULE(QUERY_WOL_ROL, RO, 0),
	RULE(QUERY_LAG, RO, 0),
	RULE(QUERY_TIR, RO, 0),
	RULE(QUERY_SQ, RO, 0),
	RULE(QUERY_RQ, RO, 0),
	RULE(QUERY_RMP, RO, 0),
	RULE(QUERY_DELAY_DROP_PARAMS, RO, 0),
	RULE(QUERY_TIS, RO, 0),
	RULE(QUERY_RQT, RO, 0),
	RULE(QUERY_FLOW_TABLE, RO, 0),
	RULE(QUERY_FLOW_GROUP, RO, 0),
	RULE(QUERY_FLOW_TABLE_ENTRY, RO, 0),
	RULE(QUERY_FLOW_COUNTER, RO, 0),
	RULE(QUERY_PACKET_REFORMAT_CONTEXT, RO, 0),
	RULE(QUERY_MODIFY_HEADER_CONTEXT, RO, 0),
	RULE(FPGA_QUERY_QP, RO, 0),
	RULE(FPGA_QUERY_QP_COUNTERS, RO, 0),
	RULE(QUERY_AFU, RO, 0),
	RULE(QUERY_CAPI_PEC, RO, 0),
	RULE(QUERY_GENERAL_OBJECT, RO, 0),
	RULE(QUERY_UCTX, RO, 0),
	RULE(QUERY_UMEM, RO, 0),
	RULE(QUERY_NVMF_CC_RESPONSE, RO, 0),
	RULE(QUERY_EMULATED_FUNCTIONS_INFO, RO, 0),
	RULE(QUERY_REGEXP_PARAMS, RO, 0),
	RULE(QUERY_REGEXP_REGISTER, RO, 0),
	RULE(USER_QUERY_XRQ_DC_PARAMS_ENTRY, RO, 0),
	RULE(USER_QUERY_XRQ_ERROR_PARAMS, RO, 0),
	RULE(ACCESS_REGISTER_USER, RO, R),
	RULE(QUERY_VHCA_STATE, RO, 0),
	RULE(QUERY_EMULATION_DEVICE_EQ_MSIX_MAPPING, RO, 0),
	RULE(QUERY_MATCH_SAMPLE_INFO, RO, 0),
	RULE(QUERY_CRYPTO_STATE, RO, 0),
	RULE(QUERY_VUID, CFG, 0),
	RULE(QUERY_DPA_PARTITION, RO, 0),
	RULE(QUERY_DPA_PARTITIONS, RO, 0),
	/* changes a QP timer the caller's own UID owns, hence "writes" */
	RULE(POSTPONE_CONNECTED_QP_TIMEOUT, CFG, W),
	RULE(QUERY_EMULATED_RESOURCES_INFO, RO, 0),
	RULE(QUERY_RSV_RESOURCES, RO, 0),
	RULE(QUERY_MTT, RO, 0),
	RULE(QUERY_SCHED_QUEUE, RO, 0),
};

#undef RULE
#undef CFG
#undef RO
#undef WR
#undef W
#undef L
#undef R

const struct fwctl_scope_rule *fwctl_scope_rules(size_t *n)
{
	*n = sizeof(rules) / sizeof(rules[0]);
	return rules;
}

static const struct fwctl_scope_rule *rule_of(uint16_t opcode)
{
	size_t lo = 0, hi = sizeof(rules) / sizeof(rules[0]);

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (rules[mid].opcode == opcode)
			return &rules[mid];
		if (rules[mid].opcode < opcode)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

static const char *const scope_names[] = {
	[FWCTL_RPC_CONFIGURATION] = "configuration",
	[FWCTL_RPC_DEBUG_READ_ONLY] = "debug-read-only",
	[FWCTL_RPC_DEBUG_WRITE] = "debug-write",
	[FWCTL_RPC_DEBUG_WRITE_FULL] = "debug-write-full",
};

const char *fwctl_scope_name(enum fwctl_rpc_scope scope)
{
	if ((unsigned int)scope >= sizeof(scope_names) / sizeof(scope_names[0]))
		return NULL;
	return scope_names[scope];
}

int fwctl_scope_parse(const char *s, enum fwctl_rpc_scope *scope)
{
	if (!s || !*s)
		return -1;
	if (s[0] >= '0' && s[0] <= '3' && s[1] == '\0') {
		*scope = (enum fwctl_rpc_scope)(s[0] - '0');
		return 0;
	}
	for (size_t i = 0; i < sizeof(scope_names) / sizeof(scope_names[0]); i++) {
		const char *n = scope_names[i], *p = s;

		while (*n && *p) {
			char c = (char)tolower((unsigned char)*p);

			if ((c == '_' ? '-' : c) != *n)
				break;
			n++;
			p++;
		}
		if (!*n && !*p) {
			*scope = (enum fwctl_rpc_scope)i;
			return 0;
		}
	}
	return -1;
}

bool fwctl_scope_taints(enum fwctl_rpc_scope scope)
{
	return scope == FWCTL_RPC_DEBUG_WRITE || scope == FWCTL_RPC_DEBUG_WRITE_FULL;
}

bool fwctl_scope_needs_rawio(enum fwctl_rpc_scope scope)
{
	return scope == FWCTL_RPC_DEBUG_WRITE_FULL;
}

const char *fwctl_opcode_name(uint16_t opcode)
{
	return prm_name_of(&prm_cmd_opcode_names, opcode);
}

enum fwctl_verdict fwctl_scope_allows(uint16_t opcode, uint16_t op_mod,
				      enum fwctl_rpc_scope scope,
				      struct fwctl_scope_check *chk)
{
	const struct fwctl_scope_rule *r = rule_of(opcode);
	struct fwctl_scope_check c = { .verdict = FWCTL_NEVER };

	if (r) {
		bool reg_write = (r->flags & FWCTL_RULE_REG) && op_mod == 0;

		c.kname = r->kname;
		c.min_scope = reg_write ? FWCTL_RPC_CONFIGURATION
					: (enum fwctl_rpc_scope)r->min_scope;
		c.changes_state = (r->flags & FWCTL_RULE_WRITES) || reg_write;
		c.newer_kernels = r->flags & FWCTL_RULE_LATER;
	}
	/* the core refuses an unknown scope before the driver looks at the opcode */
	if (!fwctl_scope_name(scope))
		c.verdict = FWCTL_BAD_SCOPE;
	else if (r)
		c.verdict = scope >= c.min_scope ? FWCTL_ALLOWED : FWCTL_NEEDS_SCOPE;
	if (chk)
		*chk = c;
	return c.verdict;
}

void fwctl_opcode_describe(uint16_t opcode, uint16_t op_mod, char *buf, size_t sz)
{
	const char *name = fwctl_opcode_name(opcode);
	const struct fwctl_scope_rule *r = rule_of(opcode);
	const char *what = "";

	if (r && (r->flags & FWCTL_RULE_REG))
		what = op_mod == 0 ? " write" : " read";
	if (!buf || !sz)
		return;
	if (name)
		snprintf(buf, sz, "%s (0x%x)%s", name, opcode, what);
	else
		snprintf(buf, sz, "opcode 0x%x", opcode);
}

enum fwctl_verdict fwctl_scope_explain(uint16_t opcode, uint16_t op_mod,
				       enum fwctl_rpc_scope scope, char *buf, size_t sz)
{
	struct fwctl_scope_check c;
	enum fwctl_verdict v = fwctl_scope_allows(opcode, op_mod, scope, &c);
	const char *asked = fwctl_scope_name(scope);
	const char *later = c.newer_kernels
		? "; the driver as first merged does not list it, so older kernels refuse it at every scope"
		: "";
	char cmd[96];

	if (!buf || !sz)
		return v;
	fwctl_opcode_describe(opcode, op_mod, cmd, sizeof(cmd));
	switch (v) {
	case FWCTL_ALLOWED:
		snprintf(buf, sz, "%s is allowed at scope %s%s%s", cmd, asked,
			 fwctl_scope_taints(scope) ? " (this scope taints the kernel)" : "",
			 later);
		break;
	case FWCTL_NEEDS_SCOPE:
		snprintf(buf, sz, "%s needs scope %s or higher (asked: %s)%s%s", cmd,
			 fwctl_scope_name(c.min_scope), asked,
			 fwctl_scope_taints(c.min_scope)
				? "; that scope taints the kernel" : "",
			 later);
		break;
	case FWCTL_NEVER:
		snprintf(buf, sz,
			 "%s is refused by the kernel's mlx5 fwctl driver at every scope: it passes queries and a few settings only, never commands that create, change or destroy objects or HCA state",
			 cmd);
		break;
	case FWCTL_BAD_SCOPE:
		snprintf(buf, sz, "scope %u is not a fwctl scope (0 configuration .. 3 debug-write-full)",
			 (unsigned int)scope);
		break;
	}
	return v;
}
