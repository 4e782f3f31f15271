#!/bin/sh
# kf-tree.sh DEST FIXTURES: a small kbuild-like source tree for build
# tests: the fixtures' Makefile and headers, md/ (md_good: a stored mode,
# put right in another file) and super/ (super_bad: a put in kill.c whose
# mode is rebuilt from s_flags, only a merge of both files shows it).
set -e
rm -rf "$1"
mkdir -p "$1/md" "$1/super"
cp "$2/Makefile" "$1/"
ln -s "$2/include" "$1/include"
cp "$2"/multi/md_good/*.c "$2"/multi/md_good/*.h "$1/md/"
cp "$2"/multi/super_bad/*.c "$1/super/"
