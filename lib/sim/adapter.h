/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_SIM_ADAPTER_H
#define PRMCTL_SIM_ADAPTER_H

#include <pthread.h>
#include <sys/types.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/sim/dct.h"
#include "lib/sim/funcs.h"
#include "lib/sim/qp.h"
#include "lib/sim/model.h"
#include "lib/util/err.h"

/*
 * A simulated ConnectX: BAR0 (the initialization segment, kept live by a
 * firmware thread), PCI config space with the vendor-specific gateway, the
 * cr-space, ICMD and semaphore spaces behind it, and the access registers
 * ICMD reaches. Host code never calls into this except through the lowest
 * line: a config dword read or write (sim_cfg_read32/write32) and BAR0 memory.
 */

#define SIM_BAR0_BYTES (1u << 20)	/* what the simulator backs; the BAR decodes 32 MiB */
/* The 32-MiB, 64-bit, prefetchable memory BAR a ConnectX has as BAR0. */
#define SIM_BAR0_DECODE (32u << 20)
#define SIM_CFG_BYTES 256
#define SIM_ICMD_MBOX_BYTES 0x340
/* Host memory the simulated device reaches by DMA, at this bus address. */
#define SIM_HOSTMEM_BYTES (8u << 20)
#define SIM_HOSTMEM_IOVA 0x100000000ull

struct sim_opts {
	const char *model;		/* "cx5", "cx6dx", "cx7"; NULL = cx7 */
	unsigned boot_ms;		/* initializing stays set this long */
	uint8_t *bar0;			/* caller-provided BAR0 memory (shared), or NULL */
	uint8_t *hostmem;		/* caller-provided host memory (SIM_HOSTMEM_BYTES), or NULL */
	bool no_thread;			/* tests: no firmware thread, tick by hand */
};

enum sim_fault {
	SIM_FAULT_HEALTH_STALL,
	SIM_FAULT_FW_ASSERT,
	SIM_FAULT_THERMAL,
	SIM_FAULT_DEVICE_GONE,
	SIM_FAULT_SEM_HELD,
	SIM_FAULT_ICMD_BUSY,
	SIM_FAULT_CMD_HANG,
	SIM_FAULT_CMD_SLOW,
	SIM_FAULT_CMD_STATUS,
	SIM_FAULT_CMD_BAD_SIGNATURE,
	SIM_FAULT_CAP,
	SIM_FAULT_TRACER_STEAL,
	SIM_FAULT_RING_OVERRUN,
	SIM_FAULT_ESW,
	SIM_FAULT_DCT_KEY_VIOLATION,
	SIM_FAULT_DCT_DRAIN_STUCK,
	SIM_FAULT_LINK_DEGRADED,
	SIM_FAULT_PAGE_REQUEST,
	SIM_NFAULTS
};

struct sim_vsc {
	uint16_t space;
	bool size_shown;		/* ADDR reads the space's size until the next operation */
	uint32_t counter, semaphore, addr, data;
	bool flag, syndrome;
	uint8_t syndrome_code;
};

struct sim_icmd {
	uint32_t ctrl;			/* opcode 31:16, status 15:8, exmb 1, busy 0 */
	uint32_t syndrome;
	uint8_t mbox[SIM_ICMD_MBOX_BYTES];
	uint32_t semaphore;		/* semaphore space dword 0 */
	/* the semaphore space's other dwords: the driver takes 0x20
	 * (MLX5_SEMAPHORE_SW_RESET) before a reset after a fatal error */
	uint32_t other_sems[0x100 / 4 - 1];
};

struct sim_reg;
struct sim_tracer;
struct sim_thermal;
struct sim_mkeys;

/* Pages the host may give the firmware (MANAGE_PAGES); more is limits exceeded. */
#define SIM_MAX_PAGES 4096

/* Guest memory mapped for DMA (lib/sim/dmamap.c). */
#define SIM_MAX_DMA_REGIONS 8
#define SIM_MAX_DMA_MAPS 64
#define SIM_DMA_MAX_IOVA_MAPS 65535	/* vfio-user's max_dma_maps */
struct sim_iova_table;
struct sim_dma_map {
	uint64_t gpa, size;
	int64_t off;
	uint8_t *va;
	dev_t dev;
	ino_t ino;
};

