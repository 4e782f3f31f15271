# SPDX-License-Identifier: GPL-2.0
# check_sarif.py LOG.sarif: the consistency rules viewers rely on, which
# no schema states: ruleId/ruleIndex agree with tool.driver.rules[], every
# artifact is under a declared uriBaseId or a file:// URI, a fix's deleted
# region does not end before it starts.  The schema and the spec's rules
# are the SARIF Multitool's job (%sarif_validate).
import json
import sys

log = json.load(open(sys.argv[1]))
n = nfix = 0
for run in log['runs']:
    rules = run['tool']['driver'].get('rules', [])
    ids = [r['id'] for r in rules]
    assert len(ids) == len(set(ids)), 'duplicate rule ids'
    bases = run.get('originalUriBaseIds', {})
    for res in run.get('results', []):
        if 'ruleIndex' in res:
            assert rules[res['ruleIndex']]['id'] == res['ruleId'], res
        if 'ruleId' in res and rules:
            assert res['ruleId'] in ids, res['ruleId']
        arts = [l['physicalLocation']['artifactLocation'] for l in
                res.get('locations', []) + res.get('relatedLocations', [])]
        for f in res.get('fixes', []):
            nfix += 1
            for ch in f['artifactChanges']:
                arts.append(ch['artifactLocation'])
                for r in ch['replacements']:
                    d = r['deletedRegion']
                    assert (d['endLine'], d['endColumn']) >= (d['startLine'], d['startColumn']), d
        for art in arts:
            if 'uriBaseId' in art:
                assert art['uriBaseId'] in bases, art
            else:
                assert art['uri'].startswith('file://'), art
        n += 1
print('SARIF 2.1.0 ok: %d results, %d rules, %d fixes' %
      (n, len(log['runs'][0]['tool']['driver'].get('rules', [])), nfix))
