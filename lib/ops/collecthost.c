// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* prmctl collect: the host's side (kernel, driver, lockdown, IOMMU, kernel log). */
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "lib/ops/collectint.h"
#include "lib/util/readall.h"
#include "lib/util/writefile.h"

#define HOST_FILE_MAX (1u << 20)
#define KERNEL_LOG_MAX (64u << 20)

static void put(struct collect_scope *s, const char *file, const char *what, const char *text,
		size_t len)
{
	char path[COLLECT_PATH];
	struct prm_err err = { 0 };

	snprintf(path, sizeof(path), "%s/%s", s->path, file);
	if (write_file_atomic(path, text, len, false, &err))
		collect_fail(s, file, NULL, "%s", err.msg);
	else
		collect_record(s, file, file, what);
}

/* A file of the host's, copied when it is there. */
static void copy(struct collect_scope *s, const char *src, const char *file, const char *what)
{
	struct prm_err err = { 0 };
	uint8_t *buf;
	size_t len;

	if (access(src, R_OK)) {
		collect_skip(s, file, "not on this host");
		return;
	}
	if (read_all(src, HOST_FILE_MAX, &buf, &len, &err)) {
		collect_fail(s, file, NULL, "%s", err.msg);
		return;
	}
	put(s, file, what, (const char *)buf, len);
	free(buf);
}

/* Which PCI functions share an IOMMU group: "GROUP BDF" lines. */
static void iommu_groups(struct collect_scope *s)
{
	const char *top = "/sys/kernel/iommu_groups";
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	DIR *d = opendir(top);
	struct dirent *g;

	if (!f) {
		if (d)
			closedir(d);
		return;
	}
	while (d && (g = readdir(d))) {
		char path[512];
		DIR *dd;
		struct dirent *e;

		if (g->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s/devices", top, g->d_name);
		if (!(dd = opendir(path)))
			continue;
		while ((e = readdir(dd)))
			if (e->d_name[0] != '.')
				fprintf(f, "%s %s\n", g->d_name, e->d_name);
		closedir(dd);
	}
	if (d)
		closedir(d);
	fclose(f);
	put(s, "iommu-groups.txt", d ? "IOMMU groups: GROUP FUNCTION per line"
				    : "IOMMU groups: none (no IOMMU, or it is off)", text, len);
	free(text);
}

static bool has_word(const char *line, size_t n, const char *w)
{
	size_t k = strlen(w);

	for (size_t i = 0; i + k <= n; i++)
		if (!strncasecmp(line + i, w, k))
			return true;
	return false;
}

/* The kernel log's lines about mlx5 and PCIe (AER, DPC, hotplug, link). */
static bool relevant(const char *line, size_t n)
{
	static const char *const words[] = { "mlx5", "pcieport", "aer", "dpc", "pciehp",
					     "pcie", "pci ", "link down", "fwctl" };

	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (has_word(line, n, words[i]))
			return true;
	return false;
}

static void kernel_log_filter(struct collect_scope *s, const char *raw, size_t len,
			      const char *source)
{
	char *text = NULL;
	size_t tlen = 0;
	FILE *f = open_memstream(&text, &tlen);
	const char *p = raw, *end = raw + len;

	if (!f)
		return;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);

		if (relevant(p, n))
			fprintf(f, "%.*s\n", (int)n, p);
		p += n + 1;
	}
	fclose(f);
	char *what = NULL;

	if (asprintf(&what, "the kernel log's mlx5 and PCIe lines, from %s", source) > 0)
		put(s, "kernel-log.txt", what, text, tlen);
	free(what);
	free(text);
}

