#!/usr/bin/env python3
"""Search speed side by side with Debian's fairymax on fixed FIDE positions.

Each position (a move sequence from the start: fairymax has no setboard) is searched by
fairymax over the XBoard protocol to a fixed depth, then by `engine bench -moves ... -sd`.
Nodes come from each engine's own count (fairymax: its last thinking line); speed is
nodes per second of processor time (on a shared machine the wall clock counts other
programs too) and of wall time. Fairy-Max's count is not one per position: it counts every pass of the
deepening loop each node runs (fairymax-node-ratio.py measures about 1.46 counts per call
of its search function on these positions), so per position visited it is slower than
its nodes per second say. Usage:

    go build -o bin/engine ./cmd/engine && bench/search-vs-fairymax.py [ENGINE] [FAIRYMAX]
"""
import os
import re
import subprocess
import sys
import time

ENGINE = sys.argv[1] if len(sys.argv) > 1 else "bin/engine"
FAIRYMAX = sys.argv[2] if len(sys.argv) > 2 else "/usr/games/fairymax"

# (moves from the start, fairymax depth, our depth): depths chosen so that each engine
# searches for a second or more of processor time; the speed, not the depth, is compared.
POSITIONS = [
    ("", 7, 13),
    ("e2e4 e7e5 g1f3 b8c6 f1b5 a7a6", 7, 13),
    ("d2d4 g8f6 c2c4 e7e6 b1c3 f8b4", 7, 13),
    ("e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6", 7, 13),
    ("e2e4 e7e6 d2d4 d7d5 b1c3 g8f6 c1g5 f8e7 e4e5 f6d7", 7, 13),
]
TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK  # utime + stime


def fairymax(moves, depth):
    p = subprocess.Popen([FAIRYMAX], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True, bufsize=1)
    send = lambda s: (p.stdin.write(s + "\n"), p.stdin.flush())
    send("xboard")
    send("protover 2")
    send("new")
    send("force")
    for m in moves.split():
        send(m)
    send("post")
    send("st 600")
    send(f"sd {depth + 1}")
    time.sleep(0.2)
    cpu0, t0 = cpu_seconds(p.pid), time.time()
    send("go")
    # Each thinking line is "depth score centiseconds nodes pv"; the processor time is
    # sampled as the line arrives, so nodes and time belong together. The last line of
    # the target depth is kept; the next depth's first line ends the search.
    best = (0, 0.0, 0.0)
    for line in p.stdout:
        m = re.match(r"\s*(\d+)\s+(-?\d+)\s+(\d+)\s+(\d+)\s", line)
        if m:
            d = int(m.group(1))
            if d > depth:
                break
            best = (int(m.group(4)), time.time() - t0, cpu_seconds(p.pid) - cpu0)
        if line.startswith("move "):
            break
    send("?")
    send("quit")
    p.wait()
    return best


def ours(moves, depth):
    out = subprocess.run([ENGINE, "bench", "-moves", moves or "", "-fen",
                          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                          "-sd", str(depth)], capture_output=True, text=True, check=True).stdout
    m = re.search(r"total nodes (\d+)\s+time ([\d.]+)s.*cpu ([\d.]+)s", out)
    return int(m.group(1)), float(m.group(2)), float(m.group(3))


def main():
    tot = {"fm": [0, 0.0, 0.0], "us": [0, 0.0, 0.0]}
    print(f"{'position':<44} {'fairymax nodes':>14} {'cpu-nps':>9} {'wall-nps':>9}"
          f" {'engine nodes':>13} {'cpu-nps':>9} {'wall-nps':>9}")
    for moves, fd, ud in POSITIONS:
        fm, us = fairymax(moves, fd), ours(moves, ud)
        for k, r in (("fm", fm), ("us", us)):
            tot[k] = [a + b for a, b in zip(tot[k], r)]
        print(f"{(moves or 'start')[-44:]:<44} {fm[0]:>14} {fm[0]/max(fm[2],1e-9):>9.0f}"
              f" {fm[0]/fm[1]:>9.0f} {us[0]:>13} {us[0]/max(us[2],1e-9):>9.0f} {us[0]/us[1]:>9.0f}")
    fm, us = tot["fm"], tot["us"]
    print(f"{'total':<44} {fm[0]:>14} {fm[0]/fm[2]:>9.0f} {fm[0]/fm[1]:>9.0f}"
          f" {us[0]:>13} {us[0]/us[2]:>9.0f} {us[0]/us[1]:>9.0f}")
    print(f"engine/fairymax speed (cpu): {us[0]/us[2]/(fm[0]/fm[2]):.2f}x")


if __name__ == "__main__":
    main()
