# SPDX-License-Identifier: GPL-2.0
"""Time kernel translation units with and without each bdops frontend.

Run by bench.sh once the trees are configured and the objects built (so
kbuild's .cmd files hold each unit's exact compile command).  For every
unit and repetition it runs, back to back and in alternating order, the
plain compile and the compile with the frontend; CPU time (user + sys of
the compiler and its children, from wait4) is what the ratios use, because
wall time on a shared 2-core machine measures the neighbours.  Peak memory
is the largest child RSS.  The plugin runs are the ordinary text-mode runs
a kernel build would do: their diagnostics are parsed for the findings.
"""
import argparse
import json
import os
import re
import shlex
import statistics
import subprocess
import sys
import tempfile
import time

DIAG = re.compile(r'^(?P<file>[^\s:][^:]*):(?P<line>\d+):(?P<col>\d+): '
                  r'(?P<sev>warning|error|note): (?P<msg>.*)$')
COCCI = re.compile(r'^(?P<file>[^\s:][^:]*):(?P<line>\d+):(?P<col>\d+)-\d+: '
                   r'(?P<msg>bdops-.*)$')


def run(cmd, cwd, out):
    """Run cmd (a shell string), return (rc, cpu seconds, wall, peak KiB)."""
    with open(out, 'wb') as f:
        t0 = time.monotonic()
        p = subprocess.Popen(['bash', '-c', 'exec ' + cmd], cwd=cwd,
                             stdout=f, stderr=subprocess.STDOUT)
        _, status, ru = os.wait4(p.pid, 0)
        wall = time.monotonic() - t0
        p.returncode = os.waitstatus_to_exitcode(status)
    return p.returncode, ru.ru_utime + ru.ru_stime, wall, ru.ru_maxrss


def kbuild_cmd(build, tu, tmp):
    """The compile command kbuild ran for tu, writing into tmp instead."""
    obj = tu[:-2] + '.o'
    cmdfile = os.path.join(build, os.path.dirname(obj),
                           '.' + os.path.basename(obj) + '.cmd')
    with open(cmdfile) as f:
        for line in f:
            # kbuild says savedcmd_ since 6.3, cmd_ before
            if line.startswith(('cmd_' + obj + ' := ', 'savedcmd_' + obj + ' := ')):
                cmd = line.split(' := ', 1)[1]
                cmd = cmd.split(' ; ')[0].strip()   # drop objtool
                cmd = cmd.replace('-o ' + obj + ' ', '-o %s/o.o ' % tmp)
                cmd = re.sub(r'-Wp,-MMD,\S+', '-Wp,-MMD,%s/o.d' % tmp, cmd)
                return cmd
    raise LookupError('no kbuild command in %s' % cmdfile)


def sparse_args(recorded, tu):
    """The arguments kbuild passed to $(CHECK) for tu (from C=2)."""
    for line in recorded:
        if line.rstrip().endswith('/' + tu):
            return line.strip()
    raise LookupError('make C=2 did not check it')


def sparse_own(text):
    """bdops-sparse's output without the bdops lines: a finding and the
    notes right after it (sparse has "note:" lines of its own)."""
    own, ours = [], False
    for line in text.splitlines():
        ours = '[bdops-' in line or ': error: bdops: ' in line or \
            (ours and ': note: ' in line)
        if not ours:
            own.append(line)
    return own


def findings(path, src):
    """bdops findings in a diagnostics file: (file:line, text, notes)."""
    res, cur = [], None
    with open(path, errors='replace') as f:
        for line in f:
            m = DIAG.match(line.rstrip('\n'))
            if not m:
                continue
            fn = os.path.relpath(m['file'], src) if m['file'].startswith('/') else m['file']
            if m['sev'] != 'note':
                cur = None
                if '[bdops-' in m['msg']:
                    cur = {'loc': '%s:%s' % (fn, m['line']), 'col': int(m['col']),
                           'sev': m['sev'], 'msg': m['msg'], 'notes': []}
                    res.append(cur)
            elif cur is not None:
                cur['notes'].append('%s:%s: %s' % (fn, m['line'], m['msg']))
    return res


