#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# An initramfs for the 7.x kernel of tools/vm-env: busybox, mlx5_core and
# every module it needs from that kernel's unpacked modules tree, the
# out-of-tree fwctl.ko and mlx5_fwctl.ko, iproute2's devlink with the tree's
# libraries and loader, INIT as /init, and any FILE[=DEST] given (default
# DEST /usr/bin/NAME; an ELF file brings the shared libraries it needs).
# /lib/modules/order lists the modules in an order insmod accepts.
#   build-vu-initrd.sh ENV_FILE INIT OUT [FILE[=DEST]]...
set -eu
[ $# -ge 3 ] || { echo "usage: $0 ENV_FILE INIT OUT [FILE[=DEST]]..." >&2; exit 2; }
envf=$1 init=$2 out=$3
shift 3
here=$(cd "$(dirname "$0")" && pwd)
die() { echo "build-vu-initrd: $*" >&2; exit 1; }
[ -r "$envf" ] || die "no env file $envf (tools/vm-env)"
# shellcheck source=/dev/null
. "$envf"
[ -r "$init" ] || die "no init script $init"

root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
# merged /usr as in trixie: the tree's loader path is the one its ELF files name
mkdir -p "$root/usr/bin" "$root/usr/sbin" "$root/usr/lib/x86_64-linux-gnu" "$root/usr/lib64" \
	"$root/proc" "$root/sys" "$root/dev" "$root/tmp" "$root/run"
ln -s usr/bin "$root/bin"
ln -s usr/sbin "$root/sbin"
ln -s usr/lib "$root/lib"
ln -s usr/lib64 "$root/lib64"
mkdir -p "$root/lib/modules"
cp "$VM_BUSYBOX" "$root/usr/bin/busybox"
ln -s busybox "$root/usr/bin/sh"
cp "$init" "$root/init"
chmod +x "$root/init"

# a library goes in once, the first found winning: the tree's before the
# host's, since the tree's glibc is the newer and both sides run on it
add_lib() { # PATH
	name=$(basename "$1")
	[ -e "$root/usr/lib/x86_64-linux-gnu/$name" ] && return 0
	if [ -e "$VM_LIBS/$name" ]; then
		cp -L "$VM_LIBS/$name" "$root/usr/lib/x86_64-linux-gnu/$name"
		# the tree's build may need what the host's does not (trixie's
		# liblz4 needs libxxhash, its libudev libcap); sh has no local
		# variables, but each for list is fixed before its loop runs
		for dep in $("$VM_LDSO" --library-path "$VM_LIBS" --list "$VM_LIBS/$name" |
			awk '$2 == "=>" && $3 ~ /^\// { print $3 }'); do
			add_lib "$dep"
		done
	else
		cp -L "$1" "$root/usr/lib/x86_64-linux-gnu/$name"
	fi
}
cp -L "$VM_LDSO" "$root/usr/lib64/ld-linux-x86-64.so.2"

cp "$VM_DEVLINK" "$root/usr/sbin/devlink"
"$VM_LDSO" --library-path "$VM_LIBS" --list "$VM_DEVLINK" |
	awk '$2 == "=>" && $3 ~ /^\// { print $3 }' > "$root/libs"
while read -r lib; do add_lib "$lib"; done < "$root/libs"

is_elf() { [ "$(head -c 4 "$1" 2>/dev/null | od -An -c | tr -d ' ')" = '177ELF' ]; }
for arg in "$@"; do
	src=${arg%%=*}
	dest=/usr/bin/$(basename "$src")
	[ "$src" = "$arg" ] || dest=${arg#*=}
	[ -f "$src" ] || die "no file $src"
	mkdir -p "$root$(dirname "$dest")"
	if ! is_elf "$src"; then
		cp "$src" "$root$dest"
		continue
	fi
	# without debug info: a third of the size, and the guest unpacks it emulated
	strip --strip-debug -o "$root$dest" "$src"
	# the host's ldd: these are the host's binaries
	if ldd "$src" > "$root/libs" 2>/dev/null; then
		awk '$2 == "=>" && $3 ~ /^\// { print $3 }' "$root/libs" > "$root/libs.1"
		# and those it loads at their first use (prmctl: lib/util/dl.h)
		sh "$here/dl-libs.sh" "$src" libarchive >> "$root/libs.1"
		while read -r lib; do add_lib "$lib"; done < "$root/libs.1"
	fi
done
rm -f "$root/libs" "$root/libs.1"

# modules, each after what it needs (modinfo -b reads the unpacked tree)
order=$root/lib/modules/order
: > "$order"
put_module() { # NAME FILE
	case $2 in
	*.xz) xz -dc "$2" > "$root/lib/modules/$1.ko" ;;
	*.zst) zstd -qdc "$2" > "$root/lib/modules/$1.ko" ;;
	*) cp "$2" "$root/lib/modules/$1.ko" ;;
	esac
	echo "$1" >> "$order"
}
add_module() { # NAME
	grep -qx "$1" "$order" && return 0
	modinfo -b "$VM_MODULES" -k "$VM_KVER" -n "$1" >/dev/null 2>&1 ||
		die "module $1 not found for $VM_KVER in $VM_MODULES"
	for d in $(modinfo -b "$VM_MODULES" -k "$VM_KVER" -F depends "$1" | tr ',' ' '); do
		add_module "$d"
	done
	# after the recursion: sh has no local variables
	put_module "$1" "$(modinfo -b "$VM_MODULES" -k "$VM_KVER" -n "$1")"
}
add_module mlx5_core
# vfio-pci for a function no driver holds (vfio.bats); it binds nothing
# until told to (driver_override)
add_module vfio-pci
add_module vfio_iommu_type1
for ko in "$VM_FWCTL_KO" "$VM_MLX5_FWCTL_KO"; do
	for d in $(modinfo -F depends "$ko" | tr ',' ' '); do
		[ "$d" = fwctl ] || add_module "$d"
	done
	put_module "$(basename "$ko" .ko)" "$ko"
done

(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) > "$out"
