// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#define FUSE_USE_VERSION 31

#include "lib/sim/pcidev.h"

#include <errno.h>
#include <fuse.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

/* Where a real ConnectX BAR0 might sit; only `resource` shows it. */
#define FAKE_BAR0_ADDR 0xe0000000ull
#define BAR0_DECODE (32ull << 20)
/* flags of a 64-bit prefetchable memory BAR in sysfs `resource` */
#define RESOURCE_MEM64_PREF 0x14220cull
/* sysfs reports attribute files as 4 KiB */
#define ATTR_SIZE 4096

struct sim_pcidev {
	struct sim_adapter *a;
	struct fuse *fuse;
	pthread_t thread;
	bool running;
	char mountpoint[PATH_MAX];
	char bar0_path[PATH_MAX];
};

static struct sim_pcidev *self(void)
{
	return fuse_get_context()->private_data;
}

/*
 * AER counters as Linux 6.x shows them (drivers/pci/pcie/aer.c: a line per
 * status bit by its short name, then the total). A degraded link is a
 * marginal one: it comes with correctable errors, as a bad lane or riser
 * does; nothing uncorrectable.
 */
static int aer_text(struct sim_pcidev *p, const char *name, char *buf, size_t sz)
{
	static const char *const cor[] = { "RxErr", "BadTLP", "BadDLLP", "Rollover", "Timeout",
					   "NonFatalErr", "CorrIntErr", "HeaderOF" };
	static const unsigned marginal[] = { 12, 3, 5, 0, 2, 0, 0, 0 };
	static const char *const uncor[] = { "Undefined", "DLP", "SDES", "TLP", "FCP", "CmpltTO",
					     "CmpltAbrt", "UnxCmplt", "RxOF", "MalfTLP", "ECRC",
					     "UnsupReq", "ACSViol", "UncorrIntErr", "BlockedTLP",
					     "AtomicOpBlocked", "TLPBlockedErr", "PoisonTLPBlocked" };
	bool correctable = !strcmp(name, "aer_dev_correctable");
	bool degraded;
	unsigned total = 0;
	int n = 0;

	pthread_mutex_lock(&p->a->lock);
	degraded = p->a->faults[SIM_FAULT_LINK_DEGRADED];
	pthread_mutex_unlock(&p->a->lock);
	if (correctable) {
		for (size_t i = 0; i < sizeof(cor) / sizeof(cor[0]); i++) {
			unsigned c = degraded ? marginal[i] : 0;

			total += c;
			n += snprintf(buf + n, sz - (size_t)n, "%s %u\n", cor[i], c);
		}
		return n + snprintf(buf + n, sz - (size_t)n, "TOTAL_ERR_COR %u\n", total);
	}
	for (size_t i = 0; i < sizeof(uncor) / sizeof(uncor[0]); i++)
		n += snprintf(buf + n, sz - (size_t)n, "%s 0\n", uncor[i]);
	return n + snprintf(buf + n, sz - (size_t)n, "TOTAL_ERR_%s 0\n",
			    strcmp(name, "aer_dev_fatal") ? "NONFATAL" : "FATAL");
}

/* A sysfs attribute's text; -ENOENT when there is no such attribute. */
static int attr_text(struct sim_pcidev *p, const char *name, char *buf, size_t sz)
{
	const struct sim_model *m = p->a->model;

	if (strcmp(name, "vendor") == 0 || strcmp(name, "subsystem_vendor") == 0)
		return snprintf(buf, sz, "0x15b3\n");
	if (strcmp(name, "device") == 0)
		return snprintf(buf, sz, "0x%04x\n", m->device_id);
	if (strcmp(name, "subsystem_device") == 0)
		return snprintf(buf, sz, "0x0001\n");
	if (strcmp(name, "class") == 0)
		return snprintf(buf, sz, "0x020000\n");
	if (strcmp(name, "revision") == 0)
		return snprintf(buf, sz, "0x%02x\n", m->revision);
	if (strcmp(name, "numa_node") == 0)
		return snprintf(buf, sz, "-1\n");
	if (strcmp(name, "irq") == 0)
		return snprintf(buf, sz, "0\n");
	if (strcmp(name, "enable") == 0)
		return snprintf(buf, sz, "1\n");
	if (strcmp(name, "modalias") == 0)
		return snprintf(buf, sz, "pci:v000015B3d%08Xsv000015B3sd00000001bc02sc00i00\n",
				m->device_id);
	if (!strcmp(name, "aer_dev_correctable") || !strcmp(name, "aer_dev_fatal") ||
	    !strcmp(name, "aer_dev_nonfatal"))
		return aer_text(p, name, buf, sz);
	if (strcmp(name, "resource") == 0) {
		int n = snprintf(buf, sz, "0x%016llx 0x%016llx 0x%016llx\n",
				 FAKE_BAR0_ADDR, FAKE_BAR0_ADDR + BAR0_DECODE - 1,
				 RESOURCE_MEM64_PREF);

		for (int i = 1; i < 13 && n > 0 && (size_t)n < sz; i++)
			n += snprintf(buf + n, sz - (size_t)n,
				      "0x%016x 0x%016x 0x%016x\n", 0, 0, 0);
		return n;
	}
	return -ENOENT;
}

