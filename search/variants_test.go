package search

import (
	"context"
	"strings"
	"testing"

	"varchess/movegen"
)

// TestVariantWins: each variant's own way of winning is found and scored as a mate at the
// right distance. The variants are looked up by name; a missing one (renamed or
// unregistered) fails the test instead of skipping it.
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
				t.Fatalf("variant %s is not registered (renamed?)", c.variant)
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

// TestSelfPlayEveryVariant plays a few moves of every registered variant from its start
// with small node budgets: every move returned must be legal, the report's PV must be
// playable, and the search must cope with each game's phases (placements, jumps, turns).
func TestSelfPlayEveryVariant(t *testing.T) {
	for _, v := range movegen.All {
		t.Run(v.Name, func(t *testing.T) {
			g := movegen.NewGame(v.Start(nil))
			e := NewEngine()
			e.SetHashMB(1)
			for ply := 0; ply < 12 && !g.Outcome().Over(); ply++ {
				p := g.Position()
				var pvOK = true
				res := e.Search(context.Background(), p, g.History(), Limits{Nodes: 3000}, func(i Info) {
					q := *p
					for _, m := range i.PV {
						var ml movegen.MoveList
						q.LegalMoves(&ml)
						if !ml.Contains(m) {
							pvOK = false
							return
						}
						q.Apply(m)
					}
				})
				var ml movegen.MoveList
				p.LegalMoves(&ml)
				if !ml.Contains(res.Best) {
					t.Fatalf("ply %d (%s): illegal best move %v", ply, p.FEN(), res.Best)
				}
				if !pvOK {
					t.Fatalf("ply %d (%s): a reported PV is not playable", ply, p.FEN())
				}
				g.Play(res.Best)
			}
		})
	}
}

