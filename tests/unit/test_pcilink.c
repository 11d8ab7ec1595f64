// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * lib/prm/pcilink.c against config spaces written by hand from the PCI
 * Express Base Specification (tests/vectors/pcilink-*.cfg: "size N",
 * "fill XX", "bytes OFF XX ...", "expect FIELD VALUE", "expect-error
 * REASON"); lib/prm/pciaer.c on the kernel's sysfs text; lib/prm/mtmp.c on
 * bytes from the adb; and the simulator's link, its link-degraded fault and
 * its MTMP through lib/dev and lib/ops.
 */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "lib/dev/dev.h"
#include "lib/dev/pcistate.h"
#include "lib/ops/mtmp.h"
#include "lib/prm/mtmp.h"
#include "lib/prm/pciaer.h"
#include "lib/prm/pcilink.h"

#define MAX_VECTORS 64

static char *files[MAX_VECTORS];

static uint64_t num(const char *s, const char *file, int line)
{
	char *end;
	uint64_t v = strtoull(s ? s : "", &end, 0);

	if (!s || !*s || *end)
		fail_msg("%s:%d: bad number '%s'", file, line, s ? s : "");
	return v;
}

static uint64_t field(const struct prm_pci_link *l, const char *name, const char *file, int line)
{
	static const struct { const char *name; size_t off; } f[] = {
		{ "cap_off", offsetof(struct prm_pci_link, cap_off) },
		{ "cap_version", offsetof(struct prm_pci_link, cap_version) },
		{ "port_type", offsetof(struct prm_pci_link, port_type) },
		{ "speed", offsetof(struct prm_pci_link, speed) },
		{ "speed_max", offsetof(struct prm_pci_link, speed_max) },
		{ "width", offsetof(struct prm_pci_link, width) },
		{ "width_max", offsetof(struct prm_pci_link, width_max) },
	};

	if (!strcmp(name, "degraded"))
		return l->degraded;
	for (size_t i = 0; i < sizeof(f) / sizeof(f[0]); i++)
		if (!strcmp(name, f[i].name))
			return *((const uint8_t *)l + f[i].off);
	fail_msg("%s:%d: unknown field '%s'", file, line, name);
	return 0;
}

static void run_vector(void **state)
{
	const char *file = *state;
	char path[512], line[1024];
	uint8_t buf[PRM_PCI_CFG_BYTES];
	size_t size = 0;
	const char *want_error = NULL;
	char reason[64] = "";
	struct prm_pci_link l;
	struct prm_err err = { 0 };
	int lineno = 0, rc = 0, checks = 0;
	bool decoded = false;
	FILE *f;

	snprintf(path, sizeof(path), "%s/vectors/%s", TESTS_DIR, file);
	f = fopen(path, "r");
	assert_non_null(f);
	memset(buf, 0, sizeof(buf));
	while (fgets(line, sizeof(line), f)) {
		char *hash = strchr(line, '#'), *save = NULL, *word;

		lineno++;
		if (hash)
			*hash = '\0';
		word = strtok_r(line, " \t\r\n", &save);
		if (!word)
			continue;
		if (!strcmp(word, "size")) {
			size = num(strtok_r(NULL, " \t\r\n", &save), file, lineno);
			assert_true(size <= sizeof(buf));
		} else if (!strcmp(word, "fill")) {
			memset(buf, (int)strtoul(strtok_r(NULL, " \t\r\n", &save), NULL, 16), size);
		} else if (!strcmp(word, "bytes")) {
			uint64_t off = num(strtok_r(NULL, " \t\r\n", &save), file, lineno);
			char *tok;

			while ((tok = strtok_r(NULL, " \t\r\n", &save))) {
				if (off >= size || strlen(tok) != 2)
					fail_msg("%s:%d: bad byte '%s' or beyond size", file, lineno, tok);
				buf[off++] = (uint8_t)strtoul(tok, NULL, 16);
			}
		} else if (!strcmp(word, "expect") || !strcmp(word, "expect-error")) {
			if (!decoded) {
				rc = prm_pci_link_decode(buf, size, &l, &err);
				decoded = true;
			}
			if (!strcmp(word, "expect-error")) {
				want_error = strtok_r(NULL, " \t\r\n", &save);
				snprintf(reason, sizeof(reason), "%s", want_error ? want_error : "");
				if (rc != -1 || !err.reason || strcmp(err.reason, reason))
					fail_msg("%s: wanted error %s, got rc %d (%s: %s)", file, reason, rc,
						 err.reason ? err.reason : "-", err.msg);
				assert_non_null(strstr(err.msg, "config space"));
			} else {
				char *name = strtok_r(NULL, " \t\r\n", &save);
				uint64_t want = num(strtok_r(NULL, " \t\r\n", &save), file, lineno), got;

				if (rc)
					fail_msg("%s: %s", file, err.msg);
				got = field(&l, name ? name : "", file, lineno);
				if (got != want)
					fail_msg("%s:%d: %s is %llu, the vector says %llu", file, lineno, name,
						 (unsigned long long)got, (unsigned long long)want);
			}
			checks++;
		} else {
			fail_msg("%s:%d: unknown directive '%s'", file, lineno, word);
		}
	}
	fclose(f);
	assert_true(checks > 0);
}

static void speeds(void **state)
{
	(void)state;
	assert_true(prm_pci_speed_gts(1) == 2.5);
	assert_true(prm_pci_speed_gts(5) == 32.0);
	assert_true(prm_pci_speed_gts(6) == 64.0);
	assert_true(prm_pci_speed_gts(0) == 0);
	assert_true(prm_pci_speed_gts(7) == 0);
	assert_int_equal(prm_pci_speed_code(16.0), 4);
	assert_int_equal(prm_pci_speed_code(2.5), 1);
	assert_int_equal(prm_pci_speed_code(3.0), 0);
}

/*
 * drivers/pci/pcie/aer.c's aer_stats_dev_attr: "%s %llu" per bit of the
 * correctable status, names from aer_correctable_error_string (long names
 * with spaces in 4.19, the short ones later), then TOTAL_ERR_COR.
 */
static void aer_kernel_text(void **state)
{
	static const char cor[] = "Receiver Error 2\nBad TLP 0\nBad DLLP 0\nRELAY_NUM Rollover 0\n"
				  "Replay Timer Timeout 0\nAdvisory Non-Fatal 0\nCorrected Internal Error 0\n"
				  "Header Log Overflow 0\nTOTAL_ERR_COR 2\n";
	static const char names[] = "RxErr 3\nBadTLP 1\nBadDLLP 0\nRollover 0\nTimeout 4\n"
				    "NonFatalErr 0\nCorrIntErr 0\nHeaderOF 0\nTOTAL_ERR_COR 8\n";
	struct prm_aer_counts c;
	struct prm_err err = { 0 };

	(void)state;
	/* older kernels print names with spaces: the count is the last word, not the second */
	assert_int_equal(prm_aer_parse(cor, strlen(cor), &c, &err), 0);
	assert_int_equal(c.n, 8);
	assert_string_equal(c.e[0].name, "Receiver Error");
	assert_int_equal(c.e[0].count, 2);
	assert_string_equal(c.e[3].name, "RELAY_NUM Rollover");
	assert_int_equal(c.total, 2);
	assert_int_equal(prm_aer_parse(names, strlen(names), &c, &err), 0);
	assert_int_equal(c.n, 8);
	assert_string_equal(c.e[0].name, "RxErr");
	assert_int_equal(c.e[0].count, 3);
	assert_string_equal(c.e[4].name, "Timeout");
	assert_int_equal(c.e[4].count, 4);
	assert_true(c.has_total);
	assert_int_equal(c.total, 8);
}

static void aer_bad(void **state)
{
	static const char *const bad[] = {
		"RxErr\n", "RxErr x\n", "RxErr -1\n", "RxErr 18446744073709551616\n", " 3\n",
		"RxErr 2 \n", "An error name much longer than any the kernel has 1\n",
	};
	struct prm_aer_counts c;
	struct prm_err err = { 0 };
	char many[2048] = "";

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(prm_aer_parse(bad[i], strlen(bad[i]), &c, &err), -1);
		assert_string_equal(err.reason, "bad_aer");
	}
	assert_int_equal(prm_aer_parse("", 0, &c, &err), 0);
	assert_int_equal(c.n, 0);
	assert_false(c.has_total);
	/* no newline at the end, the largest count */
	assert_int_equal(prm_aer_parse("DLP 18446744073709551615", 24, &c, &err), 0);
	assert_true(c.e[0].count == UINT64_MAX);
	for (int i = 0; i < PRM_AER_MAX + 1; i++)
		snprintf(many + strlen(many), sizeof(many) - strlen(many), "E%d 1\n", i);
	assert_int_equal(prm_aer_parse(many, strlen(many), &c, &err), -1);
	assert_non_null(strstr(err.msg, "more than 32"));
	assert_int_equal(prm_aer_parse("RxErr 1\nBad 2x\n", 15, &c, &err), -1);
	assert_non_null(strstr(err.msg, "line 2"));
}

