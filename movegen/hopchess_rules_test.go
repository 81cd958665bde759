package movegen

import (
	"strings"
	"testing"
)

// The rules of hopchess.md, one test each, on hand-built positions.

// hopTurnSets lists the piece-move parts (before the comma) of p's legal turns, and the
// complete turn texts.
func hopTurnSets(t *testing.T, fen string) (p *Position, piece, turns map[string]bool) {
	t.Helper()
	p, err := HopChess.ParseFEN(fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	piece, turns = map[string]bool{}, map[string]bool{}
	for _, s := range hopMoveTexts(p) {
		if turns[s] {
			t.Errorf("%s: turn %s listed twice", fen, s)
		}
		turns[s] = true
		pm, _, _ := strings.Cut(s, ",")
		piece[pm] = true
	}
	return p, piece, turns
}

// expectMoves checks that the moves in want are (and those in not are not) in the set.
func expectMoves(t *testing.T, fen string, set map[string]bool, want, not []string) {
	t.Helper()
	for _, s := range want {
		if !set[s] {
			t.Errorf("%s: %s missing", fen, s)
		}
	}
	for _, s := range not {
		if set[s] {
			t.Errorf("%s: %s listed, the rules forbid it", fen, s)
		}
	}
}

func TestHopFENRoundTrip(t *testing.T) {
	for _, fen := range []string{
		HopChess.StartFEN,
		"r1bqkbnr/pp2pppp/2np4/2p5/8/6P1/PPPPPPBP/RNBQK1NR b KQkq - 0 1 d4 f5",
		"r1bqkbnr/pp2pppp/2np4/2p5/8/6P1/PPPPPPBP/RNBQK1NR w KQkq - 0 1 d4 f5",
		"r1b1k3/3p1p1p/8/pB2N3/8/K7/P4PPP/R5NR b - - 0 17 e1 b4",
		"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 30 d6 -",
		"4k3/8/8/8/8/8/8/R3K3 b - - 0 40 - e5",
	} {
		p, err := HopChess.ParseFEN(fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		if got := p.FEN(); got != fen {
			t.Errorf("round trip: got %q, want %q", got, fen)
		}
	}
	// The trampolines are part of the position: its hash and FEN.
	a := HopChess.MustParseFEN("4k3/8/8/8/8/8/8/R3K3 b - - 0 40 a5 e5")
	b := HopChess.MustParseFEN("4k3/8/8/8/8/8/8/R3K3 b - - 0 40 a5 e6")
	c := HopChess.MustParseFEN("4k3/8/8/8/8/8/8/R3K3 b - - 0 40 e5 a5")
	if a.Hash() == b.Hash() || a.Hash() == c.Hash() {
		t.Error("positions that differ only in the trampolines have one hash")
	}
	if p := HopChess.MustParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"); p.FEN() != HopChess.StartFEN {
		t.Errorf("missing trampoline fields read as %s, want both off the board", p.FEN())
	}
	for fen, want := range map[string]string{
		"4k3/8/8/8/8/8/8/R3K3 b - - 0 40 a5":       "two trampoline fields",
		"4k3/8/8/8/8/8/8/R3K3 b - - 0 40 a5 e5 e6": "two trampoline fields",
		"4k3/8/8/8/8/8/8/R3K3 b - - 0 40 a1 e5":    "holds a piece",
		"4k3/8/8/8/8/8/8/R3K3 b - - 0 40 e5 e5":    "both trampolines",
		"4k3/8/8/8/8/8/8/R3K3 b - - 0 40 i9 e5":    "trampoline square",
		"4k3/8/8/8/8/8/8/R3K3 b - - 0 40 a5 e":     "trampoline square",
		// White to move while Black stands in check through White's trampoline.
		"4k3/8/8/8/8/8/8/R3K3 w - - 0 40 a8 -": "in check",
	} {
		if _, err := HopChess.ParseFEN(fen); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseFEN(%q) = %v, want an error about %q", fen, err, want)
		}
	}
}

