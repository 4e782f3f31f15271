#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# kernel-build.sh: bdops inside real kernel builds (the "real kernel" slow
# lane of the GCC, Clang and sparse frontends; not part of the CI suite).
#
#   bench/kernel-build.sh [--work DIR] [--out DIR] [--list FILE] [gcc] [clang] [sparse]
#
# On Linux 6.1 (set up by bench/kernel/setup.sh in DIR, default /work/kernel,
# in output trees of its own under --out, default DIR, so the bench's trees
# are not disturbed), builds the block-layer objects of bench/kernel/tus.txt:
#   gcc:    make KCFLAGS="-fplugin=bdops_gcc.so -fplugin-arg-bdops_gcc-error=no"
#   clang:  make CC=clang-19 KCFLAGS="-fplugin=bdops_clang.so -fplugin-arg-bdops_clang-error=no",
#           then bdops-clang-tool -p over the compile_commands.json that
#           scripts/clang-tools/gen_compile_commands.py writes for that tree
#   sparse: make C=2 CHECK=bdops-sparse (over the gcc tree's objects)
# then merges each frontend's facts (bdops merge: the objects' for the
# plugins, a facts directory for the others), which adds what only the
# whole program shows (a global put from another unit, a wrapper called from
# another unit, a mode field stored by another unit: docs/facts.md).
# Each build must succeed (defconfig has CONFIG_WERROR=y: error=no keeps
# bdops' findings warnings); the findings of each are printed, then whether
# the four agree (file, line, message), per unit and merged.  Exit 1 if a build failed, a
# frontend crashed or the frontends disagree.  About 6 minutes on 2 cores after set-up.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
build=${BDOPS_BUILD:-$top/build}
work=/work/kernel
out=""
list=$here/kernel/tus.txt
lanes=""
while [ $# -gt 0 ]; do
	case $1 in
	--work) work=$2; shift 2 ;;
	--out) out=$2; shift 2 ;;
	--list) list=$2; shift 2 ;;
	gcc|clang|sparse) lanes="$lanes $1"; shift ;;
	-h|--help) sed -n '3,25p' "$0"; exit 0 ;;
	*) echo "kernel-build: unknown argument '$1'" >&2; exit 2 ;;
	esac
done
lanes=${lanes:-gcc clang sparse}
export LC_ALL=C

gso=$build/lib/bdops_gcc.so
cso=$build/lib/bdops_clang.so
tool=$build/bin/bdops-clang-tool
bsparse=$build/bin/bdops-sparse
src=$work/linux-source-6.1
out=${out:-$work}
kg=$out/kb-gcc
kc=$out/kb-clang
bash "$here/kernel/setup.sh" "$work" "$kg" gcc "$kc" clang-19 || exit 2
objs=$(grep -v '^#' "$list" | sed 's/\.c$/.o/')
files=$(grep -v '^#' "$list" | sed "s|^|$src/|")
log=$out/kernel-build
mkdir -p "$log"
status=0

# The bdops findings in a build log, as "file:line: message" plus notes
# (columns dropped: GCC and sparse count a tab as 8, Clang as 1).
findings() {
	grep -E '^[^ ]+:[0-9]+:[0-9]+: (warning|error|note): ' "$1" |
		awk '/\[bdops-/ { on = 1; print; next }
		     / (warning|error): / { on = 0 }
		     on && / note: / { print }' |
		sed -E "s|^$src/||; s|^([^:]+:[0-9]+):[0-9]+:|\\1:|"
}

step() {	# step NAME LOG COMMAND...: run, report status and findings
	local name=$1 out=$2
	shift 2
	echo "== $name"
	printf '%q ' "$@" | sed "s|$top|\$BDOPS|g; s|$work|\$WORK|g; s/^/   /" | cut -c1-300
	echo
	local t0=$SECONDS
	"$@" > "$out" 2>&1
	local rc=$?
	if grep -qE 'bdops: internal error|internal compiler error|Segmentation fault|PLEASE submit' "$out"; then
		echo "   CRASH or internal error, see $out"
		status=1
	fi
	# bdops-clang-tool and bdops merge exit 1 when they have findings
	if [ $rc != 0 ] && [ "${name#bdops}" = "$name" ]; then
		echo "   FAILED (exit $rc), see $out"
		tail -5 "$out" | sed 's/^/   | /'
		status=1
	elif [ $rc -gt 1 ]; then
		echo "   FAILED (exit $rc), see $out"
		status=1
	fi
	findings "$out" > "$out.findings"
	echo "   exit $rc in $((SECONDS - t0)) s, $(grep -c '\[bdops-' "$out.findings") finding(s):"
	sed 's/^/   /' "$out.findings"
}

# The whole program: each frontend's facts merged, right after its build
# (the plugins' are in the objects, up to date even when make rebuilt
# nothing; the sparse lane's make rebuilds the gcc tree's objects without
# the plugin, so the gcc merge must come first).
merge() {	# merge NAME FACTS...
	local name=$1
	shift
	step "bdops merge ($name)" "$log/merge-$name.log" "$build/bin/bdops" merge --error=no "$@"
}

for lane in $lanes; do
	case $lane in
	gcc)
		step "make KCFLAGS=-fplugin=bdops_gcc.so" "$log/gcc.log" \
			make -s -C "$src" O="$kg" -j2 \
			KCFLAGS="-fplugin=$gso -fplugin-arg-bdops_gcc-error=no" $objs
		merge gcc $(printf "$kg/%s " $objs) ;;
	clang)
		step "make CC=clang-19 KCFLAGS=-fplugin=bdops_clang.so" "$log/clang.log" \
			make -s -C "$src" O="$kc" -j2 CC=clang-19 \
			KCFLAGS="-fplugin=$cso -fplugin-arg-bdops_clang-error=no" $objs
		python3 "$src/scripts/clang-tools/gen_compile_commands.py" -d "$kc" \
			-o "$kc/compile_commands.json"
		rm -rf "$log/facts-tool"
		step "bdops-clang-tool" "$log/tool.log" "$tool" -p "$kc" --error=no \
			--facts-dir="$log/facts-tool" $files
		merge clang $(printf "$kc/%s " $objs)
		merge tool "$log/facts-tool" ;;
	sparse)
		# C=2 checks every listed object whether it is rebuilt or not
		# (after the gcc lane it is: KCFLAGS changed).
		rm -rf "$log/facts-sparse"
		step "make C=2 CHECK=bdops-sparse" "$log/sparse.log" \
			make -s -C "$src" O="$kg" -j2 C=2 \
			CHECK="$bsparse -fbdops-facts-dir=$log/facts-sparse" $objs
		merge sparse "$log/facts-sparse" ;;
	esac
done

agree() {	# agree LOG-PREFIX NAMES...: do their findings agree?
	local pre=$1 base="" f
	shift
	for f in "$@"; do
		[ -f "$log/$pre$f.log.findings" ] || continue
		if [ -z "$base" ]; then base=$f; continue; fi
		if diff <(sort "$log/$pre$base.log.findings") <(sort "$log/$pre$f.log.findings") \
			> "$log/diff.$pre$f"; then
			echo "   $base = $f"
		else
			echo "   $base != $f:"
			sed 's/^/   /' "$log/diff.$pre$f"
			status=1
		fi
	done
}
echo "== agreement per unit (file, line, message and notes)"
agree "" gcc clang tool sparse
echo "== agreement merged"
agree merge- gcc clang tool sparse
exit $status
