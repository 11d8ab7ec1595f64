/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_SIM_FWCMD_H
#define PRMCTL_SIM_FWCMD_H

#include "lib/sim/adapter.h"

/* Host memory and the thread that answers the command doorbell. */
int sim_fwcmd_start(struct sim_adapter *a, struct prm_err *err);
void sim_fwcmd_stop(struct sim_adapter *a);

/*
 * Run one command: in holds inlen bytes, out (outlen bytes, zeroed) gets
 * the output with status and syndrome. Called with a->lock held.
 */
void sim_fw_execute(struct sim_adapter *a, const uint8_t *in, size_t inlen,
		    uint8_t *out, size_t outlen);

/*
 * A capability page (QUERY_HCA_CAP cap_type), current or maximum, into page
 * (len bytes, zeroed first). -1 for a page this firmware does not have.
 */
int sim_caps_fill(struct sim_adapter *a, unsigned cap_type, bool current, uint8_t *page,
		  size_t len);

/*
 * Event queues: the commands (a status, and *why for the syndrome), an
 * event to every queue that asked for its type, and all of them gone.
 * Called with a->lock held.
 */
uint8_t sim_eq_create(struct sim_adapter *a, const uint8_t *in, size_t inlen, uint8_t *out,
		      size_t outlen, uint16_t *why);
uint8_t sim_eq_destroy(struct sim_adapter *a, const uint8_t *in, size_t inlen, uint16_t *why);
uint8_t sim_eq_gen(struct sim_adapter *a, const uint8_t *in, size_t inlen, uint16_t *why);
void sim_eq_post(struct sim_adapter *a, uint8_t type, uint8_t sub_type, const uint8_t *data,
		 size_t len);
void sim_eq_reset(struct sim_adapter *a);
/* page-request:N: a page request event for N pages (negative: give back), a->lock held. */
int sim_page_request(struct sim_adapter *a, const char *arg, struct prm_err *err);
/* User contexts (lib/sim/uctx.c); uids 0 (the kernel's) and 0xffff (shared) always valid. */
uint8_t sim_uctx_create_cmd(struct sim_adapter *a, const uint8_t *in, size_t inlen, uint8_t *out,
			    size_t outlen, uint16_t *why);
uint8_t sim_uctx_destroy_cmd(struct sim_adapter *a, const uint8_t *in, size_t inlen, uint8_t *out,
			     size_t outlen, uint16_t *why);
bool sim_uctx_valid(const struct sim_adapter *a, uint16_t uid);
/* The command in slot completed: an EQE for the EQs that asked (a->lock
 * held); true when one did. */
bool sim_eq_cmd_done(struct sim_adapter *a, unsigned slot);
/* The host rang an EQ doorbell in UAR page uar (takes a->lock). */
void sim_eq_doorbell(struct sim_adapter *a, uint32_t uar, uint32_t word, bool arm);

/* SET_HCA_CAP: take the settable fields of a page; -1 when it has none. */
int sim_caps_set(struct sim_adapter *a, unsigned cap_type, const uint8_t *page, size_t len);
/* Forget what SET_HCA_CAP set (a new driver, a reset). */
void sim_caps_reset(struct sim_adapter *a);

/* "general.dct=0": a capability override, checked against the page's layout. */
int sim_caps_parse(const char *spec, struct sim_cap_override *o, struct prm_err *err);

#endif
