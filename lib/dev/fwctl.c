// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/dev/fwctl.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/dev/sysfs.h"
#include "lib/prm/cmdstatus.h"
#include "lib/prm/fwctl_scope.h"

/*
 * Kernel behaviour relied on below, from torvalds/linux drivers/fwctl/main.c
 * @ 844e31bb (fwctl_cmd_info, fwctl_cmd_rpc, fwctl_fops_ioctl) and
 * drivers/fwctl/mlx5/main.c @ 42d3b66d (mlx5ctl_fw_rpc): errno values and
 * where they come from are listed at map_rpc_errno().
 */

static int sys_open(const char *path, int flags)
{
	return open(path, flags);
}

static int sys_ioctl(int fd, unsigned long request, void *arg)
{
	return ioctl(fd, request, arg);
}

static int sys_close(int fd)
{
	return close(fd);
}

const struct fwctl_ops fwctl_sys_ops = {
	.open = sys_open,
	.ioctl = sys_ioctl,
	.close = sys_close,
};

/* ---- finding the node ---- */

/* "fwctl<digits>" -> N; -1 for anything else. */
static long fwctl_index(const char *name)
{
	char *end;
	long n;

	if (strncmp(name, "fwctl", 5) || name[5] < '0' || name[5] > '9')
		return -1;
	errno = 0;
	n = strtol(name + 5, &end, 10);
	if (*end || errno || n < 0 || n > INT_MAX)
		return -1;
	return n;
}

/* Lowest fwctlN directly in dir; -1 if none. */
static long lowest_in(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	long best = -1;

	if (!d)
		return -1;
	while ((e = readdir(d))) {
		long n = fwctl_index(e->d_name);

		if (n >= 0 && (best < 0 || n < best))
			best = n;
	}
	closedir(d);
	return best;
}

/*
 * The kernel parents the fwctl device on the PCI function
 * (mlx5ctl_probe: fwctl_alloc_device(&mdev->pdev->dev, ...)), so the node
 * is <pci>/fwctl/fwctlN. A parent on the mlx5_core.fwctl.N auxiliary device
 * (<pci>/<aux>/fwctl/fwctlN) is accepted too, in case a kernel ever does
 * that; symlinks (driver, physfn, subsystem) are not followed, they lead
 * to other devices.
 */
static long find_index(const char *pci_dir, bool *aux_seen)
{
	char path[PATH_MAX];
	DIR *d;
	struct dirent *e;
	long best;

	*aux_seen = false;
	snprintf(path, sizeof(path), "%s/fwctl", pci_dir);
	best = lowest_in(path);
	if (best >= 0)
		return best;
	d = opendir(pci_dir);
	if (!d)
		return -1;
	while ((e = readdir(d))) {
		struct stat st;
		long n;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", pci_dir, e->d_name);
		if (lstat(path, &st) || !S_ISDIR(st.st_mode))
			continue;
		if (strncmp(e->d_name, "mlx5_core.fwctl.", 16) == 0)
			*aux_seen = true;
		snprintf(path, sizeof(path), "%s/%s/fwctl", pci_dir, e->d_name);
		n = lowest_in(path);
		if (n >= 0 && (best < 0 || n < best))
			best = n;
	}
	closedir(d);
	return best;
}

static const char *base_of(const char *p)
{
	const char *s = strrchr(p, '/');

	return s ? s + 1 : p;
}

static int no_fwctl(const char *pci_dir, bool aux_seen, struct prm_err *err)
{
	char path[PATH_MAX], real[PATH_MAX];
	const char *dev = base_of(pci_dir);
	const char *driver = NULL;

	snprintf(path, sizeof(path), "%s/driver", pci_dir);
	if (realpath(path, real))
		driver = base_of(real);
	if (!driver)
		return prm_err_set(err, PRM_E_NODEV, ENOENT, "no_fwctl",
				   "%s: no fwctl node: no driver is bound (fwctl needs mlx5_core)",
				   dev);
	if (strcmp(driver, "mlx5_core"))
		return prm_err_set(err, PRM_E_NODEV, ENOENT, "no_fwctl",
				   "%s: no fwctl node: the function is bound to %s, not mlx5_core",
				   dev, driver);
	snprintf(path, sizeof(path), "%s/class/fwctl", sysfs_root());
	if (access(path, F_OK))
		return prm_err_set(err, PRM_E_NODEV, ENOENT, "no_fwctl",
				   "%s: no fwctl node: this kernel has no fwctl (%s missing; needs Linux 6.15 or later with CONFIG_FWCTL)",
				   dev, path);
	if (aux_seen)
		return prm_err_set(err, PRM_E_NODEV, ENOENT, "no_fwctl",
				   "%s: no fwctl node: mlx5_core offers one (mlx5_core.fwctl) but the mlx5_fwctl module is not loaded (CONFIG_FWCTL_MLX5)",
				   dev);
	return prm_err_set(err, PRM_E_NODEV, ENOENT, "no_fwctl",
			   "%s: no fwctl node: mlx5_fwctl not loaded (CONFIG_FWCTL_MLX5), or the firmware lacks uctx_cap, or this is a sub-function (never has one)",
			   dev);
}

