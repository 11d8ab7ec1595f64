/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_SIM_RUNDIR_H
#define PRMCTL_SIM_RUNDIR_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "lib/util/err.h"

/*
 * Where simulator services live: $PRMCTL_SIM_DIR, else /run/prmctl/sim for
 * root, else $XDG_RUNTIME_DIR/prmctl/sim, else /tmp/prmctl-sim-UID. One
 * directory per service name, 0700, its files 0600: the command queue's
 * mailboxes in hostmem are nobody else's business.
 */
const char *sim_rundir(void);

/*
 * Make the run directory (0700) if it is missing. One that exists must be
 * ours and not writable by others: in /tmp another user may have made it.
 */
int sim_rundir_prepare(struct prm_err *err);

/* <rundir>/<name>[/<file>] */
int sim_path(const char *name, const char *file, char *buf, size_t sz);

/* Its directory made, or taken back, 0700; one not ours is refused. */
int sim_service_dir(const char *name, struct prm_err *err);

/* A file of the service directory, mode 0600 whatever the umask; -1 with err. */
int sim_create(const char *name, const char *file, int flags, struct prm_err *err);

/* Names of service directories, sorted, comma-joined; -1 with err when unreadable. */
int sim_names(char *buf, size_t sz, struct prm_err *err);

/*
 * A client could not open PATH of the service NAME: errno e. Permission
 * denied says so (PRM_E_NODEV); not there is "no running simulator".
 */
int sim_open_error(const char *name, const char *path, int e, struct prm_err *err);

/* "what PATH: strerror(e)", PRM_E_FAILED; a path too long for NAME. */
int sim_err_sys(const char *what, const char *path, int e, struct prm_err *err);
int sim_err_too_long(const char *name, struct prm_err *err);

#endif
