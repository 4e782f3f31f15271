# SPDX-License-Identifier: GPL-2.0
"""sarif_validate.py MULTITOOL_DIR LOG...: validate SARIF logs the way
GitHub code scanning will see them, offline.

Two validators, both from Microsoft's SARIF Multitool npm package that
scripts/setup.sh installs (pinned) under build/third_party:

- the Multitool itself ("Sarif.Multitool validate"): the schema (JSON10xx)
  and the spec's rules (SARIF1xxx errors, SARIF2xxx warnings and notes);
- the OASIS SARIF 2.1.0 JSON schema the package ships, with python3's
  jsonschema: the Multitool 5.7.0 silently skips a log it cannot
  deserialize (an unknown "level", say), which the schema catches.

What fails:
- every schema error and every Multitool error: the log breaks the spec,
  and code scanning rejects or misreads it (SARIF1005, a relative helpUri,
  is why the first uploads were refused);
- every Multitool warning but SARIF2005 (tool.driver.informationUri):
  warnings are what a consumer needs to show a result well.  SARIF2005
  asks for the tool's home page, and bdops has no address every user can
  reach; an invented one would be worse than none.
- notes do not fail: they are suggestions that contradict SPEC 3 (rule ids
  "bdops-put-mode" rather than "BD1001", kebab-case rule names) or cost
  size for nothing code scanning uses (snippets, message ids,
  versionControlProvenance, a reachable $schema).
Prints one line per problem and a summary; exits 1 on any failure.
"""
import json
import os
import subprocess
import sys
import tempfile

import jsonschema

ALLOWED_WARNINGS = {'SARIF2005'}


def message_text(result, rules):
    msg = result.get('message', {})
    text = msg.get('text')
    if text is None:
        rule = rules.get(result.get('ruleId'), {})
        text = rule.get('messageStrings', {}).get(msg.get('id'), {}).get('text', '')
        for i, arg in enumerate(msg.get('arguments', [])):
            text = text.replace('{%d}' % i, arg)
    return text


def main():
    tool_dir, logs = sys.argv[1], sys.argv[2:]
    exe = os.path.join(tool_dir, 'node_modules', '@microsoft', 'sarif-multitool-linux',
                       'Sarif.Multitool')
    schema_path = os.path.join(os.path.dirname(exe), 'sarif-2.1.0.json')
    if not os.access(exe, os.X_OK):
        print('sarif-validate: no SARIF Multitool at %s (run scripts/setup.sh)' % exe)
        return 1
    failed = notes = 0

    schema = json.load(open(schema_path))
    validator = jsonschema.validators.validator_for(schema)(schema)
    for log in logs:
        for err in validator.iter_errors(json.load(open(log))):
            failed += 1
            print('%s: error schema: %s: %s' % (log, '/'.join(map(str, err.absolute_path)),
                                                err.message))

    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, 'validation.sarif')
        # offline: SARIF2006 GETs every http(s) URI of a log ($schema);
        # a proxy on a closed local port fails it at once, with no DNS
        # query and no traffic leaving the machine (a note either way)
        proxy = 'http://127.0.0.1:9'
        env = dict(os.environ, DOTNET_SYSTEM_GLOBALIZATION_INVARIANT='1',
                   DOTNET_CLI_TELEMETRY_OPTOUT='1', HOME=tmp, HTTP_PROXY=proxy,
                   HTTPS_PROXY=proxy, ALL_PROXY=proxy, NO_PROXY='')
        # the logs first: the list options would take them as values
        p = subprocess.run([exe, 'validate'] + logs +
                           ['--level', 'Error;Warning;Note', '--output', out,
                            '--log', 'ForceOverwrite'], env=env, capture_output=True, text=True)
        if p.returncode or not os.path.exists(out):
            print('sarif-validate: the Multitool failed (exit %d):\n%s%s' %
                  (p.returncode, p.stdout, p.stderr))
            return 1
        report = json.load(open(out))
    for run in report.get('runs', []):
        rules = {r['id']: r for r in run['tool']['driver'].get('rules', [])}
        for inv in run.get('invocations', []):
            for n in inv.get('toolExecutionNotifications', []):
                if n.get('level', 'warning') == 'error':
                    failed += 1
                    print('sarif-validate: %s' % n.get('message', {}).get('text'))
        for res in run.get('results', []):
            level = res.get('level', 'warning')
            rule = res.get('ruleId', '?')
            if level == 'note' or (level == 'warning' and rule in ALLOWED_WARNINGS):
                notes += 1
                continue
            failed += 1
            where = res['locations'][0]['physicalLocation']['artifactLocation'].get('uri', '?')
            print('%s: %s %s: %s' % (where, level, rule, message_text(res, rules)))
    print('sarif-validate: %d log%s, %d problem%s, %d note%s and allowed warnings' %
          (len(logs), '' if len(logs) == 1 else 's', failed, '' if failed == 1 else 's',
           notes, '' if notes == 1 else 's'))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
