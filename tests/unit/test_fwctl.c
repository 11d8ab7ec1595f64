// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * lib/dev/fwctl.c and lib/prm/fwctl_scope.c without a fwctl device: the
 * syscalls go to a fake kernel that records what it was asked and answers
 * as drivers/fwctl/main.c and drivers/fwctl/mlx5/main.c would.
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "lib/dev/fwctl.h"
#include "lib/dev/sysfs.h"
#include "lib/prm/fwctl_scope.h"

/* ---- a fake kernel ---- */

static struct {
	char path[128];
	int flags, open_errno;
	int info_errno, info_calls;
	uint32_t dev_type, data_len;
	struct fwctl_info_mlx5 data;
	struct fwctl_info info;		/* as the caller sent it */
	int rpc_errno, rpc_calls;
	struct fwctl_rpc rpc;		/* as the caller sent it */
	uint8_t in_hdr[16];
	uint8_t status;
	uint32_t synd;
	int close_calls, closed_fd;
} fk;

enum { FAKE_FD = 7 };

static void fake_reset(void)
{
	memset(&fk, 0, sizeof(fk));
	fk.dev_type = FWCTL_DEVICE_TYPE_MLX5;
	fk.data_len = 8;
	fk.data.uid = 0x23;
	fk.data.uctx_caps = FWCTL_MLX5_UCTX_CAP_TOOLS_RESOURCES;
	fk.closed_fd = -1;
}

static int fail_with(int e)
{
	errno = e;
	return -1;
}

static int fake_open(const char *path, int flags)
{
	snprintf(fk.path, sizeof(fk.path), "%s", path);
	fk.flags = flags;
	return fk.open_errno ? fail_with(fk.open_errno) : FAKE_FD;
}

static int fake_ioctl(int fd, unsigned long request, void *arg)
{
	assert_int_equal(fd, FAKE_FD);
	if (request == FWCTL_INFO) {
		struct fwctl_info *i = arg;
		size_t n;

		fk.info_calls++;
		fk.info = *i;
		if (fk.info_errno)
			return fail_with(fk.info_errno);
		/* fwctl_cmd_info: copy what fits, zero the rest of the user buffer */
		n = fk.data_len < i->device_data_len ? fk.data_len : i->device_data_len;
		memset((void *)(uintptr_t)i->out_device_data, 0, i->device_data_len);
		memcpy((void *)(uintptr_t)i->out_device_data, &fk.data, n);
		i->out_device_type = fk.dev_type;
		i->device_data_len = fk.data_len;
		return 0;
	}
	if (request == FWCTL_RPC) {
		struct fwctl_rpc *r = arg;
		uint8_t *out = (uint8_t *)(uintptr_t)r->out;

		fk.rpc_calls++;
		fk.rpc = *r;
		memcpy(fk.in_hdr, (const void *)(uintptr_t)r->in, sizeof(fk.in_hdr));
		if (fk.rpc_errno)
			return fail_with(fk.rpc_errno);
		/* mbox_out_hdr: status byte 0, syndrome big-endian at 4, data after 16 */
		memset(out, 0, r->out_len);
		out[0] = fk.status;
		for (int k = 0; k < 4; k++)
			out[4 + k] = (uint8_t)(fk.synd >> (24 - 8 * k));
		out[8] = 0xab;
		return 0;
	}
	return fail_with(ENOTTY);
}

static int fake_close(int fd)
{
	fk.close_calls++;
	fk.closed_fd = fd;
	return 0;
}

static const struct fwctl_ops fake_ops = {
	.open = fake_open,
	.ioctl = fake_ioctl,
	.close = fake_close,
};

/* A PRM mailbox input header: opcode bytes 0-1, op_mod bytes 6-7, big-endian. */
static void mk_in(uint8_t *in, size_t len, uint16_t opcode, uint16_t op_mod)
{
	memset(in, 0, len);
	in[0] = (uint8_t)(opcode >> 8);
	in[1] = (uint8_t)opcode;
	in[6] = (uint8_t)(op_mod >> 8);
	in[7] = (uint8_t)op_mod;
}

static struct fwctl *open_fake(void)
{
	struct prm_err err = { 0 };
	struct fwctl *f = NULL;

	assert_int_equal(fwctl_open("fwctl0", &fake_ops, &f, &err), 0);
	assert_non_null(f);
	return f;
}

/* ---- uAPI and request building ---- */

static void info_request(void **state)
{
	struct fwctl_info req;
	struct fwctl_info_mlx5 data = { .uid = 99, .uctx_caps = 99 };

	(void)state;
	/* _IO(0x9A, nr) by hand: no direction, no size; the rest is _Static_assert'ed */
	assert_int_equal(FWCTL_INFO, 0x9A00);
	assert_int_equal(FWCTL_RPC, 0x9A01);
	memset(&req, 0x5a, sizeof(req));
	fwctl_info_req(&req, &data);
	assert_int_equal(req.size, 24);
	assert_int_equal(req.flags, 0);
	assert_int_equal(req.out_device_type, 0);
	assert_int_equal(req.device_data_len, 8);
	assert_true(req.out_device_data == (uintptr_t)&data);
	assert_int_equal(data.uid, 0);
}

