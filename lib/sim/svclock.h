/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_SIM_SVCLOCK_H
#define PRMCTL_SIM_SVCLOCK_H

#include <stdbool.h>
#include <sys/types.h>

#include "lib/util/err.h"

/* Who runs a service, and the start and end of one: see lib/sim/rundir.h for where. */

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
 * The service's process has ended: gone, or a zombie nobody reaps. It lets
 * its lock go before it exits, so a stop waits for this too.
 */
bool sim_pid_ended(pid_t pid);

/*
 * Become the service NAME: its directory made (or taken back) 0700, its
 * lock taken, its pid written, a dead one's leftovers removed. Returns the
 * lock's descriptor, to hold for the service's life; -1 with err when one
 * is running ("already running (pid N)") or the directory is not ours.
 */
int sim_claim(const char *name, struct prm_err *err);

/* The service's end: its files and directory removed, then the lock let go. */
void sim_release(const char *name, int lock_fd);

/* Remove what a dead service left behind; -1 with err if one runs there. */
int sim_cleanup(const char *name, struct prm_err *err);

#endif
