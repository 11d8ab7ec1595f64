// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The mlx5 driver's health messages, recognised by their text: the
 * print_health_info() lines of every kernel generation (health.c), the
 * poll_health() and recovery messages, temp_warn() (events.c), command
 * timeouts (cmd.c wait_func*()), mlx5_pci_err_detected() (main.c). Formats:
 * research/mlx5-layouts.md §2, real samples: research/users.md §1.
 */
#include <string.h>

#include "lib/prm/healthlog_int.h"
#include "lib/prm/names.h"

static const char *after(const char *s, const char *prefix)
{
	size_t l = strlen(prefix);

	return strncmp(s, prefix, l) ? NULL : s + l;
}

/* A number (hex, 0x optional, or decimal) ending at the end or at one of " :).,]". */
static bool num(const char **pp, bool hex, uint64_t *v)
{
	const char *p = *pp;
	int n = 0;

	*v = 0;
	if (hex && p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
		p += 2;
	for (;; p++, n++) {
		int d = (*p >= '0' && *p <= '9') ? *p - '0' :
			hex && (*p | 0x20) >= 'a' && (*p | 0x20) <= 'f' ? (*p | 0x20) - 'a' + 10 : -1;

		if (d < 0)
			break;
		if (n >= 16)
			return false;
		*v = *v * (hex ? 16 : 10) + (uint64_t)d;
	}
	if (!n || (*p && !strchr(" :).,]", *p)))
		return false;
	*pp = p;
	return true;
}

/* the synd value a header's text names ("firmware internal error"), -1 if none */
static int synd_by_text(const char *t, size_t l)
{
	while (l && t[l - 1] == ' ')
		l--;
	if (l >= 4 && !memcmp(t + l - 4, "\\x0a", 4))	/* 0x0b's string ends in a newline */
		l -= 4;
	while (l && (t[l - 1] == ' ' || t[l - 1] == '\\'))
		l--;
	for (size_t i = 0; i < prm_health_synd_names.n; i++) {
		const char *n = prm_health_synd_names.v[i].name;

		if (strlen(n) == l && !memcmp(n, t, l))
			return (int)prm_health_synd_names.v[i].value;
	}
	return -1;
}

static void header(const char *s, struct hl_msg *m)
{
	const char *sev = NULL, *q;
	uint64_t v;

	for (q = strstr(s, ", severity("); q; q = strstr(q + 1, ", severity("))
		sev = q;
	m->kind = K_HEADER;
	if (!sev) {
		m->partial = true;
		return;
	}
	m->synd = synd_by_text(s, (size_t)(sev - s));
	q = sev + 11;
	if (num(&q, false, &v) && v < 8)
		m->sev = (int)v;
}

/* "NAME(0xOP)" before the words that say what happened */
static void cmd_name(const char *s, const char *stop, struct hl_msg *m)
{
	const char *p = strstr(s, "(0x"), *b;
	uint64_t v;

	if (!p || p > stop)
		return;
	for (b = p; b > s && (b[-1] == '_' || (b[-1] >= '0' && b[-1] <= '9') ||
			      ((b[-1] | 0x20) >= 'a' && (b[-1] | 0x20) <= 'z')); b--)
		;
	if ((size_t)(p - b) < sizeof(m->cmd)) {
		memcpy(m->cmd, b, (size_t)(p - b));
		m->cmd[p - b] = '\0';
	}
	p++;
	if (num(&p, true, &v) && v <= 0xffff)
		m->op = (uint16_t)v;
}

static const char *const needles[] = {
	"Health issue observed", "device's health compromised - reached miss count",
	"Fatal error", "health sensors:", "PCI slot", "PCI channel offline",
	"PCI reads still not working", "NIC IFC still", "High temperature on sensors with bit set",
	"timeout. Will cause a leak of a command resource", "No done completion",
	"canceled on out of queue timeout", "timeout while waiting for command semaphore",
	"Command completion arrived after timeout", "Cold reset is required", "raw fw_ver",
};

/* the message ends with the first words of a message we know: cut by a wrap */
static bool cut_needle(const char *s, size_t len)
{
	for (size_t k = 0; k < sizeof(needles) / sizeof(needles[0]); k++) {
		size_t nl = strlen(needles[k]);

		for (size_t i = len > nl ? len - nl : 0; i < len; i++) {
			size_t tl = len - i;

			if ((i == 0 || s[i - 1] == ' ') && tl < nl && needles[k][tl] == ' ' &&
			    !memcmp(s + i, needles[k], tl))
				return true;
		}
	}
	return false;
}

/* "... CREATE_DCT(0x710)": a command named, what happened to it on the next line */
static bool ends_with_cmd(const char *s, size_t len)
{
	const char *o = len ? memrchr(s, '(', len) : NULL, *q;

	if (!o || o == s || len - (size_t)(o - s) < 5 || strncmp(o, "(0x", 3) || s[len - 1] != ')')
		return false;
	for (q = o + 3; q < s + len - 1; q++)
		if (!((*q >= '0' && *q <= '9') || (*q >= 'a' && *q <= 'f')))
			return false;
	return (o[-1] >= 'A' && o[-1] <= 'Z') || (o[-1] >= '0' && o[-1] <= '9') || o[-1] == '_';
}

static const struct {
	const char *key;
	enum hl_kind kind;
	bool hex;
} keys[] = {
	{ "assert_exit_ptr", K_EXIT_PTR, true }, { "assert_callra", K_CALLRA, true },
	{ "raw fw_ver", K_RAW_FWVER, true }, { "fw_ver", K_FWVER, false },
	{ "time", K_TIME, false }, { "hw_id", K_HWID, true }, { "rfr", K_RFR, false },
	{ "crr", K_CRR, false }, { "severity", K_SEVERITY, false },
	{ "irisc_index", K_IRISC, false }, { "synd", K_SYND, true },
	{ "ext_synd", K_EXT_SYND, true },
};

void hl_classify(const char *s, struct hl_msg *m)
{
	const char *p, *q;
	size_t len = strlen(s);
	uint64_t v;

	memset(m, 0, sizeof(*m));
	m->synd = m->sev = -1;
	if ((p = after(s, "Health issue observed, "))) {
		header(p, m);
		return;
	}
	if ((p = after(s, "assert_var[")) && num(&p, false, &v) && *p == ']') {
		if (v < 6 && p[1] == ' ' && (q = p + 2, num(&q, true, &m->v))) {
			m->kind = K_AVAR;
			m->idx = (int)v;
		} else {
			m->partial = v < 6 && !p[1];
		}
		return;
	}
	for (size_t k = 0; k < sizeof(keys) / sizeof(keys[0]); k++) {
		if (!(p = after(s, keys[k].key)))
			continue;
		if (!*p) {
			m->partial = true;	/* the value went to the next line */
			return;
		}
		if (*p++ != ' ')
			continue;
		q = p;
		if (keys[k].kind == K_FWVER && q[0] == '0' && q[1] == 'x' && num(&q, true, &m->v)) {
			m->kind = K_RAW_FWVER;	/* very old kernels print the raw dword */
		} else if (keys[k].kind == K_FWVER) {
			for (int i = 0; i < 3; i++) {
				if (!num(&q, false, &v) || v > 0xffffffffu || (i < 2 && *q++ != '.'))
					return;
				m->ver[i] = (unsigned)v;
			}
			m->kind = K_FWVER;
		} else if (num(&q, keys[k].hex, &m->v)) {
			m->kind = keys[k].kind;
		}
		return;
	}
	if (strstr(s, "Cold reset is required"))
		m->kind = K_COLD_RESET;
	else if (strstr(s, "reached miss count"))
		m->kind = K_MISS;
	else if ((p = strstr(s, "Fatal error"))) {
		m->kind = K_FATAL;
		p += 11;
		if (*p == ' ' && (q = p + 1, num(&q, false, &v)) && v < 1000)
			m->v = v;
		m->partial = !strstr(p, "detected");
	} else if ((p = strstr(s, "health sensors: "))) {
		p += 16;
		if (num(&p, false, &v) && v > 0 && v < 1000) {
			m->kind = K_SENSORS;
			m->v = v;
		}
	} else if ((p = strstr(s, "PCI slot")) && (!p[8] || p[8] == ' ')) {
		m->kind = K_SLOT;
		m->v = (uint64_t)-1;
		q = p + 8;
		if (*q == ' ' && (p = q + 1, num(&p, false, &v)) && v < 100000)
			m->v = v;
		m->partial = !strstr(q, "unavailable");
		if (!strstr(q, "is unavailable") && !m->partial)
			m->kind = K_NONE;
	} else if (strstr(s, "PCI channel offline") || strstr(s, "PCI reads still not working"))
		m->kind = K_PCI_OFFLINE;
	else if ((p = strstr(s, "NIC IFC still"))) {
		m->kind = K_NICIFC;
		m->partial = !p[13];
	} else if ((p = strstr(s, "High temperature on sensors with bit set"))) {
		m->kind = K_TEMP;
		p += 40;
		m->partial = !(*p == ' ' && (p++, num(&p, true, &m->v)) && *p == ' ' &&
			       (p++, num(&p, true, &m->v2)));
	} else if ((p = strstr(s, "timeout. Will cause a leak")) || (p = strstr(s, "No done completion")) ||
		   (p = strstr(s, "canceled on out of queue timeout")) ||
		   (p = strstr(s, "timeout while waiting for command semaphore"))) {
		m->kind = K_CMD_TIMEOUT;
		cmd_name(s, p, m);
	} else if (strstr(s, "completion arrived after timeout"))
		m->kind = K_CMD_LATE;
	else if (strstr(s, "crdump: failed"))
		m->kind = K_CRDUMP;
	else if (cut_needle(s, len) || ends_with_cmd(s, len))
		m->partial = true;
}
