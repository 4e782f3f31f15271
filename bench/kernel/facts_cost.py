# SPDX-License-Identifier: GPL-2.0
"""What facts in objects cost on a real kernel: compile time and size.

Run by bench/facts-objects.sh on an output tree built with a bdops plugin.
Per unit of the list, kbuild's own compile command (its .cmd file, minus
the bdops flags of the build) is run, alternating, with the plugin and
facts-object=no, and with the plugin as it is by default (facts into the
object); plain, without the plugin, for the plugin's own ratio.  CPU time
(user+sys of the compiler and its children) gives the ratios, as in
measure.py.  Size: the .bdops.facts section of each object against the
object's size, in bytes per kilobyte of object.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from measure import kbuild_cmd, run  # noqa: E402

BDOPS_FLAG = re.compile(r"\s'?-fplugin(-arg-bdops_\w+-[^\s']*|=[^\s']*bdops_\w+\.so)'?")
# measure.py's TARGET for the plugin against the plain compiler
TARGET = {'gcc': 1.03, 'clang': 1.05}


def section_size(obj):
    out = subprocess.run(['readelf', '-S', '-W', obj], capture_output=True, text=True).stdout
    for line in out.splitlines():
        if '.bdops.facts' in line:
            f = line.split(']', 1)[1].split()
            return int(f[4], 16)     # name type address offset SIZE
    return None


def summary(vals):
    return min(vals), statistics.median(vals), max(vals)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--build', required=True, help='the output tree, built with the plugin')
    ap.add_argument('--bdops', required=True, help='bdops build directory')
    ap.add_argument('--list', required=True)
    ap.add_argument('--cc', default='gcc', choices=('gcc', 'clang'))
    ap.add_argument('--reps', type=int, default=1)
    ap.add_argument('--units', type=int, default=0, help='time only the first N units')
    a = ap.parse_args()

    tus = [l.strip() for l in open(a.list) if l.strip() and not l.startswith('#')]
    plugin = os.path.join(a.bdops, 'lib', 'bdops_%s.so' % a.cc)
    arg = '-fplugin-arg-bdops_%s-' % a.cc
    tmp = tempfile.mkdtemp(prefix='bdops-facts-cost-')
    out = os.path.join(tmp, 'out.txt')

    # size, from the objects of the build
    sizes, per_kb, missing = [], [], []
    for tu in tus:
        obj = os.path.join(a.build, tu[:-2] + '.o')
        n = section_size(obj)
        if n is None:
            missing.append(tu)
            continue
        sizes.append(n)
        per_kb.append(n / (os.path.getsize(obj) / 1024.0))
    print('== .bdops.facts size, %d objects (%s)' % (len(sizes), a.cc))
    if sizes:
        lo, med, hi = summary(sizes)
        print('bytes per unit:        min %d median %d max %d, total %d' % (lo, med, hi, sum(sizes)))
        lo, med, hi = summary(per_kb)
        print('bytes per KiB object:  min %.1f median %.1f max %.1f' % (lo, med, hi))
    for tu in missing:
        print('no section: %s' % tu)

    # time: plain, plugin with facts-object=no, plugin as by default
    timed = tus[:a.units] if a.units else tus
    kinds = ('plain', 'noobj', 'obj')
    cpu = {k: {} for k in kinds}
    fails = []
    for rep in range(a.reps):
        for i, tu in enumerate(timed):
            base = BDOPS_FLAG.sub('', kbuild_cmd(a.build, tu, tmp))
            cmds = {'plain': base,
                    'noobj': '%s -fplugin=%s %serror=no %sfacts-object=no' % (base, plugin, arg, arg),
                    'obj': '%s -fplugin=%s %serror=no' % (base, plugin, arg)}
            order = kinds if (i + rep) % 2 == 0 else tuple(reversed(kinds))
            for k in order:
                rc, t, _, _ = run(cmds[k], a.build, out)
                if rc:
                    fails.append('%s %s rc=%d' % (k, tu, rc))
                cpu[k].setdefault(tu, []).append(t)
            print('facts-cost: %d/%d %s' % (rep * len(timed) + i + 1, a.reps * len(timed), tu),
                  file=sys.stderr, flush=True)
    best = {k: {tu: min(v) for tu, v in cpu[k].items()} for k in kinds}
    ok = [tu for tu in timed if all(tu in best[k] and best[k][tu] > 0 for k in kinds)]
    print('\n== compile time, %d units, %d repetition(s) (CPU, least of the repetitions)' %
          (len(ok), a.reps))
    print('%-40s %7s %7s %7s %8s' % ('ratio', 'min', 'median', 'max', 'overall'))
    for name, num, den in (('facts in object / facts-object=no', 'obj', 'noobj'),
                           ('plugin (facts in object) / plain', 'obj', 'plain'),
                           ('plugin (facts-object=no) / plain', 'noobj', 'plain')):
        r = [best[num][tu] / best[den][tu] for tu in ok]
        if not r:
            continue
        lo, med, hi = summary(r)
        tot = sum(best[num][tu] for tu in ok) / sum(best[den][tu] for tu in ok)
        extra = ''
        if name.startswith('plugin (facts in'):
            extra = '  target <= %.2fx median: %s' % (
                TARGET[a.cc], 'PASS' if med <= TARGET[a.cc] else 'FAIL')
        print('%-40s %7.3f %7.3f %7.3f %8.3f%s' % (name, lo, med, hi, tot, extra))
    for f in fails:
        print('failed: ' + f)
    return 1 if fails or missing else 0


if __name__ == '__main__':
    sys.exit(main())
