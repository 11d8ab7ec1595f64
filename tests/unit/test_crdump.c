// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * cr dump: the range-list parser, the scratchpad TLV and the line format
 * (lib/prm/crdump*.c), and the read workflow (lib/ops/crdump*.c) against the
 * in-process simulator. Expected values are worked out by hand from mstflint
 * 4.21's crdump.c and mstdump.c, not from our code.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "lib/dev/cfg.h"
#include "lib/dev/dev.h"
#include "lib/dev/vsec.h"
#include "lib/ops/crdump.h"
#include "lib/prm/crdump.h"
#include "lib/sim/adapter.h"

static int parse(const char *text, struct prm_crdump_range **r, size_t *n, struct prm_err *err)
{
	return prm_crdump_list_parse(text, strlen(text), "t.csv", r, n, err);
}

static void list_as_mstflint_ships_it(void **state)
{
	/* the head of mstflint's ConnectX5.csv, and a gated line of the -full kind */
	const char *text = "#Addr, Size, Enable addr\n0x000000,16418,\n0x010100,10,\r\n"
			   "\n  # a comment\n0x0f0010 , 13\n0x20,2,0x1234.5\n0x30,1,EMPTY\n";
	struct prm_crdump_range *r;
	struct prm_err err = { 0 };
	size_t n;

	(void)state;
	assert_int_equal(parse(text, &r, &n, &err), 0);
	assert_int_equal(n, 5);
	assert_int_equal(r[0].addr, 0);
	assert_int_equal(r[0].dwords, 16418);
	assert_false(r[0].gated);
	assert_int_equal(r[1].addr, 0x10100);
	assert_int_equal(r[1].dwords, 10);
	assert_int_equal(r[2].addr, 0xf0010);
	assert_int_equal(r[2].dwords, 13);
	assert_true(r[3].gated);		/* an enable address: -full only */
	assert_false(r[4].gated);		/* "EMPTY" is mstflint's word for none */
	free(r);
	/* decimal addresses, as strtol(..., 0) reads them; empty fields collapse */
	assert_int_equal(parse("256,,3\n", &r, &n, &err), 0);
	assert_int_equal(r[0].addr, 256);
	assert_int_equal(r[0].dwords, 3);
	free(r);
}

static void bad_lists_name_the_line(void **state)
{
	static const struct {
		const char *text, *msg;
	} bad[] = {
		{ "0x10\n", "t.csv: line 1: expected ADDR,DWORDS[,ENABLE]" },
		{ "#\n0x10,2\nzz,1\n", "t.csv: line 3: the address is not a number" },
		{ "0x10,0x2\n", "t.csv: line 1: the size is not a decimal count" },
		{ "0x10,-2\n", "t.csv: line 1: the size is not a decimal count" },
		{ "0x11,2\n", "t.csv: line 1: the address is not dword aligned" },
		{ "0x3ffffffc,2\n", "t.csv: line 1: the range runs past the 30-bit cr-space" },
		{ "0x10,2,a,b\n", "t.csv: line 1: more than 3 fields" },
		{ "0x10,2 # why\n", "t.csv: line 1: a comment after data" },
		{ "0x0000000000000000000000000000010,2\n", "t.csv: line 1: a field longer than 31" },
		{ "# only a comment\n\n", "t.csv: no ranges in it" },
	};
	struct prm_crdump_range *r = (void *)1;
	struct prm_err err = { 0 };
	size_t n = 7;

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(parse(bad[i].text, &r, &n, &err), -1);
		assert_int_equal(err.kind, PRM_E_USAGE);
		if (strncmp(err.msg, bad[i].msg, strlen(bad[i].msg)))
			fail_msg("%s: got '%s'", bad[i].text, err.msg);
		assert_null(r);
		assert_int_equal(n, 0);
	}
}

static void long_line_and_nul_are_refused(void **state)
{
	char text[1100];
	struct prm_crdump_range *r;
	struct prm_err err = { 0 };
	size_t n;

	(void)state;
	memset(text, '1', sizeof(text));
	text[sizeof(text) - 1] = '\0';
	assert_int_equal(parse(text, &r, &n, &err), -1);
	assert_string_equal(err.msg, "t.csv: line 1: longer than 1023 characters");
	assert_int_equal(prm_crdump_list_parse("0x10,2\n\0", 8, "t.csv", &r, &n, &err), -1);
	assert_string_equal(err.msg, "t.csv: line 2: a NUL byte (not a text file?)");
}

