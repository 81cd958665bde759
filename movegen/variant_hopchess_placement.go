package movegen

import "math/bits"

// Hop Chess placements: the sets of squares the turn walk works with, the squares the
// opponent's pieces could land on (HopLandings), and the order in which a search tries the
// placements of one piece move (PlacementRank), which quiescence follows by asking for the
// first placement alone (bestPlacement, bestSafePlacement).

// sqSet is a set of cells.
type sqSet [maxCells / 64]uint64

func (s *sqSet) add(sq Square)      { s[sq>>6] |= 1 << (sq & 63) }
func (s *sqSet) has(sq Square) bool { return s[sq>>6]&(1<<(sq&63)) != 0 }
func (s *sqSet) remove(sq Square)   { s[sq>>6] &^= 1 << (sq & 63) }

// noSquares is the empty set.
var noSquares sqSet

// last is the highest square of s, NoSquare if s is empty.
func (s *sqSet) last() Square {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] != 0 {
			return Square(i<<6 | (63 - bits.LeadingZeros64(s[i])))
		}
	}
	return NoSquare
}

// Landings is a set of squares: where the pieces of one side could end a plain move.
type Landings struct{ set sqSet }

// Has reports whether sq is in the set.
func (l *Landings) Has(sq Square) bool { return l.set.has(sq) }

// HopLandings returns the empty squares on which a piece of colour c (not its king, which
// never steps onto a trampoline) could end a plain, non-capturing step or ride from where
// the pieces stand now, trampolines passed over as the empty squares they are. A
// trampoline placed on such a square hands that piece a hop, so a search uses the set to
// put its own trampoline where the opponent cannot use it (a capture's placement, say,
// should not open the recapture). Second hops are not followed.
func (p *Position) HopLandings(c Color) (l Landings) {
	push := Square(p.v.pawnPush[c])
	for _, from := range p.pieces[c][:p.nPieces[c]] {
		switch t := p.cells[from].Type(); t {
		case King:
		case Pawn:
			s := from + push
			if p.cells[s] != Empty {
				continue
			}
			l.set.add(s)
			if int(p.v.Geometry.rank[from]) == p.v.Pawn.StartRank[c] && p.cells[s+push] == Empty {
				l.set.add(s + push)
			}
		default:
			for ks := hopLines.kinds[t]; ks != 0; ks &= ks - 1 {
				kind := bits.TrailingZeros8(ks)
				for _, d := range hopLines.dirs[kind][:hopLines.ndirs[kind]] {
					for s := from + Square(d); p.cells[s] == Empty; s += Square(d) {
						l.set.add(s)
						if !hopLines.rider[kind] {
							break
						}
					}
				}
			}
		}
	}
	return l
}

// PlacementRanks is the number of ranks PlacementRank gives, 0 to PlacementRanks-1: the
// room a search leaves below a move's score for the rank of its placement.
const PlacementRanks = 4

// PlacementRank is how early a search tries the placement of the mover's trampoline on sq
// among the turns of one piece move: the higher rank first, and among equal ranks the
// higher square (the larger move code). First come the squares outside avoid, the
// opponent's HopLandings, where the trampoline hands no enemy piece a hop (a capture's
// placement, say, should not open the recapture); among each of those two groups, keep,
// the square where the trampoline stands, which leaves it there.
//
// This is the one statement of the order: a search scores turns with it, and quiescence,
// which plays each capture with its first placement only, asks movegen for that placement
// (LegalTacticalPlaced), which picks it by the same rank.
func PlacementRank(sq, keep Square, avoid *Landings) int {
	return placementRank(avoid.Has(sq), sq == keep)
}

// placementRank is PlacementRank from the two facts it depends on: whether an enemy piece
// could land on the square, and whether the trampoline stands there already.
func placementRank(landable, kept bool) int {
	r := 0
	if !landable {
		r += 2
	}
	if kept {
		r++
	}
	return r
}

// placementTiers sorts the squares of free by PlacementRank (avoid and keep as there):
// tiers[r] holds those of rank r. The rank depends only on whether a square is in avoid
// and whether it is keep, so three ranks are worked out, and the rest is set arithmetic.
func placementTiers(free, avoid *sqSet, keep Square) (tiers [PlacementRanks]sqSet) {
	outside, inside := placementRank(false, false), placementRank(true, false)
	for i := range free {
		tiers[outside][i] |= free[i] &^ avoid[i]
		tiers[inside][i] |= free[i] & avoid[i]
	}
	if keep != NoSquare && free.has(keep) {
		tiers[outside].remove(keep)
		tiers[inside].remove(keep)
		tiers[placementRank(avoid.has(keep), true)].add(keep)
	}
	return tiers
}

// bestPlacement is the square of free (the legal placements of one piece move) that a
// search orders first: the highest PlacementRank, then the highest square. NoSquare if
// free is empty.
func bestPlacement(free, avoid *sqSet, keep Square) Square {
	tiers := placementTiers(free, avoid, keep)
	for r := PlacementRanks - 1; r >= 0; r-- {
		if s := tiers[r].last(); s != NoSquare {
			return s
		}
	}
	return NoSquare
}

// maxPlacementTries is how many unsafe placements bestSafePlacement tests before it
// leaves the rest to hopDanger, which finds all of them at once. (A variable: the tests
// set it to 0 to check the hopDanger path on the same positions.)
var maxPlacementTries = 4

// bestSafePlacement tries the squares of free (the empty squares after a piece move but e)
// in bestPlacement's order and returns the first on which the mover's trampoline opens no
// route to its king k (safe with e alone) for a piece of by, NoSquare if there is none.
// decided is false once maxPlacementTries squares have failed.
func (q *Position) bestSafePlacement(k Square, by Color, e, keep Square, free, avoid *sqSet) (s Square, decided bool) {
	tiers := placementTiers(free, avoid, keep)
	tries := 0
	for r := PlacementRanks - 1; r >= 0; r-- {
		set := &tiers[r]
		for t := set.last(); t != NoSquare; t = set.last() {
			if tries == maxPlacementTries {
				return NoSquare, false
			}
			if !q.hopOpens(k, by, e, t) {
				return t, true
			}
			tries++
			set.remove(t)
		}
	}
	return NoSquare, true
}
