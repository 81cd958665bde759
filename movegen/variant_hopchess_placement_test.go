package movegen

import "testing"

// TestPlacementRank: the order of a piece move's placements, as documented: first the
// squares where no enemy piece can land, the trampoline's own square first among them;
// then the others, the own square first again. Every rank leaves room in PlacementRanks.
func TestPlacementRank(t *testing.T) {
	g := HopChess.Geometry
	keep, other := g.SquareByName("d4"), g.SquareByName("e5")
	var none, all Landings
	for _, sq := range g.Squares() {
		all.set.add(sq)
	}
	order := []int{
		PlacementRank(keep, keep, &none),
		PlacementRank(other, keep, &none),
		PlacementRank(keep, keep, &all),
		PlacementRank(other, keep, &all),
	}
	for i, r := range order {
		if r < 0 || r >= PlacementRanks || i > 0 && r >= order[i-1] {
			t.Fatalf("ranks %v: want strictly falling, within [0, %d)", order, PlacementRanks)
		}
	}
	if PlacementRank(other, NoSquare, &none) != PlacementRank(other, keep, &none) {
		t.Fatal("a trampoline off the board changes the rank of a square")
	}
}

// TestBestPlacementFollowsPlacementRank: bestPlacement, the set arithmetic quiescence
// uses, picks the square a search orders first by PlacementRank (then the higher square):
// random sets of free and avoided squares, the trampoline on a free square, on another, or
// off the board.
func TestBestPlacementFollowsPlacementRank(t *testing.T) {
	rng := newTestRand(41)
	squares := HopChess.Geometry.Squares()
	for i := 0; i < 2000; i++ {
		var free sqSet
		var avoid Landings
		for _, sq := range squares {
			if rng.IntN(4) == 0 {
				free.add(sq)
			}
			if rng.IntN(2) == 0 {
				avoid.set.add(sq)
			}
		}
		keep := NoSquare
		if rng.IntN(4) != 0 {
			keep = squares[rng.IntN(len(squares))]
		}
		want, wantRank := NoSquare, -1
		for _, sq := range squares {
			if r := PlacementRank(sq, keep, &avoid); free.has(sq) && r >= wantRank {
				want, wantRank = sq, r
			}
		}
		if got := bestPlacement(&free, &avoid.set, keep); got != want {
			t.Fatalf("free %x, avoid %x, keep %v: bestPlacement %v, want %v", free, avoid.set, keep, got, want)
		}
	}
}
