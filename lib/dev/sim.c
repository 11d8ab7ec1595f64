// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* -d sim: the simulated adapter, in this process, behind the BAR0 path. */
#include <errno.h>
#include <string.h>

#include "lib/dev/dev.h"
#include "lib/prm/models.h"
#include "lib/sim/adapter.h"

#define SIM_DEFAULT_MODEL "cx7"

static int sim_read(struct dev *d, uint32_t off, void *buf, size_t len,
		    struct prm_err *err)
{
	struct sim_adapter *a = d->priv;

	(void)err;
	memcpy(buf, a->bar0 + off, len);
	return 0;
}

static void sim_close(struct dev *d)
{
	sim_adapter_destroy(d->priv);
	d->priv = NULL;
}

static const struct dev_ops sim_ops = {
	.bar_read = sim_read,
	.close = sim_close,
};

int dev_sim_open(struct dev *d, const char *name, struct prm_err *err)
{
	struct sim_adapter *a;
	const struct prm_model *m;

	if (name && *name)
		return prm_err_set(err, PRM_E_NODEV, ENOENT, "not_found",
				   "sim:%s: no running simulator by that name", name);
	if (sim_adapter_create(SIM_DEFAULT_MODEL, &a, err))
		return -1;
	m = prm_model_by_device_id(a->model->device_id);
	d->priv = a;
	d->ops = &sim_ops;
	d->bar_size = a->bar_size;
	d->access = "sim";
	d->model = m ? m->name : NULL;
	d->source = "in-process";
	d->info.vendor_id = PRM_PCI_VENDOR_MELLANOX;
	d->info.device_id = a->model->device_id;
	return 0;
}
