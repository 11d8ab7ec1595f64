// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * SHA-256 through nettle, loaded at its first use (lib/util/dl.h): the
 * manifest's proof that a file is the one collected.
 */
#include <errno.h>
#include <fcntl.h>
#include <nettle/sha2.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "lib/util/dl.h"
#include "lib/util/sha256.h"

#define NETTLE_FUNCS(X) X(nettle_sha256_init) X(nettle_sha256_update) X(nettle_sha256_digest)

static struct DL_TABLE(NETTLE_FUNCS) nettle;
static struct dl_lib nettle_lib = DL_LIB(nettle, "libnettle", "libnettle.so.8", "libnettle8",
					 "file digests are made with libnettle", NETTLE_FUNCS);

static void to_hex(struct sha256_ctx *c, char hex[SHA256_HEX_LEN])
{
	uint8_t d[SHA256_DIGEST_SIZE];

	nettle.nettle_sha256_digest(c, sizeof(d), d);
	for (size_t i = 0; i < sizeof(d); i++)
		snprintf(hex + 2 * i, 3, "%02x", d[i]);
}

int sha256_load(struct prm_err *err)
{
	return dl_load(&nettle_lib, err);
}

int sha256_file(const char *path, char hex[SHA256_HEX_LEN], uint64_t *bytes,
		struct prm_err *err)
{
	struct sha256_ctx c;
	uint8_t buf[65536];
	int fd;
	ssize_t n;

	if (sha256_load(err))
		return -1;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return prm_err_set(err, PRM_E_FAILED, errno, "read", "%s: %s", path,
				   strerror(errno));
	nettle.nettle_sha256_init(&c);
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
		nettle.nettle_sha256_update(&c, (size_t)n, buf);
		*bytes += (uint64_t)n;
	}
	close(fd);
	to_hex(&c, hex);
	return 0;
}
