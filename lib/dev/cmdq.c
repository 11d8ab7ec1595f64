// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/dev/cmdq.h"

#include <errno.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "lib/dev/cfg.h"
#include "lib/dev/dev.h"
#include "lib/prm/cmdstatus.h"
#include "lib/prm/initseg.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/prm/names.h"
#include "lib/util/clock.h"
#include "lib/prm/opcodes.h"

#define ENTRY_BYTES 64
#define BLOCK_BYTES 576
#define BLOCK_DATA 512
#define BLOCK_ALIGN 1024
#define INLINE_BYTES 16
#define PAGE 4096
#define CMD_XPORT_PCI 7
#define MAX_SLOTS 32
#define MAX_PAGES 256
#define INIT_WAIT_MS 10000	/* when the firmware does not say */
/*
 * Waiting for the ownership bit: firmware answers most commands in
 * microseconds, so the wait first polls without sleeping (a sleep alone
 * costs more than such a command), bounded so a slow command does not hold
 * a CPU: SPIN_US of polling, each poll offering the CPU to others (the
 * simulator's firmware thread may need this one: a spin that yields only
 * every 2 us measured twice as slow on a loaded 2-CPU machine), then sleeps
 * that grow from SLEEP_MIN_US to SLEEP_MAX_US, so a command that hangs
 * costs ~1000 wake-ups a second, not ~4000, until its timeout.
 */
#define SPIN_US 200
#define SLEEP_MIN_US 10
#define SLEEP_MAX_US 1000
#define GONE_LOOK_MS 10		/* while waiting, how often to check the function is there */


/*
 * The fields every command writes or reads, resolved from their paths once
 * per queue: looked up by path each time they were half a NOP's host CPU.
 */
enum { E_TYPE, E_INLEN, E_OUTLEN, E_IN_PTR, E_OUT_PTR, E_TOKEN, B_NUM, B_TOKEN, B_NEXT,
       O_STATUS, O_SYNDROME, NFIELDS };

static const struct {
	const struct prm_layout *layout;
	const char *path;
} field_paths[NFIELDS] = {
	[E_TYPE] = { &prm_layout_cmdq_entry, PRM_PATH(cmdq_entry, "type") },
	[E_INLEN] = { &prm_layout_cmdq_entry, PRM_PATH(cmdq_entry, "inlen") },
	[E_OUTLEN] = { &prm_layout_cmdq_entry, PRM_PATH(cmdq_entry, "outlen") },
	[E_IN_PTR] = { &prm_layout_cmdq_entry, PRM_PATH(cmdq_entry, "in_ptr") },
	[E_OUT_PTR] = { &prm_layout_cmdq_entry, PRM_PATH(cmdq_entry, "out_ptr") },
	[E_TOKEN] = { &prm_layout_cmdq_entry, PRM_PATH(cmdq_entry, "token") },
	[B_NUM] = { &prm_layout_cmd_mailbox_block, PRM_PATH(cmd_mailbox_block, "block_num") },
	[B_TOKEN] = { &prm_layout_cmd_mailbox_block, PRM_PATH(cmd_mailbox_block, "token") },
	[B_NEXT] = { &prm_layout_cmd_mailbox_block, PRM_PATH(cmd_mailbox_block, "next") },
	[O_STATUS] = { &prm_layout_mbox_out, PRM_PATH(mbox_out, "status") },
	[O_SYNDROME] = { &prm_layout_mbox_out, PRM_PATH(mbox_out, "syndrome") },
};

struct cmdq {
	struct dev *d;
	struct prm_loc field[NFIELDS];	/* field_paths[], resolved */
	struct dma_provider *dma;
	struct dma_buf queue;
	uint8_t token;
	uint64_t timeout_ms;
	unsigned nslots, stride;
	/* slots whose command never came back: the firmware may still write
	 * them and their mailboxes, so neither is used again */
	uint32_t stuck;
	uint32_t busy;		/* slots in flight (the hook's commands run while one waits) */
	bool gone;		/* reads returned all-ones: nothing more is sent */
	struct dma_buf pages[MAX_PAGES];
	unsigned npages;
	bool enabled, initialized;
	/* called while commands wait and before each is sent (page requests) */
	int (*on_wait)(void *ctx, struct prm_err *err);
	void *on_wait_ctx;
	bool in_hook;		/* the hook's own commands do not call it again */
};

