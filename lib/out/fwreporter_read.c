// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* mlx5's fw and fw_fatal reporter keys into health fields (fwreporter_read.h). */
#include <errno.h>
#include <string.h>

#include "lib/out/fwreporter_read.h"

static int wrong(struct prm_err *err, const char *key)
{
	return prm_err_set(err, PRM_E_FAILED, EPROTO, "bad_fw_reporter",
			   "mlx5 fw reporter: '%s' is not of the type the mlx5 driver sends", key);
}

/* A number member of the given type; 0 absent, 1 read, -1 wrong type. */
static int num(const struct fmsg_node *obj, const char *key, uint8_t type, uint64_t *v,
	       struct prm_err *err)
{
	const struct fmsg_node *n = fmsg_get(obj, key);

	if (!n)
		return 0;
	if (n->kind != FMSG_VAL || n->type != type)
		return wrong(err, key);
	*v = n->u;
	return 1;
}

/*
 * Every member the driver sent, each of its type. Kernels before 5.16 ("net/
 * mlx5: Extend health buffer dump") send 5 assert_var and no time, rfr or
 * severity: what is absent stays 0.
 */
static int buffer(const struct fmsg_node *b, struct prm_fw_health_buffer *hb,
		  struct prm_err *err)
{
	static const struct {
		const char *key;
		uint8_t type;
		size_t off;
	} m[] = {
#define U32(k) { #k, FMSG_U32, offsetof(struct prm_fw_health_buffer, k) }
#define U8(k) { #k, FMSG_U8, offsetof(struct prm_fw_health_buffer, k) }
		U32(assert_exit_ptr), U32(assert_callra), U32(time), U32(hw_id), U32(ext_synd),
		U32(raw_fw_ver), U8(rfr), U8(severity), U8(irisc_index), U8(synd),
#undef U32
#undef U8
	};
	const struct fmsg_node *av, *e;
	unsigned i = 0;

	if (b->kind != FMSG_OBJ)
		return wrong(err, "health buffer");
	for (size_t k = 0; k < sizeof(m) / sizeof(m[0]); k++) {
		uint64_t v;
		int rc = num(b, m[k].key, m[k].type, &v, err);

		if (rc < 0)
			return -1;
		if (rc == 0)
			continue;
		hb->has_time |= strcmp(m[k].key, "time") == 0;
		hb->has_rfr |= strcmp(m[k].key, "rfr") == 0;
		hb->has_severity |= strcmp(m[k].key, "severity") == 0;
		if (m[k].type == FMSG_U32)
			*(uint32_t *)((char *)hb + m[k].off) = (uint32_t)v;
		else
			*((uint8_t *)hb + m[k].off) = (uint8_t)v;
	}
	av = fmsg_get(b, "assert_var");
	if (!av)
		return 0;
	if (av->kind != FMSG_ARR || fmsg_count(av) > 6)
		return wrong(err, "assert_var");
	for (e = av->child; e; e = e->next, i++) {
		if (e->kind != FMSG_VAL || e->type != FMSG_U32)
			return wrong(err, "assert_var");
		hb->assert_var[i] = (uint32_t)e->u;
	}
	hb->nassert = i;
	return 0;
}

int fw_reporter_read(const struct fmsg_node *root, struct prm_fw_reporter *r,
			 struct prm_err *err)
{
	const struct fmsg_node *n;
	uint64_t v;
	int rc;

	if (!root || root->kind != FMSG_OBJ)
		return prm_err_set(err, PRM_E_FAILED, EPROTO, "bad_fw_reporter",
				   "mlx5 fw reporter: no health message");
	rc = num(root, "Syndrome", FMSG_U8, &v, err);
	if (rc < 0)
		return -1;
	if (rc) {
		r->has_synd = true;
		r->synd = (uint8_t)v;
	}
	n = fmsg_get(root, "Description");
	if (n) {
		if (n->kind != FMSG_VAL || n->type != FMSG_STR)
			return wrong(err, "Description");
		r->description = n->str;
	}
	rc = num(root, "syndrome", FMSG_U8, &v, err);
	if (rc < 0)
		return -1;
	if (rc) {
		uint64_t miss = 0;

		r->has_ctx = true;
		r->ctx_synd = (uint8_t)v;
		if (num(root, "fw_miss_counter", FMSG_U32, &miss, err) < 0)
			return -1;
		r->miss_counter = (uint32_t)miss;
	}
	n = fmsg_get(root, "health buffer");
	if (n) {
		if (buffer(n, &r->buf, err))
			return -1;
		r->has_buffer = true;
	}
	n = fmsg_get(root, "dump fw traces");
	if (n) {
		if (n->kind != FMSG_ARR)
			return wrong(err, "dump fw traces");
		r->has_traces = true;
		r->ntraces = fmsg_count(n);
	}
	n = fmsg_get(root, "crdump_data");
	if (n) {
		/* a binary pair: pieces in an array, joined by the walker */
		if (n->kind != FMSG_ARR ||
		    (n->child && (n->child->kind != FMSG_VAL || n->child->type != FMSG_BIN ||
				  n->child->next)))
			return wrong(err, "crdump_data");
		r->has_crdump = true;
		r->crdump_len = n->child ? n->child->len : 0;
		r->crdump = n->child ? n->child->bin : NULL;
	}
	return 0;
}
