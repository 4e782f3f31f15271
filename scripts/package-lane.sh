#!/usr/bin/env bash
# package-lane.sh: the package lane of scripts/test.sh (BDOPS_LANES=package).
# Builds the Debian packages (scripts/package.sh: dpkg-buildpackage, lintian),
# installs them with apt into a new minimal bookworm root (debootstrap
# --variant=minbase, then chroot), and runs every sh block of the guides in
# docs/workflows/ there against the installed commands: /usr/bin/bdops,
# bdops-sparse in "make C=2 CHECK=bdops-sparse", the GCC plugin by name in
# "KCFLAGS=-fplugin=bdops_gcc", the Clang plugin by name, the pre-commit
# hook, review, fix, merge.  The root has no build tree: only this
# checkout's files (for the fixtures the guides copy) and what apt installed.
# Ends with "N passed, N failed" (one per guide block, plus the install).
#
# Needs root, debootstrap and the Debian mirror this machine's apt sources
# name (the root gets the same sources; no mirror is named here).  The base
# system and the downloaded .debs are cached in BDOPS_LANE_CACHE (default
# /var/tmp/bdops-package-lane); every run unpacks a new root.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${BDOPS_BUILD:-$top/build}
cache=${BDOPS_LANE_CACHE:-/var/tmp/bdops-package-lane}
debs=$build/deb
fail() { echo "package-lane: $*" >&2; echo "0 passed, 1 failed"; exit 1; }

t0=$(date +%s)
bash "$top/scripts/package.sh" "$debs" || fail "the packages do not build (or lintian reports errors)"
t1=$(date +%s)

# The base system, once: debootstrap from the mirror of this machine's
# first "deb" entry (scripts/deb-src.sh reads it).
mkdir -p "$cache/archives/partial" "$cache/lists/partial"
if [ ! -s "$cache/base.tar" ]; then
	mirror=$(sh "$top/scripts/deb-src.sh" | sed -n 's/^URIs: *//p' | awk '{print $1}')
	[ -n "$mirror" ] || fail "no Debian mirror in /etc/apt to debootstrap from"
	rm -rf "$cache/base"
	debootstrap --variant=minbase bookworm "$cache/base" "$mirror" > "$cache/debootstrap.log" 2>&1 ||
		fail "debootstrap failed (see $cache/debootstrap.log)"
	tar -C "$cache/base" -cf "$cache/base.tar.tmp" . && mv "$cache/base.tar.tmp" "$cache/base.tar"
	rm -rf "$cache/base"
fi

root=$(mktemp -d /var/tmp/bdops-root.XXXXXX)
trap 'rm -rf --one-file-system "$root"' EXIT
tar -C "$root" -xf "$cache/base.tar"
# apt as this machine has it: its sources (not our deb-src entry) and the
# CA certificates it adds (a network that inspects TLS has one)
rm -f "$root"/etc/apt/sources.list "$root"/etc/apt/sources.list.d/*
cp /etc/apt/sources.list "$root/etc/apt/" 2>/dev/null || true
for f in /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
	[ -f "$f" ] && [ "$(basename "$f")" != bdops-src.sources ] && cp "$f" "$root/etc/apt/sources.list.d/"
done
for f in /etc/apt/apt.conf.d/*proxy* /etc/apt/apt.conf.d/*Proxy*; do
	[ -f "$f" ] && cp "$f" "$root/etc/apt/apt.conf.d/"
done
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
if ls /usr/local/share/ca-certificates/*.crt > /dev/null 2>&1; then
	mkdir -p "$root/usr/local/share/ca-certificates"
	cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/"
fi
mkdir -p "$root/root/debs" "$root/root/bdops"
cp "$debs"/bdops_*.deb "$debs"/bdops-clang_*.deb "$root/root/debs/"
# the checkout's files (tracked and new), as the package was built from
(cd "$top" && git ls-files -z -c -o --exclude-standard |
	while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done |
	tar --null -T - -cf -) | tar -C "$root/root/bdops" -xf -

# In the root: apt installs the packages with what they depend on, and
# what the guides themselves run (make, patch, distcc, ccache, pre-commit,
# clang-apply-replacements-19, python3 for the block runner); then the
# guides, with no build tree anywhere.
cat > "$root/root/lane.sh" <<'LANE'
set -e
export DEBIAN_FRONTEND=noninteractive
update-ca-certificates > /dev/null 2>&1 || true
apt-get update -qq
apt-get install -y -qq --no-install-recommends ./debs/bdops_*.deb ./debs/bdops-clang_*.deb \
	python3 make patch distcc ccache pre-commit clang-tools-19 ca-certificates > apt.log 2>&1 ||
	{ tail -20 apt.log; echo "FAIL install"; exit 1; }
echo "ok install: $(dpkg-query -W -f='${Package} ${Version}\n' bdops bdops-clang | tr '\n' ' ')"
test ! -e bdops/build
# pre-commit's "repo:" is a git repository: the checkout, committed as is
git -C bdops init -q && git -C bdops add -A &&
	git -C bdops -c user.name=lane -c user.email=lane@localhost commit -q -m lane
cd bdops
python3 testsuite/workflows/Inputs/run_doc_blocks.py --installed . /root/work \
	docs/workflows/kernel-build.md docs/workflows/pre-commit.md \
	docs/workflows/review.md docs/workflows/fix.md
LANE
t2=$(date +%s)
out=$(unshare --mount --propagation private bash -c '
	root=$1 archives=$2 lists=$3
	mount -t proc proc "$root/proc" && mount --rbind /dev "$root/dev" &&
	mount --bind "$archives" "$root/var/cache/apt/archives" &&
	mount --bind "$lists" "$root/var/lib/apt/lists" || exit 1
	chroot "$root" /usr/bin/env -i HOME=/root TERM=dumb LANG=C.UTF-8 \
		PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
		/bin/bash -c "cd /root && bash lane.sh"' lane "$root" "$cache/archives" "$cache/lists" 2>&1)
status=$?
t3=$(date +%s)
echo "$out" | grep -v '^ok '
pass=$(echo "$out" | grep -c '^ok ')
failed=$(echo "$out" | grep -c '^FAIL')
[ $status = 0 ] || [ "$failed" != 0 ] || failed=1
echo "package-lane: package $((t1 - t0)) s, root and guides $((t3 - t2)) s"
echo "$pass passed, $failed failed"
[ "$failed" = 0 ]
