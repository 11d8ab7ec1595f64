// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* The simulated adapter: creation, BAR0 after power-up, the firmware thread. */
#include "lib/sim/adapter.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lib/prm/layouts/layouts.h"
#include "lib/sim/fwcmd.h"
#include "lib/sim/internal.h"
#include "lib/sim/tracer.h"
#include "lib/util/match.h"

/* The PRM: the firmware advances the health counter every 10 ms. */
#define SIM_TICK_NS 10000000ull

uint64_t sim_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

void sim_bar_set(struct sim_adapter *a, const char *path, uint64_t val)
{
	struct prm_loc loc;
	uint8_t word[8];
	uint32_t first, nbytes;

	if (prm_path_resolve(&prm_layout_initseg, path, &loc, NULL))
		return;
	first = loc.off / 32 * 4;
	nbytes = loc.width > 32 ? 8 : 4;
	memcpy(word, a->bar0 + first, nbytes);
	if (prm_bits_set(word, nbytes, loc.off - first * 8, loc.width, val))
		return;
	for (uint32_t i = 0; i < nbytes; i += 4) {
		uint32_t w;

		memcpy(&w, word + i, 4);
		__atomic_store_n((uint32_t *)(void *)(a->bar0 + first + i), w,
				 __ATOMIC_RELEASE);
	}
}

/*
 * The driver's recovery after a fatal error (mlx5_error_sw_reset ->
 * reset_fw_if_needed) writes nic_interface SW_RESET (7): the firmware resets
 * the function, an assert does not survive that (the health buffer is
 * cleared), and nic_interface reads DISABLED (1) until a driver writes the
 * command queue's address again, which the driver waits for before it loads.
 */
#define NIC_IFC_DISABLED 1
#define NIC_IFC_SW_RESET 7

static void sw_reset(struct sim_adapter *a)
{
	struct prm_err err = { 0 };

	if (a->faults[SIM_FAULT_FW_ASSERT])
		sim_fault_clear(a, "fw-assert", &err);
	sim_adapter_reset(a);
	sim_bar_set(a, "nic_interface", NIC_IFC_DISABLED);
}

void sim_bar_host_write(struct sim_adapter *a, uint32_t off, uint32_t raw)
{
	if (off % 4 || off > a->bar_size - 4)
		return;		/* beyond what the simulator backs: dropped, as by a BAR */
	if (off == 0x14)	/* log_cmdq_size and _stride (bits 7:0) are read-only */
		((uint8_t *)&raw)[3] = a->bar0[0x17];
	if (off == 0x14 && (((uint8_t *)&raw)[2] & 7) == NIC_IFC_SW_RESET) {
		sw_reset(a);
		return;
	}
	if (off == 0x18) {
		/* rings for other slots may still be pending: they add up, as on the device */
		__atomic_fetch_or((uint32_t *)(void *)(a->bar0 + off), raw, __ATOMIC_ACQ_REL);
		sim_doorbell(a);
		return;
	}
	__atomic_store_n((uint32_t *)(void *)(a->bar0 + off), raw, __ATOMIC_RELEASE);
	if ((off % SIM_UAR_BYTES == SIM_EQ_ARM || off % SIM_UAR_BYTES == SIM_EQ_UPDATE_CI) &&
		 off / SIM_UAR_BYTES < 32 && a->uars & 1u << (off / SIM_UAR_BYTES))
		sim_eq_doorbell(a, off / SIM_UAR_BYTES, __builtin_bswap32(raw),
				off % SIM_UAR_BYTES == SIM_EQ_ARM);
}

uint64_t sim_bar_get(struct sim_adapter *a, const char *path)
{
	uint64_t v = 0;

	prm_get(&prm_layout_initseg, a->bar0, a->bar_size, path, &v, NULL);
	return v;
}

static void power_up(struct sim_adapter *a)
{
	const struct sim_model *m = a->model;

	memset(a->bar0, 0, a->bar_size);
	sim_bar_set(a, "fw_rev_major", m->fw_major);
	sim_bar_set(a, "fw_rev_minor", m->fw_minor);
	sim_bar_set(a, "fw_rev_subminor", m->fw_subminor);
	sim_bar_set(a, "cmd_interface_rev", 5);
	sim_bar_set(a, "log_cmdq_size", 5);	/* 32 entries */
	sim_bar_set(a, "log_cmdq_stride", 6);	/* of 64 bytes */
	sim_bar_set(a, "nic_interface", 0);
	sim_bar_set(a, "fw_reset_supported", 1);
	sim_bar_set(a, "health_buffer.hw_id", m->hw_id);
	sim_bar_set(a, "cmd_exec_to", (1u << 29) | 60);	/* 60 s */
	sim_bar_set(a, "cmd_q_init_to", (1u << 29) | 120);	/* 120 s */
	sim_bar_set(a, "initializing", a->boot_ms ? 1 : 0);
}

void sim_fw_tick(struct sim_adapter *a, uint64_t now_ns)
{
	struct timespec rt;
	uint64_t up;

	pthread_mutex_lock(&a->lock);
	if (a->faults[SIM_FAULT_DEVICE_GONE]) {
		pthread_mutex_unlock(&a->lock);
		return;
	}
	up = now_ns - a->start_ns;
	/* read-only to the host, whatever a host wrote over the word */
	sim_bar_set(a, "log_cmdq_size", 5);
	sim_bar_set(a, "log_cmdq_stride", 6);
	if (sim_bar_get(a, "initializing") && up >= (uint64_t)a->boot_ms * 1000000ull)
		sim_bar_set(a, "initializing", 0);
	if (!a->faults[SIM_FAULT_HEALTH_STALL]) {
		a->health_counter = (a->health_counter + 1) & 0xffffff;
		sim_bar_set(a, "health_counter", a->health_counter);
	}
	/* a free-running device clock in ns, and the real-time clock */
	sim_bar_set(a, "internal_timer_h", up >> 32);
	sim_bar_set(a, "internal_timer_l", up & 0xffffffffu);
	clock_gettime(CLOCK_REALTIME, &rt);
	sim_bar_set(a, "real_time_h", (uint64_t)rt.tv_sec & 0xffffffffu);
	sim_bar_set(a, "real_time_l", (uint64_t)rt.tv_nsec);
	sim_tracer_tick(a, now_ns);
	sim_funcs_tick(a);
	sim_dct_tick(a);
	pthread_mutex_unlock(&a->lock);
}