/* The hook, once at a time: what it fails at is the hook's, not the command's. */
static void run_hook(struct cmdq *q)
{
	struct prm_err ignored = { 0 };

	if (!q->on_wait || q->in_hook)
		return;
	q->in_hook = true;
	(void)q->on_wait(q->on_wait_ctx, &ignored);
	q->in_hook = false;
}

static void put(const struct cmdq *q, unsigned f, void *buf, uint64_t v)
{
	prm_bits_set(buf, prm_layout_bytes(field_paths[f].layout), q->field[f].off,
		     q->field[f].width, v);
}

static uint64_t get(const struct cmdq *q, unsigned f, const void *buf, size_t len)
{
	uint64_t v = 0;

	prm_bits_get(buf, len, q->field[f].off, q->field[f].width, &v);
	return v;
}

/* A chain of n mailbox blocks; blocks[] gets them in order. */
static int chain_alloc(struct cmdq *q, struct dma_buf *blocks, size_t n,
		       struct prm_err *err)
{
	for (size_t i = 0; i < n; i++) {
		if (q->dma->alloc(q->dma, BLOCK_BYTES, BLOCK_ALIGN, &blocks[i], err))
			return -1;
		put(q, B_NUM, blocks[i].va, i);
		put(q, B_TOKEN, blocks[i].va, q->token);
		if (i)
			put(q, B_NEXT, blocks[i - 1].va, blocks[i].iova);
	}
	return 0;
}

static void chain_sign(struct dma_buf *blocks, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		uint8_t *b = blocks[i].va;

		b[0x23e] = 0;
		b[0x23f] = 0;
		b[0x23e] = (uint8_t)~prm_xor8(b + BLOCK_DATA, 62);
		b[0x23f] = (uint8_t)~prm_xor8(b, BLOCK_BYTES - 1);
	}
}

static void chain_free(struct cmdq *q, struct dma_buf *blocks, size_t n)
{
	while (n--)	/* last allocated first */
		q->dma->free(q->dma, &blocks[n]);
}

static size_t nblocks(size_t len)
{
	return len > INLINE_BYTES ? (len - INLINE_BYTES + BLOCK_DATA - 1) / BLOCK_DATA : 0;
}

static int ring(struct cmdq *q, unsigned slot, struct prm_err *err)
{
	uint32_t bell = (uint32_t)1 << slot;
	uint8_t be[4] = { (uint8_t)(bell >> 24), (uint8_t)(bell >> 16), (uint8_t)(bell >> 8),
			  (uint8_t)bell };

	return dev_bar_write(q->d, 0x18, be, 4, err);
}

static bool owned(volatile uint8_t *own)
{
	return __atomic_load_n(own, __ATOMIC_ACQUIRE) & 1;
}

static int wait_done(struct cmdq *q, volatile uint8_t *own, uint16_t opcode,
		     struct prm_err *err)
{
	uint64_t now = clock_now_us(), spin_until = now + SPIN_US;
	uint64_t deadline = now / 1000 + q->timeout_ms, next_look = now / 1000 + GONE_LOOK_MS;
	unsigned nap = SLEEP_MIN_US;
	const char *name;

