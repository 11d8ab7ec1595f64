// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Opcodes and opmods from tracer-atomics.md §B1: ATOMIC_CS 0x11, ATOMIC_FA
 * 0x12, ATOMIC_MASKED_CS 0x14, ATOMIC_MASKED_FA 0x15; an extended atomic's
 * opmod is 0x08 | (log2(argument bytes) - 2). Semaphores under 8 bytes ride
 * the 4-byte masked form; the segments are the layouts of wqe.c.
 */
#include <string.h>

#include "lib/prm/atomicwqe.h"
#include "lib/prm/layouts/layouts.h"

/* WQE opcodes, qp.h MLX5_OPCODE_ATOMIC_* (not command opcodes) */
enum {
	MLX5_OPCODE_ATOMIC_CS = 0x11,
	MLX5_OPCODE_ATOMIC_FA = 0x12,
	MLX5_OPCODE_ATOMIC_MASKED_CS = 0x14,
	MLX5_OPCODE_ATOMIC_MASKED_FA = 0x15,
};
#define OPMOD_EXT 0x08

static void seg(struct atomic_wqe *q, const char *name, const struct prm_layout *l)
{
	struct atomic_wqe_seg *s = &q->seg[q->nseg++];

	s->name = name;
	s->layout = l;
	s->off = q->len;
	s->len = prm_layout_bytes(l);
	q->len += s->len;
}

static void set(struct atomic_wqe *q, unsigned i, const char *field, uint64_t v)
{
	const struct atomic_wqe_seg *s = &q->seg[i];

	prm_set(s->layout, q->bytes + s->off, s->len, field, v, NULL);
}

int atomic_wqe_build(const struct atomic_wqe_req *r, struct atomic_wqe *q, const char **why)
{
	const struct atomic_wire *w = &r->w;
	unsigned unit = w->size == 8 ? 8 : 4;
	bool standard = w->size == 8 && !r->masked8 && w->op != ATOMIC_SWAP;
	const struct prm_layout *al;

	memset(q, 0, sizeof(*q));
	if (r->raddr % unit)
		return *why = unit == 8 ? "the remote address is the 8-byte unit's: a multiple of 8"
					: "the remote address is the aligned dword's: a multiple of 4 "
					  "(the semaphore's place in it is --offset)",
		       -1;
	if (standard)
		al = &prm_layout_wqe_atomic_seg;
	else if (w->op == ATOMIC_FA)
		al = unit == 8 ? &prm_layout_wqe_masked_fa64_seg : &prm_layout_wqe_masked_fa32_seg;
	else
		al = unit == 8 ? &prm_layout_wqe_masked_cs64_seg : &prm_layout_wqe_masked_cs32_seg;
	q->opcode = standard ? (w->op == ATOMIC_FA ? MLX5_OPCODE_ATOMIC_FA : MLX5_OPCODE_ATOMIC_CS)
			     : (w->op == ATOMIC_FA ? MLX5_OPCODE_ATOMIC_MASKED_FA : MLX5_OPCODE_ATOMIC_MASKED_CS);
	q->opmod = standard ? 0 : OPMOD_EXT | (unit == 8 ? 1 : 0);
	seg(q, "ctrl", &prm_layout_wqe_ctrl_seg);
	seg(q, "raddr", &prm_layout_wqe_raddr_seg);
	seg(q, "atomic", al);
	if (r->has_local)
		seg(q, "data", &prm_layout_wqe_data_seg);
	q->ds = (unsigned)(q->len / 16);
	set(q, 0, PRM_PATH(wqe_ctrl_seg, "opmod"), q->opmod);
	set(q, 0, PRM_PATH(wqe_ctrl_seg, "wqe_index"), r->wqe_index);
	set(q, 0, PRM_PATH(wqe_ctrl_seg, "opcode"), q->opcode);
	set(q, 0, PRM_PATH(wqe_ctrl_seg, "qpn"), r->qpn);
	set(q, 0, PRM_PATH(wqe_ctrl_seg, "ds"), q->ds);
	set(q, 1, PRM_PATH(wqe_raddr_seg, "raddr"), r->raddr);
	set(q, 1, PRM_PATH(wqe_raddr_seg, "rkey"), r->rkey);
	if (standard) {
		set(q, 2, PRM_PATH(wqe_atomic_seg, "swap_add"), w->swap_add);
		set(q, 2, PRM_PATH(wqe_atomic_seg, "compare"), w->op == ATOMIC_CS ? w->compare : 0);
	} else if (w->op == ATOMIC_FA) {
		/* the 32-bit masked segments name their fields as the 64-bit ones do */
		set(q, 2, PRM_PATH(wqe_masked_fa64_seg, "add"), w->swap_add);
		set(q, 2, PRM_PATH(wqe_masked_fa64_seg, "field_boundary"), w->field_boundary);
	} else {
		set(q, 2, PRM_PATH(wqe_masked_cs64_seg, "swap"), w->swap_add);
		set(q, 2, PRM_PATH(wqe_masked_cs64_seg, "compare"), w->compare);
		set(q, 2, PRM_PATH(wqe_masked_cs64_seg, "swap_mask"), w->swap_mask);
		set(q, 2, PRM_PATH(wqe_masked_cs64_seg, "compare_mask"), w->compare_mask);
	}
	if (r->has_local) {
		set(q, 3, PRM_PATH(wqe_data_seg, "byte_count"), unit);
		set(q, 3, PRM_PATH(wqe_data_seg, "lkey"), r->lkey);
		set(q, 3, PRM_PATH(wqe_data_seg, "addr"), r->laddr);
	}
	return 0;
}