int fwctl_node_of_pci_dir(const char *pci_dir, char *node, size_t sz,
			  struct prm_err *err)
{
	bool aux_seen;
	long n;

	if (!pci_dir || !node || !sz)
		return prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_arg",
				   "fwctl: no PCI directory or no room for the node name");
	if (access(pci_dir, F_OK))
		return prm_err_set(err, PRM_E_NODEV, errno, "not_found",
				   "%s: no such PCI device", pci_dir);
	n = find_index(pci_dir, &aux_seen);
	if (n < 0)
		return no_fwctl(pci_dir, aux_seen, err);
	if ((size_t)snprintf(node, sz, "/dev/fwctl/fwctl%ld", n) >= sz)
		return prm_err_set(err, PRM_E_USAGE, ENAMETOOLONG, "bad_arg",
				   "fwctl: node name buffer too small");
	return 0;
}

int fwctl_node_of_pci(const struct pci_addr *a, char *node, size_t sz,
		      struct prm_err *err)
{
	char bdf[32], dir[PATH_MAX];

	pci_addr_format(a, bdf, sizeof(bdf));
	snprintf(dir, sizeof(dir), "%s/bus/pci/devices/%s", sysfs_root(), bdf);
	if (access(dir, F_OK))
		return prm_err_set(err, PRM_E_NODEV, ENOENT, "not_found",
				   "%s: no such PCI device (%s)", bdf, dir);
	/* messages name the directory's last part: the BDF link in bus/pci/devices */
	return fwctl_node_of_pci_dir(dir, node, sz, err);
}

int fwctl_pci_of_node(const char *node, struct pci_addr *a, struct prm_err *err)
{
	const char *name, *what = NULL;

	if (!node)
		return prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_arg", "fwctl: no node given");
	name = base_of(node);
	if (fwctl_index(name) < 0)
		return prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_name",
				   "'%s' is not a fwctl node name (fwctlN or /dev/fwctl/fwctlN)",
				   node);
	return sysfs_resolve_name("fwctl", name, a, &what, err);
}

/* ---- requests ---- */

void fwctl_info_req(struct fwctl_info *req, struct fwctl_info_mlx5 *data)
{
	memset(req, 0, sizeof(*req));
	memset(data, 0, sizeof(*data));
	req->size = sizeof(*req);
	req->flags = 0;
	req->device_data_len = sizeof(*data);
	req->out_device_data = (uintptr_t)data;
}

int fwctl_rpc_req(struct fwctl_rpc *req, enum fwctl_rpc_scope scope,
		  const void *in, size_t inlen, void *out, size_t outlen,
		  struct prm_err *err)
{
	memset(req, 0, sizeof(*req));
	if (!fwctl_scope_name(scope))
		return prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_scope",
				   "fwctl: scope %u is not a fwctl scope (0 configuration .. 3 debug-write-full)",
				   (unsigned int)scope);
	if (!in || !out)
		return prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_arg",
				   "fwctl: no input or output buffer");
	if (inlen < FWCTL_MLX5_MIN_MSG || outlen < FWCTL_MLX5_MIN_MSG)
		return prm_err_set(err, PRM_E_USAGE, EMSGSIZE, "size",
				   "fwctl: command input %zu and output %zu bytes: each must hold the 16-byte mailbox header",
				   inlen, outlen);
	if (inlen > FWCTL_MAX_RPC_LEN || outlen > FWCTL_MAX_RPC_LEN)
		return prm_err_set(err, PRM_E_USAGE, EMSGSIZE, "size",
				   "fwctl: command input %zu and output %zu bytes: the kernel takes at most 2 MiB each",
				   inlen, outlen);
	req->size = sizeof(*req);
	req->scope = scope;
	req->in_len = (uint32_t)inlen;
	req->out_len = (uint32_t)outlen;
	req->in = (uintptr_t)in;
	req->out = (uintptr_t)out;
	return 0;
}

