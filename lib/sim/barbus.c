// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * BAR0 as a bus transaction reaches it (a VM's MMIO through QEMU): 1, 2, 4
 * or 8 bytes, naturally aligned, in link byte order. Shared by the
 * transports that forward a guest's loads and stores.
 */
#include <string.h>

#include "lib/sim/internal.h"

static bool decodes(const struct sim_adapter *a, uint64_t off, unsigned n)
{
	return (n == 1 || n == 2 || n == 4 || n == 8) && off <= a->bar_size - n && off % n == 0;
}

uint64_t sim_bar_bus_read(struct sim_adapter *a, uint64_t off, unsigned n)
{
	uint64_t v = 0;

	if (!decodes(a, off, n))	/* nothing decodes it: all-ones, as on a bus */
		return n && n < 8 ? (1ull << (8 * n)) - 1 : ~0ull;
	if (off <= 0x1010 && off + n > 0x1010)	/* the driver's health poll */
		__atomic_add_fetch(&a->health_reads, 1, __ATOMIC_RELAXED);
	/* device memory in bus byte order: little-endian on the link */
	for (unsigned i = 0; i < n; i++)
		v |= (uint64_t)__atomic_load_n(a->bar0 + off + i, __ATOMIC_ACQUIRE) << (8 * i);
	return v;
}

void sim_bar_bus_write(struct sim_adapter *a, uint64_t off, unsigned n, uint64_t val)
{
	if (!decodes(a, off, n))
		return;
	if (n >= 4) {
		for (unsigned i = 0; i < n; i += 4)
			sim_bar_host_write(a, (uint32_t)(off + i), (uint32_t)(val >> (8 * i)));
	} else {
		/* sub-dword stores merge into the dword, then act like one */
		uint32_t at = (uint32_t)(off & ~3ull), w;

		memcpy(&w, a->bar0 + at, 4);
		for (unsigned i = 0; i < n; i++)
			((uint8_t *)&w)[(off & 3) + i] = (uint8_t)(val >> (8 * i));
		sim_bar_host_write(a, at, w);
	}
}
