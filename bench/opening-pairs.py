#!/usr/bin/env python3
"""Where a match's losses come from: the openings, each played with both colours.

`engine match` plays every opening twice, the colours reversed (the PGN's Pairing tag
names the pair). A pair the first engine (`varchess (1)`) wins with both colours
shows it stronger; a split pair, where the colour that won one game won the other too,
may be an opening that decides the game rather than the engine. For the split pairs this
script asks ENGINE's own search (NODES nodes, over UCI) for its score at the end of the
opening, from White's view, and counts how often the colour that won both games is the
one that search prefers; a sample of the pairs won with both colours is scored too, for
comparison. Draws count as half. Usage:

    bench/opening-pairs.py ENGINE VARIANT NODES FILE.pgn...

Each file is one run of `engine match -pgn` (pairs are counted within a file).
"""
import collections
import random
import re
import statistics
import subprocess
import sys

ENGINE, VARIANT, NODES = sys.argv[1], sys.argv[2], int(sys.argv[3])
FILES = sys.argv[4:]
SAMPLE = 31  # pairs won with both colours scored for comparison (seeded)


def games(path):
    """Yields (pairing, first engine's score, result, opening) per game of path; the
    opening is the start FEN (None: the variant's start) and the moves to its end."""
    text = open(path).read()
    for game in text.split("[Event ")[1:]:
        tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', game))
        if "{end of opening}" not in game:
            continue
        body = game.split("\n\n", 1)[1].split("{end of opening}")[0]
        opening = (tags.get("FEN"), re.sub(r"\d+\.+", "", body).split())
        result, white = tags["Result"], tags["White"]
        first_white = "(1)" in white
        score = {"1-0": 1.0 if first_white else 0.0, "0-1": 0.0 if first_white else 1.0}.get(result, 0.5)
        yield tags.get("Pairing"), score, result, opening


class Engine:
    """One UCI engine process, asked for its score of positions of VARIANT."""

    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.until("uciok")
        self.send("setoption name UCI_Variant value " + VARIANT)
        self.send("isready")
        self.until("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit("the engine stopped")
            lines.append(line.split())
            if line.startswith(prefix):
                return lines

    def white_score(self, opening):
        """The search's last centipawn score at the opening's end, from White's view
        (mates as +-10000). A random start (Bunker's arrays) comes as the game's FEN."""
        fen, moves = opening
        self.send("ucinewgame")
        self.send(("position fen " + fen if fen else "position startpos") + " moves " + " ".join(moves))
        self.send("go nodes %d" % NODES)
        info = [t for t in self.until("bestmove") if "score" in t][-1]
        kind, value = info[info.index("score") + 1], int(info[info.index("score") + 2])
        cp = value if kind == "cp" else (10000 if value > 0 else -10000)
        white_first = not fen or fen.split()[1] == "w"
        return cp if (len(moves) % 2 == 0) == white_first else -cp


def main():
    kinds = collections.Counter()
    split, won_both = [], []
    for path in FILES:
        pairs = collections.defaultdict(list)
        for pairing, score, result, opening in games(path):
            pairs[pairing].append((score, result, opening))
        for pair in pairs.values():
            if len(pair) != 2:
                continue
            kinds[pair[0][0] + pair[1][0]] += 1
            if pair[0][0] + pair[1][0] == 1 and pair[0][1] == pair[1][1] and pair[0][1] in ("1-0", "0-1"):
                split.append((pair[0][1], pair[0][2]))
            elif pair[0][0] == pair[1][0] == 1:
                won_both.append(pair[0][2])
    print("pairs by the first engine's points: " + ", ".join("%g: %d" % (k, kinds[k]) for k in sorted(kinds)))
    engine = Engine(ENGINE)
    agree = disagree = even = white = 0
    split_scores = []
    for result, opening in split:
        cp = engine.white_score(opening)
        split_scores.append(abs(cp))
        sign = 1 if result == "1-0" else -1
        white += result == "1-0"
        if abs(cp) < 10:
            even += 1
        elif cp * sign > 0:
            agree += 1
        else:
            disagree += 1
        print("split %s after %s: %+d" % (result, " ".join(opening[1]), cp))
    print("split pairs %d: one colour won both (White %d); the search at %d nodes prefers that colour in %d, "
          "the other in %d, neither by 10 cp in %d" % (len(split), white, NODES, agree, disagree, even))
    random.seed(1)
    sample = random.sample(won_both, min(SAMPLE, len(won_both)))
    both_scores = [abs(engine.white_score(o)) for o in sample]
    if split_scores and both_scores:
        print("median |score| at the end of the opening: split pairs %g, pairs won with both colours %g (%d sampled)"
              % (statistics.median(split_scores), statistics.median(both_scores), len(sample)))
    engine.send("quit")


if __name__ == "__main__":
    main()
