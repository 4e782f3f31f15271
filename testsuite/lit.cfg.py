# -*- Python -*-
import os
config.name = 'bdops'
lit_config.load_config(config, os.path.join(os.path.dirname(os.path.abspath(__file__)), 'lit.common.py'))
config.test_source_root = os.path.dirname(os.path.abspath(__file__))
config.test_exec_root = os.path.join(lit_config.params.get('build', os.path.join(os.path.dirname(config.test_source_root), 'build')), 'lit', 'testsuite', lit_config.params.get('frontend', 'gcc'))
