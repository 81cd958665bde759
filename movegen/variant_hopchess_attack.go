package movegen

// Hop Chess attacks: whether a piece, moving now with the trampolines where they stand,
// could end a complete move (hops included) on a square. The plain attacks are the core's;
// the routes through one or two trampolines are worked out backwards from the target
// (hopRoute), leg by leg, without generating any move.

// hopAttacked is the variant's attack test: by attacks sq if one of its pieces, moving
// now with both trampolines where they stand, could end a complete move on sq.
func hopAttacked(p *Position, sq Square, by Color) bool {
	return p.hopAttackedAt(sq, by, p.tramp[White], p.tramp[Black])
}

// hopAttackedAt tests sq against by's pieces with the trampolines on ta and tb (NoSquare:
// off the board): the plain attacks of the core, then the routes through trampolines.
//
// An attacker's own start square is empty while it moves, but the routes below treat it as
// occupied, except for a pawn that promotes on the way: a piece that passes over its own
// start square towards sq follows a line of its kind from the start square to sq, so the
// plain attack already finds it; a pawn promoted on a trampoline is another piece, which
// may come back over the square the pawn left (g7-g8(#)=Q, then down the file over g7).
func (p *Position) hopAttackedAt(sq Square, by Color, ta, tb Square) bool {
	if p.attackedStandard(sq, by) {
		return true
	}
	if ta == NoSquare {
		ta, tb = tb, NoSquare
	}
	if ta == NoSquare {
		return false
	}
	if p.hopRoute(sq, by, ta, NoSquare) {
		return true
	}
	if tb == NoSquare {
		return false
	}
	return p.hopRoute(sq, by, tb, NoSquare) || p.hopRoute(sq, by, ta, tb) || p.hopRoute(sq, by, tb, ta)
}

// hopOpens reports whether adding a trampoline on the empty square t lets a piece of by
// capture on k, which is known to be safe with the trampoline on e alone (NoSquare: none):
// hopAttackedAt(k, by, e, t) without the tests that found k safe, so only the routes
// through t.
func (p *Position) hopOpens(k Square, by Color, e, t Square) bool {
	return p.hopRoute(k, by, t, NoSquare) ||
		e != NoSquare && (p.hopRoute(k, by, t, e) || p.hopRoute(k, by, e, t))
}

// hopRoute reports whether a piece of by can capture on k with a move that hops on s1 and
// then, if s2 is set, on s2.
func (p *Position) hopRoute(k Square, by Color, s1, s2 Square) bool {
	last := s1
	if s2 != NoSquare {
		last = s2
	}
	if c := p.hopLegAlong(last, k, NoSquare); c >= 0 && (s2 == NoSquare || p.hopLeg(s1, s2, c, NoSquare)) && p.hopReaches(s1, c, by) {
		return true
	}
	o := p.hopPawnOrigin(s1, by) // a pawn whose step ends on s1
	if o == NoSquare {
		return false
	}
	if p.promotes(by, s1) {
		// It promotes there and goes on as the piece of its owner's choice, along a kind
		// of line some promotion type goes on with.
		c := p.hopLegAlong(last, k, o)
		return c >= 0 && hopLines.promoted&(1<<c) != 0 && (s2 == NoSquare || p.hopLeg(s1, s2, c, o))
	}
	if s2 == NoSquare {
		return p.hopPawnTakes(s1, k, by)
	}
	return s2 == s1+Square(p.v.pawnPush[by]) &&
		(p.hopPawnTakes(s2, k, by) || p.promotes(by, s2) && p.hopLegPromoted(s2, k, o))
}

// hopReaches reports whether a piece of by that moves with lines of kind c ends a plain
// leg on the empty square s.
func (p *Position) hopReaches(s Square, c int, by Color) bool {
	bit := colorBit(by)
	mask := hopLines.types[c] & p.present[by]
	if mask == 0 {
		return false
	}
	rider := hopLines.rider[c]
	for _, d := range hopLines.dirs[c][:hopLines.ndirs[c]] {
		t := s + Square(d)
		for rider && p.cells[t] == Empty {
			t += Square(d)
		}
		if pc := p.cells[t]; pc&bit != 0 && mask&typeBit(pc.Type()) != 0 {
			return true
		}
	}
	return false
}

// hopReachesAcross is hopReaches(s, c, by) looking only off the line of direction dir
// through s (a rider's kind c).
func (p *Position) hopReachesAcross(s Square, c int, by Color, dir Step) bool {
	bit := colorBit(by)
	mask := hopLines.types[c] & p.present[by]
	if mask == 0 {
		return false
	}
	for _, d := range hopLines.dirs[c][:hopLines.ndirs[c]] {
		if d == dir || d == -dir {
			continue
		}
		t := s + Square(d)
		for p.cells[t] == Empty {
			t += Square(d)
		}
		if pc := p.cells[t]; pc&bit != 0 && mask&typeBit(pc.Type()) != 0 {
			return true
		}
	}
	return false
}

// hopPawnOrigin is the square of the pawn of by that ends its first step (single or
// double) on the empty square s, NoSquare if there is none.
func (p *Position) hopPawnOrigin(s Square, by Color) Square {
	push := Square(p.v.pawnPush[by])
	pawn := MakePiece(by, Pawn)
	if p.cells[s-push] == pawn {
		return s - push
	}
	if from := s - 2*push; p.cells[from] == pawn && p.cells[s-push] == Empty &&
		int(p.v.Geometry.rank[from]) == p.v.Pawn.StartRank[by] {
		return from
	}
	return NoSquare
}

// hopPawnReach reports whether a pawn of by ends its first step on the empty square s.
func (p *Position) hopPawnReach(s Square, by Color) bool { return p.hopPawnOrigin(s, by) != NoSquare }

// hopPawnTakes reports whether a pawn of by standing on s would capture on k.
func (p *Position) hopPawnTakes(s, k Square, by Color) bool {
	t := p.v.pawnTake[by]
	return k == s+Square(t[0]) || k == s+Square(t[1])
}

// hopNearPromotion reports whether the pawn of c on from is one or two steps from its last
// rank: only such pawns can promote on a trampoline (a pawn steps onto the last rank, or
// onto the trampoline in front of it and then onto the last rank).
func (p *Position) hopNearPromotion(c Color, from Square) bool {
	push := Square(p.v.pawnPush[c])
	return p.promotes(c, from+push) || p.promotes(c, from+2*push)
}

// hopPawnsNearPromotion reports whether some pawn of c is hopNearPromotion.
func (p *Position) hopPawnsNearPromotion(c Color) bool {
	pawn := MakePiece(c, Pawn)
	for _, from := range p.pieces[c][:p.nPieces[c]] {
		if p.cells[from] == pawn && p.hopNearPromotion(c, from) {
			return true
		}
	}
	return false
}
