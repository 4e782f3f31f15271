#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""make_ccdb.py OUTDIR SRCDIR "FLAGS" FILE...: OUTDIR/compile_commands.json
with one "gcc FLAGS -c -o X.o X" entry per FILE, run in SRCDIR (as a build
system writes it: "arguments", paths relative to "directory")."""
import json
import os
import shlex
import sys

out, src, flags = sys.argv[1], os.path.abspath(sys.argv[2]), shlex.split(sys.argv[3])
os.makedirs(out, exist_ok=True)
db = [{"directory": src, "file": f,
       "arguments": ["ccache", "gcc"] + flags + ["-c", "-o", f[:-2] + ".o", f]}
      for f in sys.argv[4:]]
with open(os.path.join(out, "compile_commands.json"), "w") as o:
    json.dump(db, o, indent=1)
