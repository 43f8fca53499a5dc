#!/bin/sh
# make-archive.sh ARBITRO DB [N]: builds the archive-audit benchmark fixture, a database of
# N tournaments (default 1000) made with `arbitro event import` of the real event files of
# tournament/testdata/events: every 7th tournament the 2005 Italian championship (36 games),
# the others the 2007 International world championship (110 games). N = 1000 gives 1,000
# tournaments and 99,492 game scores. Then, e.g.:
#   /usr/bin/time -v arbitro --db DB audit --all --jobs 1 > /dev/null
set -eu
arbitro=$1
db=$2
n=${3:-1000}
dir=$(cd "$(dirname "$0")/../../../tournament/testdata/events" && pwd)
i=1
while [ "$i" -le "$n" ]; do
	if [ $((i % 7)) -eq 0 ]; then
		"$arbitro" --db "$db" event import --again --name "Assoluto 2005 copy $i" "$dir/ita_campionato_italiano_assoluto_2005_turni1-4.pdn" >/dev/null
	else
		"$arbitro" --db "$db" event import --again --name "WK 2007 copy $i" "$dir/intl_world_championship_2007_rounds01-11.pdn" >/dev/null 2>&1
	fi
	i=$((i + 1))
done
