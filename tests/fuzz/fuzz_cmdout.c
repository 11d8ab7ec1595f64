// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Command outputs as a firmware might return them: the first byte picks a
 * command prmctl knows, the second a capability page; the rest is the
 * output message. Status and syndrome into the failure line, the output
 * through the command's layout, and the capability page after the
 * QUERY_HCA_CAP header, as `prmctl cmd` and `prmctl caps` print them.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/out/layout_print.h"
#include "lib/out/out.h"
#include "lib/prm/caps.h"
#include "lib/prm/cmdinfo.h"
#include "lib/prm/cmdstatus.h"
#include "lib/prm/layouts/layouts.h"

static void decode(const struct prm_layout *l, const uint8_t *buf, size_t len, FILE *sink)
{
	struct prm_err err;

	for (int mode = 0; mode < 2; mode++) {
		struct out_opts o = { .mode = mode ? OUT_JSON : OUT_TEXT, .out = sink, .err = sink };

		out_init(&o);
		out_doc_begin();
		if (out_layout(l, buf, len, 0, &err))
			out_doc_abort();
		else
			out_doc_end();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *devnull;
	const struct prm_cmd_info *c;
	const struct prm_cap_page *p;
	struct prm_err err;
	uint8_t in[16] = { 0 }, *out;
	size_t len;

	if (!devnull)
		devnull = fopen("/dev/null", "w");
	if (size < 2)
		return 0;
	c = &prm_cmd_infos[data[0] % prm_ncmd_infos];
	p = &prm_cap_pages[data[1] % prm_ncap_pages];
	len = size - 2;
	out = malloc(len ? len : 1);	/* exactly len: reads beyond it are caught */
	if (!out)
		return 0;
	memcpy(out, data + 2, len);
	prm_set(&prm_layout_mbox_in, in, sizeof(in), "opcode", c->opcode, NULL);
	prm_cmd_check(&err, "fuzz", in, sizeof(in),
		      (uint8_t)prm_field_value(&prm_layout_mbox_out, out, len, "status"),
		      (uint32_t)prm_field_value(&prm_layout_mbox_out, out, len, "syndrome"));
	if (c->out)
		decode(c->out, out, len, devnull);
	if (len > 16)
		decode(p->layout, out + 16, len - 16, devnull);
	free(out);
	return 0;
}
