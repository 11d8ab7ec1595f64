// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/dev/icmd.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/prm/models.h"
#include "lib/prm/names.h"
#include "lib/util/clock.h"

#define ICMD_CTRL 0x0
#define ICMD_MBOX_SIZE 0x1000
#define ICMD_SYNDROME 0x1008
#define ICMD_MBOX 0x100000
#define ICMD_SEM 0x0
#define CR_HW_ID 0xf0014

#define CTRL_BUSY 1u
#define CTRL_STATUS(v) (((v) >> 8) & 0xff)
#define CTRL_OPCODE_SHIFT 16

#define MBOX_MAX 0x1000u

/* spin a little, then back off to 1 ms */
static void nap(unsigned i)
{
	clock_sleep_us(i < 8 ? 20 : 1000);
}

static int rd1(struct icmd *ic, uint16_t space, uint32_t addr, uint32_t *v,
	       struct prm_err *err)
{
	return vsec_read_block(ic->v, space, addr, v, 1, err);
}

static int wr1(struct icmd *ic, uint16_t space, uint32_t addr, uint32_t v,
	       struct prm_err *err)
{
	return vsec_write_block(ic->v, space, addr, &v, 1, err);
}

int icmd_open(struct icmd *ic, struct vsec *v, struct prm_err *err)
{
	uint32_t id, size;
	bool icmd_ok, sem_ok;

	ic->v = v;
	ic->owner = (uint32_t)getpid();
	if (!ic->sem_ms)
		ic->sem_ms = 2000;
	if (!ic->busy_ms)
		ic->busy_ms = 1000;
	if (!ic->exec_ms)
		ic->exec_ms = 10000;
	if (vsec_space_supported(v, VSEC_SPACE_ICMD, &icmd_ok, err) ||
	    vsec_space_supported(v, VSEC_SPACE_SEMAPHORE, &sem_ok, err))
		return -1;
	if (!icmd_ok || !sem_ok)
		return prm_err_set(err, PRM_E_NODEV, ENOTSUP, "no_icmd",
				   "%s: the gateway has no ICMD%s space: no register access over PCI",
				   v->cfg->label, icmd_ok ? " semaphore" : "");
	if (rd1(ic, VSEC_SPACE_CR, CR_HW_ID, &id, err) ||
	    rd1(ic, VSEC_SPACE_ICMD, ICMD_MBOX_SIZE, &size, err))
		return -1;
	ic->hw_id = (uint16_t)id;
	ic->mbox_bytes = size;
	if (size < prm_regtlv_header_bytes() || size > MBOX_MAX)
		return prm_err_set(err, PRM_E_FAILED, EPROTO, "bad_icmd",
				   "%s: ICMD mailbox size 0x%x is not plausible",
				   v->cfg->label, size);
	return 0;
}

/*
 * Waited the whole bound for the ICMD semaphore. If its holder changed, or
 * its command is still running (busy set), other agents are at work: try
 * again. A holder that stayed put with the interface idle is doing nothing:
 * most likely killed between taking and giving back.
 */
static int sem_failed(struct icmd *ic, uint32_t holder, bool moved, struct prm_err *err)
{
	uint32_t ctrl = CTRL_BUSY;

	if (!moved)
		rd1(ic, VSEC_SPACE_ICMD, ICMD_CTRL, &ctrl, NULL);
	if (moved || (ctrl & CTRL_BUSY))
		return prm_err_set(err, PRM_E_TIMEOUT, EBUSY, "icmd_semaphore_busy",
				   "%s: ICMD semaphore held by %u after %u ms",
				   ic->v->cfg->label, holder, ic->sem_ms);
	return prm_err_set(err, PRM_E_FAILED, EBUSY, "icmd_semaphore_stale",
			   "%s: ICMD semaphore held by %u, unchanged for %u ms with the interface "
			   "idle: its holder looks dead (prmctl and mstflint write their process "
			   "id); if nothing else uses ICMD, free it with 'prmctl cr unlock' "
			   "(--write on hardware)", ic->v->cfg->label, holder, ic->sem_ms);
}

