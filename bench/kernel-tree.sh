#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# kernel-tree.sh: bdops over a whole kernel build, the way users run it -
# every unit a configuration builds, not a chosen list.  By default Linux
# 7.2 (Debian's linux-source-7.2 from sid).
#
#   bench/kernel-tree.sh [--version V --suite S] [--work DIR] [--jobs N]
#                        [--lanes gcc,sparse,clang] [--scope tree|users]
#
# The source and its configuration come from kernel-debian/setup.sh (a
# private apt configuration; the machine's own packages are never
# upgraded): x86_64 defconfig plus kernel-debian/config.txt, which turns on
# every block-device user that builds on x86_64 here.  The output trees are
# WORK/treeV-gcc and WORK/treeV-clang (CC=clang-19).
#
# --scope tree   (default) make's default targets: vmlinux and every module
# --scope users  the directories of block-device users only (block/,
#                drivers/block, drivers/md, drivers/mtd, drivers/nvme,
#                drivers/target, fs/, kernel/power, mm/)
#
# Lanes:
#   gcc     the tree built with the GCC plugin, its facts in each object;
#           then `bdops merge --objects` over the tree
#   sparse  `make C=2 CHECK="bdops-sparse -fbdops-facts-dir=..."` over the
#           gcc tree (checks every unit again without rebuilding it); then
#           `bdops merge` of those facts
#   clang   the clang-19 tree built with the Clang plugin, merged as gcc's
#
# Resumable: make only redoes what is missing, so an interrupted run goes
# on where it stopped (a new bdops build is not a reason for make to
# rebuild: remove the output tree for that).  Progress: the number of units
# compiled so far is printed every minute.  For each lane the summary gives
# units compiled, units not fully analysed (each with its reason, from the
# build log), crashes and internal errors, and the merged findings; the
# logs are in WORK/tree-logs-V.  Hours on 2 cores: a bench, not a test.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
bdops_build=${BDOPS_BUILD:-$top/build}
work=/work/kernel
version=7.2
suite=sid
jobs=2
lanes=gcc,sparse,clang
scope=tree
while [ $# -gt 0 ]; do
	case $1 in
	--version) version=$2; shift 2 ;;
	--suite) suite=$2; shift 2 ;;
	--work) work=$2; shift 2 ;;
	--jobs) jobs=$2; shift 2 ;;
	--lanes) lanes=$2; shift 2 ;;
	--scope) scope=$2; shift 2 ;;
	-h|--help) sed -n '3,36p' "$0"; exit 0 ;;
	*) echo "kernel-tree: unknown argument '$1'" >&2; exit 2 ;;
	esac
done
export LC_ALL=C
case $scope in
tree) targets="" ;;
users) targets="block/ drivers/block/ drivers/md/ drivers/mtd/ drivers/nvme/ drivers/target/ fs/ kernel/power/ mm/" ;;
*) echo "kernel-tree: --scope is tree or users, not '$scope'" >&2; exit 2 ;;
esac
for f in lib/bdops_gcc.so lib/bdops_clang.so bin/bdops-sparse bin/bdops; do
	[ -e "$bdops_build/$f" ] || { echo "kernel-tree: $bdops_build/$f missing: build bdops first" >&2; exit 2; }
done

kg=$work/tree$version-gcc
kc=$work/tree$version-clang
src=$work/linux-source-$version
logs=$work/tree-logs-$version
mkdir -p "$logs"
outs=("$kg" gcc)
case ,$lanes, in *,clang,*) outs+=("$kc" clang-19) ;; esac
bash "$here/kernel-debian/setup.sh" "$work" "$version" "$suite" "${outs[@]}"

# Units: objects with a .cmd file whose source is a .c file of the tree.
units() {
	(cd "$1" && find . -name '*.o' ! -name '*.mod.o' ! -name 'built-in*' | sed 's|^\./||') |
	while read -r o; do
		[ -f "$src/${o%.o}.c" ] && [ -f "$1/$(dirname "$o")/.$(basename "$o").cmd" ] && echo "$o"
	done | wc -l
}

# make, with a line of progress a minute; -k: one unit that does not build
# (a tree bug, not bdops's) must not hide the others.
build() {
	local out=$1 log=$2
	shift 2
	(while sleep 60; do echo "kernel-tree: $(date +%H:%M) $(units "$out") units in $out"; done) &
	local ticker=$!
	local rc=0
	# shellcheck disable=SC2086
	nice -n 19 make -k -s -C "$src" O="$out" -j"$jobs" "$@" $targets 2> "$log" || rc=$?
	kill $ticker 2>/dev/null || true
	echo "kernel-tree: make exit $rc; $(units "$out") units in $out"
}

summary() {
	local lane=$1 out=$2 log=$3 merged=$4
	echo "== $lane"
	echo "units compiled:        $(units "$out")"
	echo "not fully analysed:    $(grep -c 'not fully analysed' "$log" || true)"
	grep 'not fully analysed' "$log" | sed 's/^/    /' | sort -u | head -50 || true
	echo "crashes/internal:      $(grep -cE 'internal compiler error|bdops: internal error|Segmentation fault|Aborted|signal [0-9]+' "$log" || true)"
	echo "findings per unit:     $(grep -c '\[bdops-' "$log" || true)"
	echo "merged:                $(tail -1 "$merged")"
	grep '\[bdops-' "$merged" | sed 's/^/    /' || true
}

if [[ ,$lanes, == *,gcc,* ]]; then
	echo "kernel-tree: gcc lane (GCC plugin, facts in the objects) over $kg"
	build "$kg" "$logs/gcc.log" \
		KCFLAGS="-fplugin=$bdops_build/lib/bdops_gcc.so -fplugin-arg-bdops_gcc-error=no"
	# bdops prints its summary line on stderr: keep it with the findings
	/usr/bin/time -o "$logs/gcc.merge.time" -f 'merge: %e s, %M KiB peak' \
		"$bdops_build/bin/bdops" merge --objects "$kg" > "$logs/gcc.merge.txt" 2>&1 || true
	summary gcc "$kg" "$logs/gcc.log" "$logs/gcc.merge.txt"
	cat "$logs/gcc.merge.time"
fi
if [[ ,$lanes, == *,sparse,* ]]; then
	echo "kernel-tree: sparse lane (make C=2) over $kg"
	rm -rf "$work/tree-facts-$version/sparse"
	mkdir -p "$work/tree-facts-$version/sparse"
	build "$kg" "$logs/sparse.log" C=2 \
		CHECK="$bdops_build/bin/bdops-sparse -fbdops-facts-dir=$work/tree-facts-$version/sparse"
	"$bdops_build/bin/bdops" merge "$work/tree-facts-$version/sparse" \
		> "$logs/sparse.merge.txt" 2>&1 || true
	summary sparse "$kg" "$logs/sparse.log" "$logs/sparse.merge.txt"
fi
if [[ ,$lanes, == *,clang,* ]]; then
	echo "kernel-tree: clang lane (Clang plugin, facts in the objects) over $kc"
	build "$kc" "$logs/clang.log" CC=clang-19 \
		KCFLAGS="-fplugin=$bdops_build/lib/bdops_clang.so"
	"$bdops_build/bin/bdops" merge --objects "$kc" > "$logs/clang.merge.txt" 2>&1 || true
	summary clang "$kc" "$logs/clang.log" "$logs/clang.merge.txt"
fi
