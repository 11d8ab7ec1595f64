/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_UTIL_DL_H
#define PRMCTL_UTIL_DL_H

/*
 * Libraries loaded at their first use instead of linked: a linked library
 * costs every prmctl run its loading, called or not. Measured here with
 * empty programs: libarchive and the dozen it brings ~5 ms, libpci with
 * libudev and libz 0.4 ms, libnettle 0.27 ms — a third of a `prmctl
 * --version`, and a share of every trace decode.
 *
 * A user lists the functions it calls once, and has a table with a pointer
 * to each, of the type of the header's own prototype (the compiler checks a
 * call through it as it would a direct one):
 *
 *	#define NETTLE_FUNCS(X) X(nettle_sha256_init) X(nettle_sha256_digest)
 *	static struct DL_TABLE(NETTLE_FUNCS) nettle;
 *	static struct dl_lib nettle_lib = DL_LIB(nettle, "libnettle", "libnettle.so.8",
 *		"libnettle8", "digests are made with libnettle", NETTLE_FUNCS);
 *
 * then calls nettle.nettle_sha256_init(...) once dl_load(&nettle_lib, err)
 * has returned 0. Names as the library exports them: a header's #define
 * (nettle's sha256_init) is not expanded in the list of names.
 */
#include <stdbool.h>
#include <stddef.h>

#include "lib/util/err.h"

struct dl_lib {
	const char *soname;	/* the run-time name: the bare .so is only in -dev packages */
	const char *package;	/* Debian's, named when it cannot be loaded */
	const char *reason;	/* the error's reason, "no_" and the library's name */
	const char *what;	/* what prmctl does with it, for the message */
	const char *const *names;	/* the functions, NULL-terminated */
	void *table;		/* a pointer per name, in their order */
	size_t size;		/* of the table */
	bool loaded;
};

#define DL_PTR(f) __typeof__(f) *f;
#define DL_NAME(f) #f,
#define DL_TABLE(FUNCS) { FUNCS(DL_PTR) }
#define DL_LIB(table, name, soname, package, what, FUNCS)                            \
	{ (soname), (package), "no_" name, (what), (const char *const[]){ FUNCS(DL_NAME) NULL }, \
	  &(table), sizeof(table), false }

/*
 * 0 when l's functions are in its table, loaded now or before; -1 with err
 * (reason l->reason) naming the library, what it lacks and the package to
 * install, the table untouched (a later call tries again). Thread-safe; a
 * library stays loaded.
 */
int dl_load(struct dl_lib *l, struct prm_err *err);

#endif
