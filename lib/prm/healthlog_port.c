// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The PCIe port's side of a pci_gone: lines of the port drivers (DPC, AER,
 * hotplug) gathered per port, and tied to the mlx5 device below the port as
 * far as the log proves it (healthlog.h, "Ports").
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/prm/healthlog_int.h"
#include "lib/util/hexparse.h"

#define HL_MAX_PORT_INC	1024	/* port incidents kept; more are counted as dropped */
#define HL_MAX_BRIDGES	256	/* "PCI bridge to [bus ..]" lines remembered */
#define HL_MAX_SEEN	1024	/* mlx5 functions the log names, remembered */
#define HL_PORT_HASH	2048	/* a power of two above HL_MAX_PORT_INC: never full */

struct port_inc {
	char host[64];
	char port[32];
	struct hl_stamp first, last;
	size_t line, last_line;
	char named[32];		/* the device an AER line named */
	bool link_lost, cut;
	unsigned nlines;
	char detail[512];
};

struct bridge {
	char host[64];
	char port[32];
	int sec, sub;
};

struct seen {
	char host[64];
	char device[32];
};

struct hl_ports {
	struct port_inc *inc;
	size_t ninc, capinc, dropped;
	int latest[HL_PORT_HASH];	/* (host, port) -> its latest incident + 1, 0 empty:
					 * a log of AER floods has thousands of port lines */
	struct bridge br[HL_MAX_BRIDGES];
	size_t nbr;
	struct seen *seen;
	size_t nseen, capseen, lastseen;
};

/* what one port line says */
struct port_msg {
	bool keep;		/* evidence about the link below */
	bool link_lost;
	char named[32];
	int sec, sub;		/* a bridge line: its bus range, else -1 */
};

static int hex2(const char *p, const char *end)
{
	if (end - p < 2 || hex_digit(p[0]) < 0 || hex_digit(p[1]) < 0)
		return -1;
	return hex_digit(p[0]) << 4 | hex_digit(p[1]);
}

static const char *find(const char *s, const char *end, const char *what)
{
	return memmem(s, (size_t)(end - s), what, strlen(what));
}

/* "0000:3b:00.0" -> its domain's length ("0000"), 0 for anything else */
static size_t domain_len(const char *dev)
{
	const char *c = strchr(dev, ':');

	return c && strncmp(dev, "mlx5_core.", 10) ? (size_t)(c - dev) : 0;
}

/* the bus of a normalised "dddd:bb:dd.f", -1 if not one */
static int bus_of(const char *dev)
{
	size_t d = domain_len(dev);

	return d ? hex2(dev + d + 1, dev + strlen(dev)) : -1;
}

static bool same_domain(const char *a, const char *b)
{
	size_t l = domain_len(a);

	return l && l == domain_len(b) && !memcmp(a, b, l);
}

/* The device an AER line names: "received: <BDF>", "received from <BDF>", "id=XXXX". */
static void aer_named(const char *m, const char *end, const char *port, char out[32])
{
	const char *q = find(m, end, "received: ");

	q = q ? q + 10 : (q = find(m, end, "received from ")) ? q + 14 : NULL;
	if (!q)
		return;
	if (end - q > 3 && !memcmp(q, "id=", 3)) {	/* older kernels: bus << 8 | devfn */
		int hi = hex2(q + 3, end), lo = hex2(q + 5, end);
		size_t d = domain_len(port);

		if (hi >= 0 && lo >= 0 && d)
			snprintf(out, 32, "%.*s:%02x:%02x.%d", (int)d, port, hi, lo >> 3, lo & 7);
		return;
	}
	if (!hl_device(q, end, out))
		out[0] = '\0';
}

