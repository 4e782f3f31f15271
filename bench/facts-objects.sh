#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# facts-objects.sh: facts in objects on a real kernel (issue 19; not in CI).
#
#   bench/facts-objects.sh [--work DIR] [--list FILE] [--reps N] [--units N]
#                          [--cc gcc|clang] [--no-build] [--no-time]
#
# On Linux 6.1 (bench/kernel/setup.sh, in an output tree of its own,
# WORK/kb-facts-CC), builds the units of bench/kernel/tus.txt with the
# plugin, which puts each unit's facts into its object and, given
# facts-dir, into a facts directory as well:
#   make KCFLAGS="-fplugin=bdops_CC.so -fplugin-arg-bdops_CC-error=no
#                 -fplugin-arg-bdops_CC-facts-dir=WORK/kb-facts-CC.facts" OBJS
# then checks that `bdops merge --objects TREE` and `bdops merge FACTS_DIR`
# give the same report (text and JSON; exit 1 if not), prints the section's
# size per unit (bytes per KiB of object), and times the compile with facts
# in the object against facts-object=no and plain (bench/kernel/facts_cost.py;
# CPU time, alternating order).  --no-build compares the trees of the last
# run again.  About 25 minutes on 2 cores for the whole
# list with --reps 1; --units N times only the first N units.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
build=${BDOPS_BUILD:-$top/build}
work=/work/kernel
list=$here/kernel/tus.txt
reps=1
units=0
cc=gcc
time=1
make_it=1
while [ $# -gt 0 ]; do
	case $1 in
	--work) work=$2; shift 2 ;;
	--list) list=$2; shift 2 ;;
	--reps) reps=$2; shift 2 ;;
	--units) units=$2; shift 2 ;;
	--cc) cc=$2; shift 2 ;;
	--no-time) time=0; shift ;;
	--no-build) make_it=0; shift ;;
	-h|--help) sed -n '3,23p' "$0"; exit 0 ;;
	*) echo "facts-objects: unknown argument '$1'" >&2; exit 2 ;;
	esac
done
export LC_ALL=C
case $cc in
gcc) compiler=gcc ;;
clang) compiler=clang-19 ;;
*) echo "facts-objects: --cc gcc or clang" >&2; exit 2 ;;
esac
plugin=$build/lib/bdops_$cc.so
src=$work/linux-source-6.1
out=$work/kb-facts-$cc
facts=$out.facts
bash "$here/kernel/setup.sh" "$work" "$out" "$compiler" || exit 2
objs=$(grep -v '^#' "$list" | sed 's/\.c$/.o/')
if [ $make_it = 1 ]; then
rm -rf "$facts"
# rebuild every listed object with the plugin of this bdops build
(cd "$out" && rm -f $objs)
echo "== make CC=$compiler KCFLAGS=-fplugin=bdops_$cc.so (+ facts-dir) $(echo $objs | wc -w) objects"
t0=$SECONDS
make -s -C "$src" O="$out" CC="$compiler" -j2 \
	KCFLAGS="-fplugin=$plugin -fplugin-arg-bdops_$cc-error=no -fplugin-arg-bdops_$cc-facts-dir=$facts" \
	$objs > "$out.log" 2>&1 || { echo "build failed, see $out.log"; tail -5 "$out.log"; exit 1; }
echo "   built in $((SECONDS - t0)) s; $(ls "$facts" | wc -l) facts files"
fi

status=0
echo "== bdops merge --objects $out  vs  bdops merge $facts"
for fmt in text json; do
	(cd "$src" && "$build/bin/bdops" merge --verbose --format $fmt --objects "$out" \
		> "$out.objects.$fmt" 2> "$out.objects.$fmt.err")
	(cd "$src" && "$build/bin/bdops" merge --verbose --format $fmt "$facts" \
		> "$out.dir.$fmt" 2> "$out.dir.$fmt.err")
	if cmp -s "$out.objects.$fmt" "$out.dir.$fmt"; then
		echo "   $fmt report: identical"
	else
		echo "   $fmt report: DIFFERENT"
		diff "$out.dir.$fmt" "$out.objects.$fmt" | head -20 | sed 's/^/   /'
		status=1
	fi
done
units() { sed -n 's/^bdops merge: unit \([^ ]*\) from .*/\1/p' "$1" | sort; }
echo "   facts directory: $(tail -1 "$out.dir.text.err")"
echo "   objects:         $(tail -1 "$out.objects.text.err")"
# compiles that write no object (kbuild's compiler probes, the -S
# compiles of asm-offsets.c and friends) leave facts in the directory only
comm -23 <(units "$out.dir.text.err") <(units "$out.objects.text.err") |
	sed 's/^/   only in the facts directory (no object): /'
comm -13 <(units "$out.dir.text.err") <(units "$out.objects.text.err") |
	sed 's/^/   only in objects: /'
sed 's/^/   /' "$out.dir.text"

[ $time = 1 ] || exit $status
python3 "$here/kernel/facts_cost.py" --build "$out" --bdops "$build" --list "$list" \
	--cc "$cc" --reps "$reps" --units "$units" || status=1
exit $status
