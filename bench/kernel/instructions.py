# SPDX-License-Identifier: GPL-2.0
"""Instructions bdops adds to a kernel compile, counted by callgrind.

Timings on the shared 2-core machine swing by 20%; valgrind's callgrind
counts the instructions the compiler executes exactly, so this is the
measure of issue 24's cost targets (GCC and Clang plugins at most 1.5%
over plain).  For each unit of the list (kbuild's own command line, from
the .cmd files of the trees bench.sh set up) it runs the plain compile and
the compile with the plugin, alternating which goes first, under
`valgrind --tool=callgrind --trace-children=yes`, takes the largest
`summary:` of the outputs (cc1's, or clang's own process) and prints both
counts and their ratio beside the CPU-time ratio of the same runs (under
valgrind: a check of the count, not a timing of the compiler).

    python3 bench/kernel/instructions.py --units block/bdev.c,drivers/md/md.c \\
        [--work /work/kernel] [--bdops build] [--lanes gcc,clang]

A 6.1 block/bdev.c takes about a minute per run, drivers/md/md.c five.
"""
import argparse
import glob
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from measure import kbuild_cmd  # noqa: E402


def count(cmd, cwd, tmp, tag):
    """(instructions, cpu seconds) of cmd under callgrind."""
    out = os.path.join(tmp, tag)
    os.makedirs(out, exist_ok=True)
    t0 = os.times()
    subprocess.run(['valgrind', '--tool=callgrind', '--trace-children=yes',
                    '--callgrind-out-file=%s/cg.%%p' % out, 'bash', '-c', cmd],
                   cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    t1 = os.times()
    best = 0
    for f in glob.glob(out + '/cg.*'):
        with open(f, errors='replace') as fh:
            for line in fh:
                if line.startswith('summary:'):
                    best = max(best, int(line.split()[1]))
    shutil.rmtree(out)
    return best, (t1.children_user + t1.children_system) - (t0.children_user + t0.children_system)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--units', default='block/bdev.c')
    ap.add_argument('--work', default='/work/kernel')
    ap.add_argument('--bdops', default=os.path.join(os.path.dirname(__file__), '..', '..', 'build'))
    ap.add_argument('--lanes', default='gcc,clang')
    a = ap.parse_args()
    bd = os.path.abspath(a.bdops)
    plug = {'gcc': ' -fplugin=%s/lib/bdops_gcc.so -fplugin-arg-bdops_gcc-error=no' % bd,
            'clang': ' -fplugin=%s/lib/bdops_clang.so -fplugin-arg-bdops_clang-error=no' % bd}
    tmp = tempfile.mkdtemp(prefix='bdops-instr-')
    print('%-6s %-34s %15s %15s %8s %8s' % ('lane', 'unit', 'plain', 'bdops',
                                            'instr', 'cpu'))
    worst = 0.0
    for i, tu in enumerate(a.units.split(',')):
        for lane in a.lanes.split(','):
            build = os.path.join(a.work, 'build-' + lane)
            cmd = kbuild_cmd(build, tu, tmp)
            res = {}
            order = ('plain', 'bdops') if i % 2 == 0 else ('bdops', 'plain')
            for kind in order:
                res[kind] = count(cmd + (plug[lane] if kind == 'bdops' else ''),
                                  build, tmp, kind)
            r = res['bdops'][0] / res['plain'][0] if res['plain'][0] else 0
            worst = max(worst, r)
            print('%-6s %-34s %15d %15d %8.4f %8.3f' %
                  (lane, tu, res['plain'][0], res['bdops'][0], r,
                   res['bdops'][1] / res['plain'][1] if res['plain'][1] else 0), flush=True)
    print('largest instruction ratio %.4f (target <= 1.015): %s' %
          (worst, 'PASS' if worst <= 1.015 else 'FAIL'))
    shutil.rmtree(tmp, ignore_errors=True)
    return 0 if worst <= 1.015 else 1


if __name__ == '__main__':
    sys.exit(main())
