package protocol

import (
	"strings"
	"testing"

	"varchess/movegen"
)

// TestReadPGN reads the engine's own PGNs back and PGNs from elsewhere: SAN with comments,
// variations, NAGs and annotations in normal chess, move text with passes and trampolines
// in the other games, and refuses what is not a game.
func TestReadPGN(t *testing.T) {
	for _, c := range []struct {
		text, variant, fen, moves string
	}{
		{"[Event \"x\"]\n\n1. e4 {a comment} e5 (1... c5 2. Nf3) 2. Nf3! $1 Nc6?! ; rest of line\n3. Bb5 1-0\n",
			"normal", "", "e2e4 e7e5 g1f3 b8c6 f1b5"},
		{"1.e4 e5 2.Nf3 *", "normal", "", "e2e4 e7e5 g1f3"},
		{"[Variant \"hopchess\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - -\"]\n\n1. e2e4 g8f6,d5 2. d2d4,d3 *\n",
			"hopchess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - -", "e2e4 g8f6,d5 d2d4,d3"},
		{"[Variant \"weaksquare\"]\n[FEN \"*****1/r1b1n1/3k1p/1p3b/2P3/NP1PN1/R1K1BR/1*****[Brnp] w - - 0 6 JJ\"]\n\n6. 0000 *\n",
			"weaksquare", "*****1/r1b1n1/3k1p/1p3b/2P3/NP1PN1/R1K1BR/1*****[Brnp] w - - 0 6 JJ", "0000"},
		{"[Event \"first\"]\n\n1. d4 *\n\n[Event \"second\"]\n\n1. e4 *\n", "normal", "", "d2d4"},
	} {
		g, err := ReadPGN(c.text, 1000)
		if err != nil {
			t.Errorf("%q: %v", c.text, err)
			continue
		}
		if g.Variant != c.variant || g.FEN != c.fen || strings.Join(g.Moves, " ") != c.moves {
			t.Errorf("%q: got %+v, want %s %q %s", c.text, g, c.variant, c.fen, c.moves)
		}
	}
	for _, c := range []struct{ text, want string }{
		{"", "no game"},
		{"[Variant \"nope\"]\n\n1. e4", "unknown variant"},
		{"1. e4 e4", "move 1... e4"}, // Black's first move, named as the record names it
		{"1. e4 e5 2. Nf3", "more than 2 moves"},
	} {
		if _, err := ReadPGN(c.text, 2); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.text, err, c.want)
		}
	}
	// a bad move is named as the record names it: White's fourth move, not "move 7"
	if _, err := ReadPGN("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxa7", 20); err == nil || !strings.Contains(err.Error(), "move 4. Bxa7") {
		t.Errorf("a bad fourth move: error %v, want %q", err, "move 4. Bxa7")
	}
}

// TestWritePGNRoundTrip writes a game of each variant and reads it back.
func TestWritePGNRoundTrip(t *testing.T) {
	for _, c := range []struct {
		v     *movegen.Variant
		moves string
	}{
		{movegen.FIDE, "e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7"},
		{movegen.HopChess, "e2e4 g8f6,d5 d2d4,d3"},
		{movegen.Prechess, "N@b1 N@g8"},
		{movegen.Blackhole, "e2e5"},
	} {
		g := movegen.NewGame(c.v.Start(nil))
		for _, mv := range strings.Fields(c.moves) {
			if _, err := g.PlayText(mv); err != nil {
				t.Fatalf("%s %s: %v", c.v.Name, mv, err)
			}
		}
		text := WritePGN(g, PGNTags{White: "A \"quoted\" name", Black: "B"})
		back, err := ReadPGN(text, 1000)
		if err != nil || back.Variant != c.v.Name || strings.Join(back.Moves, " ") != c.moves {
			t.Errorf("%s: %v, read back %+v from\n%s", c.v.Name, err, back, text)
		}
		if c.v == movegen.FIDE && (!strings.Contains(text, "4. Qxf7# 1-0") || !strings.Contains(text, `[White "A \"quoted\" name"]`)) {
			t.Errorf("normal PGN:\n%s", text)
		}
	}
}