def internal_errors(path):
    """Crashes, and units bdops says it did not fully analyse (the gate:
    never a clean result for those)."""
    with open(path, errors='replace') as f:
        return [l.strip() for l in f if 'bdops: internal error' in l
                or 'bdops: not fully analysed' in l
                or 'Segmentation fault' in l or 'internal compiler error' in l
                or 'PLEASE submit a bug report' in l]


def cocci_findings(path, src):
    res = set()
    with open(path, errors='replace') as f:
        for line in f:
            m = COCCI.match(line.strip())
            if m:
                fn = os.path.relpath(m['file'], src) if m['file'].startswith('/') else m['file']
                res.add('%s:%s: %s' % (fn, m['line'], m['msg']))
    return sorted(res)


def summary(vals):
    return min(vals), statistics.median(vals), max(vals)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--src', required=True)
    ap.add_argument('--build-gcc', required=True)
    ap.add_argument('--build-clang', required=True)
    ap.add_argument('--sparse-cmds', required=True)
    ap.add_argument('--bdops', required=True, help='bdops build directory')
    ap.add_argument('--cocci', help='semantic patch of the cocci lane')
    ap.add_argument('--list', required=True)
    ap.add_argument('--reps', type=int, default=1)
    ap.add_argument('--lanes', default='gcc,clang,sparse,tool,cocci')
    ap.add_argument('--json', help='write all measurements here')
    ap.add_argument('--facts', help='keep each lane\'s facts in FACTS/LANE and '
                    'report what "bdops merge" of them finds')
    a = ap.parse_args()

    tus = [l.strip() for l in open(a.list) if l.strip() and not l.startswith('#')]
    lanes = a.lanes.split(',')
    recorded = open(a.sparse_cmds).read().splitlines()
    gso = os.path.join(a.bdops, 'lib', 'bdops_gcc.so')
    cso = os.path.join(a.bdops, 'lib', 'bdops_clang.so')
    bsparse = os.path.join(a.bdops, 'bin', 'bdops-sparse')
    tool = os.path.join(a.bdops, 'bin', 'bdops-clang-tool')
    tmp = tempfile.mkdtemp(prefix='bdops-bench-')
    out = os.path.join(tmp, 'out.txt')

    def facts(lane, opt):
        if not a.facts:
            return ''
        d = os.path.join(a.facts, lane)
        os.makedirs(d, exist_ok=True)
        return ' ' + opt + shlex.quote(d)

    # lane -> (plain command, bdops command, cwd) per unit
    def pair(lane, tu):
        if lane == 'gcc':
            c = kbuild_cmd(a.build_gcc, tu, tmp)
            return c, c + ' -fplugin=%s -fplugin-arg-bdops_gcc-error=no' % gso + \
                facts(lane, '-fplugin-arg-bdops_gcc-facts-dir='), a.build_gcc
        if lane == 'clang':
            c = kbuild_cmd(a.build_clang, tu, tmp)
            return c, c + ' -fplugin=%s -fplugin-arg-bdops_clang-error=no' % cso + \
                facts(lane, '-fplugin-arg-bdops_clang-facts-dir='), a.build_clang
        if lane == 'sparse':
            args = sparse_args(recorded, tu)
            return 'sparse ' + args, shlex.quote(bsparse) + facts(lane, '-fbdops-facts-dir=') + \
                ' ' + args, a.build_gcc
        raise KeyError(lane)

    data = {l: {'plain': {}, 'bdops': {}, 'findings': {}, 'fail': [],
                'internal': [], 'differs': []} for l in lanes}
    rounds = 0
    for rep in range(a.reps):
        for i, tu in enumerate(tus):
            for lane in ('gcc', 'clang', 'sparse'):
                if lane not in lanes:
                    continue
                try:
                    plain, with_bdops, cwd = pair(lane, tu)
                except LookupError as e:
                    data[lane]['fail'].append('%s: %s' % (tu, e))
                    continue
                order = ('plain', 'bdops') if (i + rep) % 2 == 0 else ('bdops', 'plain')
                texts = {}
                for kind in order:
                    cmd = plain if kind == 'plain' else with_bdops
                    rc, cpu, wall, rss = run(cmd, cwd, out)
                    data[lane][kind].setdefault(tu, []).append((cpu, wall, rss))
                    with open(out, errors='replace') as f:
                        texts[kind] = f.read()
                    if rc != 0:
                        data[lane]['fail'].append('%s %s rc=%d' % (kind, tu, rc))
                    if kind == 'bdops' and rep == 0:
                        data[lane]['findings'][tu] = findings(out, a.src)
                        data[lane]['internal'] += internal_errors(out)
                # bdops-sparse must print sparse's own warnings unchanged.
                if lane == 'sparse' and rep == 0:
                    if sparse_own(texts['bdops']) != texts['plain'].splitlines():
                        data[lane]['differs'].append(tu)
            if rep == 0 and 'tool' in lanes:
                cmd = '%s -p %s --error=no%s %s' % (tool, a.build_clang,
                                                    facts('tool', '--facts-dir='),
                                                    os.path.join(a.src, tu))
                rc, cpu, wall, rss = run(cmd, a.build_clang, out)
                data['tool']['bdops'][tu] = [(cpu, wall, rss)]
                data['tool']['findings'][tu] = findings(out, a.src)
                data['tool']['internal'] += internal_errors(out)
                if rc not in (0, 1):
                    data['tool']['fail'].append('%s rc=%d' % (tu, rc))
            if rep == 0 and 'cocci' in lanes:
                cmd = ('spatch --very-quiet -D report --no-show-diff --timeout 120 '
                       '--sp-file %s -I %s/arch/x86/include -I %s/include '
                       '-I ./arch/x86/include/generated -I ./include %s' %
                       (a.cocci, a.src, a.src, os.path.join(a.src, tu)))
                rc, cpu, wall, rss = run(cmd, a.build_gcc, out)
                data['cocci']['bdops'][tu] = [(cpu, wall, rss)]
                data['cocci']['findings'][tu] = cocci_findings(out, a.src)
                if rc != 0:
                    data['cocci']['fail'].append('%s rc=%d' % (tu, rc))
            rounds += 1
            print('bench: %d/%d %s' % (rounds, len(tus) * a.reps, tu),
                  file=sys.stderr, flush=True)

    report(a, tus, lanes, data)
    merged_bad = merge_report(a, lanes) if a.facts else False
    if a.json:
        with open(a.json, 'w') as f:
            json.dump(data, f, indent=1)
    bad = any(data[l]['fail'] or data[l]['internal'] for l in lanes) or merged_bad
    return 1 if bad else 0


