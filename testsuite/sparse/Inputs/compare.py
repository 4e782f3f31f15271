#!/usr/bin/env python3
# compare.py SPARSE BDOPS_SPARSE [--fixtures DIR] -- SPARSE-ARGS...
#
# Runs plain sparse and bdops-sparse on the same command line and checks
# that bdops-sparse is sparse plus findings: its output without the bdops
# lines is sparse's, byte for byte and in the same order, on stdout and on
# stderr.  Prints one summary line per run for FileCheck:
#
#   same: N sparse lines, M bdops lines, exit sparse A bdops-sparse B
#
# or "DIFFERENT" and a diff.  The exit status must be sparse's, except that
# a finding under -Wsparse-error or -Wbdops-error makes it 1.  Both programs must come from the same sparse
# source (the one scripts/setup.sh builds), or the comparison means nothing.
#
# --fixtures DIR: the command line is run on each kernel fixture under DIR
# alone (as kbuild does), with its header era's -I as its RUN line picks
# (%kflags_ERA), then on all of an era's fixtures in one
# invocation.  One summary line for the single runs of an era.
import difflib
import os
import re
import subprocess
import sys

# A finding: "FILE:L:C: [prefix: ]warning|error|note: MSG [bdops-CHECK]", then
# its notes "FILE:L:C: [prefix: ]note: ...".  Sparse has "note:" lines too
# ("previously declared as:"), but never right after one of ours.
FINDING = re.compile(r'^[^:]+:\d+:\d+: (?:\S+: )?(warning|error|note): .* \[bdops-[a-z-]+\]$')
NOTE = re.compile(r'^[^:]+:\d+:\d+: (?:\S+: )?note: ')


def run(argv):
    p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return p.returncode, p.stdout.decode('utf-8', 'replace'), p.stderr.decode('utf-8', 'replace')


def split_ours(text):
    """(sparse's lines, number of bdops lines, number of bdops warnings and
    errors) of bdops-sparse's stderr"""
    theirs, ours, problems, in_finding = [], 0, 0, False
    for line in text.splitlines(keepends=True):
        m = FINDING.match(line)
        in_finding = bool(m or (in_finding and NOTE.match(line)))
        if in_finding:
            ours += 1
            problems += bool(m and m.group(1) != 'note')
        else:
            theirs.append(line)
    return ''.join(theirs), ours, problems


def compare(sparse, bdops, args, quiet=False):
    rc_s, out_s, err_s = run([sparse] + args)
    rc_b, out_b, err_b = run([bdops] + args)
    err_rest, ours, problems = split_ours(err_b)
    ok = True
    for what, a, b in (('stdout', out_s, out_b), ('stderr', err_s, err_rest)):
        if a != b:
            ok = False
            print('DIFFERENT %s:' % what)
            sys.stdout.writelines(difflib.unified_diff(
                a.splitlines(keepends=True), b.splitlines(keepends=True),
                'sparse', 'bdops-sparse'))
    if ok and not quiet:
        print('same: %d sparse lines, %d bdops lines, exit sparse %d bdops-sparse %d%s'
              % (len(err_s.splitlines()), ours, rc_s, rc_b,
                 '' if rc_b == expected_exit(args, rc_s, problems) else ' WRONG EXIT'))
    return ok, (len(err_s.splitlines()), ours, rc_s, rc_b, problems)


def fixture_eras(top):
    eras = {}
    for d, _, files in sorted(os.walk(top)):
        if os.path.relpath(d, top).split(os.sep)[0] == 'harness':
            continue
        for f in sorted(files):
            if not f.endswith('.c'):
                continue
            path = os.path.join(d, f)
            with open(path, encoding='utf-8', errors='replace') as fh:
                m = re.search(r'%kflags_(\w+)', fh.read())
            if m:
                eras.setdefault(m.group(1), []).append(path)
    return eras


def expected_exit(args, rc_sparse, problems):
    if rc_sparse == 0 and problems and ('-Wsparse-error' in args or '-Wbdops-error' in args):
        return 1
    return rc_sparse


def compare_fixtures(sparse, bdops, top, args):
    ok = True
    for era, files in sorted(fixture_eras(top).items()):
        flags = ['-std=gnu11', '-I' + os.path.join(top, 'include', era)] + args
        lines = ours = wrong_exits = 0
        era_ok = True
        for f in files:
            same, (n, m, rc_s, rc_b, p) = compare(sparse, bdops, flags + [f], quiet=True)
            era_ok = era_ok and same
            lines, ours = lines + n, ours + m
            wrong_exits += rc_b != expected_exit(args, rc_s, p)
        ok = ok and era_ok and not wrong_exits
        print('era %s: %d files alone: %s: %d sparse lines, %d bdops lines, %d wrong exits'
              % (era, len(files), 'same' if era_ok else 'DIFFERENT', lines, ours, wrong_exits))
        print('era %s: %d files together: ' % (era, len(files)), end='')
        ok = compare(sparse, bdops, flags + files)[0] and ok
    return ok


def main():
    argv = sys.argv[1:]
    sparse, bdops = argv[0], argv[1]
    rest = argv[2:]
    fixtures = None
    if rest[:1] == ['--fixtures']:
        fixtures, rest = rest[1], rest[2:]
    if rest[:1] == ['--']:
        rest = rest[1:]
    if fixtures:
        ok = compare_fixtures(sparse, bdops, fixtures, rest)
    else:
        ok = compare(sparse, bdops, rest)[0]
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