// TestHopFirstTurn: White's very first turn is a piece move only; every other turn places
// the mover's trampoline, Black's first included, and a set-up position with White's
// trampoline on the board at move 1 too.
func TestHopFirstTurn(t *testing.T) {
	p, _, turns := hopTurnSets(t, HopChess.StartFEN)
	if len(turns) != 20 {
		t.Errorf("start: %d turns, want the 20 piece moves", len(turns))
	}
	for s := range turns {
		if strings.Contains(s, ",") {
			t.Errorf("start: %s places a trampoline", s)
		}
	}
	if _, err := p.ParseMove("e2e4,d5"); err == nil {
		t.Error("e2e4,d5 accepted on White's first turn")
	}
	p.Apply(mustMove(t, p, "e2e4"))
	if p.Trampoline(White) != NoSquare {
		t.Error("White's first turn put its trampoline on the board")
	}
	for _, s := range hopMoveTexts(p) {
		if !strings.Contains(s, ",") {
			t.Errorf("Black's first turn %s places no trampoline", s)
		}
	}
	if _, err := p.ParseMove("g8f6"); err == nil {
		t.Error("Black's g8f6 without a placement accepted")
	}
	p.Apply(mustMove(t, p, "g8f6,d5"))
	if p.Trampoline(Black) != p.Geometry().SquareByName("d5") {
		t.Error("Black's trampoline not on d5")
	}
	_, _, turns = hopTurnSets(t, "r1bqkbnr/pp2pppp/2np4/2p5/8/6P1/PPPPPPBP/RNBQK1NR w KQkq - 0 1 d4 f5")
	expectMoves(t, "example, White", turns, []string{"g1f3,d4", "g1f3,e4"}, []string{"g1f3"})
}

func mustMove(t *testing.T, p *Position, s string) Move {
	t.Helper()
	m, err := p.ParseMove(s)
	if err != nil {
		t.Fatalf("%s in %s: %v", s, p.FEN(), err)
	}
	return m
}

// TestHopBounceAnyDirection: a piece ending on a trampoline (either colour) moves on with its
// own kind of move in any direction; it passes over trampolines; it never ends on one.
func TestHopBounceAnyDirection(t *testing.T) {
	const fen = "7k/8/8/8/8/8/8/R2QK1N1 w - - 0 10 a4 f3"
	p, piece, _ := hopTurnSets(t, fen)
	expectMoves(t, fen, piece,
		[]string{
			"a1h4", "a1b4", // a1-a4(@) then along the fourth rank
			"a1a5", "a1a8", // over the trampoline
			"g1e5", "g1d4", "g1h4", "g1d2", // g1-f3(#) then any knight leap
			"g1e2", "g1h3",
		},
		[]string{"a1a4", "g1f3", "g1g1", "e1f1x"})
	// Never ends on a trampoline, whoever's.
	var ml MoveList
	p.LegalMoves(&ml)
	for _, m := range ml.Moves() {
		if to := m.To(); to == p.Trampoline(White) || to == p.Trampoline(Black) {
			t.Errorf("%s ends on a trampoline", p.MoveText(m))
		}
	}
	// The rules' example: Bc8-f5-e4 (a bishop changes diagonal) and two hops Nc6-d4-f5:g3.
	const ex = "r1bqkbnr/pp2pppp/2np4/2p5/8/6P1/PPPPPPBP/RNBQK1NR b KQkq - 0 1 d4 f5"
	_, piece, _ = hopTurnSets(t, ex)
	expectMoves(t, ex, piece, []string{"c8e4", "c6g3"}, nil)
	_, piece, _ = hopTurnSets(t, strings.Replace(ex, " b ", " w ", 1))
	expectMoves(t, ex, piece, []string{"d2c5"}, nil) // d2-d4(@):c5
}

