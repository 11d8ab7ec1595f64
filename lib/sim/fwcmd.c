// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The command interface of the simulated firmware: a thread that answers
 * the doorbell, reads queue entries and mailbox chains from host memory,
 * checks them as the PRM says (delivery status), runs the command and
 * writes the output back, then hands the entry back to software.
 */
#include <errno.h>
#include <linux/futex.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "lib/prm/layouts/layouts.h"
#include "lib/prm/opcodes.h"
#include "lib/sim/internal.h"
#include "lib/sim/fwcmd.h"

#define ENTRY_BYTES 64
#define BLOCK_BYTES 576
#define BLOCK_DATA 512
#define INLINE_BYTES 16
#define BLOCK_ALIGN 1024	/* the driver's mailbox pool alignment */
#define MAX_MSG (1u << 20)	/* no command message is larger */
/*
 * The doorbell: a ring wakes the command thread through a futex, with no
 * lock between them. After serving a ring the thread keeps looking at the
 * doorbell word for a short while, as firmware polls its queue: a host
 * that sends its next command within that time finds the firmware awake
 * (a sleeping thread's wake-up is most of a round trip, on a VM above all).
 * Then it sleeps, waking now and then to look at the word for hosts that
 * store to BAR0 from other processes (the FUSE resource0) without a call.
 */
#define POLL_AFTER_NS 50000ull	/* awake this long after the last ring served */
#define NAP_RECENT_NS 100000L	/* asleep, the word looked at this often at first */
#define NAP_IDLE_NS 2000000L	/* and after 1000 naps with no ring */

/* delivery status (device.h MLX5_CMD_DELIVERY_STAT_*) */
enum { DS_OK = 0, DS_SIGNAT = 1, DS_TOKEN = 2, DS_BLOCK_NUM = 3, DS_OUT_ALIGN = 4,
       DS_IN_ALIGN = 5, DS_FW = 6, DS_IN_LEN = 7, DS_OUT_LEN = 8, DS_DESCR = 0x10 };

uint8_t *sim_dma(struct sim_adapter *a, uint64_t iova, size_t len)
{
	if (a->dma_external)
		return sim_dma_external(a, iova, len);
	if (iova < SIM_HOSTMEM_IOVA || len > a->hostmem_size ||
	    iova - SIM_HOSTMEM_IOVA > a->hostmem_size - len)
		return NULL;
	return a->hostmem + (iova - SIM_HOSTMEM_IOVA);
}

/* Walk a mailbox chain from ptr for len bytes; copy in or out. */
static int chain(struct sim_adapter *a, uint64_t ptr, uint8_t token, uint8_t *buf,
		 size_t len, bool to_host, bool in)
{
	const struct prm_layout *bl = &prm_layout_cmd_mailbox_block;

	for (uint32_t n = 0; len; n++) {
		uint8_t *b;
		size_t take = len < BLOCK_DATA ? len : BLOCK_DATA;

		if (ptr % BLOCK_ALIGN)
			return in ? DS_IN_ALIGN : DS_OUT_ALIGN;
		b = sim_dma(a, ptr, BLOCK_BYTES);
		if (!b)
			return DS_FW;
		if (PRM_GET(cmd_mailbox_block, b, prm_layout_bytes(bl), "block_num") != n)
			return DS_BLOCK_NUM;
		if (PRM_GET(cmd_mailbox_block, b, prm_layout_bytes(bl), "token") != token)
			return DS_TOKEN;
		/* signatures are checked only when the host writes them */
		if (in && PRM_GET(cmd_mailbox_block, b, prm_layout_bytes(bl), "ctrl_sig") &&
		    (prm_xor8(b + BLOCK_DATA, 63) != 0xff || prm_xor8(b, BLOCK_BYTES) != 0xff))
			return DS_SIGNAT;
		if (to_host)
			memcpy(b, buf, take);
		else
			memcpy(buf, b, take);
		buf += take;
		len -= take;
		ptr = PRM_GET(cmd_mailbox_block, b, prm_layout_bytes(bl), "next");
		if (len && !ptr)
			return in ? DS_IN_LEN : DS_OUT_LEN;
	}
	return DS_OK;
}

