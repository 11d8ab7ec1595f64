// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Protection domains and memory keys, as far as a tracer buffer needs them:
 * MTT keys over host pages. What seed 000 §3.2 says a tracer key must be is
 * what sim_mkey_dma() checks: direct (MTT), local write, not UMR-capable,
 * 4 KiB aligned start and length.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/prm/cmdstatus.h"
#include "lib/prm/layouts/layouts.h"
#include "lib/sim/internal.h"
#include "lib/sim/mkey.h"
#include "lib/sim/tracer.h"

struct sim_mkeys {
	uint64_t pds[SIM_MAX_PDS / 64];	/* bit n: PD n allocated (PD 0 never) */
	struct sim_mkey keys[SIM_MAX_MKEYS];
	uint32_t next_index;
};

int sim_mkey_init(struct sim_adapter *a)
{
	a->mkeys = calloc(1, sizeof(*a->mkeys));
	if (!a->mkeys)
		return -1;
	a->mkeys->next_index = 1;
	return 0;
}

void sim_mkey_free(struct sim_adapter *a)
{
	if (a->mkeys)
		for (size_t i = 0; i < SIM_MAX_MKEYS; i++)
			free(a->mkeys->keys[i].mtt);
	free(a->mkeys);
	a->mkeys = NULL;
}

void sim_mkey_reset(struct sim_adapter *a)
{
	if (!a->mkeys)
		return;
	for (size_t i = 0; i < SIM_MAX_MKEYS; i++)
		free(a->mkeys->keys[i].mtt);
	memset(a->mkeys, 0, sizeof(*a->mkeys));
	a->mkeys->next_index = 1;
}

static bool pd_used(const struct sim_mkeys *m, uint32_t pd)
{
	return pd < SIM_MAX_PDS && m->pds[pd / 64] >> (pd % 64) & 1;
}

int sim_pd_alloc(struct sim_adapter *a, uint32_t *pd)
{
	for (uint32_t n = 1; n < SIM_MAX_PDS; n++)
		if (!pd_used(a->mkeys, n)) {
			a->mkeys->pds[n / 64] |= UINT64_C(1) << (n % 64);
			*pd = n;
			return 0;
		}
	return -1;
}

int sim_pd_free(struct sim_adapter *a, uint32_t pd)
{
	if (pd == 0 || !pd_used(a->mkeys, pd))
		return -1;
	for (size_t i = 0; i < SIM_MAX_MKEYS; i++)
		if (a->mkeys->keys[i].used && a->mkeys->keys[i].pd == pd)
			return -2;
	a->mkeys->pds[pd / 64] &= ~(UINT64_C(1) << (pd % 64));
	return 0;
}

bool sim_pd_valid(struct sim_adapter *a, uint32_t pd)
{
	return pd && pd_used(a->mkeys, pd);
}

static struct sim_mkey *find(struct sim_adapter *a, uint32_t key)
{
	for (size_t i = 0; a->mkeys && i < SIM_MAX_MKEYS; i++)
		if (a->mkeys->keys[i].used && a->mkeys->keys[i].key == key)
			return &a->mkeys->keys[i];
	return NULL;
}

int sim_mkey_add(struct sim_adapter *a, const struct sim_mkey *k, uint32_t *key)
{
	for (size_t i = 0; i < SIM_MAX_MKEYS; i++) {
		struct sim_mkey *s = &a->mkeys->keys[i];

		if (s->used)
			continue;
		*s = *k;
		s->used = true;
		/* index in bits 31:8, the caller's variant in 7:0 */
		s->key = a->mkeys->next_index++ << 8 | (k->key & 0xff);
		*key = s->key;
		return 0;
	}
	return -1;
}

int sim_mkey_del(struct sim_adapter *a, uint32_t index)
{
	for (size_t i = 0; i < SIM_MAX_MKEYS; i++) {
		struct sim_mkey *s = &a->mkeys->keys[i];

		if (s->used && s->key >> 8 == index) {
			free(s->mtt);
			memset(s, 0, sizeof(*s));
			return 0;
		}
	}
	return -1;
}

uint64_t sim_mkey_len(struct sim_adapter *a, uint32_t key)
{
	struct sim_mkey *s = find(a, key);

	return s ? s->len : 0;
}

uint8_t *sim_mkey_dma(struct sim_adapter *a, uint32_t key, uint64_t off, size_t len,
		      const char **why)
{
	struct sim_mkey *s = find(a, key);
	uint64_t page = UINT64_C(1) << (s ? s->log_page_size : 12), addr;

	*why = NULL;
	if (!s)
		*why = "no such memory key";
	else if (s->access_mode != SIM_MKEY_MTT)
		*why = "not a direct (MTT) key";
	else if (!s->lw)
		*why = "no local write";
	else if (s->umr_en)
		*why = "UMR-capable";
	else if (s->start % 4096 || s->len % 4096)
		*why = "not 4 KiB aligned";
	else if (off + len > s->len || (off % page) + len > page)
		*why = "outside the key";
	if (*why)
		return NULL;
	addr = s->mtt[(s->start % page + off) / page] + (s->start % page + off) % page;
	return sim_dma(a, addr, len);
}