// TestHopQueenKeepsLine: a queen goes on along the kind of line she arrived on.
func TestHopQueenKeepsLine(t *testing.T) {
	const fen = "7k/8/8/8/8/8/8/R2QK1N1 w - - 0 10 a4 f3"
	_, piece, _ := hopTurnSets(t, fen)
	expectMoves(t, fen, piece,
		[]string{
			"d1e4", // d1-f3(#) diagonally, on diagonally to e4
			"d1b5", // d1-a4(@) diagonally, on to b5
		},
		[]string{
			"d1f5", // from f3 orthogonally: forbidden after a diagonal arrival
			"d1a5", // from a4 orthogonally: forbidden
		})
	// Orthogonal arrival, orthogonal continuation only.
	const fen2 = "7k/8/8/8/8/8/8/3QK3 w - - 0 10 d4 -"
	_, piece, _ = hopTurnSets(t, fen2)
	expectMoves(t, fen2, piece, []string{"d1h4", "d1a4"}, []string{"d1g7", "d1a7", "d1c5"})
}

// TestHopTrampolineOncePerMove: a route may not use a trampoline twice (so a move has at
// most two hops), and never ends where it started; passing over the start is fine.
func TestHopTrampolineOncePerMove(t *testing.T) {
	const fen = "3k4/8/8/8/8/R7/8/4K1N1 w - - 0 10 a5 f3"
	p, piece, _ := hopTurnSets(t, fen)
	expectMoves(t, fen, piece, []string{"a3a1", "a3h5", "g1e5"}, []string{"a3a3", "g1g1"})
	for _, c := range []struct {
		route string
		ok    bool
	}{
		{"a3a5a1,h8", true},    // a3-a5(@), back down over its own start square
		{"a3a5h5,h8", true},    // a3-a5(@)-h5
		{"a3a5a3,h8", false},   // ends where it started
		{"g1f3g1,h8", false},   // ends where it started
		{"g1f3e5,h8", true},    // g1-f3(#)-e5
		{"g1f3e5d3,h8", false}, // e5 is no trampoline
		{"a3a4a1,h8", false},   // a4 is no trampoline
	} {
		_, err := p.ParseMove(c.route)
		if (err == nil) != c.ok {
			t.Errorf("%s: route %s: error %v, want ok %v", fen, c.route, err, c.ok)
		}
	}
	// Two trampolines on one rank: a1-a4(@)-h4(#)-h-file; the route may not come back to a4.
	const two = "3k4/8/8/8/8/8/8/R3K3 w - - 0 10 a4 h4"
	p, piece, _ = hopTurnSets(t, two)
	expectMoves(t, two, piece, []string{"a1h2", "a1h7"}, []string{"a1a4", "a1h4"})
	for _, c := range []struct {
		route string
		ok    bool
	}{
		{"a1a4h4h2,b2", true},
		{"a1a4h4a4a8,b2", false}, // a4 twice
		{"a1a8,b2", true},
	} {
		_, err := p.ParseMove(c.route)
		if (err == nil) != c.ok {
			t.Errorf("%s: route %s: error %v, want ok %v", two, c.route, err, c.ok)
		}
	}
}

// TestHopKing: kings never step onto a trampoline and never hop.
func TestHopKing(t *testing.T) {
	const fen = "3k4/8/8/8/8/8/4P3/4K3 w - - 0 10 d2 f1"
	_, piece, _ := hopTurnSets(t, fen)
	expectMoves(t, fen, piece, []string{"e1d1", "e1f2"}, []string{"e1d2", "e1f1", "e1c3", "e1g1"})
}

