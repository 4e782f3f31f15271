#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""seeds.py TARGET OUTDIR [--build BUILD]: a fuzz target's seed corpus,
made from the testsuite's inputs (nothing of it is committed).
seeds.py --list: the targets.

Each target has a function below that writes its seeds into OUTDIR, one
file each; fuzz/run.sh calls it before a run.  A new target adds its
function to SEEDS.
"""
import base64
import email
import email.policy
import glob
import hashlib
import os
import quopri
import subprocess
import sys
import tempfile

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TESTSUITE = os.path.join(TOP, 'testsuite')


def put(out, data):
    """One seed, named by its hash (the same input twice is one seed)."""
    if isinstance(data, str):
        data = data.encode()
    name = hashlib.sha1(data).hexdigest()[:16]
    with open(os.path.join(out, name), 'wb') as f:
        f.write(data)


def sources(*patterns):
    """The testsuite's C inputs (sorted, so the corpus is the same each run)."""
    files = set()
    for pat in patterns or ('**/*.c', '**/*.h'):
        files.update(glob.glob(os.path.join(TESTSUITE, pat), recursive=True))
        files.update(glob.glob(os.path.join(TOP, 'kernel-fixtures', pat), recursive=True))
    return sorted(f for f in files if os.path.isfile(f))


def git(*args, cwd=None):
    return subprocess.run(['git'] + list(args), cwd=cwd, capture_output=True).stdout


def mails(patch):
    """The patch as mails: plain, base64, quoted-printable, an attachment."""
    msg = email.message_from_bytes(patch)
    body = msg.get_payload(decode=True) or b''
    out = [patch]
    for enc in ('base64', 'quoted-printable'):
        m = email.message_from_bytes(patch)
        del m['Content-Transfer-Encoding']
        if enc == 'base64':
            m.set_payload(base64.encodebytes(body).decode('ascii'))
        else:
            m.set_payload(quopri.encodestring(body, quotetabs=True).decode('ascii'))
        m['Content-Transfer-Encoding'] = enc
        out.append(m.as_bytes(unixfrom=True))
    mp = email.message.EmailMessage()
    mp['From'] = 'A U Thor <author@example.org>'
    mp['Subject'] = '[PATCH] attached'
    mp.set_content('The patch is attached.\n')
    mp.add_attachment(body, maintype='text', subtype='x-patch', filename='0001.patch')
    out.append(mp.as_bytes())
    return out


def review_patch(out, build):
    """Diffs and mails between the testsuite's before/after pairs: git's
    (with a rename, a mode change, a binary change with and without data,
    -U0), plain diff -u, format-patch mails in every transfer encoding."""
    pairs = []
    for before in sources('**/*-before.c'):
        after = before.replace('-before.c', '-after.c')
        if os.path.exists(after):
            pairs.append((before, after))
    with tempfile.TemporaryDirectory() as tmp:
        repo = os.path.join(tmp, 'repo')
        os.makedirs(os.path.join(repo, 'drivers', 'block'))
        git('init', '-q', '.', cwd=repo)
        git('config', 'user.name', 'A U Thor', cwd=repo)
        git('config', 'user.email', 'author@example.org', cwd=repo)
        for before, after in pairs:
            name = os.path.join('drivers', 'block', os.path.basename(before)
                                .replace('-before', ''))
            with open(os.path.join(repo, name), 'wb') as f:
                f.write(open(before, 'rb').read())
            git('add', '-A', cwd=repo)
            git('commit', '-q', '-m', 'before', cwd=repo)
            with open(os.path.join(repo, name), 'wb') as f:
                f.write(open(after, 'rb').read())
            git('commit', '-q', '-a', '-m', 'after: ' + name, cwd=repo)
            for opts in ([], ['-U0'], ['--binary', '--text']):
                put(out, git('diff', *opts, 'HEAD~1', 'HEAD', cwd=repo))
            for patch in mails(git('format-patch', '-1', '--stdout', cwd=repo)):
                put(out, patch)
            put(out, subprocess.run(['diff', '-u', before, after],
                                    capture_output=True).stdout)
        # a rename, a mode change, a binary C file (a "-diff" attribute)
        git('mv', 'drivers/block/wf.c', 'drivers/wf2.c', cwd=repo)
        os.chmod(os.path.join(repo, 'drivers', 'wf2.c'), 0o755)
        with open(os.path.join(repo, '.gitattributes'), 'w') as f:
            f.write('*.c -diff\n')
        with open(os.path.join(repo, 'drivers', 'wf2.c'), 'a') as f:
            f.write('/* more */\n')
        git('add', '-A', cwd=repo)
        git('commit', '-q', '-m', 'mixed', cwd=repo)
        put(out, git('format-patch', '-1', '--stdout', cwd=repo))
        put(out, git('diff', 'HEAD~1', 'HEAD', cwd=repo))
        put(out, git('format-patch', '-3', '--stdout', cwd=repo))
    put(out, b'')
    put(out, b'hello\n')


