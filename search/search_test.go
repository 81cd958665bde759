package search

import (
	"context"
	"testing"

	"varchess/movegen"
)

// TestFindsMateInOne: the back-rank mate Ra8# must be found at depth 2.
func TestFindsMateInOne(t *testing.T) {
	p, err := movegen.FIDE.ParseFEN("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	res := NewEngine().Search(context.Background(), p, nil, Limits{Depth: 2}, nil)
	if got := p.MoveText(res.Best); got != "a1a8" {
		t.Fatalf("best move %s, want a1a8", got)
	}
	if MateMoves(res.Score) != 1 {
		t.Fatalf("score %d is not mate in 1", res.Score)
	}
}
