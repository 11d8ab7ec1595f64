// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* image:FILE — a saved BAR0 image, read-only, for offline triage. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/dev/dev.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/util/infile.h"

/* A BAR0 of a ConnectX is tens of MiB at most; refuse anything beyond. */
#define IMAGE_MAX (256u << 20)

struct image {
	uint8_t *buf;
	size_t len;
};

static int image_read(struct dev *d, uint32_t off, void *buf, size_t len,
		      struct prm_err *err)
{
	struct image *im = d->priv;

	(void)err;
	memcpy(buf, im->buf + off, len);
	return 0;
}

static void image_close(struct dev *d)
{
	struct image *im = d->priv;

	if (im)
		free(im->buf);
	free(im);
	d->priv = NULL;
}

static const struct dev_ops image_ops = {
	.bar_read = image_read,
	.close = image_close,
};

int dev_image_open(struct dev *d, const char *file, struct prm_err *err)
{
	size_t need = prm_layout_bytes(&prm_layout_initseg), got = 0;
	struct image *im;
	char shown[4096 + 8];
	struct stat st;
	int fd;

	snprintf(shown, sizeof(shown), "image:%s", file);
	fd = infile_open(file, shown, 0, err);
	if (fd < 0) {
		/* a missing or unusable image is a device not found (prmctl(8)) */
		if (err)
			err->kind = PRM_E_NODEV;
		return -1;
	}
	if (fstat(fd, &st)) {
		int e = errno;

		close(fd);
		return prm_err_set(err, PRM_E_FAILED, e, "read_failed", "%s: %s", shown,
				   strerror(e));
	}
	if ((size_t)st.st_size < need || (uint64_t)st.st_size > IMAGE_MAX) {
		close(fd);
		return prm_err_set(err, PRM_E_NODEV, EINVAL, "bad_image",
				   "image:%s: %lld bytes; a BAR0 image holds at least the %zu-byte initialization segment and at most %u bytes",
				   file, (long long)st.st_size, need, IMAGE_MAX);
	}
	im = calloc(1, sizeof(*im));
	if (im)
		im->buf = malloc((size_t)st.st_size);
	if (!im || !im->buf) {
		free(im);
		close(fd);
		return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
	}
	while (got < (size_t)st.st_size) {
		ssize_t r = read(fd, im->buf + got, (size_t)st.st_size - got);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			int e = r ? errno : EIO;

			free(im->buf);
			free(im);
			close(fd);
			return prm_err_set(err, PRM_E_FAILED, e, "read_failed",
					   "image:%s: read failed at byte %zu: %s",
					   file, got, r ? strerror(e) : "file shrank");
		}
		got += (size_t)r;
	}
	close(fd);
	im->len = got;
	d->priv = im;
	d->ops = &image_ops;
	d->bar_size = got;
	d->access = "image";
	d->source = file;
	return 0;
}
