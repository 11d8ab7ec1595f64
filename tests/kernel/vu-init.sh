#!/bin/busybox sh
# shellcheck shell=dash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The 7.x guest's /init (build-vu-initrd.sh): show the simulated function
# as the guest's PCI core sees it, load mlx5_core and fwctl, wait for the
# probe (prmctl.wait seconds at most), print what the tests read, then say
# "ready" (the host may inject a fault then: boot-vu.py --inject-when) and
# print the driver's view of it once a reporter counts it (prmctl.fault_wait s at most), unload the
# drivers, print the whole kernel log framed, and power off. Every line the
# tests read starts "prmctl-vu: ". An initramfs with /scenario.sh
# (beside-driver.bats) runs that instead once the probe is done, with FN the
# function's address, its framed output on the second serial port, and goes
# straight to the unload.
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
arg() { sed -n "s/.*prmctl\.$1=\([^ ]*\).*/\1/p" /proc/cmdline; }
wait_s=$(arg wait)
fault_wait=$(arg fault_wait)
say() { echo "prmctl-vu: $*"; }

# config-space byte N of the function (the first 256 bytes are readable)
cfg_byte() { # DEV OFFSET
	od -An -tu1 -j "$2" -N 1 "$1/config" | tr -d ' '
}
show_function() { # DEV
	say "pci $(basename "$1") $(cat "$1/vendor"):$(cat "$1/device") class $(cat "$1/class")"
	say "resource0 $(head -1 "$1/resource")"
	say "bar0-type $(( $(cfg_byte "$1" 16) & 6 ))"
	# the capability list, by id
	p=$(cfg_byte "$1" 52)
	caps=
	n=0
	while [ "$p" -ne 0 ] && [ $n -lt 48 ]; do
		caps="$caps $(printf '0x%02x' "$(cfg_byte "$1" "$p")")"
		p=$(cfg_byte "$1" $((p + 1)))
		n=$((n + 1))
	done
	say "caps$caps"
}

fn=
for d in /sys/bus/pci/devices/*; do
	[ "$(cat "$d/vendor")" = 0x15b3 ] && fn=$d && show_function "$d"
done
[ -n "$fn" ] || say "no 15b3 function"
bdf=$(basename "${fn:-none}")

# in dependency order, each with the module loader's async_probe: mlx5_core
# then probes in the background, and no later insmod waits for it (without
# it a module's load waits for all async work), so a probe stalled in a
# command's 60 s timeout holds up nothing
for m in $(cat /lib/modules/order); do
	if insmod "/lib/modules/$m.ko" async_probe=1; then say "insmod $m ok"; else say "insmod $m failed"; fi
done

# the probe is done when the function is bound and its fwctl device is there
# (added last, with the other auxiliary devices); at most wait_s seconds
t=0
while [ $t -lt "${wait_s:-10}" ]; do
	[ -e "/sys/bus/pci/drivers/mlx5_core/$bdf" ] && [ -e /dev/fwctl/fwctl0 ] && break
	sleep 1
	t=$((t + 1))
done
say "probe waited $t s"

# the unload and the kernel log, last in every run
finish() {
	for m in mlx5_fwctl mlx5_core; do
		if rmmod "$m"; then say "rmmod $m ok"; else say "rmmod $m failed"; fi
	done
	echo "prmctl-vu: === dmesg"
	dmesg
	echo "prmctl-vu: === end"
	poweroff -f
}
if [ -f /scenario.sh ]; then
	# raw: no \n -> \r\n, 8-bit clean; closing the tty waits for its buffer
	stty -F /dev/ttyS1 raw -echo
	say "scenario start"
	FN=$bdf sh /scenario.sh > /dev/ttyS1
	say "scenario done rc=$?"
	finish
fi
sleep 2		# a few tracer events and health polls

say "modules $(cut -d' ' -f1 /proc/modules | tr '\n' ' ')"
say "driver $(basename "$(readlink "$fn/driver" 2>/dev/null)")"
say "msi_irqs $(ls "$fn/msi_irqs" 2>/dev/null | wc -l)"
grep mlx5 /proc/interrupts | sed 's/^/prmctl-vu: interrupt /'
say "auxiliary drivers $(ls /sys/bus/auxiliary/drivers 2>/dev/null | tr '\n' ' ')"
say "auxiliary devices $(ls /sys/bus/auxiliary/devices 2>/dev/null | tr '\n' ' ')"
say "fwctl nodes $(ls /dev/fwctl 2>/dev/null | tr '\n' ' ')"
say "fwctl0 device $(readlink -f /sys/class/fwctl/fwctl0/device 2>/dev/null)"
# an open makes mlx5_fwctl create a user context, the close destroys it
if exec 3< /dev/fwctl/fwctl0; then exec 3<&-; say "fwctl0 opened"; fi
say "devlink-info $(devlink -j dev info "pci/$bdf" 2>&1)"

# the kernel's fw tracer owns the tracer: its mlx5_fw events, for a while,
# in a buffer that holds them all (the host compares them one by one)
tr=/sys/kernel/tracing
mount -t tracefs tracefs $tr 2>/dev/null
echo 16384 > $tr/buffer_size_kb
if echo 1 > $tr/events/mlx5/mlx5_fw/enable; then
	sleep 2
	echo 0 > $tr/events/mlx5/mlx5_fw/enable
	grep 'mlx5_fw:' $tr/trace | sed 's/^/prmctl-vu: trace /'
else
	say "no mlx5_fw trace event"
fi

# mlx5_core's hwmon (MTCAP, PMLP, MTMP): each channel, then its maximum
# reset through temp*_reset_history (an MTMP write with mtr)
for h in "$fn"/hwmon/hwmon*; do
	[ -d "$h" ] || continue
	say "hwmon $(cat "$h/name") channels $(ls "$h" | grep -c '^temp[0-9]*_input$')"
	for t in "$h"/temp*_input; do
		c=${t%_input}
		say "hwmon $(basename "$c") label $(cat "$c"_label) input $(cat "$t") highest $(cat "$c"_highest) crit $(cat "$c"_crit)"
		echo 1 > "$c"_reset_history
		say "hwmon $(basename "$c") reset highest $(cat "$c"_highest)"
	done
done

say "ready"
if [ -n "$fault_wait" ]; then
	# the driver meets the fault on its own time (a stalled counter after
	# three 2 s polls): until a reporter counts an error, at most
	# fault_wait seconds, then time for its recovery and dump
	t=0
	while [ $t -lt "$fault_wait" ]; do
		devlink -j health show "pci/$bdf" 2>/dev/null | grep -q '"error":[1-9]' && break
		sleep 1
		t=$((t + 1))
	done
	say "fault reported after $t s"
	sleep 8
	say "health $(devlink -j health show "pci/$bdf" 2>&1)"
	say "fw_fatal-dump-bytes $(devlink health dump show "pci/$bdf" reporter fw_fatal 2>/dev/null | wc -c)"
	say "fw-diagnose $(devlink -j health diagnose "pci/$bdf" reporter fw 2>&1)"
fi

finish
