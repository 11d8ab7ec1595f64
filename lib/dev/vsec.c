// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The vendor-specific capability gateway, host side, for hardware and
 * simulator alike (only struct cfg_port differs). Register offsets and bits
 * as mstflint mtcr_ul_com.c and Linux mlx5 lib/pci_vsc.c use them.
 */
#include "lib/dev/vsec.h"

#include <errno.h>
#include <string.h>
#include "lib/util/clock.h"

#define PCI_CAP_PTR 0x34
#define CAP_ID_VENDOR 0x09

#define VSC_CTRL 0x04
#define VSC_COUNTER 0x08
#define VSC_SEMAPHORE 0x0c
#define VSC_ADDR 0x10
#define VSC_DATA 0x14

#define VSC_TYPE_FUNCTIONAL 0
#define CTRL_SPACE_MASK 0xffffu
#define CTRL_STATUS(v) (((v) >> 29) & 0x7)
#define CTRL_SYNDROME(v) (((v) >> 24) & 0xf)
#define ADDR_MASK 0x3fffffffu
#define ADDR_FLAG (1u << 31)
#define ADDR_SYNDROME (1u << 30)

#define ALL_ONES 0xffffffffu

static int rd(struct vsec *v, uint32_t reg, uint32_t *val, struct prm_err *err)
{
	return v->cfg->read32(v->cfg, v->base + reg, val, err);
}

static int wr(struct vsec *v, uint32_t reg, uint32_t val, struct prm_err *err)
{
	return v->cfg->write32(v->cfg, v->base + reg, val, err);
}

static int gone(struct vsec *v, struct prm_err *err)
{
	return prm_err_set(err, PRM_E_NODEV, ENODEV, "device_gone",
			   "%s: device not responding (reads return all-ones)",
			   v->cfg->label);
}

static int interrupted(struct vsec *v, struct prm_err *err)
{
	return prm_err_set(err, PRM_E_FAILED, EINTR, "interrupted",
			   "%s: interrupted", v->cfg->label);
}

int vsec_open(struct vsec *v, struct cfg_port *cfg, struct prm_err *err)
{
	uint32_t dw, ptr, seen = 0;

	v->cfg = cfg;
	v->base = 0;
	v->locked = false;
	if (!v->lock_ms)
		v->lock_ms = 2000;
	if (!v->flag_ms)
		v->flag_ms = 500;
	if (cfg->read32(cfg, 0, &dw, err))
		return -1;
	if (dw == ALL_ONES)
		return gone(v, err);
	if (cfg->read32(cfg, PCI_CAP_PTR, &ptr, err))
		return -1;
	ptr &= 0xfc;
	/* the legacy list, with a guard against loops and broken chains */
	while (ptr >= 0x40 && ptr < 0x100 && seen++ < 48) {
		if (cfg->read32(cfg, ptr, &dw, err))
			return -1;
		if (dw == ALL_ONES)
			return gone(v, err);
		if ((dw & 0xff) == CAP_ID_VENDOR) {
			if ((dw >> 24) != VSC_TYPE_FUNCTIONAL)
				return prm_err_set(err, PRM_E_NODEV, ENOTSUP, "no_gateway",
						   "%s: vendor capability at 0x%x is not functional (type %u)",
						   cfg->label, ptr, dw >> 24);
			v->base = ptr;
			return 0;
		}
		ptr = (dw >> 8) & 0xfc;
	}
	return prm_err_set(err, PRM_E_NODEV, ENOTSUP, "no_gateway",
			   "%s: no vendor-specific capability (id 0x09) in config space",
			   cfg->label);
}

/*
 * Waited the whole bound for the semaphore. A holder whose ticket never
 * changed in that time is not working through transactions (none holds the
 * gateway that long): it was most likely killed, and waiting longer will not
 * help. Tickets that changed are other agents at work: busy, try again.
 */
