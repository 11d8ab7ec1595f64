/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_PRM_HEALTHLOG_H
#define PRMCTL_PRM_HEALTHLOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/prm/health.h"
#include "lib/util/err.h"

/*
 * mlx5 health reports in kernel logs, for `prmctl health decode-log`.
 *
 * Streaming: feed one line at a time, in the order of the file, then ask for
 * the events. Any bytes are accepted (kernel log, dmesg -T, journalctl,
 * syslog and sosreport files, pdsh/clush "host: " output, mail-quoted and
 * mail-wrapped text); lines that are not mlx5 health messages are ignored.
 * Messages are matched on their text, never on the function:line prefix the
 * driver adds (it drifts between builds).
 *
 * An incident is one report of one PCI function: the lines that one
 * "Health issue observed" header, "Fatal error N detected", "reached miss
 * count", "PCI slot N is unavailable", temperature warning or command timeout
 * opens, with the health buffer lines and follow-up messages of that function
 * that come after it (within PRM_HEALTHLOG_WINDOW seconds of log time).
 * Incidents of one physical device are grouped into one event that lists the
 * functions: equal health buffers (hw_id, synd, ext_synd and firmware time;
 * without a firmware time, functions of one PCI slot), and functions of the
 * same slot that only saw the firmware stop (miss count) or the device vanish
 * at the same time. Command timeouts group with command timeouts of the same
 * slot only. Memory is bounded: at most PRM_HEALTHLOG_MAX_EVENTS incidents
 * are kept, extra ones are counted in the stats.
 *
 * Classes (enum prm_health_status), first match wins:
 *   pci_gone         the health buffer read all-ones (its values are then
 *                    cleared: never "synd 0xff"), or, with no real syndrome,
 *                    "Fatal error 1|2 detected", "health sensors: 1|2",
 *                    "PCI slot [N] is unavailable", "PCI channel offline",
 *                    "PCI reads still not working"
 *   thermal          synd 0x10, or a "High temperature on sensors" warning
 *   fw_error         any other non-zero synd (also one named only by the
 *                    "Health issue observed" header), "Fatal error [5] detected"
 *   cmd_timeout      "NAME(0xOP) timeout. Will cause a leak ...", "No done
 *                    completion", "canceled on out of queue timeout", "timeout
 *                    while waiting for command semaphore"
 *   fw_unresponsive  "reached miss count" with no syndrome logged (the kernel
 *                    prints no buffer when synd is 0), "NIC IFC still N",
 *                    "Fatal error 3|4 detected"
 *
 * Ports: lines of the PCIe port drivers (pcieport, pciehp, pci, aer, dpc)
 * that say the link below a port was lost or erred -- "DPC: containment
 * event", "DPC: ... error detected", "AER: ... error received: <BDF>" (or
 * "received from <BDF>", "id=XXXX"), "PCIe Bus Error", "Link Down", "Card
 * not present", "recovery failed", "reset failed" -- are gathered per port
 * (within PRM_HEALTHLOG_WINDOW) and tied to the device below the port, as
 * far as the log itself proves it (no sysfs offline):
 *   aer     an AER line of the port names the device that sent the error;
 *   bridge  the log's enumeration line "pci <port>: PCI bridge to [bus
 *           XX-YY]" gives the port's secondary to subordinate bus, and the
 *           device is on one of them.
 * The lines join the event of such a device nearest in time (within the
 * window; by line when times cannot be compared). When there is none, and
 * the lines say the link was lost (containment, link down, recovery failed,
 * a fatal AER error), they are a port event of their own
 * (prm_healthlog_port_events: pci_gone, port_only), apart from the mlx5
 * events: for the mlx5 functions of the log proven below the port; with no
 * proof, for the port itself, when the log has an mlx5 function that could
 * be below it (same host and PCI domain, a higher bus number: buses below a
 * port are numbered after it; they are listed in port_below). Lines proven
 * to be about another device are dropped, and so are AER lines that report
 * only corrected errors without an mlx5 event to attach to.
 *
 * Pure: no I/O, never prints, never exits.
 */

#define PRM_HEALTHLOG_MAX_EVENTS	4096
#define PRM_HEALTHLOG_MAX_FUNCTIONS	16	/* listed per event; more are counted */
#define PRM_HEALTHLOG_WINDOW		120	/* seconds of log time that hold an incident together */
#define PRM_HEALTHLOG_MAX_LINE		4096	/* bytes of a line looked at; the rest is ignored */
#define PRM_HEALTHLOG_MAX_BELOW		4	/* functions listed as maybe below a port */

/*
 * What a log stamp says beyond its text, when it says it plainly: dmesg's
 * seconds since boot, or a date with a zone. A syslog date (no year), dmesg
 * -T and a date without a zone (local times) are neither.
 */
struct prm_log_when {
	bool uptime;			/* the text is dmesg's seconds since boot: "445.937186" */
	char utc[40];			/* a full date and zone, as ISO-8601 UTC
					 * ("2025-03-17T13:07:18.123456Z"); else "" */
};

