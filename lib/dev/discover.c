// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/dev/discover.h"

#include <errno.h>
#include <limits.h>
#include <pci/pci.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/dev/pcilib.h"
#include "lib/dev/sysfs.h"
#include "lib/prm/models.h"

/*
 * libpci's error hook must not return and its default exits the process.
 * Ours records the message and jumps back to the libpci call that failed.
 */
jmp_buf discover_pci_jmp;
char discover_pci_msg[256];
#define pci_jmp discover_pci_jmp
#define pci_msg discover_pci_msg

static void __attribute__((noreturn, format(printf, 1, 2)))
pci_error_hook(char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(pci_msg, sizeof(pci_msg), fmt, ap);
	va_end(ap);
	longjmp(pci_jmp, 1);
}

static void __attribute__((format(printf, 1, 2))) pci_quiet_hook(char *fmt, ...)
{
	(void)fmt;
}

struct pcilib pcilib;
struct dl_lib pcilib_lib = DL_LIB(pcilib, "libpci", "libpci.so.3", "libpci3",
				  "PCI functions are found and reached through libpci", PCILIB_FUNCS);

struct pci_access *discover_pci_open(struct prm_err *err)
{
	struct pci_access *pacc;
	char path[PATH_MAX];

	if (dl_load(&pcilib_lib, err))
		return NULL;
	pacc = pcilib.pci_alloc();
	if (!pacc) {
		prm_err_set(err, PRM_E_FAILED, ENOMEM, "libpci", "libpci: out of memory");
		return NULL;
	}
	pacc->error = pci_error_hook;
	pacc->warning = pci_quiet_hook;
	pacc->debug = pci_quiet_hook;
	pacc->method = PCI_ACCESS_SYS_BUS_PCI;
	snprintf(path, sizeof(path), "%s/bus/pci", sysfs_root());
	pcilib.pci_set_param(pacc, "sysfs.path", path);
	if (setjmp(pci_jmp)) {
		prm_err_set(err, PRM_E_FAILED, 0, "libpci", "libpci: %s", pci_msg);
		return NULL;	/* pacc is leaked: libpci is in an unknown state */
	}
	pcilib.pci_init(pacc);
	return pacc;
}

static void fill(struct pci_dev *d, struct dev_info *info)
{
	const struct prm_model *m;
	char *s;

	memset(info, 0, sizeof(*info));
	pcilib.pci_fill_info(d, PCI_FILL_IDENT | PCI_FILL_CLASS | PCI_FILL_NUMA_NODE |
			 PCI_FILL_IOMMU_GROUP | PCI_FILL_DRIVER);
	info->addr.domain = (uint32_t)d->domain;
	info->addr.bus = d->bus;
	info->addr.dev = d->dev;
	info->addr.fn = d->func;
	pci_addr_format(&info->addr, info->bdf, sizeof(info->bdf));
	info->vendor_id = d->vendor_id;
	info->device_id = d->device_id;
	info->class_code = (uint32_t)pcilib.pci_read_long(d, PCI_CLASS_REVISION) >> 8;
	info->revision = pcilib.pci_read_byte(d, PCI_REVISION_ID);
	info->subsys_vendor_id = pcilib.pci_read_word(d, PCI_SUBSYSTEM_VENDOR_ID);
	info->subsys_device_id = pcilib.pci_read_word(d, PCI_SUBSYSTEM_ID);
	info->numa_node = d->numa_node;
	info->iommu_group = -1;
	s = pcilib.pci_get_string_property(d, PCI_FILL_IOMMU_GROUP);
	if (s)
		info->iommu_group = atoi(s);
	s = pcilib.pci_get_string_property(d, PCI_FILL_DRIVER);
	if (s)
		snprintf(info->driver, sizeof(info->driver), "%s", s);
	m = prm_model_by_device_id(info->device_id);
	if (info->vendor_id == PRM_PCI_VENDOR_MELLANOX && m) {
		info->model = m->name;
		info->vf = m->vf;
		info->chip_hw_id = m->hw_id;
	} else if (info->vendor_id == PRM_PCI_VENDOR_MELLANOX &&
		   prm_is_recovery_device_id(info->device_id)) {
		info->recovery = true;
		info->model = "flash recovery";
	}
	sysfs_pci_children(&info->addr, "net", info->netdevs, sizeof(info->netdevs));
	sysfs_pci_children(&info->addr, "infiniband", info->rdma, sizeof(info->rdma));
	sysfs_fwctl_of(&info->addr, info->fwctl, sizeof(info->fwctl));
	if (info->rdma[0]) {
		char rel[128];

		snprintf(rel, sizeof(rel), "class/infiniband/%.*s/fw_ver",
			 (int)strcspn(info->rdma, ","), info->rdma);
		if (sysfs_read_line(rel, info->fw_version, sizeof(info->fw_version)))
			info->fw_version[0] = '\0';
	}
	if (sysfs_pci_link_base(&info->addr, "physfn", info->physfn,
				sizeof(info->physfn)))
		info->physfn[0] = '\0';
}

static int cmp_addr(const void *a, const void *b)
{
	return strcmp(((const struct dev_info *)a)->bdf,
		      ((const struct dev_info *)b)->bdf);
}

int discover_list(struct dev_info **out, size_t *n, struct prm_err *err)
{
	struct pci_access *pacc = discover_pci_open(err);
	struct dev_info *v = NULL;
	size_t cnt = 0;
	struct pci_dev *d;

	*out = NULL;
	*n = 0;
	if (!pacc)
		return -1;
	if (setjmp(pci_jmp)) {
		free(v);
		return prm_err_set(err, PRM_E_FAILED, 0, "libpci", "libpci: %s",
				   pci_msg);
	}
	pcilib.pci_scan_bus(pacc);
	for (d = pacc->devices; d; d = d->next) {
		struct dev_info *more;

		pcilib.pci_fill_info(d, PCI_FILL_IDENT);
		if (d->vendor_id != PRM_PCI_VENDOR_MELLANOX)
			continue;
		more = realloc(v, (cnt + 1) * sizeof(*v));
		if (!more) {
			free(v);
			pcilib.pci_cleanup(pacc);
			return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom",
					   "out of memory");
		}
		v = more;
		fill(d, &v[cnt++]);
	}
	pcilib.pci_cleanup(pacc);
	if (cnt)
		qsort(v, cnt, sizeof(*v), cmp_addr);
	*out = v;
	*n = cnt;
	return 0;
}

int discover_one(const struct pci_addr *a, struct dev_info *info,
		 struct prm_err *err)
{
	struct pci_access *pacc;
	struct pci_dev *d;

	if (!sysfs_pci_exists(a))
		return prm_err_set(err, PRM_E_NODEV, ENOENT, "not_found",
				   "no such PCI device");
	pacc = discover_pci_open(err);
	if (!pacc)
		return -1;
	if (setjmp(pci_jmp))
		return prm_err_set(err, PRM_E_NODEV, 0, "libpci", "libpci: %s",
				   pci_msg);
	d = pcilib.pci_get_dev(pacc, (int)a->domain, a->bus, a->dev, a->fn);
	if (!d) {
		pcilib.pci_cleanup(pacc);
		return prm_err_set(err, PRM_E_NODEV, ENOENT, "not_found",
				   "no such PCI device");
	}
	fill(d, info);
	pcilib.pci_free_dev(d);
	pcilib.pci_cleanup(pacc);
	return 0;
}