static void rpc_request(void **state)
{
	struct prm_err err = { 0 };
	struct fwctl_rpc req;
	uint8_t in[64] = { 0 }, out[272];

	(void)state;
	assert_int_equal(fwctl_rpc_req(&req, FWCTL_RPC_DEBUG_READ_ONLY, in, 64, out,
				       272, &err), 0);
	assert_int_equal(req.size, 32);
	assert_int_equal(req.scope, 1);
	assert_int_equal(req.in_len, 64);
	assert_int_equal(req.out_len, 272);
	assert_true(req.in == (uintptr_t)in);
	assert_true(req.out == (uintptr_t)out);

	/* what the kernel would refuse is refused before it is asked */
	assert_int_equal(fwctl_rpc_req(&req, FWCTL_RPC_DEBUG_READ_ONLY, in, 15, out,
				       16, &err), -1);
	assert_string_equal(err.reason, "size");
	assert_int_equal(err.kind, PRM_E_USAGE);
	assert_int_equal(fwctl_rpc_req(&req, FWCTL_RPC_DEBUG_READ_ONLY, in, 16, out,
				       FWCTL_MAX_RPC_LEN + 1, &err), -1);
	assert_string_equal(err.reason, "size");
	assert_non_null(strstr(err.msg, "2 MiB"));
	assert_int_equal(fwctl_rpc_req(&req, (enum fwctl_rpc_scope)4, in, 16, out, 16,
				       &err), -1);
	assert_string_equal(err.reason, "bad_scope");
	assert_int_equal(fwctl_rpc_req(&req, FWCTL_RPC_DEBUG_READ_ONLY, NULL, 16, out,
				       16, &err), -1);
	assert_string_equal(err.reason, "bad_arg");
}

/*
 * The scope each command goes at, --write or not. Linux 7.3's fwctl core
 * taints itself for any debug-write request before mlx5_fwctl looks at the
 * opcode (a refused CREATE_MKEY tainted it in tests/kernel/beside-driver.bats):
 * only the one command the kernel passes at debug-write alone may go there.
 */
static void scope_per_command(void **state)
{
	static const struct {
		uint16_t opcode, op_mod;
		bool write;
		enum fwctl_rpc_scope want;
	} cases[] = {
		{ 0x100, 1, false, FWCTL_RPC_DEBUG_READ_ONLY },	/* QUERY_HCA_CAP */
		{ 0x100, 1, true, FWCTL_RPC_DEBUG_READ_ONLY },	/* a read never taints */
		{ 0x805, 1, true, FWCTL_RPC_DEBUG_READ_ONLY },	/* ACCESS_REG read */
		{ 0x713, 0, true, FWCTL_RPC_DEBUG_READ_ONLY },	/* QUERY_DCT */
		{ 0x805, 0, false, FWCTL_RPC_DEBUG_READ_ONLY },	/* a write, refused by fwctl_rpc */
		{ 0x805, 0, true, FWCTL_RPC_CONFIGURATION },	/* ACCESS_REG write: any scope */
		{ 0x109, 0, true, FWCTL_RPC_CONFIGURATION },	/* SET_HCA_CAP */
		{ 0x820, 0, false, FWCTL_RPC_DEBUG_READ_ONLY },	/* SET_DIAGNOSTIC_PARAMS */
		{ 0x820, 0, true, FWCTL_RPC_DEBUG_WRITE },	/* ... only at debug-write */
		{ 0x200, 0, true, FWCTL_RPC_DEBUG_READ_ONLY },	/* CREATE_MKEY: refused at every scope */
		{ 0x711, 0, true, FWCTL_RPC_DEBUG_READ_ONLY },	/* DESTROY_DCT: the same */
		{ 0x777, 0, true, FWCTL_RPC_DEBUG_READ_ONLY },	/* not on the list at all */
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		enum fwctl_rpc_scope got = fwctl_scope_for(cases[i].opcode, cases[i].op_mod,
							   cases[i].write);

		if (got != cases[i].want)
			fail_msg("opcode 0x%x op_mod %u write %d: scope %u, want %u",
				 cases[i].opcode, cases[i].op_mod, cases[i].write, got,
				 cases[i].want);
	}
}

/* ---- open ---- */

static void open_reads_info(void **state)
{
	struct prm_err err = { 0 };
	struct fwctl *f = NULL;

	(void)state;
	fake_reset();
	assert_int_equal(fwctl_open("fwctl0", &fake_ops, &f, &err), 0);
	assert_string_equal(fk.path, "/dev/fwctl/fwctl0");
	assert_int_equal(fk.flags, O_RDWR | O_CLOEXEC);
	assert_int_equal(fk.info_calls, 1);
	assert_int_equal(fk.info.size, 24);
	assert_int_equal(fk.info.flags, 0);
	assert_int_equal(fk.info.device_data_len, 8);
	assert_true(fk.info.out_device_data != 0);
	assert_int_equal(f->fd, FAKE_FD);
	assert_int_equal(f->uid, 0x23);
	assert_int_equal(f->uctx_caps, 0x4);
	assert_int_equal(f->device_data_len, 8);
	assert_string_equal(f->node, "/dev/fwctl/fwctl0");
	fwctl_close(f);
	assert_int_equal(fk.close_calls, 1);
	assert_int_equal(fk.closed_fd, FAKE_FD);

	/* a path is taken as given; a short driver answer reads as zeros */
	fake_reset();
	fk.data_len = 4;
	assert_int_equal(fwctl_open("/tmp/x/fwctl3", &fake_ops, &f, &err), 0);
	assert_string_equal(fk.path, "/tmp/x/fwctl3");
	assert_int_equal(f->uid, 0x23);
	assert_int_equal(f->uctx_caps, 0);
	assert_int_equal(f->device_data_len, 4);
	fwctl_close(f);
}

