/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_DEV_ICMD_H
#define PRMCTL_DEV_ICMD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/dev/vsec.h"
#include "lib/prm/regtlv.h"

/*
 * ICMD over the gateway (mstflint VCR mode): ICMD semaphore in the
 * semaphore space, control word and mailbox in the ICMD space, readiness
 * from cr-space. Every wait bounded; the semaphore released on every path.
 */
struct icmd {
	struct vsec *v;
	uint32_t mbox_bytes;	/* the device's mailbox size */
	uint16_t hw_id;		/* cr-space 0xf0014, low 16 bits */
	uint32_t owner;		/* our id in the ICMD semaphore */
	unsigned sem_ms, busy_ms, exec_ms;
};

int icmd_open(struct icmd *ic, struct vsec *v, struct prm_err *err);

/*
 * Run opcode with mbox holding in_len request bytes; on return mbox holds
 * out_len reply bytes. A non-zero ICMD status is an error naming it.
 */
int icmd_exec(struct icmd *ic, uint16_t opcode, uint8_t *mbox, size_t in_len,
	      size_t out_len, struct prm_err *err);

/*
 * Free the ICMD semaphore whoever holds it (mstflint's icmd_clear_semaphore):
 * *holder is what it held, 0 when free (nothing written); *present is false
 * when the gateway has no semaphore space. Only for a holder known to be
 * dead. Needs only the gateway, not icmd_open().
 */
int icmd_semaphore_clear(struct vsec *v, bool *present, uint32_t *holder,
			 struct prm_err *err);

/*
 * Access register reg_id (ICMD 0x9001): data holds len bytes to send (SET)
 * or is filled (GET and SET return the register). A register status other
 * than 0 is an error with its name; reason "reg_not_supported" for 4.
 */
int icmd_reg_access(struct icmd *ic, uint16_t reg_id, enum prm_reg_method m,
		    uint8_t *data, size_t len, struct prm_err *err);

#endif
