/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_PRM_HEALTHADVICE_H
#define PRMCTL_PRM_HEALTHADVICE_H

#include "lib/prm/health.h"

/*
 * One sentence per health class for the support engineer who reads it: what
 * happened, what mlx5_core does about it (so what usually follows), and what
 * to collect before that wipes the evidence. From the PRM's health buffer
 * and the kernel's handling in mlx5_core health.c (research/mlx5-layouts.md
 * §2); health show, health decode-log and collect print the same text.
 * NULL for a value outside the enum.
 */
const char *prm_health_advice(enum prm_health_status s);

#endif