/* One errno and what it must become. */
struct err_case {
	int e;
	enum prm_err_kind kind;
	const char *reason, *words;
};

static void expect_err(const struct prm_err *err, const struct err_case *c)
{
	if (err->kind != c->kind || err->sys_errno != c->e || !err->reason ||
	    strcmp(err->reason, c->reason) || !strstr(err->msg, c->words))
		fail_msg("errno %d: got kind %d errno %d reason %s '%s'; want kind %d reason %s with '%s'",
			 c->e, err->kind, err->sys_errno, err->reason ? err->reason : "-",
			 err->msg, c->kind, c->reason, c->words);
}

static void open_errors(void **state)
{
	static const struct err_case cases[] = {
		{ ENOENT, PRM_E_NODEV, "no_fwctl", "/dev/fwctl/fwctl1: no such node" },
		{ EACCES, PRM_E_NODEV, "needs_root", "needs root" },
		{ EPERM, PRM_E_NODEV, "needs_root", "needs root" },
		{ ENODEV, PRM_E_NODEV, "device_gone", "driver unbound" },
		{ ENXIO, PRM_E_NODEV, "device_gone", "device gone" },
		{ ENOMEM, PRM_E_FAILED, "no_memory", "out of memory" },
		{ EIO, PRM_E_FAILED, "open_failed", "firmware user context" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct prm_err err = { 0 };
		struct fwctl *f = (struct fwctl *)&err;	/* must be cleared */

		fake_reset();
		fk.open_errno = cases[i].e;
		assert_int_equal(fwctl_open("fwctl1", &fake_ops, &f, &err), -1);
		assert_null(f);
		expect_err(&err, &cases[i]);
		assert_int_equal(fk.info_calls, 0);
		assert_int_equal(fk.close_calls, 0);
	}
}

static void info_errors(void **state)
{
	static const struct err_case cases[] = {
		{ ENOTTY, PRM_E_NODEV, "not_fwctl", "fwctl0: FWCTL_INFO not supported: not a fwctl device" },
		{ ENODEV, PRM_E_NODEV, "device_gone", "device gone" },
		{ EOPNOTSUPP, PRM_E_FAILED, "abi", "FWCTL_INFO" },
		{ E2BIG, PRM_E_FAILED, "abi", "older fwctl ABI" },
		{ EINVAL, PRM_E_FAILED, "abi", "too small for its ABI" },
		{ EFAULT, PRM_E_FAILED, "fault", "bad address" },
		{ EHOSTDOWN, PRM_E_FAILED, "info_failed", "FWCTL_INFO failed" },
		/* a fwctl device of another kind */
		{ 0, PRM_E_NODEV, "not_mlx5", "type cxl (2), not mlx5" },
	};
	struct prm_err err = { 0 };
	struct fwctl *f = NULL;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		fake_reset();
		fk.info_errno = cases[i].e;
		if (!cases[i].e)
			fk.dev_type = FWCTL_DEVICE_TYPE_CXL;
		assert_int_equal(fwctl_open("fwctl0", &fake_ops, &f, &err), -1);
		assert_null(f);
		expect_err(&err, &cases[i]);
		assert_int_equal(fk.close_calls, 1);	/* the fd is not leaked */
		assert_int_equal(fk.closed_fd, FAKE_FD);
	}
}

/* ---- RPC ---- */

static void rpc_status_passes_through(void **state)
{
	struct prm_err err = { 0 };
	struct cmd_result res = { 0 };
	uint8_t in[32], out[64];
	struct fwctl *f;

	(void)state;
	fake_reset();
	f = open_fake();
	mk_in(in, sizeof(in), 0x100, 0x1);	/* QUERY_HCA_CAP, general current */
	fk.status = 0x03;			/* bad parameter */
	fk.synd = 0x12345678;
	assert_int_equal(fwctl_rpc(f, fwctl_scope_for(0x100, 0x1, false), in, sizeof(in), out,
				   sizeof(out), &res, &err), 0);
	assert_int_equal(res.status, 0x03);
	assert_int_equal(res.syndrome, 0x12345678);
	assert_int_equal(out[8], 0xab);
	/* the exact request the kernel saw */
	assert_int_equal(fk.rpc_calls, 1);
	assert_int_equal(fk.rpc.size, 32);
	assert_int_equal(fk.rpc.scope, FWCTL_RPC_DEBUG_READ_ONLY);
	assert_int_equal(fk.rpc.in_len, 32);
	assert_int_equal(fk.rpc.out_len, 64);
	assert_true(fk.rpc.in == (uintptr_t)in);
	assert_true(fk.rpc.out == (uintptr_t)out);
	assert_memory_equal(fk.in_hdr, "\x01\x00\0\0\0\0\0\x01", 8);
	/* status 0, syndrome 0 */
	fk.status = 0, fk.synd = 0;
	assert_int_equal(fwctl_rpc(f, FWCTL_RPC_CONFIGURATION, in, 16, out, 16, &res,
				   &err), 0);
	assert_int_equal(res.status, 0);
	assert_int_equal(res.syndrome, 0);
	assert_int_equal(fk.rpc.scope, FWCTL_RPC_CONFIGURATION);
	fwctl_close(f);
}