/* tests/vectors/mtmp-all.vec's bytes, decoded to degrees. */
static void mtmp_decode(void **state)
{
	static const uint8_t reg[32] = {
		0x00, 0x09, 0x0a, 0x5c, 0x00, 0x00, 0x01, 0xb8, 0xc0, 0x00, 0x01, 0xd0,
		0x80, 0x00, 0x03, 0x48, 0x00, 0x00, 0x03, 0x20, 0, 0, 0, 0,
		0x41, 0x53, 0x49, 0x43, 0x5f, 0x54, 0x4d, 0x50,
	};
	uint8_t neg[32] = { 0 };
	struct prm_mtmp m;
	struct prm_err err = { 0 };

	(void)state;
	assert_int_equal(prm_mtmp_decode(reg, sizeof(reg), &m, &err), 0);
	assert_int_equal(m.sensor, 0xa5c);
	assert_true(m.temperature_c == 55.0);
	assert_true(m.has_max);
	assert_true(m.max_temperature_c == 58.0);
	assert_true(m.has_threshold);
	assert_true(m.threshold_hi_c == 105.0);
	assert_true(m.threshold_lo_c == 100.0);
	assert_string_equal(m.name, "ASIC_TMP");
	neg[6] = 0xff;				/* the adb's example: 0xffe6 is -3.25 degC */
	neg[7] = 0xe6;
	neg[24] = 'A';
	neg[25] = 0x01;				/* the name ends at the first unprintable */
	neg[26] = 'B';
	assert_int_equal(prm_mtmp_decode(neg, sizeof(neg), &m, &err), 0);
	assert_true(m.temperature_c == -3.25);
	assert_false(m.has_max);
	assert_false(m.has_threshold);
	assert_string_equal(m.name, "A");
	assert_int_equal(prm_mtmp_decode(reg, 31, &m, &err), -1);
}

