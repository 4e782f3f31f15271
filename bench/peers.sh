#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# peers.sh: bdops and its peers on the corpus of upstream fixes.
#
#   bench/peers.sh [--no-bdops] [--markdown] [NAME...]
#
# For every reduction of testsuite/corpus/corpus.txt (or the NAMEs given),
# its buggy version and its fixed twin, runs
#   bdops      the five lanes (gcc gcc-O2 clang clang-tool sparse), unless --no-bdops
#   sparse     stock sparse 0.6.4, the one scripts/setup.sh builds in
#              build/third_party/sparse, with the flags of the kernel's
#              `make C=1` (-Wbitwise -Wno-return-void -Wno-unknown-attribute)
#              and -Wno-decl: a reduction's functions have no header
#              declaring them, which the real code has
#   gcc        gcc-12 -fanalyzer (no other warning enabled)
#   clang      clang-19 --analyze (the default checkers)
#   smatch     smatch -p=kernel (the kernel checks; no cross-function database)
# and prints one row per reduction and variant.  A cell says:
#   found      a diagnostic at a site of the bug (a line the corpus test puts
#              bdops' warning on)          [buggy version]
#   missed     no diagnostic at all        [buggy version]
#   other      diagnostics, none at a site of the bug (unrelated warnings)
#   FP         a diagnostic at a site of the bug in the fixed twin
#   clean      no diagnostic               [fixed twin]
#   no-run     the tool did not run on the files (parse error, crash)
# Each tool's output is kept in build/peers/NAME.VARIANT.TOOL.txt.
#
# Packages (installed with apt-get when missing; run as root): gcc-12,
# clang-19, make, git, libsqlite3-dev, sqlite3.  smatch is not in Debian:
# the script clones https://github.com/error27/smatch (or the repo.or.cz
# mirror) into build/third_party/smatch and builds it there.  Where neither
# can be reached, build smatch yourself from a checkout of it and run with
# SMATCH=/path/to/smatch (the binary); a smatch already built in
# build/third_party/smatch is used as it is.  Without smatch its column says
# no-run.  About 2 minutes on 2 cores.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
build=${BDOPS_BUILD:-$top/build}
tp=$build/third_party
corpus=$top/testsuite/corpus
fixtures=$top/kernel-fixtures/include
out=$build/peers
do_bdops=1
markdown=0
names=()
while [ $# -gt 0 ]; do
	case $1 in
	--no-bdops) do_bdops=0 ;;
	--markdown) markdown=1 ;;
	-h|--help) sed -n '3,35p' "$0"; exit 0 ;;
	-*) echo "peers.sh: unknown option $1" >&2; exit 2 ;;
	*) names+=("$1") ;;
	esac
	shift
done

# --- tools ---------------------------------------------------------------
missing=
for p in gcc-12 clang-19 make git libsqlite3-dev sqlite3; do
	dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
if [ -n "$missing" ]; then
	echo "peers.sh: installing$missing" >&2
	{ apt-get install -y -qq --no-install-recommends $missing ||
	  { apt-get update -qq && apt-get install -y -qq --no-install-recommends $missing; }; } >/dev/null
fi
sparse=$tp/sparse/sparse
[ -x "$sparse" ] || bash "$top/scripts/setup.sh" >/dev/null
smatch=${SMATCH:-}
if [ -z "$smatch" ]; then
	if [ ! -x "$tp/smatch/smatch" ]; then
		rm -rf "$tp/smatch"
		for url in https://github.com/error27/smatch https://repo.or.cz/smatch.git; do
			timeout 120 git clone -q --depth 1 "$url" "$tp/smatch" 2>/dev/null && break
			rm -rf "$tp/smatch"
		done
		if [ -d "$tp/smatch" ]; then
			make -s -C "$tp/smatch" -j2 smatch >/dev/null 2>&1 ||
				echo "peers.sh: smatch did not build" >&2
		else
			echo "peers.sh: smatch cannot be cloned here; set SMATCH=/path/to/smatch" >&2
		fi
	fi
	smatch=$tp/smatch/smatch
fi

# --- the bug's sites ------------------------------------------------------
# The lines a corpus test puts a bdops warning on, as BASENAME:LINE, from
# CHECK lines '...: FILE:[[@LINE-N]]:...: warning:' in a .c test and
# 'FILE:LINE:...: warning:' in a .test.
sites() {
	local t
	for t in "$@"; do
		[ -f "$t" ] || continue
		awk '
		/warning:/ && match($0, /[A-Za-z0-9_.-]+\.c:\[\[@LINE[-+][0-9]+\]\]/) {
			s = substr($0, RSTART, RLENGTH)
			f = s; sub(/:.*/, "", f)
			o = s; sub(/.*@LINE/, "", o); sub(/\]\]/, "", o)
			print f ":" NR + o; next
		}
		/warning:/ && match($0, /[A-Za-z0-9_.-]+\.c:[0-9]+:/) {
			s = substr($0, RSTART, RLENGTH - 1); print s
		}' "$t"
	done | sort -u
}

