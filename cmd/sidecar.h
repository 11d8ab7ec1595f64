/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_CMD_SIDECAR_H
#define PRMCTL_CMD_SIDECAR_H

#include <stddef.h>

#include "lib/ops/devident.h"
#include "lib/util/err.h"

/*
 * The sidecar of a saved image: FILE.json beside FILE, a "prmctl/1" JSON
 * document saying what the image is and where it came from (prmctl-initseg(8),
 * SIDECAR). Written whole or not at all.
 */
#define SIDECAR_SUFFIX ".json"

/* FILE.json into path; -1 when the name does not fit. */
int sidecar_path(const char *file, char *path, size_t sz);

/* what: "initseg" (the kind of image); bytes: the image's size. */
int sidecar_write(const char *path, const char *file, const char *what, size_t bytes,
		  const struct dev_ident *id, struct prm_err *err);

struct dev;

/*
 * initseg show of an image:FILE: FILE.json's facts as the member "sidecar"
 * (null when there is none); a sidecar that cannot be read is a warning, the
 * image is still shown. Nothing for other devices.
 */
void sidecar_show(const struct dev *d);

#endif
