// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/ops/probe.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/dev/cmdchan.h"
#include "lib/dev/dev.h"
#include "lib/ops/caps.h"
#include "lib/prm/caps.h"
#include "lib/prm/cmdstatus.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/names.h"
#include "lib/prm/opcodes.h"
#include "lib/prm/registers.h"

#define MGIR_BYTES 0xa0

static const char *const result_names[] = {
	[PROBE_SUPPORTED] = "supported",
	[PROBE_UNSUPPORTED] = "unsupported",
	[PROBE_REFUSED] = "refused",
	[PROBE_CAP_OFF] = "capability_off",
	[PROBE_NOT_TRIED] = "not_tried",
	[PROBE_ERROR] = "error",
};

const char *probe_result_name(enum probe_result r)
{
	return r <= PROBE_ERROR ? result_names[r] : "?";
}

/* The capability pages gates are read from, each asked for once. */
struct gates {
	uint8_t page[DEV_CAP_PAGE_BYTES];
	const char *name;
	bool tried, ok;
};

static int gate_value(struct dev *d, struct gates *g, const char *page, const char *field)
{
	const struct prm_cap_page *p = prm_cap_page_by_name(page);
	struct prm_err err = { 0 };
	uint64_t v = 0;

	if (!p)
		return -1;
	if (!g->tried || strcmp(g->name, page)) {
		g->tried = true;
		g->name = p->name;
		/* unknown when the page cannot be read: the command is tried */
		g->ok = caps_query(d, p->cap_type, true, g->page, &err) == 0;
	}
	if (!g->ok || prm_get(p->layout, g->page, sizeof(g->page), field, &v, NULL))
		return -1;
	return v ? 1 : 0;
}

/* A request that asks nothing of the firmware beyond the opcode itself. */
static size_t probe_input(const struct prm_cmd_info *c, uint8_t **in)
{
	size_t len = c->in ? prm_layout_bytes(c->in) : 16;

	if (c->opcode == MLX5_CMD_OP_ACCESS_REG)
		len = prm_layout_bytes(&prm_layout_access_register_in) + MGIR_BYTES;
	if (len < 16)
		len = 16;
	*in = calloc(1, len);
	if (!*in)
		return 0;
	PRM_SET(mbox_in, *in, len, "opcode", c->opcode);
	PRM_SET(mbox_in, *in, len, "op_mod", c->probe_op_mod);
	if (c->opcode == MLX5_CMD_OP_ACCESS_REG)
		PRM_SET(access_register_in, *in, len, "register_id", MLX5_REG_MGIR);
	return len;
}

/* The path would not carry it (as opposed to: carrying it failed). */
static bool refused(const struct prm_err *err)
{
	static const char *const why[] = { "not_on_path", "fwctl_scope", "fwctl_refused",
					   "needs_write", "needs_rawio" };

	for (size_t i = 0; err->reason && i < sizeof(why) / sizeof(why[0]); i++)
		if (strcmp(err->reason, why[i]) == 0)
			return true;
	return false;
}

static void send_one(struct dev *d, struct probe_row *r)
{
	const struct prm_cmd_info *c = r->info;
	size_t outlen = c->probe_outlen ? c->probe_outlen : 16, inlen;
	struct prm_err err = { 0 };
	struct cmd_result res;
	uint8_t *in = NULL, *out = calloc(1, outlen);
	const char *st;

	inlen = probe_input(c, &in);
	if (!out || !inlen) {
		r->result = PROBE_ERROR;
		snprintf(r->reason, sizeof(r->reason), "out of memory");
		goto done;
	}
	r->sent = true;
	if (dev_cmd_exec(d, in, inlen, out, outlen, &res, &err)) {
		r->result = refused(&err) ? PROBE_REFUSED : PROBE_ERROR;
		snprintf(r->reason, sizeof(r->reason), "%.255s", err.msg);
		goto done;
	}
	r->status = res.status;
	r->syndrome = res.syndrome;
	st = prm_name_of(&prm_cmd_status_names, res.status);
	if (res.status == MLX5_CMD_STAT_BAD_OP_ERR) {
		r->result = PROBE_UNSUPPORTED;
		snprintf(r->reason, sizeof(r->reason), "the firmware does not know this opcode");
	} else {
		r->result = PROBE_SUPPORTED;
		if (res.status)
			snprintf(r->reason, sizeof(r->reason),
				 "known to the firmware: an empty request got %s (0x%x), syndrome 0x%x",
				 st ? st : "unknown status", res.status, res.syndrome);
	}
done:
	free(in);
	free(out);
}

int probe_commands(struct dev *d, struct probe_row *rows, struct prm_err *err)
{
	const struct cmd_chan *chan;
	struct gates *g = calloc(1, sizeof(*g));

	if (!g)
		return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
	if (dev_cmd_chan(d, &chan, err)) {
		free(g);
		return -1;
	}
	for (size_t i = 0; i < prm_ncmd_infos; i++) {
		struct probe_row *r = &rows[i];
		const struct prm_cmd_info *c = &prm_cmd_infos[i];
		const char *why = chan->refuses(d, c->opcode, c->probe_op_mod);

		memset(r, 0, sizeof(*r));
		r->info = c;
		r->gate_value = -1;
		if (c->cap_field) {
			snprintf(r->gate, sizeof(r->gate), "%s.%s", c->cap_page, c->cap_field);
			r->gate_value = gate_value(d, g, c->cap_page, c->cap_field);
		}
		if (why) {
			r->result = PROBE_REFUSED;
			snprintf(r->reason, sizeof(r->reason), "%s", why);
		} else if (c->changes_state) {
			r->result = PROBE_NOT_TRIED;
			snprintf(r->reason, sizeof(r->reason), "changes device state");
		} else if (r->gate_value == 0) {
			r->result = PROBE_CAP_OFF;
			snprintf(r->reason, sizeof(r->reason), "%s is 0", r->gate);
		} else {
			send_one(d, r);
		}
	}
	free(g);
	return 0;
}
