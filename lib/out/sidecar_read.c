// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/out/sidecar_read.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <jansson.h>

static void str(json_t *o, const char *key, char *dst, size_t sz)
{
	const char *s = json_string_value(json_object_get(o, key));

	dst[0] = '\0';
	if (s)
		snprintf(dst, sz, "%s", s);
}

int sidecar_parse(const char *text, size_t len, struct sidecar_facts *f, struct prm_err *err)
{
	json_error_t je;
	json_t *o, *b;

	memset(f, 0, sizeof(*f));
	o = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
	if (!o || !json_is_object(o)) {
		json_decref(o);
		return prm_err_set(err, PRM_E_FAILED, EINVAL, "bad_sidecar",
				   "not a JSON object (line %d, column %d: %s)", o ? 1 : je.line,
				   o ? 1 : je.column, o ? "another JSON value" : je.text);
	}
	str(o, "schema", f->schema, sizeof(f->schema));
	str(o, "what", f->what, sizeof(f->what));
	str(o, "image", f->image, sizeof(f->image));
	str(o, "host", f->host, sizeof(f->host));
	str(o, "device", f->device, sizeof(f->device));
	str(o, "pci_address", f->pci_address, sizeof(f->pci_address));
	str(o, "model", f->model, sizeof(f->model));
	str(o, "access", f->access, sizeof(f->access));
	str(o, "time", f->time, sizeof(f->time));
	str(o, "fw_version", f->fw_version, sizeof(f->fw_version));
	str(o, "psid", f->psid, sizeof(f->psid));
	str(o, "psid_error", f->psid_error, sizeof(f->psid_error));
	str(o, "prmctl_version", f->prmctl_version, sizeof(f->prmctl_version));
	b = json_object_get(o, "bytes");
	if (json_is_integer(b) && json_integer_value(b) >= 0) {
		f->has_bytes = true;
		f->bytes = (uint64_t)json_integer_value(b);
	}
	json_decref(o);
	return 0;
}
