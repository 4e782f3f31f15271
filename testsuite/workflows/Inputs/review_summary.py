# SPDX-License-Identifier: GPL-2.0
# review_summary.py REVIEW.json: one line per finding of a "bdops review
# --format json" report, introduced first.
import json
import sys

d = json.load(open(sys.argv[1]))
assert set(d) == {'version', 'files', 'introduced', 'removed'}, d.keys()
for key in ('introduced', 'removed'):
    for f in d[key]:
        print('%s: %s:%d %s %s' % (key, f['file'], f['line'], f['check'], f['function']))
