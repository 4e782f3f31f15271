#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# robustness.sh: bdops must never crash, never break a compile the plain
# compiler accepts, and never report anything on code that has no block
# devices in it.
#
#   scripts/robustness.sh [--count N] [--seed S] [--frontends gcc,clang,clang-tool,sparse]
#                         [--keep DIR] [--kernel [WORK]]
#
# Generates N random programs with csmith (Debian's csmith + libcsmith-dev;
# default 50, the CI lane; use 10000 for a long run) and runs each through
# `bdops check` with every frontend given (default all four: gcc, clang,
# clang-tool, sparse).  For each program and frontend:
#   - exit 0 and "bdops: 0 findings": csmith code has no block_device_operations,
#     no struct file and no blkdev_get/put, so any finding is a false positive;
#   - exit 2 is accepted only when the plain compiler (gcc, clang-19, sparse)
#     rejects the program too;
#   - anything else (exit 1, a signal, "internal error", an ICE) is a failure.
# Failing programs are kept (in --keep DIR, default a temporary directory
# that is printed) with the command that failed.
#
# --kernel runs the kernel list of bench/kernel through the GCC and Clang
# plugins, bdops-clang-tool and bdops-sparse (no timing): no failure, no
# crash, sparse's own output unchanged, and the findings listed per frontend.
#
# Prints "robustness: N programs, M runs, F failures" and exits 1 on any
# failure.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${BDOPS_BUILD:-$top/build}
bdops=$build/bin/bdops
count=50
seed=1
frontends=gcc,clang,clang-tool,sparse
keep=""
kernel=""
while [ $# -gt 0 ]; do
	case $1 in
	--count) count=$2; shift 2 ;;
	--seed) seed=$2; shift 2 ;;
	--frontends) frontends=$2; shift 2 ;;
	--keep) keep=$2; shift 2 ;;
	--kernel)
		kernel=/work/kernel
		if [ $# -gt 1 ] && [ "${2#--}" = "$2" ]; then kernel=$2; shift; fi
		shift ;;
	-h|--help) sed -n '3,27p' "$0"; exit 0 ;;
	*) echo "robustness: unknown argument '$1'" >&2; exit 2 ;;
	esac
done
export LC_ALL=C

if [ -n "$kernel" ]; then
	exec bash "$top/bench/kernel/bench.sh" --work "$kernel" --reps 1 \
		--lanes gcc,clang,sparse,tool
fi

command -v csmith >/dev/null && [ -f /usr/include/csmith/csmith.h ] ||
	{ echo "robustness: needs csmith and libcsmith-dev (scripts/setup.sh)" >&2; exit 2; }
[ -x "$bdops" ] || { echo "robustness: $bdops missing: build bdops first" >&2; exit 2; }

tmp=$(mktemp -d /tmp/bdops-robust.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
if [ -z "$keep" ]; then
	keep=$(mktemp -d /tmp/bdops-robust-fail.XXXXXX)
fi
mkdir -p "$keep"
flags="-I/usr/include/csmith -w"
# Small programs: the CI lane has a minute for 50 of them on 2 cores.
gen="--max-funcs 4 --max-block-depth 3 --max-expr-complexity 6"

# Plain sparse: the one set-up built from the same source bdops-sparse
# links (a clean machine has no other), else one on PATH.
# Looked up only when a sparse run exits 2 (a fake build never needs it).
plain_sparse() {
	local s=$build/third_party/sparse/sparse
	[ -x "$s" ] || s=$(command -v sparse) ||
		{ echo "robustness: no plain sparse ($build/third_party/sparse/sparse or on PATH)" >&2; return 2; }
	"$s" "$@"
}

plain() {	# plain FRONTEND FILE: does the host compiler accept it?
	case $1 in
	gcc) gcc $flags -c -o /dev/null "$2" ;;
	clang|clang-tool) clang-19 $flags -c -o /dev/null "$2" ;;
	# sparse exits 0 even on errors: look for them (in a variable: grep -q
	# ends the pipe early, and pipefail would take sparse's SIGPIPE)
	sparse) ! grep -q ': error: ' <<<"$(plain_sparse $flags "$2" 2>&1)" ;;
	esac >/dev/null 2>&1
}

fail=0 runs=0
failed() {	# failed FILE FRONTEND WHY
	local n
	fail=$((fail + 1))
	n=$keep/$(basename "$1" .c).$2
	cp "$1" "$n.c"
	cp "$tmp/out" "$n.out"
	echo "$bdops check --frontend $2 $n.c -- $flags" > "$n.cmd"
	echo "robustness: FAIL $2 seed $(basename "$1" .c | tr -dc 0-9): $3 (kept $n.c)"
}

for i in $(seq 0 $((count - 1))); do
	s=$((seed + i))
	f=$tmp/p$s.c
	csmith --seed "$s" $gen -o "$f" >/dev/null 2>&1 ||
		{ echo "robustness: csmith failed for seed $s" >&2; fail=$((fail + 1)); continue; }
	for fe in ${frontends//,/ }; do
		runs=$((runs + 1))
		"$bdops" check --frontend "$fe" "$f" -- $flags > "$tmp/out" 2>&1
		rc=$?
		if grep -qE 'internal error|internal compiler error|Segmentation fault|PLEASE submit|Assertion' "$tmp/out"; then
			failed "$f" "$fe" "crash or internal error (exit $rc)"
		elif [ $rc = 0 ]; then
			grep -q '^bdops: 0 findings' "$tmp/out" ||
				failed "$f" "$fe" "exit 0 without '0 findings'"
		elif [ $rc = 1 ]; then
			failed "$f" "$fe" "findings on csmith code"
		elif [ $rc = 2 ]; then
			plain "$fe" "$f" &&
				failed "$f" "$fe" "exit 2 but the plain compiler accepts it"
		else
			failed "$f" "$fe" "exit status $rc"
		fi
	done
done
[ $fail = 0 ] && rmdir "$keep" 2>/dev/null
echo "robustness: $count programs, $runs runs, $fail failures"
[ $fail = 0 ]
