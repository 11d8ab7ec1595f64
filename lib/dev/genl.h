/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_DEV_GENL_H
#define PRMCTL_DEV_GENL_H

/*
 * Generic netlink over libmnl, as iproute2 talks to devlink: the family
 * and its multicast groups resolved by name, requests with sequence
 * numbers, answers checked against them, the kernel's extended ACK
 * message carried into the error, every wait bounded, one receive buffer
 * of fixed size.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <linux/netlink.h>

#include "lib/util/err.h"

#define GENL_RECV_BYTES 32768	/* the most the kernel puts in one dump message */
#define GENL_REQ_BYTES 4096
#define GENL_GROUPS_MAX 8
#define GENL_OPS_MAX 256

struct mnl_socket;

struct genl {
	struct mnl_socket *nl;
	uint32_t portid;
	uint16_t family;
	uint8_t version;
	uint32_t seq;
	unsigned timeout_ms;		/* bound on each wait for the kernel */
	char name[32];			/* the family's name, for messages */
	struct {
		char name[32];
		uint32_t id;
	} groups[GENL_GROUPS_MAX];
	unsigned ngroups;
	uint8_t ops[GENL_OPS_MAX / 8];	/* commands the family has */
	bool have_ops;
	uint8_t req[GENL_REQ_BYTES] __attribute__((aligned(8)));	/* a nlmsghdr */
	uint8_t *buf;			/* GENL_RECV_BYTES */
};

/*
 * Open a socket and resolve family. A kernel without the family, or a
 * socket netlink refuses (a container, a seccomp policy), is PRM_E_NODEV
 * with reason "not_available".
 */
int genl_open(struct genl *g, const char *family, uint8_t version, unsigned timeout_ms,
	      struct prm_err *err);
void genl_close(struct genl *g);

/* Does the family have command cmd? (true when the kernel did not say) */
bool genl_has_op(const struct genl *g, uint8_t cmd);

/* A request in g->req: NLM_F_REQUEST | NLM_F_ACK | flags, the next sequence number. */
struct nlmsghdr *genl_request(struct genl *g, uint8_t cmd, uint16_t flags);

/*
 * Each answer to a request. cb returns 0 to go on, or -1 with err filled.
 * An error from the kernel names what (e.g. "health reporter diagnose"),
 * its errno and its extended ACK message.
 */
typedef int (*genl_cb)(const struct nlmsghdr *nlh, void *arg, struct prm_err *err);
int genl_call(struct genl *g, struct nlmsghdr *req, const char *what, genl_cb cb, void *arg,
	      struct prm_err *err);

/* Receive the family's multicast group name (notifications). */
int genl_join(struct genl *g, const char *group, struct prm_err *err);

/*
 * Notifications: wait at most timeout_ms, hand every one received to cb.
 * Returns the number handed over (0: the time ran out), or -1. Events the
 * socket had no room for are reported as *lost (then re-read the state).
 */
int genl_events(struct genl *g, int timeout_ms, genl_cb cb, void *arg, bool *lost,
		struct prm_err *err);

#endif
