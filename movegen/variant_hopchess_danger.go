package movegen

// Hop Chess danger sets: the squares where one more trampoline would open a route to a
// king. The turn walk uses them both ways: the mover's placements that expose its own king
// are illegal, and those that open a route to the enemy king give check. Every route
// through the new trampoline passes it on a line or leap from the king, on a line or leap
// from the other trampoline, or one pawn step from it, so only those squares are looked at.

// hopDanger adds to d the empty squares where the mover's trampoline would let a piece of
// by reach k, given that k is safe with only the trampoline on e (NoSquare: none). Each
// such route uses the new trampoline t, alone or with e: t on a line or leap from k, or on
// a line or leap from e, or one pawn step from e. Routes with a promotion on a trampoline
// are rare (a pawn must step onto its last rank) and are tested square by square, when
// promo says a pawn of by may be near its last rank (hopPawnsNearPromotion).
func (p *Position) hopDanger(k Square, by Color, e Square, d *sqSet, promo bool) {
	cells := &p.cells
	var view [hopMaxKinds]sqSet // the empty squares from which a leg of each kind reaches k
	for c := 0; c < hopLines.n; c++ {
		if !hopLines.rider[c] {
			for _, dir := range hopLines.dirs[c][:hopLines.ndirs[c]] {
				if t := k + Square(dir); cells[t] == Empty {
					view[c].add(t)
					if t != e && p.hopReaches(t, c, by) {
						d.add(t)
					}
				}
			}
			continue
		}
		for _, dir := range hopLines.dirs[c][:hopLines.ndirs[c]] {
			// A rider reaching t along this very line would stand at its end and attack
			// k already, which is safe; behind t is k. So only the lines across it count.
			for t := k + Square(dir); cells[t] == Empty; t += Square(dir) {
				view[c].add(t)
				if t != e && p.hopReachesAcross(t, c, by, dir) {
					d.add(t)
				}
			}
		}
	}
	for _, dd := range p.v.pawnTake[by] {
		if t := k - Square(dd); cells[t] == Empty && t != e && p.hopPawnReach(t, by) {
			d.add(t)
		}
	}
	if e != NoSquare {
		for c := 0; c < hopLines.n; c++ {
			eSeesK := view[c].has(e)
			eReached := p.hopReaches(e, c, by)
			if !eSeesK && !eReached {
				continue
			}
			rider := hopLines.rider[c]
			for _, dir := range hopLines.dirs[c][:hopLines.ndirs[c]] {
				for t := e + Square(dir); cells[t] == Empty; t += Square(dir) {
					// origin-e-t-k or origin-t-e-k
					if eReached && view[c].has(t) || eSeesK && p.hopReaches(t, c, by) {
						d.add(t)
					}
					if !rider {
						break
					}
				}
			}
		}
		push := Square(p.v.pawnPush[by])
		// A pawn steps onto t, then onto e, then takes k; or onto e, then t, then takes k.
		if t := e - push; cells[t] == Empty && p.hopPawnTakes(e, k, by) && p.hopPawnReach(t, by) {
			d.add(t)
		}
		if t := e + push; cells[t] == Empty && p.hopPawnTakes(t, k, by) && p.hopPawnReach(e, by) {
			d.add(t)
		}
	}
	if promo && p.present[by]&typeBit(Pawn) != 0 {
		p.hopPromoDanger(k, by, e, d)
	}
}

// hopPromoDanger adds the placements that let a pawn of by promote on a trampoline and
// reach k with the new piece: t on the last rank in front of a pawn (or in front of e), t
// on the square between a pawn and e on the last rank, or any square after e there.
func (p *Position) hopPromoDanger(k Square, by Color, e Square, d *sqSet) {
	push := Square(p.v.pawnPush[by])
	exact := func(t Square) {
		if t != e && p.cells[t] == Empty && !d.has(t) &&
			(p.hopRoute(k, by, t, NoSquare) || e != NoSquare && (p.hopRoute(k, by, t, e) || p.hopRoute(k, by, e, t))) {
			d.add(t)
		}
	}
	if e != NoSquare && p.promotes(by, e) {
		if p.hopPawnReach(e, by) {
			for _, t := range p.v.Geometry.squares {
				exact(t)
			}
			return
		}
		if t := e - push; p.cells[t] == Empty && p.hopPawnReach(t, by) {
			exact(t)
		}
	}
	for _, from := range p.pieces[by][:p.nPieces[by]] {
		if p.cells[from] != MakePiece(by, Pawn) {
			continue // the scratch board may have taken it
		}
		p.hopPromoDangerFrom(from, k, by, e, d)
	}
}

// hopPromoDangerFrom adds the placements t that let the pawn of by on from promote on t
// (stepping onto it at once, or after a hop on e) and reach k with the new piece.
func (p *Position) hopPromoDangerFrom(from, k Square, by Color, e Square, d *sqSet) {
	push := Square(p.v.pawnPush[by])
	for t := from + push; p.cells[t] == Empty; t += push {
		if p.promotes(by, t) {
			if t != e && !d.has(t) && (p.hopRoute(k, by, t, NoSquare) || e != NoSquare && (p.hopRoute(k, by, t, e) || p.hopRoute(k, by, e, t))) {
				d.add(t)
			}
			return
		}
		if t != e {
			return // only a step onto e goes on towards the last rank
		}
	}
}
