package main

import (
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"varchess/movegen"
)

// fenOf writes the position (wk, bk, bishop, knight: square numbers) with the strong side
// White, whiteToMove or not, as a FEN of s's board ('*' for the cells that are not squares).
func fenOf(s *solver, wk, bk, bishop, knight int, whiteToMove bool) string {
	g := s.g
	pieces := map[int]byte{wk: 'K', bk: 'k', bishop: 'B', knight: 'N'}
	var b strings.Builder
	for r := g.Ranks - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < g.Files; f++ {
			sq := g.Square(f, r)
			c, occupied := byte('*'), true
			if sq != movegen.NoSquare {
				c, occupied = pieces[s.number[sq]]
			}
			if !occupied {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			b.WriteByte(c)
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	if whiteToMove {
		b.WriteString(" w - - 0 1")
	} else {
		b.WriteString(" b - - 0 1")
	}
	return b.String()
}

// checkAgainstMovegen plays every legal move (movegen's, the engine's own rules) of
// random positions and checks that each solved distance is what its children say: a
// White win is one ply longer than its best move's, a Black loss one ply longer than its
// longest resistance, a mate has no move and is check; a capture of the bishop or the
// knight escapes.
func checkAgainstMovegen(t *testing.T, v *movegen.Variant, s *solver, samples int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(1, 2))
	var ml movegen.MoveList
	checked := 0
	for checked < samples {
		wk, bk, b, k := rng.IntN(s.n), rng.IntN(s.n), rng.IntN(s.n), rng.IntN(s.n)
		if !s.placeable(wk, bk, b, k) {
			continue
		}
		whiteToMove := rng.IntN(2) == 0
		if whiteToMove && s.attacked(bk, wk, b, k) {
			continue // Black in check with White to move: not a position
		}
		fen := fenOf(s, wk, bk, b, k, whiteToMove)
		p, err := v.ParseFEN(fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		got, won, err := s.plies(p)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		ml.Reset()
		p.LegalMoves(&ml)
		best, escaped := -1, false // White: the shortest win; Black: the longest loss
		for _, m := range ml.Moves() {
			q := *p
			q.Apply(m)
			d, childWon, err := s.plies(&q)
			switch {
			case err != nil: // a capture: K+minor v K
				escaped = true
			case !childWon:
				escaped = true
			case whiteToMove && (best < 0 || d < best):
				best = d
			case !whiteToMove && d > best:
				best = d
			}
		}
		switch {
		case !whiteToMove && ml.Len() == 0:
			if won != p.InCheck() || won && got != 0 {
				t.Fatalf("%s: no move, in check %v; solved won %v in %d", fen, p.InCheck(), won, got)
			}
		case whiteToMove:
			if won != (best >= 0) || won && got != best+1 {
				t.Fatalf("%s: solved won %v in %d; best move mates in %d plies", fen, won, got, best)
			}
		default:
			if won != !escaped || won && got != best+1 {
				t.Fatalf("%s: solved lost %v in %d; an escape %v, the longest resistance %d", fen, won, got, escaped, best)
			}
		}
		checked++
	}
}

// TestFIDEBoard: the solve of FIDE chess's board agrees with the known ending (the
// longest win is a mate in 33 moves, 65 plies, for either bishop) and, position by
// position, with movegen's moves.
func TestFIDEBoard(t *testing.T) {
	if testing.Short() {
		t.Skip("solves 5 x 10^7 positions (fifteen seconds)")
	}
	v := movegen.ByName("normal")
	s := newSolver(v)
	s.solve()
	for _, light := range []bool{false, true} {
		if st := s.stats(light); st.longest != 65 || st.won == 0 || st.won >= st.legal {
			t.Errorf("light bishop %v: %+v, want the longest win 65 plies and some draws", light, st)
		}
	}
	for _, c := range []struct {
		fen   string
		plies int // -1: not won
	}{
		{"7k/4N3/6K1/8/5B2/8/8/8 w - - 0 1", 1},  // Be5 mates
		{"7k/4N3/6K1/8/5B2/8/8/8 b - - 0 1", -1}, // stalemate
		{"7k/4N3/6K1/4B3/8/8/8/8 b - - 0 1", 0},  // mated
		{"8/8/8/8/8/8/1k6/BN2K3 b - - 0 1", -1},  // Kxb1 or Kxa1: a piece falls
	} {
		p, err := v.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		got, won, err := s.plies(p)
		if err != nil || won != (c.plies >= 0) || won && got != c.plies {
			t.Errorf("%s: won %v in %d (%v), want %d", c.fen, won, got, err, c.plies)
		}
	}
	checkAgainstMovegen(t, v, s, 3000)
	// -play's line: the engine mates K+B+N v K at 3000 nodes a move, the distance
	// printed before each of White's moves, from the solve's 59.
	p, err := v.ParseFEN("8/8/8/4k3/8/8/8/1N2KB2 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if line := s.playLine(p, 3000); !strings.HasPrefix(line, " 59 ") || !strings.HasSuffix(line, " 1 (1-0, checkmate)") {
		t.Errorf("playLine: %q", line)
	}
}

// TestBlackHoleBoard checks the board's tables: the hole stops the bishop, not the
// knight, and the shelter e0 is a square with three neighbours.
func TestBlackHoleBoard(t *testing.T) {
	v := movegen.ByName("blackhole")
	s := newSolver(v)
	g := v.Geometry
	sq := func(name string) int {
		q, _, ok := g.ParseSquare(name)
		if !ok {
			t.Fatalf("no square %s", name)
		}
		return s.number[q]
	}
	if n := len(s.king[sq("e0")]); n != 3 {
		t.Errorf("e0 has %d king steps, want 3 (d1, e1, f1)", n)
	}
	reaches := func(from, to string) bool {
		for _, ray := range s.rays[sq(from)] {
			for _, x := range ray {
				if x == sq(to) {
					return true
				}
			}
		}
		return false
	}
	if reaches("d5", "f7") || !reaches("d5", "c6") || !reaches("e0", "a4") || !reaches("d6", "e7") {
		t.Error("bishop lines: want d5-f7 cut by the hole, d5-c6, e0-a4 and d6-e7 open")
	}
	knight := false
	for _, x := range s.knight[sq("d5")] {
		knight = knight || x == sq("e7")
	}
	if !knight {
		t.Error("the knight leaps d5-e7 over the hole")
	}
	if os.Getenv("KBNK_LONG") == "" {
		t.Skip("KBNK_LONG=1 solves the board (2 x 10^8 positions, two minutes, 300 MB)")
	}
	s.solve()
	// search/testdata/endgames.txt's figures.
	for light, want := range map[bool]int{false: 75, true: 91} {
		if st := s.stats(light); st.longest != want {
			t.Errorf("light bishop %v: the longest win %d plies, want %d", light, st.longest, want)
		}
	}
	for fen, want := range map[string]int{
		"****1****/9/9/9/9/9/4*4/4k4/9/9/9/1N2KB3/****1**** w - - 0 1":  79,
		"****1****/9/9/9/9/9/4*4/4k4/9/9/9/2B1K1N2/****1**** w - - 0 1": 67,
	} {
		p, err := v.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		if got, won, err := s.plies(p); err != nil || !won || got != want {
			t.Errorf("%s: won %v in %d (%v), want %d", fen, won, got, err, want)
		}
	}
	checkAgainstMovegen(t, v, s, 3000)
}
