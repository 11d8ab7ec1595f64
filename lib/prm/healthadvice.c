// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/prm/healthadvice.h"

/*
 * Facts behind each sentence (mlx5_core health.c): the poll runs every 2 s
 * (HEALTH_POLL_INTERVAL) and calls a counter unchanged for 3 polls
 * (MAX_MISSES) a miss, reported to the fw reporter, which has no recover
 * op; fatal sensors (all-ones fw_ver, NIC disabled or in SW reset, a
 * syndrome with rfr) enter the error state and run the fw_fatal
 * reporter's recovery, which waits up to 60 s (FW_RESET) for PCI and
 * reloads the function; bring-up waits up to 120 s (FW_PRE_INIT_TIMEOUT)
 * for 'initializing' to clear, warning every 20 s; a command times out
 * after 60 s (CMD).
 */
static const char *const advice[PRM_HEALTH_NSTATUS] = {
	[PRM_HEALTH_OK] =
		"The function answers and its health buffer holds no syndrome: nothing "
		"to collect for the firmware; look at the kernel log and 'prmctl devlink "
		"reporters' if the problem is elsewhere.",
	[PRM_HEALTH_FW_ERROR] =
		"The firmware reported a syndrome in its health buffer: mlx5_core logs it "
		"('Health issue observed') and reports it to devlink's fw reporter, and when "
		"rfr (recovery flow required) is set it treats it as fatal and reloads the "
		"function through the fw_fatal reporter, which wipes this state; collect "
		"'prmctl initseg dump', a cr-space dump and the kernel log before any reset.",
	[PRM_HEALTH_THERMAL] =
		"The firmware reported syndrome 0x10, High temperature: mlx5_core logs and "
		"reports it like any syndrome (devlink's fw reporter; fatal only with rfr "
		"set), but a reset does not cool the ASIC; collect the temperature, the "
		"BMC's fan and inlet readings and the kernel log, and fix cooling or airflow "
		"before recovering.",
	[PRM_HEALTH_PCI_GONE] =
		"Every read returns all-ones: the function is gone from the bus (surprise "
		"removal, link down, DPC containment or a reset in progress); mlx5_core sees "
		"the same ('PCI slot is unavailable'), enters its error state and waits up "
		"to 60 s for PCI to come back before reloading; collect the kernel log's "
		"AER, DPC and hotplug lines for this slot and its upstream port, and "
		"'lspci -vvv'.",
	[PRM_HEALTH_FW_UNRESPONSIVE] =
		"The health counter stopped without a syndrome: the firmware is hung, not "
		"asserted; mlx5_core notices after 3 unchanged polls 2 s apart (\"device's "
		"health compromised - reached miss count\") and reports it to devlink's fw "
		"reporter without resetting; collect 'prmctl initseg dump' and three "
		"cr-space dumps now, before anyone reloads the driver or resets the device.",
	[PRM_HEALTH_FW_INITIALIZING] =
		"The firmware has not finished booting ('initializing' is still set): "
		"mlx5_core waits up to 120 s for it, warning every 20 s, then fails the "
		"probe; look again in a few seconds, and if it stays set collect the kernel "
		"log and a cr-space dump.",
	[PRM_HEALTH_CMD_TIMEOUT] =
		"A firmware command did not complete: mlx5_core gives up after its command "
		"timeout (60 s by default) and logs the opcode; collect the kernel log "
		"around it, and 'prmctl health' and a cr-space dump now, since a firmware "
		"that stops completing commands may also have stopped its health counter.",
};

const char *prm_health_advice(enum prm_health_status s)
{
	return (unsigned)s < PRM_HEALTH_NSTATUS ? advice[s] : NULL;
}
