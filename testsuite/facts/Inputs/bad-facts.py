# SPDX-License-Identifier: GPL-2.0
"""bad-facts.py FACTS_DIR OUT: from the one facts file a frontend wrote into
FACTS_DIR, write damaged copies, one directory each under OUT (the file's
name kept), for facts/strict.test: each must fail the merge with its
place, never merge as clean (issue 29)."""
import json
import os
import sys

src, out = sys.argv[1], sys.argv[2]
name = [n for n in os.listdir(src) if n.endswith('.json')][0]
text = open(os.path.join(src, name)).read()
facts = json.loads(text)


def write(variant, data):
    os.makedirs(os.path.join(out, variant), exist_ok=True)
    with open(os.path.join(out, variant, name), 'w') as f:
        f.write(data if isinstance(data, str) else json.dumps(data, indent=1))


def changed(fn):
    j = json.loads(text)
    fn(j)
    return j


def once(old, new):
    assert old in text, old
    return text.replace(old, new, 1)


# a key twice: the first copy (empty) would hide the second
write('dup-findings', once('"findings": [', '"findings": [],\n "findings": ['))
write('dup-incomplete', once('"incomplete": null', '"incomplete": null,\n "incomplete": "x"'))
# misspelt, unknown and missing keys
write('sumary', changed(lambda j: j.update(sumary=j.pop('summary'))))
write('gest', changed(lambda j: j['summary'].update(gest=j['summary'].pop('gets'))))
write('no-puts', changed(lambda j: j['summary'].pop('puts')))
write('unknown', changed(lambda j: j.update(frobs=1)))
# numbers out of range: a line that would wrap to 72, negative counts
write('line-wrap', changed(lambda j: j['findings'][0].update(line=2**32 + 72)))
write('get-line-wrap', changed(lambda j: j['summary']['gets'][0]['at'].update(line=2**32 + 52)))
write('functions-negative', changed(lambda j: j.update(functions=-1)))
write('suppressed-3', changed(lambda j: j['findings'][0].update(suppressed=3)))
write('graph-line-wrap', changed(lambda j: j['summary'].update(graphs=[{
    'name': 'g', 'static': 0, 'params': 1, 'entry': [0], 'files': ['a.c'],
    'nodes': [['put', [0, 2**32 + 72, 2], 'blkdev_put', ['p', 0], None, 0, [-1]]]}])))
# the directory relative paths resolve against
write('dir-number', changed(lambda j: j.update(directory=7)))
write('dir-missing', changed(lambda j: j.pop('directory')))
write('dir-relative', changed(lambda j: j.update(directory='build/drivers')))
# a NUL would cut a name short; a string no writer makes
write('nul', changed(lambda j: j['findings'][0].update(function='release\0journal_dev')))
write('long-string', changed(lambda j: j['findings'][0].update(message='m' * ((1 << 20) + 1))))
