package bench

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"varchess/movegen"
)

// TestReadEPD: the four fields of a position, the operations ignored, the move counters
// read when given.
func TestReadEPD(t *testing.T) {
	ops, err := ReadEPD(strings.NewReader(`# two positions
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 bm e5; id "after e4";
r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3
`), movegen.FIDE)
	if err != nil {
		t.Fatal(err)
	}
	l := ops.(listOpenings)
	if len(l) != 2 || l[0].Start.FEN() != "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1" ||
		l[1].Start.FEN() != "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3" || len(l[0].Moves) != 0 {
		t.Errorf("%v / %v", l[0].Start.FEN(), l[1].Start.FEN())
	}
	for text, want := range map[string]string{
		"8/8/8 w":                   "line 1: want at least the four fields",
		"k7/8/8/8/8/8/8/K7 w - - x": "line 1:",
		"":                          "no positions",
		"k7/8/8/8/8/8/8/K7 w - -":   "already over",
	} {
		if _, err := ReadEPD(strings.NewReader(text), movegen.FIDE); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", text, err, want)
		}
	}
}

// TestReadPGNOpenings: SAN or coordinate moves, comments, variations and move numbers
// skipped, the FEN tag, the first N plies.
func TestReadPGNOpenings(t *testing.T) {
	pgn := `[Event "book"]
[White "?"]

1. e4 e5 {a comment} 2. Nf3 (2. f4 exf4) Nc6 3. Bb5 a6 *

[Event "two"]
[SetUp "1"]
[FEN "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"]

3. f1c4 g8f6! 4. d2d3 $1 1/2-1/2

1.d4 d5 2.c4 *
`
	ops, err := ReadPGNOpenings(strings.NewReader(pgn), movegen.FIDE, 4)
	if err != nil {
		t.Fatal(err)
	}
	l := ops.(listOpenings)
	if len(l) != 3 {
		t.Fatalf("%d openings", len(l))
	}
	if !slices.Equal(l[0].Moves, []string{"e2e4", "e7e5", "g1f3", "b8c6"}) ||
		!slices.Equal(l[1].Moves, []string{"f1c4", "g8f6", "d2d3"}) || !strings.HasPrefix(l[1].Start.FEN(), "r1bqkbnr/pppp1ppp/2n5") ||
		!slices.Equal(l[2].Moves, []string{"d2d4", "d7d5", "c2c4"}) {
		t.Errorf("%v\n%v\n%v", l[0].Moves, l[1].Moves, l[2].Moves)
	}
	all, err := ReadPGNOpenings(strings.NewReader(pgn), movegen.FIDE, 0)
	if err != nil || len(all.(listOpenings)[0].Moves) != 6 {
		t.Errorf("all plies: %v, %v", all, err)
	}
	if _, err := ReadPGNOpenings(strings.NewReader("1. e4 e5 2. Qxf7 *"), movegen.FIDE, 0); err == nil || !strings.Contains(err.Error(), `ply 3: "Qxf7"`) {
		t.Errorf("illegal move: %v", err)
	}
	// an opening that ends the game stops a ply short: the engines must have a game
	ops, err = ReadPGNOpenings(strings.NewReader("1. f3 e5 2. g4 Qh4# 0-1"), movegen.FIDE, 0)
	if err != nil || len(ops.(listOpenings)[0].Moves) != 3 {
		t.Errorf("mate in the book: %v, %v", ops, err)
	}
}

// TestOpeningsOrder: -order random shuffles a file's openings by the seed: the same seed
// gives the same order (every shard agrees), another seed another; each opening is
// played with both colours.
func TestOpeningsOrder(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "book.epd")
	var lines []string
	for _, m := range []string{"a2a3", "b2b3", "c2c3", "d2d3", "e2e3", "f2f3", "g2g3", "h2h3", "a2a4", "b2b4"} {
		g := movegen.NewGame(movegen.FIDE.Start(nil))
		g.PlayText(m)
		lines = append(lines, g.Position().FEN()+" ; id \""+m+"\"")
	}
	os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644)
	order := func(seed uint64, random bool) []string {
		ops, err := openingSource{spec: path, random: random, seed: seed}.open(movegen.FIDE)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for k := range 10 {
			out = append(out, ops.Opening(k).Start.FEN())
		}
		return out
	}
	seq, a, b, c := order(1, false), order(5, true), order(5, true), order(6, true)
	if !strings.HasPrefix(seq[0], strings.Fields(lines[0])[0]) {
		t.Errorf("sequential order starts with %s", seq[0])
	}
	if !slices.Equal(a, b) || slices.Equal(a, seq) || slices.Equal(a, c) {
		t.Errorf("random order: seed 5 %v / %v, seed 6 %v", a, b, c)
	}
	sortedA, sortedSeq := slices.Clone(a), slices.Clone(seq)
	slices.Sort(sortedA)
	slices.Sort(sortedSeq)
	if !slices.Equal(sortedA, sortedSeq) {
		t.Error("the shuffle lost or repeated openings")
	}
	// each opening with both colours: the schedule gives one pairing two games, colours swapped
	s := makeSchedule(1, 2, roundRobin, 4)
	if len(s) != 4 || s[0].Opening != 0 || s[1].Opening != 0 || s[0].White != 0 || s[1].White != 1 || s[0].Pairing != s[1].Pairing || s[2].Opening != 1 {
		t.Errorf("schedule %+v", s)
	}
}
