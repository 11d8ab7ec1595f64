# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The netlink requests in a guest's strace log (strace -e trace=sendto -o
# FILE, the file a step's output; the guest's strace cannot name devlink's
# dynamic family, so it shows the number), for devlink.bats and
# beside-driver.bats.
#   requests FILE     one line a request: "ctrl CMD" for the generic netlink
#                     controller (family 0x10: a family looked up), else
#                     "devlink CMD [dump]", CMD the genl command in decimal
#   count FILE LINE   how many of FILE's requests are LINE
requests() {
	sed -n 's/.*nlmsg_type=\(0x[0-9a-f]*\)[^,]*, nlmsg_flags=\([^,]*\),.*}, "\\x\(..\).*/\1 \3 \2/p' \
		"$1" | while read -r type cmd flags; do
		case $type in 0x10) printf 'ctrl' ;; *) printf 'devlink' ;; esac
		printf ' %d' "0x$cmd"
		case $flags in *0x300*|*NLM_F_DUMP*) printf ' dump' ;; esac
		echo
	done
}
count() { requests "$1" | grep -cx "$2" || true; }
# include/uapi/linux/devlink.h (used by the tests that load this file)
# shellcheck disable=SC2034
LIST="devlink 52 dump"		# DEVLINK_CMD_HEALTH_REPORTER_GET, a dump: the reporter list
# shellcheck disable=SC2034
DIAGNOSE="devlink 55"		# DEVLINK_CMD_HEALTH_REPORTER_DIAGNOSE
