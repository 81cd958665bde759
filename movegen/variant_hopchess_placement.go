package movegen

import "math/bits"

// Hop Chess placements: the sets of squares the turn walk works with, the squares the
// opponent's pieces could land on (HopLandings), and the placement of one piece move a
// search orders first, which quiescence asks for alone (bestPlacement, bestSafePlacement).

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

// search orders first: one outside avoid if there is one, among those keep (the trampoline
// left where it stands) if it is one of them, else the highest square (the largest move
// code). NoSquare if free is empty.
func bestPlacement(free, avoid *sqSet, keep Square) Square {
	var off sqSet
	for i := range free {
		off[i] = free[i] &^ avoid[i]
	}
	if s := off.last(); s != NoSquare {
		if keep != NoSquare && off.has(keep) {
			return keep
		}
		return s
	}
	if keep != NoSquare && free.has(keep) {
		return keep
	}
	return free.last()
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
	var off, inside sqSet
	for i := range free {
		off[i] = free[i] &^ avoid[i]
		inside[i] = free[i] & avoid[i]
	}
	tries := 0
	for _, set := range [2]*sqSet{&off, &inside} {
		if keep != NoSquare && set.has(keep) {
			if !q.hopOpens(k, by, e, keep) {
				return keep, true
			}
			tries++
			set.remove(keep)
		}
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