/* Send one command with a bare header; the fwctl_rpc() return value. */
static int send(struct fwctl *f, enum fwctl_rpc_scope scope, uint16_t opcode,
		uint16_t op_mod, struct prm_err *err)
{
	uint8_t in[32], out[32];
	struct cmd_result res;

	mk_in(in, sizeof(in), opcode, op_mod);
	return fwctl_rpc(f, scope, in, sizeof(in), out, sizeof(out), &res, err);
}

static void rpc_read_only_refuses_writes(void **state)
{
	struct prm_err err = { 0 };
	struct fwctl *f;

	(void)state;
	fake_reset();
	f = open_fake();
	/* ACCESS_REG write (op_mod 0): the kernel would pass it, prmctl does not */
	assert_int_equal(send(f, FWCTL_RPC_DEBUG_READ_ONLY, 0x805, 0, &err), -1);
	assert_int_equal(err.kind, PRM_E_USAGE);
	assert_string_equal(err.reason, "needs_write");
	assert_non_null(strstr(err.msg, "not sent: ACCESS_REG (0x805) write changes device state"));
	assert_non_null(strstr(err.msg, "--write"));
	assert_int_equal(fk.rpc_calls, 0);
	/* with --write it goes out, at the scope the kernel passes it at
	 * without tainting itself */
	assert_int_equal(send(f, fwctl_scope_for(0x805, 0, true), 0x805, 0, &err), 0);
	assert_int_equal(fk.rpc_calls, 1);
	assert_int_equal(fk.rpc.scope, FWCTL_RPC_CONFIGURATION);
	/* a register read goes out read-only */
	assert_int_equal(send(f, FWCTL_RPC_DEBUG_READ_ONLY, 0x805, 1, &err), 0);
	assert_int_equal(fk.rpc_calls, 2);
	assert_int_equal(fk.rpc.scope, FWCTL_RPC_DEBUG_READ_ONLY);
	/* SET_DIAGNOSTIC_PARAMS: stopped here, before the kernel's EBADMSG */
	assert_int_equal(send(f, FWCTL_RPC_DEBUG_READ_ONLY, 0x820, 0, &err), -1);
	assert_non_null(strstr(err.msg, "SET_DIAGNOSTIC_PARAMS (0x820) changes device state"));
	/* SET_HCA_CAP too */
	assert_int_equal(send(f, FWCTL_RPC_DEBUG_READ_ONLY, 0x109, 0, &err), -1);
	assert_string_equal(err.reason, "needs_write");
	assert_int_equal(fk.rpc_calls, 2);
	fwctl_close(f);
}

struct rpc_case {
	uint16_t opcode, op_mod;
	enum fwctl_rpc_scope scope;
	struct err_case want;
	const char *words2;
};

#define RO FWCTL_RPC_DEBUG_READ_ONLY
/* errnos whose words do not depend on the command */
#define PLAIN(e, kind, reason, words) { 0x100, 0, RO, { e, kind, reason, words }, NULL }