	while (owned(own) && clock_now_us() < spin_until)
		sched_yield();
	for (;;) {
		if (!owned(own))
			return 0;
		if (dev_interrupted())
			return prm_err_set(err, PRM_E_FAILED, EINTR, "interrupted",
					   "%s: interrupted", q->d->label);
		/* a function that left the bus answers nothing: say so now, not
		 * after the firmware's timeout */
		if (clock_now_ms() >= next_look) {
			uint32_t w = 0;

			next_look = clock_now_ms() + GONE_LOOK_MS;
			run_hook(q);	/* the firmware may wait for pages to finish this one */
			if (dev_bar_read(q->d, 0, &w, sizeof(w), err) == 0 && w == 0xffffffffu) {
				q->gone = true;
				name = prm_name_of(&prm_cmd_opcode_names, opcode);
				return prm_err_set(err, PRM_E_NODEV, ENODEV, "device_gone",
						   "%s: %s(0x%x): device not responding (reads return all-ones)",
						   q->d->label, name ? name : "UNKNOWN", opcode);
			}
		}
		if (clock_now_ms() >= deadline) {
			name = prm_name_of(&prm_cmd_opcode_names, opcode);
			return prm_err_set(err, PRM_E_TIMEOUT, ETIMEDOUT, "cmd_timeout",
					   "%s: %s(0x%x) not completed in %llu ms",
					   q->d->label, name ? name : "UNKNOWN", opcode,
					   (unsigned long long)q->timeout_ms);
		}
		clock_sleep_us(nap);	/* a signal ends it early */
		nap = nap * 2 < SLEEP_MAX_US ? nap * 2 : SLEEP_MAX_US;
	}
}

int cmdq_exec(struct cmdq *q, const void *in, size_t inlen, void *out, size_t outlen,
	      struct cmd_result *res, struct prm_err *err)
{
	size_t nin = nblocks(inlen), nout = nblocks(outlen);
	struct dma_buf few[16], *blk = few;	/* QUERY_HCA_CAP takes 9 */
	unsigned slot = 0;
	uint8_t *e, ds;
	int rc = -1;

	if (inlen < 8 || outlen < 8)
		return prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_length",
				   "command input and output are at least 8 bytes");
	if (q->gone)
		return prm_err_set(err, PRM_E_NODEV, ENODEV, "device_gone",
				   "%s: device not responding (reads return all-ones)", q->d->label);
	run_hook(q);
	while (slot < q->nslots && ((q->stuck | q->busy) >> slot & 1))
		slot++;
	if (slot == q->nslots)
		return prm_err_set(err, PRM_E_FAILED, EBUSY, "cmdq_stuck",
				   "%s: every command queue slot holds a command the firmware never completed",
				   q->d->label);
	if (nin + nout > sizeof(few) / sizeof(few[0]) && !(blk = calloc(nin + nout, sizeof(*blk))))
		return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
	if (blk == few)	/* a chain that fails half-way frees what it got */
		memset(few, 0, (nin + nout) * sizeof(few[0]));
	e = q->queue.va + slot * q->stride;
	q->token = (uint8_t)(q->token + 1 ? q->token + 1 : 1);	/* never 0 */
	if (chain_alloc(q, blk, nin, err) || chain_alloc(q, blk + nin, nout, err))
		goto out;
	/* input: 16 bytes inline, the rest 512 at a time */
	memset(e, 0, ENTRY_BYTES);
	memcpy(e + 0x10, in, inlen < INLINE_BYTES ? inlen : INLINE_BYTES);
	for (size_t i = 0; i < nin; i++) {
		size_t at = INLINE_BYTES + i * BLOCK_DATA, n = inlen - at;

		memcpy(blk[i].va, (const uint8_t *)in + at, n < BLOCK_DATA ? n : BLOCK_DATA);
	}
	chain_sign(blk, nin + nout);
	put(q, E_TYPE, e, CMD_XPORT_PCI);
	put(q, E_INLEN, e, inlen);
	put(q, E_OUTLEN, e, outlen);
	put(q, E_IN_PTR, e, nin ? blk[0].iova : 0);
	put(q, E_OUT_PTR, e, nout ? blk[nin].iova : 0);
	put(q, E_TOKEN, e, q->token);
	e[0x3f] = 1;				/* owned by the device */
	e[0x3d] = (uint8_t)~prm_xor8(e, ENTRY_BYTES);	/* signature over the rest */
	__atomic_thread_fence(__ATOMIC_RELEASE);	/* descriptor valid before the bell */
	q->busy |= 1u << slot;
	if (ring(q, slot, err))
		goto out;
	if (wait_done(q, &e[0x3f], prm_cmd_opcode(in, inlen), err)) {
		q->busy &= ~(1u << slot);
		/* timed out, interrupted or gone: the entry is still the device's,
		 * which may write it and its mailboxes late (see stuck) */
		q->stuck |= 1u << slot;
		if (blk != few)
			free(blk);	/* the chain stays allocated */
		return -1;
	}
	ds = e[0x3f] >> 1;
	if (ds) {
		const char *n = prm_name_of(&prm_cmd_delivery_status_names, ds);

		prm_err_set(err, PRM_E_FAILED, EIO, "delivery_status",
			    "%s: %s(0x%llx) not delivered: %s (0x%x)", q->d->label,
			    prm_name_of(&prm_cmd_opcode_names, prm_cmd_opcode(in, inlen)) ?: "UNKNOWN",
			    (unsigned long long)prm_cmd_opcode(in, inlen),
			    n ? n : "unknown status code", ds);
		prm_err_num(err, "delivery_status", ds);
		prm_err_str(err, "delivery_status_name", n);
		prm_err_num(err, "opcode", prm_cmd_opcode(in, inlen));
		prm_err_str(err, "opcode_name", prm_name_of(&prm_cmd_opcode_names, prm_cmd_opcode(in, inlen)));
		goto out;
	}
	memset(out, 0, outlen);
	memcpy(out, e + 0x20, outlen < INLINE_BYTES ? outlen : INLINE_BYTES);
	for (size_t i = 0; i < nout; i++) {
		size_t at = INLINE_BYTES + i * BLOCK_DATA, n = outlen - at;

		memcpy((uint8_t *)out + at, blk[nin + i].va, n < BLOCK_DATA ? n : BLOCK_DATA);
	}
	res->status = (uint8_t)get(q, O_STATUS, out, outlen);
	res->syndrome = (uint32_t)get(q, O_SYNDROME, out, outlen);
	rc = 0;
