#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The libraries an ELF file loads at their first use (prmctl: lib/util/dl.h),
# which ldd does not list: their sonames are string literals in the file.
# Prints each one's path on this machine and the libraries it needs, one a
# line; those matching EXCLUDE (a grep -E pattern) are left out (libarchive:
# a dozen libraries, ICU's data among them, for tarballs no guest writes).
#   dl-libs.sh ELF [EXCLUDE]
set -eu
[ $# -ge 1 ] || { echo "usage: $0 ELF [EXCLUDE]" >&2; exit 2; }
elf=$1 exclude=${2:-'^$'}
strings -n 8 "$elf" | grep -xE 'lib[A-Za-z0-9_+-]+\.so\.[0-9]+' | grep -vE "$exclude" | sort -u |
while read -r so; do
	path=$(ldconfig -p | awk -v s="$so" '$1 == s && /x86-64/ { print $NF; exit }')
	[ -n "$path" ] || continue
	echo "$path"
	ldd "$path" | awk '$2 == "=>" && $3 ~ /^\// { print $3 }'
done | sort -u
