package search

import (
	"context"
	"slices"
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

// TestHopParriesCheckThenMate: a match game the full engine lost to a depth-2 search.
// White (to move) takes the rook, 8.Nf7xh8, and with its trampoline on g4 that loses to
// 8...Ng8-e5 with Black's trampoline on f3, which checks (e5-f3(#)-e1), then 9...Qf6-f2
// mate. Below the root the check is one of hundreds of quiet turns: a search that prunes
// checks unplayed does not see it. The turn chosen must leave Black no mate in 2 (a depth-3
// search from Black's side plays every first turn and meets every reply with mateInOne).
func TestHopParriesCheckThenMate(t *testing.T) {
	g := movegen.NewGame(movegen.HopChess.Start(nil))
	for _, m := range []string{"b1a3", "a7a5,f3", "g1e5,c4", "h7h5,c6", "e5b8,c4", "a8b8,c6",
		"e2e3,c4", "e7e6,a8", "a3e5,c6", "d8g5,g3", "e5b8,c6", "g5c5,d8", "b8f7,d4", "c5f6,h6"} {
		if _, err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	p := g.Position()
	blunder, err := p.ParseMove("f7h8,g4")
	if err != nil {
		t.Fatal(err)
	}
	mates := func(q *movegen.Position) bool {
		res := NewEngine().Search(context.Background(), q, nil, Limits{Depth: 3}, nil)
		return MateMoves(res.Score) > 0
	}
	q := *p
	q.Apply(blunder)
	if !mates(&q) {
		t.Fatalf("%s: Black's mate in 2 after %s not found: the test proves nothing", q.FEN(), p.MoveText(blunder))
	}
	res := NewEngine().Search(context.Background(), p, nil, Limits{Depth: 3}, nil)
	q = *p
	q.Apply(res.Best)
	if mates(&q) {
		t.Fatalf("%s lets Black mate (score %d)", p.MoveText(res.Best), res.Score)
	}
}

// TestHopCapturePlacementOpensNoRecapture: quiescence searches each capture with one
// trampoline placement, and which one matters. From a match game (1.c3 c5,a4 2.d4,d6 Nf6,h5
// 3.e4,e5 Nxe4,g3 4.Bf4,c7): Black's queen takes the bishop, Qd8-c7(@)-xf4. Leaving Black's
// trampoline on g3 lets the pawn recapture through it (g2-g3(#)-xf4), so with that
// placement the capture looked lost and the depth-2 search played 4.Bf4 into it. Placed
// where no White piece can land, the capture wins the bishop, as the game went.
func TestHopCapturePlacementOpensNoRecapture(t *testing.T) {
	p := mustFEN(t, movegen.HopChess, "rnbqkb1r/pp1ppppp/8/2p5/3PnB2/2P5/PP3PPP/RN1QKBNR b KQkq - 1 4 c7 g3")
	w := preparedWorker(p, nil)
	w.stack[0].pos = *p
	stand := w.evaluate(p)
	score := w.qsearch(&w.stack[0].pos, -Infinity, Infinity, 0, 0)
	if bishop := w.ev.Value(movegen.Bishop); score < stand+bishop/2 {
		t.Fatalf("quiescence score %d, static %d: the bishop on f4 (%d) is not won", score, stand, bishop)
	}
}

// TestHopWideNodeSearchesMateCheckBelowAlpha: a wide node at wideCheckDepth finds its mate
// in one (mateInOne, or the checks it searches beyond the limits), so no pruning may skip
// it there: a side far behind in material sees its static evaluation far below alpha, and
// its mate is a quiet turn. White, a queen and a knight down (the knight on a5 keeps it
// far behind under any piece values), mates with Ra1-e1(@)-e7 and the trampoline on e8
// (the rook hops along the back rank); the node is searched at wideCheckDepth off the
// principal variation with alpha 300 above its static evaluation, and the capture a2xb3,
// searched first, opens the pruning.
func TestHopWideNodeSearchesMateCheckBelowAlpha(t *testing.T) {
	p := mustFEN(t, movegen.HopChess, "6k1/5ppp/8/n7/8/1pq5/P5PP/R5K1 w - - 0 20 e1 -")
	if mateIn1(p) == movegen.NullMove {
		t.Fatal("the position has no mate in 1")
	}
	w := preparedWorker(p, nil)
	w.stack[1].pos = *p
	alpha := w.evaluate(p) + 300
	if alpha >= -futilityMargin {
		t.Fatalf("static evaluation %d: White is not far enough behind for the test", alpha-300)
	}
	w.rootDepth = 3
	score := w.negamax(&w.stack[1].pos, alpha, alpha+1, wideCheckDepth, 1)
	if score < MateBound {
		t.Fatalf("score %d: the mate in one was not found", score)
	}
}

// hopMatesIn1 reports whether the side to move in p mates at once (a check after which the
// opponent has no legal turn).
func hopMatesIn1(p *movegen.Position) bool { return mateIn1(p) != movegen.NullMove }

// hopLostIn2 reports whether the side to move in p, not in check from a mate already, is
// mated in one whatever it plays (every legal turn allows a mate in one).
func hopLostIn2(p *movegen.Position) bool {
	var ml movegen.MoveList
	p.LegalMoves(&ml)
	if ml.Len() == 0 {
		return p.InCheck()
	}
	for _, m := range ml.Moves() {
		q := *p
		q.Apply(m)
		if !hopMatesIn1(&q) {
			return false
		}
	}
	return true
}

// TestHopFindsMateInThree: King and rook against king, mate in three: the search must say
// so at depth 7. The brute-force prover of variants_test.go cannot afford Hop Chess at
// this length (over a thousand turns a ply), so the proof is built from movegen here:
// no first turn forces a mate in two (for each, some reply escapes every mate in one),
// and after the search's first turn every reply loses in two, with the search choosing
// White's second turn and brute force proving that every answer to it is mated at once.
func TestHopFindsMateInThree(t *testing.T) {
	if testing.Short() {
		t.Skip("proves a Hop Chess mate in 3 by brute force (seconds)")
	}
	p := mustFEN(t, movegen.HopChess, "8/8/8/8/KR6/6k1/8/8 w - - 0 30 - -")
	res := NewEngine().Search(context.Background(), p, nil, Limits{Depth: 7}, nil)
	if got := MateMoves(res.Score); got != 3 {
		t.Fatalf("score %d (mate %d), best %s: want a mate in 3", res.Score, got, p.MoveText(res.Best))
	}
	var first movegen.MoveList
	p.LegalMoves(&first)
	for _, m := range first.Moves() {
		q := *p
		q.Apply(m)
		if hopLostIn2(&q) {
			t.Fatalf("%s mates in 2: the position is no mate in 3", p.MoveText(m))
		}
	}
	q := *p
	q.Apply(res.Best)
	var replies movegen.MoveList
	q.LegalMoves(&replies)
	if replies.Len() == 0 {
		t.Fatalf("%s ends the game at once", p.MoveText(res.Best))
	}
	eng := NewEngine()
	for _, b := range replies.Moves() {
		r := q
		r.Apply(b)
		second := eng.Search(context.Background(), &r, nil, Limits{Depth: 3}, nil).Best
		s := r
		s.Apply(second)
		if !hopLostIn2(&s) {
			t.Fatalf("after %s %s %s Black is not mated next move", p.MoveText(res.Best), q.MoveText(b), r.MoveText(second))
		}
	}
}

// TestHopVerifyFindsPlacementRefutation: from a match game the full engine lost to a
// depth-2 search. White's 7.Bc1-d2 with the trampoline on c3 looked best (+3.3 at depth 4)
// to a search that tries a few of Black's hundreds of turns. It loses material to
// 7...Bg7xd2+, which hops over White's own trampoline on c3, with Black's placed on b3 (the
// knight on a1 then hops over b3 onto the recapturing queen). verifyReplies must lower the
// score, and a full-width search of Black's turns scores the move below zero (-237 to
// depth 2, where the pruned search of the same node gives +165).
func TestHopVerifyFindsPlacementRefutation(t *testing.T) {
	g := movegen.NewGame(movegen.HopChess.Start(nil))
	for _, m := range []string{"b1a3", "g7g5,e5", "f2f4,b6", "f8h6,c6", "a3c4,d6", "e8f8,c6",
		"d2d3,b6", "b8d4,b3", "c4a8,h4", "d4a1,f2", "h2g5,b8", "h6g7,h6", "c1d2,c3"} {
		if _, err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	w := preparedWorker(g.Position(), nil)
	const thought = 330
	w.stack[1].pos = *g.Position()
	if v := w.verifyReplies(&w.stack[1].pos, thought); v >= thought-verifyMargin {
		t.Fatalf("verified score %d: the refutation 7...Bg7xd2+ (trampoline b3) is not found", v)
	}
	w.stack[1].pos = *g.Position()
	w.stack[1].fullWidth = true
	if v := -w.negamax(&w.stack[1].pos, -Infinity, Infinity, verifyDepth, 1); v >= 0 {
		t.Fatalf("full-width score %d: Black's refutation does not win material", v)
	}
}

// TestHopVerifyPlaysEveryReply: the reply check prunes none of the opponent's turns. With a
// bound no reply reaches, every turn is searched (one node or more each), where the pruned
// search of the same node plays a few dozen.
func TestHopVerifyPlaysEveryReply(t *testing.T) {
	p := mustFEN(t, movegen.HopChess, "r1bqk2r/ppp2ppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQK2R b KQkq - 0 6 d4 e6")
	var ml movegen.MoveList
	p.LegalMoves(&ml)
	if ml.Len() < wideNode {
		t.Fatalf("%d turns: not a wide node", ml.Len())
	}
	nodes := func(full bool) uint64 {
		w := preparedWorker(p, nil)
		w.stack[1].pos = *p
		w.stack[1].fullWidth = full
		w.negamax(&w.stack[1].pos, MateBound-1, MateBound, verifyDepth, 1)
		return w.nodes
	}
	pruned, full := nodes(false), nodes(true)
	t.Logf("%d turns: %d nodes pruned, %d full width", ml.Len(), pruned, full)
	if full <= uint64(ml.Len()) || pruned >= uint64(ml.Len()) {
		t.Fatalf("%d turns: %d nodes pruned, %d full width", ml.Len(), pruned, full)
	}
}

// checksWorker prepares a worker for the Hop Chess position fen with the position's checks
// listed in w.checks, as negamax lists them, and returns the number of its turns.
func checksWorker(t *testing.T, fen string) (*worker, *movegen.Position, int) {
	p := mustFEN(t, movegen.HopChess, fen)
	w := preparedWorker(p, nil)
	var ml movegen.MoveList
	w.checks.Reset()
	p.LegalMovesChecks(&ml, &w.checks)
	return w, p, ml.Len()
}

// TestHopWideChecksOnePlacementAtCheckDepth: a piece that checks by itself checks with every
// placement (the knight's Nd5-e6+ here, with 31), and a wide node at wideCheckDepth searches
// such checks with the first placement only, quiet or capture; the mates the others give
// are mateInOne's. Above that depth every check is searched; below it none beyond the
// late-move limits, and a capture's checks are searched as the quiet ones are.
func TestHopWideChecksOnePlacementAtCheckDepth(t *testing.T) {
	w, p, turns := checksWorker(t, "rnbk1bnr/pp1pp1p1/1q6/2pN1pNp/8/3P4/PPPBPPPP/R2QKB1R w KQ - 2 8 c7 f6")
	if turns < wideNode {
		t.Fatalf("%d turns: not a wide node", turns)
	}
	turn := func(text string) movegen.Move {
		m, err := p.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	f := &w.stack[1]
	f.setChecks(true, w.checks.Moves())
	// skips plays the turns in order at depth as negamax's loop would, and reports which
	// were skipped and which of those searched were checks kept beyond the limits.
	skips := func(depth int, texts ...string) (skipped, kept []bool) {
		f.startLoop()
		for _, text := range texts {
			m := turn(text)
			tactical := w.ev.Tactical(p, m)
			skip, checkKept := f.wideSkip(m, movegen.NullMove, tactical, true, depth, false)
			skipped, kept = append(skipped, skip), append(kept, checkKept)
			if !skip && !tactical {
				f.quiets.add(m)
			}
		}
		return skipped, kept
	}
	for _, c := range []struct {
		depth         int
		turns         []string
		skipped, kept []bool
	}{
		// Quiet checks: the first placement at wideCheckDepth, all above it.
		{wideCheckDepth, []string{"d5e6,b1", "d5e6,c1", "d5e6,g1"}, []bool{false, true, true}, []bool{true, false, false}},
		{wideCheckDepth + 1, []string{"d5e6,b1", "d5e6,c1", "d5e6,g1"}, []bool{false, false, false}, []bool{true, true, true}},
		// A capture: its first placement (no check), then its checks as the quiet ones,
		// none at depth 1.
		{1, []string{"d5e7,a3", "d5e7,c6", "d5e7,e6"}, []bool{false, true, true}, []bool{false, false, false}},
		{wideCheckDepth, []string{"d5e7,a3", "d5e7,c6", "d5e7,e6"}, []bool{false, false, true}, []bool{false, true, false}},
		{wideCheckDepth + 1, []string{"d5e7,a3", "d5e7,c6", "d5e7,e6"}, []bool{false, false, false}, []bool{false, true, true}},
	} {
		skipped, kept := skips(c.depth, c.turns...)
		if !slices.Equal(skipped, c.skipped) || !slices.Equal(kept, c.kept) {
			t.Errorf("depth %d, %v: skipped %v, kept as checks %v; want %v, %v", c.depth, c.turns, skipped, kept, c.skipped, c.kept)
		}
	}
}

// TestHopMateInOneAtCheckDepth: at wideCheckDepth a wide node searches one placement of
// each checking piece move, so mateInOne must test its checks there too: the mate
// Ra1-e1(@)-e7 is found before the node's loop.
func TestHopMateInOneAtCheckDepth(t *testing.T) {
	w, p, turns := checksWorker(t, "6k1/5ppp/8/n7/8/1pq5/P5PP/R5K1 w - - 0 20 e1 -")
	w.stack[1].pos = *p
	for depth := 1; depth <= wideCheckDepth+1; depth++ {
		score, m := w.mateInOne(&w.stack[1].pos, turns >= wideNode, depth, 1)
		if want := depth <= wideCheckDepth; (score > MateBound) != want {
			t.Errorf("depth %d: mateInOne %d (%s), want a mate %v", depth, score, p.MoveText(m), want)
		}
	}
}
