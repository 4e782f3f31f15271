#!/bin/bash
# complete.sh COMPLETION_SCRIPT: source it and print what its function
# offers for a few command lines, one "[WORDS] REPLIES" line each.
. "$1"
complete_words() {
	COMP_WORDS=("$@")
	COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
	COMPREPLY=()
	_bdops
	echo "[${COMP_WORDS[*]}] ${COMPREPLY[*]}"
}
cd "$(mktemp -d)"
complete_words bdops ""
complete_words bdops re
complete_words bdops -
complete_words bdops check --fr
complete_words bdops review --s
complete_words bdops check --frontend ""
complete_words bdops check --frontend = cl
complete_words bdops merge --format s
complete_words bdops check --disable put-m
complete_words bdops check --disable file-write,nd
complete_words bdops check --color ""
complete_words bdops check x.c -- -I