// variantMates are wins in exactly 1, 2 and 3 moves in every variant, hand-built around
// what is special about each game. Each is proved by proveWin (brute force over movegen,
// independent of the search); see TestVariantMatesProved.
var variantMates = []struct {
	name, variant, fen string
	moves              int    // the side to move wins in exactly this many moves
	key                string // the only winning first move (for Hop Chess its piece move, any placement), "" if several
	depth              int    // search depth, when 2*moves+1 plies are not enough (see the case)
}{
	// The Weak Square. Black's king on f7 may not step onto f8, its own weak square: the
	// rook's check along the seventh row mates.
	{"weaksquare mate 1", "weaksquare", "*****1/5k/6/5K/6/6/R5/1*****[] w - - 0 30 MM", 1, "a2a7", 0},
	// Both sides still jumping, one hand piece each. White's last jump leaves its rook on f3,
	// Black's last jump (its only one, Ka5-c6) cannot reach the f-file, and the rook enters
	// f8. Jumping from f3 to d4 instead would leave the king in the c5 pawn's check.
	{"weaksquare jumping phase 2", "weaksquare", "*****1/rrbb2/nn4/kpp3/PPP3/NN3K/RBB3/1*****[Rp] w - - 0 10 JJ", 2, "f3d2r", 0},
	// Bare kings are no draw: White's king walks onto f8 and Black's cannot stop it (it
	// may not stand on f8 itself).
	{"weaksquare bare kings 3", "weaksquare", "*****1/6/2k3/4K1/6/6/6/1*****[] w - - 0 30 MM", 3, "", 0},

	// King to Bunker Leap. h-side castling from f1 swaps king and rook: only castling brings
	// the rook to f1, and it mates on the f-file.
	{"bunker castling mate 1", "bunker", "4rkr1/4p1p1/8/8/8/8/8/5K1R w H - 0 1 K", 1, "f1h1", 0},
	// a-side castling with the king already on b1 moves only the rook, over the king, to c1;
	// Black can only push its a-pawn, and Rc8 mates.
	{"bunker quiet castling 2", "bunker", "7k/p6p/7P/8/8/1B6/P7/RK6 w A - 0 1 K", 2, "b1a1", 0},
	// ... and with a knight on c1 it must first make room for the castling.
	{"bunker castling 3", "bunker", "7k/p6p/7P/8/8/1B6/P7/RKN5 w A - 0 1 K", 3, "", 0},

	// Pre-chess after the placement phase (a forced win is impossible during it: every pawn
	// still stands on its start square): castling from b1 with the a-side rook over the
	// king to c1, then the quiet castling and its knight mirrored onto the h-side, where the
	// king on g1 stays and the rook jumps it to f1.
	{"prechess castling mate 1", "prechess", "1rkr4/1p1p4/8/8/8/8/8/RK6[] w A - 0 9 K", 1, "b1a1", 0},
	{"prechess quiet castling 2", "prechess", "k7/p6p/P7/8/8/6B1/7P/6KR[] w H - 0 9 K", 2, "g1h1", 0},
	{"prechess castling 3", "prechess", "k7/p6p/P7/8/8/6B1/7P/5NKR[] w H - 0 9 K", 3, "", 0},

	// Hop Chess. Smothered mates through trampolines: the knight bounces on its own on d6
	// and lands on f7, or lands on e5 and places the trampoline on g6, from where it
	// reaches h8 (so no unique first move).
	{"hopchess smothered hop 1", "hopchess", "6rk/6pp/8/8/2N5/8/8/K7 w - - 0 20 d6 -", 1, "", 0},
	// Rook and king against king: trampolines, where kings may not step, wall the king in.
	{"hopchess trampoline wall 2", "hopchess", "8/8/8/8/KR6/7k/8/8 w - - 0 30 - -", 2, "", 0},

	// Jumping Knights. A back-rank mate: the king may not step onto the edge row 9 (a
	// non-capturing move ends on a central square), and the rook's check is a capture
	// pattern over the king to the empty f8.
	{"jumpingknights edge mate 1", "jumpingknights", "10/5k4/4ppp3/10/10/10/10/10/1R3K4/10 w - - 0 30", 1, "a1a8", 0},
	// Black's king on the edge cannot move (b9's neighbours are edge squares or covered):
	// the War Machine must move, the Nightrider captures it with a hop, and Black is
	// stalemated with its king on the edge: a stalemate victory.
	{"jumpingknights nightrider stalemate 2", "jumpingknights", "2k7/10/2K7/10/10/10/9w/5N4/10/10 w - - 0 30", 2, "e2g1", 0},
	// The rules' first endgame, Black to move: a1=Q, then mate or, after Kxa1-z0, the king
	// capture Kxc3-b2 that stalemates White's king on the edge.
	{"jumpingknights endgame 3", "jumpingknights", "10/10/10/10/10/4k5/3R6/1pK7/10/10 b - - 0 1", 3, "a2a1q", 0},

	// Black Hole. The hole on e6 walls in the king on e7: the Marshall's knight check from
	// c8 with its rook covering the eighth rank, the bishop on e5 covering d6 and f6.
	{"blackhole hole mate 1", "blackhole", "****1****/9/9/9/9/3pkp3/4*4/4B4/9/9/9/K1M6/****1**** w - - 0 1", 1, "c1c8", 0},
	// Black mates White's king on e0: only e1 is free and the rook's check on e2 cannot be
	// met (the knights reach neither e1 nor e2).
	{"blackhole mate on e0 1", "blackhole", "****1****/4k4/9/9/9/9/4*4/9/9/9/r8/3N1N3/****K**** b - - 0 1", 1, "a2e2", 0},
	// A smothered mate on e12.
	{"blackhole smothered e12 2", "blackhole", "****k****/3bnb3/9/4R4/9/6N2/4*4/9/9/9/9/K8/****1**** w - - 0 1", 2, "g7e8", 0},
	// Rook and Marshall against the king on e12; the rook reaches the e-file above the hole.
	{"blackhole marshall e12 3", "blackhole", "****k****/3r1b3/9/9/9/1R7/4*4/9/5M3/9/9/K8/****1**** w - - 0 1", 3, "b7e7", 0},
	// A mate in 2 the search sees only at depth 7, not 5 or 6: after Mxd11 (no check)
	// Black's king is walled in and only its bishop moves; at depth 5 reverse futility
	// pruning cuts Black's ply-1 node (its static evaluation beats beta by the margin, the
	// mate threat unseen), so Mxd11 fails low behind a move searched first.
	{"blackhole marshall capture 2", "blackhole", "****k****/3r1b3/9/3M5/9/9/4*4/9/3R5/9/9/K8/****1**** w - - 0 1", 2, "d9d11", 7},
}

