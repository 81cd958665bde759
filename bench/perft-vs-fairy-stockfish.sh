#!/usr/bin/env bash
# Perft speed of our engine against Debian's Fairy-Stockfish on the six positions of the
# chessprogramming.org "Perft Results" page, side by side in one run.
#
#   bench/perft-vs-fairy-stockfish.sh [ENGINE]   (ENGINE defaults to bin/engine)
#
# Counting mode, both sides: legal move generation with bulk counting at the last ply
# (the moves of the positions at depth-1 are counted, not played), one thread, no hash.
# Leaves per second are wall-clock: ours from `engine perft`'s own timing, Fairy-Stockfish's
# from "go perft N" sent to "Nodes searched" received over UCI.
set -euo pipefail
engine=${1:-bin/engine}
fsf=${FAIRY_STOCKFISH:-/usr/games/fairy-stockfish}
[ -x "$engine" ] || { echo "no engine at $engine (make build)" >&2; exit 2; }
[ -x "$fsf" ] || { echo "no fairy-stockfish at $fsf (apt-get install fairy-stockfish)" >&2; exit 2; }

positions=(
  "5|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
  "4|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
  "6|8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
  "5|r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
  "4|rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"
  "4|r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"
)

coproc FSF { "$fsf"; }
trap 'kill ${FSF_PID:-} 2>/dev/null || true' EXIT
send() { printf '%s\n' "$1" >&"${FSF[1]}"; }
expect() { local l; while IFS= read -r l <&"${FSF[0]}"; do [[ $l == $1* ]] && { REPLY=$l; return; }; done; }
send uci; expect uciok
send "setoption name Threads value 1"
send isready; expect readyok

printf '%-6s %-5s %12s %14s %14s %7s\n' pos depth leaves ours/s fsf/s ratio
tot_nodes=0 tot_ours_ns=0 tot_fsf_ns=0
i=0
for entry in "${positions[@]}"; do
  i=$((i + 1))
  depth=${entry%%|*} fen=${entry#*|}
  line=$("$engine" perft -fen "$fen" "$depth")
  nodes=$(awk '{print $2}' <<<"$line")
  ours_ms=$(awk '{print $4}' <<<"$line")
  send "position fen $fen"; send isready; expect readyok
  start=$(date +%s%N)
  send "go perft $depth"; expect "Nodes searched"
  end=$(date +%s%N)
  fsf_nodes=${REPLY##* }
  [ "$fsf_nodes" = "$nodes" ] || { echo "position $i: leaf counts differ: ours $nodes, fairy-stockfish $fsf_nodes" >&2; exit 1; }
  fsf_ns=$((end - start)) ours_ns=$((ours_ms * 1000000 + 500000))
  tot_nodes=$((tot_nodes + nodes)) tot_ours_ns=$((tot_ours_ns + ours_ns)) tot_fsf_ns=$((tot_fsf_ns + fsf_ns))
  awk -v p="$i" -v d="$depth" -v n="$nodes" -v o="$ours_ns" -v f="$fsf_ns" \
    'BEGIN { printf "%-6s %-5s %12d %14.0f %14.0f %6.2fx\n", p, d, n, n/o*1e9, n/f*1e9, f/o }'
done
send quit
awk -v n="$tot_nodes" -v o="$tot_ours_ns" -v f="$tot_fsf_ns" \
  'BEGIN { printf "%-6s %-5s %12d %14.0f %14.0f %6.2fx\n", "all", "", n, n/o*1e9, n/f*1e9, f/o }'
