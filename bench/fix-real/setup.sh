#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# setup.sh TREE: the v2.6.27 tree bench/fix-real.sh converts, made to
# preprocess on this machine (../../shared/TOOLCHAIN.md, "Linux v2.6.27").
#
# Exports tag v2.6.27 of the bare mirror $FIX_REAL_MIRROR (default
# /work/.mirror/caglar10ur+linux-2.6.27.y/repo, a copy of the public
# repository github caglar10ur/linux-2.6.27.y) into TREE, splits the two
# rules of its top Makefile that make 4.3 rejects ("mixed implicit and
# normal rules"), configures it for x86_64 (defconfig plus the block
# drivers of config.txt) and runs `make prepare`.  Everything is a local
# edit of TREE, outside the repository: kernel source is never committed.
# Idempotent: a prepared tree (its stamp matches config.txt) is left alone.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tree=$1
mirror=${FIX_REAL_MIRROR:-/work/.mirror/caglar10ur+linux-2.6.27.y/repo}
export LC_ALL=C
kmake() { nice make -s -C "$tree" ARCH=x86_64 CC="gcc -fno-pie" "$@"; }

missing=""
for p in flex bison bc; do
	command -v $p >/dev/null || missing="$missing $p"
done
if [ -n "$missing" ]; then
	echo "setup: installing$missing"
	apt-get -o DPkg::Lock::Timeout=900 install -y -qq --no-install-recommends $missing >/dev/null ||
		{ apt-get update -qq &&
		  apt-get -o DPkg::Lock::Timeout=900 install -y -qq --no-install-recommends $missing >/dev/null; }
fi

if [ ! -f "$tree/Makefile" ]; then
	if [ ! -d "$mirror" ]; then
		echo "setup: no v2.6.27 tree in $tree and no mirror in $mirror" \
		     "(set FIX_REAL_MIRROR to a clone of caglar10ur/linux-2.6.27.y)" >&2
		exit 2
	fi
	echo "setup: exporting v2.6.27 into $tree"
	mkdir -p "$tree"
	git --git-dir="$mirror" archive v2.6.27 | tar -x -C "$tree"
fi

# make 4.3: "config %config:" and "/ %/:" each become two rules with the
# same recipe.
if grep -q '^config %config:\|^/ %/:' "$tree/Makefile"; then
	python3 - "$tree/Makefile" <<'EOF'
import sys
p = sys.argv[1]
lines = open(p).read().split("\n")
out, i = [], 0
while i < len(lines):
    l = lines[i]
    heads = {"config %config:": ("config", "%config"), "/ %/:": ("/", "%/")}
    key = next((k for k in heads if l.startswith(k)), None)
    if key is None:
        out.append(l)
        i += 1
        continue
    deps = l[len(key):]
    j = i + 1
    while j < len(lines) and lines[j].startswith("\t"):
        j += 1
    for t in heads[key]:
        out.append(t + ":" + deps)
        out.extend(lines[i + 1:j])
    i = j
open(p, "w").write("\n".join(out))
EOF
fi

stamp=$tree/.bdops-fix-real-config
want=$(sha1sum "$here/config.txt" | cut -c1-12)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
	exit 0
fi
echo "setup: configuring $tree (x86_64 defconfig + $here/config.txt)"
kmake defconfig >/dev/null 2>&1
for o in $(sed 's/#.*//' "$here/config.txt"); do
	sed -i "/^# CONFIG_$o is not set\$/d; /^CONFIG_$o=/d" "$tree/.config"
	echo "CONFIG_$o=y" >> "$tree/.config"
done
kmake oldconfig < <(yes "") >/dev/null 2>&1
kmake -j2 prepare >/dev/null 2>&1
echo "$want" > "$stamp"
