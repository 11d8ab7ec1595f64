/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_OUT_INT_H
#define PRMCTL_OUT_INT_H

#include <stdbool.h>
#include <stdio.h>

/* Between the emitter's parts: where documents go now. */
FILE *out_stream(void);
FILE *out_err_stream(void);
bool out_quiet(void);

#endif
