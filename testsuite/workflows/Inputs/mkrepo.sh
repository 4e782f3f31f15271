#!/bin/sh
# mkrepo.sh DIR FIXTURES INPUTS: a git checkout laid out like
# kernel-fixtures (include/fmode, include/legacy) holding
# drivers/block/wf.c as Inputs/wf-before.c, committed; and wf.patch, an
# mbox patch that turns it into Inputs/wf-after.c.
set -e
dir=$1 fixtures=$2 inputs=$3
rm -rf "$dir"
mkdir -p "$dir/repo/drivers/block"
cp -r "$fixtures/include" "$dir/repo/include"
cp "$inputs/wf-before.c" "$dir/repo/drivers/block/wf.c"
cd "$dir/repo"
git init -q .
git config user.name 'A U Thor'
git config user.email 'author@example.org'
git config commit.gpgsign false
git add .
git commit -q -m 'wf: a small driver'
cp "$inputs/wf-after.c" drivers/block/wf.c
git commit -q -a -m 'wf: fix the detach mode, add a scan'
git format-patch -q -1 --stdout > "$dir/wf.patch"
git reset -q --hard HEAD~1
