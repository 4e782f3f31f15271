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
# Each driver is fixed alone first.  When bdops says a library function
# blocks it (a function of another file given the method's struct file or
# inode), the library's file and the header that declares the function
# join the driver's set, with every other driver the same function
# blocks, until no new library is named: the sets are fixed as one
# program each, as 2.6.28 converted cdrom.c and scsi_cmd_ioctl() with
# their callers.  Each set's patch is applied with `patch -p1` (and
# checked with `git apply --check`), the files are checked again and
# compiled (the tree's flags, -Werror=incompatible-pointer-types) against
# the tree's headers with the 2.6.28 block_device_operations, fmode_t and
# FMODE_NDELAY/EXCL/WRITE_IOCTL put in (bench/fix-real/fmode-header.py),
# and the files are restored.
#
# Prints per file: converted whole / refused (with bdops' reasons), and
# the totals: files converted whole / selected, findings fixed / total,
# every refusal with its reason.  Exit status 0 when every patch applied,
# re-checked clean and compiled; 1 otherwise.  Work files go to
# ${FIX_REAL_OUT:-/tmp/bdops-fix-real}; the tree is left as it was.
# BDOPS names the bdops to run (default build/bin/bdops of this checkout;
# a copy of build/bin and build/lib keeps a long run away from rebuilds).
# About 30 minutes on 2 shared cores, most of it in the probes that find
# each driver's libraries.
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

# The flags of a set: the first file's, plus every -I/-include/-D of the
# others it lacks (kbuild's per-directory options).
set_flags() {
	local f first=1
	declare -A seen=()
	for f in "$@"; do
		case $f in *.h) continue ;; esac
		while IFS= read -r w; do
			if [ $first = 1 ] || { [ -z "${seen[$w]:-}" ] && case $w in -I*|-D*) true ;; *) false ;; esac; }; then
				case $w in -DKBUILD_*) [ $first = 1 ] || continue ;; esac
				seen[$w]=1
				printf '%s\n' "$w"
			fi
		done < <(flags_of "$f")
		first=0
	done
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

# ---- sets: a driver alone, then with the libraries that block it ----
declare -A group=()	# driver -> its set (space-separated, sorted)
lib_of() {	# lib_of FUNC: the .c file defining FUNC (exported) and the header declaring it
	local c h
	c=$(grep -rl --include='*.c' "^EXPORT_SYMBOL\(_GPL\)\?($1);" drivers block fs 2>/dev/null | head -1)
	h=$(grep -rl --include='*.h' -E "^(extern )?[a-z].*[ *]$1\(" include 2>/dev/null | head -1)
	echo "$c $h"
}
blockers() {	# blockers LOG: the library functions bdops named as blocking
	grep -o "blocked by library function '[A-Za-z0-9_]*'" "$1" | cut -d"'" -f2 | sort -u
}
sorted() { printf '%s\n' "$@" | sed '/^$/d' | sort -u | tr '\n' ' '; }
declare -A probed=()	# driver -> the set last probed
for f in "${sel[@]}"; do group[$f]="$f "; done
for round in 1 2 3 4 5; do
	changed=0
	for f in "${sel[@]}"; do
		[ "${probed[$f]:-}" = "${group[$f]}" ] && continue
		probed[$f]=${group[$f]}
		read -r -a set <<< "${group[$f]}"
		mapfile -t fl < <(set_flags "${set[@]}")
		restore "${set[@]}"
		"$bdops" fix "${set[@]}" -- -w "${fl[@]}" > /dev/null 2> "$out/runs/probe.log"
		restore "${set[@]}"
		for fn in $(blockers "$out/runs/probe.log"); do
			read -r c h <<< "$(lib_of "$fn")"
			[ -n "$c" ] || continue
			prefetch "$c"
			new=$(sorted ${group[$f]} $c $h)
			[ "$new" != "${group[$f]}" ] && changed=1
			group[$f]=$new
		done
	done
	# sets that share a file are one program
	merged=1
	while [ $merged = 1 ]; do
		merged=0
		for f in "${sel[@]}"; do
			for g in "${sel[@]}"; do
				[ "${group[$f]}" = "${group[$g]}" ] && continue
				if printf '%s\n' ${group[$f]} | grep -qxF -f <(printf '%s\n' ${group[$g]}); then
					u=$(sorted ${group[$f]} ${group[$g]})
					for h in "${sel[@]}"; do
						if [ "${group[$h]}" = "${group[$f]}" ] || [ "${group[$h]}" = "${group[$g]}" ]; then
							group[$h]=$u
						fi
					done
					merged=1 changed=1
				fi
			done
		done
	done
	[ $changed = 0 ] && break
