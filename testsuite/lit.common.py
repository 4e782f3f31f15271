# -*- Python -*-
# Shared lit configuration for testsuite/ and kernel-fixtures/.
#
# The suite runs once per frontend: lit --param frontend=gcc|gcc-O2|clang|
# clang-tool|sparse.  Every diagnostics test goes through %check, which is
# "bdops check --frontend <frontend>", so all frontends face the same CHECK
# lines.  Tests that only make sense for one frontend say
# "REQUIRES: frontend-gcc" (or -clang, -clang-tool, -sparse).
import os
import lit.formats

repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
build = lit_config.params.get('build', os.path.join(repo, 'build'))
frontend = lit_config.params.get('frontend', 'gcc')
llvm_bin = '/usr/lib/llvm-19/bin'

config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = ['.c', '.test', '.sh']
config.excludes = ['Inputs', 'include', 'CMakeLists.txt', 'lit.cfg.py',
                   'lit.common.py', 'README.md']

bdops = os.path.join(build, 'bin', 'bdops')


def _lanes():
    """The lanes the table of frontends (cli/frontends.c) names, read from
    "bdops list-frontends": {lane: (frontend, extra driver flags)}."""
    import subprocess
    try:
        out = subprocess.run([bdops, 'list-frontends'], capture_output=True,
                             text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        lit_config.fatal('cannot list the frontends with %s: %s' % (bdops, e))
    lanes = {}
    for line in out.splitlines():
        fields = line.split('\t')
        for lane in fields[4].split(';'):
            name, _, extra = lane.partition(':')
            lanes[name] = (fields[0], extra)
    return lanes


fe_map = _lanes()
if frontend not in fe_map:
    lit_config.fatal('unknown frontend %r; use one of %s' %
                     (frontend, ', '.join(sorted(fe_map))))
fe, extra = fe_map[frontend]
config.available_features.add('frontend-' + frontend)
config.available_features.add('family-' + fe.split('-')[0])

fixtures = os.path.join(repo, 'kernel-fixtures')
kflags = '-std=gnu11 -Wall -Wextra'

# The compiler of this lane with its bdops plugin, for tests of what the
# plugins leave in objects (lanes gcc and clang).
# %plugin_cwd_flag: the flag that tells a compile running elsewhere (an
# icecream server) the directory the client ran it in; make expands
# $(CURDIR).
plugin_cc = {
    'gcc': ('gcc -fplugin=%s' % os.path.join(build, 'lib', 'bdops_gcc.so'),
            '-fplugin-arg-bdops_gcc-', 'bdops-gcc', '-fworking-directory'),
    'clang': ('%s -fplugin=%s' % (os.path.join(llvm_bin, 'clang'),
                                  os.path.join(build, 'lib', 'bdops_clang.so')),
              '-fplugin-arg-bdops_clang-', 'bdops-clang',
              '-fdebug-compilation-dir=$(CURDIR)'),
}.get(frontend, ('false', '-fplugin-arg-none-', 'false', ''))

config.substitutions += [
    ('%plugin_cc', plugin_cc[0]),
    ('%plugin_arg', plugin_cc[1]),
    ('%plugin_wrapper', plugin_cc[2]),
    ('%plugin_cwd_flag', plugin_cc[3]),
    ('%bdops', bdops),
    ('%check', '%s check --frontend %s %s' % (bdops, fe, extra)),
    ('%frontend', fe),
    ('%fixtures', fixtures),
    ('%gcc_plugin', os.path.join(build, 'lib', 'bdops_gcc.so')),
    ('%clang_plugin', os.path.join(build, 'lib', 'bdops_clang.so')),
    ('%clang_tool', os.path.join(build, 'bin', 'bdops-clang-tool')),
    # clang-tools-19 (scripts/setup.sh), not whatever clang-tools /usr/bin has
    ('%clang_apply_replacements', 'clang-apply-replacements-19'),
    ('%bdops_sparse', os.path.join(build, 'bin', 'bdops-sparse')),
    ('%build', build),
    ('%repo', repo),
    ('%clang', os.path.join(llvm_bin, 'clang')),
    ('%python', '/usr/bin/python3'),
    # SARIF Multitool + the SARIF 2.1.0 schema (scripts/setup.sh installs them)
    ('%sarif_validate', '/usr/bin/python3 -W ignore %s %s' % (
        os.path.join(repo, 'testsuite', 'Inputs', 'sarif_validate.py'),
        os.path.join(build, 'third_party', 'sarif-multitool'))),
]

# %kflags_ERA for every header era under kernel-fixtures/include (legacy,
# fmode, holder, ...): a fixture names its era in its RUN line.
for era in sorted(os.listdir(os.path.join(fixtures, 'include'))):
    config.substitutions.append(('%kflags_' + era,
                                 kflags + ' -I' + os.path.join(fixtures, 'include', era)))

# Longest names first, so '%bdops' never eats the front of '%bdops_sparse'.
config.substitutions.sort(key=lambda kv: -len(kv[0]))

config.environment['PATH'] = os.pathsep.join(
    [os.path.join(build, 'bin'), llvm_bin, config.environment.get('PATH', os.environ.get('PATH', ''))])
config.environment['LC_ALL'] = 'C'
# Every unit a test analyses is checked against the IR's invariants
# (bd_unit_verify, core/verify.c): a frontend that breaks one fails the test.
config.environment['BDOPS_VERIFY_IR'] = '1'

# 'icecream': an icecream cluster of its own can run here
# (facts/Inputs/icecc.py): icecc is installed and a mount namespace can
# give the test's server its own /proc/stat (root, or CAP_SYS_ADMIN).
# Where not, facts/icecc.test is UNSUPPORTED; docs/facts.md says why.
def _icecream_runs():
    import shutil
    import subprocess
    sbin = os.environ.get('PATH', '') + ':/usr/sbin:/sbin'
    if not all(shutil.which(t, path=sbin) for t in ('icecc', 'iceccd', 'icecc-scheduler')):
        return False
    try:
        return subprocess.call(['unshare', '-m', 'true'], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, timeout=10) == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


if _icecream_runs():
    config.available_features.add('icecream')
