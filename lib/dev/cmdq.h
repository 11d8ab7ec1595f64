/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_DEV_CMDQ_H
#define PRMCTL_DEV_CMDQ_H

#include <stddef.h>
#include <stdint.h>

#include "lib/dev/cmdchan.h"
#include "lib/dev/dma.h"
#include "lib/util/err.h"

struct dev;

/*
 * The PRM command queue, host side: queue and mailboxes in DMA memory, the
 * doorbell in BAR0, ownership polled with a bound. Opening brings the
 * function up (ENABLE_HCA, ISSI, boot and init pages, INIT_HCA); closing
 * tears it down (TEARDOWN_HCA, pages reclaimed, DISABLE_HCA).
 */
struct cmdq;

/* timeout_ms: bound for each command; 0 takes what the firmware advertises. */
int cmdq_open(struct dev *d, struct dma_provider *dma, unsigned timeout_ms,
	      struct cmdq **out, struct prm_err *err);

/*
 * Run one command. Returns -1 for transport failures (delivery status,
 * timeout, DMA); otherwise 0 with the firmware's status and syndrome in
 * *res (a non-zero status is not a transport failure).
 */
int cmdq_exec(struct cmdq *q, const void *in, size_t inlen, void *out, size_t outlen,
	      struct cmd_result *res, struct prm_err *err);

/* cmdq_exec, and a non-zero status turned into an error naming it. */
int cmdq_run(struct cmdq *q, const void *in, size_t inlen, void *out, size_t outlen,
	     struct prm_err *err);

/*
 * The firmware's page request (an event): n > 0 more pages given, n < 0 that
 * many taken back (MANAGE_PAGES); the queue keeps count for its teardown.
 */
int cmdq_page_request(struct cmdq *q, int32_t n, struct prm_err *err);

/*
 * fn(ctx) is called before each command is sent and every few milliseconds
 * while one is waited for (never from within its own commands): where the
 * events a command may wait on (page requests) are polled.
 */
void cmdq_on_wait(struct cmdq *q, int (*fn)(void *ctx, struct prm_err *err), void *ctx);

/* A command the firmware never completed holds a slot (it may be hung). */
bool cmdq_stuck(const struct cmdq *q);

/* Teardown (TEARDOWN_HCA, pages back, DISABLE_HCA), the first failure in err. */
int cmdq_shutdown(struct cmdq *q, struct prm_err *err);
void cmdq_close(struct cmdq *q);	/* the same, failures ignored */

#endif
