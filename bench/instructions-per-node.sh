#!/usr/bin/env bash
# Instructions the search executes per node, counted by valgrind (cachegrind): a speed
# measure that does not depend on what else the machine runs, for comparing two builds
# on a shared machine where timings vary by 10-20% from run to run. It counts the
# engine's own code (packages varchess/... and slices), not the Go runtime, whose
# scheduler spins a varying amount under valgrind. It is not time: cache misses cost
# time and no instructions, so a change that only moves memory traffic (a prefetch, huge
# pages) must be timed instead.
#
#   bench/instructions-per-node.sh [ENGINE] [DEPTH] [VARIANT]   (bin/engine, -2, normal)
#
# Runs `engine bench -variant VARIANT -depth DEPTH` (a few seconds under valgrind at -2).
# GODEBUG=cpu.rdtscp=off: valgrind 3.19 does not know RDTSCP, which Go's runtime uses.
set -euo pipefail
engine=${1:-bin/engine}
depth=${2:--2}
variant=${3:-normal}
command -v valgrind >/dev/null || { echo "valgrind is not installed (apt-get install valgrind)" >&2; exit 2; }
[ -x "$engine" ] || { echo "no engine at $engine (make build)" >&2; exit 2; }
out=$(mktemp)
trap 'rm -f "$out"' EXIT
nodes=$(GODEBUG=cpu.rdtscp=off valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file="$out" \
  "$engine" bench -variant "$variant" -depth "$depth" 2>/dev/null | awk '/^total nodes/ {print $3}')
cg_annotate --threshold=0 --auto=no "$out" 2>/dev/null | awk -v nodes="$nodes" '
  /^ *[0-9,]+ / {
    n = $1; gsub(",", "", n)
    f = $NF; sub(/.*:/, "", f)
    if (f ~ /^varchess\// || f ~ /^slices\./) own += n
  }
  END { printf "nodes %d  instructions %.0f  per node %.0f\n", nodes, own, own / nodes }'
