#!/bin/sh
# Run a command and print its exit status, so a test can check the exact
# value (lit's "not" only knows zero from non-zero).
"$@"
echo "exit status $?"
