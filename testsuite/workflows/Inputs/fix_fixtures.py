# SPDX-License-Identifier: GPL-2.0
# fix_fixtures.py BDOPS FIXTURES EXPECT WORKDIR: run "bdops fix" on every
# bad fixture (bad/*.c, hard/bad_*.c, and the multi-file multi/*_bad/
# directories, whose files are one program) that has a FIX expectation (a
# "// FIX: ..." line in the file, else a line of EXPECT), apply the diff
# with patch -p1 to a copy, and check the result as the expectation says
# (every file compiled with gcc -Werror, all files checked together clean
# under every frontend).
# Prints one line per fixture and a summary; exits 1 if any failed.
import glob
import os
import re
import shutil
import subprocess
import sys

bdops, fixtures, expect_file, work = [os.path.abspath(a) for a in sys.argv[1:5]]
kflags = ['-std=gnu11', '-Wall', '-Wextra']
frontends = ['gcc', 'clang', 'clang-tool', 'sparse']

table = {}
for line in open(expect_file):
    m = re.match(r'^([\w/.-]+): (.*)$', line.strip())
    if m:
        table[m.group(1)] = m.group(2)


def run(cmd, cwd):
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)


def era_of(text):
    """The header era a fixture's RUN line names (%kflags_ERA)."""
    m = re.search(r'%kflags_(\w+)', text)
    return m.group(1) if m else 'fmode'


def check_one(rel, want):
    """rel: a fixture file, or a multi-file fixture's directory."""
    src = os.path.join(fixtures, rel)
    d = os.path.join(work, rel.replace('/', '_'))
    shutil.rmtree(d, ignore_errors=True)
    if os.path.isdir(src):
        # the files of its first check, in that order: one program
        test = open(os.path.join(src, 'test.test')).read()
        files = re.search(r'%check ([\w. ]+?) --', test).group(1).split()
        era = era_of(test)
        shutil.copytree(src, os.path.join(d, rel))
        cwd = os.path.join(d, rel)
    else:
        files = [rel]
        era = era_of(open(src).read())
        os.makedirs(os.path.join(d, os.path.dirname(rel)))
        shutil.copy(src, os.path.join(d, rel))
        cwd = d
    inc = ['-I', os.path.join(fixtures, 'include', era)]
    fix = run([bdops, 'fix'] + files + ['--'] + kflags + inc, cwd)
    if fix.returncode not in (0, 1):
        return 'bdops fix failed (%d): %s' % (fix.returncode, fix.stderr.strip())
    if fix.stdout:
        p = subprocess.run(['patch', '-p1', '-s'], cwd=cwd, input=fix.stdout, text=True,
                           capture_output=True)
        if p.returncode:
            return 'the diff does not apply: ' + p.stdout + p.stderr
    kind, _, reason = want.partition(' ')
    if kind == 'none':
        if fix.returncode != 1 or 'not fixed' not in fix.stderr:
            return 'expected "not fixed" and exit 1, got %d' % fix.returncode
        return None
    if kind != 'clean':
        return 'bad expectation %r' % want
    if fix.returncode != 0:
        return 'bdops fix left findings: ' + fix.stderr.strip()
    inc = ['-I', os.path.join(fixtures, 'include', reason)]
    for f in files:
        cc = run(['gcc'] + kflags + ['-Werror'] + inc + ['-c', f, '-o', '/dev/null'], cwd)
        if cc.returncode:
            return 'the result does not compile against %s:\n%s' % (reason, cc.stderr)
    # clean under every frontend, not only the one that found the fixes
    for fe in frontends:
        chk = run([bdops, 'check', '--frontend', fe] + files + ['--'] + kflags + inc, cwd)
        if chk.returncode:
            return 'the result does not check clean under %s:\n%s%s' % (fe, chk.stdout,
                                                                       chk.stderr)
    return None


files = sorted(glob.glob(os.path.join(fixtures, 'bad', '*.c')) +
               glob.glob(os.path.join(fixtures, 'hard', 'bad_*.c')) +
               glob.glob(os.path.join(fixtures, 'multi', '*_bad')))
counts = {'clean': 0, 'none': 0, 'missing': 0, 'failed': 0}
for path in files:
    rel = os.path.relpath(path, fixtures)
    m = None if os.path.isdir(path) else re.search(r'FIX: (.*)', open(path).read())
    want = m.group(1).strip() if m else table.get(rel)
    if not want:
        print('%s: no FIX expectation' % rel)
        counts['missing'] += 1
        continue
    err = check_one(rel, want)
    if err:
        print('FAIL %s (%s): %s' % (rel, want, err))
        counts['failed'] += 1
    else:
        kind = want.split()[0]
        print('ok %s: %s' % (rel, 'fixed, compiles and checks clean' if kind == 'clean'
                             else 'not auto-fixable: ' + want.partition(' ')[2]))
        counts[kind] += 1
print('%(clean)d fixed clean, %(none)d not auto-fixable, %(missing)d without expectation, '
      '%(failed)d failed' % counts)
sys.exit(1 if counts['failed'] else 0)
