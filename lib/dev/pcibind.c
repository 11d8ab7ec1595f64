// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/dev/pcibind.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/dev/cfg.h"
#include "lib/dev/sysfs.h"
#include "lib/dev/vfio.h"
#include "lib/util/clock.h"

#define POLL_MS 50

static bool in_list(const char *list, const char *name)
{
	char one[64];

	for (const char *p = list; (p = sysfs_list_next(p, one, sizeof(one)));)
		if (!strcmp(one, name))
			return true;
	return false;
}

/* An address that reaches beyond the link: traffic of the host's own. */
static bool routed(const struct sockaddr *sa)
{
	if (sa->sa_family == AF_INET) {
		uint32_t a = ntohl(((const struct sockaddr_in *)sa)->sin_addr.s_addr);

		return (a >> 24) != 127 && (a >> 16) != 0xa9fe && a != 0;
	}
	if (sa->sa_family == AF_INET6) {
		const struct in6_addr *a = &((const struct sockaddr_in6 *)sa)->sin6_addr;

		return !IN6_IS_ADDR_LINKLOCAL(a) && !IN6_IS_ADDR_LOOPBACK(a) &&
		       !IN6_IS_ADDR_UNSPECIFIED(a);
	}
	return false;
}

bool pci_bind_carries_traffic(const char *netdevs, const struct ifaddrs *addrs, char *why,
			      size_t sz)
{
	why[0] = 0;
	for (const struct ifaddrs *i = addrs; i; i = i->ifa_next) {
		char ip[INET6_ADDRSTRLEN] = "";

		if (!i->ifa_name || !i->ifa_addr || !(i->ifa_flags & IFF_UP) ||
		    !in_list(netdevs, i->ifa_name) || !routed(i->ifa_addr))
			continue;
		inet_ntop(i->ifa_addr->sa_family, i->ifa_addr->sa_family == AF_INET ?
			  (const void *)&((const struct sockaddr_in *)i->ifa_addr)->sin_addr :
			  (const void *)&((const struct sockaddr_in6 *)i->ifa_addr)->sin6_addr,
			  ip, sizeof(ip));
		snprintf(why, sz, "%s is up with address %s", i->ifa_name, ip);
		return true;
	}
	return false;
}

/* Append name to a comma-joined list (as long as it fits). */
static void add_name(char *list, size_t sz, const char *name)
{
	size_t n = strlen(list);

	if (n + strlen(name) + 2 <= sz)
		snprintf(list + n, sz - n, "%s%s", n ? "," : "", name);
}

bool pci_bind_host_traffic(const char *netdevs, char *why, size_t sz)
{
	char all_devs[1024] = "", rel[160], master[64], uppers[512], name[64], upper[64];
	struct ifaddrs *all = NULL;
	bool yes;

	why[0] = 0;
	if (!netdevs[0])
		return false;
	/* a port of a bond, a bridge or OVS carries what its master does; an
	 * address may sit on a VLAN or macvlan above it */
	for (const char *p = netdevs; (p = sysfs_list_next(p, name, sizeof(name)));) {
		add_name(all_devs, sizeof(all_devs), name);
		snprintf(rel, sizeof(rel), "class/net/%s/master", name);
		if (sysfs_link_base(rel, master, sizeof(master)) == 0) {
			snprintf(why, sz, "%s is a port of %s", name, master);
			return true;
		}
		snprintf(rel, sizeof(rel), "class/net/%s", name);
		sysfs_list(rel, uppers, sizeof(uppers));
		for (const char *u = uppers; (u = sysfs_list_next(u, upper, sizeof(upper)));)
			if (!strncmp(upper, "upper_", 6) && upper[6])
				add_name(all_devs, sizeof(all_devs), upper + 6);
	}
	if (getifaddrs(&all)) {
		/* not knowing is not a yes to unbinding */
		snprintf(why, sz, "the host's addresses could not be read (%s)", strerror(errno));
		return true;
	}
	yes = pci_bind_carries_traffic(all_devs, all, why, sz);
	freeifaddrs(all);
	return yes;
}

static int store(const char *rel, const char *text, const char *bdf, const char *what,
		 struct prm_err *err)
{
	if (sysfs_write(rel, text) == 0)
		return 0;
	return prm_err_set(err, errno == EACCES || errno == EPERM ? PRM_E_NODEV : PRM_E_FAILED,
			   errno, errno == EACCES || errno == EPERM ? "permission" : "bind_failed",
			   "%s: %s (writing %s/%s): %s%s", bdf, what, sysfs_root(), rel, strerror(errno),
			   errno == EACCES || errno == EPERM ? " (root needed)" : "");
}

static void driver_of(const char *bdf, char *buf, size_t sz)
{
	char rel[96];

	snprintf(rel, sizeof(rel), "bus/pci/devices/%s/driver", bdf);
	if (sysfs_link_base(rel, buf, sz))
		buf[0] = 0;
}

