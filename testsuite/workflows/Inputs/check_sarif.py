# SPDX-License-Identifier: GPL-2.0
# check_sarif.py LOG.sarif: validate what SARIF 2.1.0 requires of a log
# (the OASIS schema's required properties and types, written out here:
# the schema file itself is not shipped) plus the consistency rules
# viewers rely on: ruleId/ruleIndex agree with tool.driver.rules[], every
# location has a physicalLocation with an artifactLocation uri and a
# 1-based region, uriBaseIds are declared.
import json
import sys

try:
    from jsonschema import validate
except ImportError:
    # The subset of JSON Schema used below, for machines without
    # python3-jsonschema.
    TYPES = {'object': dict, 'array': list, 'string': str, 'integer': int}

    def validate(v, s, path='$'):
        t = s.get('type')
        assert t is None or (isinstance(v, TYPES[t]) and not isinstance(v, bool)), \
            '%s: not %s' % (path, t)
        assert 'const' not in s or v == s['const'], '%s: not %r' % (path, s.get('const'))
        assert 'enum' not in s or v in s['enum'], '%s: %r not in %r' % (path, v, s['enum'])
        assert 'minimum' not in s or v >= s['minimum'], '%s: below minimum' % path
        assert 'minLength' not in s or len(v) >= s['minLength'], '%s: too short' % path
        assert 'minItems' not in s or len(v) >= s['minItems'], '%s: too few items' % path
        for sub in s.get('allOf', []):
            validate(v, sub, path)
        if isinstance(v, dict):
            for k in s.get('required', []):
                assert k in v, '%s: missing required %r' % (path, k)
            for k, sub in s.get('properties', {}).items():
                if k in v:
                    validate(v[k], sub, path + '.' + k)
            if 'additionalProperties' in s:
                for k in v:
                    if k not in s.get('properties', {}):
                        validate(v[k], s['additionalProperties'], path + '.' + k)
        if isinstance(v, list) and 'items' in s:
            for i, x in enumerate(v):
                validate(x, s['items'], '%s[%d]' % (path, i))

loc = {
    'type': 'object',
    'required': ['physicalLocation'],
    'properties': {
        'physicalLocation': {
            'type': 'object',
            'required': ['artifactLocation', 'region'],
            'properties': {
                'artifactLocation': {
                    'type': 'object', 'required': ['uri'],
                    'properties': {'uri': {'type': 'string', 'minLength': 1},
                                   'uriBaseId': {'type': 'string'}}},
                'region': {
                    'type': 'object', 'required': ['startLine'],
                    'properties': {'startLine': {'type': 'integer', 'minimum': 1},
                                   'startColumn': {'type': 'integer', 'minimum': 1}}},
            }},
        'logicalLocations': {'type': 'array', 'items': {'type': 'object'}},
    },
}
message = {'type': 'object', 'required': ['text'],
           'properties': {'text': {'type': 'string', 'minLength': 1}}}
artifact = {'type': 'object', 'required': ['uri'],
            'properties': {'uri': {'type': 'string', 'minLength': 1},
                           'uriBaseId': {'type': 'string'}}}
# SARIF 2.1.0 3.55-3.57: fix -> artifactChanges -> replacements; a
# deletedRegion with 1-based lines and columns, insertedContent text.
fix = {
    'type': 'object', 'required': ['artifactChanges'],
    'properties': {
        'description': message,
        'artifactChanges': {'type': 'array', 'minItems': 1, 'items': {
            'type': 'object', 'required': ['artifactLocation', 'replacements'],
            'properties': {
                'artifactLocation': artifact,
                'replacements': {'type': 'array', 'minItems': 1, 'items': {
                    'type': 'object', 'required': ['deletedRegion'],
                    'properties': {
                        'deletedRegion': {
                            'type': 'object',
                            'required': ['startLine', 'startColumn', 'endLine', 'endColumn'],
                            'properties': {k: {'type': 'integer', 'minimum': 1} for k in
                                           ('startLine', 'startColumn', 'endLine', 'endColumn')}},
                        'insertedContent': {'type': 'object', 'required': ['text'],
                                            'properties': {'text': {'type': 'string'}}},
                    }}},
            }}},
    }}
schema = {
    'type': 'object',
    'required': ['version', 'runs'],
    'properties': {
        'version': {'const': '2.1.0'},
        '$schema': {'type': 'string'},
        'runs': {'type': 'array', 'minItems': 1, 'items': {
            'type': 'object',
            'required': ['tool'],
            'properties': {
                'tool': {'type': 'object', 'required': ['driver'], 'properties': {
                    'driver': {'type': 'object', 'required': ['name'], 'properties': {
                        'name': {'type': 'string', 'minLength': 1},
                        'version': {'type': 'string'},
                        'rules': {'type': 'array', 'items': {
                            'type': 'object', 'required': ['id'],
                            'properties': {
                                'id': {'type': 'string'},
                                'shortDescription': message,
                                'fullDescription': message,
                                'help': message,
                                'helpUri': {'type': 'string'},
                                'defaultConfiguration': {'type': 'object', 'properties': {
                                    'level': {'enum': ['none', 'note', 'warning', 'error']}}},
                            }}},
                    }}}},
                'originalUriBaseIds': {'type': 'object', 'additionalProperties': {
                    'type': 'object', 'properties': {'uri': {'type': 'string'}}}},
                'results': {'type': 'array', 'items': {
                    'type': 'object',
                    'required': ['message'],
                    'properties': {
                        'ruleId': {'type': 'string'},
                        'ruleIndex': {'type': 'integer', 'minimum': 0},
                        'level': {'enum': ['none', 'note', 'warning', 'error']},
                        'message': message,
                        'locations': {'type': 'array', 'items': loc},
                        'relatedLocations': {'type': 'array', 'items': {
                            'allOf': [loc, {'required': ['message']}]}},
                        'partialFingerprints': {'type': 'object', 'additionalProperties': {
                            'type': 'string'}},
                        'fixes': {'type': 'array', 'items': fix},
                        'suppressions': {'type': 'array', 'items': {
                            'type': 'object', 'required': ['kind'],
                            'properties': {'kind': {'enum': ['inSource', 'external']}}}},
                    }}},
            }}},
    },
}

log = json.load(open(sys.argv[1]))
validate(log, schema)
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
