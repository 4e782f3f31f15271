#!/bin/sh
# full-disk.sh CMD...: run CMD with its standard output on a full disk
# (/dev/full); print its stderr and exit status on our stdout.
"$@" 2>&1 >/dev/full
echo "exit status $?"
