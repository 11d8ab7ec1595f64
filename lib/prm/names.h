/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_PRM_NAMES_H
#define PRMCTL_PRM_NAMES_H

#include "lib/prm/layout.h"

/* Value names, each table from the public source named in names.c. */
extern const struct prm_names prm_health_synd_names;
extern const struct prm_names prm_severity_names;
extern const struct prm_names prm_nic_interface_names;
extern const struct prm_names prm_nic_interface_supported_names;
extern const struct prm_names prm_cmd_delivery_status_names;
extern const struct prm_names prm_cmd_status_names;
extern const struct prm_names prm_cmd_opcode_names;
extern const struct prm_names prm_cmd_xport_names;
extern const struct prm_names prm_cmd_owner_names;
extern const struct prm_names prm_reg_status_names;
extern const struct prm_names prm_icmd_status_names;
extern const struct prm_names prm_event_type_names;

#endif