static void rpc_errors(void **state)
{
	static const struct rpc_case cases[] = {
		/* the allowlist, named: a query that needs a higher scope */
		{ 0x713, 0, FWCTL_RPC_CONFIGURATION, { EBADMSG, PRM_E_NODEV, "fwctl_scope",
		  "QUERY_DCT (0x713) needs scope debug-read-only or higher (asked: configuration)" },
		  NULL },
		/* ... one whose higher scope taints */
		{ 0x820, 0, FWCTL_RPC_CONFIGURATION, { EBADMSG, PRM_E_NODEV, "fwctl_scope",
		  "SET_DIAGNOSTIC_PARAMS (0x820) needs scope debug-write or higher" },
		  "taints the kernel" },
		/* a register read at configuration */
		{ 0x805, 1, FWCTL_RPC_CONFIGURATION, { EBADMSG, PRM_E_NODEV, "fwctl_scope",
		  "ACCESS_REG (0x805) read needs scope debug-read-only" }, NULL },
		/* never on the list */
		{ 0x301, 0, FWCTL_RPC_DEBUG_WRITE, { EBADMSG, PRM_E_NODEV, "fwctl_refused",
		  "(0x301) is refused by the kernel's mlx5 fwctl driver at every scope" },
		  "never commands that create" },
		{ 0x1ff, 0, RO, { EBADMSG, PRM_E_NODEV, "fwctl_refused",
		  "opcode 0x1ff is refused" }, NULL },
		{ 0x104, 0, FWCTL_RPC_DEBUG_WRITE, { EBADMSG, PRM_E_NODEV, "fwctl_refused",
		  "ENABLE_HCA (0x104) is refused" }, "every scope" },
		/* on our list but refused anyway: an older kernel */
		{ 0x730, 0, RO, { EBADMSG, PRM_E_NODEV, "fwctl_refused",
		  "this kernel's list differs (it predates the entry)" },
		  "QUERY_ADJACENT_FUNCTIONS_ID" },
		{ 0x805, 0, FWCTL_RPC_DEBUG_WRITE_FULL, { EPERM, PRM_E_NODEV, "needs_rawio",
		  "scope debug-write-full needs CAP_SYS_RAWIO" }, "taints the kernel" },
		PLAIN(EPERM, PRM_E_NODEV, "not_permitted", "did not permit the command at scope debug-read-only"),
		{ 0x100, 0, FWCTL_RPC_DEBUG_WRITE, { EOPNOTSUPP, PRM_E_FAILED, "unsupported",
		  "does not support scope debug-write" }, NULL },
		PLAIN(EMSGSIZE, PRM_E_FAILED, "size", "input 16, output 16 bytes"),
		PLAIN(ENOMEM, PRM_E_FAILED, "no_memory", "out of memory"),
		PLAIN(ENODEV, PRM_E_NODEV, "device_gone", "device gone: the fwctl device was unregistered"),
		PLAIN(ETIMEDOUT, PRM_E_TIMEOUT, "timeout", "did not complete"),
		PLAIN(ENXIO, PRM_E_FAILED, "cmd_down", "command interface is down"),
		PLAIN(ECANCELED, PRM_E_FAILED, "cancelled", "cancelled"),
		PLAIN(EIO, PRM_E_FAILED, "delivery", "not delivered"),
		PLAIN(ENOTTY, PRM_E_NODEV, "not_fwctl", "FWCTL_RPC not supported"),
		PLAIN(EFAULT, PRM_E_FAILED, "fault", "bad address"),
		PLAIN(EINVAL, PRM_E_FAILED, "abi", "request structure"),
		PLAIN(E2BIG, PRM_E_FAILED, "abi", "older fwctl ABI"),
		PLAIN(EINTR, PRM_E_FAILED, "interrupted", "interrupted"),
		PLAIN(EHOSTDOWN, PRM_E_FAILED, "rpc_failed", "FWCTL_RPC failed"),
	};
	uint8_t in[16], out[16];
	struct fwctl *f;

	(void)state;
	fake_reset();
	f = open_fake();
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct rpc_case *c = &cases[i];
		struct prm_err err = { 0 };
		struct cmd_result res = { .status = 0x77 };

		fk.rpc_errno = c->want.e;
		mk_in(in, sizeof(in), c->opcode, c->op_mod);
		fk.rpc.scope = 0xdead;
		/* 16 bytes each way: the sizes the EMSGSIZE message must name */
		assert_int_equal(fwctl_rpc(f, c->scope, in, sizeof(in), out, sizeof(out),
					   &res, &err), -1);
		if (fk.rpc.scope != c->scope)
			fail_msg("case %zu: not sent at scope %u: %s", i, c->scope, err.msg);
		expect_err(&err, &c->want);
		if (c->words2 && !strstr(err.msg, c->words2))
			fail_msg("case %zu: '%s' lacks '%s'", i, err.msg, c->words2);
		assert_non_null(strstr(err.msg, "fwctl0: "));
		assert_int_equal(res.status, 0x77);	/* untouched on failure */
	}
	fwctl_close(f);
}

#undef PLAIN
#undef RO

/* ---- the allowlist ---- */

struct scope_case {
	uint16_t opcode, op_mod;
	enum fwctl_verdict at[4];	/* at scope 0, 1, 2, 3 */
	enum fwctl_rpc_scope min;
	bool writes;
};