def show(fs):
    """Print findings with their notes; return them keyed for comparing
    frontends (file, line, message, notes; columns ignored)."""
    for f in fs:
        print('   %s:%d: %s: %s' % (f['loc'], f['col'], f['sev'], f['msg']))
        for n in f['notes']:
            print('      ' + n)
    return sorted('%s: %s | %s' % (f['loc'], f['msg'], ' | '.join(f['notes'])) for f in fs)


def agree(keyed):
    """Print each frontend against the first; True when all agree."""
    base, same = next(iter(keyed), None), True
    for lane in keyed:
        if lane == base:
            continue
        only_a = sorted(set(keyed[base]) - set(keyed[lane]))
        only_b = sorted(set(keyed[lane]) - set(keyed[base]))
        same = same and not only_a and not only_b
        print('%s vs %s: %s' % (base, lane, 'identical' if not only_a and not only_b
                                else '%d/%d differ' % (len(only_a), len(only_b))))
        for x in only_a:
            print('   only %s: %s' % (base, x))
        for x in only_b:
            print('   only %s: %s' % (lane, x))
    return same


def merge_report(a, lanes):
    """bdops merge of each lane's facts: the whole-program findings (those
    of every unit plus what only their combination shows), and whether the
    lanes agree on them.  True when a merge failed or lanes disagree."""
    bdops = os.path.join(a.bdops, 'bin', 'bdops')
    keyed, bad = {}, False
    print('\n== bdops merge of the facts (whole program)')
    for lane in lanes:
        d = os.path.join(a.facts, lane)
        if lane == 'cocci' or not os.path.isdir(d):
            continue
        out = os.path.join(a.facts, lane + '.merge.txt')
        rc, cpu, wall, rss = run('%s merge %s' % (shlex.quote(bdops), shlex.quote(d)),
                                 a.src, out)
        fs = findings(out, a.src)
        print('\n-- %s: bdops merge: exit %d, %d finding(s), %.1f s' %
              (NAME[lane], rc, len(fs), cpu))
        if rc not in (0, 1):
            bad = True
            with open(out, errors='replace') as f:
                print('   ' + '   '.join(f.readlines()[-5:]))
        keyed[lane] = show(fs)
    print('\n== merged findings: frontend agreement')
    return not agree(keyed) or bad