/* A process with node open: "PID (comm)" in who; false when none is seen. */
static bool node_user(const char *node, char *who, size_t sz)
{
	DIR *proc = opendir("/proc"), *fds;
	struct dirent *p, *f;
	bool found = false;

	if (!proc)
		return false;
	while (!found && (p = readdir(proc))) {
		char dir[64], link[PATH_MAX], target[PATH_MAX];

		if (!isdigit((unsigned char)p->d_name[0]))
			continue;
		snprintf(dir, sizeof(dir), "/proc/%.16s/fd", p->d_name);
		if (!(fds = opendir(dir)))
			continue;	/* gone, or not ours to look into */
		while (!found && (f = readdir(fds))) {
			ssize_t n;

			snprintf(link, sizeof(link), "%s/%.32s", dir, f->d_name);
			n = readlink(link, target, sizeof(target) - 1);
			if (n <= 0)
				continue;
			target[n] = 0;
			if (!strcmp(target, node)) {
				char comm[32] = "?", rel[64];
				FILE *c;

				snprintf(rel, sizeof(rel), "/proc/%.16s/comm", p->d_name);
				if ((c = fopen(rel, "r"))) {
					if (fgets(comm, sizeof(comm), c))
						comm[strcspn(comm, "\n")] = 0;
					fclose(c);
				}
				snprintf(who, sz, "%.16s (%s%s)", p->d_name, comm,
					 atoi(p->d_name) == getpid() ? ": this one, by a descriptor it inherited" : "");
				found = true;
			}
		}
		closedir(fds);
	}
	closedir(proc);
	return found;
}

int pci_bind_blocked(const struct dev_info *info, const char *driver, struct prm_err *err)
{
	char cur[64];

	/* vfio-pci's probe refuses a function in no IOMMU group: nothing unbound for that */
	if (driver && !strcmp(driver, "vfio-pci") && vfio_group_required(info, err))
		return -1;

	driver_of(info->bdf, cur, sizeof(cur));
	if (!strcmp(cur, "vfio-pci") && info->iommu_group >= 0 && (!driver || strcmp(driver, cur))) {
		char node[32], who[128];

		/* a group a process holds is the user's: the kernel lets no other
		 * driver take its devices, and vfio-pci's unbind of a device the
		 * process has open waits, unkillable, until it lets go */
		snprintf(node, sizeof(node), "/dev/vfio/%d", info->iommu_group);
		if (node_user(node, who, sizeof(who)))
			return prm_err_set(err, PRM_E_NODEV, EBUSY, "vfio_busy",
					   "%s: %s is open in process %s: no other driver can take the function until it closes it",
					   info->bdf, node, who);
	}
	return 0;
}

void pci_bind_override(const struct dev_info *info, char *buf, size_t sz)
{
	char rel[96];

	snprintf(rel, sizeof(rel), "bus/pci/devices/%s/driver_override", info->bdf);
	if (sysfs_read_line(rel, buf, sz) || !strcmp(buf, "(null)"))
		buf[0] = 0;
}

int pci_bind(const struct dev_info *info, const char *driver, unsigned wait_ms, char *now,
	     size_t sz, struct prm_err *err)
{
	char rel[128], cur[64], prev[64];
	uint64_t deadline;

	if (driver) {
		snprintf(rel, sizeof(rel), "bus/pci/drivers/%s", driver);
		sysfs_list(rel, cur, sizeof(cur));
		if (!cur[0])
			return prm_err_set(err, PRM_E_NODEV, ENOENT, "driver_not_loaded",
					   "%s: driver %s is not loaded (modprobe %s)", info->bdf,
					   driver, driver);
	}
	if (pci_bind_blocked(info, driver, err))
		return -1;
	/* the override first: nothing else may take the function once it is free */
	pci_bind_override(info, prev, sizeof(prev));
	snprintf(rel, sizeof(rel), "bus/pci/devices/%s/driver_override", info->bdf);
	if (store(rel, driver ? driver : "\n", info->bdf, "setting the driver override", err))
		return -1;
	driver_of(info->bdf, cur, sizeof(cur));
	if (cur[0] && (!driver || strcmp(cur, driver))) {
		char unbind[128];

		snprintf(unbind, sizeof(unbind), "bus/pci/devices/%s/driver/unbind", info->bdf);
		if (store(unbind, info->bdf, info->bdf, "unbinding the driver", err)) {
			/* still bound as it was: the override too */
			(void)sysfs_write(rel, prev[0] ? prev : "\n");
			return -1;
		}
	}
	driver_of(info->bdf, cur, sizeof(cur));
	if (!cur[0] && store("bus/pci/drivers_probe", info->bdf, info->bdf,
			     "asking the kernel to probe it", err))
		return prm_err_prefix(err, "(unbound now; prmctl -d %s --write device bind --restore "
				      "gives it back) ", info->bdf);
	/* a driver loaded with async_probe answers drivers_probe at once */
	deadline = clock_now_ms() + wait_ms;
	for (;;) {
		driver_of(info->bdf, cur, sizeof(cur));
		if (cur[0] && (!driver || !strcmp(cur, driver)))
			break;
		if (clock_now_ms() >= deadline || dev_interrupted())
			return prm_err_set(err, PRM_E_FAILED, EIO, "not_bound",
					   "%s: %s%s%s (%s after %u ms): its probe failed or is still running; the kernel log says why (dmesg); prmctl -d %s --write device bind --restore gives it to the kernel's choice",
					   info->bdf, driver ? driver : "no driver took the function",
					   driver ? " did not take the function" : "",
					   dev_interrupted() ? ": interrupted" : "",
					   cur[0] ? cur : "unbound", wait_ms, info->bdf);
		clock_sleep_us(POLL_MS * 1000);
	}
	snprintf(now, sz, "%s", cur);
	return 0;
}
