#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# fix-real.sh [TREE]: `bdops fix` on the real v2.6.27 block drivers.
#
# TREE (default /work/kernel/linux-2.6.27) is set up by
# bench/fix-real/setup.sh (export of tag v2.6.27, make 4.3 fix, x86_64
# config, make prepare; idempotent).  The selection, printed: every .c
# file under drivers/ and arch/x86/ that mentions struct
# block_device_operations, preprocesses on x86_64 (`make V=1 F.i` gives
# its flags), and has bdops-deprecated-prototype/-ioctl findings (its
# methods use the old prototypes).
#
# Each driver is fixed alone, named alone, as a user would: `bdops fix
# FILE -p BUILD -- FLAGS`, BUILD holding the tree's compile_commands.json
# (fix-real/ccdb.py makes it from `make -n V=1`, which prints kbuild's
# commands without compiling).  bdops finds the library functions that
# block a conversion (cdrom_open, scsi_cmd_ioctl, generic_ide_ioctl...)
# in the database, converts them in the same patch with the headers
# declaring them, and names them.  Each patch is applied with `patch -p1`
# (and checked with `git apply --check`), the driver is checked again, and
# every .c file it touches is compiled (the tree's flags,
# -Werror=incompatible-pointer-types) against the tree's headers with the
# 2.6.28 block_device_operations, fmode_t and FMODE_NDELAY/EXCL/WRITE_IOCTL
# put in (bench/fix-real/fmode-header.py); the files are restored.
#
# Prints per file: converted whole / refused (with bdops' reasons), and
# the totals: files converted whole / selected, findings fixed / total,
# every refusal with its reason.  Exit status 0 when every patch applied,
# re-checked clean and compiled; 1 otherwise.  Work files go to
# ${FIX_REAL_OUT:-/tmp/bdops-fix-real}; the tree is left as it was.
# BDOPS names the bdops to run (default build/bin/bdops of this checkout;
# a copy of build/bin and build/lib keeps a long run away from rebuilds).
# About 20 minutes on 2 shared cores.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
tree=$(realpath -m "${1:-/work/kernel/linux-2.6.27}")
mirror=${FIX_REAL_MIRROR:-/work/.mirror/caglar10ur+linux-2.6.27.y/repo}
out=${FIX_REAL_OUT:-/tmp/bdops-fix-real}
bdops=${BDOPS:-$repo/build/bin/bdops}
export LC_ALL=C FIX_REAL_MIRROR=$mirror

[ -x "$bdops" ] || { echo "fix-real: $bdops is not built (bash scripts/build.sh)" >&2; exit 2; }
bash "$here/fix-real/setup.sh" "$tree" || exit 2
mkdir -p "$out/flags" "$out/orig" "$out/runs"
cd "$tree" || exit 2

# ---- the tree's pristine files, so every run starts from them ----
orig() {	# orig FILE: the v2.6.27 copy of FILE, kept in $out/orig
	local o=$out/orig/$1
	if [ ! -f "$o" ]; then
		mkdir -p "$(dirname "$o")"
		git --git-dir="$mirror" show "v2.6.27:$1" > "$o" 2>/dev/null || cp "$1" "$o"
	fi
	echo "$o"
}
restore() { local f; for f in "$@"; do cp "$(orig "$f")" "$f"; done; }

