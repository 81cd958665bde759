package movegen

import (
	"math/rand/v2"
	"testing"
)

// TestLegalTacticalMatchesLegalMoves plays random games in every variant (and FIDE
// positions full of pins, checks, en passant and promotions) and checks at every position
// that LegalTactical gives exactly the captures and promotions among LegalMoves, in the
// same order, and says whether there is any legal move as LegalMoves does: a quiescence
// search relies on both. HasLegalMove, which stops at the first legal move, must agree
// too (the full-width search asks it where it needs nothing more).
func TestLegalTacticalMatchesLegalMoves(t *testing.T) {
	check := func(p *Position) {
		t.Helper()
		var all, tac MoveList
		p.LegalMoves(&all)
		anyLegal := p.LegalTactical(&tac)
		var scratch MoveList
		if p.HasLegalMove(&scratch) != (all.Len() > 0) {
			t.Fatalf("%s %s: HasLegalMove says %v, LegalMoves has %d", p.Variant().Name, p.FEN(), !(all.Len() > 0), all.Len())
		}
		if anyLegal != (all.Len() > 0) {
			t.Fatalf("%s %s: LegalTactical says any legal move %v, LegalMoves has %d", p.Variant().Name, p.FEN(), anyLegal, all.Len())
		}
		var want []Move
		for _, m := range all.Moves() {
			if m.Promo() != NoType || p.Captured(m) != Empty {
				want = append(want, m)
			}
		}
		got := tac.Moves()
		if len(got) != len(want) {
			t.Fatalf("%s %s: %d tactical moves, want %d", p.Variant().Name, p.FEN(), len(got), len(want))
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("%s %s: tactical move %d is %s, want %s", p.Variant().Name, p.FEN(), i, p.MoveText(got[i]), p.MoveText(want[i]))
			}
		}
	}
	for _, fen := range []string{
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
		"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",      // stalemate
		"6rk/5Npp/8/8/8/8/8/6K1 b - - 0 1",    // smothered mate
		"k7/8/1Q6/8/8/8/8/4K3 b - - 0 1",      // stalemate
		"k7/p7/P7/8/8/8/8/1R2K3 b - - 0 1",    // stalemate: the pawn blocked, the b-file guarded
		"4k3/8/8/8/8/8/3PPP2/3QK2R w K - 0 1", // castling among the king's moves
		"r3k3/8/8/8/8/8/8/R3K2q w Q - 0 1",    // in check along the first rank
		"4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1",   // the bishop is pinned
	} {
		check(FIDE.MustParseFEN(fen))
	}
	rng := rand.New(rand.NewPCG(8, 8))
	for _, v := range All {
		for g := 0; g < 6; g++ {
			playRandom(v.Start(rng), rng, 120, check)
		}
	}
}
