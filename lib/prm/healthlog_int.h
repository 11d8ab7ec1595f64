/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_PRM_HEALTHLOG_INT_H
#define PRMCTL_PRM_HEALTHLOG_INT_H

/*
 * Inside the kernel-log parser: healthlog_line.c (lines), healthlog_msg.c
 * (messages), healthlog.c (incidents, the API), healthlog_event.c (events).
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/prm/healthlog.h"

/* A log time: what a line's prefix said, as numbers for "how far apart". */
struct hl_stamp {
	bool has_mono;		/* dmesg "[ 1234.567890]": seconds since boot */
	double mono;
	unsigned boot;		/* which boot of its host the dmesg time counts from */
	int wall_kind;		/* 0 none, 1 syslog "Mar 17 14:07:18" (no year), 2 full date */
	double wall;		/* seconds; comparable only between stamps of one kind */
	char text[64];		/* the first stamp of the line as written */
	struct prm_log_when when;	/* what text says */
};

enum hl_type {
	HL_BLANK,		/* empty or white space only */
	HL_TEXT,		/* no prefix of its own: may continue a wrapped line */
	HL_RECORD,		/* a log record of something else (has a time stamp, ...) */
	HL_MLX5,		/* "mlx5_core <device>: message" */
};

struct hl_norm {
	enum hl_type type;
	int quote;		/* mail quote depth ("> > ") */
	bool trailing_ws;	/* the line ended in white space (a soft wrap) */
	bool prefix_only;	/* HL_RECORD with a stamp and nothing after it */
	char host[64];
	struct hl_stamp ts;
	char device[32];	/* HL_MLX5: normalised device name */
	const char *msg;	/* HL_MLX5: message after "<device>: "; else the text after quotes */
	size_t msglen;
	const char *other;	/* HL_RECORD: what follows the stamps and host ("pcieport ...") */
	size_t otherlen;
};

/* s is NUL-free, s[len] == '\0'. n->msg points into s. */
void hl_normalise(const char *s, size_t len, struct hl_norm *n);

/*
 * Strip the driver's "func:line:(pid N): " from a message. *partial is set
 * when the message ends inside it (a wrapped line).
 */
const char *hl_strip_pid(const char *m, size_t len, size_t *outlen, bool *partial);

/* Two stamps of comparable kind: their distance in seconds; < 0 if not comparable. */
double hl_stamp_dist(const struct hl_stamp *a, const struct hl_stamp *b);

/*
 * A PCI address ("0000:0d:00.0", "0d:00.0", domains up to 8 hex digits) or
 * an SF ("mlx5_core.sf.3") at p: its length, 0 if none. Normalised in out.
 */
size_t hl_device(const char *p, const char *end, char out[32]);

/* "0000:0d:00.0" -> length of "0000:0d:00" (the slot); whole length otherwise. */
size_t hl_slot_len(const char *device);

/* ---- messages (healthlog_msg.c) ---- */

enum hl_kind {
	K_NONE,
	/* print_health_info(), in its order */
	K_HEADER, K_AVAR, K_EXIT_PTR, K_CALLRA, K_FWVER, K_TIME, K_HWID, K_RFR, K_CRR,
	K_SEVERITY, K_IRISC, K_SYND, K_EXT_SYND, K_RAW_FWVER, K_COLD_RESET,
	/* the rest */
	K_MISS, K_FATAL, K_SENSORS, K_SLOT, K_PCI_OFFLINE, K_NICIFC, K_TEMP,
	K_CMD_TIMEOUT, K_CMD_LATE, K_CRDUMP,
};

/* health buffer fields seen in an incident: bit (kind - K_AVAR), assert_var[i] at 16 + i */
#define F_BIT(k)	(1u << ((k) - K_AVAR))
#define F_AVAR(i)	(1u << (16 + (i)))

struct hl_msg {
	enum hl_kind kind;
	bool partial;		/* the text ends before what the kind needs: maybe wrapped */
	int idx;		/* assert_var index */
	uint64_t v, v2;
	unsigned ver[3];	/* fw_ver a.b.c */
	int synd, sev;		/* named by the header, -1 if not */
	char cmd[48];
	uint16_t op;
};

/* What a message (after hl_strip_pid) is, with its values. s is NUL-terminated. */
void hl_classify(const char *s, struct hl_msg *m);

/* ---- incidents and events (healthlog.c, healthlog_event.c) ---- */

#define HL_LINE_WINDOW	1000	/* lines, when the log has no comparable times */

struct hl_inc {
	struct prm_health_event ev;	/* values as logged, classified at the end */
	struct hl_stamp first, last;
	size_t last_line;
	uint32_t seen;			/* F_* */
	unsigned nbuf, nallones;	/* buffer lines, and of them all-ones ones */
	unsigned ver[3];
	int header_synd;
	bool header, has_ver, miss, temp, nicifc, pcigone, cmd, detail_cut;
};

struct hl_evx {
	struct hl_stamp first, last;
	size_t last_line;
	bool ident;			/* a real health buffer (not all-ones, synd != 0) */
	bool cut;
};

/* Append one message to a "; "-separated list, once; "..." when it no longer fits. */
void hl_detail_add(char *d, size_t sz, bool *cut, const char *s, size_t l);

/* An incident as an event of its own; *ident: it has a real health buffer. */
void hl_finish(const struct hl_inc *c, struct prm_health_event *e, bool *ident);

/* Does incident I (finished) belong to event E? */
bool hl_fits(const struct prm_health_event *E, const struct hl_evx *X,
	     const struct prm_health_event *I, bool iident, const struct hl_stamp *ifirst,
	     size_t iline);

void hl_merge(struct prm_health_event *E, struct hl_evx *X, const struct prm_health_event *I,
	      bool iident, const struct hl_inc *c);

/* ---- the upstream port's lines (healthlog_port.c) ---- */

struct hl_ports;

/* A record of another driver (n->other): kept when it is a port line about the link below. */
void hl_ports_record(struct hl_ports **ps, const struct hl_norm *n, size_t line);
/* An mlx5_core function the log names (any message): a device that can be below a port. */
void hl_ports_mlx5(struct hl_ports **ps, const char *host, const char *device);
/* Port incidents: at most this many port-only events. */
size_t hl_ports_count(const struct hl_ports *ps);
size_t hl_ports_dropped(const struct hl_ports *ps);
/*
 * Tie the port incidents to events ev[0, nev) (evx: their times); the ones
 * that are events of their own into pev (at most max, in order of first
 * line). Returns how many port events there are.
 */
size_t hl_ports_attach(const struct hl_ports *ps, struct prm_health_event *ev,
		       const struct hl_evx *evx, size_t nev, struct prm_health_event *pev,
		       size_t max);
void hl_ports_free(struct hl_ports *ps);

#endif
