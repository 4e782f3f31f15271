#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""kflags.py LOG DIR: the compiler flags of each kernel file preprocessed
in LOG, the output of `make V=1 a/x.i b/y.i ...`: DIR/a_x.c.flags holds
x.c's preprocessing command without the compiler, -E, the dependency and
output options and the source, one per line, so that
`bdops fix FILE -- FLAGS` compiles it as kbuild does."""
import shlex
import sys


def flags(log):
    for line in open(log, errors="replace"):
        words = shlex.split(line.strip()) if " -E " in line else []
        if "-o" not in words or not words[-1].endswith(".c"):
            continue
        # CC is "gcc -fno-pie": its own flags stay
        out = []
        it = iter(words[1:-1])
        for w in it:
            if w == "-E":
                continue
            if w == "-o":
                next(it)
                continue
            if w.startswith("-Wp,-MD,"):
                continue
            out.append(w)
        yield words[-1], out


for src, f in flags(sys.argv[1]):
    with open("%s/%s.flags" % (sys.argv[2], src.replace("/", "_")), "w") as o:
        o.write("\n".join(f) + "\n")
