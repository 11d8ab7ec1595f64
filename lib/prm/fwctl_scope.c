// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/prm/fwctl_scope.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "lib/prm/layout.h"
#include "lib/prm/names.h"

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

static const struct fwctl_scope_rule rules[] = {
	{ 0x100, CFG, 0, "QUERY_HCA_CAP" },
	{ 0x101, CFG, 0, "QUERY_ADAPTER" },
	{ 0x107, RO, 0, "QUERY_PAGES" },
	/* the FW limits a tools UID to the other-function (pre-config) mode */
	{ 0x109, CFG, W, "SET_HCA_CAP" },
	{ 0x10a, RO, 0, "QUERY_ISSI" },
	{ 0x10c, RO, 0, "QUERY_DRIVER_VERSION" },
	{ 0x10e, CFG, 0, "QUERY_OTHER_HCA_CAP" },
	{ 0x111, RO, 0, "QUERY_SF_PARTITION" },
	{ 0x117, RO, 0, "QUERY_VHCA_MIGRATION_STATE" },
	{ 0x201, RO, 0, "QUERY_MKEY" },
	{ 0x203, RO, 0, "QUERY_SPECIAL_CONTEXTS" },
	{ 0x303, RO, 0, "QUERY_EQ" },
	{ 0x402, RO, 0, "QUERY_CQ" },
	{ 0x50b, RO, 0, "QUERY_QP" },
	{ 0x512, RO, 0, "QUERY_RDB" },
	{ 0x602, RO, 0, "QUERY_PSV" },
	{ 0x702, RO, 0, "QUERY_SRQ" },
	{ 0x707, RO, 0, "QUERY_XRC_SRQ" },
	{ 0x713, RO, 0, "QUERY_DCT" },
	{ 0x716, RO, 0, "QUERY_DC_CNAK_TRACE" },
	{ 0x719, RO, 0, "QUERY_XRQ" },
	{ 0x722, RO, 0, "QUERY_NVMF_BACKEND_CONTROLLER" },
	{ 0x725, RO, 0, "QUERY_XRQ_DC_PARAMS_ENTRY" },
	{ 0x727, RO, 0, "QUERY_XRQ_ERROR_PARAMS" },
	{ 0x728, RO, 0, "QUERY_NVMF_NAMESPACE_CONTEXT" },
	{ 0x730, RO, L, "QUERY_ADJACENT_FUNCTIONS_ID" },
	{ 0x731, CFG, W | L, "DELEGATE_VHCA_MANAGEMENT" },
	{ 0x732, RO, L, "QUERY_DELEGATED_VHCA" },
	{ 0x740, CFG, 0, "QUERY_ESW_FUNCTIONS" },
	{ 0x750, RO, 0, "QUERY_VPORT_STATE" },
	{ 0x752, RO, 0, "QUERY_ESW_VPORT_CONTEXT" },
	{ 0x754, RO, 0, "QUERY_NIC_VPORT_CONTEXT" },
	{ 0x760, CFG, 0, "QUERY_ROCE_ADDRESS" },
	{ 0x762, CFG, 0, "QUERY_HCA_VPORT_CONTEXT" },
	{ 0x764, RO, 0, "QUERY_HCA_VPORT_GID" },
	{ 0x765, RO, 0, "QUERY_HCA_VPORT_PKEY" },
	{ 0x76f, RO, 0, "QUERY_VNIC_ENV" },
	{ 0x770, RO, 0, "QUERY_VPORT_COUNTER" },
	{ 0x773, RO, 0, "QUERY_Q_COUNTER" },
	{ 0x781, RO, 0, "QUERY_RATE_LIMIT" },
	{ 0x784, RO, 0, "QUERY_SCHEDULING_ELEMENT" },
	{ 0x805, RO, R, "ACCESS_REG" },
	{ 0x80b, RO, 0, "QUERY_MAD_DEMUX" },
	{ 0x80d, RO, 0, "NOP" },
	{ 0x813, RO, 0, "QUERY_BURST_SIZE" },
	{ 0x819, RO, 0, "QUERY_DIAGNOSTIC_PARAMS" },
	{ 0x820, WR, W, "SET_DIAGNOSTIC_PARAMS" },
	{ 0x821, RO, 0, "QUERY_DIAGNOSTIC_COUNTERS" },
	{ 0x822, RO, 0, "QUERY_CONG_STATUS" },
	{ 0x823, CFG, W | L, "MODIFY_CONG_STATUS" },
	{ 0x824, RO, 0, "QUERY_CONG_PARAMS" },
	{ 0x826, RO, 0, "QUERY_CONG_STATISTICS" },
	{ 0x82a, RO, 0, "QUERY_L2_TABLE_ENTRY" },
	{ 0x831, RO, 0, "QUERY_WOL_ROL" },
	{ 0x842, RO, 0, "QUERY_LAG" },
	{ 0x903, RO, 0, "QUERY_TIR" },
	{ 0x907, RO, 0, "QUERY_SQ" },
	{ 0x90b, RO, 0, "QUERY_RQ" },
	{ 0x90f, RO, 0, "QUERY_RMP" },
	{ 0x911, RO, 0, "QUERY_DELAY_DROP_PARAMS" },
	{ 0x915, RO, 0, "QUERY_TIS" },
	{ 0x919, RO, 0, "QUERY_RQT" },
	{ 0x932, RO, 0, "QUERY_FLOW_TABLE" },
	{ 0x935, RO, 0, "QUERY_FLOW_GROUP" },
	{ 0x937, RO, 0, "QUERY_FLOW_TABLE_ENTRY" },
	{ 0x93b, RO, 0, "QUERY_FLOW_COUNTER" },
	{ 0x93f, RO, 0, "QUERY_PACKET_REFORMAT_CONTEXT" },
	{ 0x942, RO, 0, "QUERY_MODIFY_HEADER_CONTEXT" },
	{ 0x962, RO, 0, "FPGA_QUERY_QP" },
	{ 0x964, RO, 0, "FPGA_QUERY_QP_COUNTERS" },
	{ 0x971, RO, 0, "QUERY_AFU" },
	{ 0x981, RO, 0, "QUERY_CAPI_PEC" },
	{ 0xa02, RO, 0, "QUERY_GENERAL_OBJECT" },
	{ 0xa05, RO, 0, "QUERY_UCTX" },
	{ 0xa09, RO, 0, "QUERY_UMEM" },
	{ 0xb02, RO, 0, "QUERY_NVMF_CC_RESPONSE" },
	{ 0xb03, RO, 0, "QUERY_EMULATED_FUNCTIONS_INFO" },
	{ 0xb05, RO, 0, "QUERY_REGEXP_PARAMS" },
	{ 0xb07, RO, 0, "QUERY_REGEXP_REGISTER" },
	{ 0xb08, RO, 0, "USER_QUERY_XRQ_DC_PARAMS_ENTRY" },
	{ 0xb0a, RO, 0, "USER_QUERY_XRQ_ERROR_PARAMS" },
	{ 0xb0c, RO, R, "ACCESS_REGISTER_USER" },
	{ 0xb0d, RO, 0, "QUERY_VHCA_STATE" },
	{ 0xb0f, RO, 0, "QUERY_EMULATION_DEVICE_EQ_MSIX_MAPPING" },
	{ 0xb13, RO, 0, "QUERY_MATCH_SAMPLE_INFO" },
	{ 0xb14, RO, 0, "QUERY_CRYPTO_STATE" },
	{ 0xb22, CFG, 0, "QUERY_VUID" },
	{ 0xb28, RO, 0, "QUERY_DPA_PARTITION" },
	{ 0xb2a, RO, 0, "QUERY_DPA_PARTITIONS" },
	/* changes a QP timer the caller's own UID owns, hence "writes" */
	{ 0xb2e, CFG, W, "POSTPONE_CONNECTED_QP_TIMEOUT" },
	{ 0xb2f, RO, 0, "QUERY_EMULATED_RESOURCES_INFO" },
	{ 0x8000, RO, 0, "QUERY_RSV_RESOURCES" },
	{ 0x8001, RO, 0, "QUERY_MTT" },
	{ 0x8006, RO, 0, "QUERY_SCHED_QUEUE" },
};

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
	const char *n = prm_name_of(&prm_cmd_opcode_names, opcode);
	const struct fwctl_scope_rule *r;

	if (n)
		return n;
	r = rule_of(opcode);
	return r ? r->kname : NULL;
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
