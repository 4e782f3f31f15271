#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# setup.sh WORK [OUT CC]...: the kernel tree the benches use.
#
# Installs Debian's linux-source-6.1 and what building it needs (plus
# coccinelle and plain sparse, which only the bench uses, so they are not in
# scripts/setup.sh), unpacks it into WORK/linux-source-6.1 (outside the
# repository: kernel source is never committed), and configures each output
# tree OUT for compiler CC: x86_64 defconfig plus the options of config.txt,
# then `make prepare`.  Idempotent: a configured tree is left alone.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=$1
shift
export DEBIAN_FRONTEND=noninteractive LC_ALL=C

pkgs="linux-source-6.1 flex bison bc libelf-dev libssl-dev coccinelle sparse"
missing=""
for p in $pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' ||
		missing="$missing $p"
done
if [ -n "$missing" ]; then
	echo "setup: installing$missing"
	apt-get install -y -qq --no-install-recommends $missing >/dev/null ||
		{ apt-get update -qq && apt-get install -y -qq --no-install-recommends $missing >/dev/null; }
fi

src=$work/linux-source-6.1
mkdir -p "$work"
if [ ! -f "$src/Makefile" ]; then
	echo "setup: unpacking linux-source-6.1 into $work"
	tar -C "$work" -xf /usr/src/linux-source-6.1.tar.xz
fi

# scripts/config turns config.txt's options on; olddefconfig settles
# their dependencies.
opts=$(sed 's/#.*//' "$here/config.txt" | tr -s ' \n' ' ')
while [ $# -ge 2 ]; do
	out=$1 cc=$2
	shift 2
	stamp=$out/.bdops-bench-config
	want="$cc $(sha1sum "$here/config.txt" | cut -c1-12)"
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