out:
	q->busy &= ~(1u << slot);
	chain_free(q, blk, nin + nout);
	if (blk != few)
		free(blk);
	return rc;
}

int cmdq_run(struct cmdq *q, const void *in, size_t inlen, void *out, size_t outlen,
	     struct prm_err *err)
{
	struct cmd_result r;

	if (cmdq_exec(q, in, inlen, out, outlen, &r, err))
		return -1;
	return prm_cmd_check(err, q->d->label, in, inlen, r.status, r.syndrome);
}

/* A command with nothing set beyond opcode and op_mod, at its full size. */
static int simple(struct cmdq *q, uint16_t opcode, uint16_t op_mod,
		  const struct prm_layout *in_l, uint8_t *out,
		  const struct prm_layout *out_l, struct prm_err *err)
{
	uint8_t in[256] = { 0 };
	size_t inlen = prm_layout_bytes(in_l) < 16 ? 16 : prm_layout_bytes(in_l);

	PRM_SET(mbox_in, in, prm_layout_bytes(&prm_layout_mbox_in), "opcode", opcode);
	PRM_SET(mbox_in, in, prm_layout_bytes(&prm_layout_mbox_in), "op_mod", op_mod);
	return cmdq_run(q, in, inlen, out, prm_layout_bytes(out_l), err);
}

