# -*- Python -*-
# kernel-fixtures/ is a lit suite of its own: every .c file carries a RUN
# line and its expected findings (or none) as FileCheck lines.
import os
here = os.path.dirname(os.path.abspath(__file__))
config.name = 'kernel-fixtures'
lit_config.load_config(config, os.path.join(os.path.dirname(here), 'testsuite', 'lit.common.py'))
config.test_source_root = here
config.test_exec_root = os.path.join(lit_config.params.get('build', os.path.join(os.path.dirname(here), 'build')), 'lit', 'kernel-fixtures', lit_config.params.get('frontend', 'gcc'))
config.excludes.update(['harness'])
