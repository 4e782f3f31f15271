# SPDX-License-Identifier: GPL-2.0
# run_doc_blocks.py REPO WORKDIR DOC...: run the ```sh blocks of each doc,
# in order, in one new directory per doc (bash -e, BDOPS_SRC=REPO,
# REPO/build/bin first on PATH, pre-commit's cache under WORKDIR; each
# block starts in that directory).
# Prints one line per block; exits 1 if any block failed.
import os
import re
import shutil
import subprocess
import sys

repo, work, docs = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2]), sys.argv[3:]
env = dict(os.environ, BDOPS_SRC=repo, LC_ALL='C', GIT_CONFIG_NOSYSTEM='1',
           PRE_COMMIT_HOME=os.path.join(work, 'pre-commit-cache'),
           PATH=os.path.join(repo, 'build', 'bin') + os.pathsep + os.environ['PATH'])
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
