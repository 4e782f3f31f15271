#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""gen_facts.py [-n UNITS] [--seed S] DIR - write synthetic bdops facts for
UNITS translation units (default 30000, a whole kernel build) into DIR, in
the format of docs/facts.md, for timing "bdops merge".

The units look like a kernel tree's as far as the merge cares:
  - each defines 2-14 functions (a third exported) that call 2-8 kernel
    functions no unit defines and, now and then, an exported function of
    another unit;
  - 3% are drivers with block_device_operations methods; 2% are helper
    libraries whose helpers test O_NDELAY in f_flags or write struct file
    (reached from a method in another unit, they become findings);
  - 4% keep a bdev they got in a field of a driver struct (one of ~N/75
    tags, two or three units each, one in ten the shared super_block with
    its s_mode), 4% put a bdev read from such a field, with a constant
    mode, a stored mode or one rebuilt from a flags field;
  - 1% carry a finding of their own;
  - whole-program graphs (facts format 2), in the proportions measured on
    59 block-layer units of Linux 6.1 (12% of functions with a graph of
    5.5 nodes, mostly calls) for 4% of units, and a graph for 2% of the
    functions of the others; a few flag stores, mode-field stores and
    deferred pairs; 0.5% are libraries keeping a bdev in a global with a
    get wrapper and a put wrapper that takes the mode, called (with a
    right or a wrong mode) by 1% of the units.
