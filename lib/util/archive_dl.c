// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* libarchive through dlopen: see archive_dl.h for why. */
#include <dlfcn.h>

#include "lib/util/archive_dl.h"

int archive_dl_open(const char *soname, struct archive_dl *la, struct prm_err *err)
{
	struct archive_dl got;
	/* RTLD_NOW: a library too old for a function fails here, not mid-bundle */
	void *h = dlopen(soname, RTLD_NOW | RTLD_LOCAL);

	if (!h)
		goto fail;
#define ARCHIVE_DL_SYM(f)                             \
	if (!(got.f = (__typeof__(got.f))dlsym(h, #f))) \
		goto fail;
	ARCHIVE_DL_FUNCS(ARCHIVE_DL_SYM)
#undef ARCHIVE_DL_SYM
	*la = got;
	return 0;
fail:
	/* dlerror names the library and what was wrong with it */
	prm_err_set(err, PRM_E_FAILED, 0, "no_libarchive",
		    "%s (tarballs are written and read through libarchive: install Debian's "
		    "libarchive13)", dlerror());
	if (h)
		dlclose(h);
	return -1;
}
