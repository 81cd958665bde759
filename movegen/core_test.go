package movegen

import (
	"slices"
	"testing"
)

func TestRandomWalkNormal(t *testing.T) {
	randomWalk(t, FIDE, FIDE.StartFEN, 40, 300, 1)
	randomWalk(t, FIDE, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 40, 200, 2)
}

func TestFENRoundTripNormal(t *testing.T) {
	for _, fen := range []string{
		FIDE.StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
		"8/8/8/8/8/8/8/K6k b - - 99 140",
		"r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1",
	} {
		checkFENRoundTrip(t, FIDE, fen)
	}
}

func TestFENDefaultsAndErrors(t *testing.T) {
	p, err := FIDE.ParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w")
	if err != nil || p.FEN() != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1" {
		t.Errorf("short FEN: %v %v", p, err)
	}
	bad := map[string]string{
		"":                                     "empty",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w": "ranks",
		"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w":            "empty-square count",
		"rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w":            "cells",
		"rnbqkbnx/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w":            "unknown piece",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x":            "side to move",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w":            "no white king",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3":    "en passant",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1": "halfmove",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w K":          "castling",
		"4k3/8/8/8/8/8/8/4K2R w - - 0 1 extra":                     "unexpected field",
		"4k3/8/8/8/8/8/4r3/4K3 b - - 0 1":                          "not to move is in check",
		"P3k3/8/8/8/8/8/8/4K3 w - - 0 1":                           "promotion rank",
		"4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1":                         "no pieces in hand",
		"4*k3/8/8/8/8/8/8/4K3 w - - 0 1":                           "'*'",
		"kk6/8/8/8/8/8/8/4K3 w - - 0 1":                            "two black kings",
	}
	for fen, want := range bad {
		checkFENError(t, FIDE, fen, want)
	}
}

// FuzzFEN checks that no input crashes the FEN reader, that whatever it accepts writes
// out to a FEN that reads back to the same position, and that its moves keep it sound.
func FuzzFEN(f *testing.F) {
	for _, v := range All {
		f.Add(v.Name, v.StartFEN)
	}
	f.Add("normal", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	f.Add("normal", "8/8/8/8/8/8/8/8[] w - - 999999999999999999999 0")
	f.Add("normal", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha e3e4 0 1")
	f.Fuzz(func(t *testing.T, name, fen string) {
		v := ByName(name)
		if v == nil {
			v = FIDE
		}
		checkFENFuzz(t, v, fen)
	})
}

// FuzzParseMove checks that no move text crashes the parser, and that what it accepts
// prints back to the same text or to another accepted spelling of the same move.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"e2e4", "e1g1", "e1h1", "e7e8q", "", "0000", "N@b1", "g8d2,d2c0", "e2e4,d5", "a1a10", "zz99"} {
		f.Add(s)
	}
	p := FIDE.MustParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	f.Fuzz(func(t *testing.T, s string) { checkMoveTextRoundTrip(t, p, s) })
}

// TestHotPathDoesNotAllocate guards the rule that generating and playing moves never
// touches the heap.
func TestHotPathDoesNotAllocate(t *testing.T) {
	for _, v := range All {
		checkGenApplyNoAllocs(t, v.Name, v.Start(nil), 100)
	}
	// Pins, en passant and castling take the legality test's slow path (a copy-make).
	p := FIDE.MustParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	var ml MoveList
	checkNoAllocs(t, "normal, a position with pins: generation", 100, func() { ml.Reset(); p.LegalMoves(&ml) })
}

