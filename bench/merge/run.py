#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""run.py [--bdops PATH] [--work DIR] [--sizes N,N,...] [--keep] - time
"bdops merge" over synthetic facts (gen_facts.py) for each size, and print
wall time, CPU time and peak memory per size, with the ratio to the size
before: about 2.0 per doubling means the merge grows linearly.

Default sizes 3750, 7500, 15000, 30000 (a whole kernel build); each is
merged --repeat times (default 3) and the fastest run is reported.
"""
import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))


def merge_once(bdops, facts):
    """Wall seconds, CPU seconds and peak RSS (KiB) of one merge."""
    pid = os.fork()
    if pid == 0:
        fd = os.open(os.devnull, os.O_WRONLY)
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        os.execv(bdops, [bdops, 'merge', facts])
    t0 = time.monotonic()
    _, status, ru = os.wait4(pid, 0)
    wall = time.monotonic() - t0
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        sys.exit('run.py: bdops merge %s failed (exit status %d)' % (facts, code))
    return wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--bdops', default=os.path.join(REPO, 'build', 'bin', 'bdops'))
    ap.add_argument('--work', help='where the facts go (default: a temporary directory)')
    ap.add_argument('--sizes', default='3750,7500,15000,30000')
    ap.add_argument('--repeat', type=int, default=3)
    ap.add_argument('--keep', action='store_true', help='keep the generated facts')
    a = ap.parse_args()
    sizes = [int(s) for s in a.sizes.split(',')]
    work = a.work or tempfile.mkdtemp(prefix='bdops-bench-merge.')
    os.makedirs(work, exist_ok=True)
    print('%8s %9s %9s %10s %11s %11s' % ('units', 'wall s', 'cpu s', 'peak MiB',
                                           'cpu ratio', 'mem ratio'))
    prev = None
    try:
        for n in sizes:
            facts = os.path.join(work, 'n%d' % n)
            if not os.path.isdir(facts):
                subprocess.check_call([sys.executable, os.path.join(HERE, 'gen_facts.py'),
                                       '-n', str(n), facts])
            runs = [merge_once(a.bdops, facts) for _ in range(max(1, a.repeat))]
            wall, cpu, rss = min(runs, key=lambda r: r[1])
            ratio = ('%11.2f %11.2f' % (cpu / prev[1], rss / prev[2])) if prev else \
                '%11s %11s' % ('-', '-')
            print('%8d %9.2f %9.2f %10.1f %s' % (n, wall, cpu, rss / 1024.0, ratio))
            sys.stdout.flush()
            prev = (wall, cpu, rss)
    finally:
        if not a.keep and not a.work:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == '__main__':
    main()