// TestVariantMates: the search finds each of variantMates's wins at its exact distance and,
// where it is unique, with its first move.
func TestVariantMates(t *testing.T) {
	for _, c := range variantMates {
		t.Run(c.name, func(t *testing.T) {
			v := movegen.ByName(c.variant)
			if v == nil {
				t.Fatalf("no variant %s", c.variant)
			}
			p := mustFEN(t, v, c.fen)
			depth := c.depth
			if depth == 0 {
				depth = 2*c.moves + 1
			}
			res := NewEngine().Search(context.Background(), p, nil, Limits{Depth: depth}, nil)
			if got := MateMoves(res.Score); got != c.moves {
				t.Fatalf("score %d (mate %d), want a win in %d; best %s", res.Score, got, c.moves, p.MoveText(res.Best))
			}
			if got := pieceMove(p, res.Best); c.key != "" && got != c.key {
				t.Fatalf("best %s, want %s", p.MoveText(res.Best), c.key)
			}
		})
	}
}

// TestVariantMatesProved proves every position of variantMates by brute force over the
// legal moves and movegen's own end-of-game rules, without the search: the side to move
// wins within N moves and not within N-1, the stated first move wins and no other does.
func TestVariantMatesProved(t *testing.T) {
	for _, c := range variantMates {
		t.Run(c.name, func(t *testing.T) {
			v := movegen.ByName(c.variant)
			p := mustFEN(t, v, c.fen)
			pr := prover{mateOnly: mateOnlyVariant(c.variant)}
			if pr.wins(p, c.moves-1) {
				t.Fatalf("the side to move wins in fewer than %d moves", c.moves)
			}
			var ml movegen.MoveList
			p.LegalMoves(&ml)
			won := false
			for _, m := range ml.Moves() {
				next := *p
				next.Apply(m)
				if !pr.lost(&next, c.moves) {
					continue
				}
				if c.key != "" && pieceMove(p, m) != c.key {
					t.Fatalf("%s wins in %d too, not only %s", p.MoveText(m), c.moves, c.key)
				}
				won = true
				if c.key == "" {
					break
				}
			}
			if !won {
				t.Fatalf("no win in %d moves", c.moves)
			}
		})
	}
}

// pieceMove is m's text, for a Hop Chess turn only its piece move (the trampoline's
// placement cut off).
func pieceMove(p *movegen.Position, m movegen.Move) string {
	s := p.MoveText(m)
	if p.Variant().Name == "hopchess" {
		s, _, _ = strings.Cut(s, ",")
	}
	return s
}

// mateOnlyVariant reports whether checkmate is the variant's only way to win, so that a
// move that gives no check cannot win at once (the prover skips the opponent's move
// generation after it).
func mateOnlyVariant(name string) bool {
	return name != "weaksquare" && name != "jumpingknights"
}

// prover decides forced wins by plain recursion over LegalMoves and Apply, the game's end
// judged by Position.Status alone. It ignores repetition and the 50-move rule: a shortest
// forced win never repeats a position, and the test positions start with a zero clock.
type prover struct {
	mateOnly bool // see mateOnlyVariant
}

// wins reports whether the side to move in p can force a win within n moves.
func (pr prover) wins(p *movegen.Position, n int) bool {
	var ml movegen.MoveList
	p.LegalMoves(&ml)
	if o := p.StatusWith(ml.Len()); o.Over() {
		return o.Result == movegen.WinFor(p.SideToMove())
	}
	if n <= 0 {
		return false
	}
	for _, m := range ml.Moves() {
		next := *p
		next.Apply(m)
		if pr.lost(&next, n) {
			return true
		}
	}
	return false
}

// lost reports whether the side to move in p, whose opponent has just moved, has lost: the
// game is over with the opponent's win, or the opponent wins within n-1 more moves
// whatever it plays.
func (pr prover) lost(p *movegen.Position, n int) bool {
	if n == 1 && pr.mateOnly && !p.InCheck() {
		return false
	}
	var ml movegen.MoveList
	p.LegalMoves(&ml)
	if o := p.StatusWith(ml.Len()); o.Over() {
		return o.Result == movegen.WinFor(p.SideToMove().Other())
	}
	if n <= 1 {
		return false
	}
	for _, m := range ml.Moves() {
		next := *p
		next.Apply(m)
		if !pr.wins(&next, n-1) {
			return false
		}
	}
	return true
}
