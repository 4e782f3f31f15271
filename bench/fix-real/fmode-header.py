#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""fmode-header.py FS_H: v2.6.27's include/linux/fs.h with what 2.6.28
added for the block methods - the fmode_t type, FMODE_NDELAY, FMODE_EXCL
and FMODE_WRITE_IOCTL with 2.6.28's values, and the fmode_t prototypes of
struct block_device_operations - on stdout, so converted drivers compile
against the tree's other headers (bench/fix-real.sh)."""
import re
import sys

text = open(sys.argv[1]).read()
text = text.replace(
    "#define FMODE_READ",
    "typedef unsigned int fmode_t;\n#define FMODE_READ", 1)
text = re.sub(r"(#define FMODE_EXEC\s+16\n)",
              r"\1#define FMODE_NDELAY\t32\n#define FMODE_EXCL\t64\n"
              r"#define FMODE_WRITE_IOCTL\t128\n", text, count=1)
old = re.search(r"struct block_device_operations \{\n(.*?)\tint \(\*direct_access\)",
                text, re.S)
if not old or "FMODE_NDELAY" not in text:
    sys.exit("fmode-header.py: %s is not v2.6.27's fs.h" % sys.argv[1])
new = ("\tint (*open) (struct block_device *, fmode_t);\n"
       "\tint (*release) (struct gendisk *, fmode_t);\n"
       "\tint (*locked_ioctl) (struct block_device *, fmode_t, unsigned, unsigned long);\n"
       "\tint (*ioctl) (struct block_device *, fmode_t, unsigned, unsigned long);\n"
       "\tint (*compat_ioctl) (struct block_device *, fmode_t, unsigned, unsigned long);\n")
text = text[:old.start(1)] + new + text[old.end(1):]
sys.stdout.write(text)
