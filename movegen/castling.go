package movegen

// Castling, once for every game: which castlings the side to move may make (castlings),
// where the rook lands (castlingRookTo) and how one is played (castle). A game says what
// differs in its CastlingRules: where king and rook end up, and how the squares the king
// crosses are tested. The once-per-game king leap of a game's KingLeap is generated here
// too, as its own rule: it is not a castling (no rook moves), but it is guarded alike.

// castlingMove is one castling: the king from king to kingTo, with the rook on rook.
type castlingMove struct {
	king, kingTo, rook Square
}

// castlings are the castlings the side to move may make as far as the castling rules go,
// towards the a-file first: a castling right; every square the king or the rook passes or
// reaches empty but for the two of them; no trampoline strictly between them; the king not
// in check; and the squares the king crosses not attacked, as CastlingRules.CrossWithKing
// says how. Whether the move leaves the king safe is then the legality test's, as for any
// move.
func (p *Position) castlings() (cs [2]castlingMove, n int) {
	us := p.side
	k := p.kings[us]
	if k == NoSquare {
		return cs, 0
	}
	v := p.v
	them := us.Other()
	checked := false
	for s := 0; s < 2; s++ {
		r := p.castleRook[us][s]
		if r == NoSquare {
			continue
		}
		kd, rd := p.castlingTargets(us, s)
		if !p.castlingPathClear(k, kd, r) || !p.castlingPathClear(r, rd, k) ||
			p.tramp != [2]Square{} && p.trampolineBetween(k, r) {
			continue
		}
		if !checked {
			if p.Attacked(k, them) {
				return cs, 0
			}
			checked = true
		}
		// The squares the king crosses: by default (FIDE's rule, as Fischer Random states
		// it) every square from k (exclusive) to kd (inclusive), as the position stands.
		safe := true
		if v.Castling.CrossWithKing {
			safe = p.crossedWithKingSafe(k, kd, them)
		} else {
			for sq, step := k, rankStep(k, kd); sq != kd && safe; {
				sq += step
				safe = !p.Attacked(sq, them)
			}
		}
		if safe {
			cs[n] = castlingMove{king: k, kingTo: kd, rook: r}
			n++
		}
	}
	return cs, n
}

// genCastling adds the castlings of the side to move (castlings) as Castle moves.
func (p *Position) genCastling(ml *MoveList) {
	cs, n := p.castlings()
	for _, c := range cs[:n] {
		ml.Add(NewMove(Castle, c.king, c.kingTo, c.rook, NoType))
	}
}

// crossedWithKingSafe is the crossing test of CrossWithKing: the squares strictly between
// k and kd are tested with the king standing on each and its home square empty; kd is left
// to the legality test of the whole move.
func (p *Position) crossedWithKingSafe(k, kd Square, them Color) bool {
	if k == kd {
		return true
	}
	step := rankStep(k, kd)
	king := p.cells[k]
	p.cells[k] = Empty
	safe := true
	for sq := k + step; sq != kd && safe; sq += step {
		was := p.cells[sq]
		p.cells[sq] = king
		safe = !p.Attacked(sq, them)
		p.cells[sq] = was
	}
	p.cells[k] = king
	return safe
}

// castlingPathClear reports whether every square from a (exclusive) to b (inclusive) on
// one rank is empty or holds the partner piece.
func (p *Position) castlingPathClear(a, b, partner Square) bool {
	for sq, step := a, rankStep(a, b); sq != b; {
		sq += step
		if sq != partner && p.cells[sq] != Empty {
			return false
		}
	}
	return true
}

// trampolineBetween reports whether a trampoline stands strictly between the squares a and
// b of one rank: a castling never crosses one.
func (p *Position) trampolineBetween(a, b Square) bool {
	for sq, step := a, rankStep(a, b); sq+step != b; {
		sq += step
		if sq == p.tramp[White] || sq == p.tramp[Black] {
			return true
		}
	}
	return false
}

// castlingTargets are the squares where c's king and rook end a castling on side s (0
// towards the a-file, 1 towards the last file), by the variant's CastlingRules.
func (p *Position) castlingTargets(c Color, s int) (kingTo, rookTo Square) {
	cr := &p.v.Castling
	g := p.v.Geometry
	return g.cell(cr.KingFile[s], cr.BackRank[c]), g.cell(cr.RookFile[s], cr.BackRank[c])
}

// castlingRookTo is the square where the rook on rook lands when the king on king castles
// with it: its CastlingRules file on the king's rank, on the rook's side of the king.
func (p *Position) castlingRookTo(king, rook Square) Square {
	g := p.v.Geometry
	side := 0
	if rook > king {
		side = 1
	}
	return g.cell(p.v.Castling.RookFile[side], int(g.rank[king]))
}

// castle plays a castling of the side to move: the king from from to to, the rook on rook
// to its square (castlingRookTo). The rook is lifted first, as king and rook may swap
// squares (Fischer Random). The side loses its castling rights and king leap.
func (p *Position) castle(from, to, rook Square) {
	us := p.side
	rd := p.castlingRookTo(from, rook)
	p.remove(rook)
	if from != to {
		p.relocate(from, to)
	}
	p.put(rd, MakePiece(us, Rook))
	p.loseKingRights(us)
}

// genKingLeaps adds the king's leaps of the variant's KingLeap to each of its files on the
// back rank: the king has the leap right (it has never moved), is not in check, the landing
// square is empty and not attacked, and every square strictly between holds no enemy and
// is not attacked (a friend may stand there: the king jumps it). A landing square next to
// the king is reached by the ordinary king step, the same move, so it is not added twice.
// The leap is a Normal king move; its landing is tested again by the legality filter.
func (p *Position) genKingLeaps(ml *MoveList) {
	us := p.side
	k := p.kings[us]
	if !p.bunker[us] || k == NoSquare {
		return
	}
	g := p.v.Geometry
	them := us.Other()
	enemy := colorBit(them)
	kf, back := int(g.file[k]), int(g.rank[k])
	checked := false
	for _, f := range p.v.KingLeap.Files {
		if f >= kf-1 && f <= kf+1 {
			continue
		}
		to := g.cell(f, back)
		if p.cells[to] != Empty || p.Attacked(to, them) {
			continue
		}
		step := rankStep(k, to)
		ok := true
		for sq := k + step; sq != to && ok; sq += step {
			ok = p.cells[sq]&enemy == 0 && !p.Attacked(sq, them)
		}
		if !ok {
			continue
		}
		if !checked {
			if p.Attacked(k, them) {
				return
			}
			checked = true
		}
		ml.Add(NewMove(Normal, k, to, NoSquare, NoType))
	}
}

// rankStep is the one-file step along a rank from a towards b.
func rankStep(a, b Square) Square {
	if b < a {
		return 0xFF // -1 in uint8 arithmetic
	}
	return 1
}
