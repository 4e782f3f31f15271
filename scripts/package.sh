#!/usr/bin/env bash
# package.sh [OUTDIR]: build the Debian packages bdops and bdops-clang
# (debian/, "dpkg-buildpackage -b -us -uc") from this checkout's files,
# run lintian on them, and leave the .deb files in OUTDIR (default
# build/deb).  Install them with
#   apt-get install ./build/deb/bdops_*.deb ./build/deb/bdops-clang_*.deb
#
# The build runs in a copy of the checkout (in build/package) (its tracked and new files, as
# "git ls-files" lists them), so dpkg-buildpackage's output stays out of
# the parent directory and out of the build tree.  sparse's source is the
# one scripts/setup.sh fetched (build/third_party/sparse, from "apt-get
# source sparse"); run scripts/setup.sh first (scripts/build.sh does).
# Needs dpkg-dev, debhelper and lintian (scripts/setup.sh installs them).
# Exits non-zero if the build fails or lintian reports an error.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${BDOPS_BUILD:-$top/build}
out=${1:-$build/deb}
sparse=${BDOPS_SPARSE_SRC:-$build/third_party/sparse}
[ -f "$sparse/sparse.c" ] || {
	echo "package.sh: no sparse source in $sparse: run scripts/setup.sh" >&2
	exit 1
}
# A fixed directory, not a new one each time: dpkg-buildflags maps it
# away (-ffile-prefix-map=DIR=.), and with the same DIR every time the
# compiles hit ccache's cache on the next run.
work=$build/package
rm -rf "$work"
mkdir -p "$work/bdops"
(cd "$top" && git ls-files -z -c -o --exclude-standard |
	while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done |
	tar --null -T - -cf -) | tar -C "$work/bdops" -xf -
launcher=
command -v ccache >/dev/null && launcher=ccache
# ccache: the same sources in another directory hit the cache
export CCACHE_BASEDIR="$work" CCACHE_NOHASHDIR=1
(cd "$work/bdops" &&
	BDOPS_SPARSE_SRC="$sparse" BDOPS_LAUNCHER=$launcher \
	dpkg-buildpackage -b -us -uc -j"$(nproc)" > "$work/build.log" 2>&1) || {
	tail -40 "$work/build.log" >&2
	echo "package.sh: dpkg-buildpackage failed" >&2
	exit 1
}
# lintian: errors fail, warnings are shown
changes=$(ls "$work"/*.changes)
lintian --fail-on error --tag-display-limit 0 "$changes" 2>&1 |
	grep -v 'root privileges is not recommended' | tee "$work/lintian.log"
[ "${PIPESTATUS[0]}" = 0 ] || { echo "package.sh: lintian reports errors" >&2; exit 1; }
echo "package.sh: lintian: no errors, $(grep -c '^W:' "$work/lintian.log" || true) warnings"
mkdir -p "$out"
rm -f "$out"/bdops*.deb
mv "$work"/*.deb "$out/"
echo "package.sh: built $(cd "$out" && ls *.deb | tr '\n' ' ')in $out"