static struct dev *sim_with(const char *model, const char *inject)
{
	struct dev_open_opts o = { .sim_model = model, .sim_inject = inject };
	struct prm_err err = { 0 };
	struct dev *d = NULL;

	if (dev_open("sim", &o, &d, &err))
		fail_msg("%s", err.msg);
	return d;
}

static void sim_link(void **state)
{
	static const struct { const char *model, *inject; uint8_t speed, width, max; bool degraded; } c[] = {
		{ "cx5", NULL, 3, 16, 3, false },
		{ "cx6dx", NULL, 4, 16, 4, false },
		{ "cx7", NULL, 5, 16, 5, false },
		{ "cx7", "link-degraded", 3, 8, 5, true },
		{ "cx5", "link-degraded", 3, 8, 3, true },
		{ "cx6dx", "link-degraded:width=16,speed=2.5", 1, 16, 4, true },
		{ "cx7", "link-degraded:width=4", 3, 4, 5, true },
	};
	uint8_t cfg[PRM_PCI_CFG_BYTES];
	struct prm_err err = { 0 };

	(void)state;
	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		struct dev *d = sim_with(c[i].model, c[i].inject);
		struct prm_pci_link l;
		struct dev_pci_aer aer;
		size_t len;

		assert_int_equal(dev_pci_link(d, &l, &err), 0);
		assert_int_equal(l.speed, c[i].speed);
		assert_int_equal(l.width, c[i].width);
		assert_int_equal(l.speed_max, c[i].max);
		assert_int_equal(l.width_max, 16);
		assert_int_equal(l.degraded, c[i].degraded);
		/* the simulator has no extended space: the standard 256 bytes */
		assert_int_equal(dev_cfg_snapshot(d, cfg, sizeof(cfg), &len, &err), 0);
		assert_int_equal(len, 256);
		/* not a PCI function of this host: no sysfs counters, not an error */
		assert_int_equal(dev_pci_aer(d, &aer, &err), 0);
		assert_false(aer.has_correctable || aer.has_fatal || aer.has_nonfatal);
		dev_close(d);
	}
}

