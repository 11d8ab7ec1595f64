#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# netdevsim.ko for Debian's kernel, which does not ship it (CONFIG_NETDEVSIM
# is not set): drivers/net/netdevsim from linux-source-6.1, built as an
# external module against linux-headers-KVER. Quiet on success; on failure
# the build's own output. About 25 s (10 s of it unpacking the tarball).
#   build-netdevsim.sh KVER OUTDIR      -> OUTDIR/netdevsim.ko
set -eu
[ $# -eq 2 ] || { echo "usage: $0 KVER OUTDIR" >&2; exit 2; }
kver=$1 out=$2
src=/usr/src/linux-source-6.1.tar.xz
kdir=/lib/modules/$kver/build
die() { echo "build-netdevsim: $*" >&2; exit 1; }

[ -r "$src" ] || die "linux-source-6.1 not installed (no $src)"
[ -f "$kdir/Makefile" ] || die "linux-headers-$kver not installed (no $kdir)"
{ command -v make && command -v gcc; } >/dev/null || die "make and gcc needed (build-essential)"
# the source must be the running image's: a newer stable release could use
# symbols the installed kernel lacks (modversions would refuse it at insmod)
sv=$(dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null || true)
hv=$(dpkg-query -W -f='${Version}' "linux-headers-$kver" 2>/dev/null || true)
[ -z "$sv" ] || [ -z "$hv" ] || [ "$sv" = "$hv" ] ||
	echo "build-netdevsim: warning: linux-source-6.1 $sv, linux-headers-$kver $hv" >&2

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# only the driver's directory: tar still reads the whole 140 MB stream
tar -xJf "$src" -C "$work" --strip-components=4 --wildcards \
	'linux-source-*/drivers/net/netdevsim/*' ||
	die "drivers/net/netdevsim not found in $src"
[ -f "$work/Makefile" ] || die "drivers/net/netdevsim not found in $src"
# bpf.o, ipsec.o and psample.o follow the kernel's own config (all three in
# Debian's: BPF_SYSCALL=y, XFRM_OFFLOAD=y, PSAMPLE=m, so netdevsim needs psample)
if ! make -C "$kdir" M="$work" CONFIG_NETDEVSIM=m -j"$(nproc)" modules > "$work/build.log" 2>&1 ||
   [ ! -f "$work/netdevsim.ko" ]; then
	cat "$work/build.log" >&2
	die "the module did not build"
fi
mkdir -p "$out"
cp "$work/netdevsim.ko" "$out/netdevsim.ko"
