// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * BAR0 of a real function through sysfs resource0, mapped read-only. Reads
 * are 32-bit loads, as the device expects; prmctl never writes BAR0 here.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/dev/dev.h"
#include "lib/dev/sysfs.h"

/* The initialization segment and what later commands read live in 16 KiB. */
#define BAR_MAP_BYTES (16u << 10)

struct bar {
	volatile uint32_t *map;
	size_t len;
};

static int bar_read(struct dev *d, uint32_t off, void *buf, size_t len,
		    struct prm_err *err)
{
	struct bar *b = d->priv;
	uint8_t *out = buf;

	if (off % 4 || len % 4)
		return prm_err_set(err, PRM_E_FAILED, EINVAL, "unaligned",
				   "%s: BAR0 reads must be dword aligned (0x%x+%zu)",
				   d->label, off, len);
	for (size_t i = 0; i < len; i += 4) {
		uint32_t v = b->map[(off + i) / 4];

		memcpy(out + i, &v, 4);	/* keep device (big-endian) byte order */
	}
	return 0;
}

static void bar_close(struct dev *d)
{
	struct bar *b = d->priv;

	if (b && b->map)
		munmap((void *)b->map, b->len);
	free(b);
	d->priv = NULL;
}

static const struct dev_ops bar_ops = {
	.bar_read = bar_read,
	.close = bar_close,
};

/* mapping: the error is mmap()'s, not open()'s */
static int map_error(struct dev *d, const char *path, int e, bool mapping,
		     struct prm_err *err)
{
	char mode[32];
	const char *lock = sysfs_lockdown_mode(mode, sizeof(mode));

	/* EACCES is file permission (resource0 is root's); lockdown says EPERM */
	if (e == EACCES)
		return prm_err_set(err, PRM_E_NODEV, e, "permission",
				   "%s: permission denied opening %s (BAR0 needs root)",
				   d->label, path);
	if (e == EPERM && lock && strcmp(lock, "none"))
		return prm_err_set(err, PRM_E_NODEV, e, "lockdown",
				   "%s: kernel lockdown (%s) forbids BAR0 access from user space",
				   d->label, lock);
	if (e == EPERM && d->info.driver[0])
		return prm_err_set(err, PRM_E_NODEV, e, "driver_owned",
				   "%s: BAR0 is claimed by driver %s and the kernel refuses to share it (iomem=strict?)",
				   d->label, d->info.driver);
	/* pci_mmap_resource() says EINVAL for a BAR a driver holds when the
	 * kernel is built with CONFIG_IO_STRICT_DEVMEM (Debian's are):
	 * iomem_is_exclusive(). Seen under Linux 7.3 with mlx5_core bound. */
	if (e == EINVAL && mapping && d->info.driver[0])
		return prm_err_set(err, PRM_E_NODEV, e, "driver_owned",
				   "%s: the kernel refuses to map BAR0 while driver %s holds it (CONFIG_IO_STRICT_DEVMEM or iomem=strict): the driver's view is devlink's, commands go through fwctl",
				   d->label, d->info.driver);
	if (e == EPERM)
		return prm_err_set(err, PRM_E_NODEV, e, "permission",
				   "%s: not permitted to map %s", d->label, path);
	return prm_err_set(err, PRM_E_NODEV, e, "open_failed",
			   "%s: cannot map %s: %s", d->label, path, strerror(e));
}

static int open_error(struct dev *d, const char *path, int e, struct prm_err *err)
{
	return map_error(d, path, e, false, err);
}

int dev_bar_open(struct dev *d, struct prm_err *err)
{
	char path[PATH_MAX];
	struct stat st;
	struct bar *b;
	void *map;
	size_t len;
	int fd;

	snprintf(path, sizeof(path), "%s/bus/pci/devices/%s/resource0",
		 sysfs_root(), d->info.bdf);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return open_error(d, path, errno, err);
	if (fstat(fd, &st)) {
		close(fd);
		return open_error(d, path, errno, err);
	}
	len = st.st_size > 0 && (size_t)st.st_size < BAR_MAP_BYTES ?
	      (size_t)st.st_size : BAR_MAP_BYTES;
	map = mmap(NULL, len, PROT_READ, MAP_SHARED, fd, 0);
	close(fd);
	if (map == MAP_FAILED)
		return map_error(d, path, errno, true, err);
	b = calloc(1, sizeof(*b));
	if (!b) {
		munmap(map, len);
		return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
	}
	b->map = map;
	b->len = len;
	d->priv = b;
	d->ops = &bar_ops;
	d->bar_size = len;
	return 0;
}