done

# ---- fix, apply, re-check, compile ----
echo "== bdops fix"
whole=0 nfix=0 ntot=0 bad=0
refusals=()
declare -A done_set=()
for f in "${sel[@]}"; do
	setkey=${group[$f]}
	read -r -a set <<< "$setkey"
	tag=${f//\//_}
	log=$out/runs/$tag.fix
	if [ -z "${done_set[$setkey]:-}" ]; then
		done_set[$setkey]=1
		restore "${set[@]}"
		mapfile -t fl < <(set_flags "${set[@]}")
		"$bdops" fix "${set[@]}" -- -w "${fl[@]}" > "$out/runs/$tag.diff" 2> "$log"
		for s in "${set[@]}"; do
			rm -f "$out/runs/${s//\//_}.after"
			[ "$s" = "$f" ] && continue
			cp "$log" "$out/runs/${s//\//_}.fix"
			cp "$out/runs/$tag.diff" "$out/runs/${s//\//_}.diff"
		done
		status=ok
		if [ ! -s "$out/runs/$tag.diff" ]; then
			status=ok	# nothing converted: the refusals say why
		elif ! git apply --check "$out/runs/$tag.diff" 2> "$out/runs/$tag.apply"; then
			status="git apply fails"
		elif ! patch -s -p1 < "$out/runs/$tag.diff" >> "$out/runs/$tag.apply" 2>&1; then
			status="patch -p1 fails"
		fi
		for s in "${set[@]}"; do
			case $s in *.h) continue ;; esac
			st=$status
			if [ "$st" = ok ] && [ -s "$out/runs/$tag.diff" ]; then
				mapfile -t sf < <(flags_of "$s")
				"$bdops" check --frontend gcc "$s" -- -w -I"$fmode_inc" "${sf[@]}" \
					> "$out/runs/${s//\//_}.after" 2>&1
				gcc -fno-pie -c -o /dev/null -I"$fmode_inc" "${sf[@]}" \
					-Werror=incompatible-pointer-types "$s" \
					> "$out/runs/${s//\//_}.cc" 2>&1 || st="does not compile"
			fi
			echo "$st" > "$out/runs/${s//\//_}.status"
		done
		restore "${set[@]}"
	fi
	st=$(cat "$out/runs/$tag.status")
	n=${before[$f]}
	left=$n
	[ "$st" = ok ] && [ -f "$out/runs/$tag.after" ] &&
		left=$(grep -c 'warning: .*\[bdops-' "$out/runs/$tag.after")
	ntot=$((ntot + n))
	nfix=$((nfix + n - left))
	others=$(printf '%s\n' "${set[@]}" | grep -vx -- "$f" | tr '\n' ' ')
	if [ "$st" != ok ]; then
		bad=1
		echo "   FAIL $f: $st${others:+ (with $others)}"
	elif [ "$(deprecated "$out/runs/$tag.after")" = 0 ] && [ -s "$out/runs/$tag.diff" ]; then
		whole=$((whole + 1))
		echo "   whole $f: $((n - left))/$n findings fixed${others:+ (with $others)}"
	else
		echo "   refused $f: $((n - left))/$n findings fixed${others:+ (with $others)}"
		while IFS= read -r r; do
			refusals+=("$f: $r")
		done < <(grep ": not fixed: " "$log" | grep -F "$f:" | sed 's/^bdops fix: [^ ]*: //' |
			 grep -v 'not converted because' | sort -u)
	fi
	if [ "$st" = ok ] && [ "$left" != 0 ] && [ -f "$out/runs/$tag.after" ] &&
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
