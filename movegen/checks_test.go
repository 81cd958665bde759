package movegen

import (
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
)

// checkLegalMovesChecks compares p.LegalMovesChecks with its definition: the moves are
// LegalMoves' in the same order, and the checks are exactly those of them after which the
// side to move is in check, in the same order. HasLegalMove must agree with LegalMoves in
// p and after every check (where the mates are). It returns the number of checks.
func checkLegalMovesChecks(t *testing.T, p *Position) int {
	t.Helper()
	var want, got, checks MoveList
	p.LegalMoves(&want)
	if p.HasLegalMove(&got) != (want.Len() > 0) {
		t.Fatalf("%s: HasLegalMove wrong, %d legal moves", p.FEN(), want.Len())
	}
	got.Reset()
	p.LegalMovesChecks(&got, &checks)
	if got.Len() != want.Len() {
		t.Fatalf("%s: %d moves, LegalMoves %d", p.FEN(), got.Len(), want.Len())
	}
	n := 0
	for i, m := range want.Moves() {
		if got.At(i) != m {
			t.Fatalf("%s: move %d is %s, LegalMoves has %s", p.FEN(), i, p.MoveText(got.At(i)), p.MoveText(m))
		}
		c := *p
		c.Apply(m)
		if !c.InCheck() {
			continue
		}
		var evasions, scratch MoveList
		c.LegalMoves(&evasions)
		if c.HasLegalMove(&scratch) != (evasions.Len() > 0) {
			t.Fatalf("%s after %s: HasLegalMove says %v, %d legal moves", p.FEN(), p.MoveText(m), !(evasions.Len() > 0), evasions.Len())
		}
		if n >= checks.Len() || checks.At(n) != m {
			t.Fatalf("%s: check %s missing or out of order", p.FEN(), p.MoveText(m))
		}
		n++
	}
	if n != checks.Len() {
		t.Fatalf("%s: %d checks listed, %d moves give check (first extra: %s)", p.FEN(), checks.Len(), n, p.MoveText(checks.At(n)))
	}
	return n
}

