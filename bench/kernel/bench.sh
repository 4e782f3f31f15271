#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# bench.sh: what bdops costs and finds on a real kernel.
#
# setup.sh installs Debian's linux-source-6.1 (and flex, bison, bc,
# libelf-dev, coccinelle, sparse), unpacks it under WORK (default
# /work/kernel, outside the repository: kernel source is never committed)
# and configures two output trees - one for gcc, one for clang-19 - from
# x86_64 defconfig plus config.txt.  This script then builds the units of
# tus.txt in both with the plain compilers, and records the sparse command
# line `make C=2` uses for each.  Then
# measure.py times every unit with and without each frontend, alternating,
# and prints ratios (min/median/max), peak memory, the findings of every
# frontend and of Coccinelle, and where the frontends disagree.
#
#   bench/kernel/bench.sh [--work DIR] [--reps N] [--lanes gcc,clang,sparse,tool,cocci]
#                         [--list FILE] [--json FILE]
#
# Needs the bdops build (build/ or $BDOPS_BUILD).  On 2 cores a full run
# (108 units, --reps 1, all lanes) takes about 15 minutes after a first
# set-up of about 5 (untar, configure, build 108 objects twice).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
bdops_build=${BDOPS_BUILD:-$top/build}
work=/work/kernel
reps=1
lanes=gcc,clang,sparse,tool,cocci
list=$here/tus.txt
json=""
while [ $# -gt 0 ]; do
	case $1 in
	--work) work=$2; shift 2 ;;
	--reps) reps=$2; shift 2 ;;
	--lanes) lanes=$2; shift 2 ;;
	--list) list=$2; shift 2 ;;
	--json) json=$2; shift 2 ;;
	-h|--help) sed -n '3,21p' "$0"; exit 0 ;;
	*) echo "bench: unknown argument '$1'" >&2; exit 2 ;;
	esac
done
export LC_ALL=C
jobs=2

for f in lib/bdops_gcc.so lib/bdops_clang.so bin/bdops-sparse bin/bdops-clang-tool; do
	[ -e "$bdops_build/$f" ] || { echo "bench: $bdops_build/$f missing: build bdops first" >&2; exit 2; }
done

# 1-3. Packages, the tree, two configured output trees.
bash "$here/setup.sh" "$work" "$work/build-gcc" gcc "$work/build-clang" clang-19
src=$work/linux-source-6.1

# 4. Build the units plainly (kbuild's .cmd files then hold each unit's
# command) and record the sparse command line of each with make C=2.
objs=$(grep -v '^#' "$list" | sed 's/\.c$/.o/')
echo "bench: building $(echo $objs | wc -w) objects with gcc and with clang-19"
make -s -C "$src" O="$work/build-gcc" -j$jobs $objs
make -s -C "$src" O="$work/build-clang" CC=clang-19 -j$jobs $objs
for o in $objs; do
	[ -f "$work/build-gcc/$o" ] && [ -f "$work/build-clang/$o" ] ||
		{ echo "bench: $o was not built; is it enabled by config.txt?" >&2; exit 2; }
done
rec=$work/sparse-cmds.txt
cat > "$work/record-check" <<'EOF'
#!/bin/bash
# stands in for sparse under make C=2: records the arguments, one line each
{ printf '%q ' "$@"; echo; } >> "$BDOPS_RECORD"
EOF
chmod +x "$work/record-check"
: > "$rec"
# -j1: parallel checkers appending long lines to one file would interleave
BDOPS_RECORD=$rec make -s -C "$src" O="$work/build-gcc" C=2 CHECK="$work/record-check" $objs
# bdops-clang-tool reads the clang tree's compile_commands.json.
python3 "$src/scripts/clang-tools/gen_compile_commands.py" -d "$work/build-clang" \
	-o "$work/build-clang/compile_commands.json"

# 5. The semantic patches for Coccinelle: the four rules as far as a
# syntactic, intra-procedural matcher can state them (no helpers, no
# struct fields, no facts across files).
cocci=$work/bdops.cocci
cat > "$cocci" <<'EOF'
// bdops' rules for Coccinelle (report mode); written by bench/kernel/bench.sh
virtual report

@ops@
identifier I, FN, M;
@@
struct block_device_operations I = { ..., .M = FN, ... };

