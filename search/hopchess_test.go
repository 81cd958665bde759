package search

import (
	"context"
	"testing"

	"varchess/movegen"
)

// Hop Chess's mates are mostly quiet turns that give check through a trampoline, hidden
// among hundreds of turns that wide nodes prune unplayed (see mateInOne).

// mateIn1 returns a turn of p that mates at once, NullMove if there is none.
func mateIn1(p *movegen.Position) movegen.Move {
	var ml, checks, scratch movegen.MoveList
	p.LegalMovesChecks(&ml, &checks)
	for _, m := range checks.Moves() {
		q := *p
		q.Apply(m)
		if !q.HasLegalMove(&scratch) {
			return m
		}
	}
	return movegen.NullMove
}

// TestHopParriesMateThreat: White threatens Ra1-e1(@)-e8 mate on the back rank, a quiet
// turn among some 600. Black must parry (a knight that can reach e8, luft for the king);
// a search that prunes the threat unplayed sees nothing and plays into the mate.
func TestHopParriesMateThreat(t *testing.T) {
	p := mustFEN(t, movegen.HopChess, "6k1/1b3ppp/1n6/8/8/p7/P5PP/R5K1 b - - 0 20 e1 a4")
	res := NewEngine().Search(context.Background(), p, nil, Limits{Depth: 3}, nil)
	q := *p
	q.Apply(res.Best)
	if m := mateIn1(&q); m != movegen.NullMove {
		t.Fatalf("%s allows %s mate (score %d)", p.MoveText(res.Best), q.MoveText(m), res.Score)
	}
	if res.Score < -MateBound {
		t.Fatalf("score %d: Black is not lost", res.Score)
	}
}

// TestHopFindsQuietMateInTwo: a position of a match game, where White mates with two quiet
// turns: 1.Nd5-e6+ (check on d8) Ke8, 2.Ng5-d6 with the trampoline on c7, which checks
// directly and closes the king in. The second turn is one of about 800 at the ply where
// it must be found.
func TestHopFindsQuietMateInTwo(t *testing.T) {
	p := mustFEN(t, movegen.HopChess, "rnbk1bnr/pp1pp1p1/1q6/2pN1pNp/8/3P4/PPPBPPPP/R2QKB1R w KQ - 2 8 c7 f6")
	res := NewEngine().Search(context.Background(), p, nil, Limits{Depth: 3}, nil)
	if got := MateMoves(res.Score); got != 2 {
		t.Fatalf("score %d (mate %d), best %s: want a mate in 2", res.Score, got, p.MoveText(res.Best))
	}
	// The move found really mates in 2: White mates after every reply.
	q := *p
	q.Apply(res.Best)
	var replies movegen.MoveList
	q.LegalMoves(&replies)
	if replies.Len() == 0 {
		t.Fatalf("%s mates at once, but a mate in 1 was not found", p.MoveText(res.Best))
	}
	for _, r := range replies.Moves() {
		c := q
		c.Apply(r)
		if mateIn1(&c) == movegen.NullMove {
			t.Fatalf("%s %s: no mate follows", p.MoveText(res.Best), q.MoveText(r))
		}
	}
}