/* MSI-X (lib/sim/msix.c): table and PBA in BAR0 where ConnectX has them. */
#define SIM_MSIX_MAX 64
/* User contexts: uids 1-63; what cmd_hca_cap.uctx_cap offers (RAW_TX 0x1,
 * TOOLS_RESOURCES 0x4: mlx5_fwctl asks for the latter) */
#define SIM_MAX_UCTX 64
#define SIM_UCTX_CAP 0x5

/* UAR pages (4 KiB, cmd_hca_cap.log_uar_page_sz 0) and the EQ doorbells in
 * each (the driver's MLX5_EQ_DOORBEL_OFFSET; eq_update_ci() adds 8 to not arm) */
#define SIM_UAR_BYTES 4096
#define SIM_EQ_ARM 0x40
#define SIM_EQ_UPDATE_CI 0x48
#define SIM_MSIX_TABLE 0x2000
#define SIM_MSIX_PBA 0x3000

/* One command the firmware ran, for `prmctl sim commands`. */
#define SIM_CMDLOG 32768	/* 640 KiB: a driver's probe, faults and recoveries, and more */
struct sim_cmd_record {
	uint16_t opcode, op_mod;
	uint8_t status, delivery;
	uint32_t syndrome;
	uint32_t latency_us;
	uint16_t register_id;		/* ACCESS_REG's register, else 0 */
	bool event;			/* its completion also came as an EQE */
};

/* An event queue the host created (lib/sim/eq.c). */
#define SIM_MAX_EQS 8
#define SIM_FIRST_EQN 8
struct sim_eq {
	bool used;
	uint8_t eqn, log_size;
	size_t page_bytes;
	uint64_t *pas;			/* its pages, as many as its size needs (malloc) */
	uint64_t bitmask[4];		/* bit n: event type n */
	uint32_t prod;			/* producer index, 24 bits */
	uint32_t cons;			/* the host's consumer index, from its doorbell */
	uint32_t uar;			/* the UAR page whose doorbell names it */
	uint16_t intr;			/* its MSI-X vector */
	bool armed;			/* interrupt on the next entry, then disarm */
	bool fresh;			/* its CREATE_EQ's own completion is not its event */
};

/* What the event queues did, for `sim status`. */
struct sim_eq_stats {
	uint64_t eqes, interrupts, doorbells, cmd_eqes;
};

struct sim_adapter {
	const struct sim_model *model;
	pthread_mutex_t lock;
	uint8_t *bar0;
	bool bar0_owned;
	size_t bar_size;
	uint8_t cfg[SIM_CFG_BYTES];
	uint32_t bar0_size_mask_lo;
	struct sim_vsc vsc;
	struct sim_icmd icmd;
	struct sim_reg *regs;		/* simulated access registers */
	size_t nregs;
	uint32_t cr_writes[64][2];	/* cr-space words written by the host */
	size_t ncr_writes;
	bool faults[SIM_NFAULTS];
	uint32_t fault_sem_ticket;
	uint16_t fault_hang_op, fault_slow_op, fault_status_op;
	uint32_t fault_slow_ms;
	uint8_t fault_status;
	uint32_t fault_syndrome;
	uint8_t fault_link_speed, fault_link_width;	/* link-degraded: what it trained at */
	struct sim_cap_override {	/* "cap:PAGE.FIELD=VALUE", both current and max */
		uint16_t cap_type;
		char field[64];
		uint64_t value;
	} cap_over[8];
	size_t ncap_over;
	/* what SET_HCA_CAP changed, applied to the current values */
	struct sim_cap_override cap_set[64];
	size_t ncap_set;
	uint32_t uars;			/* UAR pages allocated, bit per index */
	uint64_t uctxs;			/* user contexts (uids) created, bit per uid */
	uint8_t *gone_shadow;		/* BAR0 from before device-gone */
	/* firmware thread */
	pthread_t thread;
	bool thread_running, stop;
	uint64_t boot_ns, start_ns;
	unsigned boot_ms;
	uint32_t health_counter;
	uint64_t health_reads;		/* host reads of health_counter (BAR0 0x1010) */
	/* host memory and the command interface */
	uint8_t *hostmem;
	size_t hostmem_size;
	bool hostmem_owned;
	pthread_t cmd_thread;
	bool cmd_thread_running;
	pthread_cond_t doorbell_cv;	/* cmd-slow's wait, ended by stopping */
	/* the doorbell's futex: bumped by every ring and by stopping; the
	 * command thread sleeps on it only after a quiet spell (fwcmd.c) */
	uint32_t doorbell_seq;
	uint32_t doorbell_sleeping;	/* the command thread is (about to be) asleep on it */
	unsigned hca_state;		/* SIM_HCA_* */
	uint16_t issi;
	int32_t boot_pages, init_pages, pages_held;
	uint64_t page_addr[SIM_MAX_PAGES];	/* the pages held, returned on reclaim */
	uint64_t commands;		/* executed, for status */
	uint64_t unsupported;		/* of which refused as bad operation: not simulated */
	uint64_t fw_ns;			/* spent serving entries, doorbell to ownership back */
	struct sim_eq eqs[SIM_MAX_EQS];
	uint8_t next_eqn;
	struct sim_eq_stats eq_stats;
	/* DMA into memory given by a VM instead of hostmem */
	pthread_mutex_t dma_lock;
	bool dma_external;
	struct sim_dma_map dma_maps[SIM_MAX_DMA_MAPS];
	size_t ndma_maps, dma_active[SIM_MAX_DMA_REGIONS], ndma_active;
	struct sim_iova_table *iova;	/* lib/sim/dmaiova.c: vfio-user's mappings */
	/* MSI-X: vectors offered (0: no capability), each one's eventfd or -1 */
	pthread_mutex_t irq_lock;
	unsigned msix_vectors;
	int msix_fd[SIM_MSIX_MAX];
	struct sim_tracer *tracer;	/* lib/sim/tracer.c */
	struct sim_thermal *thermal;	/* lib/sim/thermal.c: MTMP sensors */
	struct sim_funcs funcs;		/* lib/sim/funcs.c: host functions, NVMe-oF namespaces */
	struct sim_dcts dcts;		/* lib/sim/dct.c */
	struct sim_qps qps;		/* lib/sim/qp.c */
	struct sim_mkeys *mkeys;	/* lib/sim/mkey.c: protection domains, memory keys */
	/* the commands run, oldest overwritten */
	struct sim_cmd_record cmdlog[SIM_CMDLOG];
	uint64_t ncmdlog;
};