// bdops-file-write: a block method writes a struct file field.
@fw exists@
identifier ops.FN;
struct file *F;
identifier FLD;
expression E;
position p;
@@
FN(...) { <+... \(F->FLD@p = E\|F->FLD@p |= E\|F->FLD@p &= E\|F->FLD@p += E\|F->FLD@p -= E\|F->FLD@p++\|F->FLD@p--\) ...+> }

@script:python depends on fw@
p << fw.p; fn << ops.FN; fld << fw.FLD;
@@
coccilib.report.print_report(p[0], "bdops-file-write: block method '%s' writes 'file->%s'" % (fn, fld))

// bdops-ndelay-flags: f_flags tested for O_NDELAY/O_NONBLOCK outside open.
@nd exists@
identifier ops.FN;
struct file *F;
expression E;
position p;
@@
FN(...) { <+... \(F->f_flags & E@p\|E@p & F->f_flags\) ...+> }

@script:python depends on nd@
p << nd.p; m << ops.M; fn << ops.FN; e << nd.E;
@@
if m != "open" and ("O_NDELAY" in e or "O_NONBLOCK" in e):
    coccilib.report.print_report(p[0], "bdops-ndelay-flags: block method '%s' tests O_NDELAY in 'file->f_flags' after open" % fn)

// bdops-put-mode: get and put of one bdev in one function with different modes.
@pm exists@
expression B, P, H, M1, M2;
position p1, p2;
@@
(
B = \(blkdev_get_by_path@p1\|blkdev_get_by_dev@p1\|open_bdev_excl@p1\|open_bdev_exclusive@p1\)(P, M1, H)
|
blkdev_get@p1(B, M1, ...)
)
...
\(blkdev_put@p2\|close_bdev_excl@p2\|close_bdev_exclusive@p2\)(B, M2)

@script:python depends on pm@
p1 << pm.p1; p2 << pm.p2; m1 << pm.M1; m2 << pm.M2;
@@
def bits(s):
    return sorted(t.strip(" ()") for t in s.split("|"))
if bits(m1) != bits(m2):
    coccilib.report.print_report(p2[0], "bdops-put-mode: blkdev_put() passes %s, but the matching get (line %s) took %s" % (m2, p1[0].line, m1))

// bdops-put-mode: exclusive get with a NULL holder.
@nh@
expression P, M;
position p;
@@
\(blkdev_get_by_path@p\|blkdev_get_by_dev@p\)(P, M, NULL)

@script:python depends on nh@
p << nh.p; m << nh.M;
@@
if "FMODE_EXCL" in m and "~FMODE_EXCL" not in m.replace(" ", ""):
    coccilib.report.print_report(p[0], "bdops-put-mode: exclusive get with a NULL holder")

// bdops-deprecated-ioctl / -prototype.
@dep@
identifier I, FN, M;
position p;
@@
struct block_device_operations I = { ..., .M = FN@p, ... };

@depfn@
identifier dep.FN, A, B;
type T;
@@
T FN(struct inode *A, struct file *B, ...) { ... }

@script:python depends on dep@
p << dep.p; m << dep.M; fn << dep.FN;
@@
if m in ("locked_ioctl", "unlocked_ioctl"):
    coccilib.report.print_report(p[0], "bdops-deprecated-ioctl: block_device_operations member '%s' is bound to '%s'" % (m, fn))

@script:python depends on depfn@
p << dep.p; m << dep.M; fn << dep.FN;
@@
if m in ("ioctl", "compat_ioctl", "open", "release"):
    coccilib.report.print_report(p[0], "bdops-deprecated-%s: block_device_operations member '%s' is bound to '%s', which takes (struct inode *, struct file *)" % ("ioctl" if "ioctl" in m else "prototype", m, fn))
EOF

# 6. Measure.
echo "bench: measuring (lanes $lanes, $reps repetition(s))"
exec python3 "$here/measure.py" --src "$src" --build-gcc "$work/build-gcc" \
	--build-clang "$work/build-clang" --sparse-cmds "$rec" --bdops "$bdops_build" \
	--cocci "$cocci" --list "$list" --reps "$reps" --lanes "$lanes" ${json:+--json "$json"}
