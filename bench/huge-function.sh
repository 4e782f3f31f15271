#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# huge-function.sh: does bdops stay (near) linear on one huge function?
#
# Generates one function of N statements for each size and variant:
#   ifelse  "if (g(i)) r += i; else r -= x;" - many stores to one local,
#           a merge after each (the shape that was quadratic in the
#           reaching-definitions pass: 20000 statements, 32 s and 1.2 GB);
#   file    struct file loads and stores, O_NDELAY tests, blkdev_get_by_path()
#           and blkdev_put() with a mode built on many paths, in a function
#           reached from a block method, so every check has work;
#   err     a local bdev got, tested with IS_ERR() and put, again and again,
#           in branches and loops: thousands of failed-get and double-put
#           facts for the path part of put-mode (puts of failed gets are
#           reported, a few hundred findings per thousand lines).
# For each frontend it runs the plain tool and the tool with bdops in
# alternating rounds and keeps each one's least CPU time (user+sys; the
# machine may be shared), then prints both, their ratio, the peak RSS of
# the bdops run, and how the time bdops adds grows per doubling of N
# (x2.0 is linear, x4.0 quadratic; "-" when too small to say).  The plain
# tool each frontend is compared with does the same work but bdops':
#   gcc     gcc -c (-O0) with and without the plugin;
#   clang   clang-19 -c with and without the plugin;
#   tool    bdops-clang-tool against clang-19 -fsyntax-only: the tool parses
#           and analyses but generates no code, so syntax-only is the
#           compile it does (against clang-19 -c too, in 'vs -c');
#   sparse  bdops-sparse against the sparse it is built from.
#
#   bench/huge-function.sh [--sizes 10000,20000,50000] [--variants ifelse,file,err]
#                          [--frontends gcc,clang,tool,sparse] [--rounds 2]
#                          [--max-plain 300] [--keep DIR]
#
# A size is skipped for a frontend when its plain tool would take more than
# --max-plain seconds there, guessed as quadratic from the size before:
# plain sparse itself is quadratic on the ifelse variant (5 s at 10000
# lines, 51 s at 20000, in its SSA conversion).  Needs the bdops build
# (build/ or $BDOPS_BUILD).  About 30 minutes with the defaults on 2 shared
# cores; --sizes 2500,5000,10000 --rounds 1 takes about 2.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${BDOPS_BUILD:-$here/../build}
sizes=10000,20000,50000
variants=ifelse,file,err
frontends=gcc,clang,tool,sparse
rounds=2
max_plain=300
keep=""
while [ $# -gt 0 ]; do
	case $1 in
	--sizes) sizes=$2; shift 2 ;;
	--variants) variants=$2; shift 2 ;;
	--frontends) frontends=$2; shift 2 ;;
	--rounds) rounds=$2; shift 2 ;;
	--max-plain) max_plain=$2; shift 2 ;;
	--keep) keep=$2; shift 2 ;;
	-h|--help) sed -n '3,42p' "$0"; exit 0 ;;
	*) echo "huge-function: unknown argument '$1'" >&2; exit 2 ;;
	esac
done
export LC_ALL=C
for f in lib/bdops_gcc.so lib/bdops_clang.so bin/bdops-clang-tool bin/bdops-sparse; do
	[ -e "$build/$f" ] || { echo "huge-function: $build/$f missing: build bdops first" >&2; exit 2; }
done
sparse=$build/third_party/sparse/sparse	# the sparse bdops-sparse is built from
[ -x "$sparse" ] || sparse=sparse
if [ -n "$keep" ]; then
	work=$keep
	mkdir -p "$work"
else
	work=$(mktemp -d)
	trap 'rm -rf "$work"' EXIT
fi

gen_ifelse() {
	echo 'int g(int); int f(int x) { int r = 0;'
	seq "$1" | awk '{ printf "if (g(%d)) r += %d; else r -= x;\n", $1, $1 }'
	echo 'return r; }'
}

