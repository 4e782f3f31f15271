#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# run.sh: run fuzz targets (build/fuzz/fuzz-TARGET, see fuzz/README.md).
#
#   fuzz/run.sh [--build BUILD] [--seconds S] [--runs N] [--corpus DIR]
#               [--keep DIR] (--all | TARGET...)
#
# For each target:
#   1. every regression input (testsuite/robustness/Inputs/fuzz/TARGET/*,
#      the crashes and leaks fuzzing found) runs once: each must pass;
#   2. the seed corpus is made from the testsuite (fuzz/seeds.py TARGET),
#      into --corpus DIR/TARGET (kept and grown between runs) or a
#      temporary directory;
#   3. libFuzzer runs from it for at most N executions (--runs, default
#      unbounded) and S seconds (--seconds, default 10), seed 1, with the
#      target's own output closed.  A crash, a leak, a sanitizer report or
#      a time-out (--timeout 30 s per input) fails the run; its input is
#      kept in --keep DIR (default a temporary directory, printed).
# Prints "fuzz: TARGET: N execs in S s, 0 crashes" per target, then
# "fuzz: T targets, F failures"; exits 1 on any failure.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${BDOPS_BUILD:-$top/build}
seconds=10
runs=-1
corpus=""
keep=""
targets=""
while [ $# -gt 0 ]; do
	case $1 in
	--build) build=$2; shift 2 ;;
	--seconds) seconds=$2; shift 2 ;;
	--runs) runs=$2; shift 2 ;;
	--corpus) corpus=$2; shift 2 ;;
	--keep) keep=$2; shift 2 ;;
	--all) targets="$targets all"; shift ;;
	-h|--help) sed -n '3,20p' "$0"; exit 0 ;;
	-*) echo "run.sh: unknown option $1" >&2; exit 2 ;;
	*) targets="$targets $1"; shift ;;
	esac
done
fuzzdir=$build/fuzz
if [ "$targets" = " all" ]; then
	targets=$(python3 "$top/fuzz/seeds.py" --list)
fi
[ -n "$targets" ] || { echo "run.sh: name a TARGET, or --all" >&2; exit 2; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bdops-fuzz.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
if [ -z "$keep" ]; then
	keep=$(mktemp -d "${TMPDIR:-/tmp}/bdops-fuzz-keep.XXXXXX")
fi
mkdir -p "$keep"
# a leak is a failure too; the reports name source lines
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:symbolize=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

n=0 failures=0
for t in $targets; do
	n=$((n + 1))
	bin=$fuzzdir/fuzz-$t
	if [ ! -x "$bin" ]; then
		echo "fuzz: $t: FAIL: $bin is not built (BDOPS_FUZZ in the main build;" \
		     "scripts/setup.sh installs libclang-rt-19-dev)"
		failures=$((failures + 1))
		continue
	fi
	# 1. the regressions
	reg=$top/testsuite/robustness/Inputs/fuzz/$t
	bad=0
	if [ -d "$reg" ]; then
		for input in "$reg"/*; do
			[ -f "$input" ] || continue
			if ! "$bin" -close_fd_mask=3 "$input" > "$tmp/reg.log" 2>&1; then
				echo "fuzz: $t: FAIL: regression input $input fails again:"
				grep -E 'ERROR|SUMMARY|runtime error' "$tmp/reg.log" | head -5
				bad=1
			fi
		done
	fi
	# 2. the seeds
	dir=${corpus:+$corpus/$t}
	dir=${dir:-$tmp/corpus-$t}
	mkdir -p "$dir" "$tmp/seeds-$t"
	if ! python3 "$top/fuzz/seeds.py" "$t" "$tmp/seeds-$t" --build "$build"; then
		echo "fuzz: $t: FAIL: no seeds (fuzz/seeds.py $t)"
		failures=$((failures + 1))
		continue
	fi
	# 3. the run: new inputs go to dir, seeds are read from both
	log=$tmp/$t.log
	"$bin" -seed=1 -runs="$runs" -max_total_time="$seconds" -timeout=30 \
		-rss_limit_mb=4096 -close_fd_mask=3 -print_final_stats=1 \
		-artifact_prefix="$keep/$t-" "$dir" "$tmp/seeds-$t" > "$log" 2>&1
	status=$?
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
	secs=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
	if [ $status != 0 ] || grep -qE '^==[0-9]+==ERROR|runtime error:' "$log"; then
		artifact=$(sed -n "s/.*Test unit written to \(.*\)/\1/p" "$log" | tail -1)
		echo "fuzz: $t: FAIL: ${execs:-?} execs, a crash (kept ${artifact:-$log})"
		grep -E '^==[0-9]+==ERROR|runtime error:|^SUMMARY' "$log" | head -3
		[ -n "$artifact" ] || cp "$log" "$keep/$t.log"
		failures=$((failures + 1))
		continue
	fi
	if [ $bad != 0 ]; then
		failures=$((failures + 1))
		continue
	fi
	echo "fuzz: $t: ${execs:-0} execs in ${secs:-0} s, 0 crashes"
done
echo "fuzz: $n targets, $failures failures"
[ $failures = 0 ] || echo "fuzz: failing inputs are kept in $keep"
[ $failures = 0 ] && rmdir "$keep" 2>/dev/null
[ $failures = 0 ]
