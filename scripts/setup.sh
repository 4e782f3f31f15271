#!/usr/bin/env bash
# setup.sh: install what bdops needs from Debian and fetch sparse's source.
#
# Idempotent: on a machine that is already set up it checks and returns in
# seconds.  Run as root (apt-get).  Fetches third-party source (sparse) at
# set-up time into build/third_party; nothing of it is committed.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${BDOPS_BUILD:-$top/build}
export DEBIAN_FRONTEND=noninteractive

# One Clang for everything: the newest bookworm offers that loads plugins
# (clang-19; /usr/bin/clang is clang-14).  See README.
pkgs="gcc g++ make cmake python3 gcc-12-plugin-dev
      clang-19 clang-tools-19 libclang-19-dev libclang-cpp19-dev llvm-19-dev llvm-19-tools
      dpkg-dev git patch valgrind libelf-dev ccache distcc
      csmith libcsmith-dev"

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

# sparse 0.6.4 from Debian's source package: a deb-src entry of our own.
src_list=/etc/apt/sources.list.d/bdops-src.sources
if ! grep -rqs '^Types:.*deb-src' /etc/apt/sources.list.d/ &&
   ! grep -qs '^deb-src' /etc/apt/sources.list; then
	cat > "$src_list" <<SRC
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
	apt-get update -qq
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
echo "setup: ok (gcc $(gcc -dumpversion), clang-19, sparse in $tp/sparse)"
