// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/dev/devname.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* Reads up to maxd hex digits; returns the count read (0 on none). */
static size_t hex_run(const char *s, size_t maxd, unsigned long *v)
{
	size_t n = 0;

	*v = 0;
	while (n < maxd && isxdigit((unsigned char)s[n])) {
		int c = tolower((unsigned char)s[n]);

		*v = *v * 16 + (unsigned long)(isdigit(c) ? c - '0' : c - 'a' + 10);
		n++;
	}
	return n;
}

int pci_addr_parse(const char *s, struct pci_addr *a)
{
	unsigned long dom = 0, bus, dev, fn;
	const char *p = s;
	size_t n;

	/* With a domain there are two colons before the dot. */
	if (strchr(p, ':') && strchr(strchr(p, ':') + 1, ':')) {
		n = hex_run(p, 8, &dom);
		if (!n || p[n] != ':')
			return -1;
		p += n + 1;
	}
	n = hex_run(p, 2, &bus);
	if (!n || p[n] != ':')
		return -1;
	p += n + 1;
	n = hex_run(p, 2, &dev);
	if (!n || p[n] != '.' || dev > 0x1f)
		return -1;
	p += n + 1;
	n = hex_run(p, 1, &fn);
	if (!n || p[n] != '\0' || fn > 7)
		return -1;
	a->domain = (uint32_t)dom;
	a->bus = (uint8_t)bus;
	a->dev = (uint8_t)dev;
	a->fn = (uint8_t)fn;
	return 0;
}

bool pci_addr_eq(const struct pci_addr *a, const struct pci_addr *b)
{
	return a->domain == b->domain && a->bus == b->bus && a->dev == b->dev &&
	       a->fn == b->fn;
}

void pci_addr_format(const struct pci_addr *a, char *buf, size_t sz)
{
	snprintf(buf, sz, "%04x:%02x:%02x.%x", a->domain, a->bus, a->dev, a->fn);
}

static bool name_chars_ok(const char *s, const char *extra)
{
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && !strchr(extra, *s))
			return false;
	return true;
}

const char *dev_kind_name(enum dev_kind k)
{
	switch (k) {
	case DEV_KIND_PCI:
		return "pci";
	case DEV_KIND_NAME:
		return "name";
	case DEV_KIND_FWCTL:
		return "fwctl";
	case DEV_KIND_SIM:
		return "sim";
	case DEV_KIND_IMAGE:
		return "image";
	case DEV_KIND_DEVLINK:
		return "devlink";
	}
	return "?";
}

int devname_parse(const char *s, struct dev_name *n, struct prm_err *err)
{
	size_t len;

	memset(n, 0, sizeof(*n));
	if (!s || !*s)
		return prm_err_set(err, PRM_E_NODEV, 0, "bad_device",
				   "empty device name");
	len = strlen(s);
	if (len >= sizeof(n->arg))
		return prm_err_set(err, PRM_E_NODEV, 0, "bad_device",
				   "device name too long (%zu characters)", len);
	if (strcmp(s, "sim") == 0) {
		n->kind = DEV_KIND_SIM;
		return 0;
	}
	if (strncmp(s, "sim:", 4) == 0) {
		if (!s[4] || s[4] == '.' || strlen(s + 4) > 64 || !name_chars_ok(s + 4, "_.-"))
			return prm_err_set(err, PRM_E_NODEV, 0, "bad_device",
					   "'%s': a simulator name is 1-64 letters, digits, '_', '.' or '-', not starting with '.'",
					   s);
		n->kind = DEV_KIND_SIM;
		strcpy(n->arg, s + 4);
		return 0;
	}
	if (strncmp(s, "image:", 6) == 0) {
		if (!s[6])
			return prm_err_set(err, PRM_E_NODEV, 0, "bad_device",
					   "'image:' needs a file name (image:FILE)");
		n->kind = DEV_KIND_IMAGE;
		strcpy(n->arg, s + 6);
		return 0;
	}
	if (strncmp(s, "pci/", 4) == 0 || strchr(s, ':')) {
		const char *addr = strncmp(s, "pci/", 4) == 0 ? s + 4 : s;

		if (pci_addr_parse(addr, &n->pci))
			return prm_err_set(err, PRM_E_NODEV, 0, "bad_device",
					   "'%s' is not a PCI address ([domain:]bus:device.function, e.g. 0000:3b:00.0)",
					   s);
		n->kind = DEV_KIND_PCI;
		pci_addr_format(&n->pci, n->arg, sizeof(n->arg));
		return 0;
	}
	if (strncmp(s, "fwctl", 5) == 0 && s[5] &&
	    strspn(s + 5, "0123456789") == strlen(s + 5)) {
		n->kind = DEV_KIND_FWCTL;
		strcpy(n->arg, s);
		return 0;
	}
	/* a devlink handle on another bus: auxiliary/mlx5_core.sf.2 */
	if (strchr(s, '/')) {
		const char *slash = strchr(s, '/');
		char bus[32];

		/* the sizes of a devlink handle's bus and device names (struct dl_handle) */
		if (slash == s || slash - s >= (long)sizeof(bus) || !slash[1] ||
		    strchr(slash + 1, '/') || strlen(slash + 1) >= 64)
			return prm_err_set(err, PRM_E_NODEV, 0, "bad_device",
					   "'%s' is not a devlink handle (BUS/DEVICE, e.g. auxiliary/mlx5_core.sf.2)",
					   s);
		memcpy(bus, s, (size_t)(slash - s));
		bus[slash - s] = '\0';
		if (!name_chars_ok(bus, "_-") || !name_chars_ok(slash + 1, "_.-"))
			return prm_err_set(err, PRM_E_NODEV, 0, "bad_device",
					   "'%s' is not a devlink handle (BUS/DEVICE, e.g. auxiliary/mlx5_core.sf.2)",
					   s);
		n->kind = DEV_KIND_DEVLINK;
		strcpy(n->arg, s);
		return 0;
	}
	/* RDMA and netdev names: what the kernel accepts, without '/' */
	if (len > 64 || !name_chars_ok(s, "_.-@+"))
		return prm_err_set(err, PRM_E_NODEV, 0, "bad_device",
				   "'%s' is not a device name (PCI address, mlx5_N, netdev, fwctlN, sim, sim:NAME or image:FILE)",
				   s);
	n->kind = DEV_KIND_NAME;
	strcpy(n->arg, s);
	return 0;
}
