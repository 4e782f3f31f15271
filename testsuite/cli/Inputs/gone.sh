# gone.sh PIDFILE: "gone" when none of the processes listed runs any more
# (a killed one may run a moment longer, or linger as a zombie until it is
# reaped: it gets a few seconds).
alive() {
	for p in $(cat "$1"); do
		case "$(ps -o stat= -p "$p" 2>/dev/null)" in
		""|Z*) ;;
		*) echo "$p"; return 0 ;;
		esac
	done
	return 1
}
for i in 1 2 3 4 5; do
	alive "$1" > /dev/null || { echo gone; exit 0; }
	sleep 1
done
echo "alive: $(alive "$1")"
exit 1