static void list_names_follow_mstflint(void **state)
{
	bool hca = false;

	(void)state;
	assert_string_equal(prm_crdump_list_name(0x20d, &hca), "ConnectX5");
	assert_true(hca);
	assert_string_equal(prm_crdump_list_name(0x212, &hca), "ConnectX6DX");
	assert_string_equal(prm_crdump_list_name(0x218, &hca), "ConnectX7");
	assert_string_equal(prm_crdump_list_name(0x24d, &hca), "Quantum");
	assert_false(hca);		/* switches: no scratchpad TLVs */
	assert_null(prm_crdump_list_name(0x1f5, &hca));	/* ConnectX-3: no gateway */
	assert_null(prm_crdump_list_name(0xcafe, NULL));
}

static void tlv_decodes_as_mstflint_extracts_it(void **state)
{
	/* "T0ol"; size 0x12345 | writable (bit 20) | fw (bit 21) | version 0x9 (31:28) */
	const uint32_t w[3] = { 0x54306f6c, 0x90312345, 0x00a00000 };
	struct prm_crdump_tlv t;

	(void)state;
	assert_true(prm_crdump_tlv_decode(w, &t));
	assert_int_equal(t.dwords, 0x12345);
	assert_true(t.writable);
	assert_true(t.fw);
	assert_int_equal(t.version, 9);
	assert_int_equal(t.addr, 0xa00000);
	assert_false(prm_crdump_tlv_decode((const uint32_t[]){ 0x6c6f3054, 1, 0x100 }, &t));
	assert_false(prm_crdump_tlv_decode((const uint32_t[]){ 0x54306f6c, 1, 0xffffffff }, &t));
}

static void lines_are_mstregdumps(void **state)
{
	/* mstdump.c print_dword: printf("0x%8.8x 0x%8.8x\n", addr, data) */
	const uint32_t v[2] = { 0x218, 0xdeadbeef };
	char buf[2 * PRM_CRDUMP_LINE + 1] = { 0 };

	(void)state;
	prm_crdump_format(buf, 0xf0014, v, 2);
	assert_string_equal(buf, "0x000f0014 0x00000218\n0x000f0018 0xdeadbeef\n");
}

/* mlx5's crdump_data: the driver's u32 array as bytes, little-endian on x86-64 */
static void crdump_data_words(void **state)
{
	/* the first 12 bytes of a fw_fatal dump as iproute2 printed them */
	static const uint8_t b[12] = { 0, 0, 0, 0, 133, 178, 156, 36, 11, 101, 57, 73 };
	uint32_t w[3];
	char buf[3 * PRM_CRDUMP_LINE + 1] = { 0 };

	(void)state;
	prm_crdump_le_words(b, 3, w);
	prm_crdump_format(buf, 0, w, 3);
	assert_string_equal(buf, "0x00000000 0x00000000\n0x00000004 0x249cb285\n"
			    "0x00000008 0x4939650b\n");
}

/* ---- the workflow, on the in-process simulator ---- */

static struct dev *open_sim(void)
{
	struct dev_open_opts o = { .sim_model = "cx5" };
	struct prm_err err = { 0 };
	struct dev *d = NULL;

	if (dev_open("sim", &o, &d, &err))
		fail_msg("%s", err.msg);
	return d;
}

static char list_file[64];

static const char *write_list(const char *text)
{
	int fd;

	strcpy(list_file, "/tmp/test_crdump.XXXXXX");
	fd = mkstemp(list_file);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
	return list_file;
}

static void cr_write(struct dev *d, uint32_t addr, uint32_t val)
{
	struct prm_err err = { 0 };
	struct vsec *v;

	assert_int_equal(dev_vsec(d, &v, &err), 0);
	assert_int_equal(vsec_write_block(v, VSEC_SPACE_CR, addr, &val, 1, &err), 0);
}

static void dump_follows_list_then_tlvs(void **state)
{
	struct crdump_opts o = { .list = write_list("0x100,2\n0x200,1,0x10.1\n0xf0014,1\n") };
	struct dev *d = open_sim();
	struct prm_err err = { 0 };
	struct crdump c;
	char *text;
	size_t len;

	(void)state;
	cr_write(d, 0x100, 0x11111111);
	/* a chain of two: 0x18 -> 0x4000 (3 dwords), 0x4000 -> 0x5000 (1), then no signature */
	cr_write(d, 0x18, 0x54306f6c);
	cr_write(d, 0x1c, 3);
	cr_write(d, 0x20, 0x4000);
	cr_write(d, 0x4000, 0x54306f6c);
	cr_write(d, 0x4004, 1);
	cr_write(d, 0x4008, 0x5000);
	cr_write(d, 0x5000, 0);
	assert_int_equal(crdump_read(d, &o, &c, &err), 0);
	assert_int_equal(c.hw_id, 0x20d);
	assert_int_equal(c.space, VSEC_SPACE_ND_CR);
	assert_int_equal(c.nlisted, 3);
	assert_int_equal(c.nranges, 5);
	assert_int_equal(c.nvals, 2 + 1 + 3 + 1);
	assert_int_equal(crdump_text(&c, &text, &len, &err), 0);
	assert_int_equal(len, 7 * PRM_CRDUMP_LINE);
	assert_memory_equal(text,
			    "0x00000100 0x11111111\n"
			    "0x00000104 0xc85d26bd\n"
			    "0x000f0014 0x0000020d\n"
			    "0x00004000 0x54306f6c\n"
			    "0x00004004 0x00000001\n"
			    "0x00004008 0x00005000\n"
			    "0x00005000 0x00000000\n", len);
	assert_int_equal(d->sim->vsc.semaphore, 0);
	free(text);
	crdump_free(&c);
	unlink(list_file);
	dev_close(d);
}