func TestGameEndsNormal(t *testing.T) {
	cases := []struct {
		fen    string
		result Result
		reason string
	}{
		{"7k/5QQ1/8/8/8/8/8/K7 b - - 0 1", WhiteWins, "checkmate"},
		{"k7/8/1Q6/8/8/8/8/K7 b - - 0 1", Draw, "stalemate"},
		{"k7/8/8/8/8/8/8/K6R b - - 100 80", Draw, "fifty-move rule"},
		{"k7/8/8/8/8/8/8/K6B b - - 0 1", Draw, "insufficient material"},
		{"k1b5/8/8/8/8/8/8/K6B b - - 0 1", Draw, "insufficient material"}, // both bishops on light squares
		{"kb6/8/8/8/8/8/8/K6B b - - 0 1", Ongoing, ""},
		{"k7/8/8/8/8/8/8/KN4N1 b - - 0 1", Ongoing, ""},
	}
	for _, c := range cases {
		checkOutcome(t, c.fen, FIDE.MustParseFEN(c.fen).Status(), c.result, c.reason)
	}
	// Threefold repetition by knights going back and forth.
	g := NewGame(FIDE.Start(nil))
	checkThreefold(t, g, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8")
	g.Undo()
	if o := g.Outcome(); o.Over() {
		t.Errorf("after undo: %v, want the game going on", o)
	}
}

func TestParseMoveForms(t *testing.T) {
	p := FIDE.MustParseFEN("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	for _, s := range []string{"e1g1", "e1h1", "e1c1", "e1a1"} {
		m, err := p.ParseMove(s)
		if err != nil || m.Kind() != Castle {
			t.Errorf("%s: %v, %v: want castling", s, m, err)
		}
	}
	for _, s := range []string{"e1e3", "e2e4", "castle", "e1g1q", "  "} {
		if _, err := p.ParseMove(s); err == nil {
			t.Errorf("%q parsed, want an error", s)
		}
	}
}

// TestLegalityFilterDoesNotAllocate covers the positions whose moves the legality filter
// decides by playing them on a copy (checks, pins, en passant, castling), which the start
// positions of TestHotPathDoesNotAllocate never reach.
func TestLegalityFilterDoesNotAllocate(t *testing.T) {
	for _, fen := range []string{
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
		"4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1",
		FIDE.StartFEN, // no captures: LegalTactical looks for any legal move
	} {
		p := FIDE.MustParseFEN(fen)
		ml := new(MoveList)
		checkNoAllocs(t, fen+": legal move generation", 100, func() { ml.Reset(); p.LegalMoves(ml) })
		checkNoAllocs(t, fen+": tactical moves", 100, func() { ml.Reset(); p.LegalTactical(ml) })
		checkNoAllocs(t, fen+": whether there is a legal move", 100, func() { p.HasLegalMove(ml) })
	}
}

// TestSquareColours pins IsLight to the squares' names, a1 dark on every board, whatever
// the box looks like: Black Hole's rules file calls c1 and g1 dark (its box starts at rank
// 0), Jumping Knights has the z file left of a.
func TestSquareColours(t *testing.T) {
	for _, c := range []struct {
		v           *Variant
		dark, light []string
	}{
		{FIDE, []string{"a1", "c1", "h8", "e5"}, []string{"b1", "a2", "h1", "a8", "e4"}},
		{WeakSquare, []string{"a1", "d2", "f8"}, []string{"c2", "b7", "a2"}},
		{Blackhole, []string{"a1", "c1", "g1", "i1", "e11", "i11"}, []string{"b1", "h1", "e0", "e12", "a2"}},
		{JumpingKnights, []string{"a1", "z0", "i9", "z2"}, []string{"b1", "a2", "z1", "i0"}},
		{HopChess, []string{"a1", "c1", "h8"}, []string{"b1", "a2", "h1"}},
	} {
		g := c.v.Geometry
		for _, name := range append(c.dark, c.light...) {
			sq := g.SquareByName(name)
			if sq == NoSquare {
				t.Fatalf("%s: no square %s", c.v.Name, name)
			}
			if want := !slices.Contains(c.dark, name); g.IsLight(sq) != want {
				t.Errorf("%s: %s light = %v, want %v", c.v.Name, name, g.IsLight(sq), want)
			}
		}
	}
}

// TestBoxNames: the plain box naming (files from a at the box's left edge, ranks from the
// base asked for) names the native squares as XBoard does, reads its names back, and
// refuses names off the board, with the longest rank that names a square winning.
func TestBoxNames(t *testing.T) {
	for _, c := range []struct {
		v           *Variant
		base        int
		native, box string
	}{
		{JumpingKnights, 0, "z0", "a0"},
		{JumpingKnights, 0, "i9", "j9"},
		{JumpingKnights, 0, "a1", "b1"},
		{Blackhole, 1, "e0", "e1"},
		{Blackhole, 1, "e12", "e13"},
		{FIDE, 1, "h8", "h8"},
	} {
		g := c.v.Geometry
		sq := g.SquareByName(c.native)
		if got := g.BoxName(sq, c.base); got != c.box {
			t.Errorf("%s: BoxName(%s) = %s, want %s", c.v.Name, c.native, got, c.box)
		}
		if got, n, ok := g.ParseBoxSquare(c.box+",", c.base); !ok || got != sq || n != len(c.box) {
			t.Errorf("%s: ParseBoxSquare(%s,) = %s, %d, %v, want %s", c.v.Name, c.box, g.Name(got), n, ok, c.native)
		}
	}
	// "b11" names no square on 10 ranks, so its "b1" is read; on 13 ranks "e11" is one.
	if sq, n, ok := JumpingKnights.Geometry.ParseBoxSquare("b11", 0); !ok || n != 2 || JumpingKnights.Geometry.Name(sq) != "a1" {
		t.Errorf("jumpingknights: ParseBoxSquare(b11) = %d bytes, want b1 (2)", n)
	}
	if sq, n, ok := Blackhole.Geometry.ParseBoxSquare("e11", 1); !ok || n != 3 || Blackhole.Geometry.Name(sq) != "e10" {
		t.Errorf("blackhole: ParseBoxSquare(e11) = %d bytes, want e11 (3)", n)
	}
	for _, s := range []string{"k0", "z1", "ax", "", "a"} {
		if _, _, ok := JumpingKnights.Geometry.ParseBoxSquare(s, 0); ok {
			t.Errorf("jumpingknights: ParseBoxSquare(%q) ok, want no square", s)
		}
	}
	if got := FIDE.Geometry.BoxName(NoSquare, 1); got != "-" {
		t.Errorf("BoxName(NoSquare) = %q, want -", got)
	}
	// A rank never has a leading zero: "a01" is no name of a1, neither native nor boxed; on
	// a board whose ranks start at 0 only its "a0" is read.
	if sq := FIDE.Geometry.SquareByName("a01"); sq != NoSquare {
		t.Errorf("FIDE: SquareByName(a01) = %s, want no square", FIDE.Geometry.Name(sq))
	}
	if _, _, ok := FIDE.Geometry.ParseBoxSquare("a01", 1); ok {
		t.Error("FIDE: ParseBoxSquare(a01) ok, want no square")
	}
	if sq, n, ok := JumpingKnights.Geometry.ParseBoxSquare("a01", 0); !ok || n != 2 || JumpingKnights.Geometry.Name(sq) != "z0" {
		t.Errorf("jumpingknights: ParseBoxSquare(a01) = %d bytes, want a0 (2)", n)
	}
}

// TestCastlingTextNeverSharesAKingStep: in a Chess960 array the king may castle one file
// (d1 to c1 with the b1 rook), where its castling written king-from-to would be the text
// of its plain step. Every legal move must have its own text, and the castling reads as
// the king taking its rook.
func TestCastlingTextNeverSharesAKingStep(t *testing.T) {
	for _, fen := range []string{
		"3k4/8/8/8/8/8/8/1R1K2R1 w GB - 0 1", // queen-side castling moves the king one file
		"2k5/8/8/8/8/8/8/1RK3R1 w GB - 0 1",  // the king already stands on c1
	} {
		p := FIDE.MustParseFEN(fen)
		var ml MoveList
		p.LegalMoves(&ml)
		seen := map[string]bool{}
		castles := 0
		for _, m := range ml.Moves() {
			s := p.MoveText(m)
			if seen[s] {
				t.Errorf("%s: two legal moves written %s", fen, s)
			}
			seen[s] = true
			if m.Kind() == Castle {
				castles++
				if got, err := p.ParseMove(s); err != nil || got != m {
					t.Errorf("%s: castling %s does not read back (%v)", fen, s, err)
				}
			}
		}
		if castles != 2 {
			t.Errorf("%s: %d castlings, want 2", fen, castles)
		}
	}
	p := FIDE.MustParseFEN("3k4/8/8/8/8/8/8/1R1K2R1 w GB - 0 1")
	if m, err := p.ParseMove("d1c1"); err != nil || m.Kind() != Normal {
		t.Errorf("d1c1 should be the king's step, got %v (%v)", m, err)
	}
	if m, err := p.ParseMove("d1b1"); err != nil || m.Kind() != Castle {
		t.Errorf("d1b1 should be the queen-side castling, got %v (%v)", m, err)
	}
}
