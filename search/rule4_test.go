package search

import (
	"context"
	"testing"

	"varchess/eval"
	"varchess/movegen"
)

// Jumping Knights' Rule 4 in the search: a side that must capture from the edge into the
// centre (or give check) cannot stand pat, pass or count on its static evaluation. In the
// trap used below White's queen on z4 must take the pawn on a4, landing on the 4th rank
// where the black rook takes it back, or give check: the capture loses the queen for a
// pawn while the static evaluation, with White a queen against rook and pawn, says White
// stands well.

// qsearchRoot runs a quiescence search of p with a full window on a fresh worker.
func qsearchRoot(p *movegen.Position) int {
	w := preparedWorker(p, nil)
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

// TestNoReverseFutilityUnderRule4: the same trap, where Black may instead take White's b3
// pawn with the a4 pawn, which frees White's queen. A depth-2 search without iterative
// deepening tries that capture first; the rook move that keeps the trap is then searched
// with a null window, and White's forced capture sits at a non-PV node of depth 1, where
// reverse futility pruning would return White's static evaluation (a queen up) as if
// White could keep it.
func TestNoReverseFutilityUnderRule4(t *testing.T) {
	p := mustFEN(t, movegen.JumpingKnights, "9k/10/10/10/10/Qp7r/2P7/10/10/K9 b - - 0 1")
	var ml movegen.MoveList
	take, err := p.ParseMove("a4b3,b3c2")
	if err != nil {
		t.Fatal(err)
	}
	freed := *p
	freed.Apply(take)
	if freed.ForcedMoves(&ml) {
		t.Fatal("after a4xb3 White is still forced: the test needs the capture to free it")
	}
	w := preparedWorker(p, nil)
	w.stack[0].pos = *p
	w.rootDepth = 2
	score := w.negamax(&w.stack[0].pos, -Infinity, Infinity, 2, 0)
	if score <= 0 {
		t.Fatalf("depth 2: %s scoring %d, want the trap kept and the queen won", p.MoveText(w.iterBest), score)
	}
	next := *p
	next.Apply(w.iterBest)
	rule4Moves(t, &next)
}

// TestNoNullMoveUnderRule4: a side that must capture from the edge (the War Machine on b0
// over the bishop on b1) or give check (the rook) may not pass, though not all its moves
// are captures; without the bishop the same side may (its rook can take the c5 pawn).
func TestNoNullMoveUnderRule4(t *testing.T) {
	for _, c := range []struct {
		fen    string
		forced bool
	}{
		{"10/5k4/10/10/1R1p6/10/10/10/2b2K4/2W7 w - - 0 1", true},
		{"10/5k4/10/10/1R1p6/10/10/10/5K4/2W7 w - - 0 1", false},
	} {
		p := mustFEN(t, movegen.JumpingKnights, c.fen)
		var ml movegen.MoveList
		forced := p.ForcedMoves(&ml)
		if forced != c.forced {
			t.Fatalf("%s: Rule 4 in force %v, want %v", c.fen, forced, c.forced)
		}
		ml.Reset()
		p.LegalMoves(&ml)
		captures := 0
		for _, m := range ml.Moves() {
			if p.Captured(m) != movegen.Empty {
				captures++
			}
		}
		if captures == 0 || captures == ml.Len() {
			t.Fatalf("%s: %d captures of %d moves, want some of each", c.fen, captures, ml.Len())
		}
		if got := canNullMove(p, false, forced, ml.Len(), captures); got == forced {
			t.Errorf("%s: null move allowed %v under Rule 4 %v", c.fen, got, forced)
		}
	}
}
