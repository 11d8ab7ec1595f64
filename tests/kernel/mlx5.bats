#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Linux's mlx5_core as the simulator's judge: Debian's kernel in a QEMU VM
# (software emulation) probes the simulated adapter through QEMU's PCI
# proxy. Each test boots once (about 20-40 s); skipped, with the reason,
# when qemu or the kernel image is not installed.
load ../cli/helper

setup_file() {
	export PRMCTL_SIM_DIR=$BATS_FILE_TMPDIR/sim
	KVER=$(ls /lib/modules 2>/dev/null | sort -V | tail -1)
	export KVER
	if command -v qemu-system-x86_64 >/dev/null && [ -n "$KVER" ] &&
	   [ -r "/boot/vmlinuz-$KVER" ] && command -v python3 >/dev/null &&
	   command -v cpio >/dev/null && [ -x /bin/busybox ]; then
		"$BATS_TEST_DIRNAME/build-initrd.sh" "$KVER" "$BATS_FILE_TMPDIR/initrd.gz"
	fi
}

setup() {
	[ -s "$BATS_FILE_TMPDIR/initrd.gz" ] ||
		skip "needs qemu-system-x86, linux-image-amd64, busybox-static, cpio, python3 (tools/install-deps test)"
}

teardown() {
	"$PRMCTL" sim stop vm >/dev/null 2>&1 || true
}

# boot LOG [boot-vm options]: the guest's console into $BATS_TEST_TMPDIR/LOG
boot() {
	local log=$BATS_TEST_TMPDIR/$1
	shift
	python3 "$BATS_TEST_DIRNAME/boot-vm.py" "$PRMCTL" vm "/boot/vmlinuz-$KVER" \
		"$BATS_FILE_TMPDIR/initrd.gz" "$log" --timeout 180 --append "prmctl.wait=1" "$@" ||
		fail "the VM did not run to its end: $(tail -5 "$log")"
	tr -d '\r' < "$log" > "$log.txt" && mv "$log.txt" "$log"	# a serial console's CRLF
	grep 'mlx5' "$log" | grep -v '^\[ *[0-9.]*\]  ' > "$log.mlx5" || true
	echo "# guest log ($1):" >&3
	sed 's/^/#   /' "$log.mlx5" >&3
}

# the commands the firmware ran: "NAME op_mod status" per line
commands() {
	"$PRMCTL" -j sim commands vm |
		jq -r '.commands[] | "\(.opcode_name // .opcode) \(.op_mod) \(.status_name // ("delivery " + .delivery_status_name))"'
}

@test "mlx5_core brings the simulated adapter up, every command OK, and tears it down cleanly" {
	# QUERY_ADAPTER is slowed so the driver's health poll runs a few times
	boot clean.log --inject "cmd-slow:QUERY_ADAPTER,5000"
	local log=$BATS_TEST_TMPDIR/clean.log
	grep -q "mlx5_core 0000:00:02.0: firmware version: 22.39.1002" "$log" || fail "no firmware version"
	# the kernel reads the Express capability's link as prmctl does: cx6dx, 16 GT/s x16
	grep -q "mlx5_core 0000:00:02.0: 252.048 Gb/s available PCIe bandwidth (16.0 GT/s PCIe x16 link)" "$log" ||
		fail "the driver did not see the model's PCIe link"
	! grep -q "Failed to get valid vendor specific ID" "$log" || fail "the gateway was not found"
	! grep -Eq "mlx5_cmd_out_err|timeout|Fatal error|miss count|command queue size overflow" "$log" ||
		fail "the driver complained: $(grep -E 'mlx5_cmd_out_err|timeout|Fatal|miss count' "$log")"
	grep -q "mlx5_load:.*Failed to alloc IRQs" "$log" || fail "the probe did not reach MSI-X allocation"
	commands > "$BATS_TEST_TMPDIR/cmds"
	echo "# commands the driver sent:" >&3
	sed 's/^/#   /' "$BATS_TEST_TMPDIR/cmds" >&3
	! grep -v ' OK$' "$BATS_TEST_TMPDIR/cmds" || fail "a command did not succeed"
	# the bring-up and teardown, in this order
	local want="ENABLE_HCA QUERY_ISSI SET_ISSI QUERY_PAGES MANAGE_PAGES ACCESS_REG QUERY_HCA_CAP SET_HCA_CAP INIT_HCA QUERY_ADAPTER ALLOC_UAR DEALLOC_UAR TEARDOWN_HCA MANAGE_PAGES DISABLE_HCA"
	local seq
	seq=$(cut -d' ' -f1 "$BATS_TEST_TMPDIR/cmds" | uniq | tr '\n' ' ')
	for w in $want; do
		case " $seq " in
		*" $w "*) seq=${seq#*"$w "} ;;
		*) fail "missing or out of order: $w (in: $(cut -d' ' -f1 "$BATS_TEST_TMPDIR/cmds" | uniq | tr '\n' ' '))" ;;
		esac
	done
	# the health poll read the counter while the probe ran
	"$PRMCTL" -j sim status vm | jq -e '.health_counter_reads >= 2' >/dev/null ||
		fail "the driver's health poll never read the counter"
	# the kept table of this kernel's bring-up
	local fixture=$BATS_TEST_DIRNAME/bringup-$KVER.cmds
	if [ -f "$fixture" ]; then
		diff -u "$fixture" "$BATS_TEST_TMPDIR/cmds" || fail "the bring-up differs from $fixture"
	else
		echo "# no fixture for $KVER: the table above is not compared" >&3
	fi
}

