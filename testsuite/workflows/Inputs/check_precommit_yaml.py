# SPDX-License-Identifier: GPL-2.0
# check_precommit_yaml.py FILE: the structure pre-commit requires of a
# hook manifest (a list of hooks with id, name, entry, language), plus
# what bdops's hook needs to mean "bdops review semantics".
import re
import sys

import yaml

KNOWN = {'id', 'name', 'entry', 'language', 'files', 'exclude', 'types', 'types_or',
         'exclude_types', 'always_run', 'fail_fast', 'verbose', 'pass_filenames',
         'require_serial', 'description', 'language_version', 'minimum_pre_commit_version',
         'args', 'stages', 'additional_dependencies', 'log_file'}
LANGS = {'conda', 'coursier', 'dart', 'docker', 'docker_image', 'dotnet', 'fail', 'golang',
         'haskell', 'lua', 'node', 'perl', 'python', 'r', 'ruby', 'rust', 'swift',
         'pygrep', 'script', 'system'}

hooks = yaml.safe_load(open(sys.argv[1]))
assert isinstance(hooks, list) and hooks, 'a manifest is a non-empty list'
for h in hooks:
    assert isinstance(h, dict), h
    for key in ('id', 'name', 'entry', 'language'):
        assert isinstance(h.get(key), str) and h[key], 'missing ' + key
    assert not set(h) - KNOWN, 'unknown keys %s' % (set(h) - KNOWN)
    assert h['language'] in LANGS, h['language']
    files = re.compile(h.get('files', ''))
    assert files.search('drivers/block/loop.c') and not files.search('README.md')
    # stage names changed in pre-commit 3.2 ("commit" -> "pre-commit"):
    # Debian's 3.0.4 rejects the new ones, current releases warn about the
    # old ones, so the manifest names none
    assert 'stages' not in h, 'stages: no spelling suits every pre-commit'
    if h['id'].startswith('bdops'):
        assert h['entry'].split()[:3] == ['bdops', 'review', '--staged'], h['entry']
        assert h.get('pass_filenames') is False, 'review reads the index itself'
    print('hook %s: entry %r, language %s, files %s' % (h['id'], h['entry'], h['language'],
                                                       h.get('files', '')))
print('manifest ok')