enum { SIM_HCA_DISABLED, SIM_HCA_ENABLED, SIM_HCA_INITIALIZED };

int sim_adapter_create(const struct sim_opts *o, struct sim_adapter **out,
		       struct prm_err *err);
void sim_adapter_destroy(struct sim_adapter *a);

/* The config-dword line: what a host's config read or write does. */
uint32_t sim_cfg_read32(struct sim_adapter *a, uint32_t off);
void sim_cfg_write32(struct sim_adapter *a, uint32_t off, uint32_t val);

/*
 * Byte-granular config access, as a sysfs config file offers it. Each dword
 * touched is accessed once; a partial write of a gateway register (they act
 * on access) is ignored, as a partial write of a header dword is merged.
 */
void sim_cfg_read(struct sim_adapter *a, uint32_t off, uint8_t *buf, size_t len);
void sim_cfg_write(struct sim_adapter *a, uint32_t off, const uint8_t *buf, size_t len);

/*
 * Host memory by bus address (NULL when [iova, iova+len) is not host
 * memory), and the doorbell: a host that wrote BAR0 0x18 calls it so the
 * firmware looks at once (a service polls the doorbell word instead).
 */
uint8_t *sim_dma(struct sim_adapter *a, uint64_t iova, size_t len);
void sim_doorbell(struct sim_adapter *a);

/*
 * DMA into a VM's memory from now on: n regions, each fd mapped at off for
 * size bytes, at guest-physical gpa (QEMU's SYNC_SYSMEM). The fds stay the
 * caller's.
 */
int sim_dma_sync(struct sim_adapter *a, const uint64_t *gpa, const uint64_t *size,
		 const int64_t *off, const int *fd, size_t n, struct prm_err *err);

/*
 * MSI-X for a transport that delivers it (vfio-user): the capability
 * appears in config space with the model's vector count. Vectors are
 * signalled through eventfds the transport hands over (ownership passes;
 * fds NULL de-assigns); raising vector n writes 1 to its eventfd, which is
 * how QEMU wants an interrupt: -1 when n has none.
 */
void sim_msix_enable(struct sim_adapter *a);
int sim_msix_set(struct sim_adapter *a, unsigned start, unsigned count, const int *fds);
void sim_msix_clear(struct sim_adapter *a);
int sim_msix_raise(struct sim_adapter *a, unsigned vector);

