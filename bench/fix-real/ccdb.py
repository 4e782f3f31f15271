#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""ccdb.py LOG TREE OUTDIR FLAGSDIR: the compilation database of a kbuild
tree from `make -n V=1 DIRS` (LOG): kbuild prints each object's command
in an `echo '  CMD'` without running it.  Writes OUTDIR/compile_commands.json
(one entry per .c file, "directory" TREE) and FLAGSDIR/a_x.c.flags for
each file that has none yet (kflags.py's format: the command without the
compiler, -c, -o and the dependency option, one per line)."""
import json
import os
import re
import shlex
import sys

log, tree, outdir, flagsdir = sys.argv[1:5]
entries, seen = [], set()
for line in open(log, errors="replace"):
    m = re.search(r"echo '  ((?:gcc|cc) [^']* -c -o \S+\.o (\S+\.c))'", line)
    if not m or m.group(2) in seen:
        continue
    src = m.group(2)
    seen.add(src)
    words = shlex.split(m.group(1))
    entries.append({"directory": tree, "file": src, "arguments": words})
    fl = os.path.join(flagsdir, src.replace("/", "_") + ".flags")
    if os.path.exists(fl):
        continue
    out, it = [], iter(words[1:-1])
    for w in it:
        if w == "-c" or w.startswith("-Wp,-MD,"):
            continue
        if w == "-o":
            next(it)
            continue
        out.append(w)
    with open(fl, "w") as o:
        o.write("\n".join(out) + "\n")
os.makedirs(outdir, exist_ok=True)
with open(os.path.join(outdir, "compile_commands.json"), "w") as o:
    json.dump(entries, o, indent=1)
print("ccdb: %d units" % len(entries))
