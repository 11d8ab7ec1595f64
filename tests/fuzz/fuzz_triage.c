// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The verdict of a collect bundle on arbitrary files: the input split on
 * "\n--8<--\n" into manifest.json, two initialization-segment images,
 * device.json, devlink-reporters.json, health-1.json and the kernel log, as
 * a bundle with one top directory, and the verdict checked for what the API
 * promises (bounds, terminated strings, most severe first).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/prm/triage.h"

#define TERMINATED(s) (memchr((s), '\0', sizeof(s)) != NULL)

static const char *const names[] = {
	"b/manifest.json", "b/d/initseg-1.bin", "b/d/initseg-2.bin", "b/d/device.json",
	"b/d/devlink-reporters.json", "b/d/health-1.json", "b/host/kernel-log.txt",
};
#define NFILES (sizeof(names) / sizeof(names[0]))

static void check(const struct triage *t)
{
	if (t->ndev > TRIAGE_MAX_DEVICES || t->nf > TRIAGE_MAX_FINDINGS)
		abort();
	for (size_t i = 0; i < t->ndev; i++)
		if (!TERMINATED(t->dev[i].dir) || !TERMINATED(t->dev[i].name) ||
		    !TERMINATED(t->dev[i].psid) || t->dev[i].status >= PRM_HEALTH_NSTATUS)
			abort();
	for (size_t i = 0; i < t->nf; i++) {
		const struct triage_finding *f = &t->f[i];

		if (!TERMINATED(f->text) || !TERMINATED(f->what) || !TERMINATED(f->evidence) ||
		    f->device >= (int)t->ndev || f->sev > TRIAGE_CRITICAL ||
		    (i && f->sev > t->f[i - 1].sev))
			abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char sep[] = "\n--8<--\n";
	static struct triage t;
	struct tarball_file files[NFILES];
	struct tarball b = { files, 0 };
	const uint8_t *p = data, *end = data + size;
	struct prm_err err = { 0 };

	while (b.n < NFILES && p <= end) {
		const uint8_t *cut = memmem(p, (size_t)(end - p), sep, sizeof(sep) - 1);
		size_t len = cut ? (size_t)(cut - p) : (size_t)(end - p);
		uint8_t *copy = malloc(len + 1);

		memcpy(copy, p, len);
		copy[len] = 0;
		files[b.n].name = (char *)names[b.n];
		files[b.n].data = copy;
		files[b.n].len = len;
		b.n++;
		if (!cut)
			break;
		p = cut + sizeof(sep) - 1;
	}
	if (!triage_bundle(&b, &t, &err))
		check(&t);
	for (size_t i = 0; i < b.n; i++)
		free(files[i].data);
	return 0;
}
