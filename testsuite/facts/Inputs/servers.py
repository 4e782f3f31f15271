# SPDX-License-Identifier: GPL-2.0
"""What distccd.py and icecc.py share: free ports and stopping a server."""
import os
import signal
import socket
import subprocess


def free_port(kind=socket.SOCK_STREAM):
    """A port of 127.0.0.1 nothing listens on now (TCP or UDP)."""
    with socket.socket(socket.AF_INET, kind) as s:
        s.bind(('127.0.0.1', 0))
        return s.getsockname()[1]


def stop(proc):
    """Stop a server started in a session of its own, with its children."""
    if proc and proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