static void allowlist(void **state)
{
#define A FWCTL_ALLOWED
#define N FWCTL_NEEDS_SCOPE
#define X FWCTL_NEVER
	static const struct scope_case cases[] = {
		{ 0x100, 1, { A, A, A, A }, FWCTL_RPC_CONFIGURATION, false },	/* QUERY_HCA_CAP */
		{ 0x101, 0, { A, A, A, A }, FWCTL_RPC_CONFIGURATION, false },	/* QUERY_ADAPTER */
		{ 0x740, 0, { A, A, A, A }, FWCTL_RPC_CONFIGURATION, false },	/* QUERY_ESW_FUNCTIONS */
		{ 0x805, 1, { N, A, A, A }, FWCTL_RPC_DEBUG_READ_ONLY, false },	/* ACCESS_REG read */
		{ 0x805, 0, { A, A, A, A }, FWCTL_RPC_CONFIGURATION, true },	/* ACCESS_REG write */
		{ 0xb0c, 3, { N, A, A, A }, FWCTL_RPC_DEBUG_READ_ONLY, false },	/* ACCESS_REGISTER_USER */
		{ 0x713, 0, { N, A, A, A }, FWCTL_RPC_DEBUG_READ_ONLY, false },	/* QUERY_DCT */
		{ 0x728, 0, { N, A, A, A }, FWCTL_RPC_DEBUG_READ_ONLY, false },	/* QUERY_NVMF_NAMESPACE_CONTEXT */
		{ 0x80d, 0, { N, A, A, A }, FWCTL_RPC_DEBUG_READ_ONLY, false },	/* NOP */
		{ 0x820, 0, { N, N, A, A }, FWCTL_RPC_DEBUG_WRITE, true },	/* SET_DIAGNOSTIC_PARAMS */
		{ 0x109, 0, { A, A, A, A }, FWCTL_RPC_CONFIGURATION, true },	/* SET_HCA_CAP */
		{ 0x301, 0, { X, X, X, X }, 0, false },				/* CREATE_EQ */
		{ 0x104, 0, { X, X, X, X }, 0, false },				/* ENABLE_HCA */
		{ 0x710, 0, { X, X, X, X }, 0, false },				/* CREATE_DCT */
		{ 0x712, 0, { X, X, X, X }, 0, false },				/* DRAIN_DCT */
		{ 0x1ff, 0, { X, X, X, X }, 0, false },				/* unknown */
		{ 0xffff, 0, { X, X, X, X }, 0, false },
	};
#undef A
#undef N
#undef X

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct scope_case *c = &cases[i];

		for (unsigned int s = 0; s < 4; s++) {
			struct fwctl_scope_check chk;
			enum fwctl_verdict v = fwctl_scope_allows(c->opcode, c->op_mod,
								  (enum fwctl_rpc_scope)s, &chk);

			if (v != c->at[s])
				fail_msg("opcode 0x%x op_mod %u scope %u: verdict %d, want %d",
					 c->opcode, c->op_mod, s, v, c->at[s]);
			assert_int_equal(chk.verdict, v);
			assert_int_equal(chk.kname == NULL, v == FWCTL_NEVER);
			if (v != FWCTL_NEVER)
				assert_int_equal(chk.min_scope, c->min);
			assert_int_equal(chk.changes_state, c->writes);
		}
	}
	/* an unknown scope is the core's refusal, whatever the opcode */
	assert_int_equal(fwctl_scope_allows(0x100, 0, (enum fwctl_rpc_scope)4, NULL),
			 FWCTL_BAD_SCOPE);
	assert_int_equal(fwctl_scope_allows(0x301, 0, (enum fwctl_rpc_scope)99, NULL),
			 FWCTL_BAD_SCOPE);
}

static void allowlist_later_entries(void **state)
{
	struct fwctl_scope_check chk;

	(void)state;
	/* MODIFY_CONG_STATUS: any scope in newer kernels, absent from the first */
	assert_int_equal(fwctl_scope_allows(0x823, 0, FWCTL_RPC_CONFIGURATION, &chk),
			 FWCTL_ALLOWED);
	assert_true(chk.newer_kernels && chk.changes_state);
	assert_string_equal(chk.kname, "MODIFY_CONG_STATUS");
	assert_int_equal(fwctl_scope_allows(0x732, 0, FWCTL_RPC_CONFIGURATION, &chk),
			 FWCTL_NEEDS_SCOPE);
	assert_true(chk.newer_kernels);
	fwctl_scope_allows(0x100, 0, FWCTL_RPC_CONFIGURATION, &chk);
	assert_false(chk.newer_kernels);
}

static void allowlist_table(void **state)
{
	size_t n;
	const struct fwctl_scope_rule *r = fwctl_scope_rules(&n);

	(void)state;
	/* 11 at any scope, 80 at debug-read-only, 1 at debug-write, 2 registers */
	assert_int_equal(n, 94);
	for (size_t i = 0; i < n; i++) {
		if (i)
			assert_true(r[i - 1].opcode < r[i].opcode);
		assert_true(r[i].min_scope <= FWCTL_RPC_DEBUG_WRITE);
		assert_non_null(r[i].kname);
		assert_int_equal(fwctl_scope_allows(r[i].opcode, 1, FWCTL_RPC_DEBUG_WRITE, NULL),
				 FWCTL_ALLOWED);
	}
}

static void explain_texts(void **state)
{
	char buf[512];

	(void)state;
	assert_int_equal(fwctl_scope_explain(0x100, 1, FWCTL_RPC_DEBUG_READ_ONLY, buf,
					     sizeof(buf)), FWCTL_ALLOWED);
	assert_string_equal(buf, "QUERY_HCA_CAP (0x100) is allowed at scope debug-read-only");
	fwctl_scope_explain(0x100, 1, FWCTL_RPC_DEBUG_WRITE, buf, sizeof(buf));
	assert_string_equal(buf, "QUERY_HCA_CAP (0x100) is allowed at scope debug-write (this scope taints the kernel)");
	fwctl_scope_explain(0x805, 1, FWCTL_RPC_CONFIGURATION, buf, sizeof(buf));
	assert_string_equal(buf, "ACCESS_REG (0x805) read needs scope debug-read-only or higher (asked: configuration)");
	fwctl_scope_explain(0x820, 0, FWCTL_RPC_DEBUG_READ_ONLY, buf, sizeof(buf));
	assert_string_equal(buf, "SET_DIAGNOSTIC_PARAMS (0x820) needs scope debug-write or higher (asked: debug-read-only); that scope taints the kernel");
	assert_int_equal(fwctl_scope_explain(0x710, 0, FWCTL_RPC_DEBUG_WRITE_FULL, buf,
					     sizeof(buf)), FWCTL_NEVER);
	assert_non_null(strstr(buf, "CREATE_DCT (0x710) is refused by the kernel's mlx5 fwctl driver at every scope"));
	fwctl_scope_explain(0x731, 0, FWCTL_RPC_CONFIGURATION, buf, sizeof(buf));
	assert_non_null(strstr(buf, "older kernels refuse it at every scope"));
	assert_int_equal(fwctl_scope_explain(0x100, 0, (enum fwctl_rpc_scope)5, buf,
					     sizeof(buf)), FWCTL_BAD_SCOPE);
	assert_string_equal(buf, "scope 5 is not a fwctl scope (0 configuration .. 3 debug-write-full)");
	/* truncation is safe */
	fwctl_scope_explain(0x100, 0, FWCTL_RPC_CONFIGURATION, buf, 8);
	assert_string_equal(buf, "QUERY_H");
}

