#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# setup.sh WORK [OUT CC]...: the kernel tree the benches use.
#
# Installs Debian's linux-source-6.1 and what building it needs (plus
# coccinelle and plain sparse, which only the bench uses, so they are not in
# scripts/setup.sh), unpacks it into WORK/linux-source-6.1 (outside the
# repository: kernel source is never committed), and configures each output
# tree OUT for compiler CC: x86_64 defconfig plus the options of config.txt,
# then `make prepare`.  Idempotent: a configured tree is left alone.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=$1
shift
export DEBIAN_FRONTEND=noninteractive LC_ALL=C

bash "$here/packages.sh" linux-source-6.1 flex bison bc libelf-dev libssl-dev coccinelle sparse

src=$work/linux-source-6.1
mkdir -p "$work"
if [ ! -f "$src/Makefile" ]; then
	echo "setup: unpacking linux-source-6.1 into $work"
	tar -C "$work" -xf /usr/src/linux-source-6.1.tar.xz
fi

bash "$here/configure.sh" "$src" "$here/config.txt" "$@"
