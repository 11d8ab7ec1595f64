#!/bin/busybox sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The guest's /init: load mlx5_core against the simulated adapter, let it
# run its bring-up and a few health polls, print what we need, power off.
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
wait_s=$(sed -n 's/.*prmctl.wait=\([0-9]*\).*/\1/p' /proc/cmdline)
echo "prmctl-vm: lspci"
lspci -nk 2>/dev/null || ls /sys/bus/pci/devices
for m in psample pci-hyperv-intf mlxfw mlx5_core; do
	insmod /lib/modules/$m.ko || echo "prmctl-vm: insmod $m failed"
done
sleep "${wait_s:-8}"
echo "prmctl-vm: done"
poweroff -f