static void names_and_parse(void **state)
{
	static const struct {
		const char *s;
		int want;	/* the scope, or -1 for refused */
	} parse[] = {
		{ "debug_read_only", 1 }, { "DEBUG-WRITE", 2 }, { "3", 3 }, { "0", 0 },
		{ "configuration", 0 }, { "4", -1 }, { "debug", -1 },
		{ "debug-write-fullx", -1 }, { "", -1 },
	};
	char buf[64];

	(void)state;
	assert_string_equal(fwctl_scope_name(FWCTL_RPC_CONFIGURATION), "configuration");
	assert_string_equal(fwctl_scope_name(FWCTL_RPC_DEBUG_WRITE_FULL), "debug-write-full");
	assert_null(fwctl_scope_name((enum fwctl_rpc_scope)4));
	for (size_t i = 0; i < sizeof(parse) / sizeof(parse[0]); i++) {
		enum fwctl_rpc_scope s = (enum fwctl_rpc_scope)99;
		int rc = fwctl_scope_parse(parse[i].s, &s);

		if ((rc == 0 ? (int)s : rc) != parse[i].want)
			fail_msg("parse '%s': rc %d scope %d", parse[i].s, rc, (int)s);
	}
	assert_true(fwctl_scope_taints(FWCTL_RPC_DEBUG_WRITE));
	assert_true(fwctl_scope_taints(FWCTL_RPC_DEBUG_WRITE_FULL));
	assert_false(fwctl_scope_taints(FWCTL_RPC_DEBUG_READ_ONLY));
	assert_true(fwctl_scope_needs_rawio(FWCTL_RPC_DEBUG_WRITE_FULL));
	assert_false(fwctl_scope_needs_rawio(FWCTL_RPC_DEBUG_WRITE));
	/* prmctl's own name first, then the kernel's */
	assert_string_equal(fwctl_opcode_name(0x722), "QUERY_NVMF_BACKEND_CONTROLLER");
	assert_string_equal(fwctl_opcode_name(0x819), "QUERY_DIAGNOSTIC_PARAMS");
	assert_null(fwctl_opcode_name(0x1ff));
	fwctl_opcode_describe(0xb0c, 0, buf, sizeof(buf));
	assert_string_equal(buf, "ACCESS_REGISTER_USER (0xb0c) write");
	fwctl_opcode_describe(0x1ff, 0, buf, sizeof(buf));
	assert_string_equal(buf, "opcode 0x1ff");
}

/* ---- sysfs: the node of a PCI function, and back ---- */

static char root[] = "/tmp/prmctl-fwctl-XXXXXX";