static void classify(const char *m, const char *end, const char *port, struct port_msg *pm)
{
	const char *q;

	memset(pm, 0, sizeof(*pm));
	pm->sec = pm->sub = -1;
	if ((q = find(m, end, "PCI bridge to [bus "))) {
		q += 19;
		pm->sec = pm->sub = hex2(q, end);
		if (pm->sec >= 0 && end - q > 3 && q[2] == '-')
			pm->sub = hex2(q + 3, end);
		if (pm->sub < pm->sec)
			pm->sec = pm->sub = -1;
		return;
	}
	if (find(m, end, "DPC: containment event") || find(m, end, "Link Down") ||
	    find(m, end, "Card not present") || find(m, end, "recovery failed") ||
	    find(m, end, "reset failed")) {
		pm->keep = pm->link_lost = true;
		return;
	}
	if (find(m, end, "DPC: ") && find(m, end, "error detected")) {
		pm->keep = true;
		return;
	}
	if (find(m, end, "PCIe Bus Error") ||
	    (find(m, end, "AER: ") && find(m, end, "error"))) {
		pm->keep = true;
		pm->link_lost = find(m, end, "(Fatal)") != NULL;
		aer_named(m, end, port, pm->named);
		/* "AER: aer_status: ...", "[ 0] RxErr": the details of a report already kept */
		if (find(m, end, "aer_status") || find(m, end, "error status/mask"))
			pm->keep = false;
	}
}

/* "pcieport 0004:00:00.0: message": the port, and where the message starts */
static const char *port_line(const char *s, size_t len, char port[32])
{
	static const char *const drivers[] = { "pcieport", "pciehp", "pci", "aer", "dpc" };
	const char *end = s + len, *q = memchr(s, ' ', len);
	bool known = false;
	size_t l;

	if (!q)
		return NULL;
	for (size_t i = 0; i < sizeof(drivers) / sizeof(drivers[0]); i++)
		known |= (size_t)(q - s) == strlen(drivers[i]) && !memcmp(s, drivers[i], (size_t)(q - s));
	while (q < end && *q == ' ')
		q++;
	if (!known || !(l = hl_device(q, end, port)) || !strncmp(port, "mlx5_core.", 10))
		return NULL;
	for (q += l; q < end && *q != ' '; q++)	/* ":", ":pcie004:" */
		;
	while (q < end && *q == ' ')
		q++;
	return q;
}

static struct hl_ports *ports(struct hl_ports **ps)
{
	if (!*ps)
		*ps = calloc(1, sizeof(**ps));
	return *ps;
}

static size_t port_hash(const char *host, const char *port)
{
	size_t h = 5381;

	for (const char *s = host; *s; s++)
		h = h * 33 + (unsigned char)*s;
	for (const char *s = port; *s; s++)
		h = h * 33 + (unsigned char)*s;
	return h & (HL_PORT_HASH - 1);
}

/* the slot of (host, port) in latest[]: where it is, or the empty one to take */
static int *latest_slot(struct hl_ports *P, const char *host, const char *port)
{
	size_t h = port_hash(host, port);

	for (;; h = (h + 1) & (HL_PORT_HASH - 1)) {
		int *l = &P->latest[h];

		if (!*l || (!strcmp(P->inc[*l - 1].port, port) && !strcmp(P->inc[*l - 1].host, host)))
			return l;
	}
}

static bool near(const struct port_inc *c, const struct hl_stamp *ts, size_t line)
{
	double d = hl_stamp_dist(&c->last, ts);

	if (d >= 0)
		return d <= PRM_HEALTHLOG_WINDOW;
	return line - c->last_line <= HL_LINE_WINDOW;
}

static void add_bridge(struct hl_ports *P, const char *host, const char *port, int sec, int sub)
{
	struct bridge *b = NULL;

	for (size_t i = 0; i < P->nbr && !b; i++)
		if (!strcmp(P->br[i].host, host) && !strcmp(P->br[i].port, port))
			b = &P->br[i];
	if (!b && P->nbr < HL_MAX_BRIDGES)
		b = &P->br[P->nbr++];
	if (!b)
		return;
	snprintf(b->host, sizeof(b->host), "%s", host);
	snprintf(b->port, sizeof(b->port), "%s", port);
	b->sec = sec;
	b->sub = sub;
}

