#!/bin/sh
# soak.sh TOTAL [DIR]: the referee's soak test. Plays TOTAL games at 2 s + 0.02 s, two at a
# time: about 91% of them bin/engine against itself, spread evenly over all seven
# variants (engine1 over XBoard where the variant allows, engine2 over UCI), the rest
# against Debian's Fairy-Max in normal chess (the only one of the seven it plays).
# It fails (exit 1) on any game bin/engine loses by a crash, a time forfeit, an illegal
# move, a false claim or a rejected move, on any such loss by Fairy-Max other than on
# time, and on a stall: a run that outlasts its wall-clock bound. Fairy-Max's own time
# forfeits are counted and printed but do not fail the soak: Fairy-Max reads its clock
# only between iterations, and at 2 s + 0.02 s an iteration can outlast what it has
# left; that is its time management, not the referee's or bin/engine's.
# The PGNs, outputs and HTML reports go to DIR (default bin/soak/).
# make soak runs 1000 games; make test runs 20 (test-soak).
set -u
total=${1:-1000}
dir=${2:-bin/soak}
engine=${ENGINE:-bin/engine}
fairymax=${FAIRYMAX:-/usr/games/fairymax}
seed=${SEED:-0}
variants=7
self=$(( total * 91 / 100 / variants ))   # games per variant, self-play
[ $(( self % 2 )) -eq 0 ] || self=$(( self - 1 ))
[ "$self" -ge 2 ] || self=2
fm=$(( total - self * variants ))          # games against Fairy-Max
mkdir -p "$dir" || exit 1
# A stall bound: a typical game at 2 s + 0.02 s takes under 10 s of wall clock, games run
# two at a time; 15 s a game and two minutes to start is far beyond any working run.
bound() { echo $(( $1 * 15 + 120 )); }
fail=0

# forfeits PGN: one line per game lost by forfeit: "LOSER<TAB>TERMINATION<TAB>ROUND".
forfeits() {
	awk -F'"' '
		/^\[Round /       { round = $2 }
		/^\[White /       { white = $2 }
		/^\[Black /       { black = $2 }
		/^\[Result /      { result = $2 }
		/^\[Termination / { if ($2 == "time forfeit" || $2 == "rules infraction" || $2 == "abandoned")
		                        printf "%s\t%s\t%s\n", (result == "1-0" ? black : white), $2, round }' "$1"
}

# run NAME GAMES_PER_PAIR EXPECTED FLAGS...: one match; EXPECTED is its number of games.
run() {
	name=$1; per=$2; games=$3; shift 3
	echo "soak: $name, $games games (tc 2+0.02, two at a time)"
	timeout "$(bound "$games")" "$engine" match -games "$per" -tc 2+0.02 -concurrency 2 -seed "$seed" \
		-pgn "$dir/$name.pgn" -report "$dir/$name.html" "$@" >"$dir/$name.out" 2>&1
	status=$?
	case $status in
	0) ;;
	124) echo "soak: $name STALLED: no end within $(bound "$games") s"; fail=1 ;;
	*) echo "soak: $name FAILED (exit $status):"; tail -5 "$dir/$name.out"; fail=1 ;;
	esac
	played=$(grep -c '^\[Round ' "$dir/$name.pgn" 2>/dev/null || echo 0)
	echo "soak: $name: $played of $games games played"
	[ "$played" -eq "$games" ] || fail=1
	sed -n '/^Results by termination:/,$p' "$dir/$name.out" | grep -v '^report:'
	forfeits "$dir/$name.pgn" | while IFS="$(printf '\t')" read -r loser term round; do
		case "$loser:$term" in
		Fairy-Max*:"time forfeit") echo "soak: game $round: $loser lost on time (its own clock handling; not a failure)" ;;
		*) echo "soak: game $round: $loser lost by $term: FAILURE"; echo x >>"$dir/.failures" ;;
		esac
	done
}
rm -f "$dir/.failures"
run self $self $(( self * variants )) -variant all -engine1 "$engine" -engine2 "$engine" -proto2 uci
if [ "$fm" -gt 0 ]; then
	if [ -x "$fairymax" ]; then
		run fairymax $fm $fm -variant normal -engine1 "$engine" -engine2 "$fairymax"
	else
		echo "soak: $fairymax not installed (Debian package fairymax): its $fm games are not played"; fail=1
	fi
fi
[ -f "$dir/.failures" ] && fail=1
rm -f "$dir/.failures"
if [ $fail -eq 0 ]; then
	echo "soak: $total games: no crash, time forfeit, illegal move, false claim or stall of bin/engine or the referee"
else
	echo "soak: FAILED (outputs in $dir)"
fi
exit $fail