static int take_semaphore(struct icmd *ic, struct prm_err *err)
{
	uint64_t deadline = clock_now_ms() + ic->sem_ms;
	uint32_t holder = 0, first = 0;
	bool moved = false;

	for (unsigned i = 0;; i++) {
		if (rd1(ic, VSEC_SPACE_SEMAPHORE, ICMD_SEM, &holder, err))
			return -1;
		if (holder == 0) {
			int rc;

			moved = true;
			/* once our id may be written it is ours to give back: a stop
			 * must not cut the read-back that tells */
			dev_cleanup_begin();
			rc = wr1(ic, VSEC_SPACE_SEMAPHORE, ICMD_SEM, ic->owner, err) ||
			     rd1(ic, VSEC_SPACE_SEMAPHORE, ICMD_SEM, &holder, err);
			if (rc && rd1(ic, VSEC_SPACE_SEMAPHORE, ICMD_SEM, &holder, NULL) == 0 &&
			    holder == ic->owner)
				wr1(ic, VSEC_SPACE_SEMAPHORE, ICMD_SEM, 0, NULL);
			else if (!rc && holder == ic->owner)
				dev_hold_begin();
			dev_cleanup_end();
			if (rc)
				return -1;
			if (holder == ic->owner)
				return 0;
		}
		if (!first)
			first = holder;
		else if (holder != first)
			moved = true;
		if (dev_interrupted())
			return prm_err_set(err, PRM_E_FAILED, EINTR, "interrupted",
					   "%s: interrupted", ic->v->cfg->label);
		if (clock_now_ms() >= deadline)
			return sem_failed(ic, holder, moved, err);
		nap(i);
	}
}

/* On every path, also after an interruption: the release must get through. */
static void give_semaphore(struct icmd *ic)
{
	dev_cleanup_begin();
	wr1(ic, VSEC_SPACE_SEMAPHORE, ICMD_SEM, 0, NULL);
	dev_hold_end();
	dev_cleanup_end();
}

static int wait_not_busy(struct icmd *ic, unsigned ms, const char *what,
			 uint32_t *ctrl, struct prm_err *err)
{
	uint64_t deadline = clock_now_ms() + ms;

	for (unsigned i = 0;; i++) {
		if (rd1(ic, VSEC_SPACE_ICMD, ICMD_CTRL, ctrl, err))
			return -1;
		if (!(*ctrl & CTRL_BUSY))
			return 0;
		if (dev_interrupted())
			return prm_err_set(err, PRM_E_FAILED, EINTR, "interrupted",
					   "%s: interrupted", ic->v->cfg->label);
		if (clock_now_ms() >= deadline)
			return prm_err_set(err, PRM_E_TIMEOUT, ETIMEDOUT, "icmd_busy",
					   "%s: ICMD %s: still busy after %u ms",
					   ic->v->cfg->label, what, ms);
		nap(i);
	}
}

static int ready(struct icmd *ic, struct prm_err *err)
{
	uint32_t addr = prm_static_cfg_not_done_addr(ic->hw_id), v;

	if (!addr)
		return 0;	/* unknown chip: no readiness word to check */
	if (rd1(ic, VSEC_SPACE_CR, addr, &v, err))
		return -1;
	if (v >> 31)
		return prm_err_set(err, PRM_E_FAILED, EAGAIN, "fw_not_ready",
				   "%s: firmware configuration not done (cr 0x%x bit 31): ICMD not ready",
				   ic->v->cfg->label, addr);
	return 0;
}

static int run(struct icmd *ic, uint16_t opcode, uint8_t *mbox, size_t in_len,
	       size_t out_len, struct prm_err *err)
{
	size_t in_dw = (in_len + 3) / 4, out_dw = (out_len + 3) / 4;
	uint32_t *words = calloc(in_dw > out_dw ? in_dw : out_dw, 4), ctrl, synd = 0;
	int rc = -1;

	if (!words)
		return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
	/* the mailbox is a big-endian byte stream moved as dwords */
	for (size_t i = 0; i < in_dw; i++)
		words[i] = (uint32_t)mbox[4 * i] << 24 | (uint32_t)mbox[4 * i + 1] << 16 |
			   (uint32_t)mbox[4 * i + 2] << 8 | mbox[4 * i + 3];
	if (wait_not_busy(ic, ic->busy_ms, "interface", &ctrl, err) ||
	    wr1(ic, VSEC_SPACE_ICMD, ICMD_CTRL, (uint32_t)opcode << CTRL_OPCODE_SHIFT, err) ||
	    vsec_write_block(ic->v, VSEC_SPACE_ICMD, ICMD_MBOX, words, in_dw, err) ||
	    wr1(ic, VSEC_SPACE_ICMD, ICMD_CTRL,
		(uint32_t)opcode << CTRL_OPCODE_SHIFT | CTRL_BUSY, err) ||
	    wait_not_busy(ic, ic->exec_ms, "command", &ctrl, err))
		goto out;
	if (CTRL_STATUS(ctrl)) {
		const char *n = prm_name_of(&prm_icmd_status_names, CTRL_STATUS(ctrl));

		rd1(ic, VSEC_SPACE_ICMD, ICMD_SYNDROME, &synd, NULL);
		prm_err_set(err, PRM_E_FAILED, EIO, "icmd_status",
			    "%s: ICMD 0x%x failed: status 0x%x (%s), syndrome 0x%x",
			    ic->v->cfg->label, opcode, CTRL_STATUS(ctrl),
			    n ? n : "unknown", synd & 0xffffff);
		/* the ICMD's own status: not a PRM command's, so not "status" */
		prm_err_num(err, "icmd_opcode", opcode);
		prm_err_num(err, "icmd_status", CTRL_STATUS(ctrl));
		prm_err_str(err, "icmd_status_name", n);
		prm_err_num(err, "syndrome", synd & 0xffffff);
		goto out;
	}
	if (vsec_read_block(ic->v, VSEC_SPACE_ICMD, ICMD_MBOX, words, out_dw, err))
		goto out;
	for (size_t i = 0; i < out_dw; i++) {
		uint8_t b[4] = { (uint8_t)(words[i] >> 24), (uint8_t)(words[i] >> 16),
				 (uint8_t)(words[i] >> 8), (uint8_t)words[i] };

		memcpy(mbox + 4 * i, b, 4 * i + 4 <= out_len ? 4 : out_len - 4 * i);
	}
	rc = 0;
out:
	free(words);
	return rc;
}

