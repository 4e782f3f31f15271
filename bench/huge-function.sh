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
#           reached from a block method, so every check has work.
# and prints, per frontend, CPU time (user+sys) and peak RSS with bdops and
# with the plain tool (gcc -c, clang-19 -c, clang-19 -fsyntax-only for the
# tool, sparse), their ratio, and the growth of the bdops run per doubling
# of N (x2.0 is linear, x4.0 quadratic).
#
#   bench/huge-function.sh [--sizes 2500,5000,10000,20000] [--variants ifelse,file]
#                          [--frontends gcc,clang,tool,sparse] [--keep DIR]
#
# Needs the bdops build (build/ or $BDOPS_BUILD).  About 3 minutes with the
# defaults on 2 shared cores.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${BDOPS_BUILD:-$here/../build}
sizes=2500,5000,10000,20000
variants=ifelse,file
frontends=gcc,clang,tool,sparse
keep=""
while [ $# -gt 0 ]; do
	case $1 in
	--sizes) sizes=$2; shift 2 ;;
	--variants) variants=$2; shift 2 ;;
	--frontends) frontends=$2; shift 2 ;;
	--keep) keep=$2; shift 2 ;;
	-h|--help) sed -n '3,22p' "$0"; exit 0 ;;
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

gen_file() {
	cat <<'EOF'
typedef unsigned int fmode_t;
#define FMODE_READ ((fmode_t)0x1)
#define FMODE_WRITE ((fmode_t)0x2)
#define FMODE_EXCL ((fmode_t)0x80)
#define O_NDELAY 04000
struct file { unsigned int f_flags; fmode_t f_mode; void *private_data; };
struct block_device;
struct block_device *blkdev_get_by_path(const char *path, fmode_t mode, void *holder);
void blkdev_put(struct block_device *bdev, fmode_t mode);
struct dev { struct block_device *bdev; fmode_t mode; };
struct block_device_operations { int (*open)(struct block_device *, fmode_t); };
int g(int);
static int f(struct file *file, struct dev *d, int x)
{
	int r = 0;
	fmode_t m = FMODE_READ;

EOF
	seq "$1" | awk '{
		if ($1 % 4 == 0) printf "\tif (file->f_flags & O_NDELAY) r += %d; else m |= FMODE_WRITE;\n", $1
		else if ($1 % 4 == 1) printf "\td->bdev = blkdev_get_by_path(\"p%d\", m | FMODE_EXCL, d);\n", $1
		else if ($1 % 4 == 2) printf "\tif (g(%d)) blkdev_put(d->bdev, m); else file->f_flags |= %d;\n", $1, $1
		else printf "\tr += g(d->mode); d->mode = m; file->private_data = d;\n"
	}'
	cat <<'EOF'
	return r + x;
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

# CPU seconds and peak MB of one command, as "secs mb"; output thrown away.
# Exit status 1 is findings (bdops-clang-tool); 2 and up a failure.
measure() {
	local rc=0

	/usr/bin/time -f '%U %S %M' -o "$work/time" "$@" >/dev/null 2>"$work/err" || rc=$?
	[ $rc -le 1 ] || { echo "huge-function: failed ($rc): $*" >&2; tail -3 "$work/err" >&2; }
	tail -1 "$work/time" | awk '{ printf "%.2f %.0f\n", $1 + $2, $3 / 1024 }'
}

# "x2.0": how much a grew over b; "-" when b is too small to say.
growth() {
	awk -v a="$1" -v b="$2" 'BEGIN { if (b >= 0.05) printf("x%.1f", a / b); else printf("-") }'
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

printf '%-7s %6s %-7s %8s %8s %6s %8s %8s %9s %9s\n' variant N frontend \
	bdops_s plain_s ratio bdops_MB plain_MB 'x time' 'x mem'
for v in ${variants//,/ }; do
	declare -A prev_s=() prev_mb=()
	for n in ${sizes//,/ }; do
		src=$work/$v-$n.c
		"gen_$v" "$n" > "$src"
		for fe in ${frontends//,/ }; do
			cmds "$src" "$fe"
			read -r ps pm < <(measure "${plain[@]}")
			read -r bs bm < <(measure "${bdops[@]}")
			gt=- gm=-
			if [ -n "${prev_s[$fe]:-}" ]; then
				gt=$(growth "$bs" "${prev_s[$fe]}")
				gm=$(growth "$bm" "${prev_mb[$fe]}")
			fi
			prev_s[$fe]=$bs prev_mb[$fe]=$bm
			printf '%-7s %6s %-7s %8s %8s %6s %8s %8s %9s %9s\n' "$v" "$n" "$fe" \
				"$bs" "$ps" "$(awk -v a="$bs" -v b="$ps" 'BEGIN { if (b > 0) printf("%.2f", a / b); else printf("-") }')" \
				"$bm" "$pm" "$gt" "$gm"
		done
	done
	unset prev_s prev_mb
done
