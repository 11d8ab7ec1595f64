// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * mlx5 health reports in kernel logs: the parser. Lines (wrapped ones
 * joined) are reduced to (host, time, device, message) by healthlog_line.c,
 * messages recognised by healthlog_msg.c, gathered here into incidents (one
 * function's report), turned into grouped events by healthlog_event.c.
 */
#include "lib/prm/healthlog.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lib/prm/healthlog_int.h"

#define HL_MAX_MSG	1024	/* a message, wrapped parts joined */
#define HL_MAX_JOINS	8	/* continuation lines joined to one message */
#define HL_MAX_FUNCS	1024	/* distinct (host, device) followed */
#define HL_LOOKBACK	64	/* events looked at when grouping */
#define HL_MAX_HOSTS	64	/* hosts whose reboots are noticed */
#define HL_REBOOT	5.0	/* dmesg time going back this far: the host rebooted */

struct hl_rec {
	char host[64];
	struct hl_stamp ts;
	char device[32];
	char msg[HL_MAX_MSG];
	size_t msglen, line;
	int quote, joins;
	bool trailing_ws;
};

struct hl_func {
	char host[64];
	char device[32];
	long cur, cmd;			/* its open health / command incident, -1 */
};

/* dmesg times restart at each boot: a log of several boots tells them apart */
struct hl_host {
	char host[64];
	double last_mono;
	unsigned boot;
};

struct prm_healthlog {
	struct prm_healthlog_stats st;
	char scratch[PRM_HEALTHLOG_MAX_LINE + 1];
	struct hl_rec rec, pend;
	bool pending;
	bool carry;			/* the previous line was a stamp alone */
	struct hl_stamp carry_ts;
	char carry_host[64];
	struct hl_inc *inc;
	size_t ninc, capinc;
	struct hl_func *fn;
	size_t nfn, capfn, lastfn;
	struct hl_host hosts[HL_MAX_HOSTS];
	size_t nhosts, lasthost;
	struct prm_health_event *ev;
	struct hl_evx *evx;
	size_t nev, capev;
	struct hl_ports *ports;		/* the upstream ports' lines */
	struct prm_health_event *pev;	/* port events */
	size_t npev, cappev;
};

/* ---- incidents ---- */

static bool recent(const struct hl_inc *c, const struct hl_rec *r)
{
	double d = hl_stamp_dist(&c->last, &r->ts);

	if (d >= 0)
		return d <= PRM_HEALTHLOG_WINDOW;
	return r->line - c->last_line <= HL_LINE_WINDOW;
}

static struct hl_func *func(struct prm_healthlog *p, const struct hl_rec *r)
{
	struct hl_func *f;

	if (p->lastfn < p->nfn && !strcmp(p->fn[p->lastfn].device, r->device) &&
	    !strcmp(p->fn[p->lastfn].host, r->host))
		return &p->fn[p->lastfn];
	for (size_t i = 0; i < p->nfn; i++)
		if (!strcmp(p->fn[i].device, r->device) && !strcmp(p->fn[i].host, r->host))
			return &p->fn[p->lastfn = i];
	if (p->nfn == p->capfn) {
		size_t cap = p->capfn ? p->capfn * 2 : 16;

		if (cap > HL_MAX_FUNCS || !(f = realloc(p->fn, cap * sizeof(*f))))
			return NULL;
		p->fn = f;
		p->capfn = cap;
	}
	f = &p->fn[p->lastfn = p->nfn++];
	memcpy(f->host, r->host, sizeof(f->host));
	memcpy(f->device, r->device, sizeof(f->device));
	f->cur = f->cmd = -1;
	return f;
}

static struct hl_inc *inc_new(struct prm_healthlog *p, const struct hl_rec *r, long *slot)
{
	struct hl_inc *c;

	if (p->ninc == p->capinc) {
		size_t cap = p->capinc ? p->capinc * 2 : 16;

		if (cap > PRM_HEALTHLOG_MAX_EVENTS)
			cap = PRM_HEALTHLOG_MAX_EVENTS;
		if (cap == p->capinc || !(c = realloc(p->inc, cap * sizeof(*c)))) {
			p->st.dropped++;
			return NULL;
		}
		p->inc = c;
		p->capinc = cap;
	}
	*slot = (long)p->ninc;
	c = &p->inc[p->ninc++];
	memset(c, 0, sizeof(*c));
	memcpy(c->ev.device, r->device, sizeof(c->ev.device));
	memcpy(c->ev.host, r->host, sizeof(c->ev.host));
	memcpy(c->ev.time, r->ts.text, sizeof(c->ev.time));
	c->ev.when = r->ts.when;
	c->ev.line = r->line;
	c->ev.irisc_index = -1;
	c->ev.fatal_error = -1;
	c->ev.pci_slot = -1;
	c->first = r->ts;
	c->header_synd = -1;
	return c;
}

static bool allones_value(enum hl_kind k, uint64_t v)
{
	switch (k) {
	case K_RFR: case K_CRR: return v == 1;
	case K_SEVERITY: return v == 7;
	case K_IRISC: case K_SYND: return v == 0xff;
	case K_EXT_SYND: return v == 0xffff;
	default: return v == 0xffffffffu;
	}
}

static bool real_synd(const struct hl_inc *c)
{
	if (c->seen & F_BIT(K_SYND))
		return c->ev.synd && c->ev.synd != 0xff;
	return c->header_synd > 0;
}

static void apply(struct hl_inc *c, const struct hl_msg *m, const char *text)
{
	struct prm_health_event *e = &c->ev;
	uint32_t v32 = (uint32_t)m->v;
	bool keep = false;

	switch (m->kind) {
	case K_HEADER:
		c->header = true;
		c->header_synd = m->synd;
		if (m->sev >= 0 && !(c->seen & F_BIT(K_SEVERITY))) {
			e->has_severity = true;
			e->severity = m->sev;
		}
		return;
	case K_AVAR:
		e->assert_var[m->idx] = v32;
		c->seen |= F_AVAR(m->idx);
		e->nassert_var++;
		break;
	case K_EXIT_PTR: e->assert_exit_ptr = v32; break;
	case K_CALLRA: e->assert_callra = v32; break;
	case K_TIME: e->fw_time = v32; break;
	case K_HWID: e->hw_id = v32; break;
	case K_RAW_FWVER: e->raw_fw_ver = v32; break;
	case K_RFR: e->rfr = (int)(m->v & 1); break;
	case K_CRR: e->crr = (int)(m->v & 1); break;
	case K_SEVERITY: e->severity = (int)(m->v & 7); break;
	case K_IRISC: e->irisc_index = (int)(m->v & 0xff); break;
	case K_SYND: e->synd = (uint8_t)m->v; break;
	case K_EXT_SYND: e->ext_synd = (uint16_t)m->v; break;
	case K_FWVER:
		memcpy(c->ver, m->ver, sizeof(c->ver));
		c->has_ver = true;
		c->seen |= F_BIT(K_FWVER);
		c->nbuf++;
		c->nallones += m->ver[0] == 0xffff && m->ver[1] == 0xffff && m->ver[2] == 0xffff;
		return;
	case K_COLD_RESET: case K_CMD_LATE: case K_CRDUMP: keep = true; break;
	case K_MISS: c->miss = keep = true; break;
	case K_FATAL: case K_SENSORS:
		if (e->fatal_error <= 0)
			e->fatal_error = (int)m->v;
		c->pcigone |= m->v == 1 || m->v == 2;
		keep = true;
		break;
	case K_SLOT:
		e->slot_unavailable = c->pcigone = keep = true;
		if (m->v != (uint64_t)-1)
			e->pci_slot = (int)m->v;
		break;
	case K_PCI_OFFLINE: c->pcigone = keep = true; break;
	case K_NICIFC: c->nicifc = keep = true; break;
	case K_TEMP: c->temp = keep = true; break;
	case K_CMD_TIMEOUT:
		c->cmd = keep = true;
		if (e->ncmd_timeouts++ == 0) {
			memcpy(e->cmd_name, m->cmd, sizeof(e->cmd_name));
			e->cmd_opcode = m->op;
		}
		break;
	case K_NONE:
		return;
	}
	if (keep) {
		hl_detail_add(e->detail, sizeof(e->detail), &c->detail_cut, text, strlen(text));
		return;
	}
	if (m->kind != K_AVAR)
		c->seen |= F_BIT(m->kind);
	c->nbuf++;
	c->nallones += allones_value(m->kind, m->v);
}

/* does a message of this kind belong to the function's open incident c? */
static bool belongs(const struct hl_inc *c, const struct hl_msg *m, bool near)
{
	uint32_t bit;

	if (!c || !near)
		return false;
	switch (m->kind) {
	case K_HEADER:
		return !c->header && !c->nbuf;
	case K_MISS:
		return !c->miss;
	case K_FATAL:
		return !c->header && !c->nbuf && c->ev.fatal_error < 0;
	case K_SENSORS:
		if (m->v > 2)
			return !c->header && !c->nbuf && c->ev.fatal_error < 0;
		return !real_synd(c);
	case K_SLOT: case K_PCI_OFFLINE:
		return !real_synd(c);
	case K_TEMP:
		return !c->pcigone && (!real_synd(c) || c->ev.synd == PRM_HEALTH_SYND_THERMAL ||
				       c->header_synd == PRM_HEALTH_SYND_THERMAL);
	case K_NICIFC: case K_COLD_RESET: case K_CRDUMP:
		return true;
	default:
		bit = m->kind == K_AVAR ? F_AVAR(m->idx) : F_BIT(m->kind);
		return !(c->seen & bit);
	}
}

static void process(struct prm_healthlog *p, struct hl_rec *r)
{
	struct hl_msg m;
	struct hl_func *f;
	struct hl_inc *c = NULL;
	const char *text;
	size_t tl;
	bool partial;
	long *slot;

	p->st.records++;
	hl_ports_mlx5(&p->ports, r->host, r->device);
	text = hl_strip_pid(r->msg, r->msglen, &tl, &partial);
	hl_classify(text, &m);
	if (m.kind == K_SLOT && m.partial)
		m.kind = K_NONE;	/* "PCI slot 1 is" and the line ends: say nothing */
	if (m.kind == K_NONE)
		return;
	p->st.recognized++;
	if (!(f = func(p, r))) {
		p->st.dropped++;
		return;
	}
	slot = m.kind == K_CMD_TIMEOUT || m.kind == K_CMD_LATE ? &f->cmd : &f->cur;
	if (*slot >= 0)
		c = &p->inc[*slot];
	if (slot == &f->cmd) {
		if (!c || !recent(c, r))
			c = NULL;
	} else if (!belongs(c, &m, c && recent(c, r))) {
		c = NULL;
	}
	if (!c) {
		if (m.kind == K_CMD_LATE || m.kind == K_COLD_RESET || m.kind == K_CRDUMP)
			return;		/* follow-ups only */
		if (!(c = inc_new(p, r, slot)))
			return;
	}
	if (r->ts.text[0] || r->ts.has_mono || r->ts.wall_kind)
		c->last = r->ts;
	c->last_line = r->line;
	apply(c, &m, text);
}

/* ---- lines ---- */

static void boot_of(struct prm_healthlog *p, const char *host, struct hl_stamp *ts)
{
	struct hl_host *h = NULL;

	if (!ts->has_mono)
		return;
	if (p->lasthost < p->nhosts && !strcmp(p->hosts[p->lasthost].host, host))
		h = &p->hosts[p->lasthost];
	for (size_t i = 0; !h && i < p->nhosts; i++)
		if (!strcmp(p->hosts[i].host, host))
			h = &p->hosts[p->lasthost = i];
	if (!h && p->nhosts < HL_MAX_HOSTS) {
		h = &p->hosts[p->lasthost = p->nhosts++];
		memcpy(h->host, host, sizeof(h->host));
		h->last_mono = ts->mono;
	}
	if (!h)
		return;
	if (ts->mono + HL_REBOOT < h->last_mono)
		h->boot++;
	h->last_mono = ts->mono;
	ts->boot = h->boot;
}

static bool wants_more(const struct hl_rec *r)
{
	struct hl_msg m;
	const char *text;
	size_t tl;
	bool partial;

	text = hl_strip_pid(r->msg, r->msglen, &tl, &partial);
	if (partial)
		return true;
	hl_classify(text, &m);
	return m.partial || (m.kind == K_NONE && r->trailing_ws);
}

void prm_healthlog_line(struct prm_healthlog *p, const char *line, size_t len)
{
	struct hl_norm n;
	struct hl_rec *r = &p->rec;

	p->st.lines++;
	if (!line)
		len = 0;
	if (len > PRM_HEALTHLOG_MAX_LINE)
		len = PRM_HEALTHLOG_MAX_LINE;
	while (len && (line[len - 1] == '\r' || line[len - 1] == '\n'))
		len--;
	for (size_t i = 0; i < len; i++)
		p->scratch[i] = (unsigned char)line[i] < 0x20 ? ' ' : line[i];
	p->scratch[len] = '\0';
	hl_normalise(p->scratch, len, &n);
	if (n.type == HL_MLX5 || n.type == HL_RECORD)
		boot_of(p, n.host, &n.ts);
	if (n.type == HL_RECORD)
		hl_ports_record(&p->ports, &n, p->st.lines);

	if (p->pending) {
		struct hl_rec *q = &p->pend;

		if (n.type == HL_TEXT && n.quote == q->quote && q->joins < HL_MAX_JOINS) {
			size_t room = sizeof(q->msg) - 1 - q->msglen, l = n.msglen;

			if (room && q->msglen && q->msg[q->msglen - 1] != ' ') {
				q->msg[q->msglen++] = ' ';
				room--;
			}
			if (l > room)
				l = room;
			memcpy(q->msg + q->msglen, n.msg, l);
			q->msglen += l;
			q->msg[q->msglen] = '\0';
			q->joins++;
			q->trailing_ws = n.trailing_ws;
			if (!wants_more(q)) {
				p->pending = false;
				process(p, q);
			}
			p->carry = false;
			return;
		}
		p->pending = false;
		process(p, q);
	}

	if (n.type == HL_MLX5) {
		memcpy(r->host, n.host, sizeof(r->host));
		r->ts = n.ts;
		if (p->carry && !n.ts.text[0]) {	/* "[ 12.3]" wrapped off its line */
			r->ts = p->carry_ts;
			if (!r->host[0])
				memcpy(r->host, p->carry_host, sizeof(r->host));
		}
		memcpy(r->device, n.device, sizeof(r->device));
		r->msglen = n.msglen < sizeof(r->msg) - 1 ? n.msglen : sizeof(r->msg) - 1;
		memcpy(r->msg, n.msg, r->msglen);
		r->msg[r->msglen] = '\0';
		r->line = p->st.lines;
		r->quote = n.quote;
		r->joins = 0;
		r->trailing_ws = n.trailing_ws;
		if (wants_more(r)) {
			p->pend = *r;
			p->pending = true;
		} else {
			process(p, r);
		}
	}
	p->carry = n.type == HL_RECORD && n.prefix_only;
	if (p->carry) {
		p->carry_ts = n.ts;
		memcpy(p->carry_host, n.host, sizeof(p->carry_host));
	}
}

size_t prm_healthlog_events(struct prm_healthlog *p, const struct prm_health_event **ev)
{
	if (p->pending) {
		p->pending = false;
		process(p, &p->pend);
	}
	size_t nports = hl_ports_count(p->ports);

	*ev = p->ev;
	p->npev = 0;
	if (p->cappev < nports) {
		struct prm_health_event *e = realloc(p->pev, nports * sizeof(*e));

		if (e) {
			p->pev = e;
			p->cappev = nports;
		}
	}
	if (!p->ninc) {
		p->npev = hl_ports_attach(p->ports, NULL, NULL, 0, p->pev, p->cappev);
		return p->nev = 0;
	}
	if (p->capev < p->ninc) {
		struct prm_health_event *e = realloc(p->ev, p->ninc * sizeof(*e));
		struct hl_evx *x;

		if (e)
			p->ev = e;
		x = e ? realloc(p->evx, p->ninc * sizeof(*x)) : NULL;
		if (x)
			p->evx = x;
		if (e && x)
			p->capev = p->ninc;
	}
	p->nev = 0;
	for (size_t i = 0; i < p->ninc && p->nev < p->capev; i++) {
		const struct hl_inc *c = &p->inc[i];
		struct prm_health_event *I = &p->ev[p->nev];
		size_t stop = p->nev > HL_LOOKBACK ? p->nev - HL_LOOKBACK : 0;
		bool ident, merged = false;

		hl_finish(c, I, &ident);	/* built in the next free slot */
		for (size_t j = p->nev; j-- > stop;) {
			if (hl_fits(&p->ev[j], &p->evx[j], I, ident, &c->first, c->ev.line)) {
				hl_merge(&p->ev[j], &p->evx[j], I, ident, c);
				merged = true;
				break;
			}
		}
		if (merged)
			continue;
		p->evx[p->nev] = (struct hl_evx){ .first = c->first, .last = c->last,
						  .last_line = c->last_line, .ident = ident,
						  .cut = c->detail_cut };
		p->nev++;
	}
	p->npev = hl_ports_attach(p->ports, p->ev, p->evx, p->nev, p->pev, p->cappev);
	*ev = p->ev;
	return p->nev;
}

/* ---- the parser ---- */

struct prm_healthlog *prm_healthlog_new(struct prm_err *err)
{
	struct prm_healthlog *p = calloc(1, sizeof(*p));

	if (!p)
		prm_err_set(err, PRM_E_FAILED, ENOMEM, "no_memory", "kernel-log parser: out of memory");
	return p;
}

size_t prm_healthlog_port_events(struct prm_healthlog *p, const struct prm_health_event **ev)
{
	*ev = p->pev;
	return p->npev;
}

void prm_healthlog_stats(const struct prm_healthlog *p, struct prm_healthlog_stats *st)
{
	*st = p->st;
	st->dropped += hl_ports_dropped(p->ports);
}

void prm_healthlog_free(struct prm_healthlog *p)
{
	if (!p)
		return;
	free(p->inc);
	free(p->fn);
	free(p->ev);
	free(p->evx);
	hl_ports_free(p->ports);
	free(p->pev);
	free(p);
}
