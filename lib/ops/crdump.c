// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * mstregdump's dump, read the way it reads it (mstflint 4.21 crd_init and
 * crd_dump_data): the chip id and the scratchpad TLVs from cr-space, the
 * dump itself from the non-destructive cr-space when the gateway has it
 * (mstflint selects it when the gateway's probe found it, else stays on
 * cr-space).
 */
#include "lib/ops/crdump_int.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lib/dev/dev.h"
#include "lib/dev/vsec.h"
#include "lib/util/clock.h"

#define CR_HW_ID 0xf0014u
/* mstflint follows the chain without a bound; a loop would never end */
#define MAX_TLVS 256

static int gone(const char *label, struct prm_err *err)
{
	return prm_err_set(err, PRM_E_NODEV, ENODEV, "device_gone",
			   "%s: device not responding (reads return all-ones)", label);
}

static int add_range(struct crdump *c, uint32_t addr, uint32_t dwords, struct prm_err *err)
{
	struct prm_crdump_range *g = realloc(c->ranges, (c->nranges + 1) * sizeof(*g));

	if (!g)
		return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
	c->ranges = g;
	c->ranges[c->nranges++] = (struct prm_crdump_range){ .addr = addr, .dwords = dwords };
	return 0;
}

/* Scratchpad 2's TLVs: each adds the region at its address, where the next TLV is. */
static int tlv_ranges(struct dev *d, struct vsec *v, struct crdump *c, size_t *total,
		      struct prm_err *err)
{
	uint32_t at = PRM_CRDUMP_TLV_FIRST, w[3];
	struct prm_crdump_tlv t;

	for (unsigned n = 0;; n++) {
		if (vsec_read_block(v, VSEC_SPACE_CR, at, w, 3, err))
			return -1;
		if (!prm_crdump_tlv_decode(w, &t))
			return 0;
		if (n == MAX_TLVS)
			return prm_err_set(err, PRM_E_FAILED, ELOOP, "crdump_tlv_loop",
					   "%s: scratchpad TLV chain from 0x%x runs past %d entries "
					   "(a loop?)", d->label, PRM_CRDUMP_TLV_FIRST, MAX_TLVS);
		if (t.addr % 4 || t.addr >= PRM_CRDUMP_ADDR_LIMIT ||
		    (uint64_t)t.addr + (uint64_t)t.dwords * 4 > PRM_CRDUMP_ADDR_LIMIT)
			return prm_err_set(err, PRM_E_FAILED, ERANGE, "crdump_tlv_bad",
					   "%s: scratchpad TLV at 0x%x: region 0x%x + %u dwords is "
					   "not in cr-space", d->label, at, t.addr, t.dwords);
		*total += t.dwords;
		if (*total > PRM_CRDUMP_MAX_DWORDS)
			return prm_err_set(err, PRM_E_FAILED, EFBIG, "crdump_tlv_bad",
					   "%s: scratchpad TLVs add up to more than %u dwords",
					   d->label, PRM_CRDUMP_MAX_DWORDS);
		if (add_range(c, t.addr, t.dwords, err))
			return -1;
		at = t.addr;
	}
}

/*
 * mstflint holds the semaphore for one range (up to 16,418 dwords on a
 * ConnectX-5). A hold here is at most VSEC_HOLD_DWORDS and may span
 * ranges: never longer than mstflint's longest, and small ranges (most are
 * a few dwords) do not each pay a take, a space select and a give-back.
 */
static int read_ranges(struct dev *d, struct vsec *v, uint64_t deadline_ms, struct crdump *c,
		       struct prm_err *err)
{
	uint32_t addrs[VSEC_HOLD_DWORDS];
	size_t i = 0, k = 0, n = 0;
	uint32_t off = 0;
	int rc = 0;

	while (!rc && i < c->nranges) {
		unsigned budget = VSEC_HOLD_DWORDS;

		if (c->ranges[i].gated || off == c->ranges[i].dwords) {
			i++;
			off = 0;
			continue;
		}
		if (deadline_ms && clock_now_ms() >= deadline_ms) {
			rc = prm_err_set(err, PRM_E_TIMEOUT, ETIMEDOUT, "crdump_timeout",
					 "%s: cr-space dump not done in time (%zu of its dwords read)",
					 d->label, k);
			break;
		}
		if (vsec_lock(v, err)) {
			rc = -1;
			break;
		}
		rc = vsec_select(v, c->space, err);
		/* this hold's addresses, then its dwords in as few round trips as the port allows */
		while (!rc && budget && i < c->nranges) {
			const struct prm_crdump_range *r = &c->ranges[i];

			if (r->gated || off == r->dwords) {
				i++;
				off = 0;
			} else {
				addrs[n++] = r->addr + off * 4;
				off++;
				budget--;
			}
		}
		if (!rc && n)
			rc = vsec_read_many(v, addrs, &c->vals[k], n, err);
		if (!rc)
			k += n;
		n = 0;
		vsec_unlock(v);
	}
	c->nvals = k;
	return rc;
}

int crdump_read(struct dev *d, const struct crdump_opts *o, struct crdump *c,
		struct prm_err *err)
{
	size_t total = 0;
	uint32_t id;
	struct vsec *v;
	bool hca, nd;

	memset(c, 0, sizeof(*c));
	if (dev_vsec(d, &v, err)) {
		prm_err_prefix(err, "cr-space is read through the PCI gateway: ");
		return -1;
	}
	if (vsec_read_block(v, VSEC_SPACE_CR, CR_HW_ID, &id, 1, err))
		return -1;
	if (id == 0xffffffffu)
		return gone(d->label, err);
	c->hw_id = (uint16_t)id;
	if (crdump_list_load(d->label, o, c->hw_id, c, &hca, err))
		return -1;
	for (size_t i = 0; i < c->nranges; i++)
		total += c->ranges[i].gated ? 0 : c->ranges[i].dwords;
	if (hca && tlv_ranges(d, v, c, &total, err))
		return -1;
	if (vsec_space_supported(v, VSEC_SPACE_ND_CR, &nd, err))
		return -1;
	c->space = nd ? VSEC_SPACE_ND_CR : VSEC_SPACE_CR;
	c->vals = malloc((total ? total : 1) * sizeof(*c->vals));
	if (!c->vals)
		return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
	return read_ranges(d, v, o->deadline_ms, c, err);
}

int crdump_text(const struct crdump *c, char **text, size_t *len, struct prm_err *err)
{
	size_t k = 0;
	char *buf = malloc(c->nvals ? c->nvals * PRM_CRDUMP_LINE : 1);

	if (!buf)
		return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
	for (size_t i = 0; i < c->nranges && k < c->nvals; i++) {
		const struct prm_crdump_range *r = &c->ranges[i];
		size_t n = r->gated ? 0 : r->dwords;

		if (n > c->nvals - k)
			n = c->nvals - k;
		prm_crdump_format(buf + k * PRM_CRDUMP_LINE, r->addr, c->vals + k, n);
		k += n;
	}
	*text = buf;
	*len = k * PRM_CRDUMP_LINE;
	return 0;
}

void crdump_free(struct crdump *c)
{
	free(c->ranges);
	free(c->vals);
	c->ranges = NULL;
	c->vals = NULL;
	c->nranges = c->nlisted = c->nvals = 0;
}
