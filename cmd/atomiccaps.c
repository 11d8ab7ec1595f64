// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * prmctl atomic caps: the device's atomic capability page, and in plain
 * words what a 1/2/4/8-byte compare-and-swap or fetch-and-add becomes on it
 * (tracer-atomics.md §B4-§B5: which opcode, which sizes on QPs and DCs, the
 * byte order of the reply).
 */
#include <stdio.h>
#include <string.h>

#include "cmd/atomic.h"
#include "cmd/core/cmd.h"
#include "cmd/core/devsel.h"
#include "lib/dev/dev.h"
#include "lib/ops/atomic.h"
#include "lib/ops/caps.h"
#include "lib/out/out.h"
#include "lib/prm/atomiccaps.h"
#include "lib/prm/caps.h"

const struct argp atomic_caps_argp = {
	NULL, cmd_no_args, NULL,
	"The atomic capability page (QUERY_HCA_CAP cap_type 3) decoded, and for compare-and-swap "
	"and fetch-and-add of 1, 2, 4 and 8 bytes what the device will do: supported or not on "
	"QPs and DCs, the opcode and opmod that carry it, the byte order of the reply.",
	prm_global_children, NULL, NULL
};

int atomic_device_caps(struct dev *d, uint8_t *page, bool *general_atomic)
{
	struct prm_err err = { 0 };

	return atomic_caps_query(d, page, general_atomic, &err) ? cmd_fail(&err) : 0;
}

int atomic_caps(struct cmd_run *r)
{
	uint8_t page[DEV_CAP_PAGE_BYTES];
	const struct prm_cap_page *p = prm_cap_page_by_name("atomic");
	struct atomic_caps_summary s[ATOMIC_CAPS_ROWS];
	bool general_atomic;
	unsigned n;
	int rc;

	if ((rc = atomic_device_caps(r->dev, page, &general_atomic)))
		return rc;
	n = atomic_caps_summarize(page, sizeof(page), general_atomic, s);
	out_doc_begin();
	cmd_out_device(r->dev);
	out_bool("atomic", general_atomic);
	out_obj_begin("caps");
	for (size_t i = 0; i < p->layout->nfields; i++) {
		const struct prm_field *f = &p->layout->fields[i];

		out_hex(f->name, prm_field_value(p->layout, page, sizeof(page), f->name));
	}
	out_obj_end();
	out_table_begin("operations");
	for (unsigned i = 0; i < n; i++) {
		out_obj_begin(NULL);
		out_str("op", atomic_op_name(s[i].op));
		out_u64("size", s[i].size);
		out_bool("qp", s[i].qp);
		out_bool("dc", s[i].dc);
		out_str("carried_as", s[i].how);
		out_str("reply", s[i].reply);
		out_str("missing", s[i].missing);
		out_obj_end();
	}
	out_table_end();
	cmd_close_now(r);	/* its teardown warning before the document ends, as ever */
	return cmd_done(EXIT_OK);
}
