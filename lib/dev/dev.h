/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_DEV_DEV_H
#define PRMCTL_DEV_DEV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/dev/devname.h"
#include "lib/dev/discover.h"
#include "lib/util/err.h"

/*
 * An opened device: its name, what the OS knows of it (for PCI-backed
 * names), and BAR0 read access through the path that was chosen. Only the
 * lowest layer differs between a real function, a saved image and the
 * simulator.
 */
struct dev;
struct sim_adapter;

struct dev_ops {
	/* Raw BAR0 bytes (device byte order) at off. */
	int (*bar_read)(struct dev *d, uint32_t off, void *buf, size_t len,
			struct prm_err *err);
	/* Raw BAR0 bytes written at off (dword aligned); NULL: read-only. */
	int (*bar_write)(struct dev *d, uint32_t off, const void *buf, size_t len,
			 struct prm_err *err);
	/* Memory the device reaches by DMA; NULL: none (no command queue). */
	struct dma_provider *(*dma_open)(struct dev *d, struct prm_err *err);
	void (*close)(struct dev *d);
};

struct dev {
	struct dev_name name;
	char label[DEVNAME_MAX + 16];	/* how messages name the device */
	const char *via;		/* "rdma", "netdev", "fwctl" or NULL */
	bool has_info;
	struct dev_info info;
	const char *access;		/* access path in use: "pci", "image", "sim", "vfio" */
	const struct dev_ops *ops;	/* NULL: BAR0 not reachable */
	struct prm_err bar_err;		/* why BAR0 is not reachable */
	size_t bar_size;
	void *priv;
	struct cfg_port *cfg;		/* config space, once opened (dev_cfg) */
	struct sim_adapter *sim;	/* -d sim: the adapter in this process */
	struct vsec *vsec;		/* the gateway, once opened (dev_vsec) */
	struct icmd *icmd;		/* ICMD over it (dev_icmd) */
	struct cmdq *cmdq;		/* the command queue, brought up (dev_cmdq) */
	struct dma_provider *dma;	/* its DMA memory */
	struct eq *page_eq;		/* the firmware's page requests (dev_page_events) */
	const struct cmd_chan *chan;	/* the command channel chosen (dev_cmd_chan) */
	const char *want_access;	/* --access, or NULL */
	bool write;			/* --write: state changes allowed on hardware */
	struct fwctl *fwctl;		/* the fwctl node, once opened (dev_cmd_chan) */
	unsigned cmd_timeout_ms;	/* bound per command; 0: the firmware's */
	/* identity known without PCI (image, sim) */
	const char *model;
	const char *source;		/* image file, sim name */
	char devlink[128];		/* the devlink handle ("pci/0000:3b:00.0"), "" none */
};

struct dev_open_opts {
	const char *access;	/* forced access path, or NULL for the best one */
	const char *sim_model;	/* -d sim: the model to simulate */
	const char *sim_inject;	/* -d sim: faults to inject, comma-separated */
	bool need_bar;		/* fail unless BAR0 is readable */
	bool write;		/* --write given */
	unsigned cmd_timeout_ms;	/* --timeout: bound per command, 0: the firmware's */
};

/* Access paths prmctl knows, in order of preference. */
extern const char *const dev_access_paths[];

/* Resolve and open a device by any name form. Errors are PRM_E_NODEV/USAGE. */
int dev_open(const char *name, const struct dev_open_opts *o, struct dev **out,
	     struct prm_err *err);
void dev_close(struct dev *d);

int dev_bar_read(struct dev *d, uint32_t off, void *buf, size_t len,
		 struct prm_err *err);
int dev_bar_write(struct dev *d, uint32_t off, const void *buf, size_t len,
		  struct prm_err *err);

/*
 * The initialization segment (PRM_INITSEG_BYTES from BAR0 offset 0). A
 * function that reads all-ones is gone: that is an error, never data.
 */
#define DEV_INITSEG_BYTES 0x2010
int dev_read_initseg(struct dev *d, uint8_t *buf, struct prm_err *err);

/*
 * What a quick look at an open device finds, each part only where
 * permitted: firmware version from BAR0, hw_id through the gateway
 * (cr-space 0xf0014). Never fails; an unknown part stays empty/0.
 */
struct dev_identity {
	char fw_version[32];
	uint32_t cr_hw_id;	/* the whole word: revision 23:16, hw_id 15:0 */
	bool has_cr_hw_id;
};
void dev_probe_identity(struct dev *d, struct dev_identity *id);

/*
 * Is the kernel's mlx5_core bound to it? Then the tracer is the kernel's,
 * and the gateway is shared with a driver whose lock (mlx5_vsc_gw_lock)
 * blocks user config access while it waits for the semaphore: if prmctl
 * holds it then, prmctl cannot release it and the driver's crdump or
 * reset lock fails with EBUSY after its 2048 retries. Routine reads avoid
 * the gateway there (registers through fwctl); cr reads leave it free most
 * of the time (vsec.h).
 */
bool dev_mlx5_core_bound(const struct dev *d);

/* The device's config space (the gateway needs it); opened on first use. */
struct cfg_port;
struct vsec;
struct icmd;
int dev_cfg(struct dev *d, struct cfg_port **out, struct prm_err *err);
int dev_vsec(struct dev *d, struct vsec **out, struct prm_err *err);
int dev_icmd(struct dev *d, struct icmd **out, struct prm_err *err);

/*
 * The PRM command queue, brought up on first use and torn down by
 * dev_close(): on the simulator in this process, a simulator service, or a
 * function bound to vfio-pci (--access vfio). Commands should go
 * through dev_cmd_exec (lib/dev/cmdchan.h), which picks the carrier.
 */
struct cmdq;
struct dma_provider;
int dev_cmdq(struct dev *d, struct cmdq **out, struct prm_err *err);

/*
 * The firmware's page requests answered: an event queue for them (polled,
 * no interrupt) whose entries the command queue reads before each command
 * and while one waits (cmdq_on_wait), giving or taking pages. dev_cmdq()
 * sets it up on a function it runs itself (--access vfio): the simulator
 * asks for pages only when told to (page-request).
 */
int dev_page_events(struct dev *d, struct prm_err *err);
/* Their event queue destroyed, before the command queue's teardown. */
void dev_page_events_stop(struct dev *d);

/*
 * Changing device state needs --write on real hardware; the simulator and
 * its services allow it. Returns 0 or fills err (PRM_E_USAGE).
 */
int dev_check_write(const struct dev *d, bool write, const char *what,
		    struct prm_err *err);

/* Backends (one file each). They fill d->ops, d->priv, d->bar_size. */
int dev_image_open(struct dev *d, const char *file, struct prm_err *err);
int dev_bar_open(struct dev *d, struct prm_err *err);
/* A function bound to vfio-pci: BAR0, config space and DMA through VFIO. */
int dev_vfio_open(struct dev *d, struct prm_err *err);
int dev_sim_open(struct dev *d, const char *name, const struct dev_open_opts *o,
		 struct prm_err *err);
int dev_simsvc_open(struct dev *d, const char *name, struct prm_err *err);

#endif
