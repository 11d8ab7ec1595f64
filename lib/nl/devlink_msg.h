/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_NL_DEVLINK_MSG_H
#define PRMCTL_NL_DEVLINK_MSG_H

/*
 * devlink's generic netlink messages read into plain structs. Every
 * attribute read is first checked against a policy (type and length, the
 * kernel's include/uapi/linux/devlink.h comments); attributes newer than
 * this build are skipped, never trusted. Pure: a message in, a struct out,
 * errors naming the attribute.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <linux/netlink.h>

#include "lib/nl/fmsg.h"
#include "lib/util/err.h"

/* enum devlink_health_reporter_state (newer uapi headers only) */
enum { DL_REPORTER_HEALTHY = 0, DL_REPORTER_ERROR = 1 };

struct dl_handle {
	char bus[32];		/* "pci", "auxiliary", "netdevsim" */
	char dev[64];		/* "0000:03:00.0", "mlx5_core.sf.2", "netdevsim1" */
};

#define DL_VERSIONS_MAX 32
struct dl_version {
	char name[64];
	char value[128];
};

struct dl_info {
	struct dl_handle h;
	char driver[64];
	char serial[128];		/* "" when the driver gives none */
	char board_serial[128];
	struct dl_version fixed[DL_VERSIONS_MAX], running[DL_VERSIONS_MAX],
		stored[DL_VERSIONS_MAX];
	unsigned nfixed, nrunning, nstored;
};

struct dl_port {
	struct dl_handle h;
	uint32_t index;
	uint16_t type;			/* DEVLINK_PORT_TYPE_* */
	bool has_flavour;
	uint16_t flavour;		/* DEVLINK_PORT_FLAVOUR_* */
	bool has_number, has_controller, has_pf, has_vf, has_sf, has_external;
	uint32_t number, controller, sf;
	uint16_t pf, vf;
	bool external;
	bool has_splittable;
	bool splittable;
	uint32_t lanes;			/* 0: not given */
	char netdev[64];		/* "" when none */
	char ibdev[64];
	/* the port function (eswitch ports: the VF/SF behind it) */
	uint8_t hw_addr[32];
	size_t hw_addr_len;		/* 0: none */
	bool has_fn_state;
	uint8_t fn_state, fn_opstate;	/* DEVLINK_PORT_FN_STATE_*, _OPSTATE_* */
};

struct dl_reporter {
	struct dl_handle h;
	bool has_port;
	uint32_t port;
	char name[64];
	uint8_t state;			/* DL_REPORTER_* */
	uint64_t error_count, recover_count;
	bool has_grace_period, has_auto_recover, has_auto_dump, has_dump_ts, has_dump_ts_ns;
	uint64_t grace_period_ms, dump_ts_ms, dump_ts_ns;
	bool auto_recover, auto_dump;
};

#define DL_SNAPSHOTS_MAX 256
struct dl_region {
	struct dl_handle h;
	bool has_port;
	uint32_t port;
	char name[64];
	uint64_t size;
	uint32_t max_snapshots;
	uint32_t snapshots[DL_SNAPSHOTS_MAX];
	unsigned nsnapshots;		/* all counted; at most DL_SNAPSHOTS_MAX kept */
};

/* The genl command of a devlink message; -1 if it is too short to have one. */
int dl_msg_cmd(const struct nlmsghdr *nlh);

/* The handle every devlink object message starts with. */
int dl_parse_handle(const struct nlmsghdr *nlh, struct dl_handle *h, struct prm_err *err);
int dl_parse_info(const struct nlmsghdr *nlh, struct dl_info *info, struct prm_err *err);
int dl_parse_port(const struct nlmsghdr *nlh, struct dl_port *p, struct prm_err *err);
int dl_parse_reporter(const struct nlmsghdr *nlh, struct dl_reporter *r, struct prm_err *err);
int dl_parse_region(const struct nlmsghdr *nlh, struct dl_region *r, struct prm_err *err);
/* REGION_NEW's answer: the snapshot id the kernel chose. */
int dl_parse_snapshot_id(const struct nlmsghdr *nlh, uint32_t *id, struct prm_err *err);

/* REGION_READ: each chunk's address and bytes to cb (non-zero stops, returned). */
typedef int (*dl_chunk_cb)(uint64_t addr, const void *data, size_t len, void *arg);
int dl_parse_chunks(const struct nlmsghdr *nlh, dl_chunk_cb cb, void *arg, struct prm_err *err);

/* DIAGNOSE / DUMP_GET: this message's part of the stream, into f. */
int dl_parse_fmsg(const struct nlmsghdr *nlh, struct fmsg *f, struct prm_err *err);

/*
 * A notification of the "config" group, as far as prmctl reads one: the
 * object's handle, and the port or reporter it carries. Returns 0 (read),
 * 1 (a message without a handle, nothing prmctl follows: skipped) or -1
 * (a port or reporter notification that does not parse).
 */
struct dl_event {
	uint8_t cmd;			/* DEVLINK_CMD_* */
	struct dl_handle h;
	struct dl_port port;		/* PORT_NEW, PORT_DEL, PORT_SET */
	struct dl_reporter reporter;	/* HEALTH_REPORTER_RECOVER (every state change) */
};
int dl_parse_event(const struct nlmsghdr *nlh, struct dl_event *ev, struct prm_err *err);

/*
 * A device's reporter list (r, n: malloc'd, as devlink_reporters gives it)
 * kept current from notifications. What the kernel tells
 * (net/devlink/health.c, net/devlink/leftover.c in 6.1):
 * HEALTH_REPORTER_RECOVER with the whole reporter on each report (error
 * count up, state error), successful recovery and state update; nothing
 * when a reporter is created or destroyed, but those come and go with the
 * device (DEVLINK_CMD_NEW after a reload or when it appears, DEVLINK_CMD_DEL
 * when it leaves) or with a port (a port's reporters go before its
 * PORT_DEL).
 */
enum dl_list_change {
	DL_LIST_SAME,		/* another device's, or nothing the list holds */
	DL_LIST_UPDATED,	/* a reporter replaced (or added: a new one told), or a port's dropped */
	DL_LIST_STALE,		/* the device came, went or was reloaded: read the list again */
};
/* Returns the change, or -1 (out of memory: the list as it was). */
int dl_reporters_apply(struct dl_reporter **r, size_t *n, const struct dl_handle *h,
		       const struct dl_event *ev, struct prm_err *err);

/* Names for people and JSON: "pcipf", "eth", "active", "attached" ... */
const char *dl_port_flavour_name(uint16_t flavour);
const char *dl_port_type_name(uint16_t type);
const char *dl_fn_state_name(uint8_t state);
const char *dl_fn_opstate_name(uint8_t opstate);
const char *dl_reporter_state_name(uint8_t state);

#endif