def findings(build, path, era):
    """bdops check's findings of one file with an era's headers, as the
    JSON report's array, or None if it does not compile there; cached in
    BUILD/fuzz/seeds-cache by the file's text, the era and bdops itself."""
    bdops = os.path.join(build, 'bin', 'bdops')
    text = open(path, 'rb').read()
    key = hashlib.sha1(text + era.encode() +
                       str(os.stat(bdops).st_mtime_ns).encode()).hexdigest()
    cache = os.path.join(build, 'fuzz', 'seeds-cache', key)
    if os.path.exists(cache):
        data = open(cache, 'rb').read()
        return None if data == b'none' else data
    r = subprocess.run([bdops, 'check', '--frontend', 'gcc', '--format', 'json', path, '--',
                        '-std=gnu11', '-I' + os.path.join(TOP, 'kernel-fixtures', 'include', era)],
                       capture_output=True)
    data = r.stdout if r.returncode in (0, 1) else b'none'
    os.makedirs(os.path.dirname(cache), exist_ok=True)
    with open(cache, 'wb') as f:
        f.write(data)
    return None if data == b'none' else data


def fix(out, build):
    """The sources of the fix tests and the fixtures, each with the
    findings bdops check gives it (in the era its RUN line names, else the
    first that compiles it), as "SOURCE NUL MODE JSON" (fuzz/fix.c), in
    the modes "edits verify" and "no edit does"."""
    files = sources('workflows/Inputs/**/*.c', 'bad/*.c', 'good/*.c', 'hard/*.c',
                    'multi/**/*.c')
    eras = sorted(os.listdir(os.path.join(TOP, 'kernel-fixtures', 'include')))
    for path in files:
        text = open(path, 'rb').read()
        named = [e for e in eras if ('%kflags_' + e).encode() in text]
        for era in named or ['legacy', 'fmode']:
            data = findings(build, path, era)
            if data is None:
                continue
            for mode in (b'0', b'1'):
                put(out, text + b'\0' + mode + data)
            break


def suppress(out, build):
    """Every C source and header of the testsuite and the fixtures (the
    suppression tests among them), and the directive's spellings alone."""
    for path in sources():
        put(out, open(path, 'rb').read())
    for text in ('/* bdops: ignore put-mode */\nx;\n', '// BDOPS : Ignore=all\n',
                 '/*\n * bdops: ignore file-write reason\n */\nx;\n',
                 '"bdops: ignore all"; \'b\';\n', '/* bd\u043eps: ign\u200bore put-m\u043ede */\n',
                 '/* bdop\uff1a ignore put-mode */ // bdops ignore x\\\n continued\n'):
        put(out, text)


def facts(out, build):
    """Facts files as the merge bench generates them (gets, puts, graphs,
    stores, deferred pairs) and as bdops check writes them for a few
    fixtures, each alone, compact, and as .bdops.facts records of both
    formats (fuzz/facts.c reads the bytes both ways)."""
    import importlib.util
    import json
    import random
    import zlib
    spec = importlib.util.spec_from_file_location(
        'gen_facts', os.path.join(TOP, 'bench', 'merge', 'gen_facts.py'))
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    docs = []
    for i in range(24):
        docs.append(gen.unit_facts(i, 24, random.Random(1000003 + i))[1])
    bdops = os.path.join(build, 'bin', 'bdops')
    for name in ('journal_mode_not_kept.c', 'kill_block_super_s_flags.c'):
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run([bdops, 'check', '--frontend', 'gcc', '--facts-dir', tmp,
                            os.path.join(TOP, 'kernel-fixtures', 'bad', name), '--', '-std=gnu11',
                            '-I' + os.path.join(TOP, 'kernel-fixtures', 'include', 'fmode')],
                           capture_output=True)
            for f in glob.glob(os.path.join(tmp, '*.json')):
                docs.append(json.load(open(f)))
    for d in docs:
        text = json.dumps(d, separators=(',', ':')).encode()
        put(out, json.dumps(d, indent=1))
        put(out, text)
        put(out, b'bdops-facts 1 seed %d\n' % len(text) + text + b'\n')
        z = zlib.compress(text)
        put(out, b'bdops-facts 2 seed %d %d\n' % (len(z), len(text)) + z + b'\n\0\0')


SEEDS = {
    'facts': facts,
    'fix': fix,
    'suppress': suppress,
    'review-patch': review_patch,
}


def main():
    args = sys.argv[1:]
    if args == ['--list']:
        print('\n'.join(sorted(SEEDS)))
        return
    build = os.path.join(TOP, 'build')
    if '--build' in args:
        i = args.index('--build')
        build = args[i + 1]
        del args[i:i + 2]
    if len(args) != 2 or args[0] not in SEEDS:
        sys.exit('usage: seeds.py TARGET OUTDIR [--build BUILD]; targets: ' +
                 ' '.join(sorted(SEEDS)))
    os.makedirs(args[1], exist_ok=True)
    SEEDS[args[0]](args[1], build)


if __name__ == '__main__':
    main()