static const char *const attrs[] = {
	"vendor", "device", "subsystem_vendor", "subsystem_device", "class",
	"revision", "numa_node", "irq", "enable", "modalias", "resource",
	"aer_dev_correctable", "aer_dev_fatal", "aer_dev_nonfatal",
};

static int fs_getattr(const char *path, struct stat *st, struct fuse_file_info *fi)
{
	struct sim_pcidev *p = self();
	char tmp[1024];

	(void)fi;
	memset(st, 0, sizeof(*st));
	st->st_uid = getuid();
	st->st_gid = getgid();
	if (strcmp(path, "/") == 0) {
		st->st_mode = S_IFDIR | 0755;
		st->st_nlink = 2;
		return 0;
	}
	st->st_nlink = 1;
	if (strcmp(path, "/config") == 0) {
		st->st_mode = S_IFREG | 0644;
		st->st_size = SIM_CFG_BYTES;
		return 0;
	}
	if (strcmp(path, "/resource0") == 0) {
		st->st_mode = S_IFLNK | 0777;
		st->st_size = (off_t)strlen(p->bar0_path);
		return 0;
	}
	if (attr_text(p, path + 1, tmp, sizeof(tmp)) < 0)
		return -ENOENT;
	st->st_mode = S_IFREG | 0444;
	st->st_size = ATTR_SIZE;
	return 0;
}

static int fs_readlink(const char *path, char *buf, size_t sz)
{
	struct sim_pcidev *p = self();

	if (strcmp(path, "/resource0"))
		return -EINVAL;
	snprintf(buf, sz, "%s", p->bar0_path);
	return 0;
}

static int fs_readdir(const char *path, void *buf, fuse_fill_dir_t fill, off_t off,
		      struct fuse_file_info *fi, enum fuse_readdir_flags flags)
{
	(void)off;
	(void)fi;
	(void)flags;
	if (strcmp(path, "/"))
		return -ENOTDIR;
	fill(buf, ".", NULL, 0, 0);
	fill(buf, "..", NULL, 0, 0);
	fill(buf, "config", NULL, 0, 0);
	fill(buf, "resource0", NULL, 0, 0);
	for (size_t i = 0; i < sizeof(attrs) / sizeof(attrs[0]); i++)
		fill(buf, attrs[i], NULL, 0, 0);
	return 0;
}

static int fs_open(const char *path, struct fuse_file_info *fi)
{
	char tmp[1024];

	/* no page cache: every access reaches the device, as on sysfs */
	fi->direct_io = 1;
	if (strcmp(path, "/config") == 0)
		return 0;
	if (attr_text(self(), path + 1, tmp, sizeof(tmp)) < 0)
		return -ENOENT;
	return (fi->flags & O_ACCMODE) == O_RDONLY ? 0 : -EACCES;
}

static int fs_read(const char *path, char *buf, size_t size, off_t off,
		   struct fuse_file_info *fi)
{
	struct sim_pcidev *p = self();
	char tmp[1024];
	int n;