/* MANAGE_PAGES: n more pages of ours to the firmware, kept for the teardown. */
static int give_n(struct cmdq *q, uint64_t n, struct prm_err *err)
{
	size_t hdr = prm_layout_bytes(&prm_layout_manage_pages_in);
	uint8_t out[64] = { 0 }, *in;
	int rc;

	if (n > MAX_PAGES - q->npages)
		return prm_err_set(err, PRM_E_FAILED, ENOMEM, "too_many_pages",
				   "%s: firmware asks for %llu pages, more than prmctl gives (%u)",
				   q->d->label, (unsigned long long)n, MAX_PAGES);
	if (!n)
		return 0;
	in = calloc(1, hdr + n * 8);
	if (!in)
		return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
	PRM_SET(mbox_in, in, prm_layout_bytes(&prm_layout_mbox_in), "opcode", MLX5_CMD_OP_MANAGE_PAGES);
	PRM_SET(mbox_in, in, prm_layout_bytes(&prm_layout_mbox_in), "op_mod", 1);	/* give */
	PRM_SET(manage_pages_in, in, prm_layout_bytes(&prm_layout_manage_pages_in), "input_num_entries", n);
	for (uint64_t i = 0; i < n; i++) {
		struct dma_buf *p = &q->pages[q->npages];

		if (q->dma->alloc(q->dma, PAGE, PAGE, p, err)) {
			free(in);
			return -1;
		}
		q->npages++;
		prm_bits_set(in, hdr + n * 8, (uint32_t)((hdr + i * 8) * 8), 64, p->iova);
	}
	rc = cmdq_run(q, in, hdr + n * 8, out, prm_layout_bytes(&prm_layout_manage_pages_out), err);
	free(in);
	return rc;
}

/* MANAGE_PAGES: n pages back from the firmware, each forgotten as it returns. */
static int take_n(struct cmdq *q, uint64_t n, struct prm_err *err)
{
	size_t hdr = prm_layout_bytes(&prm_layout_manage_pages_in);
	size_t ohdr = prm_layout_bytes(&prm_layout_manage_pages_out), olen;
	uint8_t in[64] = { 0 }, *out;
	uint64_t got;

	n = n < q->npages ? n : q->npages;
	if (!n)
		return 0;
	olen = ohdr + n * 8;
	out = calloc(1, olen);
	if (!out)
		return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
	PRM_SET(mbox_in, in, prm_layout_bytes(&prm_layout_mbox_in), "opcode", MLX5_CMD_OP_MANAGE_PAGES);
	PRM_SET(mbox_in, in, prm_layout_bytes(&prm_layout_mbox_in), "op_mod", 2);	/* take */
	PRM_SET(manage_pages_in, in, hdr, "input_num_entries", n);
	if (cmdq_run(q, in, hdr, out, olen, err)) {
		free(out);
		return -1;
	}
	got = PRM_GET(manage_pages_out, out, olen, "output_num_entries");
	for (uint64_t i = 0; i < got && i < n; i++) {
		uint64_t addr = 0;

		prm_bits_get(out, olen, (uint32_t)((ohdr + i * 8) * 8), 64, &addr);
		for (unsigned k = 0; k < q->npages; k++)
			if (q->pages[k].iova == addr) {
				/* the bump allocator reuses only its last block:
				 * a page freed out of order stays allocated */
				q->dma->free(q->dma, &q->pages[k]);
				q->pages[k] = q->pages[--q->npages];
				break;
			}
	}
	free(out);
	return 0;
}

int cmdq_page_request(struct cmdq *q, int32_t n, struct prm_err *err)
{
	return n >= 0 ? give_n(q, (uint64_t)n, err) : take_n(q, (uint64_t)-(int64_t)n, err);
}

bool cmdq_stuck(const struct cmdq *q)
{
	return q && (q->stuck || q->gone);
}

void cmdq_on_wait(struct cmdq *q, int (*fn)(void *ctx, struct prm_err *err), void *ctx)
{
	q->on_wait = fn;
	q->on_wait_ctx = ctx;
}

/* What QUERY_PAGES says the firmware wants (which: 1 boot, 2 init), given. */
static int give_pages(struct cmdq *q, uint16_t which, struct prm_err *err)
{
	uint8_t out[64] = { 0 };

	if (simple(q, MLX5_CMD_OP_QUERY_PAGES, which, &prm_layout_query_pages_in, out, &prm_layout_query_pages_out, err))
		return -1;
	return give_n(q, PRM_GET(query_pages_out, out, prm_layout_bytes(&prm_layout_query_pages_out), "num_pages"), err);
}

