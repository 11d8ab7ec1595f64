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

enum sim_state { SIM_ABSENT, SIM_DEAD, SIM_RUNNING };

/*
 * Is a service by that name alive? It holds its lock file for its whole
 * life, so a lock we can take means it is dead (or never was); no directory
 * is SIM_ABSENT. pid (when running) is read from its pid file, waiting a
 * moment for one that is starting to write it. -1 with err when we may not
 * look (another user's service: permission denied, PRM_E_NODEV).
 */
int sim_state(const char *name, pid_t *pid, struct prm_err *err);

/* sim_state() == SIM_RUNNING; a service we may not look at is not. */
bool sim_alive(const char *name, pid_t *pid);

/*
 * Become the service NAME: its directory made (or taken back) 0700, its
 * lock taken, its pid written, a dead one's leftovers removed. Returns the
 * lock's descriptor, to hold for the service's life; -1 with err when one
 * is running ("already running (pid N)") or the directory is not ours.
 */
int sim_claim(const char *name, struct prm_err *err);

/* A file of the service directory, mode 0600 whatever the umask; -1 with err. */
int sim_create(const char *name, const char *file, int flags, struct prm_err *err);

/* The service's end: its files and directory removed, then the lock let go. */
void sim_release(const char *name, int lock_fd);

/* Remove what a dead service left behind; -1 with err if one runs there. */
int sim_cleanup(const char *name, struct prm_err *err);

/* Names of service directories, sorted, comma-joined; -1 with err when unreadable. */
int sim_names(char *buf, size_t sz, struct prm_err *err);

/*
 * A client could not open PATH of the service NAME: errno e. Permission
 * denied says so (PRM_E_NODEV); not there is "no running simulator".
 */
int sim_open_error(const char *name, const char *path, int e, struct prm_err *err);

#endif
