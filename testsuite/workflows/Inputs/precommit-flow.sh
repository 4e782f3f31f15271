#!/bin/sh
# precommit-flow.sh DIR REPO CONFIG: with Debian's pre-commit (no network:
# the hook is language "system", pre-commit clones the hooks repository
# from a path), in the checkout mkrepo.sh made in DIR, install the hooks
# of CONFIG ("remote": a hooks repository tagged v0.1.0 holding REPO's
# .pre-commit-hooks.yaml, as users pin a release; "local": the hook
# written into the config), then commit a change that introduces a
# finding (blocked) and one that only removes one (passes).
set -u
dir=$1 repo=$2 config=$3
export PRE_COMMIT_HOME="$dir/pre-commit-cache"
cd "$dir/repo"
if [ "$config" = remote ]; then
	rm -rf "$dir/hooks" && mkdir "$dir/hooks"
	cp "$repo/.pre-commit-hooks.yaml" "$dir/hooks/"
	(cd "$dir/hooks" && git init -q && git add . &&
	 git -c user.name=R -c user.email=r@example.org commit -q -m hooks && git tag v0.1.0)
	cat > .pre-commit-config.yaml <<YAML
repos:
  - repo: $dir/hooks
    rev: v0.1.0
    hooks:
      - id: bdops-review
        args: [--cflag=-DBDOPS_TEST]
YAML
else
	cat > .pre-commit-config.yaml <<'YAML'
repos:
  - repo: local
    hooks:
      - id: bdops-review
        name: bdops review
        entry: bdops review --staged
        language: system
        files: \.(c|h)$
        pass_filenames: false
YAML
fi
git add .pre-commit-config.yaml && git commit -q -m 'pre-commit config' --no-verify
pre-commit install > /dev/null || exit 1
git apply "$dir/wf.patch"
git add drivers/block/wf.c
if git commit -q -m 'wf: scan' > "$dir/blocked.out" 2>&1; then
	echo "commit 1: passed"
else
	echo "commit 1: blocked"
fi
cat "$dir/blocked.out"
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