static int lock_failed(struct vsec *v, uint32_t sem, bool moved, struct prm_err *err)
{
	if (moved)
		return prm_err_set(err, PRM_E_TIMEOUT, EBUSY, "gateway_busy",
				   "%s: gateway busy (held by ticket %u) after %u ms",
				   v->cfg->label, sem, v->lock_ms);
	return prm_err_set(err, PRM_E_FAILED, EBUSY, "gateway_stale",
			   "%s: gateway semaphore held by ticket %u, unchanged for %u ms: "
			   "its holder looks dead (a killed process leaves it held); if nothing "
			   "else uses the gateway, free it with 'prmctl cr unlock' (--write on hardware)",
			   v->cfg->label, sem, v->lock_ms);
}

int vsec_lock(struct vsec *v, struct prm_err *err)
{
	uint64_t deadline = clock_now_ms() + v->lock_ms;
	uint32_t sem = 0, ticket, back, first = 0;
	bool moved = false;

	for (;;) {
		if (dev_interrupted())
			return interrupted(v, err);
		if (rd(v, VSC_SEMAPHORE, &sem, err))
			return -1;
		if (sem == ALL_ONES)
			return gone(v, err);
		if (sem == 0) {
			moved = true;	/* released while we looked */
			/*
			 * Holding from before the write that may take it: a kill
			 * between that write and its read-back would leave the
			 * gateway taken by a dead process.
			 */
			dev_hold_begin();
			if (rd(v, VSC_COUNTER, &ticket, err) ||
			    wr(v, VSC_SEMAPHORE, ticket, err) ||
			    rd(v, VSC_SEMAPHORE, &back, err)) {
				dev_hold_end();
				return -1;
			}
			if (back == ticket) {
				v->ticket = ticket;
				v->locked = true;
				v->locked_at_us = clock_now_us();
				return 0;
			}
			dev_hold_end();
			sem = back;
		}
		if (!first)
			first = sem;
		else if (sem != first)
			moved = true;
		if (clock_now_ms() >= deadline)
			return lock_failed(v, sem, moved, err);
		clock_sleep_us(1000);
	}
}

void vsec_unlock(struct vsec *v)
{
	if (!v->locked)
		return;
	wr(v, VSC_SEMAPHORE, 0, NULL);
	v->locked = false;
	dev_hold_end();
	if (v->yield) {
		uint64_t held = clock_now_us() - v->locked_at_us;

		clock_sleep_us(held * 3 > 1000 ? (unsigned)(held * 3 < 1000000 ? held * 3 : 1000000)
				: 1000);
	}
}

int vsec_clear(struct vsec *v, uint32_t *holder, struct prm_err *err)
{
	uint32_t back;

	if (rd(v, VSC_SEMAPHORE, holder, err))
		return -1;
	if (*holder == ALL_ONES)
		return gone(v, err);
	if (*holder == 0)
		return 0;
	if (wr(v, VSC_SEMAPHORE, 0, err) || rd(v, VSC_SEMAPHORE, &back, err))
		return -1;
	/* another agent may take it at once: only the old ticket staying is failure */
	if (back == *holder)
		return prm_err_set(err, PRM_E_FAILED, EIO, "gateway_clear_failed",
				   "%s: gateway semaphore still held by ticket %u after writing 0",
				   v->cfg->label, back);
	return 0;
}

int vsec_select(struct vsec *v, uint16_t space, struct prm_err *err)
{
	uint32_t ctrl;

	if (rd(v, VSC_CTRL, &ctrl, err))
		return -1;
	if (ctrl == ALL_ONES)
		return gone(v, err);
	ctrl = (ctrl & ~CTRL_SPACE_MASK) | space;
	ctrl &= ~(1u << 28);	/* not size-valid: addresses, not sizes */
	if (wr(v, VSC_CTRL, ctrl, err) || rd(v, VSC_CTRL, &ctrl, err))
		return -1;
	if (ctrl == ALL_ONES)
		return gone(v, err);
	if ((ctrl & CTRL_SPACE_MASK) != space || CTRL_STATUS(ctrl) == 0)
		return prm_err_set(err, PRM_E_FAILED, ENOTSUP, "space_not_supported",
				   "%s: address space 0x%x is not supported by the gateway",
				   v->cfg->label, space);
	return 0;
}

