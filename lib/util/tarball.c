// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Bundles in and out through libarchive, loaded at first use. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/util/archive_dl.h"
#include "lib/util/readall.h"
#include "lib/util/tarball.h"

/* one table for the process; a failed load is tried again next time */
static struct archive_dl la;
static struct dl_lib la_lib = ARCHIVE_DL_LIB(la, ARCHIVE_DL_SONAME);

int tarball_load(struct prm_err *err)
{
	return dl_load(&la_lib, err);
}

struct names {
	char **v;
	size_t n, cap;
};

static int names_add(struct names *l, const char *s)
{
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 64;
		char **v = realloc(l->v, cap * sizeof(*v));

		if (!v)
			return -1;
		l->v = v;
		l->cap = cap;
	}
	if (!(l->v[l->n] = strdup(s)))
		return -1;
	l->n++;
	return 0;
}

static void names_free(struct names *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
}

/* Regular files below dir/rel, as relative paths. */
static int list_files(const char *dir, const char *rel, struct names *out)
{
	char path[4096];
	DIR *d;
	struct dirent *e;
	int rc = 0;

	snprintf(path, sizeof(path), "%s%s%s", dir, rel[0] ? "/" : "", rel);
	if (!(d = opendir(path)))
		return -1;
	while (!rc && (e = readdir(d))) {
		char sub[4096];
		struct stat st;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if ((size_t)snprintf(sub, sizeof(sub), "%s%s%s", rel, rel[0] ? "/" : "",
				     e->d_name) >= sizeof(sub) ||
		    (size_t)snprintf(path, sizeof(path), "%s/%s", dir, sub) >= sizeof(path))
			rc = -1;	/* no bundle has such names */
		else if (lstat(path, &st))
			rc = -1;
		else if (S_ISDIR(st.st_mode))
			rc = list_files(dir, sub, out);
		else if (S_ISREG(st.st_mode))
			rc = names_add(out, sub);
	}
	closedir(d);
	return rc;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int add_file(struct archive *a, const char *dir, const char *top, const char *rel,
		    struct prm_err *err)
{
	char path[4096], name[4096];
	uint8_t *buf = NULL;
	size_t len = 0;
	struct archive_entry *e;
	struct stat st;
	int rc = 0;

	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	snprintf(name, sizeof(name), "%s/%s", top, rel);
	if (stat(path, &st) || read_all(path, (size_t)st.st_size + 1, &buf, &len, err))
		return err->kind ? -1 : prm_err_set(err, PRM_E_FAILED, errno, "read", "%s: %s",
						    path, strerror(errno));
	e = la.archive_entry_new();
	la.archive_entry_set_pathname(e, name);
	la.archive_entry_set_size(e, (la_int64_t)len);
	la.archive_entry_set_filetype(e, AE_IFREG);
	la.archive_entry_set_perm(e, 0644);
	la.archive_entry_set_mtime(e, st.st_mtime, 0);
	if (la.archive_write_header(a, e) != ARCHIVE_OK ||
	    (len && la.archive_write_data(a, buf, len) != (la_ssize_t)len))
		rc = prm_err_set(err, PRM_E_FAILED, la.archive_errno(a), "write", "%s",
				 la.archive_error_string(a));
	la.archive_entry_free(e);
	free(buf);
	return rc;
}

int tarball_write(const char *out, const char *dir, const char *top, struct prm_err *err)
{
	struct names l = { 0 };
	struct archive *a;
	char part[4096];
	int rc = 0;

	if (tarball_load(err))
		return -1;
	if (list_files(dir, "", &l)) {
		names_free(&l);
		return prm_err_set(err, PRM_E_FAILED, errno, "read", "%s: %s", dir,
				   strerror(errno));
	}
	qsort(l.v, l.n, sizeof(*l.v), by_name);
	snprintf(part, sizeof(part), "%s.part", out);
	a = la.archive_write_new();
	if (!a || la.archive_write_set_format_pax_restricted(a) != ARCHIVE_OK ||
	    la.archive_write_add_filter_gzip(a) != ARCHIVE_OK ||
	    la.archive_write_open_filename(a, part) != ARCHIVE_OK)
		rc = prm_err_set(err, PRM_E_FAILED, a ? la.archive_errno(a) : ENOMEM, "write",
				 "%s: %s", part, a ? la.archive_error_string(a) : "out of memory");
	for (size_t i = 0; !rc && i < l.n; i++)
		rc = add_file(a, dir, top, l.v[i], err);
	if (a && la.archive_write_close(a) != ARCHIVE_OK && !rc)
		rc = prm_err_set(err, PRM_E_FAILED, la.archive_errno(a), "write", "%s: %s", part,
				 la.archive_error_string(a));
	if (a)
		la.archive_write_free(a);
	names_free(&l);
	if (!rc && rename(part, out))
		rc = prm_err_set(err, PRM_E_FAILED, errno, "write", "%s: %s", out,
				 strerror(errno));
	if (rc)
		unlink(part);
	return rc;
}

static int keep(struct tarball *t, const char *name, uint8_t *data, size_t len)
{
	struct tarball_file *f = realloc(t->files, (t->n + 1) * sizeof(*f));

	if (!f)
		return -1;
	t->files = f;
	f[t->n].name = strdup(name);
	f[t->n].data = data;
	f[t->n].len = len;
	if (!f[t->n].name)
		return -1;
	t->n++;
	return 0;
}

static int read_dir(const char *path, size_t max_total, struct tarball *t, struct prm_err *err)
{
	struct names l = { 0 };
	size_t total = 0;
	int rc = 0;

	if (list_files(path, "", &l)) {
		names_free(&l);
		return prm_err_set(err, PRM_E_USAGE, errno, "read", "%s: %s", path,
				   strerror(errno));
	}
	qsort(l.v, l.n, sizeof(*l.v), by_name);
	for (size_t i = 0; !rc && i < l.n; i++) {
		char file[4096];
		uint8_t *buf;
		size_t len;

		snprintf(file, sizeof(file), "%s/%s", path, l.v[i]);
		if (read_all(file, max_total - total, &buf, &len, err)) {
			rc = -1;
			break;
		}
		total += len;
		if (keep(t, l.v[i], buf, len)) {
			free(buf);
			rc = prm_err_set(err, PRM_E_FAILED, ENOMEM, "nomem", "out of memory");
		}
	}
	names_free(&l);
	return rc;
}

static int read_archive(const char *path, size_t max_total, struct tarball *t,
			struct prm_err *err)
{
	struct archive *a;
	struct archive_entry *e;
	size_t total = 0;
	int rc = 0, r;

	if (tarball_load(err))
		return -1;
	if (!(a = la.archive_read_new()))
		return prm_err_set(err, PRM_E_FAILED, ENOMEM, "nomem", "out of memory");
	la.archive_read_support_filter_all(a);
	la.archive_read_support_format_tar(a);
	if (la.archive_read_open_filename(a, path, 65536) != ARCHIVE_OK) {
		rc = prm_err_set(err, PRM_E_USAGE, la.archive_errno(a), "not_bundle",
				 "%s: %s", path, la.archive_error_string(a));
		goto out;
	}
	while ((r = la.archive_read_next_header(a, &e)) == ARCHIVE_OK) {
		la_int64_t size = la.archive_entry_size(e);
		uint8_t *buf;
		la_ssize_t got;

		if (la.archive_entry_filetype(e) != AE_IFREG)
			continue;
		if (size < 0 || (uint64_t)size > max_total - total) {
			rc = prm_err_set(err, PRM_E_USAGE, EFBIG, "too_big",
					 "%s: %s: more than %zu bytes in all", path,
					 la.archive_entry_pathname(e), max_total);
			goto out;
		}
		if (!(buf = malloc((size_t)size + 1))) {
			rc = prm_err_set(err, PRM_E_FAILED, ENOMEM, "nomem", "out of memory");
			goto out;
		}
		got = size ? la.archive_read_data(a, buf, (size_t)size) : 0;
		if (got != size) {
			free(buf);
			rc = prm_err_set(err, PRM_E_USAGE, la.archive_errno(a), "truncated",
					 "%s: %s: %s", path, la.archive_entry_pathname(e),
					 got < 0 ? la.archive_error_string(a) : "truncated");
			goto out;
		}
		buf[size] = 0;
		total += (size_t)size;
		if (keep(t, la.archive_entry_pathname(e), buf, (size_t)size)) {
			free(buf);
			rc = prm_err_set(err, PRM_E_FAILED, ENOMEM, "nomem", "out of memory");
			goto out;
		}
	}
	if (r != ARCHIVE_EOF)
		rc = prm_err_set(err, PRM_E_USAGE, la.archive_errno(a), "not_bundle",
				 "%s: %s", path, la.archive_error_string(a));
out:
	la.archive_read_free(a);
	return rc;
}

int tarball_read(const char *path, size_t max_total, struct tarball *t, struct prm_err *err)
{
	struct stat st;
	int rc;

	memset(t, 0, sizeof(*t));
	if (stat(path, &st))
		return prm_err_set(err, PRM_E_USAGE, errno, "not_found", "%s: %s", path,
				   strerror(errno));
	rc = S_ISDIR(st.st_mode) ? read_dir(path, max_total, t, err)
				 : read_archive(path, max_total, t, err);
	if (rc)
		tarball_free(t);
	return rc;
}

void tarball_free(struct tarball *t)
{
	for (size_t i = 0; i < t->n; i++) {
		free(t->files[i].name);
		free(t->files[i].data);
	}
	free(t->files);
	memset(t, 0, sizeof(*t));
}
