package search

import (
	"math/rand/v2"
	"slices"
	"testing"

	"varchess/movegen"
)

// TestPickOrdersDescending: pick hands out a frame's keys from the largest down, whatever
// the length (selection for the first lazyPicks, then a sort: slices.Sort for short lists,
// radixSortDesc for long ones, with and without room for its buffer) and whatever bytes
// the keys share (ordering scores far apart, equal scores, keys that differ in their low bytes only).
func TestPickOrdersDescending(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	f := new(frame)
	for _, n := range []int{0, 1, lazyPicks, lazyPicks + 1, radixMin + lazyPicks - 1, radixMin + lazyPicks, 700, 1300, len(f.moves)/2 + 1, len(f.moves)} {
		for _, kind := range []string{"random", "scores", "low bytes"} {
			seen := map[uint64]bool{}
			var want []uint64
			for len(want) < n {
				var k uint64
				switch kind {
				case "random":
					k = rng.Uint64()
				case "scores": // a few scores, turns of a few piece moves with a few placements
					placement := movegen.Square(rng.IntN(4))
					from, to := movegen.Square(rng.IntN(256)), movegen.Square(rng.IntN(16))
					m := movegen.NewMove(movegen.Turn, from, to, placement, movegen.NoType)
					k = key(m, int32(rng.IntN(5)-2)*orderKiller)
				default:
					k = 0x1234_5678_9abc_0000 | uint64(rng.IntN(1<<16))
				}
				if !seen[k] {
					seen[k] = true
					want = append(want, k)
				}
			}
			f.n = copy(f.moves[:], want)
			slices.Sort(want)
			slices.Reverse(want)
			for i := 0; i < n; i++ {
				if m := f.pick(i); m != moveOf(want[i]) || f.moves[i] != want[i] {
					t.Fatalf("n=%d %s: pick(%d) = %#x, want %#x", n, kind, i, f.moves[i], want[i])
				}
			}
		}
	}
}

// TestLosingCapturesLast: with the exchange evaluation, a capture that loses material is
// ordered after every quiet move, the smaller loss first, and exchangeAt reads its loss
// back; a capture that wins or breaks even keeps its place among the tactical moves.
func TestLosingCapturesLast(t *testing.T) {
	// The queen on d1 can take the d7 pawn (guarded by the king: loses the queen for a
	// pawn) or the e2 knight (free, as for the king and the c3 knight); the rook on a1 can
	// take the a6 pawn (guarded by the b7 pawn: loses the rook for a pawn); the knight on
	// c3 can take the e4 pawn (free).
	p := mustFEN(t, movegen.FIDE, "4k3/1p1p4/p7/8/4p3/2N5/4n3/R2QK3 w - - 0 1")
	w := newWorker(0, NewEngine())
	w.prepare(&shared{tt: newTable(1), workers: []*worker{w}}, p, nil)
	if !w.exchange {
		t.Fatal("no exchange evaluation in FIDE chess at full strength")
	}
	w.scratch.Reset()
	p.LegalMoves(&w.scratch)
	f := &w.stack[0]
	w.fill(p, f, movegen.NullMove, false, nil)
	loss := map[string]int{}
	var order []string
	for i := 0; i < f.n; i++ {
		m := f.pick(i)
		order = append(order, p.MoveText(m))
		loss[p.MoveText(m)] = f.exchangeAt(i)
	}
	val := w.exchangeValues
	want := map[string]int{
		"d1d7": val[movegen.Pawn] - val[movegen.Queen], "a1a6": val[movegen.Pawn] - val[movegen.Rook],
		"d1e2": 0, "c3e4": 0, "a1a2": 0,
	}
	for m, l := range want {
		if got, ok := loss[m]; !ok || got != l {
			t.Errorf("%s: exchange loss %d (listed %v), want %d", m, got, ok, l)
		}
	}
	n := len(order)
	if n < 3 || order[n-2] != "a1a6" || order[n-1] != "d1d7" {
		t.Errorf("order %v: want the losing captures a1a6 then d1d7 last", order)
	}
	if order[0] != "e1e2" || order[1] != "c3e2" || order[2] != "d1e2" || order[3] != "c3e4" {
		t.Errorf("order %v: want the winning captures first, by victim then attacker", order)
	}
}