int icmd_exec(struct icmd *ic, uint16_t opcode, uint8_t *mbox, size_t in_len,
	      size_t out_len, struct prm_err *err)
{
	int rc;

	if (in_len > ic->mbox_bytes || out_len > ic->mbox_bytes)
		return prm_err_set(err, PRM_E_USAGE, EMSGSIZE, "too_large",
				   "%s: ICMD message of %zu bytes exceeds the %u-byte mailbox",
				   ic->v->cfg->label, in_len > out_len ? in_len : out_len,
				   ic->mbox_bytes);
	if (ready(ic, err) || take_semaphore(ic, err))
		return -1;
	rc = run(ic, opcode, mbox, in_len, out_len, err);
	give_semaphore(ic);
	return rc;
}

int icmd_semaphore_clear(struct vsec *v, bool *present, uint32_t *holder,
			 struct prm_err *err)
{
	uint32_t back, zero = 0;

	*holder = 0;
	if (vsec_space_supported(v, VSEC_SPACE_SEMAPHORE, present, err))
		return -1;
	if (!*present)
		return 0;
	if (vsec_read_block(v, VSEC_SPACE_SEMAPHORE, ICMD_SEM, holder, 1, err))
		return -1;
	if (*holder == 0)
		return 0;
	if (vsec_write_block(v, VSEC_SPACE_SEMAPHORE, ICMD_SEM, &zero, 1, err) ||
	    vsec_read_block(v, VSEC_SPACE_SEMAPHORE, ICMD_SEM, &back, 1, err))
		return -1;
	if (back == *holder)
		return prm_err_set(err, PRM_E_FAILED, EIO, "icmd_clear_failed",
				   "%s: ICMD semaphore still held by %u after writing 0",
				   v->cfg->label, back);
	return 0;
}

int icmd_reg_access(struct icmd *ic, uint16_t reg_id, enum prm_reg_method m,
		    uint8_t *data, size_t len, struct prm_err *err)
{
	size_t hdr = prm_regtlv_header_bytes(), total;
	uint8_t mbox[MBOX_MAX], status;

	if (prm_regtlv_encode(mbox, ic->mbox_bytes < sizeof(mbox) ? ic->mbox_bytes : sizeof(mbox),
			      reg_id, m, data, len, &total, err) ||
	    icmd_exec(ic, PRM_ICMD_REG_ACCESS, mbox, total, total, err) ||
	    prm_regtlv_decode(mbox, total, reg_id, &status, err))
		return -1;
	if (status) {
		prm_err_set(err, PRM_E_FAILED, EIO,
			    status == PRM_REG_STATUS_REG_NOT_SUPP ? "reg_not_supported" : "reg_status",
			    "%s: register 0x%04x %s: status 0x%x (%s)",
			    ic->v->cfg->label, reg_id, m == PRM_REG_GET ? "read" : "write",
			    status, prm_reg_status_name(status));
		prm_err_num(err, "status", status);
		prm_err_str(err, "status_name", prm_reg_status_name(status));
		return -1;
	}
	memcpy(data, mbox + hdr, len);
	return 0;
}