// TestHopCastling: no castling across a trampoline (any square strictly between king and
// rook), the king's square and crossed square judged at the start of the turn with both
// trampolines where they stand, the destination after the placement.
func TestHopCastling(t *testing.T) {
	for _, c := range []struct {
		fen       string
		want, not []string
	}{
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 10 b1 h5", []string{"e1g1"}, []string{"e1c1"}},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 10 a3 c1", []string{"e1g1"}, []string{"e1c1"}},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 10 a3 g1", []string{"e1c1"}, []string{"e1g1"}},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 10 a3 f8", []string{"e8c8"}, []string{"e8g8"}},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 10 a3 h5", []string{"e1g1", "e1c1"}, nil},
		// In check only through its own trampoline (h6-d2(@)-e1): no castling.
		{"4k3/8/7b/8/8/8/PPP2PPP/R3K2R w KQ - 0 10 d2 -", []string{"a2a3"}, []string{"e1g1", "e1c1"}},
		// Same without the trampoline: castling short; long lands on c1, attacked.
		{"4k3/8/7b/8/8/8/PPP2PPP/R3K2R w KQ - 0 10 a6 -", []string{"e1g1"}, []string{"e1c1"}},
		// The crossed square f1 is attacked through White's own trampoline (h3-g2(@)-f1)
		// at the start of the turn: no castling, though the placement would move it away.
		{"4k3/8/8/8/8/7b/PPP2P1P/R3K2R w KQ - 0 10 g2 -", []string{"e1c1"}, []string{"e1g1"}},
	} {
		_, piece, _ := hopTurnSets(t, c.fen)
		expectMoves(t, c.fen, piece, c.want, c.not)
	}
	// The destination is judged after the placement: the castled king on g1 would be
	// reached by f4-h3(@)-g1, so e1g1 may not put the trampoline on h3.
	const dst = "4k3/8/8/8/5n2/8/PPP3PP/R3K2R w KQ - 0 10 a6 -"
	_, _, turns := hopTurnSets(t, dst)
	expectMoves(t, dst, turns, []string{"e1g1,a6", "e1g1,f3"}, []string{"e1g1,h3"})
}

// TestHopPawns: a pawn ending a step on a trampoline goes on as a pawn (one step or a
// capture, no second double step); a double step may pass over a trampoline; the route is
// written for e2-e3(@)-e4, which is not the double step e2e4.
func TestHopPawns(t *testing.T) {
	const fen = "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 10 e3 h6"
	p, piece, _ := hopTurnSets(t, fen)
	expectMoves(t, fen, piece,
		[]string{"e2e4", "e2e3e4", "e2d4"},
		[]string{"e2e3", "e2e5", "e2f4", "e2e3e5"})
	// The plain double step leaves an en passant square, the hop does not.
	for mv, ep := range map[string]string{"e2e4,a6": "e3", "e2e3e4,a6": "-"} {
		c := *p
		c.Apply(mustMove(t, p, mv))
		if f := strings.Fields(c.FEN()); f[3] != ep {
			t.Errorf("after %s the en passant field is %s, want %s", mv, f[3], ep)
		}
	}
	// A double step onto a trampoline goes on (the sample's 7...c:d4 = c7-c5(#):d4).
	const dbl2 = "4k3/2p5/8/8/3Q4/8/8/4K3 b - - 0 10 a1 c5"
	_, piece, _ = hopTurnSets(t, dbl2)
	expectMoves(t, dbl2, piece, []string{"c7d4", "c7c4", "c7c6"}, []string{"c7c5", "c7c3"})
}

// TestHopPromotion: a pawn promotes on reaching the last rank; on a trampoline the new
// piece must go on (a queen orthogonally: she arrived by a straight step), and the move is
// written with the pawn's square, the final square and the new piece.
func TestHopPromotion(t *testing.T) {
	const fen = "8/1P6/8/8/7k/8/8/4K3 w - - 0 10 b8 h6"
	p, piece, _ := hopTurnSets(t, fen)
	expectMoves(t, fen, piece,
		[]string{"b7d8q", "b7h8r", "b7d6b", "b7h2b", "b7c6n", "b7b1q", "b7b1r"},
		[]string{"b7b8q", "b7b8n", "b7d6q", "b7a7q", "b7b7q", "b7b7r"})
	expectMoves(t, fen, piece, []string{"b7a8q", "b7a7b"}, nil)
	if m, err := p.ParseMove("b7b8d6b,a1"); err != nil || p.MoveText(m) != "b7d6b,a1" {
		t.Errorf("route b7b8d6b,a1: %v %v", p.MoveText(m), err)
	}
	c := *p
	c.Apply(mustMove(t, p, "b7d6b,a1"))
	if c.At(c.Geometry().SquareByName("d6")) != MakePiece(White, Bishop) || c.Count(White, Pawn) != 0 {
		t.Errorf("after b7d6b: %s", c.FEN())
	}
	// A plain promotion without a trampoline.
	_, piece, _ = hopTurnSets(t, "8/1P6/8/8/7k/8/8/4K3 w - - 0 10 a1 h6")
	expectMoves(t, "no trampoline", piece, []string{"b7b8q", "b7b8n"}, []string{"b7d8q"})
}