	(void)fi;
	if (strcmp(path, "/config") == 0) {
		if (off >= SIM_CFG_BYTES)
			return 0;
		if ((size_t)off + size > SIM_CFG_BYTES)
			size = SIM_CFG_BYTES - (size_t)off;
		sim_cfg_read(p->a, (uint32_t)off, (uint8_t *)buf, size);
		return (int)size;
	}
	n = attr_text(p, path + 1, tmp, sizeof(tmp));
	if (n < 0)
		return n;
	if (off >= n)
		return 0;
	if ((size_t)(n - off) < size)
		size = (size_t)(n - off);
	memcpy(buf, tmp + off, size);
	return (int)size;
}

static int fs_write(const char *path, const char *buf, size_t size, off_t off,
		    struct fuse_file_info *fi)
{
	(void)fi;
	if (strcmp(path, "/config"))
		return -EACCES;
	if (off >= SIM_CFG_BYTES)
		return -ENOSPC;
	if ((size_t)off + size > SIM_CFG_BYTES)
		size = SIM_CFG_BYTES - (size_t)off;
	sim_cfg_write(self()->a, (uint32_t)off, (const uint8_t *)buf, size);
	return (int)size;
}

static const struct fuse_operations ops = {
	.getattr = fs_getattr,
	.readlink = fs_readlink,
	.readdir = fs_readdir,
	.open = fs_open,
	.read = fs_read,
	.write = fs_write,
};

static void *serve(void *arg)
{
	struct sim_pcidev *p = arg;

	fuse_loop(p->fuse);
	return NULL;
}

void sim_pcidev_cleanup(const char *mountpoint)
{
	umount2(mountpoint, MNT_DETACH);	/* a dead service's mount: not connected */
	rmdir(mountpoint);
}

int sim_pcidev_start(struct sim_adapter *a, const char *dir, const char *bdf,
		     const char *bar0_path, struct sim_pcidev **out,
		     struct prm_err *err)
{
	char *argv[] = { (char *)"prmctl-sim", (char *)"-o", (char *)"default_permissions", NULL };
	struct fuse_args args = FUSE_ARGS_INIT(3, argv);
	struct sim_pcidev *p = calloc(1, sizeof(*p));

	*out = NULL;
	if (!p)
		return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
	p->a = a;
	snprintf(p->bar0_path, sizeof(p->bar0_path), "%s", bar0_path);
	if (snprintf(p->mountpoint, sizeof(p->mountpoint), "%s/%s", dir, bdf) >=
	    (int)sizeof(p->mountpoint)) {
		free(p);
		return prm_err_set(err, PRM_E_USAGE, ENAMETOOLONG, "bad_path",
				   "--pci-dir: path too long");
	}
	sim_pcidev_cleanup(p->mountpoint);
	if (mkdir(dir, 0755) && errno != EEXIST) {
		free(p);
		return prm_err_set(err, PRM_E_FAILED, errno, "pci_dir", "cannot create %s: %s",
				   dir, strerror(errno));
	}
	if (mkdir(p->mountpoint, 0755) && errno != EEXIST) {
		free(p);
		return prm_err_set(err, PRM_E_FAILED, errno, "pci_dir", "cannot create %s: %s",
				   p->mountpoint, strerror(errno));
	}
	p->fuse = fuse_new(&args, &ops, sizeof(ops), p);
	fuse_opt_free_args(&args);
	if (!p->fuse || fuse_mount(p->fuse, p->mountpoint)) {
		if (p->fuse)
			fuse_destroy(p->fuse);
		rmdir(p->mountpoint);
		free(p);
		return prm_err_set(err, PRM_E_FAILED, EPERM, "fuse",
				   "cannot mount a FUSE file system at %s (root and /dev/fuse needed)",
				   dir);
	}
	if (pthread_create(&p->thread, NULL, serve, p)) {
		fuse_unmount(p->fuse);
		fuse_destroy(p->fuse);
		rmdir(p->mountpoint);
		free(p);
		return prm_err_set(err, PRM_E_FAILED, errno, "thread", "cannot start the FUSE thread");
	}
	p->running = true;
	*out = p;
	return 0;
}

void sim_pcidev_stop(struct sim_pcidev *p)
{
	if (!p)
		return;
	if (p->running) {
		fuse_exit(p->fuse);
		fuse_unmount(p->fuse);	/* wakes the loop */
		pthread_join(p->thread, NULL);
	}
	fuse_destroy(p->fuse);
	rmdir(p->mountpoint);
	free(p);
}
