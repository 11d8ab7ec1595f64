/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_OPS_REG_H
#define PRMCTL_OPS_REG_H

#include <stddef.h>
#include <stdint.h>

#include "lib/prm/layout.h"
#include "lib/util/err.h"

struct dev;

/*
 * Access registers by id (ACCESS_REG; the carrier, ICMD or a command
 * channel, is lib/dev/regaccess.c's choice): read whole, or read, changed
 * in the fields a user named and written back.
 */

/* A field as a user named it ("string_db_index=3"): the path is theirs. */
struct reg_field {
	char path[128];
	uint64_t value;
};

/*
 * The fields into a register's bytes, in order. Paths come from users, so
 * a path l lacks or a value too wide is an error naming it (PRM_E_USAGE).
 */
int reg_fields_set(const struct prm_layout *l, uint8_t *buf, size_t len,
		   const struct reg_field *f, unsigned n, struct prm_err *err);

/* GET: buf holds the request (indexes set) and receives the register. */
int reg_get(struct dev *d, uint16_t id, uint8_t *buf, size_t len, const char **via,
	    struct prm_err *err);

/*
 * Read-modify-write: GET with buf as the request, the fields set in what
 * came back, SET; buf then holds what the device returned. *via names the
 * carrier.
 */
int reg_modify(struct dev *d, uint16_t id, const struct prm_layout *l,
	       const struct reg_field *f, unsigned n, uint8_t *buf, size_t len,
	       const char **via, struct prm_err *err);

#endif
