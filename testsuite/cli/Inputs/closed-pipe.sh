#!/bin/sh
# closed-pipe.sh CMD...: run CMD with SIGPIPE ignored and its standard
# output a pipe whose reader is gone; print its stderr and exit status.
trap '' PIPE
exec 3>&1
status=$( { { "$@" 2>&3; echo $? >&4; } | true; } 4>&1 )
echo "exit status $status"
