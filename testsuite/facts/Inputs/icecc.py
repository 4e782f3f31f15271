# SPDX-License-Identifier: GPL-2.0
"""icecc.py -- COMMAND...: run COMMAND against an icecream cluster of its own.

Starts Debian's icecc-scheduler and two iceccd daemons on 127.0.0.1, as
icecream's own testsuite does (ICECC_TESTS, a private network name, free
ports, the client socket in ICECC_TEST_SOCKET): "local", the daemon the
client talks to, which compiles nothing itself (--no-remote), and
"remote", the compile server.  COMMAND runs with ICECC_TEST_REMOTEBUILD
and ICECC_PREFERRED_HOST=remote, so every job is sent to "remote" along
with the compiler environment the local daemon packs (icecc-create-env:
the compiler and the -fplugin= plugin), compiled there in a chroot of
that environment, and the object sent back.

The scheduler gives a job only to a daemon whose CPU shows idle time; on
a machine busy with other builds a job can wait minutes and then be
compiled locally after all.  The remote daemon therefore reads a
/proc/stat that does not move (bind-mounted in a mount namespace of its
own: unshare -m), which icecream takes for an idle CPU: the test is about
what comes back from the server, not about the scheduler's choice.

Prints "icecc: N jobs compiled remotely, M locally" (from the client's
log) and exits with COMMAND's status, or 1 when a job was compiled
locally.  Exit 2 with the reason when the cluster cannot be set up.
Everything is stopped and removed afterwards, whatever happened.
"""
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

from servers import free_port, stop

TIMEOUT = 900   # seconds for COMMAND


def start(cmd, env, log):
    with open(log, 'w') as lf:
        return subprocess.Popen(cmd, env=env, stdout=lf, stderr=subprocess.STDOUT,
                                start_new_session=True)


def flushed_log(proc, log):
    """The daemon's log; SIGHUP makes iceccd flush it."""
    if proc.poll() is None:
        os.kill(proc.pid, signal.SIGHUP)
        time.sleep(0.1)
    return read(log)


def read(path):
    try:
        return open(path, errors='replace').read()
    except OSError:
        return ''


def wait_connected(sched, sched_log, daemons):
    for _ in range(300):
        if sched.poll() is not None:
            return 'icecc-scheduler exited:\n' + read(sched_log)
        for name, (proc, log) in daemons.items():
            if proc.poll() is not None:
                return 'iceccd %s exited:\n%s' % (name, read(log))
        text = read(sched_log)
        if all('login %s protocol' % name in text for name in daemons):
            return None
        time.sleep(0.2)
    return 'the daemons did not log in to the scheduler in 60 s'


def count_jobs(text, rport):
    """Compiles (-c) sent to the remote daemon and compiles done locally,
    from the client's log (each icecc process logs as ICECC[pid]); a
    command that compiles nothing (make's -print-file-name) runs locally
    by design."""
    runs = {}
    for line in text.splitlines():
        pid, _, msg = line.partition(']')
        runs.setdefault(pid, []).append(msg)
    remote = local = 0
    for msgs in runs.values():
        if any('neither -c nor -S' in m for m in msgs):
            continue
        remote += any('Have to use host 127.0.0.1:%d ' % rport in m for m in msgs)
        local += any('<building_local>' in m for m in msgs)
    return remote, local


def main():
    cmd = sys.argv[sys.argv.index('--') + 1:]
    for tool in ('icecc', 'iceccd', 'icecc-scheduler', 'unshare'):
        if not shutil.which(tool, path=os.environ.get('PATH', '') + ':/usr/sbin:/sbin'):
            sys.exit('icecc.py: %s is not installed (scripts/setup.sh installs icecc)' % tool)
    # not lit's TMPDIR: the daemons drop root and run as user icecc
    top = tempfile.mkdtemp(prefix='bdops-icecc-', dir='/tmp')
    os.chmod(top, 0o777)
    procs = []
    try:
        net = 'bdops%d' % os.getpid()
        sport, bport, rport = free_port(), free_port(socket.SOCK_DGRAM), free_port()
        env = dict(os.environ, ICECC_TESTS='1', ICECC_ENV_COMPRESSION='zstd',
                   ICECC_TEST_SCHEDULER_PORTS='%d:%d' % (sport, bport))
        sched_log = os.path.join(top, 'scheduler.log')
        sched = start(['icecc-scheduler', '-p', str(sport), '-n', net, '-l', sched_log,
                       '-v', '-v', '-v'], env, os.path.join(top, 'scheduler.out'))
        procs.append(sched)
        stat = os.path.join(top, 'stat')
        with open('/proc/stat') as f:
            open(stat, 'w').write(f.readline())
        daemons = {}
        for name, extra in (('local', ['--no-remote', '-m', '2']),
                            ('remote', ['-p', str(rport), '-m', '2'])):
            log = os.path.join(top, name + '.log')
            args = ['iceccd', '-s', '127.0.0.1:%d' % sport, '-n', net, '-N', name,
                    '-b', os.path.join(top, 'envs-' + name), '-l', log,
                    '-v', '-v', '-v'] + extra
            if name == 'remote':
                args = ['unshare', '-m', 'sh', '-c',
                        'mount --bind "$0" /proc/stat && exec "$@"', stat] + args
            denv = dict(env, ICECC_TEST_SOCKET=os.path.join(top, 'socket-' + name))
            proc = start(args, denv, os.path.join(top, name + '.out'))
            procs.append(proc)
            daemons[name] = (proc, log)
        why = wait_connected(sched, sched_log, daemons)
        if why:
            for name in ('scheduler', 'local', 'remote'):
                why += '\n--- %s.out\n%s' % (name, read(os.path.join(top, name + '.out')))
            sys.stderr.write('icecc.py: no icecream cluster: %s\n' % why)
            return 2
        remote_log = daemons['remote'][1]
        if 'Cannot use chroot' in flushed_log(daemons['remote'][0], remote_log):
            sys.stderr.write('icecc.py: the remote daemon cannot chroot (not root?)\n')
            return 2
        client_log = os.path.join(top, 'client.log')
        cenv = dict(os.environ, ICECC_TEST_SOCKET=os.path.join(top, 'socket-local'),
                    ICECC_TEST_REMOTEBUILD='1', ICECC_PREFERRED_HOST='remote',
                    ICECC_DEBUG='debug', ICECC_LOGFILE=client_log,
                    ICECC_ENV_COMPRESSION='zstd')
        try:
            status = subprocess.call(cmd, env=cenv, timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            sys.stderr.write('icecc.py: COMMAND took over %d s\n' % TIMEOUT)
            status = 1
        text = read(client_log)
        remote, local = count_jobs(text, rport)
        print('icecc: %d jobs compiled remotely, %d locally' % (remote, local))
        if status or local:
            sys.stderr.write('--- client log\n%s--- remote daemon log\n%s' %
                             (text, flushed_log(daemons['remote'][0], remote_log)))
        return status or (1 if local else 0)
    finally:
        for p in reversed(procs):
            stop(p)
        shutil.rmtree(top, ignore_errors=True)


if __name__ == '__main__':
    sys.exit(main())