/* The journal's kernel messages, else dmesg, into a temporary file. */
static int kernel_log_read(struct collect_scope *s, char *src, size_t sz, const char **source)
{
	static char *const journal[] = { (char *)"/usr/bin/journalctl", (char *)"-k",
		(char *)"--no-pager", (char *)"-o", (char *)"short-iso", (char *)"--since",
		(char *)"-30d", NULL };
	static char *const dmesg[] = { (char *)"/usr/bin/dmesg", NULL };
	static char *const dmesg2[] = { (char *)"/bin/dmesg", NULL };
	char *const *tries[] = { journal, dmesg, dmesg2 };
	const char *names[] = { "journalctl -k (last 30 days)", "dmesg", "dmesg" };

	snprintf(src, sz, "%s/.kernel-log.raw", s->path);
	for (size_t i = 0; i < 3; i++) {
		struct spawn_opts so = { .stdout_path = src, .timeout_ms = collect_step_ms(),
					 .should_stop = s->run->o->should_stop };
		struct spawn_result r;
		struct prm_err err = { 0 };
		FILE *f;
		long size = 0;

		if (access(tries[i][0], X_OK) || spawn_run(tries[i], &so, &r, &err))
			continue;
		if ((f = fopen(src, "r"))) {
			fseek(f, 0, SEEK_END);
			size = ftell(f);
			fclose(f);
		}
		if (r.exit_code == 0 && size > 0) {
			*source = names[i];
			return 0;
		}
	}
	unlink(src);
	return -1;
}

static void kernel_log(struct collect_scope *s)
{
	const struct collect_opts *o = s->run->o;
	char src[COLLECT_PATH];
	const char *source = o->kernel_log;
	struct prm_err err = { 0 };
	uint8_t *buf;
	size_t len;
	bool tmp = false;

	if (source) {
		snprintf(src, sizeof(src), "%s", source);
	} else if (kernel_log_read(s, src, sizeof(src), &source)) {
		collect_fail(s, "kernel-log.txt", NULL, "neither journalctl -k nor dmesg gave the "
			     "kernel log (not root? dmesg_restrict?)");
		return;
	} else {
		tmp = true;
	}
	if (read_all(src, KERNEL_LOG_MAX, &buf, &len, &err)) {
		collect_fail(s, "kernel-log.txt", NULL, "%s", err.msg);
	} else {
		kernel_log_filter(s, (const char *)buf, len, source);
		free(buf);
	}
	if (tmp)
		unlink(src);
}

/* health decode-log of the kernel log, as text and as JSON. */
static void kernel_log_decode(struct collect_scope *s)
{
	const struct collect_opts *o = s->run->o;
	char path[COLLECT_PATH];
	char *argv[] = { (char *)o->self, (char *)"health", (char *)"decode-log", path, NULL,
			 NULL };

	snprintf(path, sizeof(path), "%s/kernel-log.txt", s->path);
	if (access(path, R_OK))
		return;
	collect_exec(s, "kernel-log-decoded.txt", "health decode-log of kernel-log.txt",
		     "kernel-log-decoded.txt", NULL, collect_step_ms(), argv);
	argv[4] = (char *)"-j";
	collect_exec(s, "kernel-log-decoded.json", "health decode-log -j of kernel-log.txt",
		     "kernel-log-decoded.json", NULL, collect_step_ms(), argv);
}

void collect_host(struct collect_scope *s)
{
	const struct collect_opts *o = s->run->o;
	char *list[] = { (char *)o->self, (char *)"-j", (char *)"device", (char *)"list", NULL };
	struct utsname u;

	if (!uname(&u)) {
		char text[1024];
		int n = snprintf(text, sizeof(text), "%s %s %s %s %s\n", u.sysname, u.nodename,
				 u.release, u.version, u.machine);

		put(s, "uname.txt", "uname -a", text, (size_t)n);
	}
	copy(s, "/proc/cmdline", "cmdline.txt", "the kernel's command line");
	copy(s, "/etc/os-release", "os-release.txt", "the distribution");
	copy(s, "/sys/kernel/security/lockdown", "lockdown.txt",
	     "kernel lockdown: [none] lets BAR0 be read, integrity/confidentiality do not");
	copy(s, "/sys/module/mlx5_core/version", "mlx5_core-version.txt",
	     "mlx5_core's version (out-of-tree drivers set it)");
	copy(s, "/sys/module/mlx5_core/srcversion", "mlx5_core-srcversion.txt",
	     "mlx5_core's source checksum: which build is loaded");
	copy(s, "/proc/modules", "modules.txt", "the modules loaded");
	iommu_groups(s);
	collect_exec(s, "devices.json", "device list: every ConnectX function, its driver and names",
		     "devices.json", NULL, collect_step_ms(), list);
	kernel_log(s);
	kernel_log_decode(s);
}
