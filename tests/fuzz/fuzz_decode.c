// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Layout decode of untrusted bytes: the first byte picks a layout, the rest
 * is the buffer (any length, also too short). Every field through the
 * generic printer, text and JSON, and the initialization-segment summary.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/out/layout_print.h"
#include "lib/out/out.h"
#include "lib/prm/initseg.h"
#include "lib/prm/layouts/layouts.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *devnull;
	const struct prm_layout *l;
	struct prm_initseg_summary s;
	struct prm_err err;
	size_t n = 0;
	uint8_t *buf;

	if (!devnull)
		devnull = fopen("/dev/null", "w");
	if (size < 1)
		return 0;
	while (prm_layouts[n])
		n++;
	l = prm_layouts[data[0] % n];
	buf = malloc(size - 1 ? size - 1 : 1);
	if (!buf)
		return 0;
	memcpy(buf, data + 1, size - 1);
	for (int mode = 0; mode < 2; mode++) {
		struct out_opts o = { .mode = mode ? OUT_JSON : OUT_TEXT,
				      .out = devnull, .err = devnull };

		out_init(&o);
		out_doc_begin();
		if (out_layout(l, buf, size - 1, 0, &err))
			out_doc_abort();
		else
			out_doc_end();
	}
	prm_initseg_summarize(buf, size - 1, &s, &err);
	free(buf);
	return 0;
}