static int bring_up(struct cmdq *q, struct prm_err *err)
{
	uint8_t out[0x100] = { 0 }, in[64] = { 0 };

	if (simple(q, MLX5_CMD_OP_ENABLE_HCA, 0, &prm_layout_enable_hca_in, out, &prm_layout_enable_hca_out, err))
		return -1;
	q->enabled = true;
	if (simple(q, MLX5_CMD_OP_QUERY_ISSI, 0, &prm_layout_query_issi_in, out, &prm_layout_query_issi_out, err))
		return -1;
	if (PRM_GET(query_issi_out, out, prm_layout_bytes(&prm_layout_query_issi_out), "supported_issi_dw0") & 0x2) {
		PRM_SET(mbox_in, in, prm_layout_bytes(&prm_layout_mbox_in), "opcode", MLX5_CMD_OP_SET_ISSI);
		PRM_SET(set_issi_in, in, prm_layout_bytes(&prm_layout_set_issi_in), "current_issi", 1);
		if (cmdq_run(q, in, prm_layout_bytes(&prm_layout_set_issi_in) < 16 ? 16 :
				 prm_layout_bytes(&prm_layout_set_issi_in), out,
			     prm_layout_bytes(&prm_layout_set_issi_out), err))
			return -1;
	}
	if (give_pages(q, 1, err) || give_pages(q, 2, err) ||
	    simple(q, MLX5_CMD_OP_INIT_HCA, 0, &prm_layout_init_hca_in, out, &prm_layout_init_hca_out, err))
		return -1;
	q->initialized = true;
	return 0;
}

int cmdq_open(struct dev *d, struct dma_provider *dma, unsigned timeout_ms,
	      struct cmdq **out, struct prm_err *err)
{
	static uint8_t seg[DEV_INITSEG_BYTES];
	struct prm_initseg_summary s;
	uint64_t deadline;
	uint8_t w[8];
	struct cmdq *q;

	*out = NULL;
	if (dev_read_initseg(d, seg, err) || prm_initseg_summarize(seg, sizeof(seg), &s, err))
		return -1;
	if (s.cmd_interface_rev != PRM_CMD_INTERFACE_REV)
		return prm_err_set(err, PRM_E_FAILED, EPROTO, "cmdif_rev",
				   "%s: command interface revision %u, prmctl speaks %u",
				   d->label, s.cmd_interface_rev, PRM_CMD_INTERFACE_REV);
	if (s.cmdq_entries * s.cmdq_stride > PAGE || s.cmdq_stride < ENTRY_BYTES)
		return prm_err_set(err, PRM_E_FAILED, EPROTO, "bad_cmdq",
				   "%s: a command queue of %u entries of %u bytes does not fit a page",
				   d->label, s.cmdq_entries, s.cmdq_stride);
	q = calloc(1, sizeof(*q));
	if (!q)
		return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
	q->d = d;
	q->dma = dma;
	for (unsigned f = 0; f < NFIELDS; f++)
		if (prm_path_resolve(field_paths[f].layout, field_paths[f].path, &q->field[f], err)) {
			free(q);
			return -1;
		}
	q->timeout_ms = timeout_ms ? timeout_ms :
			(s.cmd_exec_timeout_ms ? s.cmd_exec_timeout_ms : 60000) + 1000;
	q->nslots = s.cmdq_entries < MAX_SLOTS ? s.cmdq_entries : MAX_SLOTS;
	q->stride = s.cmdq_stride;
	if (dma->alloc(dma, PAGE, PAGE, &q->queue, err))
		goto fail;
	/* the queue address: high word, then low word (its low 12 bits are the
	 * firmware's size and stride, read-only; written back as read) */
	memcpy(w, seg + 0x14, 4);
	w[0] = (uint8_t)(q->queue.iova >> 24);
	w[1] = (uint8_t)(q->queue.iova >> 16);
	w[2] = (uint8_t)((q->queue.iova >> 8 & 0xf0) | (w[2] & 0x0f));
	{
		uint8_t hi[4] = { (uint8_t)(q->queue.iova >> 56), (uint8_t)(q->queue.iova >> 48),
				  (uint8_t)(q->queue.iova >> 40), (uint8_t)(q->queue.iova >> 32) };

		if (dev_bar_write(d, 0x10, hi, 4, err) || dev_bar_write(d, 0x14, w, 4, err))
			goto fail;
	}
	/* the firmware clears 'initializing' when it is ready for commands */
	deadline = clock_now_ms() + (s.fw_init_timeout_ms ? s.fw_init_timeout_ms : INIT_WAIT_MS);
	while (s.initializing) {
		if (clock_now_ms() >= deadline) {
			prm_err_set(err, PRM_E_TIMEOUT, ETIMEDOUT, "fw_initializing",
				    "%s: firmware still initializing", d->label);
			goto fail;
		}
		clock_sleep_us(2000);
		if (dev_read_initseg(d, seg, err) || prm_initseg_summarize(seg, sizeof(seg), &s, err))
			goto fail;
	}
	if (bring_up(q, err))
		goto fail;
	*out = q;
	return 0;
fail:
	cmdq_close(q);
	return -1;
}

