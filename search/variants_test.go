package search

import (
	"context"
	"testing"

	"varchess/movegen"
)

// TestVariantWins: each variant's own way of winning is found and scored as a mate at the
// right distance. The variants are looked up by name and skipped while absent, so this
// file works before and after they are merged.
func TestVariantWins(t *testing.T) {
	cases := []struct {
		name, variant, fen string
		moves              int    // the win is a "mate" in this many moves
		from, to           string // the winning first move's origin and destination, if unique
	}{
		// Weak Square: a rook entering f8, Black's weak square, wins at once.
		{"weak square in 1", "weaksquare", "*****1/6/6/2k3/6/2K3/5R/1*****[] w - - 0 30 MM", 1, "f2", "f8"},
		// ... and from the a-file it needs a move to reach the f-file first.
		{"weak square in 2", "weaksquare", "*****1/6/6/2k3/6/2K3/R5/1*****[] w - - 0 30 MM", 2, "", ""},
		// Jumping Knights, the rules' two-Bishops problem: check, a forced edge capture, then
		// a stalemate that wins because White's king is central and Black's on the edge.
		{"stalemate victory", "jumpingknights", "10/10/10/10/3B6/10/10/3KB5/1k8/10 w - - 0 1", 3, "", ""},
		// Hop Chess: the rook's way up is blocked by its own pawn; it slides to its
		// trampoline on e1 and hops up the e-file to mate on the back rank.
		{"mate through a trampoline", "hopchess", "6k1/5ppp/8/8/8/8/P5PP/R5K1 w - - 0 20 e1 -", 1, "a1", "e8"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := movegen.ByName(c.variant)
			if v == nil {
				t.Skipf("variant %s not in this build", c.variant)
			}
			p := mustFEN(t, v, c.fen)
			res := NewEngine().Search(context.Background(), p, nil, Limits{Depth: 2*c.moves + 1}, nil)
			if got := MateMoves(res.Score); got != c.moves {
				t.Fatalf("score %d (mate %d), want a win in %d; best %s", res.Score, got, c.moves, p.MoveText(res.Best))
			}
			g := v.Geometry
			if c.from != "" && (g.Name(res.Best.From()) != c.from || g.Name(res.Best.To()) != c.to) {
				t.Fatalf("best %s, want %s to %s", p.MoveText(res.Best), c.from, c.to)
			}
		})
	}
}
