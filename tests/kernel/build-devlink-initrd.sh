#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# An initramfs for the devlink VM test: busybox, netdevsim.ko and the modules
# it needs from the installed Debian kernel (in load order), prmctl,
# iproute2's devlink and strace with their shared libraries at the host's paths,
# devlink-init.sh as /init and devlink-scenario.sh beside it, with frames.sh.
#   build-devlink-initrd.sh KVER PRMCTL NETDEVSIM_KO OUT
set -eu
[ $# -eq 4 ] || { echo "usage: $0 KVER PRMCTL NETDEVSIM_KO OUT" >&2; exit 2; }
kver=$1 prmctl=$2 nsim=$3 out=$4
here=$(cd "$(dirname "$0")" && pwd)
die() { echo "build-devlink-initrd: $*" >&2; exit 1; }

is_elf() { [ "$(head -c 4 "$1" 2>/dev/null | od -An -c | tr -d ' ')" = '177ELF' ]; }
# ./prmctl may be a wrapper script around the real binary: take the ELF
if ! is_elf "$prmctl"; then
	alt=$(dirname "$prmctl")/build/prmctl-bin
	is_elf "$alt" || die "$prmctl is not an ELF binary (nor is $alt)"
	prmctl=$alt
fi
devlink=$(command -v devlink || true)
[ -n "$devlink" ] || for d in /usr/sbin/devlink /sbin/devlink; do [ -x "$d" ] && devlink=$d; done
[ -n "$devlink" ] || die "iproute2's devlink not found"
[ -x /bin/busybox ] || die "/bin/busybox not found (busybox-static)"
# strace counts the netlink requests a watch sends
strace=$(command -v strace || true)
[ -n "$strace" ] || die "strace not found"
[ -f "$nsim" ] || die "no $nsim (build-netdevsim.sh)"

root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
mkdir -p "$root/bin" "$root/usr/bin" "$root/usr/sbin" "$root/proc" "$root/sys" \
	"$root/dev" "$root/tmp" "$root/lib/modules"
cp /bin/busybox "$root/bin/busybox"
cp "$here/devlink-init.sh" "$root/init"
cp "$here/devlink-scenario.sh" "$root/scenario.sh"
cp "$here/frames.sh" "$root/frames.sh"
chmod +x "$root/init" "$root/scenario.sh"
# without debug info: a third of the size, and the guest unpacks it emulated
strip --strip-debug -o "$root/usr/bin/prmctl" "$prmctl"
cp "$devlink" "$root/usr/sbin/devlink"
cp "$strace" "$root/usr/bin/strace"

# every library either needs, the dynamic loader included, at the same path,
# and those prmctl loads at their first use (dl-libs.sh)
{
	for elf in "$prmctl" "$devlink" "$strace"; do
		ldd "$elf" | awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }'
	done
	sh "$here/dl-libs.sh" "$prmctl" libarchive
} | sort -u | while read -r lib; do
	mkdir -p "$root$(dirname "$lib")"
	cp -L "$lib" "$root$lib"
done

# modules: netdevsim's dependencies, depth first, each after what it needs
order=$root/lib/modules/order
: > "$order"
add_module() { # NAME
	grep -qx "$1" "$order" && return 0
	modinfo -k "$kver" -n "$1" >/dev/null 2>&1 || die "module $1 not found for $kver"
	for d in $(modinfo -k "$kver" -F depends "$1" | tr ',' ' '); do
		add_module "$d"
	done
	# after the recursion: sh has no local variables
	f=$(modinfo -k "$kver" -n "$1")
	case $f in
	*.xz) xz -dc "$f" > "$root/lib/modules/$1.ko" ;;
	*.zst) zstd -qdc "$f" > "$root/lib/modules/$1.ko" ;;
	*) cp "$f" "$root/lib/modules/$1.ko" ;;
	esac
	echo "$1" >> "$order"
}
for d in $(modinfo -F depends "$nsim" | tr ',' ' '); do
	add_module "$d"
done
strip --strip-debug -o "$root/lib/modules/netdevsim.ko" "$nsim"
echo netdevsim >> "$order"

(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) > "$out"
