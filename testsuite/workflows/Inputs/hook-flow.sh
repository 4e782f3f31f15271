#!/bin/sh
# hook-flow.sh DIR BDOPS: in the checkout made by mkrepo.sh, install the
# pre-commit hook, then try a commit that introduces a finding (blocked)
# and one that only removes one (passes).  Prints what happened, and how
# long the hook took for the one-file change (not a test assertion: the
# machine may be busy).
set -u
dir=$1 bdops=$2
cd "$dir/repo"
"$bdops" install-hook || exit 1
# The whole patch: wf_scan() introduces a finding.
git apply "$dir/wf.patch"
git add drivers/block/wf.c
start=$(date +%s%N)
if git commit -q -m 'wf: scan' > "$dir/blocked.out" 2>&1; then
	echo "commit 1: passed"
else
	echo "commit 1: blocked"
fi
end=$(date +%s%N)
echo "hook time: $(( (end - start) / 1000000 )) ms" >&2
cat "$dir/blocked.out"
# Only the detach fix: a finding removed, none introduced.
git checkout -q HEAD -- drivers/block/wf.c
sed -i 's/blkdev_put(wd->bdev, FMODE_READ);/blkdev_put(wd->bdev, FMODE_READ | FMODE_NDELAY);/' drivers/block/wf.c
git add drivers/block/wf.c
if git commit -q -m 'wf: detach with the attach mode' > "$dir/passed.out" 2>&1; then
	echo "commit 2: passed"
else
	echo "commit 2: blocked"
fi
cat "$dir/passed.out"
git log --format=%s