/* Wait until the flag reads want; the first polls do not sleep. */
static int wait_flag(struct vsec *v, bool want, uint32_t *addr, struct prm_err *err)
{
	uint64_t deadline = clock_now_ms() + v->flag_ms;

	for (unsigned i = 0;; i++) {
		if (rd(v, VSC_ADDR, addr, err))
			return -1;
		if (*addr == ALL_ONES)
			return gone(v, err);
		if (!!(*addr & ADDR_FLAG) == want)
			return 0;
		if (dev_interrupted())
			return interrupted(v, err);
		if (clock_now_ms() >= deadline)
			return prm_err_set(err, PRM_E_TIMEOUT, ETIMEDOUT, "gateway_timeout",
					   "%s: gateway transfer did not complete in %u ms",
					   v->cfg->label, v->flag_ms);
		if (i >= 16)
			clock_sleep_us(1000);
	}
}

static int syndrome(struct vsec *v, uint32_t addr, uint32_t want, struct prm_err *err)
{
	uint32_t ctrl = 0;

	if (!(addr & ADDR_SYNDROME))
		return 0;
	rd(v, VSC_CTRL, &ctrl, NULL);
	return prm_err_set(err, PRM_E_FAILED, EFAULT, "gateway_syndrome",
			   "%s: gateway refused address 0x%x in space 0x%x (syndrome %u%s)",
			   v->cfg->label, want, ctrl & CTRL_SPACE_MASK, CTRL_SYNDROME(ctrl),
			   CTRL_SYNDROME(ctrl) == 3 ? ": address out of range" : "");
}

int vsec_read(struct vsec *v, uint32_t addr, uint32_t *val, struct prm_err *err)
{
	uint32_t a;

	if (addr & ~ADDR_MASK || addr % 4)
		return prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_address",
				   "address 0x%x: must be dword aligned and below 0x40000000", addr);
	if (wr(v, VSC_ADDR, addr, err))
		return -1;
	/*
	 * The flag and the data in one access where the port has one (sysfs
	 * config: one pread instead of two): the data register is read after
	 * the address register, so with the flag seen set it is the value.
	 * A third fewer config accesses per dword, which is most of a dump.
	 */
	if (v->cfg->read_pair) {
		uint32_t pair[2];

		if (v->cfg->read_pair(v->cfg, v->base + VSC_ADDR, pair, err))
			return -1;
		if (pair[0] != ALL_ONES && (pair[0] & ADDR_FLAG)) {
			if (syndrome(v, pair[0], addr, err))
				return -1;
			*val = pair[1];
			return 0;
		}
	}
	if (wait_flag(v, true, &a, err))
		return -1;
	if (syndrome(v, a, addr, err))
		return -1;
	return rd(v, VSC_DATA, val, err);
}

/*
 * How many dwords of a vsec_read_many go out in one batch: the stop is
 * looked at between batches, and a dword whose transfer was not seen done
 * costs at most the rest of its batch sent again.
 */
#define BATCH_DWORDS 64

/*
 * Up to n dwords in one batch, each as vsec_read moves it: ADDR written,
 * ADDR read, DATA read. Returns how many of the first dwords were seen done
 * (their ADDR read back with the flag set, no syndrome, the address ours):
 * those values are the data. The rest are not to be trusted: the first of
 * them may still have been in flight when the next address was written.
 */
static int read_batch(struct vsec *v, const uint32_t *addrs, uint32_t *vals, size_t n,
		      size_t *done, struct prm_err *err)
{
	struct cfg_access acc[3 * BATCH_DWORDS];
	uint32_t got[2 * BATCH_DWORDS];
	size_t m = 0;

	if (n > BATCH_DWORDS)
		n = BATCH_DWORDS;
	/* a bad address ends the batch: vsec_read refuses it as it would alone */
	for (; m < n && !(addrs[m] & ~ADDR_MASK) && !(addrs[m] % 4); m++) {
		acc[3 * m] = (struct cfg_access){ .off = v->base + VSC_ADDR, .val = addrs[m],
						  .write = 1 };
		acc[3 * m + 1] = (struct cfg_access){ .off = v->base + VSC_ADDR };
		acc[3 * m + 2] = (struct cfg_access){ .off = v->base + VSC_DATA };
	}
	*done = 0;
	if (m && v->cfg->batch(v->cfg, acc, 3 * m, got, err))
		return -1;
	for (size_t j = 0; j < m; j++) {
		uint32_t a = got[2 * j];

		if (a == ALL_ONES || !(a & ADDR_FLAG) || a & ADDR_SYNDROME ||
		    (a & ADDR_MASK) != addrs[j])
			break;
		vals[j] = got[2 * j + 1];
		*done = j + 1;
	}
	return 0;
}