static void deadline_bounds_the_dump(void **state)
{
	struct crdump_opts o = { .list = write_list("0x0,2000\n"), .deadline_ms = 1 };
	struct dev *d = open_sim();
	struct prm_err err = { 0 };
	struct crdump c;

	(void)state;
	assert_int_equal(crdump_read(d, &o, &c, &err), -1);
	assert_int_equal(err.kind, PRM_E_TIMEOUT);
	assert_string_equal(err.reason, "crdump_timeout");
	assert_int_equal(c.nvals, 0);
	assert_int_equal(d->sim->vsc.semaphore, 0);
	crdump_free(&c);
	unlink(list_file);
	dev_close(d);
}

static void tlv_loop_is_bounded(void **state)
{
	struct crdump_opts o = { .list = write_list("0x100,1\n") };
	struct dev *d = open_sim();
	struct prm_err err = { 0 };
	struct crdump c;

	(void)state;
	cr_write(d, 0x18, 0x54306f6c);
	cr_write(d, 0x1c, 3);
	cr_write(d, 0x20, 0x18);	/* points back at itself */
	assert_int_equal(crdump_read(d, &o, &c, &err), -1);
	assert_string_equal(err.reason, "crdump_tlv_loop");
	assert_int_equal(d->sim->vsc.semaphore, 0);
	crdump_free(&c);
	unlink(list_file);
	dev_close(d);
}

static void chip_list_found_in_dir_or_named_missing(void **state)
{
	char dir[] = "/tmp/test_crdump_dir.XXXXXX", path[128];
	struct crdump_opts o = { 0 };
	struct dev *d = open_sim();
	struct prm_err err = { 0 };
	struct crdump c;
	FILE *f;

	(void)state;
	assert_non_null(mkdtemp(dir));
	o.dir = dir;
	assert_int_equal(crdump_read(d, &o, &c, &err), -1);
	assert_int_equal(err.kind, PRM_E_NODEV);
	assert_string_equal(err.reason, "crdump_unsupported");
	assert_non_null(strstr(err.msg, "/ConnectX5.csv is missing"));
	crdump_free(&c);
	snprintf(path, sizeof(path), "%s/ConnectX5.csv", dir);
	f = fopen(path, "w");
	fputs("#Addr, Size, Enable addr\n0xf0014,1,\n", f);
	fclose(f);
	assert_int_equal(crdump_read(d, &o, &c, &err), 0);
	assert_string_equal(c.list, path);
	assert_int_equal(c.nvals, 1);
	assert_int_equal(c.vals[0], 0x20d);
	crdump_free(&c);
	unlink(path);
	rmdir(dir);
	o.dir = "/nonexistent/prmctl";
	assert_int_equal(crdump_read(d, &o, &c, &err), -1);
	assert_int_equal(err.kind, PRM_E_USAGE);
	assert_string_equal(err.reason, "crdump_lists_missing");
	crdump_free(&c);
	dev_close(d);
}

/* config-space reads pass through here; after `after` of them, something happens */
struct trip {
	struct cfg_port port, *inner;
	struct sim_adapter *a;
	unsigned after;
	bool gone;	/* else: a stop (SIGINT) arrives */
};

static int trip_rd(struct cfg_port *p, uint32_t off, uint32_t *val, struct prm_err *err)
{
	struct trip *t = (struct trip *)p;

	if (t->after && --t->after == 0) {
		if (t->gone)
			t->a->faults[SIM_FAULT_DEVICE_GONE] = true;
		else
			dev_interrupt();
	}
	return t->inner->read32(t->inner, off, val, err);
}

static int trip_wr(struct cfg_port *p, uint32_t off, uint32_t val, struct prm_err *err)
{
	struct trip *t = (struct trip *)p;

	return t->inner->write32(t->inner, off, val, err);
}

