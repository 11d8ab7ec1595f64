/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_PRM_EVENTS_H
#define PRMCTL_PRM_EVENTS_H

/*
 * The one list of event types (an EQE's type byte), under the kernel's
 * names: value V named N here is MLX5_EVENT_TYPE_N = V in
 * include/linux/mlx5/device.h enum mlx5_event (knneth/mlnx-ofa_kernel@2850235
 * device.h:324-376), and S is what prm_event_type_names prints for it: N in
 * lower case (events.c eqe_type_str() prints the whole macro name,
 * "MLX5_EVENT_TYPE_PORT_CHANGE"). 0x0 is also MLX5_EVENT_TYPE_NOTIFY_ANY, a
 * subscription wildcard, not an event. The old torvalds/linux@82c1388f
 * device.h names only 0x0-0x5, 0x7-0xd, 0x10-0x16, 0x19-0x1b, 0x20 and 0x25.
 * mlx5_ifc.h's MLX5_EVENT_TYPE_CODING_* also has 0x1f (dropped packet
 * logged), which device.h does not name. The simulator posts these, the host
 * subscribes to them (event mask bit V).
 *
 * Add an event: one X() line, in ascending order.
 */
#define PRM_EVENT_TYPES(X) \
	X(COMP, 0x00, "comp") \
	X(PATH_MIG, 0x01, "path_mig") \
	X(COMM_EST, 0x02, "comm_est") \
	X(SQ_DRAINED, 0x03, "sq_drained") \
	X(CQ_ERROR, 0x04, "cq_error") \
	X(WQ_CATAS_ERROR, 0x05, "wq_catas_error") \
	X(PATH_MIG_FAILED, 0x07, "path_mig_failed") \
	X(INTERNAL_ERROR, 0x08, "internal_error") \
	X(PORT_CHANGE, 0x09, "port_change") \
	X(CMD, 0x0a, "cmd") \
	X(PAGE_REQUEST, 0x0b, "page_request") \
	X(PAGE_FAULT, 0x0c, "page_fault") \
	X(NIC_VPORT_CHANGE, 0x0d, "nic_vport_change") \
	X(ESW_FUNCTIONS_CHANGED, 0x0e, "esw_functions_changed") \
	X(VHCA_STATE_CHANGE, 0x0f, "vhca_state_change") \
	X(WQ_INVAL_REQ_ERROR, 0x10, "wq_inval_req_error") \
	X(WQ_ACCESS_ERROR, 0x11, "wq_access_error") \
	X(SRQ_CATAS_ERROR, 0x12, "srq_catas_error") \
	X(SRQ_LAST_WQE, 0x13, "srq_last_wqe") \
	X(SRQ_RQ_LIMIT, 0x14, "srq_rq_limit") \
	X(GPIO_EVENT, 0x15, "gpio_event") \
	X(PORT_MODULE_EVENT, 0x16, "port_module_event") \
	X(TEMP_WARN_EVENT, 0x17, "temp_warn_event") \
	X(XRQ_ERROR, 0x18, "xrq_error") \
	X(REMOTE_CONFIG, 0x19, "remote_config") \
	X(DB_BF_CONGESTION, 0x1a, "db_bf_congestion") \
	X(STALL_EVENT, 0x1b, "stall_event") \
	X(DCT_DRAINED, 0x1c, "dct_drained") \
	X(DCT_KEY_VIOLATION, 0x1d, "dct_key_violation") \
	X(FPGA_ERROR, 0x20, "fpga_error") \
	X(FPGA_QP_ERROR, 0x21, "fpga_qp_error") \
	X(GENERAL_EVENT, 0x22, "general_event") \
	X(MONITOR_COUNTER, 0x24, "monitor_counter") \
	X(PPS_EVENT, 0x25, "pps_event") \
	X(DEVICE_TRACER, 0x26, "device_tracer") \
	X(OBJECT_CHANGE, 0x27, "object_change")

enum mlx5_event {
#define PRM_EVENT_TYPE_ENUM(name, value, str) MLX5_EVENT_TYPE_##name = value,
	PRM_EVENT_TYPES(PRM_EVENT_TYPE_ENUM)
#undef PRM_EVENT_TYPE_ENUM
};

/* DEVICE_TRACER's sub_type (device.h MLX5_TRACER_SUBTYPE_*). */
enum {
	MLX5_TRACER_SUBTYPE_OWNERSHIP_CHANGE = 0x0,
	MLX5_TRACER_SUBTYPE_TRACES_AVAILABLE = 0x1,
	MLX5_TRACER_SUBTYPE_STRINGS_DB_UPDATE = 0x2,
};

#endif
