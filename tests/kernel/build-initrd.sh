#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# An initramfs with busybox, mlx5_core and its dependencies from the
# installed Debian kernel, and init.sh as /init.
#   build-initrd.sh KVER OUT
set -eu
kver=$1 out=$2
here=$(cd "$(dirname "$0")" && pwd)
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
mkdir -p "$root/bin" "$root/proc" "$root/sys" "$root/dev" "$root/lib/modules"
cp /bin/busybox "$root/bin/busybox"
cp "$here/init.sh" "$root/init"
chmod +x "$root/init"
for m in psample pci-hyperv-intf mlxfw mlx5_core; do
	f=$(modinfo -k "$kver" -n "$m")
	case $f in
	*.xz) xz -dc "$f" > "$root/lib/modules/$m.ko" ;;
	*.zst) zstd -qdc "$f" > "$root/lib/modules/$m.ko" ;;
	*) cp "$f" "$root/lib/modules/$m.ko" ;;
	esac
done
(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) > "$out"
