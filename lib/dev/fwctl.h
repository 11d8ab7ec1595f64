/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_DEV_FWCTL_H
#define PRMCTL_DEV_FWCTL_H

/*
 * The fwctl access path: PRM commands through /dev/fwctl/fwctlN (Linux 6.15+,
 * mlx5_core with the mlx5_fwctl auxiliary driver). The kernel passes only
 * the commands its allowlist names, at the scope the caller claims, and
 * stamps its own firmware UID into every command; see lib/prm/fwctl_scope.h
 * for the list.
 *
 * Every syscall goes through struct fwctl_ops so tests can stand in for the
 * kernel; NULL ops means the real open/ioctl/close.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/dev/cmdq.h"
#include "lib/dev/devname.h"
#include "lib/dev/fwctl_uapi.h"
#include "lib/util/err.h"

struct fwctl_ops {
	int (*open)(const char *path, int flags);
	int (*ioctl)(int fd, unsigned long request, void *arg);
	int (*close)(int fd);
};

extern const struct fwctl_ops fwctl_sys_ops;

#define FWCTL_NODE_MAX 64

/* Read-only to callers; filled by fwctl_open(). */
struct fwctl {
	int fd;
	const struct fwctl_ops *ops;
	char node[FWCTL_NODE_MAX];	/* "/dev/fwctl/fwctl0" */
	uint32_t uid;			/* firmware UID the kernel stamps */
	uint32_t uctx_caps;		/* FWCTL_MLX5_UCTX_CAP_TOOLS_RESOURCES or 0 */
	uint32_t device_data_len;	/* what the driver reported (8 for mlx5) */
};

/*
 * The fwctl node of a PCI function, from its sysfs directory
 * (<pci_dir>/fwctl/fwctlN; the lowest N if several): node gets
 * "/dev/fwctl/fwctlN". When there is none, the error (PRM_E_NODEV,
 * reason "no_fwctl") says the likely why: no driver or not mlx5_core,
 * a kernel without fwctl, or mlx5_fwctl not loaded.
 */
int fwctl_node_of_pci_dir(const char *pci_dir, char *node, size_t sz,
			  struct prm_err *err);

/* The same for <sysfs root>/bus/pci/devices/<BDF>. */
int fwctl_node_of_pci(const struct pci_addr *a, char *node, size_t sz,
		      struct prm_err *err);

/* The PCI function behind "fwctlN" or "/dev/fwctl/fwctlN". */
int fwctl_pci_of_node(const char *node, struct pci_addr *a, struct prm_err *err);

/*
 * Open the node (O_RDWR|O_CLOEXEC), ask FWCTL_INFO, insist on an mlx5
 * device and keep its uid and uctx_caps. Errors are PRM_E_NODEV for a
 * missing node ("no_fwctl"), permission ("needs_root"), a device that went
 * away ("device_gone") or is not mlx5 ("not_mlx5"); PRM_E_FAILED otherwise.
 */
int fwctl_open(const char *node, const struct fwctl_ops *ops, struct fwctl **out,
	       struct prm_err *err);

void fwctl_close(struct fwctl *f);

/* The FWCTL_INFO request, asking for the mlx5 device data into *data. */
void fwctl_info_req(struct fwctl_info *req, struct fwctl_info_mlx5 *data);

/*
 * The FWCTL_RPC request. Refuses (PRM_E_USAGE, reason "bad_scope" or
 * "size") what the kernel would: an unknown scope, a message shorter than
 * the 16-byte mlx5 header or longer than 2 MiB.
 */
int fwctl_rpc_req(struct fwctl_rpc *req, enum fwctl_rpc_scope scope,
		  const void *in, size_t inlen, void *out, size_t outlen,
		  struct prm_err *err);

/*
 * The scope one command is sent at. Anything that does not change device
 * state, and anything the kernel's allowlist (as prmctl knows it) refuses
 * at every scope, goes at debug-read-only: the kernel passes every query
 * there, and the fwctl core taints itself for a debug-write request before
 * its driver looks at the opcode, so a refused command must never go at
 * debug-write. With write (--write) a command that changes state goes at
 * the lowest scope the kernel passes it at: configuration for a register
 * write or SET_HCA_CAP (no taint), debug-write for SET_DIAGNOSTIC_PARAMS
 * (taints). Without write it stays at debug-read-only, which fwctl_rpc()
 * refuses for such a command. Debug-write-full is never chosen.
 */
enum fwctl_rpc_scope fwctl_scope_for(uint16_t opcode, uint16_t op_mod, bool write);

/*
 * Run one command at the given scope. Returns -1 for transport failures:
 * the kernel refused it (scope, allowlist, privilege), the device is gone,
 * the driver's command path failed or timed out (PRM_E_TIMEOUT). Otherwise
 * 0 with the firmware's status and syndrome in *res: a non-zero status is
 * not a transport failure.
 *
 * At debug-read-only a command that changes device state (a register
 * write, SET_HCA_CAP, ...) is refused here (PRM_E_USAGE, "needs_write")
 * even though the kernel would pass some of them: read-only means read-only.
 */
int fwctl_rpc(struct fwctl *f, enum fwctl_rpc_scope scope, const void *in,
	      size_t inlen, void *out, size_t outlen, struct cmd_result *res,
	      struct prm_err *err);

#endif