Deterministic for a given seed and UNITS.
"""
import argparse
import json
import os
import random
import zlib

KAPI = ['kapi_%d' % i for i in range(3000)]
GETS = ['blkdev_get', 'blkdev_get_by_path', 'open_by_devnum', 'open_bdev_exclusive']
PUTS = ['blkdev_put', 'close_bdev_exclusive']
MODES = [1, 3, 0x41, 0x83]


def loc(unit, line, col=2):
    return {'file': unit, 'line': line, 'column': col}


def mode_of(rng, tag, field=None):
    if field and rng.random() < 0.5:
        return {'unknown': 0, 'values': [{'tag': tag, 'field': field, 'set': 0, 'clr': 0}]}
    return {'unknown': 0, 'values': [{'k': rng.choice(MODES)}]}


def gmode(k):
    return [0, ['k', k, []]]


def graph_call(rng, line, succ, callee=None, mode=None):
    args = [[None, None] for _ in range(rng.randint(0, 3))]
    if mode is not None:
        args.append([None, gmode(mode)])
    elif rng.random() < 0.4:
        args.append([['p', 0], None])
    return ['call', [0, line, 2], callee or rng.choice(KAPI), None, 0, args, succ]


def graph(rng, name, static, line, nodes):
    return {'name': name, 'static': static, 'params': 2, 'entry': [0],
            'nodes': nodes, 'files': ['unit.c']}


def plain_graph(rng, fn, line):
    n = max(1, int(rng.expovariate(1 / 5.5)))
    nodes = [graph_call(rng, line + k, [k + 1 if k + 1 < n else -1]) for k in range(n)]
    if rng.random() < 0.1:
        nodes.insert(0, ['set', [0, line, 2], 'gflag%d' % rng.randrange(100), 0, [1]])
        for k in range(1, len(nodes)):
            nodes[k][-1] = [x + 1 if x >= 0 else -1 for x in nodes[k][-1]]
    return graph(rng, fn['name'], fn['static'], line, nodes)


def library_graphs(i):
    """swsusp's shape: a get wrapper keeping a bdev in a global, a put
    wrapper taking the mode."""
    key = 'lib%d_bdev' % i
    get = {'name': 'u%d_open' % i, 'static': 0, 'params': 0, 'entry': [0], 'files': ['lib.c'],
           'nodes': [['get', [0, 20, 9], 'blkdev_get_by_dev', ['g', key], gmode(0x81), 0, 0, [-1]]]}
    put = {'name': 'u%d_close' % i, 'static': 0, 'params': 1, 'entry': [0], 'files': ['lib.c'],
           'nodes': [['put', [0, 30, 2], 'blkdev_put', ['g', key], [0, ['p', 0, 0, 0, []]], 0, [-1]]]}
    return [get, put]


def user_graph(rng, i, lib, line):
    mode = 0x81 if rng.random() < 0.9 else 0x83
    nodes = [graph_call(rng, line, [1], 'u%d_open' % lib),
             graph_call(rng, line + 2, [2]),
             graph_call(rng, line + 4, [-1], 'u%d_close' % lib, mode)]
    return {'name': 'u%d_use' % i, 'static': 0, 'params': 0, 'entry': [0],
            'nodes': nodes, 'files': ['user.c']}


def unit_facts(i, n, rng):
    unit = 'drivers/gen/d%03d/unit%05d.c' % (i % 997, i)
    ntags = max(4, n // 75)
    kind = rng.random()
    fns, gets, puts, findings = [], [], [], []
    line = 10
    nf = rng.randint(2, 14)
    for k in range(nf):
        exported = k % 3 == 0
        name = 'u%d_f%d' % (i, k) if exported else 'f%d' % k
        calls = rng.sample(KAPI, rng.randint(2, 8))
        if rng.random() < 0.3:
            # an exported function of a nearby unit (a library)
            j = (i + rng.randint(1, 50)) % n
            calls.append('u%d_f0' % j)
        fn = {'name': name, 'static': 0 if exported else 1, 'method': 0,
              'roles': 0, 'reached_from': None, 'calls': calls,
              'ndelay': [], 'writes': []}
        fns.append(fn)
        line += rng.randint(8, 40)
    if kind < 0.03:			# a driver: methods calling libraries
        for k, role in enumerate((1, 2, 4)):
            m = fns[k % len(fns)]
            m['name'] = 'u%d_method%d' % (i, k)
            m['method'] = 1
            m['static'] = 1
            m['roles'] = role
            m['calls'].append('u%d_f0' % ((i + 1 + k) % n))
    elif kind < 0.05:		# a library reached from other units' methods
        f0 = fns[0]
        f0['ndelay'].append({'at': loc(unit, 20, 29), 'read': loc(unit, 18, 14),
                             'what': 'O_NDELAY'})
        if rng.random() < 0.3:
            f0['writes'].append({'at': loc(unit, 24, 17), 'what': 'file->f_flags'})
    if rng.random() < 0.04:		# keeps a bdev in a struct field
        shared = rng.random() < 0.1
        tag = 'super_block' if shared else 'drv%d_dev' % rng.randrange(ntags)
        field, mfield = ('s_bdev', 's_mode') if shared else ('bdev', 'mode')
        g = {'function': fns[0]['name'], 'get': rng.choice(GETS),
             'at': loc(unit, 30, 9), 'tag': tag, 'field': field,
             'mode_field': mfield, 'group': '%s:31:12' % unit, 'exclusive': 0,
             'mode': mode_of(rng, tag)}
        gets.append(g)
        if rng.random() < 0.5:	# and its mode alone, as get_sb_bdev does
            g2 = dict(g, field=None, group='%s:30:9' % unit)
            gets.append(g2)
    if rng.random() < 0.04:		# puts a bdev read from such a field
        shared = rng.random() < 0.1
        tag = 'super_block' if shared else 'drv%d_dev' % rng.randrange(ntags)
        field, mfield = ('s_bdev', 's_mode') if shared else ('bdev', 'mode')
        p = {'function': fns[-1]['name'], 'put': rng.choice(PUTS),
             'at': loc(unit, 60), 'tag': tag, 'field': field, 'exclusive': 0,
             'from_tag': None, 'from_field': None, 'mode': mode_of(rng, tag, mfield)}
        if rng.random() < 0.2:
            p['from_tag'], p['from_field'] = tag, 's_flags' if shared else 'flags'
            p['mode'] = {'unknown': 0, 'values': [{'k': 1}, {'k': 3}]}
        puts.append(p)
    if rng.random() < 0.01:
        findings.append({'file': unit, 'line': 44, 'column': 2,
                         'check': 'bdops-put-mode', 'function': fns[0]['name'],
                         'message': 'blkdev_put() passes FMODE_READ, but the matching '
                                    'blkdev_get() took FMODE_READ|FMODE_NDELAY',
                         'severity': 'warning',
                         'notes': [{'file': unit, 'line': 40, 'column': 8,
                                    'message': 'blkdev_get() took FMODE_READ|FMODE_NDELAY here'}],
                         'fix': 'pass FMODE_READ|FMODE_NDELAY'})
    graphs, stores, deferred = [], [], []
    block = rng.random() < 0.04
    for k, fn in enumerate(fns):
        if rng.random() < (0.12 if block else 0.02):
            graphs.append(plain_graph(rng, fn, 100 + 40 * k))
    if block and rng.random() < 0.5:
        graphs.append({'name': 'f_sets%d' % i, 'static': 1, 'params': 0,
                       'sets': [['gflag%d' % rng.randrange(100), -1]]})
    if block and rng.random() < 0.2:
        stores.append({'tag': 'super_block', 'field': 's_mode', 'at': loc(unit, 70),
                       'mode': {'unknown': 0, 'values': [{'k': 0x81}, {'k': 0x83}]}})
    if block and rng.random() < 0.05:
        deferred.append({'function': fns[0]['name'], 'put': 'blkdev_put', 'at': loc(unit, 80),
                         'mode': {'unknown': 0, 'values': [{'k': 0x80}]},
                         'get': 'blkdev_get_by_path', 'get_at': loc(unit, 75),
                         'get_mode': {'unknown': 0, 'values': [
                             {'tag': 'super_block', 'field': 's_mode', 'set': 0, 'clr': 0}]}})
    if i % 200 == 7:
        graphs += library_graphs(i)
    elif rng.random() < 0.01:
        graphs.append(user_graph(rng, i, (i // 200) * 200 + 7, 300))
    return unit, {'version': 2, 'unit': unit, 'path': '/usr/src/linux/' + unit,
                  'directory': '/usr/src/linux',
                  'functions': nf, 'internal': None, 'incomplete': None, 'findings': findings,
                  'summary': {'gets': gets, 'puts': puts, 'functions': fns,
                              'stores': stores, 'deferred': deferred, 'graphs': graphs}}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('-n', type=int, default=30000, help='units (default 30000)')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('dir')
    a = ap.parse_args()
    os.makedirs(a.dir, exist_ok=True)
    for i in range(a.n):
        rng = random.Random(a.seed * 1000003 + i)
        unit, facts = unit_facts(i, a.n, rng)
        name = '%s-%016x.json' % (unit.replace('/', '_'),
                                  zlib.crc32(unit.encode()) * 0x100000001)
        with open(os.path.join(a.dir, name), 'w') as f:
            json.dump(facts, f, indent=1)
            f.write('\n')


if __name__ == '__main__':
    main()
