#!/usr/bin/env bash
# setup.sh: install what bdops needs from Debian and fetch sparse's source.
#
# Idempotent: on a machine that is already set up it checks and returns in
# seconds.  Run as root (apt-get).  Fetches third-party source (sparse) and
# the SARIF Multitool (npm) at set-up time into build/third_party; nothing
# of it is committed.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${BDOPS_BUILD:-$top/build}
export DEBIAN_FRONTEND=noninteractive

# One Clang for everything: the newest bookworm offers that loads plugins
# (clang-19; /usr/bin/clang is clang-14).  See README.  help2man makes the
# man pages from the tools' --help; man-db, pre-commit and bash are what
# the tests run the man pages, the pre-commit hook and completion with.
# libclang-rt-19-dev is clang-19's libFuzzer and sanitizer runtimes, for the
# fuzz targets (fuzz/).  debhelper and lintian build and check the Debian
# packages (scripts/package.sh), debootstrap makes the clean root the
# package lane installs them into (BDOPS_LANES=package, scripts/test.sh).
pkgs="ca-certificates gcc g++ make cmake python3 python3-yaml python3-jsonschema gcc-12-plugin-dev
      clang-19 clang-tools-19 libclang-19-dev libclang-cpp19-dev llvm-19-dev llvm-19-tools
      libclang-rt-19-dev
      dpkg-dev git patch valgrind libelf-dev zlib1g-dev ccache distcc icecc
      csmith libcsmith-dev
      help2man man-db pre-commit
      debhelper lintian debootstrap"
# npm for the SARIF Multitool, unless a node is there already (a
# NodeSource one ships its own npm: Debian's npm would fight it)
command -v npm >/dev/null 2>&1 || pkgs="$pkgs nodejs npm"

missing=""
for p in $pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' ||
		missing="$missing $p"
done
if [ -n "$missing" ]; then
	echo "setup: installing$missing"
	apt-get update -qq
	apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi

# sparse 0.6.4 from Debian's source package: a deb-src entry for the mirror
# this machine already uses (scripts/deb-src.sh reads it from its own deb
# entry), unless it has one.  Ours is rewritten when the mirror changes.
src_list=/etc/apt/sources.list.d/bdops-src.sources
want=$(sh "$top/scripts/deb-src.sh") || {
	echo "setup: no Debian deb entry in /etc/apt to take a deb-src mirror from" >&2
	exit 1
}
if [ -f "$src_list" ] ||
   { ! grep -rqs '^Types:.*deb-src' /etc/apt/sources.list.d/ &&
     ! grep -qs '^deb-src' /etc/apt/sources.list; }; then
	if [ "$(cat "$src_list" 2>/dev/null)" != "$want" ]; then
		echo "$want" > "$src_list"
		apt-get update -qq
	fi
fi
tp=$build/third_party
if [ ! -f "$tp/sparse/libsparse.a" ] || [ ! -x "$tp/sparse/sparse" ]; then
	mkdir -p "$tp"
	rm -rf "$tp/sparse" "$tp"/sparse-*
	(cd "$tp" && apt-get source -qq sparse >/dev/null 2>&1 ||
		{ apt-get update -qq && apt-get source -qq sparse >/dev/null; })
	d=$(find "$tp" -maxdepth 1 -type d -name 'sparse-*' | head -1)
	mv "$d" "$tp/sparse"
	# libsparse.a for bdops-sparse; sparse itself for the fixtures' compile test
	make -s -C "$tp/sparse" -j"$(nproc)" libsparse.a sparse >/dev/null
fi

# Microsoft's SARIF Multitool, which the tests validate every SARIF log
# with (testsuite/Inputs/sarif_validate.py), from the npm registry at set-up
# time only: the tests run it offline.  Pinned, with the platform package
# its wrapper would pick, so a new release cannot change the verdicts.
smt_version=5.7.0
smt=$tp/sarif-multitool
smt_bin=$smt/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool
if [ ! -x "$smt_bin" ] ||
   ! grep -qs "\"version\": \"$smt_version\"" "$smt/node_modules/@microsoft/sarif-multitool-linux/package.json"; then
	mkdir -p "$smt"
	# Node trusts its own CA bundle, not the system's: a network that
	# inspects TLS (its CA installed with update-ca-certificates) would
	# fail here, so give npm the system store as well.
	if [ -z "${NODE_EXTRA_CA_CERTS:-}" ] && [ -s /etc/ssl/certs/ca-certificates.crt ]; then
		export NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
	fi
	npm install --prefix "$smt" --no-save --no-audit --no-fund --loglevel=error \
		"@microsoft/sarif-multitool@$smt_version" \
		"@microsoft/sarif-multitool-linux@$smt_version" >/dev/null || {
		echo "setup: npm could not install the SARIF Multitool from the npm registry;" \
		     "behind a TLS-inspecting proxy, add its CA to the system store" \
		     "(update-ca-certificates)" >&2
		exit 1
	}
	chmod +x "$smt_bin"
fi
echo "setup: ok (gcc $(gcc -dumpversion), clang-19, sparse in $tp/sparse, SARIF Multitool $smt_version)"
