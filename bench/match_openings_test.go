package bench

import (
	"strings"
	"testing"
	"time"

	"varchess/movegen"
)

// TestRandomOpenings: every variant's random openings have the plies asked for, are legal
// from the variant's start, pass the sanity check and the short search, and are a
// function of seed and index.
func TestRandomOpenings(t *testing.T) {
	judge := newOpeningJudge()
	for _, v := range movegen.All {
		t.Run(v.Name, func(t *testing.T) {
			ops := RandomOpenings(v, 6, 42)
			distinct := map[string]bool{}
			count := 20
			if v == movegen.HopChess {
				count = 6 // its judging searches take a tenth of a second each
			}
			if testing.Short() {
				count = count/5 + 1 // under the race detector: a few
			}
			for k := 0; k < count; k++ {
				o := ops.Opening(k)
				if len(o.Moves) != 6 {
					t.Fatalf("opening %d: %d plies", k, len(o.Moves))
				}
				g := movegen.NewGame(o.Start)
				for _, m := range o.Moves {
					if _, err := g.PlayText(m); err != nil {
						t.Fatalf("opening %d %v: %v", k, o.Moves, err)
					}
				}
				if !balanced(g.Position()) || g.Outcome().Over() || !judge.even(g.Position()) {
					t.Errorf("opening %d %v is not balanced: %s", k, o.Moves, g.Position().FEN())
				}
				distinct[o.Start.FEN()+strings.Join(o.Moves, " ")] = true
				if k%4 != 0 {
					continue // reproducibility, on a few: each redraws and searches again
				}
				again := RandomOpenings(v, 6, 42).Opening(k)
				if again.Start.FEN() != o.Start.FEN() || strings.Join(again.Moves, " ") != strings.Join(o.Moves, " ") {
					t.Errorf("opening %d is not reproducible", k)
				}
			}
			if len(distinct) < count*3/4 {
				t.Errorf("only %d distinct openings of %d", len(distinct), count)
			}
		})
	}
}

// TestBalanced: the sanity check rejects a side a piece up, a side in check and a side
// that can win at once.
func TestBalanced(t *testing.T) {
	for fen, want := range map[string]bool{
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1":     true,
		"rnbqkbnr/ppp1pppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1":       false, // a pawn up
		"rnbqkbnr/ppppp1pp/8/5p1Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 0 1":  false, // in check
		"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1":   true,
		"rnbqkbnr/ppppp2p/5p2/6p1/4P3/8/PPPP1PPP/RNBQKBNR w KQkq g6 0 3": false, // Qh5 mates
	} {
		p := movegen.FIDE.MustParseFEN(fen)
		if got := balanced(p); got != want {
			t.Errorf("balanced(%s) = %v", fen, got)
		}
	}
	// Hop Chess, a random opening of a match: 1.g4 e6 f3 2.Ng5 g2 Ne7 a6, and 3.Ne4 f6
	// mates (e4-f6(@)-xe8 after the placement).
	g := movegen.NewGame(movegen.HopChess.Start(nil))
	for _, m := range []string{"g2g4", "e7e6,f3", "g1g5,g2", "g8e7,a6"} {
		if _, err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	if balanced(g.Position()) {
		t.Errorf("balanced(%s): White mates at once", g.Position().FEN())
	}
	if p := movegen.HopChess.MustParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - -"); !balanced(p) {
		t.Error("the Hop Chess start is not balanced")
	}
}

// TestOpeningJudge: the short search passes the starts and rejects openings in which
// one side wins material at once though the material is still even.
func TestOpeningJudge(t *testing.T) {
	judge := newOpeningJudge()
	for _, c := range []struct {
		v     *movegen.Variant
		moves []string
		even  bool
	}{
		{movegen.FIDE, nil, true},
		{movegen.FIDE, []string{"e2e4", "e7e5"}, true},
		// 1.e4 d5 2.Qg4: the bishop takes the queen.
		{movegen.FIDE, []string{"e2e4", "d7d5", "d1g4"}, false},
		{movegen.HopChess, nil, true},
		// The opening of a match game, +10 for White by an eight-second search: the queen
		// on g5 is lost (h3-h4 hops on to take it, or d2-d4 pins it to nothing).
		{movegen.HopChess, []string{"h2h3", "e7e5,e6", "e2e3,f3", "d8g5,g6"}, false},
		{movegen.JumpingKnights, nil, true},
		{movegen.Blackhole, nil, true},
	} {
		g := movegen.NewGame(c.v.Start(nil))
		for _, m := range c.moves {
			if _, err := g.PlayText(m); err != nil {
				t.Fatalf("%s %v: %v", c.v.Name, c.moves, err)
			}
		}
		if !balanced(g.Position()) {
			t.Fatalf("%s %v: fails the sanity check already", c.v.Name, c.moves)
		}
		if got := judge.even(g.Position()); got != c.even {
			t.Errorf("%s %v: even = %v, want %v", c.v.Name, c.moves, got, c.even)
		}
	}
}