/* A shell command run inside the fake sysfs root. */
static void sh(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void sh(const char *fmt, ...)
{
	char cmd[1024];
	int n = snprintf(cmd, sizeof(cmd), "cd '%s' && ", root);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(cmd + n, sizeof(cmd) - (size_t)n, fmt, ap);
	va_end(ap);
	assert_int_equal(system(cmd), 0);
}

#define DEVS "devices/pci0000:00/"

/* A PCI function in bus/pci/devices, bound to driver unless NULL. */
static void fn(const char *bdf, const char *driver)
{
	sh("mkdir -p " DEVS "%s && ln -s ../../../" DEVS "%s bus/pci/devices/%s", bdf, bdf, bdf);
	if (driver)
		sh("mkdir -p bus/pci/drivers/%s && ln -s ../../../bus/pci/drivers/%s " DEVS "%s/driver",
		   driver, driver, bdf);
}

static int setup_sysfs(void **state)
{
	(void)state;
	if (!mkdtemp(root))
		return -1;
	sh("mkdir -p bus/pci/devices class/fwctl/fwctl2");
	/* 3b:00.0: the kernel's layout, two nodes (lowest wins) */
	fn("0000:3b:00.0", "mlx5_core");
	sh("cd " DEVS "0000:3b:00.0 && mkdir -p fwctl/fwctl10 fwctl/fwctl2 mlx5_core.eth.0");
	sh("ln -s ../../../" DEVS "0000:3b:00.0 class/fwctl/fwctl2/device");
	/* 3b:00.1: mlx5_core but nothing offered */
	fn("0000:3b:00.1", "mlx5_core");
	/* 3b:00.2: the aux device is there, its driver is not */
	fn("0000:3b:00.2", "mlx5_core");
	sh("mkdir " DEVS "0000:3b:00.2/mlx5_core.fwctl.2");
	/* 3b:00.3: a node parented on the aux device */
	fn("0000:3b:00.3", "mlx5_core");
	sh("mkdir -p " DEVS "0000:3b:00.3/mlx5_core.fwctl.3/fwctl/fwctl5");
	/* 3b:00.4: no driver; 5e:00.0: someone else's */
	fn("0000:3b:00.4", NULL);
	fn("0000:5e:00.0", "nvme");
	sysfs_set_root(root);
	return 0;
}

static int teardown_sysfs(void **state)
{
	char cmd[600];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	sysfs_set_root(NULL);
	return system(cmd) == 0 ? 0 : -1;
}

static void node_lookup(void **state)
{
	struct prm_err err = { 0 };
	struct pci_addr a;
	char node[FWCTL_NODE_MAX], dir[512];

	(void)state;
	assert_int_equal(pci_addr_parse("3b:00.0", &a), 0);
	assert_int_equal(fwctl_node_of_pci(&a, node, sizeof(node), &err), 0);
	assert_string_equal(node, "/dev/fwctl/fwctl2");
	snprintf(dir, sizeof(dir), "%s/" DEVS "0000:3b:00.0", root);
	assert_int_equal(fwctl_node_of_pci_dir(dir, node, sizeof(node), &err), 0);
	assert_string_equal(node, "/dev/fwctl/fwctl2");
	assert_int_equal(fwctl_node_of_pci_dir(dir, node, 10, &err), -1);
	assert_string_equal(err.reason, "bad_arg");

	assert_int_equal(pci_addr_parse("3b:00.3", &a), 0);
	assert_int_equal(fwctl_node_of_pci(&a, node, sizeof(node), &err), 0);
	assert_string_equal(node, "/dev/fwctl/fwctl5");

	/* and back, through /sys/class/fwctl/fwctlN/device */
	assert_int_equal(fwctl_pci_of_node("/dev/fwctl/fwctl2", &a, &err), 0);
	pci_addr_format(&a, dir, sizeof(dir));
	assert_string_equal(dir, "0000:3b:00.0");
	assert_int_equal(fwctl_pci_of_node("fwctl2", &a, &err), 0);
	assert_int_equal(a.bus, 0x3b);
	assert_int_equal(fwctl_pci_of_node("fwctl9", &a, &err), -1);
	assert_int_equal(err.kind, PRM_E_NODEV);
	assert_int_equal(fwctl_pci_of_node("fwctlx", &a, &err), -1);
	assert_string_equal(err.reason, "bad_name");
	assert_int_equal(fwctl_pci_of_node("/dev/fwctl/", &a, &err), -1);
	assert_string_equal(err.reason, "bad_name");
}

static void node_missing(void **state)
{
	static const struct {
		const char *bdf, *reason, *words;
		bool no_class;	/* as on a kernel without fwctl */
	} cases[] = {
		{ "3b:00.1", "no_fwctl", "0000:3b:00.1: no fwctl node: mlx5_fwctl not loaded", false },
		{ "3b:00.2", "no_fwctl", "mlx5_core offers one (mlx5_core.fwctl) but the mlx5_fwctl module is not loaded", false },
		{ "3b:00.4", "no_fwctl", "no driver is bound", false },
		{ "5e:00.0", "no_fwctl", "bound to nvme, not mlx5_core", false },
		{ "99:00.0", "not_found", "0000:99:00.0: no such PCI device", false },
		{ "3b:00.1", "no_fwctl", "this kernel has no fwctl", true },
		{ "3b:00.1", "no_fwctl", "needs Linux 6.15 or later with CONFIG_FWCTL", true },
	};
	char node[FWCTL_NODE_MAX], from[600], to[600];

	(void)state;
	snprintf(from, sizeof(from), "%s/class/fwctl", root);
	snprintf(to, sizeof(to), "%s/class/fwctl.away", root);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct prm_err err = { 0 };
		struct pci_addr a;
		int rc;

		assert_int_equal(pci_addr_parse(cases[i].bdf, &a), 0);
		if (cases[i].no_class)
			assert_int_equal(rename(from, to), 0);
		rc = fwctl_node_of_pci(&a, node, sizeof(node), &err);
		if (cases[i].no_class)
			assert_int_equal(rename(to, from), 0);
		assert_int_equal(rc, -1);
		assert_int_equal(err.kind, PRM_E_NODEV);
		assert_string_equal(err.reason, cases[i].reason);
		if (!strstr(err.msg, cases[i].words))
			fail_msg("%s: '%s' lacks '%s'", cases[i].bdf, err.msg, cases[i].words);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(info_request),
		cmocka_unit_test(rpc_request),
		cmocka_unit_test(scope_per_command),
		cmocka_unit_test(open_reads_info),
		cmocka_unit_test(open_errors),
		cmocka_unit_test(info_errors),
		cmocka_unit_test(rpc_status_passes_through),
		cmocka_unit_test(rpc_read_only_refuses_writes),
		cmocka_unit_test(rpc_errors),
		cmocka_unit_test(allowlist),
		cmocka_unit_test(allowlist_later_entries),
		cmocka_unit_test(allowlist_table),
		cmocka_unit_test(explain_texts),
		cmocka_unit_test(names_and_parse),
		cmocka_unit_test(node_lookup),
		cmocka_unit_test(node_missing),
	};
	return cmocka_run_group_tests_name("fwctl", tests, setup_sysfs, teardown_sysfs);
}