/*
 * DMA through a vfio-user client's mappings, keyed by IOVA: size bytes of
 * fd from off (the fd stays the caller's; -1: a region without one, which
 * the firmware cannot reach). Returns 0 or a negative errno: -EEXIST over
 * an existing mapping, -EINVAL for a bad range. Unmapping removes every
 * mapping inside [iova, iova+size) (*count of them), -EINVAL if that would
 * split one. sim_dma_unmap_every: the client went away.
 */
int sim_dma_map(struct sim_adapter *a, uint64_t iova, uint64_t size, int fd, uint64_t off);
int sim_dma_unmap(struct sim_adapter *a, uint64_t iova, uint64_t size, size_t *count);
void sim_dma_unmap_every(struct sim_adapter *a);
size_t sim_dma_iova_count(struct sim_adapter *a);
/* Whether [iova, iova+len) lies in one mapping, with a descriptor or without. */
bool sim_dma_iova_mapped(struct sim_adapter *a, uint64_t iova, size_t len);

/* A function-level reset: the HCA back to disabled, queues and pages gone. */
void sim_adapter_reset(struct sim_adapter *a);

/* BAR0's bus address as the host programmed it. */
uint64_t sim_cfg_bar0_base(struct sim_adapter *a);

/* Command record i of n (oldest first); false when i is past the end. */
/* What the firmware did since it started: commands run (those it does not
 * implement, answered bad operation, among them) and its event queues' work. */
struct sim_activity {
	uint64_t commands, unsupported, pages;	/* pages: held now */
	struct sim_eq_stats eq;
	uint32_t gateway_semaphore;		/* the VSC semaphore's holder now, 0 free */
	uint32_t semaphores_held;		/* dwords of the semaphore space held now */
};
void sim_activity(struct sim_adapter *a, struct sim_activity *out);

bool sim_cmdlog_get(struct sim_adapter *a, uint64_t i, struct sim_cmd_record *r, uint64_t *n);

/*
 * A host's store of one BAR0 dword (raw, device byte order) at a dword
 * offset: written through, and the doorbell answered at once.
 */
void sim_bar_host_write(struct sim_adapter *a, uint32_t off, uint32_t raw);

/*
 * BAR0 as a bus transaction reaches it: n of 1, 2, 4 or 8 bytes, naturally
 * aligned, little-endian (link order). An access nothing decodes reads
 * all-ones and writes nowhere. A store of a dword or more acts as
 * sim_bar_host_write; a smaller one merges into its dword first.
 */
uint64_t sim_bar_bus_read(struct sim_adapter *a, uint64_t off, unsigned n);
void sim_bar_bus_write(struct sim_adapter *a, uint64_t off, unsigned n, uint64_t val);

/* One firmware tick (10 ms of firmware life); the thread calls it. */
void sim_fw_tick(struct sim_adapter *a, uint64_t now_ns);

/*
 * Faults: "health-stall", "fw-assert[:synd=1,ext_synd=0x8f7a,severity=3,irisc=2,rfr=1]",
 * "thermal", "device-gone", "sem-held", "icmd-busy", and for the command
 * interface "cmd-hang:OPCODE", "cmd-slow:OPCODE,MS",
 * "cmd-status:OPCODE,STATUS,SYNDROME", "cmd-bad-signature" (OPCODE a number
 * or a name such as QUERY_HCA_CAP), and "cap:PAGE.FIELD=VALUE" (a capability
 * the firmware reports otherwise; repeatable), "link-degraded[:width=N,speed=GT]"
 * (the PCIe link trained below the model's; default x8 at 8 GT/s).
 * sim_fault_list() names them all.
 */
int sim_fault_inject(struct sim_adapter *a, const char *spec, struct prm_err *err);
/* name NULL: every fault, and the gateway and ICMD semaphores are freed too. */
int sim_fault_clear(struct sim_adapter *a, const char *name, struct prm_err *err);
const char *sim_fault_name(enum sim_fault f);
const char *sim_fault_list(void);
/* A fault in effect, as it can be injected again ("cmd-slow:NOP 200", arguments
 * space-separated so lists of faults can be comma-joined); a->lock held. */
void sim_fault_describe(struct sim_adapter *a, enum sim_fault f, char *buf, size_t sz);

#endif
