# facts-object.sh OBJECT JSON: an object whose .bdops.facts section holds
# one facts record of JSON (docs/facts.md), as if a plugin had written it.
set -e
json=$2
printf 'bdops-facts 1 test %d\n%s\n' "$(printf '%s' "$json" | wc -c)" "$json" > "$1.rec"
echo 'int bdops_test_x;' | gcc -x c - -c -o "$1"
objcopy --add-section .bdops.facts="$1.rec" --set-section-flags .bdops.facts=exclude "$1"
rm -f "$1.rec"
