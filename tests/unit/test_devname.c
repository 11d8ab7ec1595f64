// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* lib/dev/devname.c (syntax) and lib/dev/sysfs.c (resolution on a fake /sys). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "lib/dev/devname.h"
#include "lib/dev/sysfs.h"

static void pci_forms(void **state)
{
	struct dev_name n;
	struct prm_err err = { 0 };

	(void)state;
	assert_int_equal(devname_parse("0000:3b:00.1", &n, &err), 0);
	assert_int_equal(n.kind, DEV_KIND_PCI);
	assert_int_equal(n.pci.bus, 0x3b);
	assert_int_equal(n.pci.fn, 1);
	assert_string_equal(n.arg, "0000:3b:00.1");
	assert_int_equal(devname_parse("3B:1f.7", &n, &err), 0);
	assert_string_equal(n.arg, "0000:3b:1f.7");
	assert_int_equal(devname_parse("pci/10000:01:00.0", &n, &err), 0);
	assert_int_equal(n.pci.domain, 0x10000);
	assert_int_not_equal(devname_parse("3b:20.0", &n, &err), 0);	/* device > 0x1f */
	assert_int_not_equal(devname_parse("3b:00.8", &n, &err), 0);
	assert_int_not_equal(devname_parse("3b:00", &n, &err), 0);
	assert_int_not_equal(devname_parse("3b:00.0x", &n, &err), 0);
	assert_int_not_equal(devname_parse("123:00.0", &n, &err), 0);
	assert_non_null(strstr(err.msg, "not a PCI address"));
	assert_int_equal(err.kind, PRM_E_NODEV);
}

static void other_forms(void **state)
{
	struct dev_name n;
	struct prm_err err = { 0 };

	(void)state;
	assert_int_equal(devname_parse("sim", &n, &err), 0);
	assert_int_equal(n.kind, DEV_KIND_SIM);
	assert_string_equal(n.arg, "");
	assert_int_equal(devname_parse("sim:lab-1", &n, &err), 0);
	assert_string_equal(n.arg, "lab-1");
	assert_int_not_equal(devname_parse("sim:", &n, &err), 0);
	assert_int_not_equal(devname_parse("sim:a/b", &n, &err), 0);
	assert_int_equal(devname_parse("image:/tmp/bar0.bin", &n, &err), 0);
	assert_int_equal(n.kind, DEV_KIND_IMAGE);
	assert_string_equal(n.arg, "/tmp/bar0.bin");
	assert_int_not_equal(devname_parse("image:", &n, &err), 0);
	assert_int_equal(devname_parse("fwctl12", &n, &err), 0);
	assert_int_equal(n.kind, DEV_KIND_FWCTL);
	assert_int_equal(devname_parse("mlx5_0", &n, &err), 0);
	assert_int_equal(n.kind, DEV_KIND_NAME);
	assert_int_equal(devname_parse("fwctlx", &n, &err), 0);
	assert_int_equal(n.kind, DEV_KIND_NAME);
	assert_int_not_equal(devname_parse("", &n, &err), 0);
	assert_int_not_equal(devname_parse("../../etc", &n, &err), 0);
	assert_int_not_equal(devname_parse("a b", &n, &err), 0);
}

static char root[] = "/tmp/prmctl-sysfs-XXXXXX";

static void mk(const char *rel)
{
	char path[512], cmd[600];

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	snprintf(cmd, sizeof(cmd), "mkdir -p '%s'", path);
	assert_int_equal(system(cmd), 0);
}

static void ln(const char *target, const char *rel)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	assert_int_equal(symlink(target, path), 0);
}

static int setup_sysfs(void **state)
{
	(void)state;
	if (!mkdtemp(root))
		return -1;
	mk("devices/pci0000:00/0000:3b:00.0/net/eth2");
	mk("devices/pci0000:00/0000:3b:00.0/infiniband/mlx5_0");
	mk("devices/pci0000:00/0000:3b:00.0/mlx5_core.fwctl.0/fwctl/fwctl0");
	mk("devices/pci0000:00/0000:00:03.0/virtio0/net/ens3");
	mk("devices/virtual/net/lo");
	mk("bus/pci/devices");
	mk("class/net/eth2");
	mk("class/net/ens3");
	mk("class/net/lo");
	mk("class/infiniband/mlx5_0");
	mk("class/fwctl/fwctl0");
	mk("kernel/security");
	ln("../../../devices/pci0000:00/0000:3b:00.0", "bus/pci/devices/0000:3b:00.0");
	ln("../../../devices/pci0000:00/0000:3b:00.0", "class/net/eth2/device");
	ln("../../../devices/pci0000:00/0000:3b:00.0", "class/infiniband/mlx5_0/device");
	ln("../../../devices/pci0000:00/0000:3b:00.0/mlx5_core.fwctl.0", "class/fwctl/fwctl0/device");
	ln("../../../devices/pci0000:00/0000:00:03.0/virtio0", "class/net/ens3/device");
	sysfs_set_root(root);
	return 0;
}

