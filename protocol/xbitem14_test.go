package protocol

import (
	"strings"
	"testing"

	"varchess/movegen"
)

// TestXBoardCastleOnRookByParent: a castling whose rook stands on the king's destination
// (king c1, rook b1: king b1, rook c1) is the king's plain c1b1 in bunker, whose XBoard
// parent nocastle swaps a piece moved onto its own, so a person enters it by clicking the
// king, then the rook (marked yellow). In prechess the parent is bughouse (it keeps captured
// pieces out of the hands), under which XBoard would take the rook: there the engine writes
// it in two legs (c1b1,b1b1), which XBoard applies right but no click or typing produces
// (XBoard cancels a leg clicked twice and sends a typed c1b1,b1b1 as c1b1), so it is not
// marked and c1b1 is refused.
func TestXBoardCastleOnRookByParent(t *testing.T) {
	for _, c := range []struct {
		variant, fen string
		xb           string // the castling as the engine sends it
		lift         string // the king's lift
	}{
		{"bunker", "nrkqbbnr/pppppppp/8/8/8/8/PPPPPPPP/NRKQBBNR w - - 0 1", "c1b1", "8/8/8/8/8/8/8/1Y6"},
		{"prechess", "nrkqbbnr/pppppppp/8/8/8/8/PPPPPPPP/NRKQBBNR[] w - - 0 1", "c1b1,b1b1", "8/8/8/8/8/8/8/8"},
	} {
		t.Run(c.variant, func(t *testing.T) {
			v := needVariant(t, c.variant)
			b := newXBBoard(v, 0)
			b.gui = true
			p, err := b.parseFEN(c.fen, nil)
			if err != nil {
				t.Fatal(err)
			}
			var ml movegen.MoveList
			p.LegalMoves(&ml)
			var castle movegen.Move
			for _, m := range ml.Moves() {
				if m.Kind() == movegen.Castle && castleOnRook(m) && p.MoveText(m) == "c1b1" {
					castle = m
				}
			}
			if castle == movegen.NullMove {
				t.Fatalf("no castling c1b1 onto the rook in %s", c.fen)
			}
			if got, _ := b.moveText(p, castle); got != c.xb {
				t.Errorf("castling sent as %q, want %q", got, c.xb)
			}
			if m, err := b.parseMove(p, c.xb); err != nil || m != castle {
				t.Errorf("%q read as %v (%v)", c.xb, p.MoveText(m), err)
			}
			_, err = b.parseMove(p, "c1b1")
			if swaps := c.xb == "c1b1"; swaps != (err == nil) {
				t.Errorf("c1b1 from XBoard: error %v", err)
			}
			out := session(t, "xboard", "protover 2", "new", "random", "variant "+c.variant, "ping 1", "force", "setboard "+c.fen, "lift c1", "quit")
			if !contains(out, "highlight "+c.lift) {
				t.Errorf("lift c1: want highlight %s in\n%s", c.lift, strings.Join(out, "\n"))
			}
		})
	}
}

// TestXBoardResetupKeepsHoldings: the setups that put XBoard on a position it sent before
// reading the engine's setup (-lpf at start-up) keep the holdings of the variant's start,
// also when the hands are empty (a Pre-chess game past its placements): a setup without
// holdings would take XBoard's hands away.
func TestXBoardResetupKeepsHoldings(t *testing.T) {
	v := needVariant(t, "prechess")
	b := newXBBoard(v, 0)
	p, err := b.parseFEN("nrkqbbnr/pppppppp/8/8/8/8/PPPPPPPP/NRKQBBNR[] w - - 0 1", nil)
	if err != nil {
		t.Fatal(err)
	}
	got := b.resetupLines(p)
	want := []string{
		"setup (PNBRQ.....K.pnbrq.....k.) 8x8+6_fairy nrkqbbnr/pppppppp/8/8/8/8/PPPPPPPP/NRKQBBNR[] w - - 0 1",
		"setup (PNBRQ.....K.pnbrq.....k.) 8x8+6_bughouse nrkqbbnr/pppppppp/8/8/8/8/PPPPPPPP/NRKQBBNR[] w - - 0 1",
		"piece K& KO2",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if lines := newXBBoard(movegen.FIDE, 0).resetupLines(movegen.FIDE.Start(nil)); lines != nil {
		t.Errorf("normal chess needs no setup: %q", lines)
	}
}

// TestXBoardCastleOnRookSwapsOnlyWhenExact: bunker's swap is the king's plain move only
// where swapping puts the rook on its castling square. King d1 and rook g1 castle to king g1
// and rook f1; a swap would leave the rook on d1, so the engine sends the two legs that
// XBoard's castling atom applies right (d1g1,g1g1), refuses a plain d1g1 from XBoard (its
// board would swap), and marks no click for it. (Seen in a real XBoard game: after the engine
// sent d1g1 XBoard's rook stood on d1, and the engine's next rook move from f1 forfeited.)
func TestXBoardCastleOnRookSwapsOnlyWhenExact(t *testing.T) {
	v := needVariant(t, "bunker")
	b := newXBBoard(v, 0)
	b.gui = true
	fen := "rqbk2rn/pppppppp/8/8/8/8/PPPPPPPP/RQBK2RN w - - 0 1"
	p, err := b.parseFEN(fen, nil)
	if err != nil {
		t.Fatal(err)
	}
	var ml movegen.MoveList
	p.LegalMoves(&ml)
	var castle movegen.Move
	for _, m := range ml.Moves() {
		if m.Kind() == movegen.Castle && castleOnRook(m) {
			castle = m
		}
	}
	if castle == movegen.NullMove {
		t.Fatalf("no castling onto the g1 rook in %s", fen)
	}
	if got, _ := b.moveText(p, castle); got != "d1g1,g1g1" {
		t.Errorf("castling sent as %q, want d1g1,g1g1", got)
	}
	if m, err := b.parseMove(p, "d1g1,g1g1"); err != nil || m != castle {
		t.Errorf("d1g1,g1g1 read as %v (%v)", p.MoveText(m), err)
	}
	if m, err := b.parseMove(p, "d1g1"); err == nil && m == castle {
		t.Errorf("a plain d1g1 from XBoard was taken as the castling, which XBoard's board swaps")
	}
}