static void *firmware(void *arg)
{
	struct sim_adapter *a = arg;
	uint64_t next = sim_now_ns();

	for (;;) {
		struct timespec ts;
		bool stop;

		pthread_mutex_lock(&a->lock);
		stop = a->stop;
		pthread_mutex_unlock(&a->lock);
		if (stop)
			break;
		sim_fw_tick(a, sim_now_ns());
		/* keep the 10 ms period even when a tick runs late */
		next += SIM_TICK_NS;
		ts.tv_sec = (time_t)(next / 1000000000ull);
		ts.tv_nsec = (long)(next % 1000000000ull);
		while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
			;
	}
	return NULL;
}

void sim_config_init(struct sim_adapter *a);

int sim_adapter_create(const struct sim_opts *o, struct sim_adapter **out,
		       struct prm_err *err)
{
	const char *key = o && o->model ? o->model : "cx7";
	const struct sim_model *m = sim_model_find(key);
	struct sim_adapter *a;

	*out = NULL;
	if (!m) {
		struct match_set s = { sim_models, 0, sizeof(sim_models[0]) };
		char hint[64];

		while (sim_models[s.n].key)
			s.n++;
		return prm_err_set(err, PRM_E_USAGE, EINVAL, "bad_model",
				   "unknown simulated model '%s'%s (cx5, cx6dx, cx7)", key,
				   match_hint(&s, key, hint, sizeof(hint)));
	}
	a = calloc(1, sizeof(*a));
	if (!a)
		return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
	a->model = m;
	a->bar_size = SIM_BAR0_BYTES;
	a->boot_ms = o ? o->boot_ms : 0;
	if (o && o->bar0) {
		a->bar0 = o->bar0;
	} else {
		a->bar0 = calloc(1, SIM_BAR0_BYTES);
		a->bar0_owned = true;
	}
	if (!a->bar0) {
		free(a);
		return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
	}
	a->hostmem = o ? o->hostmem : NULL;
	a->next_eqn = SIM_FIRST_EQN;
	pthread_mutex_init(&a->lock, NULL);
	pthread_mutex_init(&a->dma_lock, NULL);
	pthread_mutex_init(&a->irq_lock, NULL);
	for (size_t i = 0; i < SIM_MSIX_MAX; i++)
		a->msix_fd[i] = -1;
	a->start_ns = sim_now_ns();
	power_up(a);
	sim_funcs_init(a);
	sim_config_init(a);
	if (sim_regs_init(a, err) || sim_thermal_init(a) || sim_tracer_init(a) || sim_mkey_init(a)) {
		if (!err->msg[0])
			prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
		sim_adapter_destroy(a);
		return -1;
	}
	if (!(o && o->no_thread) && sim_fwcmd_start(a, err)) {
		sim_adapter_destroy(a);
		return -1;
	}
	sim_fw_tick(a, a->start_ns);
	if (!(o && o->no_thread)) {
		if (pthread_create(&a->thread, NULL, firmware, a)) {
			sim_adapter_destroy(a);
			return prm_err_set(err, PRM_E_FAILED, errno, "thread",
					   "cannot start the simulated firmware thread");
		}
		a->thread_running = true;
	}
	*out = a;
	return 0;
}

void sim_adapter_reset(struct sim_adapter *a)
{
	pthread_mutex_lock(&a->lock);
	a->hca_state = SIM_HCA_DISABLED;
	a->pages_held = 0;
	a->issi = 0;
	sim_eq_reset(a);
	a->ncap_set = 0;
	a->uars = 0;
	a->uctxs = 0;
	sim_tracer_reset(a);
	sim_mkey_reset(a);
	sim_dct_reset(a);
	sim_qp_reset(a);
	/* the command queue's address and any pending ring are forgotten */
	sim_bar_set(a, "cmdq_phy_addr_63_32", 0);
	sim_bar_set(a, "cmdq_phy_addr_31_12", 0);
	__atomic_store_n((uint32_t *)(void *)(a->bar0 + 0x18), 0, __ATOMIC_RELEASE);
	pthread_mutex_unlock(&a->lock);
}

void sim_adapter_destroy(struct sim_adapter *a)
{
	if (!a)
		return;
	if (a->thread_running) {
		pthread_mutex_lock(&a->lock);
		__atomic_store_n(&a->stop, true, __ATOMIC_RELEASE);	/* the command thread reads it unlocked */
		pthread_mutex_unlock(&a->lock);
		pthread_join(a->thread, NULL);
	}
	sim_fwcmd_stop(a);
	sim_regs_free(a);
	sim_thermal_free(a);
	sim_tracer_free(a);
	sim_mkey_free(a);
	sim_eq_reset(a);
	sim_dma_unmap_all(a);	/* no thread is left to use them */
	sim_msix_clear(a);
	free(a->gone_shadow);
	pthread_mutex_destroy(&a->dma_lock);
	pthread_mutex_destroy(&a->irq_lock);
	pthread_mutex_destroy(&a->lock);
	if (a->bar0_owned)
		free(a->bar0);
	free(a);
}