/* cmd-slow: the command takes ms longer; stopping the adapter ends the wait. */
static void linger(struct sim_adapter *a, uint32_t ms)
{
	struct timespec until;

	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += ms / 1000;
	until.tv_nsec += (long)(ms % 1000) * 1000000L;
	if (until.tv_nsec >= 1000000000L) {
		until.tv_sec++;
		until.tv_nsec -= 1000000000L;
	}
	pthread_mutex_lock(&a->lock);
	while (!a->stop && pthread_cond_timedwait(&a->doorbell_cv, &a->lock, &until) != ETIMEDOUT)
		;
	pthread_mutex_unlock(&a->lock);
}

static void record(struct sim_adapter *a, const uint8_t *e, const uint8_t *out, uint8_t ds,
		   uint64_t t0)
{
	struct sim_cmd_record r = {
		.opcode = (uint16_t)(e[0x10] << 8 | e[0x11]),
		.op_mod = (uint16_t)(e[0x16] << 8 | e[0x17]),
		.delivery = ds,
		.latency_us = (uint32_t)((sim_now_ns() - t0) / 1000),
	};

	/* access_register_in.register_id: input bytes 0xa-0xb, inline in the entry */
	if (r.opcode == MLX5_CMD_OP_ACCESS_REG)
		r.register_id = (uint16_t)(e[0x1a] << 8 | e[0x1b]);

	if (out && ds == DS_OK) {
		r.status = out[0];
		r.syndrome = (uint32_t)out[4] << 24 | (uint32_t)out[5] << 16 | (uint32_t)out[6] << 8 | out[7];
	}
	pthread_mutex_lock(&a->lock);
	a->cmdlog[a->ncmdlog++ % SIM_CMDLOG] = r;
	pthread_mutex_unlock(&a->lock);
}

bool sim_cmdlog_get(struct sim_adapter *a, uint64_t i, struct sim_cmd_record *r, uint64_t *n)
{
	uint64_t first;
	bool ok;

	pthread_mutex_lock(&a->lock);
	first = a->ncmdlog > SIM_CMDLOG ? a->ncmdlog - SIM_CMDLOG : 0;
	*n = a->ncmdlog - first;
	ok = i < *n;
	if (ok)
		*r = a->cmdlog[(first + i) % SIM_CMDLOG];
	pthread_mutex_unlock(&a->lock);
	return ok;
}

void sim_activity(struct sim_adapter *a, struct sim_activity *out)
{
	pthread_mutex_lock(&a->lock);
	out->commands = a->commands;
	out->unsupported = a->unsupported;
	out->pages = (uint64_t)(a->pages_held > 0 ? a->pages_held : 0);
	out->eq = a->eq_stats;
	/* as a reader finds it: sem-held shows a holder that never lets go */
	out->gateway_semaphore = a->faults[SIM_FAULT_SEM_HELD] && !a->vsc.semaphore ?
				 a->fault_sem_ticket : a->vsc.semaphore;
	out->semaphores_held = a->icmd.semaphore != 0;
	for (size_t i = 0; i < sizeof(a->icmd.other_sems) / sizeof(a->icmd.other_sems[0]); i++)
		out->semaphores_held += a->icmd.other_sems[i] != 0;
	pthread_mutex_unlock(&a->lock);
}

