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
 * directory per service name.
 */
const char *sim_rundir(void);

/* An existing run directory must be ours and not writable by others. */
int sim_rundir_check(struct prm_err *err);

/* <rundir>/<name>[/<file>] */
int sim_path(const char *name, const char *file, char *buf, size_t sz);

/*
 * Is a service by that name alive? It holds its lock file for its whole
 * life, so a lock we can take means it is dead (or never was). pid is read
 * from its pid file when alive.
 */
bool sim_alive(const char *name, pid_t *pid);

/* Remove what a dead service left behind. */
void sim_cleanup(const char *name);

/* Names of service directories, sorted, comma-joined. */
void sim_names(char *buf, size_t sz);

#endif
