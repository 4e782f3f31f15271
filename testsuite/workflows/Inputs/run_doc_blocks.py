# SPDX-License-Identifier: GPL-2.0
# run_doc_blocks.py [--installed] REPO WORKDIR DOC...: run the ```sh blocks
# of each doc, in order, in one new directory per doc (bash -e,
# BDOPS_SRC=REPO, pre-commit's cache under WORKDIR; each block starts in
# that directory).  The guides are written for the installed commands
# (plugins by name); from the build tree, REPO/build/by-name and
# REPO/build/bin come first on PATH (cmake/by-name.cmake).  --installed:
# PATH as it is, and no build tree (the package lane, scripts/package-lane.sh).
# Prints one line per block; exits 1 if any block failed.
import os
import re
import shutil
import subprocess
import sys

args = sys.argv[1:]
installed = args[:1] == ['--installed']
if installed:
    args = args[1:]
repo, work, docs = os.path.abspath(args[0]), os.path.abspath(args[1]), args[2:]
env = dict(os.environ, BDOPS_SRC=repo, LC_ALL='C', GIT_CONFIG_NOSYSTEM='1',
           PRE_COMMIT_HOME=os.path.join(work, 'pre-commit-cache'))
if not installed:
    env['PATH'] = os.pathsep.join([os.path.join(repo, 'build', 'by-name'),
                                   os.path.join(repo, 'build', 'bin'), os.environ['PATH']])
failed = 0
for doc in docs:
    name = os.path.basename(doc)
    d = os.path.join(work, name[:-3])
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    blocks = re.findall(r'^```sh\n(.*?)^```', open(doc).read(), re.S | re.M)
    for i, block in enumerate(blocks, 1):
        p = subprocess.run(['bash', '-e', '-o', 'pipefail', '-c', block], cwd=d, env=env,
                           capture_output=True, text=True)
        if p.returncode:
            failed += 1
            print('FAIL %s block %d (exit %d):\n%s%s' % (name, i, p.returncode, p.stdout,
                                                         p.stderr))
        else:
            print('ok %s block %d' % (name, i))
    print('%s: %d blocks' % (name, len(blocks)))
sys.exit(1 if failed else 0)
