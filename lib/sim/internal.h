/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_SIM_INTERNAL_H
#define PRMCTL_SIM_INTERNAL_H

/* Shared between the files of lib/sim; not for host code. */

#include "lib/sim/adapter.h"

struct prm_layout;

/* Set a field of the initialization segment with one 32-bit store, so a
 * host reading BAR0 concurrently never sees half an update. */
void sim_bar_set(struct sim_adapter *a, const char *path, uint64_t val);
uint64_t sim_bar_get(struct sim_adapter *a, const char *path);

/* cr-space: the words the model defines, then what the host wrote. */
uint32_t sim_cr_read(struct sim_adapter *a, uint32_t addr);
uint32_t sim_cr_filler(uint32_t addr);
void sim_cr_write(struct sim_adapter *a, uint32_t addr, uint32_t val);

/* ICMD space and its engine. */
uint32_t sim_icmd_read(struct sim_adapter *a, uint32_t addr);
void sim_icmd_write(struct sim_adapter *a, uint32_t addr, uint32_t val);

/* Free the gateway and ICMD semaphores, held or left by anyone; a->lock held. */
void sim_semaphores_free(struct sim_adapter *a);
/* The PCI Express Link Status the host reads: speed encoding and lanes. */
void sim_config_link(struct sim_adapter *a, uint8_t speed, uint8_t width);

/* The MSI-X capability, after PCI Express in the list (a->msix_vectors set); a->lock held. */
void sim_config_msix(struct sim_adapter *a);

/* Access registers (ICMD 0x9001). */
int sim_regs_init(struct sim_adapter *a, struct prm_err *err);
void sim_regs_free(struct sim_adapter *a);
/* Executes one register access in place on mbox; returns the TLV status. */
uint8_t sim_reg_access(struct sim_adapter *a, uint16_t id, uint8_t method,
		       uint8_t *data, size_t len);
/* SET: copy the fields of l the host may write (RW) from data into state. */
void sim_reg_take(const struct prm_layout *l, uint8_t *state, const uint8_t *data, size_t len);

/* The card's network ports, a cable cage each (MGIR num_ports, MTMP's module sensors). */
#define SIM_PORTS 2

/* Temperature sensors (thermal.c): MTCAP and MTMP; the TLV status, or -1: not theirs. */
int sim_thermal_init(struct sim_adapter *a);
void sim_thermal_free(struct sim_adapter *a);
int sim_thermal_reg(struct sim_adapter *a, uint16_t id, bool set, uint8_t *data, size_t len);

uint64_t sim_now_ns(void);

/* DMA through the VM's memory map (dmamap.c); NULL outside it. */
uint8_t *sim_dma_external(struct sim_adapter *a, uint64_t iova, size_t len);
void sim_dma_unmap_all(struct sim_adapter *a);
/* The vfio-user table (dmaiova.c): lookup with a->dma_lock held; free at the end. */
uint8_t *sim_dma_iova(struct sim_adapter *a, uint64_t iova, size_t len);
void sim_dma_iova_free(struct sim_adapter *a);

#endif
