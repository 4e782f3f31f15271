# SPDX-License-Identifier: GPL-2.0
# on-tty.py CMD ARGS...: run CMD with its stdout and stderr on a terminal
# (a pty), TERM=xterm (or $ON_TTY_TERM: lit passes the caller's TERM on,
# which CI often sets to "dumb"), and print what it wrote with ESC shown
# as "<ESC>"; exits with CMD's status.
import os
import pty
import subprocess
import sys

master, slave = pty.openpty()
env = dict(os.environ)
env['TERM'] = os.environ.get('ON_TTY_TERM', 'xterm')
p = subprocess.Popen(sys.argv[1:], stdout=slave, stderr=slave, stdin=subprocess.DEVNULL,
                     env=env)
os.close(slave)
out = b''
while True:
    try:
        chunk = os.read(master, 65536)
    except OSError:		# EIO: the other side is closed
        break
    if not chunk:
        break
    out += chunk
status = p.wait()
sys.stdout.write(out.decode('utf-8', 'replace').replace('\r\n', '\n').replace('\x1b', '<ESC>'))
sys.exit(status)
