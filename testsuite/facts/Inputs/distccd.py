# SPDX-License-Identifier: GPL-2.0
"""distccd.py BUILD -- COMMAND...: run COMMAND with a distcc server of its own.

Installs bdops-gcc and bdops-clang with their plugins into a fresh
world-readable directory (the "server"; distccd drops root and runs as its
own user), starts Debian's distccd there on a free port of 127.0.0.1
(only 127.0.0.1 may connect; DISTCC_CMDLIST names the two wrappers, the
only commands it will run), runs COMMAND with DISTCC_HOSTS pointing at it
and no local fallback (a job the server refuses fails the build), then
stops the server and removes the directory, whatever happened.  Prints
"distccd: N jobs compiled" and exits with COMMAND's status.

N is what the server logged (COMPILE_OK), but only once it has logged
every job the clients saw it complete: a distccd child writes that line
after it has sent the object back, so the build can return before the
line is in the log, and a count read right then comes out short on a
busy machine (issue 29).  The clients' own log (DISTCC_LOG, written
before each distcc process exits, so complete when COMMAND returns)
says how many jobs the server completed; the count waits for those.
"""
import re
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

from servers import free_port, stop


def wait_listening(port, proc, log):
    for _ in range(200):
        if proc.poll() is not None:
            sys.exit('distccd.py: distccd exited:\n' + open(log).read())
        try:
            with socket.create_connection(('127.0.0.1', port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.05)
    sys.exit('distccd.py: distccd does not listen on port %d' % port)


SERVER_LOG_WAIT = 120   # s: only a server that never logs its jobs waits this long


def count(path, pattern):
    try:
        with open(path, errors='replace') as f:
            return sum(1 for line in f if re.search(pattern, line))
    except OSError:
        return 0


def server_jobs(log, client_log, port, proc):
    """Jobs compiled, from the server's log, once it holds every job the
    clients' log says the server completed (or the server has exited, or
    SERVER_LOG_WAIT has passed: then the short count fails the test, with
    both logs on stderr)."""
    done = count(client_log, r'compile .* on 127\.0\.0\.1:%d/\d+ completed ok' % port)
    deadline = time.monotonic() + SERVER_LOG_WAIT
    while True:
        jobs = count(log, 'COMPILE_OK')
        if jobs >= done or proc.poll() is not None or time.monotonic() > deadline:
            return jobs, done
        time.sleep(0.05)


def main():
    build, cmd = sys.argv[1], sys.argv[sys.argv.index('--') + 1:]
    # not lit's TMPDIR: the server's user must reach it
    top = tempfile.mkdtemp(prefix='bdops-distcc-', dir='/tmp')
    os.chmod(top, 0o755)
    proc = None
    try:
        for sub in ('bin', 'lib'):
            os.makedirs(os.path.join(top, sub), mode=0o755)
        for fe in ('gcc', 'clang'):
            shutil.copy(os.path.join(build, 'bin', 'bdops-' + fe), os.path.join(top, 'bin'))
            shutil.copy(os.path.join(build, 'lib', 'bdops_%s.so' % fe), os.path.join(top, 'lib'))
        cmdlist = os.path.join(top, 'cmdlist')
        with open(cmdlist, 'w') as f:
            for fe in ('gcc', 'clang'):
                f.write(os.path.join(top, 'bin', 'bdops-' + fe) + '\n')
        os.makedirs(os.path.join(top, 'client'))
        log = os.path.join(top, 'distccd.log')
        client_log = os.path.join(top, 'client.log')
        port = free_port()
        env = dict(os.environ, DISTCC_CMDLIST=cmdlist, DISTCC_CMDLIST_NUMWORDS='1',
                   TMPDIR=top)
        with open(log, 'w') as lf:
            os.chmod(log, 0o666)
            proc = subprocess.Popen(
                ['distccd', '--daemon', '--no-detach', '--listen', '127.0.0.1',
                 '--port', str(port), '--allow', '127.0.0.1', '--jobs', '2',
                 '--log-stderr', '--log-level', 'info'],
                env=env, stdout=lf, stderr=lf, start_new_session=True)
        os.chmod(top, 0o1777)  # the server's temporary files
        wait_listening(port, proc, log)
        cenv = dict(os.environ, DISTCC_HOSTS='127.0.0.1:%d/2' % port,
                    DISTCC_FALLBACK='0', DISTCC_SKIP_LOCAL_RETRY='1',
                    DISTCC_BACKOFF_PERIOD='0', DISTCC_DIR=os.path.join(top, 'client'),
                    DISTCC_LOG=client_log, DISTCC_VERBOSE='1')
        status = subprocess.call(cmd, env=cenv)
        jobs, done = server_jobs(log, client_log, port, proc)
        print('distccd: %d jobs compiled' % jobs)
        if status or jobs != done:
            sys.stderr.write('distccd.py: the clients saw %d jobs completed by the server, '
                             'its log has %d\n--- server log\n%s' % (done, jobs, open(log).read()))
        return status
    finally:
        stop(proc)
        shutil.rmtree(top, ignore_errors=True)


if __name__ == '__main__':
    sys.exit(main())
