#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# packages.sh PKG...: install those of the Debian packages PKG that are not
# installed yet, from the machine's own suites (never an upgrade).  Used by
# setup.sh (6.1) and ../kernel-debian/setup.sh.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
missing=""
for p in "$@"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' ||
		missing="$missing $p"
done
[ -n "$missing" ] || exit 0
echo "setup: installing$missing"
# shellcheck disable=SC2086
apt-get -o DPkg::Lock::Timeout=900 install -y -qq --no-install-recommends $missing >/dev/null ||
	{ apt-get update -qq &&
	  apt-get -o DPkg::Lock::Timeout=900 install -y -qq --no-install-recommends $missing >/dev/null; }
