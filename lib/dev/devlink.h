/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_DEV_DEVLINK_H
#define PRMCTL_DEV_DEVLINK_H

/*
 * The kernel's devlink, the loaded driver's own view of a device: its
 * firmware versions, its health reporters (mlx5: fw, fw_fatal), its
 * regions (mlx5: crdump), its ports (SFs and VFs behind an e-switch), and
 * notifications of their changes. Requests over lib/dev/genl, answers
 * read by lib/nl/devlink_msg.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/dev/genl.h"
#include "lib/nl/devlink_msg.h"
#include "lib/nl/fmsg.h"

struct devlink {
	struct genl g;
};

/* No devlink family is PRM_E_NODEV, reason "not_available". */
int devlink_open(struct devlink *dl, unsigned timeout_ms, struct prm_err *err);
void devlink_close(struct devlink *dl);

/* "BUS/DEV" into a handle (the bus has no '/'); -1 if it is not one. */
int devlink_handle_parse(const char *s, struct dl_handle *h);
bool devlink_handle_eq(const struct dl_handle *a, const struct dl_handle *b);

/* The instance is there (dumps of other objects would just come back empty). */
int devlink_exists(struct devlink *dl, const struct dl_handle *h, struct prm_err *err);

/* Every instance (h NULL) or one; arrays malloc'd, free() them. */
int devlink_list(struct devlink *dl, struct dl_handle **out, size_t *n, struct prm_err *err);
int devlink_info(struct devlink *dl, const struct dl_handle *h, struct dl_info *info,
		 struct prm_err *err);
int devlink_ports(struct devlink *dl, const struct dl_handle *h, struct dl_port **out,
		  size_t *n, struct prm_err *err);
int devlink_reporters(struct devlink *dl, const struct dl_handle *h,
		      struct dl_reporter **out, size_t *n, struct prm_err *err);
int devlink_reporter_get(struct devlink *dl, const struct dl_handle *h, const char *name,
			 struct dl_reporter *r, struct prm_err *err);
int devlink_regions(struct devlink *dl, const struct dl_handle *h, struct dl_region **out,
		    size_t *n, struct prm_err *err);

/* A reporter's diagnose, or its dump (the stored one; a driver takes one if none is). */
int devlink_diagnose(struct devlink *dl, const struct dl_handle *h, const char *name,
		     struct fmsg *f, struct prm_err *err);
int devlink_dump(struct devlink *dl, const struct dl_handle *h, const char *name,
		 struct fmsg *f, struct prm_err *err);
int devlink_dump_clear(struct devlink *dl, const struct dl_handle *h, const char *name,
		       struct prm_err *err);
int devlink_recover(struct devlink *dl, const struct dl_handle *h, const char *name,
		    struct prm_err *err);

/* A new snapshot of a region; the kernel picks its id. */
int devlink_snapshot_new(struct devlink *dl, const struct dl_handle *h, const char *region,
			 uint32_t *id, struct prm_err *err);
int devlink_snapshot_del(struct devlink *dl, const struct dl_handle *h, const char *region,
			 uint32_t id, struct prm_err *err);
/* Every chunk of a snapshot, in order, to cb. */
int devlink_snapshot_read(struct devlink *dl, const struct dl_handle *h, const char *region,
			  uint32_t id, dl_chunk_cb cb, void *arg, struct prm_err *err);

/* Notifications of the "config" group: devices, ports and reporters (dl_parse_event). */
typedef int (*devlink_event_cb)(const struct dl_event *ev, void *arg, struct prm_err *err);

int devlink_monitor(struct devlink *dl, struct prm_err *err);
/* Wait at most timeout_ms; returns how many events went to cb, or -1. */
int devlink_events(struct devlink *dl, int timeout_ms, devlink_event_cb cb, void *arg,
		   bool *lost, struct prm_err *err);

#endif