static void sim_temperature(void **state)
{
	struct dev *d = sim_with(NULL, NULL);
	struct prm_mtmp m;
	struct prm_err err = { 0 };

	(void)state;
	assert_int_equal(mtmp_read(d, PRM_MTMP_SENSOR_ASIC, &m, &err), 0);
	assert_true(m.temperature_c == 55.0);
	assert_true(m.threshold_hi_c == 105.0);
	assert_string_equal(m.name, "ASIC");
	assert_int_equal(mtmp_read(d, 0x1000, &m, &err), -1);	/* beyond 12 bits */
	dev_close(d);
	d = sim_with(NULL, "thermal");
	assert_int_equal(mtmp_read(d, PRM_MTMP_SENSOR_ASIC, &m, &err), 0);
	assert_true(m.temperature_c > m.threshold_hi_c);
	assert_true(m.max_temperature_c >= m.temperature_c);
	dev_close(d);
}

static int cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(void)
{
	struct CMUnitTest tests[MAX_VECTORS + 6];
	size_t n = 0, nv;
	DIR *dir = opendir(TESTS_DIR "/vectors");
	struct dirent *e;

	if (!dir)
		return 1;
	while ((e = readdir(dir))) {
		size_t len = strlen(e->d_name);

		if (!strncmp(e->d_name, "pcilink-", 8) && len > 4 && !strcmp(e->d_name + len - 4, ".cfg")) {
			if (n == MAX_VECTORS)
				return 1;
			files[n++] = strdup(e->d_name);
		}
	}
	closedir(dir);
	if (n < 5)
		return 1;	/* the vectors went missing */
	qsort(files, n, sizeof(files[0]), cmp);
	for (size_t i = 0; i < n; i++)
		tests[i] = (struct CMUnitTest){ files[i], run_vector, NULL, NULL, files[i] };
	nv = n;
	tests[n++] = (struct CMUnitTest)cmocka_unit_test(speeds);
	tests[n++] = (struct CMUnitTest)cmocka_unit_test(aer_kernel_text);
	tests[n++] = (struct CMUnitTest)cmocka_unit_test(aer_bad);
	tests[n++] = (struct CMUnitTest)cmocka_unit_test(mtmp_decode);
	tests[n++] = (struct CMUnitTest)cmocka_unit_test(sim_link);
	tests[n++] = (struct CMUnitTest)cmocka_unit_test(sim_temperature);
	(void)nv;
	return _cmocka_run_group_tests("pcilink", tests, n, NULL, NULL);
}
