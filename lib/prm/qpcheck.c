// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include <stdio.h>
#include <string.h>

#include "lib/prm/qpcheck.h"

const char *qp_check_qpn(uint64_t qpn)
{
	if (qpn > 0xffffff)
		return "a QPN has 24 bits (at most 0xffffff)";
	if (qpn < 2)
		return "QPs 0 and 1 are the special QP0 and QP1";
	return NULL;
}

const char *qp_check_ipv4(uint32_t ip)
{
	if (!ip)
		return "the address is 0.0.0.0";
	if (ip == 0xffffffff)
		return "the address is the broadcast address";
	if (ip >> 28 == 0xe)
		return "the address is multicast (224.0.0.0/4)";
	return NULL;
}

const char *qp_check_mac(const uint8_t mac[6])
{
	static const uint8_t zero[6];

	if (!memcmp(mac, zero, 6))
		return "the MAC is 00:00:00:00:00:00";
	if (mac[0] & 1)
		return "the MAC is multicast or broadcast (the first octet's low bit is set)";
	return NULL;
}

unsigned qp_mtu_code(uint64_t bytes, const char **why)
{
	for (unsigned code = 1; code <= 5; code++)
		if (bytes == UINT64_C(128) << code)
			return code;
	*why = "an MTU is 256, 512, 1024, 2048 or 4096 bytes";
	return 0;
}

int qp_duplicate(const uint32_t *qpn, unsigned n, unsigned i)
{
	for (unsigned j = 0; j < i && j < n; j++)
		if (qpn[j] == qpn[i])
			return (int)j;
	return -1;
}

/* Dotted decimal only: four 0-255 without leading zeros (inet_aton reads those as octal). */
int qp_parse_ipv4(const char *s, uint32_t *ip)
{
	uint32_t v = 0;

	for (int part = 0; part < 4; part++) {
		unsigned n = 0, digits = 0;

		while (*s >= '0' && *s <= '9') {
			if (digits && n == 0)
				return -1;	/* a leading zero */
			n = n * 10 + (unsigned)(*s++ - '0');
			if (++digits > 3 || n > 255)
				return -1;
		}
		if (!digits || *s != (part < 3 ? '.' : '\0'))
			return -1;
		v = v << 8 | n;
		s += part < 3;
	}
	*ip = v;
	return 0;
}

static int hexval(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
	       : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* Exactly six two-digit hex octets, all ':' or all '-' between them. */
int qp_parse_mac(const char *s, uint8_t mac[6])
{
	if (strlen(s) != 17 || (s[2] != ':' && s[2] != '-'))
		return -1;
	for (int i = 0; i < 6; i++) {
		int hi = hexval(s[3 * i]), lo = hexval(s[3 * i + 1]);

		if (hi < 0 || lo < 0 || (i < 5 && s[3 * i + 2] != s[2]))
			return -1;
		mac[i] = (uint8_t)(hi << 4 | lo);
	}
	return 0;
}
