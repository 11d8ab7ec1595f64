// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* The JSON beside a saved image that says where it came from. */
#include "cmd/sidecar.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/out/out.h"
#include "lib/util/writefile.h"

#ifndef PRMCTL_VERSION
#define PRMCTL_VERSION "0.0.0"
#endif

int sidecar_path(const char *file, char *path, size_t sz)
{
	return (size_t)snprintf(path, sz, "%s%s", file, SIDECAR_SUFFIX) >= sz ? -1 : 0;
}

static const char *or_null(const char *s)
{
	return s && s[0] ? s : NULL;
}

int sidecar_write(const char *path, const char *file, const char *what, size_t bytes,
		  const struct dev_ident *id, struct prm_err *err)
{
	const char *base = strrchr(file, '/');
	enum out_mode mode = out_mode();
	char *json = NULL;
	size_t jlen = 0;
	FILE *f, *was;
	int rc;

	f = open_memstream(&json, &jlen);
	if (!f)
		return prm_err_set(err, PRM_E_FAILED, errno, "nomem", "%s: %s", path,
				   strerror(errno));
	/* the emitter writes the document into memory, then to the file whole */
	was = out_set_stream(f, OUT_JSON);
	out_doc_begin();
	out_str("what", what);
	out_str("image", base ? base + 1 : file);	/* beside it: a move keeps the pair */
	out_u64("bytes", bytes);
	out_str("host", or_null(id->host));
	out_str("device", id->device);
	out_str("pci_address", or_null(id->pci_address));
	out_str("model", id->model);
	out_str("access", id->access);
	out_str("time", id->time_iso);
	out_str("fw_version", or_null(id->fw_version));
	out_str("psid", or_null(id->psid));
	if (!id->psid[0])
		out_str("psid_error", or_null(id->psid_error));
	out_str("prmctl_version", PRMCTL_VERSION);
	out_doc_end();
	out_set_stream(was, mode);
	fclose(f);
	rc = write_file_atomic(path, json, jlen, true, err);
	free(json);
	return rc;
}