@test "health-stall: the driver reports the counter stalled (miss count)" {
	boot stall.log --inject health-stall --inject "cmd-slow:QUERY_ADAPTER,16000"
	grep -q "poll_health:.*device's health compromised - reached miss count" "$BATS_TEST_TMPDIR/stall.log"
}

@test "fw-assert: the driver prints the health buffer, field by field as prmctl decodes it" {
	boot assert.log --inject "fw-assert:synd=0x1,ext_synd=0x8f7a,severity=3,irisc=2,rfr=1" \
		--inject "cmd-slow:QUERY_ADAPTER,6000"
	local log=$BATS_TEST_TMPDIR/assert.log
	grep -q "Fatal error 5 detected" "$log" || fail "no fatal sensor (rfr and synd)"
	prm -j -d sim:vm initseg show
	assert_success
	local hb=$output
	kv() { # the value the kernel printed after "NAME "
		sed -n "s/.*print_health_info:[0-9]*:(pid [0-9]*): $1 \([^ ]*\).*/\1/p" "$log" | head -1
	}
	hex() { printf '0x%08x' "$1"; }
	for i in 0 1 2 3 4 5; do
		[ "$(kv "assert_var\[$i\]")" = "$(hex "$(echo "$hb" | jq ".fields.health_buffer.assert_var[$i]")")" ] ||
			fail "assert_var[$i]: kernel $(kv "assert_var\\[$i\\]")"
	done
	[ "$(kv assert_exit_ptr)" = "$(hex "$(echo "$hb" | jq .fields.health_buffer.assert_exit_ptr)")" ]
	[ "$(kv assert_callra)" = "$(hex "$(echo "$hb" | jq .fields.health_buffer.assert_callra)")" ]
	[ "$(kv time)" = "$(echo "$hb" | jq .fields.health_buffer.time)" ]
	[ "$(kv hw_id)" = "$(hex "$(echo "$hb" | jq .fields.health_buffer.hw_id)")" ]
	[ "$(kv rfr)" = 1 ] && echo "$hb" | jq -e '.fields.health_buffer.rfr == true' >/dev/null
	[ "$(kv severity)" = "$(echo "$hb" | jq .fields.health_buffer.severity)" ]
	[ "$(kv irisc_index)" = "$(echo "$hb" | jq .fields.health_buffer.irisc_index)" ]
	[ "$(kv synd)" = "0x$(printf '%x' "$(echo "$hb" | jq .fields.health_buffer.synd)"):" ]
	[ "$(kv ext_synd)" = "$(printf '0x%04x' "$(echo "$hb" | jq .fields.health_buffer.ext_synd)")" ]
	[ "$(sed -n 's/.*raw fw_ver \(0x[0-9a-f]*\).*/\1/p' "$log")" = \
	  "$(hex "$(echo "$hb" | jq .fields.health_buffer.fw_ver)")" ]
	# the names agree too
	grep -q "synd 0x1: $(echo "$hb" | jq -r .fields.health_buffer.synd_name)" "$log"
	grep -q "severity 3 ($(echo "$hb" | jq -r .fields.health_buffer.severity_name))" "$log"
	# the support bundle: the device's own state and the real driver's report of it agree
	prm -j -d sim:vm collect --trace-seconds 0 --crdumps 0 --kernel-log "$log" \
		-o "$BATS_TEST_TMPDIR/case/"
	assert_failure 4
	echo "$output" | jq -e '.devices[0].health == "fw_error"
		and ([.findings[] | select(.what == "fw_error" and .device == "sim:vm"
			and (.text | contains("syndrome 0x1 ")))] | length == 1)
		and ([.findings[] | select(.what == "fw_error" and .device == "0000:00:02.0"
			and (.evidence | startswith("host/kernel-log.txt:"))
			and (.text | contains("syndrome 0x1 ")))] | length == 1)' >/dev/null ||
		fail "the verdict: $output"
}

@test "device-gone mid-probe: the driver's PCI-gone sensor fires" {
	boot gone.log --inject "cmd-slow:QUERY_ADAPTER,8000" --inject-when "firmware version" device-gone
	grep -q "poll_health:.*Fatal error 1 detected" "$BATS_TEST_TMPDIR/gone.log"
	grep -q "print_health_info:.*PCI slot is unavailable" "$BATS_TEST_TMPDIR/gone.log"
}

@test "link-degraded: the driver's PCIe bandwidth line names the narrower, slower link, as prmctl does" {
	boot link.log --inject link-degraded:width=8,speed=8
	grep -q "mlx5_core 0000:00:02.0: 63.008 Gb/s available PCIe bandwidth, limited by 8.0 GT/s PCIe x8 link at 0000:00:02.0 (capable of 252.048 Gb/s with 16.0 GT/s PCIe x16 link)" \
		"$BATS_TEST_TMPDIR/link.log" || fail "no bandwidth warning: $(grep 'PCIe bandwidth' "$BATS_TEST_TMPDIR/link.log")"
	prm -j -d sim:vm device show
	assert_success
	echo "$output" | jq -e '.link_speed_gts == 8 and .link_width == 8 and .link_speed_max_gts == 16 and .link_degraded'
}