// TestHopLegalMovesChecks: Hop Chess finds its checking turns without playing them (direct
// and discovered checks, checks through either trampoline or both, placements that give
// check, promotions on a trampoline, a pawn that just stepped in front of one); they must be
// exactly the turns after which the opponent is in check. Random games from the start and
// from the perft table's positions (HOP_ORACLE=1: more and longer games).
func TestHopLegalMovesChecks(t *testing.T) {
	for _, fen := range []string{
		// The back rank: Ra1 to e1 hops up the e-file, and many turns place the trampoline
		// so that the rook or the king's neighbours give check.
		"6k1/1b3ppp/1n6/8/8/p7/P5PP/R5K1 w - - 0 20 e1 a4",
		// Promotions: e7-e8(@)=Q-a8 after the placement on e8, e6-e7 with e8 next, the
		// knight promotion by capture when White has no knight, and a promotion via e.
		"k2r4/4P3/8/8/8/8/8/4K3 w - - 0 40 a1 h8",
		"k7/8/4P3/8/8/8/8/4K3 w - - 0 40 a1 h8",
		"3r4/4P1k1/8/8/8/8/8/4K3 w - - 0 40 a1 h8",
		"1k6/8/8/8/8/8/2p5/5K2 b - - 0 40 a1 h8",
		// Castling with check by the rook, en passant discovering a check.
		"3k4/8/8/8/8/8/8/R3K2R w KQ - 0 30 a5 h5",
		"8/8/8/KPp4r/8/8/8/4k3 w - c6 0 30 h1 h2",
		// White's first turn: no placement.
		HopChess.StartFEN,
	} {
		p, err := HopChess.ParseFEN(fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		checkLegalMovesChecks(t, p)
	}
	// Every position of the sample game, with its checks by placement (2...e6 b4+).
	g := NewGame(HopChess.Start(nil))
	for _, mv := range hopSampleGame {
		checkLegalMovesChecks(t, g.Position())
		g.PlayText(strings.TrimSuffix(mv, "+"))
	}
	// A mate through a trampoline: after a1-e1(@)-e8 Black has no legal turn.
	p := HopChess.MustParseFEN("6k1/5ppp/8/8/8/8/P5PP/R5K1 w - - 0 20 e1 -")
	checkLegalMovesChecks(t, p)
	mate, _ := p.ParseMove("a1e8,h8")
	p.Apply(mate)
	var scratch MoveList
	if p.HasLegalMove(&scratch) {
		t.Fatal("a1e8: HasLegalMove finds a move after mate")
	}
	games, plies := 2, 24
	starts := []string{HopChess.StartFEN}
	for _, c := range readPerftTable(t, HopChess.Name) {
		starts = append(starts, c.fen)
	}
	if os.Getenv("HOP_ORACLE") != "" {
		games, plies = 20, 100
	}
	rng := newTestRand(17)
	total := 0
	for _, start := range starts {
		for g := 0; g < games; g++ {
			playRandom(HopChess.MustParseFEN(start), rng, plies, func(p *Position) {
				total += checkLegalMovesChecks(t, p)
			})
		}
	}
	if total == 0 {
		t.Fatal("no checking turn in any position: the comparison tested nothing")
	}
}

// TestLegalMovesChecksPlaysMoves: the variants without their own way play each move; the
// checks of a FIDE position are its checking moves, listed with the legal moves.
func TestLegalMovesChecksPlaysMoves(t *testing.T) {
	p := mustParse(t, FIDE, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	if n := checkLegalMovesChecks(t, p); n != 0 {
		t.Fatalf("kiwipete has no check, found %d", n)
	}
	p = mustParse(t, FIDE, "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")
	if n := checkLegalMovesChecks(t, p); n != 2 { // Ra8+, Rh8+
		t.Fatalf("%d checks, want 2", n)
	}
}

// TestHopLandings: HopLandings(c) is exactly the set of squares on which the turn
// generator lets a piece of c other than the king end a plain move (no capture, no en
// passant) once both trampolines are off the board, so that no move hops. Both colours of
// random games from the start and from the perft table's positions.
func TestHopLandings(t *testing.T) {
	starts := []string{HopChess.StartFEN}
	for _, c := range readPerftTable(t, HopChess.Name) {
		starts = append(starts, c.fen)
	}
	rng := newTestRand(23)
	compared := 0
	for _, start := range starts {
		playRandom(HopChess.MustParseFEN(start), rng, 30, func(p *Position) {
			for _, c := range []Color{White, Black} {
				got := p.HopLandings(c)
				q := *p
				q.side, q.tramp = c, [2]Square{NoSquare, NoSquare}
				var moves hopPieceMoves
				q.genHopPieceMoves(&moves)
				var want sqSet
				for _, m := range moves.m[:moves.n] {
					if m.From() != q.kings[c] && q.cells[m.To()] == Empty && m.Kind() != TurnEnPassant {
						want.add(m.To())
					}
				}
				if got.set != want {
					t.Fatalf("%s: HopLandings(%v) differs from the plain moves' destinations", p.FEN(), c)
				}
				compared++
			}
		})
	}
	if compared < 100 {
		t.Fatalf("only %d positions compared", compared)
	}
}

// TestInCheckAfter: after every legal move of random games in every variant, and of FIDE
// positions full of discovered checks, promotions, en passant and castling checks,
// InCheckAfter answers as InCheck does. The fast paths must be the ones tested: FIDE, Bunker
// and Black Hole use the standard one, Jumping Knights the one along the changed lines, and
// the games must meet checks of every kind they tell apart.
func TestInCheckAfter(t *testing.T) {
	for _, v := range []*Variant{FIDE, Bunker, Blackhole} {
		if !v.quickCheck {
			t.Fatalf("%s: InCheckAfter does not take its fast path", v.Name)
		}
	}
	if !JumpingKnights.linesCheck {
		t.Fatalf("%s: InCheckAfter does not take its path along the changed lines", JumpingKnights.Name)
	}
	checks := map[string]int{}
	check := func(p *Position) {
		t.Helper()
		var ml MoveList
		p.LegalMoves(&ml)
		for _, m := range ml.Moves() {
			c := *p
			c.Apply(m)
			want := c.InCheck()
			if got := c.InCheckAfter(m); got != want {
				t.Fatalf("%s %s after %s: InCheckAfter %v, InCheck %v", p.Variant().Name, p.FEN(), p.MoveText(m), got, want)
			}
			if want && p.v.linesCheck && (m.Kind() == Normal || m.Kind() == HopCapture) {
				checks["along changed lines"]++
			}
			if want && p.v.quickCheck && m.Kind() == Normal {
				// Discovered if the king stays attacked without the moved piece.
				d := c
				d.cells[m.To()] = Empty
				if d.InCheck() {
					checks["discovered"]++
				} else {
					checks["direct"]++
				}
			}
		}
	}
	for _, fen := range []string{
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
		"4k3/8/8/4N3/8/1B6/4R3/4K3 w - - 0 1",                               // the knight discovers the rook's check
		"3qk3/4P3/8/8/8/8/8/R3K3 w Q - 0 1",                                 // promotions, castling with check
		"8/8/8/k2pP2R/8/8/8/4K3 w - d6 0 2",                                 // en passant opens the rank
		"5k2/8/8/8/8/8/6PP/1Q2K2R w K - 0 1",                                // castling discovers nothing, the rook checks
		"k7/8/8/8/3Q4/8/8/4K2R w K - 0 1",                                   // queen checks on every line
		"8/1k6/8/3pP3/8/5B2/8/4K3 w - d6 0 2",                               // en passant opens the bishop's diagonal
		"r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", // Qxf7 mate
	} {
		check(FIDE.MustParseFEN(fen))
	}
	rng := rand.New(rand.NewPCG(9, 9))
	for _, v := range All {
		for g := 0; g < 8; g++ {
			playRandom(v.Start(rng), rng, 150, check)
		}
	}
	if checks["direct"] < 100 || checks["discovered"] < 10 || checks["along changed lines"] < 10 {
		t.Fatalf("too few checks on the fast path to test it: %v", checks)
	}
	t.Log(checks)
}

// TestHopLegalTacticalPlaced: LegalTacticalPlaced lists, in LegalTactical's order, each
// capturing or promoting piece move once with exactly the placement that ranks first among
// those LegalTactical lists for it (the highest PlacementRank, then the larger move code,
// as a search orders them), and answers whether there is a legal turn as LegalTactical does.
// avoid is the opponent's HopLandings and, in turn, a random set and every square (so that every rank of
// the rule is met: the own square inside or outside it, every placement inside it).
// Random games from the start and from the perft table's positions, the placement found
// by testing candidates or from hopDanger; no allocation.
func TestHopLegalTacticalPlaced(t *testing.T) {
	starts := []string{HopChess.StartFEN}
	for _, c := range readPerftTable(t, HopChess.Name) {
		starts = append(starts, c.fen)
	}
	rng := newTestRand(29)
	var full, placed MoveList
	compared, kept, inside := 0, 0, 0
	check := func(p *Position, avoid *Landings) {
		t.Helper()
		full.Reset()
		placed.Reset()
		anyFull := p.LegalTactical(&full)
		anyPlaced := p.LegalTacticalPlaced(&placed, avoid)
		if anyFull != anyPlaced {
			t.Fatalf("%s: LegalTacticalPlaced says any legal %v, LegalTactical %v", p.FEN(), anyPlaced, anyFull)
		}
		own := p.Trampoline(p.SideToMove())
		rank := func(m Move) int { return PlacementRank(m.Aux(), own, avoid) }
		var want []Move
		for _, m := range full.Moves() {
			i := slices.IndexFunc(want, func(x Move) bool { return x.PieceMove() == m.PieceMove() })
			switch {
			case i < 0:
				want = append(want, m)
			case rank(m) > rank(want[i]) || rank(m) == rank(want[i]) && m > want[i]:
				want[i] = m
			}
		}
		if !slices.Equal(placed.Moves(), want) {
			t.Fatalf("%s: LegalTacticalPlaced lists %d moves %v, want %d %v", p.FEN(), placed.Len(), placed.Moves(), len(want), want)
		}
		for _, m := range want {
			if m.Aux() == own {
				kept++
			}
			if avoid.Has(m.Aux()) {
				inside++
			}
		}
		compared += len(want)
	}
	defer func(n int) { maxPlacementTries = n }(maxPlacementTries)
	for _, start := range starts {
		playRandom(HopChess.MustParseFEN(start), rng, 40, func(p *Position) {
			// Both ways to the placement: candidates tested one by one, and hopDanger's
			// set of the unsafe ones.
			maxPlacementTries = rng.IntN(2) * 4
			theirs := p.HopLandings(p.SideToMove().Other())
			check(p, &theirs)
			var random Landings
			for i := range random.set {
				random.set[i] = rng.Uint64() | rng.Uint64() // three squares in four
			}
			check(p, &random)
			for i := range random.set {
				random.set[i] = ^uint64(0) // every placement inside
			}
			check(p, &random)
		})
	}
	if compared < 1000 || kept == 0 || inside == 0 {
		t.Fatalf("only %d tactical moves compared (%d keep the trampoline, %d inside avoid)", compared, kept, inside)
	}
	t.Logf("%d tactical moves compared, %d keep the trampoline, %d inside avoid", compared, kept, inside)
	p := HopChess.MustParseFEN("r3k2r/pppq1ppp/2n2n2/2bpp1B1/2B1P1b1/2NP1N2/PPPQ1PPP/R3K2R w KQkq - 4 8 c1 f8")
	theirs := p.HopLandings(Black)
	checkNoAllocs(t, "LegalTacticalPlaced", 20, func() { placed.Reset(); p.LegalTacticalPlaced(&placed, &theirs) })
	if placed.Len() == 0 {
		t.Fatalf("no tactical move in %s", p.FEN())
	}
}

// TestHopHasLegalMoveHint: HasLegalMoveHint answers as HasLegalMove and as LegalMoves
// (some move or none) after every check of random games, used as a search uses it: one
// hint carried from check to check and from position to position, so that it is often
// stale (a piece gone, a move now impossible or illegal), and sometimes a made-up move
// (of the king, often).
// When the answer is yes the hint is the piece move of one of the legal turns. Starts:
// the start, the perft table's positions and one with a mate in one.
func TestHopHasLegalMoveHint(t *testing.T) {
	starts := []string{HopChess.StartFEN, "6k1/5ppp/8/8/8/1pq5/P5PP/R5K1 w - - 0 20 e1 -"}
	for _, c := range readPerftTable(t, HopChess.Name) {
		starts = append(starts, c.fen)
	}
	rng := newTestRand(37)
	var ml, checks, replies, scratch MoveList
	hint := NullMove
	compared, mates, hits := 0, 0, 0
	for _, start := range starts {
		playRandom(HopChess.MustParseFEN(start), rng, 40, func(p *Position) {
			ml.Reset()
			checks.Reset()
			p.LegalMovesChecks(&ml, &checks)
			for i, c := range checks.Moves() {
				if i == 40 {
					break
				}
				q := *p
				q.Apply(c)
				replies.Reset()
				q.LegalMoves(&replies)
				want := replies.Len() > 0
				switch rng.IntN(8) {
				case 0:
					hint = NewMove(Turn, Square(rng.IntN(256)), Square(rng.IntN(256)), NoSquare, NoType)
				case 1: // a king's move, often not a step, or onto a piece or a trampoline
					k := q.kings[q.side]
					hint = NewMove(Turn, k, k+Square(rng.IntN(41)-20), NoSquare, NoType)
				}
				before := hint
				got := q.HasLegalMoveHint(&scratch, &hint)
				if got != want || q.HasLegalMove(&scratch) != want {
					t.Fatalf("%s, hint %v: HasLegalMoveHint says %v, HasLegalMove %v, %d legal turns", q.FEN(), before, got, q.HasLegalMove(&scratch), replies.Len())
				}
				compared++
				if !want {
					mates++
					continue
				}
				if hint == before {
					hits++
				}
				const pieceMove = 0x0F00FFFF | 0xF0000000 // all but the placement
				if !slices.ContainsFunc(replies.Moves(), func(m Move) bool { return m&pieceMove == hint }) {
					t.Fatalf("%s: hint %v after the answer is not the piece move of a legal turn", q.FEN(), hint)
				}
			}
		})
	}
	if compared < 500 || mates == 0 || hits == 0 || hits == compared-mates {
		t.Fatalf("%d checks compared, %d mates, %d answered by the hint: too few of some", compared, mates, hits)
	}
	t.Logf("%d checks compared, %d mates, %d answered by the hint", compared, mates, hits)
	p := HopChess.MustParseFEN("r3k2r/pppq1ppp/2n2n2/2bpp1B1/2B1P1b1/2NP1N2/PPPQ1PPP/R3K2R w KQkq - 4 8 c1 f8")
	checkNoAllocs(t, "HasLegalMoveHint", 20, func() { p.HasLegalMoveHint(&scratch, &hint) })
}