# Diagnostic locations of a tool's output, as BASENAME:LINE.  Compiler-style
# 'file:line:col: warning|error' and smatch's 'file:line func() warn|error'.
diag_sites() {
	sed -n -E 's#^([^ :]*/)?([A-Za-z0-9_.-]+\.[ch]):([0-9]+)(:[0-9]+)?:? .*(warning|warn|error|info)[:].*#\2:\3#p' "$1" | sort -u
}

# classify OUTFILE STATUS VARIANT SITES...
classify() {
	local f=$1 st=$2 variant=$3
	shift 3
	[ "$st" = norun ] && { echo no-run; return; }
	local d
	d=$(diag_sites "$f")
	if [ -z "$d" ]; then
		[ "$variant" = bug ] && echo missed || echo clean
		return
	fi
	local s
	for s in "$@"; do
		if grep -qx "$s" <<<"$d"; then
			[ "$variant" = bug ] && echo found || echo FP
			return
		fi
	done
	echo other
}

# run TOOL FLAGS FILES -> output file, prints 'ok' or 'norun'
run_tool() {
	local tool=$1 flags=$2 era=$3 log=$4
	shift 4
	local inc=(-nostdinc -I"$fixtures/$era" -D__KERNEL__)
	local st=ok f
	: >"$log"
	case $tool in
	sparse)
		for f in "$@"; do
			"$sparse" -Wbitwise -Wno-return-void -Wno-unknown-attribute -Wno-decl \
				-std=gnu11 "${inc[@]}" $flags "$f" >>"$log" 2>&1 || st=norun
		done
		grep -qE ':[0-9]+:[0-9]+: error:' "$log" && st=norun ;;
	gcc)
		for f in "$@"; do
			gcc-12 -fanalyzer -std=gnu11 "${inc[@]}" $flags -c "$f" \
				-o /dev/null >>"$log" 2>&1 || st=norun
		done ;;
	clang)
		for f in "$@"; do
			clang-19 --analyze -std=gnu11 "${inc[@]}" $flags "$f" \
				-o /dev/null >>"$log" 2>&1 || st=norun
		done ;;
	smatch)
		[ -x "$smatch" ] || { echo norun; return; }
		for f in "$@"; do
			"$smatch" -p=kernel -std=gnu11 "${inc[@]}" $flags "$f" >>"$log" 2>&1 ||
				st=norun
		done
		grep -qE ':[0-9]+:[0-9]+: error:' "$log" && st=norun ;;
	bdops-*)
		local lane=${tool#bdops-} fe extra=()
		fe=$lane
		[ "$lane" = gcc-O2 ] && { fe=gcc; extra=(--cflag -O2); }
		"$build/bin/bdops" check --frontend "$fe" "${extra[@]}" "$@" -- \
			-std=gnu11 -I"$fixtures/$era" $flags >"$log" 2>&1
		[ $? -le 1 ] || st=norun
		grep -q 'frontend failed' "$log" && st=norun ;;
	esac
	echo $st
}

tools=(sparse gcc clang smatch)
[ $do_bdops = 1 ] && tools=(bdops-gcc bdops-gcc-O2 bdops-clang bdops-clang-tool bdops-sparse "${tools[@]}")
mkdir -p "$out"

if [ $markdown = 1 ]; then
	printf '| reduction | variant |'; printf ' %s |' "${tools[@]}"; echo
	printf '|---|---|'; printf -- '---|%.0s' "${tools[@]}"; echo
else
	printf '%-34s %-5s' reduction var; printf ' %-9s' "${tools[@]}"; echo
fi
while read -r name era files bugf fixf commit check; do
	case $name in ''|'#'*) continue ;; esac
	if [ ${#names[@]} -gt 0 ]; then
		keep=0
		for n in "${names[@]}"; do [ "$n" = "$name" ] && keep=1; done
		[ $keep = 1 ] || continue
	fi
	paths=()
	IFS=, read -r -a fl <<<"$files"
	for f in "${fl[@]}"; do paths+=("$corpus/$f"); done
	base=${name%-v[0-9]}
	mapfile -t bugsites < <(sites "$corpus/$base.c" "$corpus/$base.test")
	for variant in bug fixed; do
		flags=$bugf
		[ $variant = fixed ] && flags=$fixf
		[ "$flags" = - ] && flags=
		flags=${flags//,/ }
		if [ $markdown = 1 ]; then
			printf '| %s | %s |' "$name" "$variant"
		else
			printf '%-34s %-5s' "$name" "$variant"
		fi
		for tool in "${tools[@]}"; do
			log=$out/$name.$variant.$tool.txt
			# multi-file reductions include "power.h" etc. from their own directory
			st=$(cd "$(dirname "${paths[0]}")" && run_tool "$tool" "$flags" "$era" "$log" "${paths[@]}")
			c=$(classify "$log" "$st" "$variant" "${bugsites[@]}")
			if [ $markdown = 1 ]; then printf ' %s |' "$c"; else printf ' %-9s' "$c"; fi
		done
		echo
	done
done <"$corpus/corpus.txt"
