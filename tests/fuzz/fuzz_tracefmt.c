// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Firmware trace formats on arbitrary bytes: the input is seven
 * little-endian parameters, a present mask (its high bit asks for a
 * parameter 8, which must still be missing) and the format. Output buffers
 * are exactly the promised size, so ASan catches a byte past them.
 *
 * Besides the bounds: a format without '%' comes out as it stands (or cut),
 * and the same format behind literal padding that brings it to the cap
 * comes out as the padding, then what it rendered alone, cut as §6 says.
 * Near the cap conversions take another path (through a buffer, never the
 * quick one), so that compares both paths on every input; and a format
 * that compiles (tracefmt_compile) must run to the very same bytes.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/prm/tracefmt.h"

#define HEADER (4 * TRACEFMT_MAX_PARAMS + 1)
#define CAP TRACEFMT_MSG_MAX

/* out holds the rendering of the padding and then what alone gave alen bytes */
static void check_padded(const char *out, size_t n, size_t pad, const char *alone, size_t alen)
{
	size_t whole = pad + alen, keep = whole > CAP ? CAP - 3 : whole;
	size_t npad = pad < keep ? pad : keep;

	if (n != (whole > CAP ? CAP : whole))
		abort();
	for (size_t i = 0; i < npad; i++)
		if (out[i] != 'a')
			abort();
	if (memcmp(out + npad, alone, keep - npad) || (whole > CAP && memcmp(out + keep, "...", 3)))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint32_t params[TRACEFMT_MAX_PARAMS];
	const char *fmt = (const char *)data + HEADER;
	unsigned present;
	size_t len, n, pad;
	char *out, *out2, *padded;

	if (size < HEADER)
		return 0;
	for (unsigned i = 0; i < TRACEFMT_MAX_PARAMS; i++)
		params[i] = (uint32_t)data[4 * i] | (uint32_t)data[4 * i + 1] << 8 |
			    (uint32_t)data[4 * i + 2] << 16 | (uint32_t)data[4 * i + 3] << 24;
	present = data[HEADER - 1];
	len = size - HEADER;
	out = malloc(CAP + 1);
	out2 = malloc(CAP + 1);
	padded = malloc(CAP + 16 + len);	/* the most padding: CAP + 15 */
	if (!out || !out2 || !padded)
		goto done;
	(void)tracefmt_nparams(fmt, len);
	n = tracefmt_render(out, fmt, len, params, present);
	if (n > CAP || out[n] != '\0')
		abort();
	if (!memchr(fmt, '%', len)) {
		if (len <= CAP ? n != len || memcmp(out, fmt, len) :
		    n != CAP || memcmp(out, fmt, n - 3) || memcmp(out + n - 3, "...", 3))
			abort();
	}
	/* compiled, the same bytes (out2 is free until the padded check below) */
	struct tracefmt_prog *pr = tracefmt_compile(fmt, len);

	if (pr) {
		size_t m = tracefmt_run(out2, pr, params, present);

		if (m != n || memcmp(out2, out, n + 1))
			abort();
		tracefmt_prog_free(pr);
	}
	if (n < CAP) {		/* not cut, so the whole rendering is known */
		pad = CAP - n + (size_t)data[0] % 32;
		pad = pad > 16 ? pad - 16 : 0;
		memset(padded, 'a', pad);
		memcpy(padded + pad, fmt, len);
		check_padded(out2, tracefmt_render(out2, padded, pad + len, params, present),
			     pad, out, n);
	}
done:
	free(out);
	free(out2);
	free(padded);
	return 0;
}
