#!/usr/bin/env python3
"""What Fairy-Max's node count counts: its counter against the calls of its search function.

Fairy-Max (fairymax.c, function D) increments its node counter N once per pass of the
iterative-deepening loop that every call of D runs (at least two passes, d = 1 and 2, for
a position not found in its hash table), not once per position. search-vs-fairymax.py
compares our nodes (one per position visited) with that counter; this script measures the
factor between the two under gdb: a breakpoint on D's entry counts the calls, and N is read
at every write to standard output. The addresses are those of Debian's fairymax 5.0b-1+b1
(amd64); the script refuses any other build. Each position is searched to depth 6 (gdb
makes the search about a hundred times slower). Usage:

    bench/fairymax-node-ratio.py [FAIRYMAX]
"""
import os
import subprocess
import sys
import tempfile

FAIRYMAX = sys.argv[1] if len(sys.argv) > 1 else "/usr/games/fairymax"
BUILD_ID = "201b12a155457fa44492c11cb81d325952474bfe"  # Debian fairymax 5.0b-1+b1, amd64
LOAD = 0x555555554000  # where gdb loads a position-independent executable
SEARCH_FN = 0x34F0     # D(): entry of the recursive search
NODE_COUNT = 0xA2EC    # N: the node counter

POSITIONS = [
    "",
    "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6",
    "d2d4 g8f6 c2c4 e7e6 b1c3 f8b4",
    "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6",
    "e2e4 e7e6 d2d4 d7d5 b1c3 g8f6 c1g5 f8e7 e4e5 f6d7",
]

GDB = f"""set pagination off
set disable-randomization on
starti < {{inp}} > /dev/null
break *{LOAD + SEARCH_FN:#x}
ignore 1 1000000000
set breakpoint pending on
break write
commands 2
silent
printf "W %d\\n", *(int*){LOAD + NODE_COUNT:#x}
info breakpoints 1
continue
end
break read
commands 3
silent
printf "R\\n"
info breakpoints 1
continue
end
continue
kill
quit
"""


def events(text):
    """The reads (R) and writes (W with N) in order, each with the calls of D so far."""
    out, pending, calls = [], None, 0
    for line in text.splitlines():
        line = line.strip()
        if line == "R":
            pending, calls = ("R", 0), 0
        elif line.startswith("W "):
            pending, calls = ("W", int(line.split()[1])), 0
        elif "already hit" in line:
            calls = int(line.split()[3])
        elif line.startswith("ignore next") and pending:
            out.append((pending[0], pending[1], calls))
            pending = None
    return out


def measure(moves):
    with tempfile.TemporaryDirectory() as tmp:
        inp, script = os.path.join(tmp, "in"), os.path.join(tmp, "gdb")
        with open(inp, "w") as f:
            f.write("xboard\nprotover 2\nnew\nforce\n")
            f.write("".join(m + "\n" for m in moves.split()))
            f.write("post\nst 600\nsd 6\ngo\nquit\n")
        with open(script, "w") as f:
            f.write(GDB.format(inp=inp))
        text = subprocess.run(["gdb", "-q", "-batch", "-x", script, FAIRYMAX],
                              capture_output=True, text=True).stdout
    ev = events(text)
    # The search is the last run of writes (its thinking lines and its move); its calls of
    # D count from the read just before (the end of "go"), after those of the opening moves.
    last = max(i for i, e in enumerate(ev) if e[0] == "W")
    i = last
    while i >= 0 and ev[i][0] == "W":
        i -= 1
    base = ev[i][2] if i >= 0 else 0
    return ev[last][1], ev[last][2] - base


def main():
    notes = subprocess.run(["readelf", "-n", FAIRYMAX], capture_output=True, text=True).stdout
    if BUILD_ID not in notes:
        sys.exit(f"{FAIRYMAX} is not Debian's fairymax 5.0b-1+b1 (build id {BUILD_ID}): "
                 "the addresses of D and N differ")
    total_n = total_calls = 0
    print(f"{'position':<44} {'counted N':>10} {'calls of D':>10} {'N per call':>10}")
    for moves in POSITIONS:
        n, calls = measure(moves)
        total_n, total_calls = total_n + n, total_calls + calls
        print(f"{(moves or 'start')[-44:]:<44} {n:>10} {calls:>10} {n / calls:>10.3f}")
    print(f"{'total':<44} {total_n:>10} {total_calls:>10} {total_n / total_calls:>10.3f}")


if __name__ == "__main__":
    main()