TARGET = {'gcc': 1.03, 'clang': 1.05, 'sparse': 1.2}
NAME = {'gcc': 'GCC plugin vs gcc', 'clang': 'Clang plugin vs clang-19',
        'sparse': 'bdops-sparse vs sparse', 'tool': 'bdops-clang-tool',
        'cocci': 'Coccinelle (spatch)'}


def best(samples):
    """Per unit: the minimum CPU time over repetitions (least disturbed)."""
    return min(s[0] for s in samples)


def report(a, tus, lanes, data):
    print('\n== bdops kernel bench: %d units, %d repetition(s)' % (len(tus), a.reps))
    print('ratio = CPU time (user+sys) with bdops / without, per unit; '
          'overall = sum / sum\n')
    print('%-26s %7s %7s %7s %8s %9s %9s %7s  %s' %
          ('lane', 'min', 'median', 'max', 'overall', 'plain s', 'bdops s',
           'peakMB', 'target'))
    for lane in ('gcc', 'clang', 'sparse'):
        if lane not in lanes:
            continue
        d = data[lane]
        ok = [t for t in tus if t in d['plain'] and t in d['bdops']]
        if not ok:
            continue
        ratios = [best(d['bdops'][t]) / best(d['plain'][t]) for t in ok
                  if best(d['plain'][t]) > 0]
        tp = sum(best(d['plain'][t]) for t in ok)
        tb = sum(best(d['bdops'][t]) for t in ok)
        mp = max(s[2] for t in ok for s in d['plain'][t]) / 1024
        mb = max(s[2] for t in ok for s in d['bdops'][t]) / 1024
        lo, med, hi = summary(ratios)
        ok = 'PASS' if med <= TARGET[lane] else 'FAIL'
        print('%-26s %7.3f %7.3f %7.3f %8.3f %9.1f %9.1f %7.0f  <= %.2fx median: %s (plain peak %.0f MB)' %
              (NAME[lane], lo, med, hi, tb / tp, tp, tb, mb, TARGET[lane], ok, mp))
    for lane in ('tool', 'cocci'):
        if lane not in lanes:
            continue
        d = data[lane]
        ok = [t for t in tus if t in d['bdops']]
        if not ok:
            continue
        ts = [d['bdops'][t][0][0] for t in ok]
        lo, med, hi = summary(ts)
        mb = max(d['bdops'][t][0][2] for t in ok) / 1024
        rel = ''
        cl = sum(best(data['clang']['plain'][t]) for t in ok
                 if t in data['clang']['plain']) if 'clang' in lanes else 0
        if cl > 0:
            rel = '(%.2fx plain clang-19 -c)' % (sum(ts) / cl)
        print('%-26s per unit s: min %.2f median %.2f max %.2f, total %.1f s %s, peak %.0f MB' %
              (NAME[lane], lo, med, hi, sum(ts), rel, mb))

    print('\n== findings')
    keyed = {}
    for lane in lanes:
        d = data[lane]
        if lane == 'cocci':
            n = sum(len(v) for v in d['findings'].values())
            print('\n-- %s: %d' % (NAME[lane], n))
            for t in tus:
                for f in d['findings'].get(t, []):
                    print('   ' + f)
            continue
        fs = [f for t in tus for f in d['findings'].get(t, [])]
        print('\n-- %s: %d' % (NAME[lane], len(fs)))
        keyed[lane] = show(fs)
    print('\n== frontend agreement (file, line, message, notes; columns ignored)')
    agree(keyed)

    print('\n== failures, crashes, units not fully analysed')
    clean = True
    for lane in lanes:
        d = data[lane]
        for x in d['fail']:
            print('%s: failed: %s' % (lane, x))
            clean = False
        for x in d['internal']:
            print('%s: %s' % (lane, x))
            clean = False
        for x in d['differs']:
            print('%s: sparse\'s own output differs for %s' % (lane, x))
            clean = False
    if clean:
        print('none')


if __name__ == '__main__':
    sys.exit(main())