func TestReadOpenings(t *testing.T) {
	file := `# a comment, then a blank line

rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1
e2e4 e7e5 g1f3
moves d2d4
8/8/8/4k3/8/8/8/4K2R w K - 0 1 moves e1h1
`
	ops, err := ReadOpenings(strings.NewReader(file), movegen.FIDE)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct{ fen, moves string }{
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", ""},
		{startFEN, "e2e4 e7e5 g1f3"},
		{startFEN, "d2d4"},
		{"8/8/8/4k3/8/8/8/4K2R w K - 0 1", "e1g1"}, // castling written king-takes-rook, stored as the printed form
	}
	for k, w := range want {
		o := ops.Opening(k)
		if o.Start.FEN() != w.fen || strings.Join(o.Moves, " ") != w.moves {
			t.Errorf("opening %d: %s moves %v, want %s moves %s", k, o.Start.FEN(), o.Moves, w.fen, w.moves)
		}
	}
	if o := ops.Opening(len(want)); o.Start.FEN() != want[0].fen {
		t.Errorf("openings do not cycle: %s", o.Start.FEN())
	}

	for _, bad := range []struct{ file, want string }{
		{"", "no openings"},
		{"# only a comment\n", "no openings"},
		{"e2e4\ne2e5 e7e5\n", "line 2"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1\n", "line 1"},
		{"f2f3 e7e5 g2g4 d8h4\n", "already over"},
		{"f2f3 e7e5 g2g4 d8h4 a2a3\n", "after the game is over"},
		{startFEN + " moves e2e4 zz\n", "line 1"},
	} {
		_, err := ReadOpenings(strings.NewReader(bad.file), movegen.FIDE)
		if err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%q: error %v, want %q", bad.file, err, bad.want)
		}
	}
}

func FuzzReadOpenings(f *testing.F) {
	f.Add("e2e4 e7e5\n" + startFEN + " moves g1f3\n")
	f.Add("moves d2d4 d7d5\n# x\n")
	f.Add("8/8/8/4k3/8/8/8/4K2R w K - 0 1 moves e1h1")
	f.Fuzz(func(t *testing.T, s string) {
		ops, err := ReadOpenings(strings.NewReader(s), movegen.FIDE)
		if err != nil {
			return
		}
		o := ops.Opening(0)
		g := movegen.NewGame(o.Start)
		for _, m := range o.Moves {
			if _, err := g.PlayText(m); err != nil {
				t.Fatalf("accepted opening replays badly: %v", err)
			}
		}
		if g.Outcome().Over() {
			t.Fatal("accepted an opening that is over")
		}
	})
}

func TestParseTC(t *testing.T) {
	for s, want := range map[string]TimeControl{
		"10+0.1":   {Base: 10 * time.Second, Inc: 100 * time.Millisecond},
		"60":       {Base: 60 * time.Second, Inc: 0},
		"0.5+0.05": {Base: 500 * time.Millisecond, Inc: 50 * time.Millisecond},
		"1+0":      {Base: time.Second, Inc: 0},
	} {
		got, err := ParseTC(s)
		if err != nil || got != want {
			t.Errorf("ParseTC(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	for _, s := range []string{"", "+1", "0+1", "-1+0", "a+b", "1+-1", "1+x", "NaN", "1e9", "Inf+0"} {
		if _, err := ParseTC(s); err == nil {
			t.Errorf("ParseTC(%q) accepted", s)
		}
	}
	if s := (TimeControl{Base: 1500 * time.Millisecond, Inc: 20 * time.Millisecond}).String(); s != "1.5+0.02" {
		t.Errorf("TimeControl tag %q", s)
	}
}

func FuzzParseTC(f *testing.F) {
	f.Add("10+0.1")
	f.Add("1e3+1e-2")
	f.Fuzz(func(t *testing.T, s string) {
		tc, err := ParseTC(s)
		if err != nil {
			return
		}
		if tc.Base <= 0 || tc.Inc < 0 {
			t.Fatalf("%q: %v", s, tc)
		}
	})
}
