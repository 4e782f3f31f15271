#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# setup.sh WORK VERSION SUITE [OUT CC]...: a Debian kernel source tree for
# the benches (bench.sh here, ../kernel-tree.sh): linux-source-VERSION from
# the suite SUITE (6.12: bookworm-backports; 7.2: sid).
#
# Downloads Debian's linux-source-VERSION from the suite SUITE of the Debian
# mirror this machine already uses, without touching the
# machine's apt configuration or packages: apt-get runs with a private
# sources list, list directory and cache under WORK/apt-VERSION, so the suite
# is never added to the machine's sources and nothing is installed or
# upgraded (apt-get download only fetches the .deb, verified through the
# suite's signed InRelease).  The .deb is unpacked with dpkg-deb, its
# tarball into WORK/linux-source-VERSION (outside the repository: kernel source
# is never committed).  Then each output tree OUT is configured for compiler
# CC: x86_64 defconfig plus the options of config.txt, then `make prepare`.
# Idempotent: what is already there is left alone.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=$1 version=$2 suite=$3
shift 3
export DEBIAN_FRONTEND=noninteractive LC_ALL=C

# What building a kernel needs (the same as for 6.1, from the machine's own
# suites).
bash "$here/../kernel/packages.sh" flex bison bc libelf-dev libssl-dev

# The mirror: the URIs of the machine's deb entry for bookworm (deb822
# .sources files first, then one-line sources.list entries).
mirror() {
	local f
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -f "$f" ] || continue
		awk 'BEGIN { RS = ""; FS = "\n" }
		     /(^|\n)Types:[^\n]*deb([ \t]|$|\n)/ && /(^|\n)Suites:[^\n]*bookworm([ \t]|\n|$)/ {
			for (i = 1; i <= NF; i++)
				if ($i ~ /^URIs:/) { split($i, u, /[ \t]+/); print u[2]; exit }
		     }' "$f"
	done
	[ -f /etc/apt/sources.list ] &&
		awk '$1 == "deb" && $0 ~ / bookworm / { for (i = 2; i <= NF; i++) if ($i ~ /^https?:/) { print $i; exit } }' \
			/etc/apt/sources.list
	return 0
}
uri=$(mirror | head -1)
[ -n "$uri" ] || { echo "setup: no Debian bookworm deb entry in /etc/apt" >&2; exit 2; }

src=$work/linux-source-$version
mkdir -p "$work"
if [ ! -f "$src/Makefile" ]; then
	apt=$work/apt-$version
	mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/deb"
	echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $uri $suite main" \
		> "$apt/sources.list"
	aptopt=(-o Dir::Etc::SourceList="$apt/sources.list" -o Dir::Etc::SourceParts=/nonexistent
		-o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache"
		-o Dir::Cache::pkgcache= -o Dir::Cache::srcpkgcache=
		-o APT::Get::List-Cleanup=0 -o Acquire::Languages=none)
	deb=$(ls "$apt"/deb/linux-source-${version}_*.deb 2>/dev/null | head -1 || true)
	if [ -z "$deb" ]; then
		echo "setup: fetching linux-source-$version from $uri $suite"
		apt-get "${aptopt[@]}" update -qq
		(cd "$apt/deb" && apt-get "${aptopt[@]}" download -qq "linux-source-$version")
		deb=$(ls "$apt"/deb/linux-source-${version}_*.deb | head -1)
	fi
	echo "setup: unpacking $(basename "$deb") into $work"
	rm -rf "$apt/x"
	dpkg-deb -x "$deb" "$apt/x"
	tar -C "$work" -xf "$apt"/x/usr/src/linux-source-$version.tar.xz
	rm -rf "$apt/x"
fi

bash "$here/../kernel/configure.sh" "$src" "$here/config.txt" "$@"