/* Runs one entry; false when it never completes (cmd-hang). */
static bool run_entry(struct sim_adapter *a, uint8_t *e)
{
	const struct prm_layout *el = &prm_layout_cmdq_entry;
	uint32_t inlen = (uint32_t)PRM_GET(cmdq_entry, e, prm_layout_bytes(el), "inlen"), outlen = (uint32_t)PRM_GET(cmdq_entry, e, prm_layout_bytes(el), "outlen");
	uint8_t token = (uint8_t)PRM_GET(cmdq_entry, e, prm_layout_bytes(el), "token"), ds = DS_OK;
	uint8_t *in = NULL, *out = NULL;
	uint64_t t0 = sim_now_ns();
	uint16_t opcode = (uint16_t)(e[0x10] << 8 | e[0x11]);
	bool bad_sig, hang;
	uint32_t slow_ms;

	pthread_mutex_lock(&a->lock);
	bad_sig = a->faults[SIM_FAULT_CMD_BAD_SIGNATURE];
	hang = a->faults[SIM_FAULT_CMD_HANG] && a->fault_hang_op == opcode;
	slow_ms = a->faults[SIM_FAULT_CMD_SLOW] && a->fault_slow_op == opcode ? a->fault_slow_ms : 0;
	pthread_mutex_unlock(&a->lock);
	if (hang)
		return false;	/* never completed: the entry stays the device's */
	if (slow_ms)
		linger(a, slow_ms);
	if (PRM_GET(cmdq_entry, e, prm_layout_bytes(el), "type") != 7)
		ds = DS_DESCR;
	else if (inlen < 8 || inlen > MAX_MSG)
		ds = DS_IN_LEN;
	else if (outlen < 8 || outlen > MAX_MSG)
		ds = DS_OUT_LEN;
	else if (bad_sig ||
		 (PRM_GET(cmdq_entry, e, prm_layout_bytes(el), "sig") && prm_xor8(e, ENTRY_BYTES) != 0xff))
		ds = DS_SIGNAT;
	if (ds == DS_OK) {
		in = calloc(1, inlen < INLINE_BYTES ? INLINE_BYTES : inlen);
		out = calloc(1, outlen < INLINE_BYTES ? INLINE_BYTES : outlen);
		if (!in || !out)
			ds = DS_FW;
	}
	if (ds == DS_OK) {
		memcpy(in, e + 0x10, INLINE_BYTES);
		if (inlen > INLINE_BYTES)
			ds = chain(a, PRM_GET(cmdq_entry, e, prm_layout_bytes(el), "in_ptr"), token, in + INLINE_BYTES,
				   inlen - INLINE_BYTES, false, true);
	}
	if (ds == DS_OK) {
		pthread_mutex_lock(&a->lock);
		sim_fw_execute(a, in, inlen, out, outlen);
		a->commands++;
		pthread_mutex_unlock(&a->lock);
		memcpy(e + 0x20, out, INLINE_BYTES);
		if (outlen > INLINE_BYTES)
			ds = chain(a, PRM_GET(cmdq_entry, e, prm_layout_bytes(el), "out_ptr"), token, out + INLINE_BYTES,
				   outlen - INLINE_BYTES, true, false);
	}
	record(a, e, ds == DS_OK ? e + 0x20 : NULL, ds, t0);
	free(in);
	free(out);
	__atomic_add_fetch(&a->fw_ns, sim_now_ns() - t0, __ATOMIC_RELAXED);
	/* delivery status, then ownership back to software, in one store */
	__atomic_store_n(&e[0x3f], (uint8_t)(ds << 1), __ATOMIC_RELEASE);
	return true;
}

/* The doorbell word, taken in one go so no ring is lost. */
static uint32_t take_doorbell(struct sim_adapter *a)
{
	uint32_t *db = (uint32_t *)(void *)(a->bar0 + 0x18), v;

	v = __atomic_exchange_n(db, 0, __ATOMIC_ACQ_REL);
	return __builtin_bswap32(v);	/* BAR0 words are big-endian */
}

static void serve_slots(struct sim_adapter *a, uint32_t bits)
{
	uint64_t base = sim_bar_get(a, "cmdq_phy_addr_63_32") << 32 |
			sim_bar_get(a, "cmdq_phy_addr_31_12") << 12;
	unsigned stride = 1u << sim_bar_get(a, "log_cmdq_stride");

	for (unsigned slot = 0; slot < 32; slot++) {
		uint8_t *e;

		if (!(bits & (1u << slot)))
			continue;
		e = sim_dma(a, base + (uint64_t)slot * stride, ENTRY_BYTES);
		if (e && (e[0x3f] & 1) && run_entry(a, e)) {
			/* after ownership went back: the driver's handler reads the entry */
			pthread_mutex_lock(&a->lock);
			if (sim_eq_cmd_done(a, slot))
				a->cmdlog[(a->ncmdlog - 1) % SIM_CMDLOG].event = true;
			pthread_mutex_unlock(&a->lock);
		}
	}
}