static int teardown_sysfs(void **state)
{
	char cmd[600];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	sysfs_set_root(NULL);
	return system(cmd) == 0 ? 0 : -1;
}

static void resolve(void **state)
{
	struct pci_addr a;
	struct prm_err err = { 0 };
	const char *what = NULL;
	char bdf[16];

	(void)state;
	assert_int_equal(sysfs_resolve_name(NULL, "mlx5_0", &a, &what, &err), 0);
	assert_string_equal(what, "rdma");
	pci_addr_format(&a, bdf, sizeof(bdf));
	assert_string_equal(bdf, "0000:3b:00.0");
	assert_int_equal(sysfs_resolve_name(NULL, "eth2", &a, &what, &err), 0);
	assert_string_equal(what, "netdev");
	assert_int_equal(sysfs_resolve_name("fwctl", "fwctl0", &a, &what, &err), 0);
	assert_int_equal(a.bus, 0x3b);
	/* a netdev on a virtio function resolves to the PCI function under it */
	assert_int_equal(sysfs_resolve_name(NULL, "ens3", &a, &what, &err), 0);
	pci_addr_format(&a, bdf, sizeof(bdf));
	assert_string_equal(bdf, "0000:00:03.0");
	/* errors */
	assert_int_not_equal(sysfs_resolve_name(NULL, "lo", &a, &what, &err), 0);
	assert_int_equal(err.kind, PRM_E_NODEV);
	assert_non_null(strstr(err.msg, "no parent device"));
	assert_int_not_equal(sysfs_resolve_name(NULL, "mlx5_9", &a, &what, &err), 0);
	assert_int_equal(err.kind, PRM_E_NODEV);
	assert_string_equal(err.reason, "not_found");
	assert_int_not_equal(sysfs_resolve_name("fwctl", "fwctl3", &a, &what, &err), 0);
	assert_non_null(strstr(err.msg, "fwctl3"));
}

static void children(void **state)
{
	struct pci_addr a = { 0, 0x3b, 0, 0 }, b = { 0, 0x3c, 0, 0 };
	char buf[128];

	(void)state;
	assert_int_equal(sysfs_pci_exists(&a), 1);
	assert_int_equal(sysfs_pci_exists(&b), 0);
	sysfs_pci_children(&a, "net", buf, sizeof(buf));
	assert_string_equal(buf, "eth2");
	sysfs_pci_children(&a, "infiniband", buf, sizeof(buf));
	assert_string_equal(buf, "mlx5_0");
	sysfs_fwctl_of(&a, buf, sizeof(buf));
	assert_string_equal(buf, "fwctl0");
	sysfs_fwctl_of(&b, buf, sizeof(buf));
	assert_string_equal(buf, "");
}

/* equal addresses are equal whatever their padding bytes hold */
static struct pci_addr padded(uint8_t fill, uint32_t domain, uint8_t bus, uint8_t dev,
			      uint8_t fn)
{
	struct pci_addr a;

	memset(&a, fill, sizeof(a));
	a.domain = domain;
	a.bus = bus;
	a.dev = dev;
	a.fn = fn;
	return a;
}

static void addr_equality(void **state)
{
	struct pci_addr a = padded(0xff, 0, 0x3b, 0, 0), b = padded(0, 0, 0x3b, 0, 0);
	struct pci_addr c = padded(0xff, 1, 0x3b, 0, 0), d = padded(0xff, 0, 0x3b, 0, 1);
	char buf[128];

	(void)state;
	assert_true(pci_addr_eq(&a, &b));
	assert_false(pci_addr_eq(&a, &c));
	assert_false(pci_addr_eq(&a, &d));
	sysfs_fwctl_of(&a, buf, sizeof(buf));
	assert_string_equal(buf, "fwctl0");
}

static void lockdown(void **state)
{
	char path[512], buf[32];
	FILE *f;

	(void)state;
	assert_null(sysfs_lockdown_mode(buf, sizeof(buf)));
	snprintf(path, sizeof(path), "%s/kernel/security/lockdown", root);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs("none [integrity] confidentiality\n", f);
	fclose(f);
	assert_non_null(sysfs_lockdown_mode(buf, sizeof(buf)));
	assert_string_equal(buf, "integrity");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(pci_forms),
		cmocka_unit_test(other_forms),
		cmocka_unit_test(resolve),
		cmocka_unit_test(children),
		cmocka_unit_test(addr_equality),
		cmocka_unit_test(lockdown),
	};

	return cmocka_run_group_tests_name("devname", tests, setup_sysfs, teardown_sysfs);
}
