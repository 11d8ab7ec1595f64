/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_OPS_TRACER_H
#define PRMCTL_OPS_TRACER_H

/*
 * The firmware tracer of a device: its registers (MTRC_CAP, MTRC_CONF,
 * MTRC_CTRL through whatever carries registers), the ownership protocol,
 * the strings database (MTRC_STDB), and a ring in host memory the device
 * writes through a memory key, read block by block as blocks complete.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/dev/dma.h"
#include "lib/prm/tracecap.h"
#include "lib/util/err.h"

struct dev;

#define TRACER_CAP_BYTES 128

struct tracer_state {
	uint8_t cap_raw[TRACER_CAP_BYTES];
	struct tracecap cap;
	unsigned trace_mode, log_trace_buffer_size;
	uint32_t trace_mkey;
	unsigned trace_status;
	bool arm_event;
	uint64_t current_timestamp;
};

int tracer_read_state(struct dev *d, struct tracer_state *st, struct prm_err *err);

/*
 * Who holds the tracer, as far as this host can tell. MTRC_CAP's owner bit
 * is the function's, the same for every agent on it: beside a bound
 * mlx5_core it is the kernel's fw tracer, which takes it at probe and keeps
 * it while loaded. "kernel", "this_function" (a tool on this host: trace
 * own, a capture killed with SIGKILL, mstfwtrace), "another_function"
 * (running, not ours), or NULL (nobody: stopped and not ours).
 */
const char *tracer_owned_by(const struct dev *d, const struct tracer_state *st);
/* The kernel's trace event for them (tracefs SYSTEM/NAME), and how a user
 * gets them: one sentence, for messages. */
#define TRACER_KERNEL_EVENT "mlx5/mlx5_fw"
#define TRACER_KERNEL_HOWTO \
	"the kernel's traces are the mlx5:mlx5_fw trace event: 'prmctl -d %s trace kernel " \
	"--write --duration 10s' (or echo 1 > /sys/kernel/tracing/events/mlx5/mlx5_fw/enable " \
	"and read trace_pipe there)"

/*
 * Ask for ownership and read it back, up to tries times interval_ms apart
 * (the owner may be releasing it). *granted says how it ended.
 */
int tracer_own(struct dev *d, unsigned tries, unsigned interval_ms, bool *granted,
	       struct prm_err *err);
/*
 * Not granted: wait up to wait_ms for the owner to let go, asking again at
 * each DEVICE_TRACER ownership-change event (an event queue when the command
 * queue can make one, else every 100 ms), and once a second regardless.
 * *events counts the events seen; *evq says whether there was a queue.
 */
int tracer_own_wait(struct dev *d, unsigned wait_ms, bool *granted, unsigned *events,
		    bool *evq, struct prm_err *err);
int tracer_release(struct dev *d, struct prm_err *err);
/* Does the device say we own it? */
int tracer_is_owner(struct dev *d, bool *owner, struct prm_err *err);

/* Every strings section into malloc'd sec[i] of cap->size[i] bytes (NULL when 0). */
int tracer_read_strings(struct dev *d, const struct tracecap *cap,
			uint8_t *sec[TRACECAP_SECTIONS], struct prm_err *err);

/* MTRC_CONF: memory mode, 4 KiB << log_size bytes, through mkey. */
int tracer_configure(struct dev *d, unsigned log_size, uint32_t mkey, struct prm_err *err);
/* MTRC_CTRL: start or stop logging (and arm one TRACES_AVAILABLE event). */
int tracer_set_status(struct dev *d, bool on, bool arm, struct prm_err *err);

/*
 * Why a ring of this many bytes cannot be the tracer's buffer on a device
 * with these capabilities (seed 000 §3.2), or NULL; *log_size is what
 * MTRC_CONF takes for it.
 */
const char *tracer_ring_size_problem(const struct tracecap *cap, uint64_t bytes,
				     unsigned *log_size);

/* The host side of a ring: memory, its protection domain and key. */
struct tracer_ring {
	struct dma_buf mem;
	uint32_t pd, mkey;
	bool has_pd, has_mkey;
	uint64_t nblocks;
	uint64_t ci;		/* blocks consumed */
	uint64_t last_ts;	/* closing time of the last one */
	bool have_last;
};

/* Zeroed memory, ALLOC_PD, CREATE_MKEY (direct MTT, local write, no UMR). */
int tracer_ring_create(struct dev *d, unsigned log_size, struct tracer_ring *r,
		       struct prm_err *err);
/* DESTROY_MKEY, DEALLOC_PD, the memory back; the first failure is reported. */
int tracer_ring_destroy(struct dev *d, struct tracer_ring *r, struct prm_err *err);
/* Zero the memory and read from block 0 again (the device restarts there). */
void tracer_ring_rewind(struct tracer_ring *r);

/*
 * The blocks completed since the last call, copied into out (max blocks),
 * first = the consumer index of out[0]. *overrun: the device wrote over
 * blocks before they were read; reading went on from the oldest block left.
 * Returns how many blocks were copied.
 */
size_t tracer_ring_poll(struct tracer_ring *r, uint8_t *out, size_t max, uint64_t *first,
			bool *overrun);

#endif
