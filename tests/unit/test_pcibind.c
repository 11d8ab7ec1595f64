// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* device bind's safety check: which netdevs carry the host's own traffic. */
#include <arpa/inet.h>
#include <errno.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/dev/pcibind.h"
#include "lib/dev/sysfs.h"

/* mkdir -p, for a fake sysfs tree */
static int mkdir_p(const char *path)
{
	char p[256];

	snprintf(p, sizeof(p), "%s", path);
	for (char *c = p + 1; *c; c++)
		if (*c == '/') {
			*c = 0;
			if (mkdir(p, 0755) && errno != EEXIST)
				return -1;
			*c = '/';
		}
	return mkdir(p, 0755) && errno != EEXIST ? -1 : 0;
}

static struct sockaddr_in v4[4];
static struct sockaddr_in6 v6[4];
static struct ifaddrs ifs[8];

/* One entry of a getifaddrs list, written by hand. */
static struct ifaddrs *entry(int i, const char *name, unsigned flags, int family, const char *addr)
{
	memset(&ifs[i], 0, sizeof(ifs[i]));
	ifs[i].ifa_name = (char *)name;
	ifs[i].ifa_flags = flags;
	if (family == AF_INET) {
		v4[i] = (struct sockaddr_in){ .sin_family = AF_INET };
		assert_int_equal(inet_pton(AF_INET, addr, &v4[i].sin_addr), 1);
		ifs[i].ifa_addr = (struct sockaddr *)&v4[i];
	} else if (family == AF_INET6) {
		v6[i] = (struct sockaddr_in6){ .sin6_family = AF_INET6 };
		assert_int_equal(inet_pton(AF_INET6, addr, &v6[i].sin6_addr), 1);
		ifs[i].ifa_addr = (struct sockaddr *)&v6[i];
	}
	if (i)
		ifs[i - 1].ifa_next = &ifs[i];
	return &ifs[i];
}

static void link_local_and_down_are_not_traffic(void **state)
{
	char why[128];

	(void)state;
	entry(0, "ens1f0np0", IFF_UP, AF_INET6, "fe80::1");
	entry(1, "ens1f0np0", IFF_UP, AF_INET, "169.254.3.4");
	entry(2, "ens1f1np1", 0, AF_INET, "10.0.0.7");		/* down */
	entry(3, "eth9", IFF_UP, AF_INET, "192.0.2.1");		/* not the function's */
	entry(4, "ens1f0np0", IFF_UP, AF_PACKET, NULL);		/* no address family of IP */
	assert_false(pci_bind_carries_traffic("ens1f0np0,ens1f1np1", ifs, why, sizeof(why)));
	assert_string_equal(why, "");
	/* a prefix of a name is not the name */
	assert_false(pci_bind_carries_traffic("eth", ifs, why, sizeof(why)));
}

static void a_routed_address_on_an_up_netdev_is(void **state)
{
	char why[128];

	(void)state;
	entry(0, "ens1f0np0", IFF_UP, AF_INET6, "fe80::1");
	entry(1, "ens1f1np1", IFF_UP, AF_INET, "10.0.0.7");
	assert_true(pci_bind_carries_traffic("ens1f0np0,ens1f1np1", ifs, why, sizeof(why)));
	assert_string_equal(why, "ens1f1np1 is up with address 10.0.0.7");
	entry(0, "ib0", IFF_UP, AF_INET6, "2001:db8::5");
	entry(1, "lo", IFF_UP, AF_INET, "127.0.0.1");
	assert_true(pci_bind_carries_traffic("ib0", ifs, why, sizeof(why)));
	assert_string_equal(why, "ib0 is up with address 2001:db8::5");
	assert_false(pci_bind_carries_traffic("lo", ifs, why, sizeof(why)));
	assert_false(pci_bind_carries_traffic("", ifs, why, sizeof(why)));
}

/* A port of a bond (or a bridge, OVS) carries its master's traffic, up or not. */
static void a_port_of_a_bond_is_traffic(void **state)
{
	char root[] = "/tmp/prmctl-pcibind-XXXXXX", dir[128], link[160], why[128];

	(void)state;
	assert_non_null(mkdtemp(root));
	snprintf(dir, sizeof(dir), "%s/class/net/bond9", root);
	assert_int_equal(mkdir_p(dir), 0);
	snprintf(dir, sizeof(dir), "%s/class/net/ens9f0np0", root);
	assert_int_equal(mkdir_p(dir), 0);
	snprintf(link, sizeof(link), "%s/master", dir);
	assert_int_equal(symlink("../bond9", link), 0);
	snprintf(dir, sizeof(dir), "%s/class/net/ens9f1np1", root);
	assert_int_equal(mkdir_p(dir), 0);
	sysfs_set_root(root);
	assert_true(pci_bind_host_traffic("ens9f1np1,ens9f0np0", why, sizeof(why)));
	assert_string_equal(why, "ens9f0np0 is a port of bond9");
	/* no master, no address on this host: not traffic */
	assert_false(pci_bind_host_traffic("ens9f1np1", why, sizeof(why)));
	assert_false(pci_bind_host_traffic("", why, sizeof(why)));
	sysfs_set_root(NULL);
	snprintf(dir, sizeof(dir), "rm -rf %s", root);
	assert_int_equal(system(dir), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(link_local_and_down_are_not_traffic),
		cmocka_unit_test(a_routed_address_on_an_up_netdev_is),
		cmocka_unit_test(a_port_of_a_bond_is_traffic),
	};

	return cmocka_run_group_tests_name("pcibind", tests, NULL, NULL);
}
