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
