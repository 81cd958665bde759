package protocol

import (
	"testing"

	"varchess/movegen"
)

// TestXBoardHopEnPassant: Jumping Knights' en passant hop goes to XBoard as two legs
// through the captured pawn's square (e4f4,f4g2: the black pawn e4 jumps over f3, which
// White's f2f4 passed, to g2, and takes f4), because XBoard 4.9.1 empties the end of the
// first leg and nothing else. Written through the passed square (e4f3,f3g2) it left the
// pawn on XBoard's board, and XBoard relayed Black's capture to White as castling
// (e4g2,f3f2), which White refused, stalling the game (both seen in XBoard 4.9.1 with
// scripted engines). On the model of XBoard's board and relay (xbModel) both colours'
// captures now leave XBoard's board equal to ours and reach the other engine as the same
// move; the old form and XBoard's from-to;kill form are still read.
func TestXBoardHopEnPassant(t *testing.T) {
	v := needVariant(t, "jumpingknights")
	b := newXBBoard(v, 0)
	b.gui = true
	cases := []struct {
		fen, double, want, old string
	}{
		// XBoard squares: Black pawn e4 (native d4), White pawn f2 (native e2)
		{"10/5k4/10/10/10/4p5/10/5P4/1K8/10 w - - 0 1", "f2f4", "e4f4,f4g2", "e4f3,f3g2"},
		// the other way: White pawn e5 takes the black pawn that went d7d5 over d6, landing c7
		{"10/5k4/4p5/10/5P4/10/10/10/1K8/10 b - - 0 1", "e7e5", "f5e5,e5d7", "f5e6,e6d7"},
	}
	for _, c := range cases {
		p, err := b.parseFEN(c.fen, nil)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		d, err := b.parseMove(p, c.double)
		if err != nil {
			t.Fatalf("%s: %s: %v", c.fen, c.double, err)
		}
		x := newXBModel(t, p)
		x.apply(t, c.double)
		p = copyApply(p, d)
		var ep movegen.Move
		var ml movegen.MoveList
		p.LegalMoves(&ml)
		for _, m := range ml.Moves() {
			if m.Kind() == movegen.HopEnPassant {
				ep = m
			}
		}
		if ep == movegen.NullMove {
			t.Fatalf("%s after %s: no en passant hop", c.fen, c.double)
		}
		if k := b.killSquare(ep); k != p.EnPassantPawn() {
			t.Errorf("%s: kill square %s, but the pawn that passed is on %s", c.want, b.square(k), b.square(p.EnPassantPawn()))
		}
		got, ok := b.moveText(p, ep)
		if !ok || got != c.want {
			t.Errorf("%s after %s: en passant written %q, want %q", c.fen, c.double, got, c.want)
		}
		relayed := x.relay(t, got)
		// XBoard's own form of a two-leg move, from-to;kill, with the pawn or the passed square
		fromTo := got[:2] + got[7:9]
		for _, s := range []string{got, relayed, c.old, fromTo + ";" + got[2:4], fromTo + ";" + c.old[2:4]} {
			if r, err := b.parseMove(p, s); err != nil || r != ep {
				t.Errorf("%s after %s: %q read as %v (%v), want %s", c.fen, c.double, s, r, err, p.MoveText(ep))
			}
		}
		x.apply(t, got)
		p = copyApply(p, ep)
		if diff := x.same(p); diff != "" {
			t.Errorf("%s after %s %s: XBoard's board differs from ours: %s", c.fen, c.double, got, diff)
		}
	}
	// entered by clicks: the first leg ends on the pawn (cyan), then the landing square
	out := session(t, "xboard", "protover 2", "new", "variant jumpingknights", "force",
		"setboard 10/5k4/10/10/10/4pP4/10/10/1K8/10 b - f3 0 1",
		"lift e4", "put f4", "lift f4", "usermove e4f4,f4g2", "ping 1", "quit")
	checkSession(t, out, "highlight 10/10/10/10/10/5C4/4Y5/10/10/10", "highlight 10/10/10/10/10/10/10/6Y3/10/10", "pong 1")
}
