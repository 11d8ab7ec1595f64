/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_PRM_QPCHECK_H
#define PRMCTL_PRM_QPCHECK_H

/*
 * The checks seed 004 §3.2 makes before a connection is set up, each
 * returning the rule it broke: a QPN in range, a remote IPv4 that is not
 * zero, multicast or broadcast, a unicast MAC, an MTU the QP context can
 * carry, no session used twice.
 */

#include <stdbool.h>
#include <stdint.h>

/* NULL when fine, else why. */
const char *qp_check_qpn(uint64_t qpn);
const char *qp_check_ipv4(uint32_t ip);
const char *qp_check_mac(const uint8_t mac[6]);
/* 256..4096 bytes to the qpc mtu code 1..5; 0 (and *why) for anything else. */
unsigned qp_mtu_code(uint64_t bytes, const char **why);
/* The first index j < i with qpn[j] == qpn[i] among n, or -1. */
int qp_duplicate(const uint32_t *qpn, unsigned n, unsigned i);

/* "192.0.2.1" and "02:00:00:00:00:01" (also '-'); -1 when not one. */
int qp_parse_ipv4(const char *s, uint32_t *ip);
int qp_parse_mac(const char *s, uint8_t mac[6]);

#endif
