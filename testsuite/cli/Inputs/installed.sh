#!/bin/sh
# installed.sh DEST FIXTURES: what the tools "cmake --install" put under
# DEST run, and where they take their plugins from (DEST is written DEST).
# The build tree must play no part: it is named nowhere in what is
# installed, and the tools find everything relative to where they are.
set -u
dest=$1 fixtures=$2
bin=$(dirname "$(find "$dest" -path '*/bin/bdops' -type f)")
show() { sed "s#$dest#DEST#g; s#/tmp/bdops[^ ]*#TMP#g"; }
cd "$fixtures" || exit 2
for fe in gcc clang; do
	"$bin/bdops" check --verbose --frontend $fe bad/pktcdvd_get_ndelay_put.c \
		-- -std=gnu11 -Iinclude/fmode > out 2>&1
	grep '^bdops: running' out | show | cut -d' ' -f1-4
	grep -c '\[bdops-put-mode\]' out | sed "s/^/$fe: /"
done
rm -f out
# the helpers: bdops-sparse and bdops-clang-tool beside bdops
for fe in sparse clang-tool; do
	"$bin/bdops" check --frontend $fe bad/pktcdvd_get_ndelay_put.c \
		-- -std=gnu11 -Iinclude/fmode 2>&1 | grep -c '\[bdops-put-mode\]' | sed "s/^/$fe: /"
done
# the wrappers for distcc take the installed plugins
"$bin/bdops-gcc" -std=gnu11 -Iinclude/fmode -c bad/pktcdvd_get_ndelay_put.c -o /dev/null 2>&1 |
	grep -c '\[bdops-put-mode\]' | sed 's/^/bdops-gcc: /'
"$bin/bdops-clang" -std=gnu11 -Iinclude/fmode -c bad/pktcdvd_get_ndelay_put.c -o /dev/null 2>&1 |
	grep -c '\[bdops-put-mode\]' | sed 's/^/bdops-clang: /'
# nothing installed names the build tree
grep -rlI "$BDOPS_BUILD" "$dest" | show | sed 's/^/names the build tree: /'
# a plugin moved away: by name, for the compiler to find in its own directory
mv "$dest"/usr/lib/gcc/*/*/plugin/bdops_gcc.so "$dest/gone.so"
"$bin/bdops" check --verbose --frontend gcc bad/pktcdvd_get_ndelay_put.c \
	-- -std=gnu11 -Iinclude/fmode 2>&1 | grep '^bdops: running' | cut -d' ' -f1-4
exit 0
