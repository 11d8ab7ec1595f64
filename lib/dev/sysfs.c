// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/dev/sysfs.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char root[1024] = "/sys";

const char *sysfs_root(void)
{
	return root;
}

void sysfs_set_root(const char *r)
{
	snprintf(root, sizeof(root), "%s", r && *r ? r : "/sys");
}

/* Nearest path component that is a PCI address. */
static int pci_ancestor(const char *path, struct pci_addr *a)
{
	char copy[PATH_MAX], *slash;

	snprintf(copy, sizeof(copy), "%s", path);
	while ((slash = strrchr(copy, '/'))) {
		if (pci_addr_parse(slash + 1, a) == 0 && strchr(slash + 1, ':') &&
		    strchr(strchr(slash + 1, ':') + 1, ':'))
			return 0;
		*slash = '\0';
	}
	return -1;
}

static int class_lookup(const char *cls, const char *name, struct pci_addr *a,
			struct prm_err *err)
{
	char link[PATH_MAX], real[PATH_MAX];

	snprintf(link, sizeof(link), "%s/class/%s/%s", root, cls, name);
	if (access(link, F_OK))
		return 1;
	snprintf(link, sizeof(link), "%s/class/%s/%s/device", root, cls, name);
	if (!realpath(link, real))
		return prm_err_set(err, PRM_E_NODEV, errno, "not_pci",
				   "%s: %s device '%s' has no parent device",
				   name, cls, name);
	if (pci_ancestor(real, a))
		return prm_err_set(err, PRM_E_NODEV, 0, "not_pci",
				   "%s: %s device is not on PCI (%s)", name, cls,
				   strrchr(real, '/') ? strrchr(real, '/') + 1 : real);
	return 0;
}

int sysfs_resolve_name(const char *cls_hint, const char *name,
		       struct pci_addr *addr, const char **what,
		       struct prm_err *err)
{
	static const struct {
		const char *cls, *what;
	} order[] = {
		{ "fwctl", "fwctl" },
		{ "infiniband", "rdma" },
		{ "net", "netdev" },
	};

	for (size_t i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
		int rc;

		if (cls_hint && strcmp(cls_hint, order[i].cls))
			continue;
		rc = class_lookup(order[i].cls, name, addr, err);
		if (rc <= 0) {
			*what = order[i].what;
			return rc;
		}
	}
	if (cls_hint && strcmp(cls_hint, "fwctl") == 0)
		return prm_err_set(err, PRM_E_NODEV, ENOENT, "not_found",
				   "%s: no such fwctl device (%s/class/fwctl/%s)",
				   name, root, name);
	return prm_err_set(err, PRM_E_NODEV, ENOENT, "not_found",
			   "%s: no such device (not an RDMA device in %s/class/infiniband nor a network interface in %s/class/net)",
			   name, root, root);
}

static void pci_dir(const struct pci_addr *a, char *buf, size_t sz)
{
	char bdf[32];

	pci_addr_format(a, bdf, sizeof(bdf));
	snprintf(buf, sz, "%s/bus/pci/devices/%s", root, bdf);
}

int sysfs_pci_exists(const struct pci_addr *a)
{
	char path[PATH_MAX];

	pci_dir(a, path, sizeof(path));
	return access(path, F_OK) == 0;
}

static void join(char *buf, size_t sz, const char *name)
{
	size_t len = strlen(buf);

	snprintf(buf + len, sz - len, "%s%s", len ? "," : "", name);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sorted entry names of a directory, so output does not depend on readdir. */
static void list_dir(const char *path, char *buf, size_t sz)
{
	struct dirent **ents = NULL;
	DIR *d = opendir(path);
	size_t n = 0;
	struct dirent *e;

	buf[0] = '\0';
	if (!d)
		return;
	while ((e = readdir(d)) && n < 64) {
		struct dirent **more;

		if (e->d_name[0] == '.')
			continue;
		more = realloc(ents, (n + 1) * sizeof(*ents));
		if (!more)
			break;
		ents = more;
		ents[n] = malloc(sizeof(**ents));
		if (!ents[n])
			break;
		memcpy(ents[n], e, sizeof(*e));
		n++;
	}
	closedir(d);
	if (n)
		qsort(ents, n, sizeof(*ents), cmp_str);
	for (size_t i = 0; i < n; i++) {
		join(buf, sz, ents[i]->d_name);
		free(ents[i]);
	}
	free(ents);
}

void sysfs_pci_children(const struct pci_addr *a, const char *sub, char *buf,
			size_t sz)
{
	char path[PATH_MAX];

	pci_dir(a, path, sizeof(path));
	strncat(path, "/", sizeof(path) - strlen(path) - 1);
	strncat(path, sub, sizeof(path) - strlen(path) - 1);
	list_dir(path, buf, sz);
}

void sysfs_fwctl_of(const struct pci_addr *a, char *buf, size_t sz)
{
	char path[PATH_MAX], names[1024], *save = NULL, *tok;

	buf[0] = '\0';
	snprintf(path, sizeof(path), "%s/class/fwctl", root);
	list_dir(path, names, sizeof(names));
	for (tok = strtok_r(names, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		struct pci_addr at;

		if (class_lookup("fwctl", tok, &at, NULL) == 0 &&
		    pci_addr_eq(&at, a))
			join(buf, sz, tok);
	}
}

int sysfs_pci_link_base(const struct pci_addr *a, const char *link, char *buf,
			size_t sz)
{
	char bdf[32], rel[PATH_MAX];

	pci_addr_format(a, bdf, sizeof(bdf));
	snprintf(rel, sizeof(rel), "bus/pci/devices/%s/%s", bdf, link);
	return sysfs_link_base(rel, buf, sz);
}

const char *sysfs_list_next(const char *p, char *name, size_t sz)
{
	size_t len;

	if (!p || !*p)
		return NULL;
	len = strcspn(p, ",");
	snprintf(name, sz, "%.*s", (int)len, p);
	return p + len + (p[len] == ',');
}

void sysfs_list(const char *rel, char *buf, size_t sz)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	list_dir(path, buf, sz);
}

int sysfs_link_base(const char *rel, char *buf, size_t sz)
{
	char path[PATH_MAX], real[PATH_MAX];

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	if (!realpath(path, real))
		return -1;
	snprintf(buf, sz, "%s", strrchr(real, '/') ? strrchr(real, '/') + 1 : real);
	return 0;
}

int sysfs_write(const char *rel, const char *text)
{
	char path[PATH_MAX];
	size_t len = strlen(text);
	ssize_t w;
	int fd, e;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	/* one write: a sysfs store sees the whole value or nothing */
	w = write(fd, text, len);
	e = errno;
	close(fd);
	errno = w == (ssize_t)len ? 0 : (w < 0 ? e : EIO);
	return w == (ssize_t)len ? 0 : -1;
}

int sysfs_read_line(const char *rel, char *buf, size_t sz)
{
	char path[PATH_MAX];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	f = fopen(path, "r");
	if (!f)
		return -1;
	if (!fgets(buf, (int)sz, f)) {
		fclose(f);
		return -1;
	}
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

const char *sysfs_lockdown_mode(char *buf, size_t sz)
{
	char line[128], *l, *r;

	if (sysfs_read_line("kernel/security/lockdown", line, sizeof(line)))
		return NULL;
	l = strchr(line, '[');
	r = l ? strchr(l, ']') : NULL;
	if (!l || !r)
		return NULL;
	*r = '\0';
	snprintf(buf, sz, "%s", l + 1);
	return buf;
}
