#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# configure.sh SRC CONFIG [OUT CC]...: configure each kernel output tree OUT
# of the tree SRC for compiler CC: x86_64 defconfig plus the options listed
# in CONFIG (scripts/config -e), olddefconfig to settle their dependencies,
# then `make prepare`.  A tree configured from the same CONFIG for the same
# compiler is left alone.  Used by setup.sh (6.1) and ../kernel-debian/setup.sh.
set -euo pipefail
src=$1 config=$2
shift 2
opts=$(sed 's/#.*//' "$config" | tr -s ' \n' ' ')
while [ $# -ge 2 ]; do
	out=$1 cc=$2
	shift 2
	stamp=$out/.bdops-bench-config
	want="$cc $(sha1sum "$config" | cut -c1-12)"
	[ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && continue
	echo "setup: configuring $out for $cc"
	mkdir -p "$out"
	make -s -C "$src" O="$out" CC="$cc" defconfig >/dev/null
	args=""
	for o in $opts; do args="$args -e $o"; done
	"$src/scripts/config" --file "$out/.config" $args
	make -s -C "$src" O="$out" CC="$cc" olddefconfig >/dev/null
	make -s -C "$src" O="$out" CC="$cc" -j2 prepare >/dev/null
	echo "$want" > "$stamp"
done