enum fwctl_rpc_scope fwctl_scope_for(uint16_t opcode, uint16_t op_mod, bool write)
{
	struct fwctl_scope_check c;

	if (fwctl_scope_allows(opcode, op_mod, FWCTL_RPC_DEBUG_READ_ONLY, &c) == FWCTL_NEVER ||
	    !c.changes_state || !write)
		return FWCTL_RPC_DEBUG_READ_ONLY;
	return c.min_scope;
}

/* ---- errno to words ---- */

static const char *short_node(const char *node)
{
	return node && *node ? base_of(node) : "fwctl";
}

/* Errnos any fwctl ioctl can give (the generic part of fwctl_fops_ioctl). */
static int map_common_errno(int e, const char *node, const char *what,
			    struct prm_err *err)
{
	const char *n = short_node(node);

	switch (e) {
	case ENODEV:
		return prm_err_set(err, PRM_E_NODEV, e, "device_gone",
				   "%s: device gone: the fwctl device was unregistered (driver unbound, device removed or reset); open it again",
				   n);
	case ENOTTY:
		return prm_err_set(err, PRM_E_NODEV, e, "not_fwctl",
				   "%s: %s not supported: not a fwctl device, or a kernel without this ioctl",
				   n, what);
	case E2BIG:
		return prm_err_set(err, PRM_E_FAILED, e, "abi",
				   "%s: %s: the kernel does not understand part of the request (an older fwctl ABI)",
				   n, what);
	case EINVAL:
		return prm_err_set(err, PRM_E_FAILED, e, "abi",
				   "%s: %s: the kernel rejected the request structure as too small for its ABI, or the driver hit a command-delivery error",
				   n, what);
	case EFAULT:
		return prm_err_set(err, PRM_E_FAILED, e, "fault",
				   "%s: %s: the kernel could not read or write a buffer (bad address, or a mailbox pointer error in delivery)",
				   n, what);
	case ENOMEM:
		return prm_err_set(err, PRM_E_FAILED, e, "no_memory",
				   "%s: %s: the kernel is out of memory", n, what);
	case EINTR:
		return prm_err_set(err, PRM_E_FAILED, e, "interrupted",
				   "%s: %s: interrupted by a signal", n, what);
	}
	return 1;
}

static int map_open_errno(int e, const char *node, struct prm_err *err)
{
	switch (e) {
	case ENOENT:
		return prm_err_set(err, PRM_E_NODEV, e, "no_fwctl",
				   "%s: no such node: no fwctl device by that name (mlx5_core and mlx5_fwctl loaded? Linux 6.15 or later?)",
				   node);
	case EACCES:
	case EPERM:
		return prm_err_set(err, PRM_E_NODEV, e, "needs_root",
				   "%s: permission denied: needs root (fwctl nodes are root-only unless udev says otherwise)",
				   node);
	case ENODEV:
	case ENXIO:
		return prm_err_set(err, PRM_E_NODEV, e, "device_gone",
				   "%s: device gone: the fwctl device is unregistered (driver unbound or device removed)",
				   node);
	case ENOMEM:
		return prm_err_set(err, PRM_E_FAILED, e, "no_memory",
				   "%s: cannot open: the kernel is out of memory", node);
	}
	/* opening creates a firmware user context (CREATE_UCTX); its failures land here */
	return prm_err_set(err, PRM_E_FAILED, e, "open_failed",
			   "%s: cannot open: %s (the driver creates a firmware user context on open; see the kernel log)",
			   node, strerror(e));
}

/*
 * FWCTL_RPC errnos. From the core (fwctl_cmd_rpc): EMSGSIZE (> 2 MiB),
 * EOPNOTSUPP (unknown scope), EPERM (debug-write-full without
 * CAP_SYS_RAWIO), ENOMEM, EFAULT. From mlx5ctl_fw_rpc: EMSGSIZE (< 16 bytes),
 * EBADMSG (allowlist), then whatever mlx5_cmd_do() returns other than
 * EREMOTEIO: ETIMEDOUT, ENXIO (command interface down: internal error, PCI
 * error), ECANCELED, and delivery errors EIO/EBADR/ENOMSG/EFAULT/EINVAL
 * (mlx5 core cmd.c: cmd_exec, deliv_status_to_err, as in mlnx-ofa_kernel
 * DOCA 3.2.1; not re-read in mainline).
 */
