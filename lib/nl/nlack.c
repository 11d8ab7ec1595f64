// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* What the kernel says when a request fails: errno and extended ACK (nlack.h). */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include <libmnl/libmnl.h>

#include "lib/nl/nlack.h"

static void ext_msg(const struct nlmsghdr *nlh, size_t off, char *msg, size_t sz)
{
	const struct nlattr *attr;
	const void *base = (const char *)nlh + off;

	if (!(nlh->nlmsg_flags & NLM_F_ACK_TLVS) || off >= nlh->nlmsg_len)
		return;
	mnl_attr_for_each_payload(base, nlh->nlmsg_len - off) {
		if (mnl_attr_get_type(attr) == NLMSGERR_ATTR_MSG &&
		    mnl_attr_validate(attr, MNL_TYPE_NUL_STRING) == 0) {
			snprintf(msg, sz, "%s", mnl_attr_get_str(attr));
			/* the kernel's messages end in a newline or not; ours never */
			msg[strcspn(msg, "\n")] = '\0';
		}
	}
}

/* An errno from the kernel's negative number (INT_MIN has no positive twin). */
static int magnitude(int v)
{
	return v == INT_MIN ? INT_MAX : v < 0 ? -v : v;
}

int nl_ack_parse(const struct nlmsghdr *nlh, int *error, char *msg, size_t sz)
{
	const struct nlmsgerr *e = mnl_nlmsg_get_payload(nlh);
	size_t off;

	msg[0] = '\0';
	if (nlh->nlmsg_len < NLMSG_HDRLEN + sizeof(*e))
		return -1;
	*error = magnitude(e->error);
	/* the request is echoed unless it was capped (NETLINK_CAP_ACK) */
	off = NLMSG_HDRLEN + sizeof(*e);
	if (!(nlh->nlmsg_flags & NLM_F_CAPPED)) {
		if (e->msg.nlmsg_len < NLMSG_HDRLEN)
			return 0;
		off += NLMSG_ALIGN(e->msg.nlmsg_len) - NLMSG_HDRLEN;
	}
	ext_msg(nlh, off, msg, sz);
	return 0;
}

int nl_done_parse(const struct nlmsghdr *nlh, int *error, char *msg, size_t sz)
{
	int e;

	msg[0] = '\0';
	*error = 0;
	if (nlh->nlmsg_len < NLMSG_HDRLEN + sizeof(int))
		return nlh->nlmsg_len == NLMSG_HDRLEN ? 0 : -1;
	memcpy(&e, mnl_nlmsg_get_payload(nlh), sizeof(e));
	*error = magnitude(e);
	ext_msg(nlh, NLMSG_HDRLEN + NLMSG_ALIGN(sizeof(int)), msg, sz);
	return 0;
}