# ---- flags ----
flagfile() { echo "$out/flags/${1//\//_}.flags"; }
# All candidates preprocessed by one make (kbuild's own checks run once).
prefetch() {
	local f t=()
	for f; do
		[ -f "$(flagfile "$f")" ] || [ -f "$(flagfile "$f").fail" ] || t+=("${f%.c}.i")
	done
	[ ${#t[@]} = 0 ] && return
	nice make -k ARCH=x86_64 CC="gcc -fno-pie" V=1 "${t[@]}" > "$out/flags/make.log" 2>&1
	python3 "$here/fix-real/kflags.py" "$out/flags/make.log" "$out/flags"
	for f in "${t[@]}"; do
		if [ -f "$f" ]; then
			rm -f "$f"
		else
			rm -f "$(flagfile "${f%.i}.c")"
			touch "$(flagfile "${f%.i}.c").fail"
		fi
	done
}
flags_of() {	# flags_of FILE: its kbuild flags, one per line; 1 if it does not preprocess
	[ -f "$(flagfile "$1")" ] || return 1
	cat "$(flagfile "$1")"
	# what gcc 12 needs on top for a few files (fix-real/extra-flags.txt)
	sed 's/#.*//' "$here/fix-real/extra-flags.txt" | awk -v f="$1" '$1 == f { for (i = 2; i <= NF; i++) print $i }'
}

# The 2.6.28 block_device_operations and fmode_t in a copy of the tree's
# fs.h, found before the tree's include/.
fmode_inc=$out/fmode-include
mkdir -p "$fmode_inc/linux"
python3 "$here/fix-real/fmode-header.py" "$(orig include/linux/fs.h)" > "$fmode_inc/linux/fs.h"

deprecated() {	# deprecated FILE...: the deprecated-prototype/-ioctl findings (0: no file)
	grep -c 'warning: .*\[bdops-deprecated-\(prototype\|ioctl\)\]' "$@" 2>/dev/null |
		awk -F: '{ n += $NF } END { print n + 0 }'
}

# ---- the selection ----
echo "== selection: old-prototype block_device_operations, preprocessing on x86_64"
sel=()
declare -A before=()
cands=$(grep -rl --include='*.c' 'struct block_device_operations' drivers arch/x86 | sort)
prefetch $cands
for f in $cands; do
	if ! flags_of "$f" > /dev/null; then
		echo "   skip $f: does not preprocess on x86_64"
		continue
	fi
	restore "$f"
	mapfile -t fl < <(flags_of "$f")
	# the findings before, kept while bdops is the same
	[ "$out/runs/${f//\//_}.before" -nt "$bdops" ] ||
		"$bdops" check --frontend gcc "$f" -- -w "${fl[@]}" > "$out/runs/${f//\//_}.before" 2>&1
	n=$(grep -c 'warning: .*\[bdops-' "$out/runs/${f//\//_}.before")
	d=$(deprecated "$out/runs/${f//\//_}.before")
	if grep -q 'frontend failed' "$out/runs/${f//\//_}.before"; then
		echo "   skip $f: does not compile: $(grep -m1 'error:' "$out/runs/${f//\//_}.before")"
		continue
	fi
	if [ "$d" = 0 ]; then
		echo "   skip $f: no old-prototype methods"
		continue
	fi
	sel+=("$f")
	before[$f]=$n
	echo "   $f: $n findings"
done
echo "   ${#sel[@]} files"

# ---- the build's compilation database: kbuild prints every command
# under make -n (nothing is compiled); the libraries are found there ----
build=$out/build
if [ ! -s "$build/compile_commands.json" ] || [ "$build/compile_commands.json" -ot .config ]; then
	nice make -n -k ARCH=x86_64 CC="gcc -fno-pie" V=1 block/ drivers/ fs/ > "$out/flags/make-n.log" 2>&1
	python3 "$here/fix-real/ccdb.py" "$out/flags/make-n.log" "$tree" "$build" "$out/flags"
fi

# ---- fix each driver alone, with -p: apply, re-check, compile ----
echo "== bdops fix FILE -p $build -- FLAGS"
whole=0 nfix=0 ntot=0 bad=0
refusals=()
for f in "${sel[@]}"; do
	tag=${f//\//_}
	log=$out/runs/$tag.fix
	diff=$out/runs/$tag.diff
	restore "$f"
	mapfile -t fl < <(flags_of "$f")
	"$bdops" fix "$f" -p "$build" -- -w "${fl[@]}" > "$diff" 2> "$log"
	# the set: every file the patch touches
	mapfile -t set < <(sed -n 's|^+++ b/||p' "$diff" | sed 's/\t.*//' | sort -u)
	status=ok
	if [ ! -s "$diff" ]; then
		status=ok	# nothing converted: the refusals say why
	elif ! git apply --check "$diff" 2> "$out/runs/$tag.apply"; then
		status="git apply fails"
	elif ! patch -s -p1 < "$diff" >> "$out/runs/$tag.apply" 2>&1; then
		status="patch -p1 fails"
	fi
	rm -f "$out/runs/$tag.after"
	for s in "${set[@]}"; do
		case $s in *.h) continue ;; esac
		[ "$status" = ok ] || break
		mapfile -t sf < <(flags_of "$s")
		if [ "$s" = "$f" ]; then
			"$bdops" check --frontend gcc "$s" -- -w -I"$fmode_inc" "${sf[@]}" \
				> "$out/runs/$tag.after" 2>&1
		fi
		gcc -fno-pie -c -o /dev/null -I"$fmode_inc" "${sf[@]}" \
			-Werror=incompatible-pointer-types "$s" \
			> "$out/runs/${s//\//_}.cc" 2>&1 || status="$s does not compile"
	done
	[ ${#set[@]} = 0 ] || restore "${set[@]}"
	n=${before[$f]}
	left=$n
	[ "$status" = ok ] && [ -f "$out/runs/$tag.after" ] &&
		left=$(grep -c 'warning: .*\[bdops-' "$out/runs/$tag.after")
	ntot=$((ntot + n))
	nfix=$((nfix + n - left))
	libs=$(grep -o "converted with their callers: .* found through" "$log" |
	       sed 's/^converted with their callers: //; s/, found through$//' | tr '\n' ';')
	if [ "$status" != ok ]; then
		bad=1
		echo "   FAIL $f: $status"
	elif [ "$(deprecated "$out/runs/$tag.after")" = 0 ] && [ -s "$diff" ]; then
		whole=$((whole + 1))
		echo "   whole $f: $((n - left))/$n findings fixed${libs:+ (with $libs)}"
	else
		echo "   refused $f: $((n - left))/$n findings fixed${libs:+ (with $libs)}"
		while IFS= read -r r; do
			refusals+=("$f: $r")
		done < <(grep ": not fixed: " "$log" | grep -F "$f:" | sed 's/^bdops fix: [^ ]*: //' |
			 grep -v 'not converted because' | sort -u)
	fi
	if [ "$status" = ok ] && [ "$left" != 0 ] && [ -f "$out/runs/$tag.after" ] &&
	   grep -q 'warning: .*\[bdops-deprecated' "$out/runs/$tag.after" &&
	   ! grep -q ': not fixed: ' "$log"; then
		echo "   FAIL $f: findings left that bdops fix did not name"
		bad=1
	fi
done
echo "== refusals"
for r in "${refusals[@]}"; do echo "   $r"; done
echo "== summary"
echo "files converted whole: $whole / ${#sel[@]}"
echo "findings fixed: $nfix / $ntot"
exit $bad
