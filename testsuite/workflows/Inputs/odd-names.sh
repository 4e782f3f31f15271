# odd-names.sh SRC: copies of SRC under names git quotes in its text
# output: a double quote, a backslash and a tab.
set -e
cp "$1" 'drivers/block/wf"q.c'
cp "$1" 'drivers/block/back\slash.c'
cp "$1" "drivers/block/wf$(printf '\t')tab.c"