# The declarations and the block method that reaches f().
gen_head() {
	cat <<'EOF'
typedef unsigned int fmode_t;
#define FMODE_READ ((fmode_t)0x1)
#define FMODE_WRITE ((fmode_t)0x2)
#define FMODE_EXCL ((fmode_t)0x80)
#define O_NDELAY 04000
#define MAX_ERRNO 4095
#define IS_ERR_VALUE(x) ((unsigned long)(void *)(x) >= (unsigned long)-MAX_ERRNO)
static inline long IS_ERR(const void *p) { return IS_ERR_VALUE((unsigned long)p); }
struct file { unsigned int f_flags; fmode_t f_mode; void *private_data; };
struct block_device;
struct block_device *blkdev_get_by_path(const char *path, fmode_t mode, void *holder);
void blkdev_put(struct block_device *bdev, fmode_t mode);
struct dev { struct block_device *bdev; fmode_t mode; };
struct block_device_operations { int (*open)(struct block_device *, fmode_t); };
int g(int);
static int f(struct file *file, struct dev *d, int x)
{
	struct block_device *b = 0;
	int r = 0;
	fmode_t m = FMODE_READ;

EOF
}

gen_tail() {
	cat <<'EOF'
	return r + x + (b != 0);
}
static struct file the_file;
static struct dev the_dev;
static int my_open(struct block_device *b, fmode_t mode)
{
	return f(&the_file, &the_dev, (int)mode);
}
const struct block_device_operations my_fops = { .open = my_open };
EOF
}

gen_file() {
	gen_head
	seq "$1" | awk '{
		if ($1 % 4 == 0) printf "\tif (file->f_flags & O_NDELAY) r += %d; else m |= FMODE_WRITE;\n", $1
		else if ($1 % 4 == 1) printf "\td->bdev = blkdev_get_by_path(\"p%d\", m | FMODE_EXCL, d);\n", $1
		else if ($1 % 4 == 2) printf "\tif (g(%d)) blkdev_put(d->bdev, m); else file->f_flags |= %d;\n", $1, $1
		else printf "\tr += g(d->mode); d->mode = m; file->private_data = d;\n"
	}'
	gen_tail
}

gen_err() {
	gen_head
	seq "$1" | awk '{
		if ($1 % 5 == 0) printf "\tb = blkdev_get_by_path(\"p%d\", %s, d);\n", $1, $1 % 3 ? "FMODE_READ" : "m"
		else if ($1 % 5 == 1) printf "\tif (IS_ERR(b)) r += %d;\n", $1
		else if ($1 % 5 == 2) printf "\tif (g(%d)) blkdev_put(b, FMODE_READ);\n", $1
		else if ($1 % 5 == 3) printf "\tif (g(%d)) { blkdev_put(b, m); r++; } else m |= FMODE_WRITE;\n", $1
		else printf "\twhile (g(%d)) { if (r & 1) blkdev_put(b, FMODE_READ); r++; }\n", $1
	}'
	gen_tail
}

# CPU seconds and peak MB of one command, as "secs mb"; output thrown away.
# Exit status 1 is findings (bdops-clang-tool); 2 and up a failure.
measure() {
	local rc=0

	/usr/bin/time -f '%U %S %M' -o "$work/time" "$@" >/dev/null 2>"$work/err" || rc=$?
	[ $rc -le 1 ] || { echo "huge-function: failed ($rc): $*" >&2; tail -3 "$work/err" >&2; }
	tail -1 "$work/time" | awk '{ printf "%.2f %.0f\n", $1 + $2, $3 / 1024 }'
}