// TestHopEnPassant: only a plain double step can be taken, only by a plain diagonal step,
// and not while a trampoline stands on the passed square.
func TestHopEnPassant(t *testing.T) {
	// Plain: White takes e5xd6.
	_, piece, _ := hopTurnSets(t, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 30 a1 -")
	expectMoves(t, "plain", piece, []string{"e5d6"}, nil)
	// A trampoline on d6 forbids it.
	_, piece, _ = hopTurnSets(t, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 30 d6 -")
	expectMoves(t, "trampoline on d6", piece, []string{"e5e6"}, []string{"e5d6"})
	// Black's d7-d6(#)-d5 is no double step: no en passant, unlike d7d5 over the trampoline;
	// and the double-stepper may put his trampoline on the passed square.
	p := HopChess.MustParseFEN("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 10 a1 d6")
	for mv, want := range map[string]bool{"d7d5,h8": true, "d7d6d5,h8": false, "d7d5,d6": false} {
		c := *p
		c.Apply(mustMove(t, p, mv))
		_, piece, _ := hopTurnSets(t, c.FEN())
		if piece["e5d6"] != want {
			t.Errorf("after %s: e5d6 listed %v, want %v (%s)", mv, piece["e5d6"], want, c.FEN())
		}
	}
	// The capture must be a plain step: e4-e5(@) then "en passant" on d6 is no move.
	const hop = "4k3/8/8/3p4/4P3/8/8/4K3 w - d6 0 10 e5 -"
	_, piece, _ = hopTurnSets(t, hop)
	expectMoves(t, hop, piece, []string{"e4d5", "e4e6"}, []string{"e4d6", "e4f6"})
	// After the en passant capture the captured pawn is gone and the trampoline may go
	// on the square it left.
	p = HopChess.MustParseFEN("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 30 a1 -")
	p.Apply(mustMove(t, p, "e5d6,d5"))
	if got := p.FEN(); got != "4k3/8/3P4/8/8/8/8/4K3 b - - 0 30 d5 -" {
		t.Errorf("after e5d6,d5: %s", got)
	}
}

// TestHopCheckThroughTrampolines: checks through one or both trampolines, given and parried
// by placements; a placement that lets an enemy piece reach one's own king is illegal.
func TestHopCheckThroughTrampolines(t *testing.T) {
	for _, c := range []struct {
		fen  string
		want bool
	}{
		{"4k3/8/8/8/8/8/8/R3K3 b - - 0 40 a8 -", true},  // a1-a8(@)-e8
		{"4k3/8/8/8/8/8/8/R3K3 b - - 0 40 - a8", true},  // through Black's own trampoline
		{"4k3/8/8/8/8/8/8/R3K3 b - - 0 40 a5 e5", true}, // a1-a5(@)-e5(#)-e8
		{"4k3/8/8/8/8/8/8/R3K3 b - - 0 40 a5 d5", false},
		{"4k3/8/8/8/8/8/8/R3K3 b - - 0 40 a5 -", false},
		{"8/8/8/5k2/8/8/8/N3K3 b - - 0 40 b3 d4", true}, // a1-b3(@)-d4(#)-f5
		{"8/8/8/5k2/8/8/8/N3K3 b - - 0 40 b3 -", false},
		{"8/8/8/5k2/8/8/8/N3K3 b - - 0 40 - d4", false},
		{"8/8/3k4/8/2P5/8/8/4K3 b - - 0 40 c5 -", true}, // c4-c5(@) takes d6
		{"8/8/3k4/8/2P5/8/8/4K3 b - - 0 40 a5 -", false},
		{"8/8/8/3k4/8/8/2P5/4K3 b - - 0 40 c4 -", true},  // c2-c4(@) takes d5
		{"8/8/3k4/8/8/2P5/8/4K3 b - - 0 40 c4 c5", true}, // c3-c4(@)-c5(#) takes d6
		{"8/8/3k4/8/8/2P5/8/4K3 b - - 0 40 c5 c4", true}, // the same, other colours
		{"8/8/3k4/8/8/2P5/8/4K3 b - - 0 40 c4 -", false},
		{"7k/8/8/8/8/8/8/K7 b - - 0 40 a8 b8", false}, // kings never hop
	} {
		if got := HopChess.MustParseFEN(c.fen).InCheck(); got != c.want {
			t.Errorf("%s: check %v, want %v", c.fen, got, c.want)
		}
	}
	// Parrying by moving one's own trampoline away.
	const fen = "4k3/8/8/8/8/8/8/R3K3 b - - 0 40 a5 e5"
	_, _, turns := hopTurnSets(t, fen)
	expectMoves(t, fen, turns, []string{"e8e7,h1", "e8d8,e5", "e8f8,e5"}, []string{"e8e7,e5", "e8d8,d1"})
	// Placements that open a pawn route through both trampolines: c3-c4(@)-c5(#)xd6, or
	// c3-c4(#)-c5(@)xd6.
	const pawn = "8/7p/3k4/8/8/2P5/8/4K3 b - - 0 40 c4 a1"
	_, _, turns = hopTurnSets(t, pawn)
	expectMoves(t, pawn, turns, []string{"h7h6,b5", "h7h6,a1"}, []string{"h7h6,c5"})
	const pawn2 = "8/7p/3k4/8/8/2P5/8/4K3 b - - 0 40 c5 a1"
	_, _, turns = hopTurnSets(t, pawn2)
	expectMoves(t, pawn2, turns, []string{"h7h6,b4", "h7h6,a1"}, []string{"h7h6,c4"})
	// A placement may not let an enemy reach one's own king: a2-a1(@)-e1 or a2-e2(@)-e1.
	const self = "4k3/8/8/8/8/8/r7/4K3 w - - 0 40 - -"
	_, _, turns = hopTurnSets(t, self)
	expectMoves(t, self, turns, []string{"e1f1,e2", "e1d1,e2", "e1f1,h8"}, []string{"e1f1,a1", "e1d1,a1", "e1e2,h8"})
}

// TestHopGameEnds: mate (here through a trampoline), stalemate, the 50-move rule (a
// placement does not reset it), threefold repetition (trampoline squares included), and
// the dead positions kept from FIDE.
func TestHopGameEnds(t *testing.T) {
	for _, c := range []struct {
		fen    string
		result Result
		reason string
	}{
		{"6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 30 a8 -", WhiteWins, "checkmate"}, // a1-a8(@)-g8
		{"6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 30 a7 -", Ongoing, ""},
		{"R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 30 - -", WhiteWins, "checkmate"},
		{"k7/2Q5/1K6/8/8/8/8/8 b - - 0 50 - -", Draw, "stalemate"},
		{"k7/2Q5/1K6/8/8/8/8/8 b - - 0 50 c8 -", WhiteWins, "checkmate"}, // the same, but c7-c8(@)-a8 checks
		{"k7/8/8/8/8/8/8/K6R b - - 100 80 - -", Draw, "fifty-move rule"},
		{"k7/8/8/8/8/8/8/K7 b - - 0 80 - -", Draw, "insufficient material"},
		{"k1b5/8/8/8/8/8/8/K6B b - - 0 80 - -", Draw, "insufficient material"},
		{"k7/8/8/8/8/8/8/KN6 b - - 0 80 - -", Ongoing, ""},             // a knight may mate through a trampoline:
		{"k7/8/NK6/8/8/8/8/8 b - - 0 80 c7 -", WhiteWins, "checkmate"}, // a6-c7(@)-a8
	} {
		o := HopChess.MustParseFEN(c.fen).Status()
		if c.result == Ongoing && o.Over() || c.result != Ongoing && (o.Result != c.result || o.Reason != c.reason) {
			t.Errorf("%s: got %v %q, want %v %q", c.fen, o.Result, o.Reason, c.result, c.reason)
		}
	}
	// The 50-move clock counts turns whose piece move is neither a capture nor a pawn move,
	// whatever the trampoline does.
	p := HopChess.MustParseFEN("k7/8/8/8/8/8/8/K6R b - - 99 80 - -")
	p.Apply(mustMove(t, p, "a8b8,c3"))
	if p.HalfmoveClock() != 100 || p.Status().Reason != "fifty-move rule" {
		t.Errorf("after a8b8,c3: clock %d, status %v", p.HalfmoveClock(), p.Status())
	}
	// Threefold repetition with the trampolines standing still; a trampoline on another
	// square is another position.
	moves := strings.Fields("g1f3 g8f6,d5 f3g1,a3 f6g8,d5 g1f3,a3 g8f6,d5 f3g1,a3 f6g8,d5 g1f3,a3 g8f6,d5")
	g := NewGame(HopChess.Start(nil))
	for i, mv := range moves {
		if o := g.Outcome(); o.Over() {
			t.Fatalf("game over after %d turns: %v", i, o)
		}
		if _, err := g.PlayText(mv); err != nil {
			t.Fatal(err)
		}
	}
	alt := *g
	alt.positions = append([]Position(nil), g.positions...)
	alt.moves = append([]Move(nil), g.moves...)
	if _, err := g.PlayText("f3g1,a3"); err != nil {
		t.Fatal(err)
	}
	if o := g.Outcome(); o.Result != Draw || o.Reason != "threefold repetition" {
		t.Errorf("third occurrence: %v, want threefold repetition", o)
	}
	if _, err := alt.PlayText("f3g1,b3"); err != nil {
		t.Fatal(err)
	}
	if o := alt.Outcome(); o.Over() {
		t.Errorf("trampoline on b3 instead of a3: %v, want the game going on", o)
	}
}

// TestHopWidePositionsDoNotCrash: positions no game reaches (twenty queens) may have more
// turns than a move list holds; the list is cut at its capacity, and nothing crashes.
func TestHopWidePositionsDoNotCrash(t *testing.T) {
	for _, fen := range []string{
		"kb6/pp6/Q1R5/8/3Q3Q/1B6/Q2Q3Q/K2R3N w - - 0 10 - -",
		"kb6/pp6/QQQQQQQQ/8/QQQQQQQQ/8/QQQQ4/K7 w - - 0 10 a5 b5",
	} {
		p, err := HopChess.ParseFEN(fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		var ml MoveList
		p.LegalMoves(&ml)
		if ml.Len() == 0 || ml.Len() > MaxMoves {
			t.Errorf("%s: %d turns", fen, ml.Len())
		}
		for _, m := range ml.Moves() {
			c := *p
			c.Apply(m)
		}
	}
}

// TestHopPromotedPieceCrossesItsStart: a pawn promoted on a trampoline is a new piece that
// may come back over the square the pawn left: g7-g8(#)=Q-g6 checks, so Black may not put
// its trampoline on g8 (found by the slow generator in a random game).
func TestHopPromotedPieceCrossesItsStart(t *testing.T) {
	const fen = "r1b5/2q3Pr/nppp1nk1/1B2pp2/5Pp1/2P1P3/PP1P3P/RNB1K1NR b KQ - 0 17 h3 d3"
	checkAgainstOracle(t, fen)
	_, _, turns := hopTurnSets(t, fen)
	expectMoves(t, fen, turns, []string{"a8b8,f8"}, []string{"a8b8,g8"})
	if !HopChess.MustParseFEN("8/6P1/6k1/8/8/8/8/4K3 b - - 0 40 a1 g8").InCheck() {
		t.Error("g7-g8(#)=Q-g6 is no check")
	}
	if !HopChess.MustParseFEN("8/8/6P1/6k1/8/8/8/4K3 b - - 0 40 g7 g8").InCheck() {
		t.Error("g6-g7(@)-g8(#)=Q-g5 is no check")
	}
	// Black's trampoline on g8 in front of the g7 pawn: every placement is tested.
	checkAgainstOracle(t, "4k3/6P1/8/8/8/8/2K5/8 b - - 0 40 a1 g8")
	checkAgainstOracle(t, "4k3/8/6P1/8/8/8/2K5/8 b - - 0 40 g8 a1")
	checkAgainstOracle(t, "8/6P1/8/6k1/8/8/2K5/8 b - - 0 40 a1 h2")
}
