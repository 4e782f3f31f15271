#!/bin/sh
# deb-src.sh [APT_DIR [CODENAME]]: print a deb-src entry (deb822) for the
# Debian mirror this machine already uses, read from its own "deb" entry
# for CODENAME (default: this system's) in APT_DIR/sources.list.d/*.sources
# or APT_DIR/sources.list (APT_DIR defaults to /etc/apt).  setup.sh adds it
# so that "apt-get source sparse" works on a machine that reaches only its
# configured mirror (a local or company one): bdops names no mirror of its
# own.  Exits 1, printing nothing, if there is no such entry.
set -eu
apt=${1:-/etc/apt}
codename=${2:-}
if [ -z "$codename" ]; then
	codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
fi
[ -n "$codename" ] || { echo "deb-src.sh: no release codename" >&2; exit 1; }

# deb822 stanzas: the first enabled one of Types deb with the release's
# own suite (not -security or -updates) gives URIs and Signed-By.
for f in "$apt"/sources.list.d/*.sources; do
	[ -f "$f" ] || continue
	awk -v want="$codename" '
	function flush() {
		if (types ~ /(^| )deb( |$)/ && (" " suites " ") ~ (" " want " ") &&
		    uris != "" && enabled != "no" && !done) {
			print "Types: deb-src"
			print "URIs: " uris
			print "Suites: " want
			print "Components: main"
			if (signed != "")
				print "Signed-By: " signed
			done = 1
		}
		types = suites = uris = signed = enabled = ""
	}
	/^[ \t]*#/ { next }
	/^[ \t]*$/ { flush(); next }
	{
		key = tolower($1); sub(/:$/, "", key)
		val = $0; sub(/^[^:]*:[ \t]*/, "", val)
		if (key == "types") types = val
		else if (key == "suites") suites = val
		else if (key == "uris") uris = val
		else if (key == "signed-by") signed = val
		else if (key == "enabled") enabled = tolower(val)
	}
	END { flush(); exit done ? 0 : 1 }' "$f" && exit 0
done

# one-line form: deb [options] URI SUITE COMPONENT...
for f in "$apt"/sources.list "$apt"/sources.list.d/*.list; do
	[ -f "$f" ] || continue
	awk -v want="$codename" '
	$1 == "deb" {
		i = 2; signed = ""
		if ($2 ~ /^\[/) {
			for (; i <= NF; i++) {
				if ($i ~ /signed-by=/) {
					signed = $i; sub(/.*signed-by=/, "", signed); sub(/\]$/, "", signed)
				}
				if ($i ~ /\]$/) { i++; break }
			}
		}
		if ($(i + 1) != want)
			next
		print "Types: deb-src"
		print "URIs: " $i
		print "Suites: " want
		print "Components: main"
		if (signed != "")
			print "Signed-By: " signed
		found = 1
		exit
	}
	END { exit found ? 0 : 1 }' "$f" && exit 0
done
exit 1
