#!/bin/busybox sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The guest's /init for the devlink test: load netdevsim and the modules it
# needs, run /scenario.sh with its framed output on the second serial port
# (ttyS1) so that kernel messages (console, ttyS0) never mix with data,
# power off.
/bin/busybox --install -s /bin
export PATH=/usr/sbin:/usr/bin:/sbin:/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t debugfs debugfs /sys/kernel/debug
# an initramfs gets no devtmpfs from the kernel (DEVTMPFS_MOUNT is for a real root)
mount -t devtmpfs devtmpfs /dev
while read -r m; do
	insmod "/lib/modules/$m.ko" || echo "prmctl-vm: insmod $m failed"
done < /lib/modules/order
# raw: no \n -> \r\n, 8-bit clean; the host splits the stream by byte counts
stty -F /dev/ttyS1 raw -echo
echo "prmctl-vm: scenario start"
# closing the tty waits until its buffer is sent, so nothing is cut by poweroff
sh /scenario.sh > /dev/ttyS1
echo "prmctl-vm: scenario done rc=$?"
poweroff -f
