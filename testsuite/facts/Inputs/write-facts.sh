#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# write-facts.sh MODE JOBS DIR BDOPS GCC_PLUGIN FIXTURES: write the facts of
# the 8 fmode-era fixtures in Inputs/files.txt into DIR, JOBS at a time
# (xargs -P), with one process per file:
#   check   "bdops check --frontend gcc --facts-dir DIR FILE -- FLAGS"
#   plugin  "gcc -fplugin=bdops_gcc.so -fplugin-arg-bdops_gcc-facts-dir=DIR"
# Findings make "bdops check" exit 1; anything worse is an error here.
mode=$1 jobs=$2 dir=$3 bdops=$4 plugin=$5 fixtures=$6
here=$(dirname "$0")
flags="-std=gnu11 -Wall -Wextra -I$fixtures/include/fmode"
mkdir -p "$dir" || exit 2
export mode dir bdops plugin fixtures flags
sed "s|^|$fixtures/|" "$here/files.txt" | xargs -P "$jobs" -n 1 sh -c '
	case $mode in
	check)	"$bdops" check --frontend gcc --facts-dir "$dir" "$1" -- $flags >/dev/null 2>&1
		[ $? -le 1 ] ;;
	plugin)	gcc -fplugin="$plugin" -fplugin-arg-bdops_gcc-facts-dir="$dir" \
			-fplugin-arg-bdops_gcc-format=json \
			-fplugin-arg-bdops_gcc-output=/dev/null $flags -c "$1" -o /dev/null ;;
	esac' sh
