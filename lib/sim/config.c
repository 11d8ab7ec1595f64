// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * PCI config space of the simulated adapter: a type-0 header, a capability
 * list (power management, the Mellanox vendor-specific capability, then
 * PCI Express with the model's link), and
 * the gateway behind that capability as mstflint and the kernel's pci_vsc
 * drive it. Config dwords are little-endian, as PCI config space is.
 */
#include <string.h>

#include "lib/sim/internal.h"

/* Where the capabilities sit; a real ConnectX has more, these suffice. */
#define CAP_PM 0x40
#define PMCSR_NO_SOFT_RESET 0x0008
#define CAP_VSC 0x60
#define VSC_LEN 0x18
#define CAP_EXP 0x80		/* PCI Express, version 2: 0x3c bytes */
#define CAP_MSIX 0xc0		/* MSI-X, only where the transport delivers it */
#define MSIX_CTRL_RW 0xc000u	/* Message Control: enable, function mask */

/* PCI Express capability registers (PCIe Base Specification 7.5.3). */
#define EXP_DEVCAP 0x04
#define EXP_DEVCTL 0x08
#define DEVCAP_FLR (1u << 28)
#define DEVCTL_FLR 0x8000u
#define EXP_LNKCAP 0x0c
#define EXP_LNKSTA 0x12
#define EXP_LNKCAP2 0x2c
#define EXP_LNKCTL2 0x30
#define LNKSTA_SLOT_CLOCK 0x1000

/* Gateway registers, offsets from the capability (mstflint, pci_vsc.c). */
#define VSC_CTRL 0x04
#define VSC_COUNTER 0x08
#define VSC_SEMAPHORE 0x0c
#define VSC_ADDR 0x10
#define VSC_DATA 0x14

/* Address spaces (mstflint address_space_t). */
#define AS_ICMD_EXT 0x1
#define AS_CR_SPACE 0x2
#define AS_ICMD 0x3
#define AS_ND_CRSPACE 0x6
#define AS_SCAN_CRSPACE 0x7
#define AS_SEMAPHORE 0xa

#define CR_SPACE_BYTES 0x1000000u	/* 16 MiB of cr-space */
/* What a crdump scans (the driver's fw_fatal dump reads all of it, a dword
 * per gateway round trip: kept small enough for a VM under emulation). */
#define SCAN_SPACE_BYTES 0x10000u
#define ICMD_SPACE_BYTES 0x200000u
#define SEM_SPACE_BYTES 0x100u

#define SYND_ADDRESS_OUT_OF_RANGE 0x3

#define BAR0_DECODE SIM_BAR0_DECODE

static void put16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

static void put32(uint8_t *p, uint32_t v)
{
	put16(p, (uint16_t)v);
	put16(p + 2, (uint16_t)(v >> 16));
}

static uint32_t get32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

void sim_config_init(struct sim_adapter *a);

void sim_config_link(struct sim_adapter *a, uint8_t speed, uint8_t width)
{
	put16(a->cfg + CAP_EXP + EXP_LNKSTA,
	      (uint16_t)(LNKSTA_SLOT_CLOCK | (width & 0x3f) << 4 | (speed & 0xf)));
}

/* An endpoint as a ConnectX shows it: 512-byte payloads, extended tags, its link. */
static void express_init(struct sim_adapter *a, uint8_t *c)
{
	const struct sim_model *m = a->model;

	c[CAP_EXP] = 0x10;			/* PCI Express, last in the list */
	put16(c + CAP_EXP + 2, 0x0002);		/* version 2, endpoint */
	/* MPS 512, ext tag, role-based errors, function-level reset */
	put32(c + CAP_EXP + EXP_DEVCAP, 0x00008022 | DEVCAP_FLR);
	put16(c + CAP_EXP + EXP_DEVCTL, 0x2130);	/* MPS 256, MRRS 512, ext tag, RO */
	put32(c + CAP_EXP + EXP_LNKCAP, (uint32_t)m->pcie_width << 4 | m->pcie_speed);
	/* supported speeds vector: every rate up to the max */
	put32(c + CAP_EXP + EXP_LNKCAP2, ((1u << m->pcie_speed) - 1) << 1);
	put16(c + CAP_EXP + EXP_LNKCTL2, m->pcie_speed);	/* target speed */
	sim_config_link(a, m->pcie_speed, m->pcie_width);
}

void sim_config_msix(struct sim_adapter *a)
{
	uint8_t *c = a->cfg;

	if (!a->msix_vectors)
		return;
	c[CAP_EXP + 1] = CAP_MSIX;
	c[CAP_MSIX] = 0x11;			/* MSI-X, last in the list */
	c[CAP_MSIX + 1] = 0;
	put16(c + CAP_MSIX + 2, (uint16_t)(a->msix_vectors - 1));	/* table size - 1 */
	put32(c + CAP_MSIX + 4, SIM_MSIX_TABLE | 0);	/* BIR 0 */
	put32(c + CAP_MSIX + 8, SIM_MSIX_PBA | 0);
}

void sim_config_init(struct sim_adapter *a)
{
	uint8_t *c = a->cfg;

	memset(c, 0, sizeof(a->cfg));
	put16(c + 0x00, 0x15b3);
	put16(c + 0x02, a->model->device_id);
	put16(c + 0x04, 0x0006);		/* memory space, bus master */
	put16(c + 0x06, 0x0010);		/* capability list present */
	c[0x08] = a->model->revision;
	c[0x09] = 0x00;				/* class 02 00 00: Ethernet controller */
	c[0x0a] = 0x00;
	c[0x0b] = 0x02;
	c[0x0e] = 0x00;				/* header type 0 */
	put32(c + 0x10, 0x0000000c);		/* BAR0: 64-bit, prefetchable memory */
	put16(c + 0x2c, 0x15b3);		/* subsystem */
	put16(c + 0x2e, 0x0001);
	c[0x34] = CAP_PM;
	c[0x3d] = 0x01;				/* INTA */
	c[CAP_PM] = 0x01;			/* power management */
	c[CAP_PM + 1] = CAP_VSC;
	put16(c + CAP_PM + 2, 0x0003);		/* version 3: D3hot only, no D1 or D2 */
	put16(c + CAP_PM + 4, PMCSR_NO_SOFT_RESET);	/* D0; the state survives D3hot, as on ConnectX */
	/* vendor-specific: id 9, next PCI Express, length, type 0 = functional */
	put32(c + CAP_VSC, 0x09u | (uint32_t)CAP_EXP << 8 | (uint32_t)VSC_LEN << 16 | 0u << 24);
	express_init(a, c);
	a->vsc.space = AS_CR_SPACE;
}

static uint32_t space_bytes(uint16_t space)
{
	switch (space) {
	case AS_CR_SPACE:
	case AS_ND_CRSPACE:
		return CR_SPACE_BYTES;
	case AS_SCAN_CRSPACE:
		return SCAN_SPACE_BYTES;
	case AS_ICMD:
	case AS_ICMD_EXT:
		return ICMD_SPACE_BYTES;
	case AS_SEMAPHORE:
		return SEM_SPACE_BYTES;
	}
	return 0;
}

/* A dword of the semaphore space (addr checked against its size, 4-aligned). */
static uint32_t *sem_dword(struct sim_adapter *a, uint32_t addr)
{
	return addr == 0 ? &a->icmd.semaphore : &a->icmd.other_sems[addr / 4 - 1];
}

static uint32_t space_read(struct sim_adapter *a, uint16_t space, uint32_t addr)
{
	switch (space) {
	case AS_ICMD:
	case AS_ICMD_EXT:
		return sim_icmd_read(a, addr);
	case AS_SEMAPHORE:
		return *sem_dword(a, addr);
	default:
		return sim_cr_read(a, addr);
	}
}

static void space_write(struct sim_adapter *a, uint16_t space, uint32_t addr,
			uint32_t val)
{
	switch (space) {
	case AS_ICMD:
	case AS_ICMD_EXT:
		sim_icmd_write(a, addr, val);
		break;
	case AS_SEMAPHORE:
		/* taken by writing a non-zero id when free; freed by writing 0 */
		if (val == 0 || *sem_dword(a, addr) == 0)
			*sem_dword(a, addr) = val;
		break;
	case AS_CR_SPACE:
		sim_cr_write(a, addr, val);
		break;
	default:	/* scan and non-destructive cr-space are read-only */
		break;
	}
}

/* ADDR written: run the read or write it asks for, then flip the flag. */
static void gateway_op(struct sim_adapter *a, uint32_t val)
{
	struct sim_vsc *v = &a->vsc;
	bool write = val >> 31;
	uint32_t addr = val & 0x3fffffff;

	v->addr = addr;
	v->size_shown = false;
	v->syndrome = false;
	v->syndrome_code = 0;
	if (addr % 4 || addr >= space_bytes(v->space)) {
		v->syndrome = true;
		v->syndrome_code = SYND_ADDRESS_OUT_OF_RANGE;
		v->flag = !write;
		return;
	}
	if (write) {
		space_write(a, v->space, addr, v->data);
		v->flag = false;
	} else {
		v->data = space_read(a, v->space, addr);
		v->flag = true;
		if (v->space == AS_SCAN_CRSPACE)
			v->addr = addr + 4;	/* a scan tells the next address to read (no holes here) */
	}
}

static uint32_t vsc_read(struct sim_adapter *a, uint32_t reg)
{
	struct sim_vsc *v = &a->vsc;

	switch (reg) {
	case VSC_CTRL:
		return v->space | (uint32_t)v->syndrome_code << 24 |
		       (uint32_t)v->size_shown << 28 |
		       (uint32_t)(space_bytes(v->space) ? 1 : 0) << 29;
	case VSC_COUNTER:
		return ++v->counter ? v->counter : ++v->counter;	/* ticks on read, never 0 */
	case VSC_SEMAPHORE:
		return a->faults[SIM_FAULT_SEM_HELD] && !v->semaphore ?
		       a->fault_sem_ticket : v->semaphore;
	case VSC_ADDR:
		if (v->size_shown)
			return space_bytes(v->space) & 0x3fffffff;
		return v->addr | (uint32_t)v->syndrome << 30 | (uint32_t)v->flag << 31;
	case VSC_DATA:
		return v->data;
	}
	return get32(a->cfg + CAP_VSC + reg);
}

static void vsc_write(struct sim_adapter *a, uint32_t reg, uint32_t val)
{
	struct sim_vsc *v = &a->vsc;

	switch (reg) {
	case VSC_CTRL:
		/* size_vld is the device's to set: the space's size waits in ADDR
		 * (the driver's mlx5_vsc_gw_set_space() reads it there) */
		v->space = (uint16_t)val;
		v->size_shown = space_bytes(v->space) != 0;
		break;
	case VSC_SEMAPHORE:
		/* 0 frees whoever holds it, sem-held's foreign holder too, as on hardware */
		if (val == 0 && !v->semaphore)
			a->faults[SIM_FAULT_SEM_HELD] = false;
		if (val == 0)
			v->semaphore = 0;
		else if (v->semaphore == 0 && !a->faults[SIM_FAULT_SEM_HELD])
			v->semaphore = val;
		break;
	case VSC_ADDR:
		gateway_op(a, val);
		break;
	case VSC_DATA:
		v->data = val;
		break;
	}
}

void sim_semaphores_free(struct sim_adapter *a)
{
	a->vsc.semaphore = 0;
	a->icmd.semaphore = 0;
	memset(a->icmd.other_sems, 0, sizeof(a->icmd.other_sems));
}

uint32_t sim_cfg_read32(struct sim_adapter *a, uint32_t off)
{
	uint32_t v;

	off &= ~3u;
	if (off >= SIM_CFG_BYTES)
		return 0;
	pthread_mutex_lock(&a->lock);
	if (a->faults[SIM_FAULT_DEVICE_GONE])
		v = 0xffffffffu;
	else if (off >= CAP_VSC + 4 && off < CAP_VSC + VSC_LEN)
		v = vsc_read(a, off - CAP_VSC);
	else if (off == 0x10)
		v = a->bar0_size_mask_lo ? (~(BAR0_DECODE - 1) | 0xc) : get32(a->cfg + off);
	else
		v = get32(a->cfg + off);
	pthread_mutex_unlock(&a->lock);
	return v;
}

void sim_cfg_write32(struct sim_adapter *a, uint32_t off, uint32_t val)
{
	bool flr = false;

	off &= ~3u;
	if (off >= SIM_CFG_BYTES)
		return;
	pthread_mutex_lock(&a->lock);
	if (a->faults[SIM_FAULT_DEVICE_GONE]) {
		pthread_mutex_unlock(&a->lock);
		return;
	}
	if (off >= CAP_VSC + 4 && off < CAP_VSC + VSC_LEN) {
		vsc_write(a, off - CAP_VSC, val);
	} else if (off == 0x10) {
		/* BAR sizing: all-ones reads back the size mask */
		a->bar0_size_mask_lo = val == 0xffffffffu;
		if (!a->bar0_size_mask_lo)
			put32(a->cfg + off, (val & ~(BAR0_DECODE - 1)) | 0xc);
	} else if (off == 0x14) {
		put32(a->cfg + off, val);	/* BAR0, high half */
	} else if (off == 0x04) {
		put16(a->cfg + off, (uint16_t)val);	/* command; status is not writable here */
	} else if (off == CAP_EXP + EXP_DEVCTL) {
		/* DevCtl's settings stay as they are; Initiate FLR resets the
		 * function (vfio-pci's reset of choice) and reads back 0 */
		flr = val & DEVCTL_FLR;
	} else if (off == CAP_PM + 4 && ((val & 3) == 0 || (val & 3) == 3)) {
		/* PowerState, D0 or D3hot (D1 and D2 are not offered: ignored);
		 * QEMU maps the BARs by what it last saw written, the guest
		 * kernel by what reads back: they must agree */
		put16(a->cfg + off, (uint16_t)((get32(a->cfg + off) & ~3u) | (val & 3)));
	} else if (off == CAP_MSIX && a->msix_vectors) {
		uint16_t ctrl = (uint16_t)(get32(a->cfg + off) >> 16);

		put16(a->cfg + off + 2, (uint16_t)((ctrl & ~MSIX_CTRL_RW) | ((val >> 16) & MSIX_CTRL_RW)));
	}
	pthread_mutex_unlock(&a->lock);
	if (flr)
		sim_adapter_reset(a);
}

void sim_cfg_read(struct sim_adapter *a, uint32_t off, uint8_t *buf, size_t len)
{
	size_t done = 0;

	while (done < len) {
		uint32_t at = off + (uint32_t)done, base = at & ~3u, v;
		uint8_t b[4];
		size_t n = 4 - (at - base);

		if (n > len - done)
			n = len - done;
		v = sim_cfg_read32(a, base);
		put32(b, v);
		memcpy(buf + done, b + (at - base), n);
		done += n;
	}
}

void sim_cfg_write(struct sim_adapter *a, uint32_t off, const uint8_t *buf, size_t len)
{
	size_t done = 0;

	while (done < len) {
		uint32_t at = off + (uint32_t)done, base = at & ~3u;
		size_t n = 4 - (at - base);
		uint8_t b[4];

		if (n > len - done)
			n = len - done;
		if (n == 4) {
			memcpy(b, buf + done, 4);
			sim_cfg_write32(a, base, get32(b));
		} else if (base <= SIM_CFG_BYTES - 4 &&	/* base + 4 wraps near 4 GiB */
			   !(base >= CAP_VSC + 4 && base < CAP_VSC + VSC_LEN)) {
			pthread_mutex_lock(&a->lock);
			memcpy(b, a->cfg + base, 4);
			pthread_mutex_unlock(&a->lock);
			memcpy(b + (at - base), buf + done, n);
			sim_cfg_write32(a, base, get32(b));
		}
		done += n;
	}
}

uint64_t sim_cfg_bar0_base(struct sim_adapter *a)
{
	uint64_t base;

	pthread_mutex_lock(&a->lock);
	base = (uint64_t)get32(a->cfg + 0x14) << 32 | (get32(a->cfg + 0x10) & ~0xfu);
	pthread_mutex_unlock(&a->lock);
	return base;
}