void hl_ports_record(struct hl_ports **ps, const struct hl_norm *n, size_t line)
{
	char port[32];
	const char *m = n->other ? port_line(n->other, n->otherlen, port) : NULL;
	const char *end = m ? n->other + n->otherlen : NULL;
	struct port_msg pm;
	struct port_inc *c = NULL;
	struct hl_ports *P;
	int *latest;

	if (!m)
		return;
	classify(m, end, port, &pm);
	if ((!pm.keep && pm.sec < 0) || !(P = ports(ps)))
		return;
	if (pm.sec >= 0) {
		add_bridge(P, n->host, port, pm.sec, pm.sub);
		return;
	}
	latest = latest_slot(P, n->host, port);
	if (*latest && near(&P->inc[*latest - 1], &n->ts, line))	/* still open */
		c = &P->inc[*latest - 1];
	if (!c) {
		if (P->ninc == P->capinc) {
			size_t cap = P->capinc ? P->capinc * 2 : 8;
			struct port_inc *q;

			if (cap > HL_MAX_PORT_INC || !(q = realloc(P->inc, cap * sizeof(*q)))) {
				P->dropped++;
				return;
			}
			P->inc = q;
			P->capinc = cap;
		}
		c = &P->inc[P->ninc++];
		*latest = (int)P->ninc;
		memset(c, 0, sizeof(*c));
		memcpy(c->host, n->host, sizeof(c->host));
		memcpy(c->port, port, sizeof(c->port));
		c->first = n->ts;
		c->line = line;
	}
	if (n->ts.text[0] || n->ts.has_mono || n->ts.wall_kind)
		c->last = n->ts;
	c->last_line = line;
	c->nlines++;
	c->link_lost |= pm.link_lost;
	if (pm.named[0] && !c->named[0])
		memcpy(c->named, pm.named, sizeof(c->named));
	hl_detail_add(c->detail, sizeof(c->detail), &c->cut, m, (size_t)(end - m));
}

void hl_ports_mlx5(struct hl_ports **ps, const char *host, const char *device)
{
	struct hl_ports *P;
	struct seen *s;

	if (!domain_len(device) || !(P = ports(ps)))
		return;
	if (P->lastseen < P->nseen && !strcmp(P->seen[P->lastseen].device, device) &&
	    !strcmp(P->seen[P->lastseen].host, host))
		return;
	for (size_t i = 0; i < P->nseen; i++)
		if (!strcmp(P->seen[i].device, device) && !strcmp(P->seen[i].host, host)) {
			P->lastseen = i;
			return;
		}
	if (P->nseen == P->capseen) {
		size_t cap = P->capseen ? P->capseen * 2 : 16;

		if (cap > HL_MAX_SEEN || !(s = realloc(P->seen, cap * sizeof(*s))))
			return;
		P->seen = s;
		P->capseen = cap;
	}
	s = &P->seen[P->lastseen = P->nseen++];
	memcpy(s->host, host, sizeof(s->host));
	memcpy(s->device, device, sizeof(s->device));
}

size_t hl_ports_count(const struct hl_ports *ps)
{
	return ps ? ps->ninc : 0;
}

size_t hl_ports_dropped(const struct hl_ports *ps)
{
	return ps ? ps->dropped : 0;
}

void hl_ports_free(struct hl_ports *ps)
{
	if (!ps)
		return;
	free(ps->inc);
	free(ps->seen);
	free(ps);
}

/* what the log proves about the devices below port incident c */
struct below {
	const char *mapping;	/* "aer", "bridge", NULL */
	const char *named;	/* aer: the device */
	int sec, sub;		/* bridge: the buses */
};

static void below_of(const struct hl_ports *P, const struct port_inc *c, struct below *b)
{
	memset(b, 0, sizeof(*b));
	b->sec = b->sub = -1;
	if (c->named[0]) {
		b->mapping = "aer";
		b->named = c->named;
		return;
	}
	for (size_t i = 0; i < P->nbr; i++)
		if (!strcmp(P->br[i].host, c->host) && !strcmp(P->br[i].port, c->port)) {
			b->mapping = "bridge";
			b->sec = P->br[i].sec;
			b->sub = P->br[i].sub;
			return;
		}
}

static bool is_below(const struct port_inc *c, const struct below *b, const char *dev)
{
	int bus = bus_of(dev);

	if (b->named) {
		size_t l = hl_slot_len(dev);

		return l == hl_slot_len(b->named) && !memcmp(dev, b->named, l);
	}
	if (b->mapping)
		return same_domain(dev, c->port) && bus >= b->sec && bus <= b->sub;
	/* unproven: a function that could be below it */
	return same_domain(dev, c->port) && bus > bus_of(c->port);
}

