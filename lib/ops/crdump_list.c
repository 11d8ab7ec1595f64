// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* The range list for a dump: found for the chip (or given), read, parsed. */
#include "lib/ops/crdump_int.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "lib/util/readall.h"

/* ConnectX-7's list is 0.2 MB; a list a hundred times that is not one */
#define LIST_FILE_MAX (32u << 20)

const char *crdump_dir(const char *dir)
{
	const char *env = getenv(CRDUMP_DIR_ENV);

	if (dir && *dir)
		return dir;
	return env && *env ? env : CRDUMP_DIR_DEFAULT;
}

/* The chip's list in the directory, as mstregdump picks it: <name>.csv. */
static int chip_list(const char *label, const struct crdump_opts *o, uint16_t hw_id,
		     struct crdump *c, bool *hca, struct prm_err *err)
{
	const char *dir = crdump_dir(o->dir), *name = prm_crdump_list_name(hw_id, hca);
	struct stat st;

	if (!name)
		return prm_err_set(err, PRM_E_NODEV, ENOTSUP, "crdump_unsupported",
				   "%s: no mstregdump range list is known for this chip (hw_id 0x%x); "
				   "give one with --ranges FILE", label, hw_id);
	if (stat(dir, &st) || !S_ISDIR(st.st_mode))
		return prm_err_set(err, PRM_E_USAGE, ENOENT, "crdump_lists_missing",
				   "mstregdump's range lists are not there: %s is not a directory; they "
				   "come with the Debian package mstflint (apt-get install mstflint), or "
				   "give a directory with " CRDUMP_DIR_ENV " or a list with --ranges FILE",
				   dir);
	if ((size_t)snprintf(c->list, sizeof(c->list), "%s/%s.csv", dir, name) >= sizeof(c->list))
		return prm_err_set(err, PRM_E_USAGE, ENAMETOOLONG, "crdump_lists_missing",
				   "%s: directory name too long", dir);
	if (stat(c->list, &st))
		return prm_err_set(err, PRM_E_NODEV, ENOENT, "crdump_unsupported",
				   "%s: no range list for this chip (hw_id 0x%x): %s is missing",
				   label, hw_id, c->list);
	return 0;
}

int crdump_list_load(const char *label, const struct crdump_opts *o, uint16_t hw_id,
		     struct crdump *c, bool *hca, struct prm_err *err)
{
	uint8_t *buf;
	size_t len;
	int rc;

	*hca = false;
	if (o->list) {
		/* a list given is used as it is, for any chip; TLVs as for the chip */
		prm_crdump_list_name(hw_id, hca);
		snprintf(c->list, sizeof(c->list), "%s", o->list);
	} else if (chip_list(label, o, hw_id, c, hca, err)) {
		return -1;
	}
	if (read_all(c->list, LIST_FILE_MAX, &buf, &len, err)) {
		prm_err_prefix(err, "range list: ");
		return -1;
	}
	rc = prm_crdump_list_parse((const char *)buf, len, c->list, &c->ranges, &c->nranges, err);
	free(buf);
	c->nlisted = c->nranges;
	return rc;
}
