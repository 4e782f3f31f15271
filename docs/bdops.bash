# bash completion for bdops (installed as share/bash-completion/completions/bdops).
# Commands, options and check names come from bdops itself (its --help and
# list-checks), so they are never out of date.

# The words of "bdops [CMD] --help" that are options.
_bdops_options()
{
	"$1" ${2:+"$2"} --help 2>/dev/null |
		sed -n 's/^  \(-[A-Za-z], \)\{0,1\} *\(--[a-z][a-z-]*\).*/\2/p'
}

_bdops()
{
	local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
	local bdops=${COMP_WORDS[0]} cmd= opt= i w
	COMPREPLY=()

	for ((i = 1; i < COMP_CWORD; i++)); do
		w=${COMP_WORDS[i]}
		if [[ $w == -- && -n $cmd ]]; then
			# compiler flags follow: files, as the compiler would
			COMPREPLY=($(compgen -f -- "$cur"))
			return 0
		fi
		[[ -z $cmd && $w != -* ]] && cmd=$w
	done
	if [[ -z $cmd ]]; then
		if [[ $cur == -* ]]; then
			COMPREPLY=($(compgen -W '--help --version' -- "$cur"))
		else
			COMPREPLY=($(compgen -W "$("$bdops" --help 2>/dev/null |
				sed -n '/^Commands:/,/^$/s/^  \([a-z][a-z-]*\) .*/\1/p')" -- "$cur"))
		fi
		return 0
	fi

	# an option's value: "--opt VALUE" or "--opt=VALUE" (bash splits at '=')
	if [[ $cur == = ]]; then
		opt=$prev
		cur=
	elif [[ $prev == = ]]; then
		opt=${COMP_WORDS[COMP_CWORD-2]}
	elif [[ $prev == --* || $prev == -j ]] &&
	     "$bdops" "$cmd" --help 2>/dev/null | grep -q -- "^ *\(-., \)\{0,1\}$prev\[\{0,1\}="; then
		opt=$prev
	fi
	case $opt in
	--frontend) COMPREPLY=($(compgen -W "$("$bdops" list-frontends 2>/dev/null | cut -f1)" -- "$cur")); return 0 ;;
	--format) COMPREPLY=($(compgen -W 'text json sarif' -- "$cur")); return 0 ;;
	--error) COMPREPLY=($(compgen -W 'auto yes no' -- "$cur")); return 0 ;;
	--color) COMPREPLY=($(compgen -W 'auto always never' -- "$cur")); return 0 ;;
	--disable|--enable)
		# a comma list: complete its last name
		local done=${cur%"${cur##*,}"}
		COMPREPLY=($(compgen -P "$done" -W "all $("$bdops" list-checks 2>/dev/null |
			sed -n 's/^bdops-\([a-z-]*\) .*/\1/p')" -- "${cur##*,}"))
		return 0 ;;
	--facts-dir|--root) COMPREPLY=($(compgen -d -- "$cur")); return 0 ;;
	--cflag|--jobs|-j|--functions) return 0 ;;
	--*) COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
	esac

	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$(_bdops_options "$bdops" "$cmd") -- -h -V" -- "$cur"))
		return 0
	fi
	case $cmd in
	merge) COMPREPLY=($(compgen -d -- "$cur")) ;;
	list-checks|list-frontends) ;;
	*) COMPREPLY=($(compgen -f -- "$cur")) ;;
	esac
	return 0
}
complete -F _bdops bdops
