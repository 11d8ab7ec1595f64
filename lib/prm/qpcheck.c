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

int qp_parse_ipv4(const char *s, uint32_t *ip)
{
	unsigned a, b, c, d;
	char tail;

	if (sscanf(s, "%u.%u.%u.%u%c", &a, &b, &c, &d, &tail) != 4 || a > 255 || b > 255 ||
	    c > 255 || d > 255)
		return -1;
	*ip = a << 24 | b << 16 | c << 8 | d;
	return 0;
}

int qp_parse_mac(const char *s, uint8_t mac[6])
{
	unsigned v[6];
	char tail;

	if (sscanf(s, "%2x:%2x:%2x:%2x:%2x:%2x%c", &v[0], &v[1], &v[2], &v[3], &v[4], &v[5],
		   &tail) != 6 &&
	    sscanf(s, "%2x-%2x-%2x-%2x-%2x-%2x%c", &v[0], &v[1], &v[2], &v[3], &v[4], &v[5],
		   &tail) != 6)
		return -1;
	for (int i = 0; i < 6; i++)
		mac[i] = (uint8_t)v[i];
	return strlen(s) == 17 ? 0 : -1;
}
