#!/bin/sh
# ccache-stats.sh: "hits H misses M" of the ccache in $CCACHE_DIR since the
# last "ccache -z".
ccache --print-stats | awk '
	/^(direct|preprocessed)_cache_hit[ \t]/ { h += $2 }
	/^cache_miss[ \t]/ { m += $2 }
	END { print "hits", h + 0, "misses", m + 0 }'
