#!/usr/bin/env bash
# build.sh: set up (Debian packages, sparse source), build everything, then
# run the three checkers over kernel-fixtures/ and print their findings.
#
#   scripts/build.sh            set up, build, check the fixtures
#   scripts/build.sh --no-run   set up and build only (used by test.sh)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${BDOPS_BUILD:-$top/build}
run=1
[ "${1:-}" = "--no-run" ] && run=0

bash "$top/scripts/setup.sh"
if [ ! -f "$build/CMakeCache.txt" ]; then
	cmake -S "$top" -B "$build" -DCMAKE_PREFIX_PATH=/usr/lib/llvm-19 \
		-DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
fi
cmake --build "$build" -j"$(nproc)" 2>&1 | grep -Ev '^\[ *[0-9]+%\]|^(Consolidate|Scanning|make)' || true
[ -x "$build/bin/bdops" ] || { echo "build.sh: build failed" >&2; exit 1; }
echo "build.sh: built $build/lib/bdops_gcc.so $build/lib/bdops_clang.so $build/bin/bdops-clang-tool $build/bin/bdops-sparse $build/bin/bdops"
[ $run = 1 ] || exit 0

# The fixtures: each era's files with that era's headers.
cd "$top"
status=0
for fe in gcc clang sparse; do
	echo "== bdops check --frontend $fe (kernel-fixtures)"
	for era in $(ls kernel-fixtures/include); do
		files=$(grep -rl --include='*.c' "%kflags_$era" kernel-fixtures | grep -v '/harness/' | sort || true)
		[ -n "$files" ] || continue
		# shellcheck disable=SC2086
		"$build/bin/bdops" check --frontend $fe $files -- -std=gnu11 \
			-I"kernel-fixtures/include/$era" || [ $? = 1 ] || status=2
	done
done
exit $status
