// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* SHA-256 through nettle: the manifest's proof that a file is the one collected. */
#include <errno.h>
#include <fcntl.h>
#include <nettle/sha2.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "lib/util/sha256.h"

static void to_hex(struct sha256_ctx *c, char hex[SHA256_HEX_LEN])
{
	uint8_t d[SHA256_DIGEST_SIZE];

	sha256_digest(c, sizeof(d), d);
	for (size_t i = 0; i < sizeof(d); i++)
		snprintf(hex + 2 * i, 3, "%02x", d[i]);
}

void sha256_hex(const void *buf, size_t len, char hex[SHA256_HEX_LEN])
{
	struct sha256_ctx c;

	sha256_init(&c);
	sha256_update(&c, len, buf);
	to_hex(&c, hex);
}

int sha256_file(const char *path, char hex[SHA256_HEX_LEN], uint64_t *bytes,
		struct prm_err *err)
{
	struct sha256_ctx c;
	uint8_t buf[65536];
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return prm_err_set(err, PRM_E_FAILED, errno, "read", "%s: %s", path,
				   strerror(errno));
	sha256_init(&c);
	*bytes = 0;
	while ((n = read(fd, buf, sizeof(buf))) != 0) {
		if (n < 0) {
			if (errno == EINTR)
				continue;
			int e = errno;

			close(fd);
			return prm_err_set(err, PRM_E_FAILED, e, "read", "%s: %s", path,
					   strerror(e));
		}
		sha256_update(&c, (size_t)n, buf);
		*bytes += (uint64_t)n;
	}
	close(fd);
	to_hex(&c, hex);
	return 0;
}