/* how far apart in log time (or, when that cannot be told, in lines, as a negative) */
static double distance(const struct port_inc *c, const struct hl_evx *x, bool *by_line)
{
	double d = -1, t;
	const struct hl_stamp *a[2] = { &c->first, &c->last }, *e[2] = { &x->first, &x->last };

	for (int i = 0; i < 2; i++)
		for (int j = 0; j < 2; j++)
			if ((t = hl_stamp_dist(a[i], e[j])) >= 0 && (d < 0 || t < d))
				d = t;
	*by_line = d < 0;
	if (d >= 0)
		return d;
	return c->line > x->last_line ? (double)(c->line - x->last_line)
				       : (double)(x->last_line - c->line);
}

static void put_port(struct prm_health_event *e, const struct port_inc *c, const struct below *b)
{
	bool cut = false;

	if (e->has_port && strcmp(e->port, c->port))
		return;		/* a second port above one device: the first one stays */
	if (!e->has_port) {
		e->has_port = true;
		memcpy(e->port, c->port, sizeof(e->port));
		memcpy(e->port_time, c->first.text, sizeof(e->port_time));
		e->port_when = c->first.when;
		e->port_line = c->line;
		e->port_mapping = b->mapping;
	}
	e->port_link_lost |= c->link_lost;
	if (c->named[0] && !e->port_aer_device[0])
		memcpy(e->port_aer_device, c->named, sizeof(e->port_aer_device));
	e->port_lines += c->nlines;
	for (const char *q = c->detail; *q;) {
		const char *s = strstr(q, "; ");
		size_t l = s ? (size_t)(s - q) : strlen(q);

		hl_detail_add(e->port_detail, sizeof(e->port_detail), &cut, q, l);
		q = s ? s + 2 : q + l;
	}
}

/* A port incident no mlx5 event took: an event of its own, or nothing. */
static bool port_event(const struct hl_ports *P, const struct port_inc *c, const struct below *b,
		       struct prm_health_event *e)
{
	memset(e, 0, sizeof(*e));
	for (size_t i = 0; i < P->nseen; i++) {
		const char *dev = P->seen[i].device;

		if (strcmp(P->seen[i].host, c->host) || !is_below(c, b, dev))
			continue;
		if (!b->mapping) {	/* only could be: the event is the port's */
			e->nfunctions = e->nfunctions_total = 1;
			memcpy(e->functions[0], c->port, sizeof(e->functions[0]));
			if (e->nport_below < PRM_HEALTHLOG_MAX_BELOW)
				memcpy(e->port_below[e->nport_below++], dev, sizeof(e->port_below[0]));
			continue;
		}
		e->nfunctions_total++;
		if (e->nfunctions < PRM_HEALTHLOG_MAX_FUNCTIONS)
			memcpy(e->functions[e->nfunctions++], dev, sizeof(e->functions[0]));
	}
	if (!e->nfunctions || !c->link_lost)
		return false;
	memcpy(e->device, e->functions[0], sizeof(e->device));
	memcpy(e->host, c->host, sizeof(e->host));
	memcpy(e->time, c->first.text, sizeof(e->time));
	e->when = c->first.when;
	e->line = c->line;
	e->nreports = 1;
	e->status = PRM_HEALTH_PCI_GONE;
	e->irisc_index = -1;
	e->fatal_error = -1;
	e->pci_slot = -1;
	e->port_only = true;
	put_port(e, c, b);
	return true;
}

size_t hl_ports_attach(const struct hl_ports *P, struct prm_health_event *ev,
		       const struct hl_evx *evx, size_t nev, struct prm_health_event *pev,
		       size_t max)
{
	size_t n = 0;

	for (size_t k = 0; P && k < P->ninc; k++) {
		const struct port_inc *c = &P->inc[k];
		struct below b;
		long best = -1;
		double bestd = 0;

		below_of(P, c, &b);
		for (size_t i = 0; b.mapping && i < nev; i++) {
			bool by_line, under = false;
			double d;

			if (strcmp(ev[i].host, c->host))
				continue;
			for (size_t f = 0; f < ev[i].nfunctions && !under; f++)
				under = is_below(c, &b, ev[i].functions[f]);
			if (!under)
				continue;
			d = distance(c, &evx[i], &by_line);
			if (d > (by_line ? HL_LINE_WINDOW : PRM_HEALTHLOG_WINDOW))
				continue;
			if (best < 0 || d < bestd) {
				best = (long)i;
				bestd = d;
			}
		}
		if (best >= 0) {
			put_port(&ev[best], c, &b);
			continue;
		}
		if (n < max && port_event(P, c, &b, &pev[n]))
			n++;
	}
	return n;
}