# The least time of alternating rounds of plain and bdops: "ps bs bmb".
rounds() {
	local r ps=999999 bs=999999 bm=0 s m

	for ((r = 0; r < rounds; r++)); do
		read -r s m < <(measure "${plain[@]}")
		ps=$(awk -v a="$s" -v b="$ps" 'BEGIN { print (a < b ? a : b) }')
		read -r s m < <(measure "${bdops[@]}")
		bs=$(awk -v a="$s" -v b="$bs" 'BEGIN { print (a < b ? a : b) }')
		bm=$m
	done
	echo "$ps $bs $bm"
}

# Growth per doubling of N of what bdops adds: (e2/e1)^(log 2 / log(n2/n1)).
growth() {
	awk -v e2="$1" -v e1="$2" -v n2="$3" -v n1="$4" 'BEGIN {
		if (e1 < 0.1 || e2 <= 0 || n2 <= n1) { printf("-"); exit }
		printf("x%.1f", exp(log(e2 / e1) * log(2) / log(n2 / n1)))
	}'
}

# The command pair (plain, bdops) of a frontend for file $1.
cmds() {
	local f=$1 o=$work/out.o
	case $2 in
	gcc) plain=(gcc -c -o "$o" "$f")
	     bdops=(gcc -c -o "$o" -fplugin="$build/lib/bdops_gcc.so" -fplugin-arg-bdops_gcc-error=no "$f") ;;
	clang) plain=(clang-19 -c -o "$o" "$f")
	       bdops=(clang-19 -c -o "$o" -fplugin="$build/lib/bdops_clang.so" -fplugin-arg-bdops_clang-error=no "$f") ;;
	tool) plain=(clang-19 -fsyntax-only "$f")
	      bdops=("$build/bin/bdops-clang-tool" "$f" --) ;;
	sparse) plain=("$sparse" "$f")
		bdops=("$build/bin/bdops-sparse" "$f") ;;
	*) echo "huge-function: unknown frontend '$2'" >&2; exit 2 ;;
	esac
}

printf '%-7s %6s %-7s %8s %8s %6s %8s %8s %9s\n' variant N frontend \
	plain_s bdops_s ratio 'vs -c' bdops_MB 'x added'
for v in ${variants//,/ }; do
	declare -A prev_e=() prev_n=() prev_p=()
	for n in ${sizes//,/ }; do
		src=$work/$v-$n.c
		"gen_$v" "$n" > "$src"
		for fe in ${frontends//,/ }; do
			if [ -n "${prev_p[$fe]:-}" ] && awk -v p="${prev_p[$fe]}" -v n="$n" \
				-v m="${prev_n[$fe]}" -v max="$max_plain" \
				'BEGIN { exit !(p * (n / m) ^ 2 > max) }'; then
				printf '%-7s %6s %-7s skipped: the plain tool took %s s at %s\n' \
					"$v" "$n" "$fe" "${prev_p[$fe]}" "${prev_n[$fe]}"
				continue
			fi
			cmds "$src" "$fe"
			read -r ps bs bm < <(rounds)
			vsc=-
			if [ "$fe" = tool ]; then
				read -r cs _ < <(measure clang-19 -c -o "$work/out.o" "$src")
				vsc=$(awk -v a="$bs" -v b="$cs" 'BEGIN { if (b > 0) printf("%.2f", a / b); else printf("-") }')
			fi
			e=$(awk -v a="$bs" -v b="$ps" 'BEGIN { printf("%.2f", a > b ? a - b : 0) }')
			gt=-
			[ -n "${prev_e[$fe]:-}" ] && gt=$(growth "$e" "${prev_e[$fe]}" "$n" "${prev_n[$fe]}")
			prev_e[$fe]=$e prev_n[$fe]=$n prev_p[$fe]=$ps
			printf '%-7s %6s %-7s %8s %8s %6s %8s %8s %9s\n' "$v" "$n" "$fe" \
				"$ps" "$bs" "$(awk -v a="$bs" -v b="$ps" 'BEGIN { if (b > 0) printf("%.2f", a / b); else printf("-") }')" \
				"$vsc" "$bm" "$gt"
		done
	done
	unset prev_e prev_n prev_p
done
