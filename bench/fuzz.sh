#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# fuzz.sh TARGET SECONDS: a long fuzz run of one target (fuzz/README.md),
# its corpus kept and grown in build/fuzz/corpus/TARGET across runs, its
# failing inputs in build/fuzz/crashes.  Prints the executions and the
# crashes; exits 1 on a crash.  "bash fuzz/run.sh --all" is the short run
# the suite makes.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${BDOPS_BUILD:-$top/build}
[ $# = 2 ] || { echo "usage: bench/fuzz.sh TARGET SECONDS ($(python3 "$top/fuzz/seeds.py" --list | tr '\n' ' '))" >&2; exit 2; }
exec bash "$top/fuzz/run.sh" --build "$build" --seconds "$2" \
	--corpus "$build/fuzz/corpus" --keep "$build/fuzz/crashes" "$1"
