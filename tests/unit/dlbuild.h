/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_TESTS_DLBUILD_H
#define PRMCTL_TESTS_DLBUILD_H

/*
 * Test-only devlink object messages, put together with tests/unit/nlbuild.h
 * the way Linux 6.1's fill functions put them (net/devlink/leftover.c):
 * devlink_nl_put_handle, the head of devlink_nl_port_fill, the port function
 * nest, devlink_nl_health_reporter_fill; and a collector for the chunks of a
 * REGION_READ dump. Shared by the test_dl*.c files and test_nlbuild.c.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <linux/devlink.h>

#include "tests/unit/nlbuild.h"

/* devlink_nl_put_handle */
static inline void handle(struct nlb *b, const char *bus, const char *dev)
{
	nlb_str(b, DEVLINK_ATTR_BUS_NAME, bus);
	nlb_str(b, DEVLINK_ATTR_DEV_NAME, dev);
}

/* devlink_nl_port_fill up to the flavour attributes */
static inline void port_head(struct nlb *b, uint8_t cmd, const char *bus, const char *dev,
			     uint32_t index, uint16_t type)
{
	nlb_msg_start(b, cmd, cmd == DEVLINK_CMD_NEW ? NLM_F_MULTI : 0, 0);
	handle(b, bus, dev);
	nlb_u32(b, DEVLINK_ATTR_PORT_INDEX, index);
	nlb_u16(b, DEVLINK_ATTR_PORT_TYPE, type);
}

/* devlink_nl_port_function_attrs_put with hw_addr and state filled */
static inline void port_function(struct nlb *b, const uint8_t *mac, size_t len, uint8_t state,
				 uint8_t opstate)
{
	nlb_nest_start(b, DEVLINK_ATTR_PORT_FUNCTION);
	nlb_put(b, DEVLINK_PORT_FUNCTION_ATTR_HW_ADDR, mac, len);
	nlb_u8(b, DEVLINK_PORT_FN_ATTR_STATE, state);
	nlb_u8(b, DEVLINK_PORT_FN_ATTR_OPSTATE, opstate);
	nlb_nest_end(b);
}

/* devlink_nl_health_reporter_fill, every optional attribute given or none */
struct rep_in {
	const char *name;
	uint8_t state;
	uint64_t err, rec;
	bool recover, dumped, dump;
	uint64_t grace, ts, ts_ns;
	bool auto_recover, auto_dump;
	bool port;
	uint32_t port_index;
};

static inline void reporter_msg(struct nlb *b, const struct rep_in *r)
{
	nlb_msg_start(b, DEVLINK_CMD_HEALTH_REPORTER_GET, NLM_F_MULTI, 0);
	handle(b, "pci", "0000:08:00.0");
	if (r->port)
		nlb_u32(b, DEVLINK_ATTR_PORT_INDEX, r->port_index);
	nlb_nest_start(b, DEVLINK_ATTR_HEALTH_REPORTER);
	nlb_str(b, DEVLINK_ATTR_HEALTH_REPORTER_NAME, r->name);
	nlb_u8(b, DEVLINK_ATTR_HEALTH_REPORTER_STATE, r->state);
	nlb_u64(b, DEVLINK_ATTR_HEALTH_REPORTER_ERR_COUNT, r->err);
	nlb_u64(b, DEVLINK_ATTR_HEALTH_REPORTER_RECOVER_COUNT, r->rec);
	if (r->recover)
		nlb_u64(b, DEVLINK_ATTR_HEALTH_REPORTER_GRACEFUL_PERIOD, r->grace);
	if (r->recover)
		nlb_u8(b, DEVLINK_ATTR_HEALTH_REPORTER_AUTO_RECOVER, r->auto_recover);
	if (r->dumped)
		nlb_u64(b, DEVLINK_ATTR_HEALTH_REPORTER_DUMP_TS, r->ts);
	if (r->dumped)
		nlb_u64(b, DEVLINK_ATTR_HEALTH_REPORTER_DUMP_TS_NS, r->ts_ns);
	if (r->dump)
		nlb_u8(b, DEVLINK_ATTR_HEALTH_REPORTER_AUTO_DUMP, r->auto_dump);
	nlb_nest_end(b);
	nlb_msg_end(b);
}

/* REGION_READ chunks into one buffer, checked to come in address order */
struct collect {
	uint8_t buf[32768];
	uint64_t next;		/* the address the next chunk should have */
	unsigned chunks, stop_at;
	bool bad;
};

static inline int collect_cb(uint64_t addr, const void *data, size_t len, void *arg)
{
	struct collect *c = arg;

	if (addr != c->next || addr + len > sizeof(c->buf)) {
		c->bad = true;
		return -5;
	}
	memcpy(c->buf + addr, data, len);
	c->next = addr + len;
	if (++c->chunks == c->stop_at)
		return 42;
	return 0;
}

#endif
