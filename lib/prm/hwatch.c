// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/prm/hwatch.h"

#include <string.h>

static const char *const names[] = {
	[PRM_HWATCH_STARTED] = "started",
	[PRM_HWATCH_STALLED] = "stalled",
	[PRM_HWATCH_RECOVERED] = "recovered",
	[PRM_HWATCH_FW_ERROR] = "fw_error",
	[PRM_HWATCH_THERMAL] = "thermal",
	[PRM_HWATCH_PCI_GONE] = "pci_gone",
	[PRM_HWATCH_INITIALIZING] = "fw_initializing",
	[PRM_HWATCH_SYND_CHANGED] = "syndrome_changed",
};

const char *prm_hwatch_kind_name(enum prm_hwatch_kind k)
{
	return k <= PRM_HWATCH_SYND_CHANGED ? names[k] : "?";
}

void prm_hwatch_init(struct prm_hwatch *w, unsigned misses)
{
	memset(w, 0, sizeof(*w));
	w->misses = misses ? misses : 1;
}

static enum prm_hwatch_kind kind_of(enum prm_health_status s)
{
	switch (s) {
	case PRM_HEALTH_FW_UNRESPONSIVE:
		return PRM_HWATCH_STALLED;
	case PRM_HEALTH_FW_ERROR:
		return PRM_HWATCH_FW_ERROR;
	case PRM_HEALTH_THERMAL:
		return PRM_HWATCH_THERMAL;
	case PRM_HEALTH_PCI_GONE:
		return PRM_HWATCH_PCI_GONE;
	case PRM_HEALTH_FW_INITIALIZING:
		return PRM_HWATCH_INITIALIZING;
	default:
		return PRM_HWATCH_RECOVERED;
	}
}

size_t prm_hwatch_sample(struct prm_hwatch *w, uint64_t now_ns,
			 const struct prm_health_report *r, struct prm_hwatch_event ev[2])
{
	enum prm_health_status s = r->status;
	uint32_t counter = r->seg.health_counter;
	size_t n = 0;

	if (!w->started || counter != w->counter || s == PRM_HEALTH_PCI_GONE) {
		w->unchanged = 0;
		w->moved_ns = now_ns;
	} else {
		w->unchanged++;
	}
	w->counter = counter;
	/* a stall is what remains when the buffer says nothing */
	if (s == PRM_HEALTH_OK && w->unchanged >= w->misses)
		s = PRM_HEALTH_FW_UNRESPONSIVE;
	if (!w->started) {
		ev[n++] = (struct prm_hwatch_event){ PRM_HWATCH_STARTED, s, now_ns, 0, counter,
						     r->seg.synd, 0 };
		w->started = true;
		if (s != PRM_HEALTH_OK)
			ev[n++] = (struct prm_hwatch_event){ kind_of(s), s, now_ns, 0, counter,
							     r->seg.synd, 0 };
	} else if (s != w->state) {
		ev[n++] = (struct prm_hwatch_event){ kind_of(s), s, now_ns,
						     s == PRM_HEALTH_FW_UNRESPONSIVE ?
							     now_ns - w->moved_ns : 0,
						     counter, r->seg.synd, w->synd };
	} else if ((s == PRM_HEALTH_FW_ERROR || s == PRM_HEALTH_THERMAL) && r->seg.synd != w->synd) {
		ev[n++] = (struct prm_hwatch_event){ PRM_HWATCH_SYND_CHANGED, s, now_ns, 0, counter,
						     r->seg.synd, w->synd };
	}
	w->state = s;
	w->synd = s == PRM_HEALTH_PCI_GONE ? 0 : r->seg.synd;
	return n;
}
