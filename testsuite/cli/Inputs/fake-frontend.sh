#!/bin/sh
# A stand-in for the bdops frontends (gcc/clang plugin, clang tool, sparse),
# so the driver can be tested before and independently of them.  It prints
# its command line, then writes a facts file as bd_analyze() would: one
# bdops-put-mode finding per line containing "blkdev_put(", one
# bdops-file-write finding per line containing "f_flags =", in the function
# whose definition line ("int NAME(") came last.
#   *broken*.c  fails like a compiler error (exit 1, error on stderr)
#   *empty*.c   has no function bodies (functions: 0)
#   *nofacts*.c writes no facts at all
echo "fake $(basename "$0"): $*" >&2
facts= file=
for a in "$@"; do
	case "$a" in
	*facts-dir=*) facts=${a#*facts-dir=} ;;
	-*) ;;
	*.c) file=$a ;;
	esac
done
case "$file" in
*broken*) echo "$file:2:1: error: expected ';' before '}' token" >&2; exit 1 ;;
*nofacts*) exit 0 ;;
esac
n=2
case "$file" in *empty*) n=0 ;; esac
mkdir -p "$facts"
awk -v unit="$file" -v n="$n" -v dir="$(pwd)" '
function finding(check, col, msg) {
	printf "%s    {\"file\": \"%s\", \"line\": %d, \"column\": %d, \"check\": \"%s\", \"function\": \"%s\", \"message\": \"%s\", \"severity\": \"warning\", \"notes\": [], \"fix\": null}", sep, unit, NR, col, check, fn, msg
	sep = ",\n"
}
BEGIN { printf "{\"version\": 2, \"unit\": \"%s\", \"directory\": \"%s\", \"functions\": %d, \"internal\": null, \"incomplete\": null, \"findings\": [\n", unit, dir, n }
/^(static )?int [a-z_]+\(/ { fn = $0; sub(/^(static )?int /, "", fn); sub(/\(.*/, "", fn) }
/blkdev_put\(/ { finding("bdops-put-mode", index($0, "blkdev_put"), "blkdev_put() passes FMODE_READ, but the matching blkdev_get() took FMODE_READ|FMODE_NDELAY") }
/f_flags =/ { finding("bdops-file-write", index($0, "="), "block method '"'"'" fn "'"'"' writes '"'"'file->f_flags'"'"'; the struct file may be a temporary that does not outlive open()") }
END { printf "\n], \"summary\": {}}\n" }
' "$file" > "$facts/.fake.$$" && mv "$facts/.fake.$$" "$facts/fake-$(basename "$file")-$$.json"
