// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Below the config-dword line, hardware: libpci on the function's sysfs config. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/dev/cfg.h"
#include "lib/dev/dev.h"
#include "lib/dev/pcilib.h"
#include "lib/dev/sysfs.h"

struct pci_port {
	struct cfg_port port;
	struct pci_access *pacc;
	struct pci_dev *dev;
};

static uint32_t le32(const uint8_t *b)
{
	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

/* n dwords from off in one libpci read: one pread of the sysfs config file */
static int pci_rdn(struct cfg_port *p, uint32_t off, uint32_t *val, unsigned n,
		   struct prm_err *err)
{
	struct pci_port *pp = (struct pci_port *)p;
	uint8_t b[8];

	if (setjmp(discover_pci_jmp))
		return prm_err_set(err, PRM_E_NODEV, EIO, "config_read",
				   "%s: config read at 0x%x: %s", p->label, off, discover_pci_msg);
	if (!pcilib.pci_read_block(pp->dev, (int)off, b, (int)(4 * n)))
		return prm_err_set(err, PRM_E_NODEV, EIO, "config_read",
				   "%s: cannot read config space at 0x%x (root needed beyond 0x40)",
				   p->label, off);
	for (unsigned i = 0; i < n; i++)
		val[i] = le32(b + 4 * i);
	return 0;
}

static int pci_rd(struct cfg_port *p, uint32_t off, uint32_t *val, struct prm_err *err)
{
	return pci_rdn(p, off, val, 1, err);
}

static int pci_rd2(struct cfg_port *p, uint32_t off, uint32_t val[2], struct prm_err *err)
{
	return pci_rdn(p, off, val, 2, err);
}

static int pci_wr(struct cfg_port *p, uint32_t off, uint32_t val, struct prm_err *err)
{
	struct pci_port *pp = (struct pci_port *)p;
	uint8_t b[4] = { (uint8_t)val, (uint8_t)(val >> 8), (uint8_t)(val >> 16),
			 (uint8_t)(val >> 24) };

	if (setjmp(discover_pci_jmp))
		return prm_err_set(err, PRM_E_NODEV, EIO, "config_write",
				   "%s: config write at 0x%x: %s", p->label, off, discover_pci_msg);
	errno = 0;
	if (!pcilib.pci_write_block(pp->dev, (int)off, b, 4)) {
		int e = errno;
		char mode[32];
		const char *lock = sysfs_lockdown_mode(mode, sizeof(mode));

		/* lockdown refuses a root's write with EPERM: the gateway is closed */
		if (e == EPERM && lock && strcmp(lock, "none"))
			return prm_err_set(err, PRM_E_NODEV, e, "lockdown",
					   "%s: kernel lockdown (%s) forbids config-space writes from "
					   "user space: the gateway (cr-space, ICMD) is closed",
					   p->label, lock);
		if (geteuid() != 0)
			return prm_err_set(err, PRM_E_NODEV, EACCES, "config_write",
					   "%s: cannot write config space at 0x%x (root needed)",
					   p->label, off);
		return prm_err_set(err, PRM_E_NODEV, e ? e : EIO, "config_write",
				   "%s: cannot write config space at 0x%x: %s", p->label, off,
				   strerror(e ? e : EIO));
	}
	return 0;
}

static void pci_close(struct cfg_port *p)
{
	struct pci_port *pp = (struct pci_port *)p;

	if (pp->dev)
		pcilib.pci_free_dev(pp->dev);
	if (pp->pacc)
		pcilib.pci_cleanup(pp->pacc);
	free(pp);
}

int cfg_open_pci(struct dev *d, struct cfg_port **out, struct prm_err *err)
{
	struct pci_port *pp = calloc(1, sizeof(*pp));

	if (!pp)
		return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
	pp->pacc = discover_pci_open(err);
	if (!pp->pacc) {
		free(pp);
		return -1;
	}
	if (setjmp(discover_pci_jmp)) {
		free(pp);
		return prm_err_set(err, PRM_E_NODEV, EIO, "libpci", "%s: libpci: %s",
				   d->label, discover_pci_msg);
	}
	pp->pacc->writeable = 1;
	pp->dev = pcilib.pci_get_dev(pp->pacc, (int)d->info.addr.domain, d->info.addr.bus,
				     d->info.addr.dev, d->info.addr.fn);
	if (!pp->dev) {
		pci_close(&pp->port);
		return prm_err_set(err, PRM_E_NODEV, ENOENT, "not_found",
				   "%s: no such PCI device", d->label);
	}
	pp->port.read32 = pci_rd;
	pp->port.read_pair = pci_rd2;
	pp->port.write32 = pci_wr;
	pp->port.close = pci_close;
	pp->port.label = d->label;
	*out = &pp->port;
	return 0;
}