static bool stopping(struct sim_adapter *a)
{
	return __atomic_load_n(&a->stop, __ATOMIC_ACQUIRE);
}

static void *command_thread(void *arg)
{
	struct sim_adapter *a = arg;
	uint64_t served = 0;	/* when a ring was last served */
	unsigned idle = 0;

	while (!stopping(a)) {
		/* read before the word: a ring after it changes the number */
		uint32_t seq = __atomic_load_n(&a->doorbell_seq, __ATOMIC_SEQ_CST);
		uint32_t bits = a->faults[SIM_FAULT_DEVICE_GONE] ? 0 : take_doorbell(a);
		struct timespec nap = { 0, idle < 1000 ? NAP_RECENT_NS : NAP_IDLE_NS };

		if (bits) {
			serve_slots(a, bits);
			served = sim_now_ns();
			idle = 0;
			continue;
		}
		if (sim_now_ns() - served < POLL_AFTER_NS) {
			sched_yield();	/* a host on this CPU runs first */
			continue;
		}
		/* say we sleep, then look again: a ring either sees the flag
		 * and wakes us, or changed the number the futex compares */
		__atomic_store_n(&a->doorbell_sleeping, 1, __ATOMIC_SEQ_CST);
		if (__atomic_load_n(&a->doorbell_seq, __ATOMIC_SEQ_CST) == seq && !stopping(a))
			syscall(SYS_futex, &a->doorbell_seq, FUTEX_WAIT_PRIVATE, seq, &nap, NULL, 0);
		__atomic_store_n(&a->doorbell_sleeping, 0, __ATOMIC_SEQ_CST);
		idle++;
	}
	return NULL;
}

/* Every ring, and the stop: the number moves, a sleeper is woken. */
static void doorbell_kick(struct sim_adapter *a, bool always)
{
	__atomic_add_fetch(&a->doorbell_seq, 1, __ATOMIC_SEQ_CST);
	if (always || __atomic_load_n(&a->doorbell_sleeping, __ATOMIC_SEQ_CST))
		syscall(SYS_futex, &a->doorbell_seq, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}

void sim_doorbell(struct sim_adapter *a)
{
	doorbell_kick(a, false);
}

int sim_fwcmd_start(struct sim_adapter *a, struct prm_err *err)
{
	a->hostmem_size = SIM_HOSTMEM_BYTES;
	if (!a->hostmem) {
		a->hostmem = calloc(1, a->hostmem_size);
		if (!a->hostmem)
			return prm_err_set(err, PRM_E_FAILED, ENOMEM, "oom", "out of memory");
		a->hostmem_owned = true;
	}
	pthread_cond_init(&a->doorbell_cv, NULL);
	if (pthread_create(&a->cmd_thread, NULL, command_thread, a))
		return prm_err_set(err, PRM_E_FAILED, errno, "thread",
				   "cannot start the simulated command interface");
	a->cmd_thread_running = true;
	return 0;
}

void sim_fwcmd_stop(struct sim_adapter *a)
{
	if (!a->hostmem_size)
		return;		/* never started */
	if (a->cmd_thread_running) {
		pthread_mutex_lock(&a->lock);
		__atomic_store_n(&a->stop, true, __ATOMIC_RELEASE);
		pthread_cond_signal(&a->doorbell_cv);	/* a cmd-slow wait */
		pthread_mutex_unlock(&a->lock);
		doorbell_kick(a, true);
		pthread_join(a->cmd_thread, NULL);
		a->cmd_thread_running = false;
	}
	pthread_cond_destroy(&a->doorbell_cv);
	if (a->hostmem_owned)
		free(a->hostmem);
	a->hostmem = NULL;
}
