// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Libraries loaded at their first use: see dl.h for why. */
#include <dlfcn.h>
#include <pthread.h>
#include <string.h>

#include "lib/util/dl.h"

#define DL_MAX_FUNCS 64

static pthread_mutex_t dl_mu = PTHREAD_MUTEX_INITIALIZER;

static int load(struct dl_lib *l, struct prm_err *err)
{
	void *got[DL_MAX_FUNCS];
	size_t n = 0;
	/* RTLD_NOW: a library too old for a function fails here, not at its first call */
	void *h = dlopen(l->soname, RTLD_NOW | RTLD_LOCAL);
	const char *why;

	if (!h)
		goto fail;
	for (; l->names[n]; n++) {
		if (n == DL_MAX_FUNCS || !(got[n] = dlsym(h, l->names[n])))
			goto fail;
	}
	if (n * sizeof(void *) != l->size) {
		dlclose(h);
		return prm_err_set(err, PRM_E_FAILED, 0, l->reason,
				   "%s: %zu names for a table of %zu bytes", l->soname, n, l->size);
	}
	/* POSIX: what dlsym returns converts to the function's pointer */
	memcpy(l->table, got, l->size);
	l->loaded = true;
	return 0;
fail:
	/* dlerror names the library and what was wrong with it */
	why = dlerror();
	prm_err_set(err, PRM_E_FAILED, 0, l->reason, "%s (%s: install Debian's %s)",
		    why ? why : l->soname, l->what, l->package);
	if (h)
		dlclose(h);
	return -1;
}

int dl_load(struct dl_lib *l, struct prm_err *err)
{
	int rc = 0;

	pthread_mutex_lock(&dl_mu);
	if (!l->loaded)
		rc = load(l, err);
	pthread_mutex_unlock(&dl_mu);
	return rc;
}
