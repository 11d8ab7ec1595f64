// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Config space and AER counters of a function, read for triage: never written. */
#include "lib/dev/pcistate.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <unistd.h>

#include "lib/dev/cfg.h"
#include "lib/dev/dev.h"
#include "lib/dev/sysfs.h"

#define CFG_HEADER 0x40
#define STD_CFG_BYTES 0x100

static void put32le(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

/* Dwords from off until end or the first that does not read; the end reached. */
static size_t read_run(struct cfg_port *cfg, uint8_t *buf, size_t off, size_t end,
		       struct prm_err *err)
{
	uint32_t v;

	for (; off + 4 <= end; off += 4) {
		if (cfg->read32(cfg, (uint32_t)off, &v, err))
			break;
		put32le(buf + off, v);
	}
	return off;
}

int dev_cfg_snapshot(struct dev *d, uint8_t *buf, size_t max, size_t *len,
		     struct prm_err *err)
{
	struct cfg_port *cfg;
	struct prm_err why = { 0 };
	size_t got;
	uint32_t ext;

	*len = 0;
	if (dev_cfg(d, &cfg, err))
		return -1;
	got = read_run(cfg, buf, 0, max < STD_CFG_BYTES ? max : STD_CFG_BYTES, &why);
	if (got < CFG_HEADER) {
		*err = why;
		return -1;
	}
	*len = got;
	if (got < STD_CFG_BYTES || max < STD_CFG_BYTES + 4 || cfg->read32(cfg, STD_CFG_BYTES, &ext, &why))
		return 0;
	/* 0: no extended capabilities; all-ones: no extended space (conventional PCI, gone) */
	if (ext == 0 || ext == 0xffffffffu)
		return 0;
	*len = read_run(cfg, buf, STD_CFG_BYTES, max & ~(size_t)3, &why);
	return 0;
}

int dev_pci_link(struct dev *d, struct prm_pci_link *out, struct prm_err *err)
{
	uint8_t cfg[STD_CFG_BYTES];
	size_t len;

	if (dev_cfg_snapshot(d, cfg, sizeof(cfg), &len, err))
		return -1;
	if (prm_pci_link_decode(cfg, len, out, err))
		return prm_err_prefix(err, "%s: ", d->label);
	return 0;
}

/* <sysfs>/bus/pci/devices/BDF/name into c; 0 absent, 1 parsed, -1 bad. */
static int aer_file(const struct dev *d, const char *name, struct prm_aer_counts *c,
		    struct prm_err *err)
{
	char path[PATH_MAX], text[4096];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "%s/bus/pci/devices/%s/%s", sysfs_root(), d->info.bdf, name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	n = read(fd, text, sizeof(text));
	close(fd);
	if (n < 0)
		return 0;
	if (prm_aer_parse(text, (size_t)n, c, err))
		return prm_err_prefix(err, "%s: ", path);
	return 1;
}

int dev_pci_aer(struct dev *d, struct dev_pci_aer *out, struct prm_err *err)
{
	int rc;

	*out = (struct dev_pci_aer){ 0 };
	if (!d->has_info)
		return 0;
	if ((rc = aer_file(d, "aer_dev_correctable", &out->correctable, err)) < 0)
		return -1;
	out->has_correctable = rc;
	if ((rc = aer_file(d, "aer_dev_fatal", &out->fatal, err)) < 0)
		return -1;
	out->has_fatal = rc;
	if ((rc = aer_file(d, "aer_dev_nonfatal", &out->nonfatal, err)) < 0)
		return -1;
	out->has_nonfatal = rc;
	return 0;
}
