package movegen

// Attacked reports whether side by attacks square sq: whether one of its pieces could
// capture there by its move pattern, whatever stands on sq and whether or not that capture
// would be legal.
func (p *Position) Attacked(sq Square, by Color) bool {
	if p.v.attacked != nil {
		return p.v.attacked(p, sq, by)
	}
	return p.attackedStandard(sq, by)
}

// attackedStandard is the attack test of games whose pieces capture by replacement: look
// from sq backwards along every step of every piece.
func (p *Position) attackedStandard(sq Square, by Color) bool {
	v := p.v
	bit := colorBit(by)
	for _, a := range v.leapAttack {
		if pc := p.cells[sq+Square(a.delta)]; pc&bit != 0 && a.mask&typeBit(pc.Type()) != 0 {
			return true
		}
	}
	for _, a := range v.rideAttack {
		s := sq
		for {
			s += Square(a.delta)
			pc := p.cells[s]
			if pc == Empty {
				continue
			}
			if pc&bit != 0 && a.mask&typeBit(pc.Type()) != 0 {
				return true
			}
			break
		}
	}
	if v.byType[Pawn] != nil {
		pawn := MakePiece(by, Pawn)
		for _, d := range v.pawnTake[by] {
			if p.cells[sq-Square(d)] == pawn {
				return true
			}
		}
	}
	return false
}

// InCheck reports whether the side to move's king is attacked.
func (p *Position) InCheck() bool {
	k := p.kings[p.side]
	return k != NoSquare && p.Attacked(k, p.side.Other())
}

// Checks reports whether side c's king is attacked.
func (p *Position) Checks(c Color) bool {
	k := p.kings[c]
	return k != NoSquare && p.Attacked(k, c.Other())
}

// pinInfo is what the fast legality test needs to know about the side to move's king,
// computed once per position.
type pinInfo struct {
	king    Square
	inCheck bool
	npinned int
	pinned  [8]Square // friendly pieces that shield the king from an enemy rider
}

// pins finds the side to move's pieces that stand alone between their king and an enemy
// rider that moves along that line. It relies on every rider moving by unit steps.
func (p *Position) pins() pinInfo {
	us := p.side
	them := us.Other()
	info := pinInfo{king: p.kings[us]}
	if info.king == NoSquare {
		return info
	}
	info.inCheck = p.attackedStandard(info.king, them)
	v := p.v
	g := v.Geometry
	own, enemy := colorBit(us), colorBit(them)
	for dr := -1; dr <= 1; dr++ {
		for df := -1; df <= 1; df++ {
			if df == 0 && dr == 0 {
				continue
			}
			riders := v.diagRiders
			if df == 0 || dr == 0 {
				riders = v.orthRiders
			}
			if riders == 0 {
				continue
			}
			d := Square(g.Delta(df, dr))
			s := info.king + d
			for p.cells[s] == Empty {
				s += d
			}
			if p.cells[s]&own == 0 {
				continue
			}
			shield := s
			s += d
			for p.cells[s] == Empty {
				s += d
			}
			if pc := p.cells[s]; pc&enemy != 0 && riders&typeBit(pc.Type()) != 0 {
				info.pinned[info.npinned] = shield
				info.npinned++
			}
		}
	}
	return info
}

// legalStandard reports whether the pseudo-legal move m leaves the mover's king safe.
// Most moves are decided by the pin information; the rest are played on a copy.
func (p *Position) legalStandard(m Move, info *pinInfo) bool {
	from := m.From()
	if info.king == NoSquare {
		return true
	}
	if m.Kind() != Normal {
		return p.legalByCopy(m)
	}
	if from == info.king {
		// The king must not step onto an attacked square; take it off its square so that
		// it does not shield the square behind it from a rider.
		king := p.cells[from]
		p.cells[from] = Empty
		safe := !p.Attacked(m.To(), p.side.Other())
		p.cells[from] = king
		return safe
	}
	if !info.inCheck {
		pinned := false
		for _, s := range info.pinned[:info.npinned] {
			pinned = pinned || s == from
		}
		if !pinned {
			return true
		}
	}
	return p.legalByCopy(m)
}

// legalByCopy plays m on a copy and tests the mover's king: the slow, always right test.
func (p *Position) legalByCopy(m Move) bool {
	child := *p
	child.Apply(m)
	return !child.Checks(p.side)
}
