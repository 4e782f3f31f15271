#!/usr/bin/env bash
# test.sh: build (incrementally) and run the whole lit testsuite once per
# lane of the table of frontends ('bdops list-frontends': gcc (-O0),
# gcc-O2, clang (plugin), clang-tool, sparse).  Every
# diagnostics test runs under every frontend against the same CHECK lines.
# Ends with "N passed, N failed"; exits non-zero on any failure.
#
# BDOPS_LANES selects what runs (default "lit"): "lit" the lit suite per
# frontend (BDOPS_FRONTENDS), "package" the package lane
# (scripts/package-lane.sh: the Debian packages built, lintian-clean,
# installed in a clean bookworm root, the workflow guides run against the
# installed commands); e.g. BDOPS_LANES="lit package".
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${BDOPS_BUILD:-$top/build}
lit="python3 /usr/lib/llvm-19/build/utils/lit/lit.py"

bash "$top/scripts/build.sh" --no-run || { echo "0 passed, 1 failed"; exit 1; }
# the lanes of the table of frontends (cli/frontends.c)
frontends=${BDOPS_FRONTENDS:-$("$build/bin/bdops" list-frontends | cut -f5 | tr ';' '\n' | cut -d: -f1)}
pass=0 fail=0
lanes=${BDOPS_LANES:-lit}
case " $lanes " in *" lit "*) ;; *) frontends="" ;; esac
for fe in $frontends; do
	echo "== lit --param frontend=$fe"
	out=$($lit -sv -j"$(nproc)" --param frontend="$fe" --param build="$build" \
		"$top/testsuite" "$top/kernel-fixtures" 2>&1)
	echo "$out" | grep -E '^(FAIL|XPASS|UNRESOLVED|TIMEOUT):|^\*\*\*\*' -A0 | grep -v '^\*\*\*\*' || true
	echo "$out" | grep -E '^ *(Passed|Failed|Expectedly Failed|Unsupported|Unresolved|Unexpectedly Passed|Timed Out)'
	p=$(echo "$out" | sed -n 's/^ *Passed *: *\([0-9]*\).*/\1/p')
	x=$(echo "$out" | sed -n 's/^ *Expectedly Failed *: *\([0-9]*\).*/\1/p')
	u=$(echo "$out" | sed -n 's/^ *Unsupported *: *\([0-9]*\).*/\1/p')
	f=0
	for k in Failed Unresolved 'Unexpectedly Passed' 'Timed Out'; do
		n=$(echo "$out" | sed -n "s/^ *$k *: *\([0-9]*\).*/\1/p")
		f=$((f + ${n:-0}))
	done
	pass=$((pass + ${p:-0} + ${x:-0} + ${u:-0} * 0))
	fail=$((fail + f))
	if [ -z "$p" ] && [ $f = 0 ]; then
		echo "$out" | tail -20
		fail=$((fail + 1))
	fi
done
case " $lanes " in
*" package "*)
	echo "== package lane (scripts/package-lane.sh)"
	out=$(bash "$top/scripts/package-lane.sh" 2>&1)
	echo "$out" | grep -Ev '^(ok|ok install:) ' | grep -v ' passed, [0-9]* failed$' || true
	p=$(echo "$out" | sed -n 's/^\([0-9]*\) passed, [0-9]* failed$/\1/p' | tail -1)
	f=$(echo "$out" | sed -n 's/^[0-9]* passed, \([0-9]*\) failed$/\1/p' | tail -1)
	echo "package lane: ${p:-0} passed, ${f:-1} failed"
	pass=$((pass + ${p:-0}))
	fail=$((fail + ${f:-1}))
	;;
esac
echo "$pass passed, $fail failed"
[ $fail = 0 ]