static int teardown(struct cmdq *q, struct prm_err *err)
{
	uint8_t out[256], *in;
	size_t hdr = prm_layout_bytes(&prm_layout_manage_pages_in);
	struct prm_err e = { 0 };
	int rc = 0;

	if (!q)
		return 0;
	/* every step is tried, unless the firmware stopped answering: then a
	 * timeout each would only make the exit slow; the first failure is the
	 * one reported */
	if (q->initialized &&
	    simple(q, MLX5_CMD_OP_TEARDOWN_HCA, 0, &prm_layout_teardown_hca_in, out, &prm_layout_teardown_hca_out, &e))
		rc = rc ? rc : (*err = e, -1);
	if (rc && (e.kind == PRM_E_TIMEOUT || q->gone))
		q->enabled = false;	/* nobody to give the pages back or disable */
	if (q->enabled && q->npages && (in = calloc(1, hdr))) {
		uint8_t *pout = calloc(1, hdr + q->npages * 8);

		/* take every page back before the function goes away */
		PRM_SET(mbox_in, in, prm_layout_bytes(&prm_layout_mbox_in), "opcode", MLX5_CMD_OP_MANAGE_PAGES);
		PRM_SET(mbox_in, in, prm_layout_bytes(&prm_layout_mbox_in), "op_mod", 2);
		PRM_SET(manage_pages_in, in, prm_layout_bytes(&prm_layout_manage_pages_in), "input_num_entries", q->npages);
		if (pout && cmdq_run(q, in, hdr, pout, hdr + q->npages * 8, &e)) {
			rc = rc ? rc : (*err = e, -1);
			if (e.kind == PRM_E_TIMEOUT || q->gone)
				q->enabled = false;
		}
		free(pout);
		free(in);
	}
	if (q->enabled &&
	    simple(q, MLX5_CMD_OP_DISABLE_HCA, 0, &prm_layout_disable_hca_in, out, &prm_layout_disable_hca_out, &e))
		rc = rc ? rc : (*err = e, -1);
	while (q->npages)
		q->dma->free(q->dma, &q->pages[--q->npages]);
	if (q->queue.va)
		q->dma->free(q->dma, &q->queue);
	free(q);
	return rc;
}

int cmdq_shutdown(struct cmdq *q, struct prm_err *err)
{
	int rc;

	dev_cleanup_begin();
	rc = teardown(q, err);
	dev_cleanup_end();
	return rc;
}

void cmdq_close(struct cmdq *q)
{
	struct prm_err err = { 0 };

	cmdq_shutdown(q, &err);
}