static int map_rpc_errno(int e, const char *node, uint16_t opcode, uint16_t op_mod,
			 enum fwctl_rpc_scope scope, size_t inlen, size_t outlen,
			 struct prm_err *err)
{
	const char *n = short_node(node);
	const char *sname = fwctl_scope_name(scope);
	char why[320];
	int rc;

	switch (e) {
	case EBADMSG: {
		struct fwctl_scope_check c;
		enum fwctl_verdict v = fwctl_scope_allows(opcode, op_mod, scope, &c);

		fwctl_scope_explain(opcode, op_mod, scope, why, sizeof(why));
		if (v == FWCTL_NEEDS_SCOPE)
			return prm_err_set(err, PRM_E_NODEV, e, "fwctl_scope",
					   "%s: the kernel refused the command: %s", n, why);
		if (v == FWCTL_ALLOWED)
			return prm_err_set(err, PRM_E_NODEV, e, "fwctl_refused",
					   "%s: the kernel refused the command although its allowlist as prmctl knows it passes it (%s); this kernel's list differs%s",
					   n, why,
					   c.newer_kernels ? " (it predates the entry)" : "");
		return prm_err_set(err, PRM_E_NODEV, e, "fwctl_refused",
				   "%s: the kernel refused the command: %s", n, why);
	}
	case EPERM:
	case EACCES:
		if (fwctl_scope_needs_rawio(scope))
			return prm_err_set(err, PRM_E_NODEV, e, "needs_rawio",
					   "%s: scope %s needs CAP_SYS_RAWIO (run as root); it also taints the kernel",
					   n, sname);
		return prm_err_set(err, PRM_E_NODEV, e, "not_permitted",
				   "%s: the kernel did not permit the command at scope %s",
				   n, sname ? sname : "?");
	case EOPNOTSUPP:
		return prm_err_set(err, PRM_E_FAILED, e, "unsupported",
				   "%s: the kernel does not support scope %s for this device (an early or out-of-tree fwctl driver?)",
				   n, sname ? sname : "?");
	case EMSGSIZE:
		return prm_err_set(err, PRM_E_FAILED, e, "size",
				   "%s: the kernel rejected the message sizes (input %zu, output %zu bytes; each must be 16 bytes .. 2 MiB)",
				   n, inlen, outlen);
	case ETIMEDOUT:
		return prm_err_set(err, PRM_E_TIMEOUT, e, "timeout",
				   "%s: the firmware did not complete the command within the driver's timeout (is it hung? the health buffer: prmctl initseg show)",
				   n);
	case ENXIO:
		return prm_err_set(err, PRM_E_FAILED, e, "cmd_down",
				   "%s: the driver's command interface is down (device in internal error, PCI error or recovery; the health buffer: prmctl initseg show)",
				   n);
	case ECANCELED:
		return prm_err_set(err, PRM_E_FAILED, e, "cancelled",
				   "%s: the driver cancelled the command (health recovery or reset in progress)",
				   n);
	case EIO:
	case EBADR:
	case ENOMSG:
		return prm_err_set(err, PRM_E_FAILED, e, "delivery",
				   "%s: the command was not delivered to the firmware: %s (command-queue delivery error)",
				   n, strerror(e));
	}
	rc = map_common_errno(e, node, "FWCTL_RPC", err);
	if (rc < 0)
		return rc;
	return prm_err_set(err, PRM_E_FAILED, e, "rpc_failed",
			   "%s: FWCTL_RPC failed: %s", n, strerror(e));
}

/* ---- open, close, run ---- */

static const char *device_type_name(uint32_t t)
{
	switch (t) {
	case FWCTL_DEVICE_TYPE_ERROR:
		return "error";
	case FWCTL_DEVICE_TYPE_MLX5:
		return "mlx5";
	case FWCTL_DEVICE_TYPE_CXL:
		return "cxl";
	case 3:		/* FWCTL_DEVICE_TYPE_BNXT, later than our uapi copy */
		return "bnxt";
	case FWCTL_DEVICE_TYPE_PDS:
		return "pds";
	}
	return "unknown";
}

