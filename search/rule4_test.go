package search

import (
	"context"
	"testing"

	"varchess/eval"
	"varchess/movegen"
)

// Jumping Knights' Rule 4 in quiescence: a side that must capture from the edge into the
// centre (or give check) cannot stand pat. In each position below White's queen on z4 must
// take the pawn on a4, landing on the 4th rank where the black rook takes it back, or give
// check: the capture loses the queen for a pawn while the static evaluation, with White a
// queen against rook and pawn, says White stands well.

// qsearchRoot runs a quiescence search of p with a full window on a fresh worker.
func qsearchRoot(p *movegen.Position) int {
	w := newWorker(0, NewEngine())
	sh := &shared{tt: newTable(1), workers: []*worker{w}}
	w.prepare(sh, p, nil)
	w.stack[0].pos = *p
	return w.qsearch(&w.stack[0].pos, -Infinity, Infinity, 0, 0)
}

// rule4Moves checks with movegen that Rule 4 is in force in p and that its legal moves are
// the queen's captures from z4 and, of the other moves, only checks; it returns the
// captures and the checks.
func rule4Moves(t *testing.T, p *movegen.Position) (captures, checks []movegen.Move) {
	t.Helper()
	var ml movegen.MoveList
	if !p.ForcedMoves(&ml) {
		t.Fatalf("%s: Rule 4 not in force", p.FEN())
	}
	ml.Reset()
	p.LegalMoves(&ml)
	g := p.Geometry()
	for _, m := range ml.Moves() {
		next := *p
		next.Apply(m)
		switch {
		case p.Captured(m) != movegen.Empty && g.Name(m.From()) == "z4":
			captures = append(captures, m)
		case next.InCheck():
			checks = append(checks, m)
		default:
			t.Fatalf("%s: legal move %s is neither the forced capture nor a check", p.FEN(), p.MoveText(m))
		}
	}
	if len(captures) == 0 {
		t.Fatalf("%s: no forced capture", p.FEN())
	}
	return captures, checks
}

// TestQuiescenceForcedCapture: with no check to give (Black's king in the corner i9 cannot
// be checked: every landing square beyond it is off the board), White must give up its
// queen, and quiescence must say so instead of standing pat.
func TestQuiescenceForcedCapture(t *testing.T) {
	p := mustFEN(t, movegen.JumpingKnights, "9k/10/10/10/10/Qp6r1/10/10/10/K9 w - - 0 1")
	if _, checks := rule4Moves(t, p); len(checks) != 0 {
		t.Fatalf("checks %d, want none", len(checks))
	}
	stand := eval.For(p.Variant()).Evaluate(p)
	if stand <= 0 {
		t.Fatalf("static evaluation %d: the test needs White to look better", stand)
	}
	if got := qsearchRoot(p); got >= 0 {
		t.Fatalf("quiescence %d (static %d): the forced capture loses the queen, want a score below 0", got, stand)
	}
	// The same from Black's side at depth 1, where White's answer is left to quiescence:
	// Black keeps the trap (its rook leaves the edge to recapture freely; Rule 4 would
	// force a recapture from i4 to land on a4, a stalemate) and scores the queen won.
	root := mustFEN(t, movegen.JumpingKnights, "9k/10/10/10/10/Qp7r/10/10/10/K9 b - - 0 1")
	res := NewEngine().Search(context.Background(), root, nil, Limits{Depth: 1}, nil)
	if res.Score <= 0 {
		t.Fatalf("depth 1: %s scoring %d, want Black ahead (static %d)", root.MoveText(res.Best), res.Score,
			eval.For(root.Variant()).Evaluate(root))
	}
	next := *root
	next.Apply(res.Best)
	rule4Moves(t, &next)
}

// TestQuiescenceForcedCheck: Black's king on h8 can be checked, and a check is White's way
// out: quiescence must search the checks that Rule 4 leaves besides the captures, not only
// the captures (which all lose the queen).
func TestQuiescenceForcedCheck(t *testing.T) {
	p := mustFEN(t, movegen.JumpingKnights, "10/8k1/10/10/10/Qp6r1/10/10/10/K9 w - - 0 1")
	captures, checks := rule4Moves(t, p)
	if len(checks) == 0 {
		t.Fatal("no check to give")
	}
	for _, m := range captures {
		next := *p
		next.Apply(m)
		if s := -qsearchRoot(&next); s >= 0 {
			t.Fatalf("capture %s scores %d, want a loss for the test to mean anything", p.MoveText(m), s)
		}
	}
	if got := qsearchRoot(p); got <= 0 {
		t.Fatalf("quiescence %d: a check keeps the queen, want a score above 0", got)
	}
}