int vsec_read_many(struct vsec *v, const uint32_t *addrs, uint32_t *vals, size_t n,
		   struct prm_err *err)
{
	size_t i = 0;

	while (i < n) {
		size_t done = 0;

		if (dev_interrupted())
			return interrupted(v, err);
		if (v->cfg->batch && read_batch(v, addrs + i, vals + i, n - i, &done, err))
			return -1;
		i += done;
		/*
		 * Not seen done in the batch (in flight, refused, gone), or no
		 * batch at all: the single read's way, its waits and errors.
		 */
		if (i < n && (!v->cfg->batch || done < BATCH_DWORDS)) {
			if (vsec_read(v, addrs[i], &vals[i], err))
				return -1;
			i++;
		}
	}
	return 0;
}

int vsec_write(struct vsec *v, uint32_t addr, uint32_t val, struct prm_err *err)
{
	uint32_t a;

	if (addr & ~ADDR_MASK || addr % 4)
		return prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_address",
				   "address 0x%x: must be dword aligned and below 0x40000000", addr);
	if (wr(v, VSC_DATA, val, err) || wr(v, VSC_ADDR, addr | ADDR_FLAG, err) ||
	    wait_flag(v, false, &a, err))
		return -1;
	return syndrome(v, a, addr, err);
}

/* One transaction: lock, select, up to VSEC_HOLD_DWORDS each way, unlock on every path. */
static int chunk(struct vsec *v, uint16_t space, uint32_t addr, uint32_t *in,
		 const uint32_t *out, size_t n, struct prm_err *err)
{
	int rc = vsec_lock(v, err);

	if (rc)
		return rc;
	rc = vsec_select(v, space, err);
	for (size_t i = 0; !rc && out && i < n; i++) {
		uint32_t at = addr + (uint32_t)i * 4;

		if (dev_interrupted())
			rc = interrupted(v, err);
		else
			rc = vsec_write(v, at, out[i], err);
	}
	if (!rc && !out) {
		uint32_t addrs[VSEC_HOLD_DWORDS];

		for (size_t i = 0; i < n; i++)
			addrs[i] = addr + (uint32_t)i * 4;
		rc = vsec_read_many(v, addrs, in, n, err);
	}
	vsec_unlock(v);
	return rc;
}

static int block(struct vsec *v, uint16_t space, uint32_t addr, uint32_t *in,
		 const uint32_t *out, size_t n, struct prm_err *err)
{
	for (size_t i = 0; i < n; i += VSEC_HOLD_DWORDS) {
		size_t k = n - i < VSEC_HOLD_DWORDS ? n - i : VSEC_HOLD_DWORDS;

		if (chunk(v, space, addr + (uint32_t)i * 4, in ? in + i : NULL,
			  out ? out + i : NULL, k, err))
			return -1;
	}
	return 0;
}

int vsec_read_block(struct vsec *v, uint16_t space, uint32_t addr,
		    uint32_t *vals, size_t n, struct prm_err *err)
{
	return block(v, space, addr, vals, NULL, n, err);
}

int vsec_write_block(struct vsec *v, uint16_t space, uint32_t addr,
		     const uint32_t *vals, size_t n, struct prm_err *err)
{
	return block(v, space, addr, NULL, vals, n, err);
}

int vsec_space_supported(struct vsec *v, uint16_t space, bool *yes,
			 struct prm_err *err)
{
	struct prm_err e2 = { 0 };
	int rc = vsec_lock(v, err);

	if (rc)
		return rc;
	rc = vsec_select(v, space, &e2);
	vsec_unlock(v);
	*yes = rc == 0;
	if (rc && (!e2.reason || strcmp(e2.reason, "space_not_supported"))) {
		*err = e2;
		return -1;
	}
	return 0;
}
