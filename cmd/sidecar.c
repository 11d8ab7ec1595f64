// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* The JSON beside a saved image that says where it came from. */
#include "cmd/sidecar.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lib/dev/dev.h"
#include "lib/out/out.h"
#include "lib/out/sidecar_read.h"
#include "lib/util/readall.h"
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
	out_str("psid_source", id->psid[0] ? id->psid_source : NULL);
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

/* far above any sidecar prmctl writes */
#define SIDECAR_MAX_BYTES (64u << 10)

void sidecar_show(const struct dev *d)
{
	const char *file = d->name.arg, *base = strrchr(file, '/');
	struct prm_err err = { 0 };
	struct sidecar_facts f;
	char path[4096];
	uint8_t *buf = NULL;
	struct stat st;
	size_t len;
	int rc;

	if (d->name.kind != DEV_KIND_IMAGE)
		return;
	base = base ? base + 1 : file;
	if (sidecar_path(file, path, sizeof(path)) || lstat(path, &st)) {
		out_null("sidecar");
		return;
	}
	rc = read_all(path, SIDECAR_MAX_BYTES, &buf, &len, &err) ||
	     sidecar_parse((const char *)buf, len, &f, &err);
	free(buf);
	if (rc) {
		out_warn("%s: the image's sidecar cannot be read: %s", path, err.msg);
		out_null("sidecar");
		return;
	}
	out_obj_begin("sidecar");
	out_str("file", path);
	out_str("image", or_null(f.image));
	out_str("host", or_null(f.host));
	out_str("device", or_null(f.device));
	out_str("pci_address", or_null(f.pci_address));
	out_str("model", or_null(f.model));
	out_str("time", or_null(f.time));
	out_str("fw_version", or_null(f.fw_version));
	out_str("psid", or_null(f.psid));
	out_str("prmctl_version", or_null(f.prmctl_version));
	out_obj_end();
	if (strcmp(f.image, base))
		out_note("%s was written for the image '%s', not '%s': it may describe another "
			 "image", path, f.image, base);
}
