# Structural check of a bdops SARIF 2.1.0 log (what code-scanning services
# require), then one line per result for FileCheck:
#   RESULT ruleId level uri@uriBaseId:line:col fingerprint [suppression]
# With --exists, every result's file must exist where its URI says.
import json
import os
import sys
from urllib.parse import unquote, urlparse

exists = '--exists' in sys.argv
log = json.load(open([a for a in sys.argv[1:] if a != '--exists'][0]))
errors = []


def need(cond, what):
    if not cond:
        errors.append(what)


need(log.get('version') == '2.1.0', 'version is 2.1.0')
need('sarif-2.1.0' in log.get('$schema', ''), '$schema names sarif-2.1.0')
need(isinstance(log.get('runs'), list) and len(log['runs']) == 1, 'one run')
run = log['runs'][0]
drv = run['tool']['driver']
need(drv.get('name') == 'bdops' and drv.get('version'), 'driver name and version')
rules = drv.get('rules', [])
ids = [r['id'] for r in rules]
need(len(set(ids)) == len(ids), 'rule ids unique')
for r in rules:
    need(r['id'].startswith('bdops-'), 'rule id %s is bdops-*' % r['id'])
    for key in ('shortDescription', 'fullDescription', 'help'):
        need(r.get(key, {}).get('text'), '%s has %s.text' % (r['id'], key))
    # the help is the check's docs/checks page; no relative URI anywhere
    need(r['help'].get('markdown', '').startswith('# bdops-'), '%s help.markdown' % r['id'])
    need('helpUri' not in r, '%s has no helpUri' % r['id'])
need('informationUri' not in drv, 'no relative informationUri')
inv = run.get('invocations', [])
need(len(inv) == 1 and isinstance(inv[0].get('executionSuccessful'), bool),
     'one invocation with executionSuccessful')
bases = run.get('originalUriBaseIds', {})
need(bases.get('SRCROOT', {}).get('uri', '').startswith('file:///') and
     bases['SRCROOT']['uri'].endswith('/'), 'SRCROOT is a file:/// directory URI')
for res in run.get('results', []):
    need(ids[res['ruleIndex']] == res['ruleId'], 'ruleIndex matches ruleId')
    need(res['level'] in ('warning', 'error', 'note'), 'level')
    need(res['message']['text'], 'message.text')
    locs = res['locations']
    need(len(locs) == 1, 'one location')
    for loc in locs + res.get('relatedLocations', []):
        art = loc['physicalLocation']['artifactLocation']
        need(art.get('uriBaseId', 'SRCROOT') in bases, 'uriBaseId is declared')
        need(not art['uri'].startswith('/'), 'uri is relative or file://')
        reg = loc['physicalLocation'].get('region', {'startLine': 1})
        need(reg['startLine'] >= 1 and reg.get('startColumn', 1) >= 1, '1-based region')
    need('bdops/v1' in res.get('partialFingerprints', {}), 'partialFingerprints')
    phys = locs[0]['physicalLocation']
    art = phys['artifactLocation']
    if exists:
        base = bases.get(art.get('uriBaseId'), {}).get('uri', '')
        path = unquote(urlparse(base + art['uri']).path)
        need(os.path.isfile(path), '%s exists' % path)
    sup = ' '.join(s['kind'] for s in res.get('suppressions', []))
    print('RESULT %s %s %s@%s:%d:%d %s %s' % (
        res['ruleId'], res['level'], art['uri'], art.get('uriBaseId', '-'),
        phys['region']['startLine'], phys['region'].get('startColumn', 0),
        res['partialFingerprints']['bdops/v1'], sup))
print('rules: ' + ' '.join(ids))
for i in inv:
    print('invocation: %s' % ('ok' if i.get('executionSuccessful') else 'failed'))
    for n in i.get('toolExecutionNotifications', []):
        print('notification: %s %s' % (n['level'], n['message']['text']))
for e in errors:
    print('SARIF ERROR: ' + e)
sys.exit(1 if errors else 0)