struct prm_health_event {
	char device[32];		/* first function that reported it: "0000:0d:00.0",
					 * domain added when the log has none; or "mlx5_core.sf.N" */
	char functions[PRM_HEALTHLOG_MAX_FUNCTIONS][32];	/* every function, in order of appearance */
	size_t nfunctions;		/* entries in functions[] */
	size_t nfunctions_total;	/* functions that reported it (> nfunctions when capped) */
	char host[64];			/* pdsh/clush or syslog host name, "" if none */
	char time[64];			/* log time of the first line as written: "445.937186"
					 * (dmesg), "Mar 17 14:07:18" (syslog), ISO 8601 ... or "" */
	struct prm_log_when when;	/* what time says */
	size_t line;			/* 1-based input line that opened the event */
	unsigned nreports;		/* incidents merged into this event */
	enum prm_health_status status;

	/* the health buffer (print_health_info), when one was logged */
	bool has_buffer;
	bool buffer_allones;		/* it read all-ones: the device was gone, every value
					 * below is cleared (never reported as synd 0xff) */
	uint32_t assert_var[6];
	unsigned nassert_var;		/* 5 (older kernels) or 6 assert_var lines seen */
	bool has_assert_exit_ptr, has_assert_callra;
	uint32_t assert_exit_ptr, assert_callra;
	bool has_time;			/* the 'time' line (newer kernels) */
	uint32_t fw_time;		/* firmware clock, seconds since the epoch */
	char fw_time_iso[32];		/* ... as ISO-8601 UTC, "" when not logged or 0 */
	bool has_hw_id;
	uint32_t hw_id;
	const char *chip;		/* model named by hw_id, NULL if unknown */
	bool has_raw_fw_ver;
	uint32_t raw_fw_ver;
	char fw_ver[32];		/* "22.44.1036" from the fw_ver line, else from raw fw_ver; "" */
	bool fw_ver_mismatch;		/* fw_ver line and raw fw_ver disagree */
	bool has_rfr, has_crr, has_severity;
	int rfr, crr, severity;
	const char *severity_name;	/* "ERROR", NULL if unknown */
	int irisc_index;		/* -1 if not logged */
	bool has_synd, has_ext_synd;
	uint8_t synd;
	uint16_t ext_synd;
	const char *synd_name;		/* "firmware internal error", NULL if unknown */

	/* other evidence */
	int fatal_error;		/* N of "Fatal error N detected" or of "health sensors: N";
					 * 0 for "Fatal error detected"; -1 none */
	bool slot_unavailable;		/* "PCI slot [N] is unavailable" */
	int pci_slot;			/* its N, -1 if none or not logged */
	unsigned ncmd_timeouts;		/* command timeout messages */
	char cmd_name[48];		/* first command that timed out: "CREATE_DCT" */
	uint16_t cmd_opcode;
	char detail[512];		/* the other messages, as logged, "; "-separated,
					 * each once, "..." when cut */

	/*
	 * The upstream port's lines about this device: DPC containment, AER,
	 * link down, recovery failed (see "Ports" above).
	 */
	bool has_port;
	bool port_only;			/* no mlx5 report: the event is the port's lines alone */
	char port[32];			/* the port that logged them: "0004:00:00.0" */
	const char *port_mapping;	/* how the port was tied to the device: "aer", "bridge";
					 * NULL when it could not be (device is then the port) */
	bool port_link_lost;		/* containment, link down, recovery failed, fatal AER */
	char port_aer_device[32];	/* the device an AER line of the port named, "" */
	unsigned port_lines;		/* the port's lines kept */
	char port_time[64];		/* log time of the first, as written, or "" */
	struct prm_log_when port_when;	/* what port_time says */
	size_t port_line;		/* its input line */
	char port_detail[512];		/* its messages, "; "-separated, each once */
	char port_below[PRM_HEALTHLOG_MAX_BELOW][32];	/* port event, mapping NULL: the
					 * log's mlx5 functions that could be below it */
	size_t nport_below;
};

struct prm_healthlog_stats {
	size_t lines;			/* lines fed */
	size_t records;			/* of them, "mlx5_core <device>:" messages (joined) */
	size_t recognized;		/* of them, health messages */
	size_t dropped;			/* incidents not kept (PRM_HEALTHLOG_MAX_EVENTS) */
};

struct prm_healthlog;

/* NULL (err set) only when out of memory. */
struct prm_healthlog *prm_healthlog_new(struct prm_err *err);

/*
 * Feed one line, without its newline (a trailing '\r' is ignored). Any bytes,
 * any length; NUL bytes are read as spaces.
 */
void prm_healthlog_line(struct prm_healthlog *p, const char *line, size_t len);

/*
 * The events so far, grouped, in order of first appearance. The array stays
 * valid until the next call on p. More lines may be fed afterwards.
 */
size_t prm_healthlog_events(struct prm_healthlog *p, const struct prm_health_event **ev);

/*
 * The port events of the last prm_healthlog_events() call (see "Ports"):
 * valid until the next call on p.
 */
size_t prm_healthlog_port_events(struct prm_healthlog *p, const struct prm_health_event **ev);

void prm_healthlog_stats(const struct prm_healthlog *p, struct prm_healthlog_stats *st);

void prm_healthlog_free(struct prm_healthlog *p);

#endif
