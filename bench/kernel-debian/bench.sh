#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# bench.sh: bdops on a current Debian kernel - by default Linux 7.2 (Debian's
# linux-source-7.2 from sid), or any other Debian kernel source such as 6.12
# from bookworm-backports - every frontend, the whole program merged.
#
#   bench/kernel-debian/bench.sh [--version V --suite S] [--work DIR] [--reps N]
#                                [--lanes gcc,clang,sparse,tool] [--json FILE]
#
#   --version 7.2 --suite sid                 (the default)
#   --version 6.12 --suite bookworm-backports
#
# setup.sh fetches the source package from that suite of the machine's own
# Debian mirror with a private apt configuration (the machine's sources and
# packages are left alone), unpacks it into WORK/linux-source-V (default
# WORK /work/kernel, outside the repository) and configures two output
# trees, WORK/bV-gcc and WORK/bV-clang: x86_64 defconfig plus config.txt.
# This script then
#  1. builds the units - tus-V.txt (the files of version V that open block
#     devices as files or give them back) and every unit of block/ the
#     config builds -
#     with the plain gcc and clang-19 (kbuild's .cmd files then hold each
#     unit's exact command), records the sparse command line `make C=2`
#     uses for each, and writes the clang tree's compile_commands.json;
#  2. runs ../kernel/measure.py over them: per unit the plain compiler and
#     the compiler with bdops, alternating, --reps times (CPU time ratios,
#     peak memory), the GCC plugin, the Clang plugin, bdops-sparse and
#     bdops-clang-tool each keeping its facts in WORK/facts-V/LANE;
#  3. `bdops merge` of each lane's facts: the findings of the whole
#     program (each unit's, and what only their combination shows, such as
#     a block method in one unit reaching a helper in another), per
#     frontend, and whether the frontends agree.
# Exit 1 if a unit fails to build or to check, a frontend crashes, or the
# frontends' merged findings differ.  About 25 minutes on 2 shared cores
# for --reps 1 after the set-up (the first set-up: download, unpack,
# configure, about 10 minutes).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
bdops_build=${BDOPS_BUILD:-$top/build}
work=/work/kernel
reps=1
lanes=gcc,clang,sparse,tool
json=""
version=7.2
suite=sid
while [ $# -gt 0 ]; do
	case $1 in
	--version) version=$2; shift 2 ;;
	--suite) suite=$2; shift 2 ;;
	--work) work=$2; shift 2 ;;
	--reps) reps=$2; shift 2 ;;
	--lanes) lanes=$2; shift 2 ;;
	--json) json=$2; shift 2 ;;
	-h|--help) sed -n '3,38p' "$0"; exit 0 ;;
	*) echo "bench: unknown argument '$1'" >&2; exit 2 ;;
	esac
done
export LC_ALL=C
jobs=2

for f in lib/bdops_gcc.so lib/bdops_clang.so bin/bdops-sparse bin/bdops-clang-tool bin/bdops; do
	[ -e "$bdops_build/$f" ] || { echo "bench: $bdops_build/$f missing: build bdops first" >&2; exit 2; }
done

tus=$here/tus-$version.txt
[ -f "$tus" ] || { echo "bench: no unit list $tus for Linux $version: write one (see tus-7.2.txt)" >&2; exit 2; }
kg=$work/b$version-gcc
kc=$work/b$version-clang
bash "$here/setup.sh" "$work" "$version" "$suite" "$kg" gcc "$kc" clang-19
src=$work/linux-source-$version

# 1. The units: tus-V.txt, and block/ as the config builds it (the objects
# make leaves there once block/ is built).
echo "bench: building block/ and the units of $(basename "$tus") with gcc and with clang-19"
objs=$(grep -v '^#' "$tus" | sed 's/\.c$/.o/')
make -s -C "$src" O="$kg" -j$jobs block/ $objs
make -s -C "$src" O="$kc" CC=clang-19 -j$jobs block/ $objs
list=$work/tus-$version.txt
{
	grep -v '^#' "$tus"
	(cd "$kg" && find block -name '*.o' ! -name '*.mod.o' | sort) | while read -r o; do
		[ -f "$src/${o%.o}.c" ] && [ -f "$kg/$(dirname "$o")/.$(basename "$o").cmd" ] &&
			echo "${o%.o}.c"
	done
} | awk '!seen[$0]++' > "$list"
for t in $(cat "$list"); do
	o=${t%.c}.o
	[ -f "$kg/$o" ] && [ -f "$kc/$o" ] ||
		{ echo "bench: $o was not built; is it enabled by config.txt?" >&2; exit 2; }
done
echo "bench: $(wc -l < "$list") units ($(grep -c '^block/' "$list") of block/)"
rec=$work/sparse-cmds-$version.txt
cat > "$work/record-check" <<'EOS'
#!/bin/bash
# stands in for sparse under make C=2: records the arguments, one line each
{ printf '%q ' "$@"; echo; } >> "$BDOPS_RECORD"
EOS
chmod +x "$work/record-check"
: > "$rec"
# -j1: parallel checkers appending long lines to one file would interleave
BDOPS_RECORD=$rec make -s -C "$src" O="$kg" C=2 CHECK="$work/record-check" \
	$(sed 's/\.c$/.o/' "$list")
python3 "$src/scripts/clang-tools/gen_compile_commands.py" -d "$kc" \
	-o "$kc/compile_commands.json"

# 2-3. Cost, findings, facts and their merge.
facts=$work/facts-$version
rm -rf "$facts"
echo "bench: measuring (lanes $lanes, $reps repetition(s)); facts in $facts"
exec python3 "$here/../kernel/measure.py" --src "$src" --build-gcc "$kg" \
	--build-clang "$kc" --sparse-cmds "$rec" --bdops "$bdops_build" \
	--list "$list" --reps "$reps" --lanes "$lanes" --facts "$facts" \
	${json:+--json "$json"}