/* ---- the commands ---- */

#define MTT_AT prm_layout_bytes(&prm_layout_create_mkey_in)	/* klm_pas_mtt follows */
#define MAX_MTT 4096

uint8_t sim_pd_alloc_cmd(struct sim_adapter *a, const uint8_t *in, size_t inlen, uint8_t *out,
			 size_t outlen, uint16_t *why)
{
	uint32_t pd;

	(void)in;
	(void)inlen;
	if (sim_pd_alloc(a, &pd))
		return *why = 1, MLX5_CMD_STAT_LIM_ERR;
	PRM_SET(alloc_pd_out, out, outlen, "pd", pd);
	return MLX5_CMD_STAT_OK;
}

uint8_t sim_pd_dealloc_cmd(struct sim_adapter *a, const uint8_t *in, size_t inlen, uint8_t *out,
			   size_t outlen, uint16_t *why)
{
	int rc = sim_pd_free(a, (uint32_t)PRM_GET(dealloc_pd_in, in, inlen, "pd"));

	(void)out;
	(void)outlen;
	if (rc == -1)
		return *why = 1, MLX5_CMD_STAT_BAD_RES_ERR;
	if (rc == -2)
		return *why = 2, MLX5_CMD_STAT_BAD_RES_STATE_ERR;	/* keys still in it */
	return MLX5_CMD_STAT_OK;
}

uint8_t sim_mkey_create_cmd(struct sim_adapter *a, const uint8_t *in, size_t inlen, uint8_t *out,
			    size_t outlen, uint16_t *why)
{
	struct sim_mkey k = { 0 };
	uint64_t octwords = PRM_GET(create_mkey_in, in, inlen, "translations_octword_actual_size");
	uint32_t key;

	k.access_mode =
		(unsigned)(PRM_GET(create_mkey_in, in, inlen, "memory_key_mkey_entry.access_mode_4_2") << 2 |
			   PRM_GET(create_mkey_in, in, inlen, "memory_key_mkey_entry.access_mode_1_0"));
	k.lw = PRM_GET(create_mkey_in, in, inlen, "memory_key_mkey_entry.lw");
	k.lr = PRM_GET(create_mkey_in, in, inlen, "memory_key_mkey_entry.lr");
	k.umr_en = PRM_GET(create_mkey_in, in, inlen, "memory_key_mkey_entry.umr_en");
	k.pd = (uint32_t)PRM_GET(create_mkey_in, in, inlen, "memory_key_mkey_entry.pd");
	k.start = PRM_GET(create_mkey_in, in, inlen, "memory_key_mkey_entry.start_addr");
	k.len = PRM_GET(create_mkey_in, in, inlen, "memory_key_mkey_entry.len");
	k.log_page_size = (unsigned)PRM_GET(create_mkey_in, in, inlen, "memory_key_mkey_entry.log_page_size");
	k.key = (uint32_t)PRM_GET(create_mkey_in, in, inlen, "memory_key_mkey_entry.mkey_7_0");
	if (!sim_pd_valid(a, k.pd))
		return *why = 1, MLX5_CMD_STAT_BAD_RES_ERR;
	if (k.access_mode == SIM_MKEY_MTT) {
		uint64_t page = UINT64_C(1) << k.log_page_size;

		if (k.log_page_size < 12 || k.log_page_size > 30 || !k.len)
			return *why = 2, MLX5_CMD_STAT_BAD_PARAM_ERR;
		k.nmtt = (size_t)((k.start % page + k.len + page - 1) / page);
		if (k.nmtt > MAX_MTT || k.nmtt > octwords * 2)
			return *why = 3, MLX5_CMD_STAT_BAD_PARAM_ERR;
		if (inlen < MTT_AT + 8 * k.nmtt)
			return *why = 4, MLX5_CMD_STAT_BAD_INP_LEN_ERR;
		k.mtt = calloc(k.nmtt, sizeof(*k.mtt));
		if (!k.mtt)
			return *why = 5, MLX5_CMD_STAT_LIM_ERR;
		for (size_t i = 0; i < k.nmtt; i++) {
			uint64_t v = 0;

			for (int b = 0; b < 8; b++)
				v = v << 8 | in[MTT_AT + 8 * i + b];
			k.mtt[i] = v & ~UINT64_C(7);	/* the low bits are rd_en/wr_en */
		}
	}
	if (sim_mkey_add(a, &k, &key)) {
		free(k.mtt);
		return *why = 6, MLX5_CMD_STAT_LIM_ERR;
	}
	PRM_SET(create_mkey_out, out, outlen, "mkey_index", key >> 8);
	return MLX5_CMD_STAT_OK;
}

uint8_t sim_mkey_destroy_cmd(struct sim_adapter *a, const uint8_t *in, size_t inlen,
			     uint8_t *out, size_t outlen, uint16_t *why)
{
	(void)out;
	(void)outlen;
	if (sim_mkey_del(a, (uint32_t)PRM_GET(destroy_mkey_in, in, inlen, "mkey_index")))
		return *why = 1, MLX5_CMD_STAT_BAD_RES_ERR;
	return MLX5_CMD_STAT_OK;
}