int fwctl_open(const char *node, const struct fwctl_ops *ops, struct fwctl **out,
	       struct prm_err *err)
{
	struct fwctl_info_mlx5 data;
	struct fwctl_info req;
	struct fwctl *f;
	int e;

	*out = NULL;
	if (!node || !*node)
		return prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_arg", "fwctl: no node given");
	f = calloc(1, sizeof(*f));
	if (!f)
		return prm_err_set(err, PRM_E_FAILED, ENOMEM, "no_memory", "fwctl: out of memory");
	f->ops = ops ? ops : &fwctl_sys_ops;
	/* a bare "fwctlN" means the node udev makes for it */
	if (strchr(node, '/'))
		e = snprintf(f->node, sizeof(f->node), "%s", node);
	else
		e = snprintf(f->node, sizeof(f->node), "/dev/fwctl/%s", node);
	if (e < 0 || (size_t)e >= sizeof(f->node)) {
		free(f);
		return prm_err_set(err, PRM_E_USAGE, ENAMETOOLONG, "bad_arg",
				   "fwctl: node name too long: %s", node);
	}
	f->fd = f->ops->open(f->node, O_RDWR | O_CLOEXEC);
	if (f->fd < 0) {
		e = errno;
		map_open_errno(e, f->node, err);
		free(f);
		return -1;
	}
	fwctl_info_req(&req, &data);
	if (f->ops->ioctl(f->fd, FWCTL_INFO, &req) < 0) {
		e = errno;
		if (e == EOPNOTSUPP)
			prm_err_set(err, PRM_E_FAILED, e, "abi",
				    "%s: FWCTL_INFO: the kernel refused the request (flags)",
				    short_node(f->node));
		else if (map_common_errno(e, f->node, "FWCTL_INFO", err) > 0)
			prm_err_set(err, PRM_E_FAILED, e, "info_failed",
				    "%s: FWCTL_INFO failed: %s", short_node(f->node), strerror(e));
		goto fail;
	}
	if (req.out_device_type != FWCTL_DEVICE_TYPE_MLX5) {
		prm_err_set(err, PRM_E_NODEV, 0, "not_mlx5",
			    "%s: a fwctl device of type %s (%u), not mlx5",
			    short_node(f->node), device_type_name(req.out_device_type),
			    req.out_device_type);
		goto fail;
	}
	/* the kernel zero-pads our buffer, so a shorter driver answer reads as 0 */
	f->uid = data.uid;
	f->uctx_caps = data.uctx_caps;
	f->device_data_len = req.device_data_len;
	*out = f;
	return 0;
fail:
	f->ops->close(f->fd);
	free(f);
	return -1;
}

void fwctl_close(struct fwctl *f)
{
	if (!f)
		return;
	if (f->fd >= 0)
		f->ops->close(f->fd);
	free(f);
}

int fwctl_rpc(struct fwctl *f, enum fwctl_rpc_scope scope, const void *in,
	      size_t inlen, void *out, size_t outlen, struct cmd_result *res,
	      struct prm_err *err)
{
	struct fwctl_scope_check c;
	struct fwctl_rpc req;
	uint16_t opcode, op_mod;
	const uint8_t *o;
	char cmd[96];

	if (!f || !res)
		return prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_arg",
				   "fwctl: no device or no result");
	if (fwctl_rpc_req(&req, scope, in, inlen, out, outlen, err))
		return -1;
	opcode = prm_cmd_opcode(in, inlen);
	op_mod = prm_cmd_op_mod(in, inlen);
	fwctl_scope_allows(opcode, op_mod, scope, &c);
	if (scope == FWCTL_RPC_DEBUG_READ_ONLY && c.changes_state) {
		fwctl_opcode_describe(opcode, op_mod, cmd, sizeof(cmd));
		return prm_err_set(err, PRM_E_USAGE, 0, "needs_write",
				   "%s: not sent: %s changes device state and the scope is debug-read-only (needs --write)",
				   short_node(f->node), cmd);
	}
	if (f->ops->ioctl(f->fd, FWCTL_RPC, &req) < 0)
		return map_rpc_errno(errno, f->node, opcode, op_mod, scope, inlen, outlen, err);
	/* mlx5ctl_fw_rpc leaves out_len alone, so the header is always there */
	o = out;
	res->status = o[0];
	res->syndrome = (uint32_t)o[4] << 24 | (uint32_t)o[5] << 16 |
			(uint32_t)o[6] << 8 | o[7];
	return 0;
}
