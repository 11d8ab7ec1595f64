// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * -d sim: the simulated adapter in this process. Below the config-dword and
 * BAR-word line the adapter's own memory and config model; above it the
 * same gateway, ICMD and BAR code as for hardware.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lib/dev/cfg.h"
#include "lib/dev/dev.h"
#include "lib/dev/dma.h"
#include "lib/prm/models.h"
#include "lib/sim/seam.h"

static int sim_read(struct dev *d, uint32_t off, void *buf, size_t len,
		    struct prm_err *err)
{
	(void)err;
	memcpy(buf, d->sim->bar0 + off, len);
	return 0;
}

/* A store into BAR0; the doorbell also wakes the firmware at once. */
static int sim_write(struct dev *d, uint32_t off, const void *buf, size_t len,
		     struct prm_err *err)
{
	(void)err;
	for (size_t i = 0; i < len; i += 4) {
		uint32_t w;

		memcpy(&w, (const uint8_t *)buf + i, 4);
		sim_bar_host_write(d->sim, off + (uint32_t)i, w);
	}
	return 0;
}

static struct dma_provider *sim_dma_open(struct dev *d, struct prm_err *err)
{
	return dma_open_region(d->sim->hostmem, SIM_HOSTMEM_IOVA, d->sim->hostmem_size, err);
}

static void sim_close(struct dev *d)
{
	sim_adapter_destroy(d->sim);
	d->sim = NULL;
}

static const struct dev_ops sim_ops = {
	.bar_read = sim_read,
	.bar_write = sim_write,
	.dma_open = sim_dma_open,
	.close = sim_close,
};

struct sim_port {
	struct cfg_port port;
	struct sim_adapter *a;
};

static int cfg_rd(struct cfg_port *p, uint32_t off, uint32_t *val, struct prm_err *err)
{
	(void)err;
	*val = sim_cfg_read32(((struct sim_port *)p)->a, off);
	return 0;
}

static int cfg_wr(struct cfg_port *p, uint32_t off, uint32_t val, struct prm_err *err)
{
	(void)err;
	sim_cfg_write32(((struct sim_port *)p)->a, off, val);
	return 0;
}

static void cfg_close(struct cfg_port *p)
{
	free(p);
}

static int inject_all(struct sim_adapter *a, const char *list, struct prm_err *err)
{
	char *copy = strdup(list), *save = NULL, *tok;
	int rc = 0;

	if (!copy)
		return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
	/* "fw-assert:synd=1,ext_synd=2;device-gone": faults split on ';' */
	for (tok = strtok_r(copy, ";", &save); tok && !rc; tok = strtok_r(NULL, ";", &save))
		rc = sim_fault_inject(a, tok, err);
	free(copy);
	return rc;
}

int dev_sim_open(struct dev *d, const char *name, const struct dev_open_opts *o,
		 struct prm_err *err)
{
	struct sim_opts so = { .model = o->sim_model };
	const struct prm_model *m;
	struct sim_port *port;

	if (name && *name)
		return dev_simsvc_open(d, name, err);
	if (sim_adapter_create(&so, &d->sim, err))
		return -1;
	d->ops = &sim_ops;	/* from here dev_close frees the adapter */
	if (o->sim_inject && inject_all(d->sim, o->sim_inject, err))
		return -1;
	port = calloc(1, sizeof(*port));
	if (!port)
		return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
	port->a = d->sim;
	port->port.read32 = cfg_rd;
	port->port.write32 = cfg_wr;
	port->port.close = cfg_close;
	port->port.label = d->label;
	d->cfg = &port->port;
	m = prm_model_by_device_id(d->sim->model->device_id);
	d->bar_size = d->sim->bar_size;
	d->access = "sim";
	d->model = m ? m->name : NULL;
	d->source = "in-process";
	d->info.vendor_id = PRM_PCI_VENDOR_MELLANOX;
	d->info.device_id = d->sim->model->device_id;
	return 0;
}
