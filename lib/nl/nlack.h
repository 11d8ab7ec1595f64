/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_NL_NLACK_H
#define PRMCTL_NL_NLACK_H

#include <stddef.h>

#include <linux/netlink.h>

/*
 * An NLMSG_ERROR message: the errno it carries (0 for an ACK, else
 * positive) and the kernel's extended ACK text when there is one (""
 * otherwise). -1 when the message is too short to be one.
 */
int nl_ack_parse(const struct nlmsghdr *nlh, int *error, char *msg, size_t sz);

/* NLMSG_DONE of a dump: the error it carries (0 or positive), -1 if malformed. */
int nl_done_parse(const struct nlmsghdr *nlh, int *error, char *msg, size_t sz);

#endif