static void stopped_or_gone_mid_dump_gives_back(bool gone)
{
	struct crdump_opts o = { .list = write_list("0x0,4000\n") };
	struct dev *d = open_sim();
	struct prm_err err = { 0 };
	struct crdump c;
	struct trip t;
	struct vsec *v;

	assert_int_equal(dev_vsec(d, &v, &err), 0);
	t = (struct trip){ .inner = v->cfg, .a = d->sim, .after = 3000, .gone = gone };
	t.port = (struct cfg_port){ .read32 = trip_rd, .write32 = trip_wr, .label = v->cfg->label };
	v->cfg = &t.port;
	assert_int_equal(crdump_read(d, &o, &c, &err), -1);
	assert_string_equal(err.reason, gone ? "device_gone" : "interrupted");
	assert_int_equal(err.kind, gone ? PRM_E_NODEV : PRM_E_FAILED);
	assert_false(v->locked);
	assert_false(dev_holding());
	if (!gone)	/* a gone device drops the give-back; a live one got it */
		assert_int_equal(d->sim->vsc.semaphore, 0);
	assert_true(c.nvals < 4000);
	dev_interrupt_reset();
	d->sim->faults[SIM_FAULT_DEVICE_GONE] = false;
	v->cfg = t.inner;
	crdump_free(&c);
	unlink(list_file);
	dev_close(d);
}

static void gone_mid_dump(void **state)
{
	(void)state;
	stopped_or_gone_mid_dump_gives_back(true);
}

static void stopped_mid_dump(void **state)
{
	(void)state;
	stopped_or_gone_mid_dump_gives_back(false);
}

/* a port with read_pair over the simulator's dwords; every other pair sees the transfer in flight */
struct pairs {
	struct cfg_port port, *inner;
	unsigned calls, in_flight;
};

static int pairs_rd(struct cfg_port *p, uint32_t off, uint32_t *val, struct prm_err *err)
{
	struct pairs *t = (struct pairs *)p;

	return t->inner->read32(t->inner, off, val, err);
}

static int pairs_wr(struct cfg_port *p, uint32_t off, uint32_t val, struct prm_err *err)
{
	struct pairs *t = (struct pairs *)p;

	return t->inner->write32(t->inner, off, val, err);
}

static int pairs_rd2(struct cfg_port *p, uint32_t off, uint32_t val[2], struct prm_err *err)
{
	struct pairs *t = (struct pairs *)p;

	if (pairs_rd(p, off, &val[0], err) || pairs_rd(p, off + 4, &val[1], err))
		return -1;
	if (t->calls++ % 2) {
		val[0] &= ~(1u << 31);	/* flag not yet set: the data is not the value */
		val[1] = 0xbad0bad0;
		t->in_flight++;
	}
	return 0;
}

static void flag_and_data_in_one_read(void **state)
{
	struct crdump_opts o = { .list = write_list("0xf0010,3\n") };
	struct dev *d = open_sim();
	struct prm_err err = { 0 };
	struct crdump c;
	struct pairs t;
	struct vsec *v;

	(void)state;
	assert_int_equal(dev_vsec(d, &v, &err), 0);
	t = (struct pairs){ .inner = v->cfg };
	t.port = (struct cfg_port){ .read32 = pairs_rd, .write32 = pairs_wr, .read_pair = pairs_rd2,
				    .label = v->cfg->label };
	v->cfg = &t.port;
	assert_int_equal(crdump_read(d, &o, &c, &err), 0);
	assert_int_equal(c.nvals, 3);
	assert_int_equal(c.vals[1], 0x20d);	/* 0xf0014: a ConnectX-5 */
	assert_int_not_equal(c.vals[0], 0xbad0bad0);
	assert_int_not_equal(c.vals[2], 0xbad0bad0);
	assert_true(t.calls >= 3);
	assert_true(t.in_flight >= 1);
	v->cfg = t.inner;
	crdump_free(&c);
	unlink(list_file);
	dev_close(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(list_as_mstflint_ships_it),
		cmocka_unit_test(bad_lists_name_the_line),
		cmocka_unit_test(long_line_and_nul_are_refused),
		cmocka_unit_test(list_names_follow_mstflint),
		cmocka_unit_test(tlv_decodes_as_mstflint_extracts_it),
		cmocka_unit_test(lines_are_mstregdumps),
		cmocka_unit_test(crdump_data_words),
		cmocka_unit_test(dump_follows_list_then_tlvs),
		cmocka_unit_test(tlv_loop_is_bounded),
		cmocka_unit_test(deadline_bounds_the_dump),
		cmocka_unit_test(chip_list_found_in_dir_or_named_missing),
		cmocka_unit_test(gone_mid_dump),
		cmocka_unit_test(stopped_mid_dump),
		cmocka_unit_test(flag_and_data_in_one_read),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
