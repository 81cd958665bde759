package movegen

import "sync"

// Attacked reports whether side by attacks square sq: whether one of its pieces could
// capture there by its move pattern, whatever stands on sq and whether or not that capture
// would be legal. A capture by hop needs an empty landing square beyond sq.
func (p *Position) Attacked(sq Square, by Color) bool {
	if p.v.play.attacked != nil {
		return p.v.play.attacked(p, sq, by)
	}
	if p.v.modes != nil {
		return p.attackedModes(sq, by, 0)
	}
	if p.v.unitRiders {
		return p.attackedFromPieces(sq, by)
	}
	return p.attackedStandard(sq, by)
}

// attackedFromPieces is attackedStandard's answer found from the attacking side's pieces
// (a handful) instead of from every step of every type around sq: a table read for a
// leap (leapMask), and for a rider on a line through sq (lineStep, which covers every ride
// of a variant whose riders move by unit steps) a walk to it. It reads the piece list, so
// it is for positions whose list matches the cells, as Attacked's callers' are (the tests
// that change cells in place change the other side's, or take a piece away: a listed
// square whose cell no longer holds by's piece is passed over).
func (p *Position) attackedFromPieces(sq Square, by Color) bool {
	v := p.v
	bit := colorBit(by)
	riders := (v.orthRiders | v.diagRiders) & p.present[by]
	for _, r := range p.pieces[by][:p.nPieces[by]] {
		pc := p.cells[r]
		if pc&bit == 0 {
			continue
		}
		t := typeBit(pc.Type())
		if v.leapMask[r-sq]&t != 0 {
			return true
		}
		if riders&t == 0 {
			continue
		}
		d := v.Geometry.lineStep(sq, r)
		if d == 0 || v.rideMask[d]&t == 0 {
			continue
		}
		s := sq + Square(d)
		for p.cells[s] == Empty {
			s += Square(d)
		}
		if s == r {
			return true
		}
	}
	if p.present[by]&typeBit(Pawn) != 0 {
		pawn := MakePiece(by, Pawn)
		for _, d := range v.pawnTake[by] {
			if p.cells[sq-Square(d)] == pawn {
				return true
			}
		}
	}
	return false
}

// attackedStandard is the attack test of games whose pieces capture by replacement: look
// from sq backwards along every step of every piece.
func (p *Position) attackedStandard(sq Square, by Color) bool {
	v := p.v
	bit := colorBit(by)
	present := p.present[by]
	for _, a := range v.leapAttack {
		if a.mask&present == 0 {
			continue
		}
		if pc := p.cells[sq+Square(a.delta)]; pc&bit != 0 && a.mask&typeBit(pc.Type()) != 0 {
			return true
		}
	}
	for _, a := range v.rideAttack {
		if a.mask&present == 0 {
			continue
		}
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
	if present&typeBit(Pawn) != 0 {
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

// InCheckAfter is InCheck for the position that the move m has just led to from a legal
// position (one whose side not to move was not in check), as a search asks after every
// move it plays. Only the moved piece, and a line from the king through the square it
// left, can then attack the king: every other attack was there before the move. So
// where the standard rules decide (quickCheck) a Normal move is tested by a table lookup
// for a leap or a pawn capture and at most two short walks along lines, instead of every
// attack direction of InCheck; other moves (castling, en passant, a variant's kinds) and
// the variants whose capture modes decide checks (linesCheck) test a Normal move or a hop
// capture along the lines through the king and the squares it changed (attackedAlong);
// other variants get InCheck. Both answer alike (TestInCheckAfter).
func (p *Position) InCheckAfter(m Move) bool {
	v := p.v
	if !v.quickCheck || m.Kind() != Normal {
		if v.linesCheck && (m.Kind() == Normal || m.Kind() == HopCapture) {
			// The capture modes' rules: the lines through the king and the squares the
			// move changed (its origin, its destination, a hop's victim).
			k := p.kings[p.side]
			if k == NoSquare {
				return false
			}
			dir := &v.modes.dir[k]
			victim := Step(0)
			if m.Kind() == HopCapture {
				victim = dir[m.Aux()]
			}
			return p.attackedAlong(k, p.side.Other(), dir[m.From()], dir[m.To()], victim)
		}
		return p.InCheck()
	}
	k := p.kings[p.side]
	if k == NoSquare {
		return false
	}
	mover := p.side.Other()
	from, to := m.From(), m.To()
	pc := p.cells[to]
	bit := typeBit(pc.Type())
	// The moved piece (promoted, if it promoted), as attackedStandard would find it.
	if v.leapMask[to-k]&bit != 0 {
		return true
	}
	if pc.Type() == Pawn {
		for _, d := range v.pawnTake[mover] {
			if to == k-Square(d) {
				return true
			}
		}
	}
	g := v.Geometry
	if d := g.lineStep(k, to); d != 0 && v.rideMask[d]&bit != 0 {
		s := k + Square(d)
		for s != to && p.cells[s] == Empty {
			s += Square(d)
		}
		if s == to {
			return true
		}
	}
	// A rider uncovered on the line from the king through the emptied origin.
	if d := g.lineStep(k, from); d != 0 && v.rideMask[d]&p.present[mover] != 0 {
		s := k + Square(d)
		for p.cells[s] == Empty {
			s += Square(d)
		}
		if a := p.cells[s]; a&colorBit(mover) != 0 && v.rideMask[d]&typeBit(a.Type()) != 0 {
			return true
		}
	}
	return false
}

// Checks reports whether side c's king is attacked.
func (p *Position) Checks(c Color) bool {
	k := p.kings[c]
	return k != NoSquare && p.Attacked(k, c.Other())
}

// pinInfo is what the fast legality test needs to know about the side to move's king,
// computed once per position.
type pinInfo struct {
	king      Square
	byCopy    bool // decide every move by playing it (the fast test does not apply)
	inCheck   bool
	nCheckers int    // enemy pieces giving check, counted up to 2
	checker   Square // the first of them
	checkDir  Square // the step from the king towards a riding checker, 0 for a leaper
	npinned   int
	pinned    [8]Square // friendly pieces that shield the king from an enemy rider
	scratch   *Position // where to play moves for the test by copy (nil: a local copy)
}

// pins finds the side to move's pieces that stand alone between their king and an enemy
// rider that moves along that line, and the enemy pieces that give check (the riders on
// the same walks from the king). It relies on every rider moving by unit steps.
func (p *Position) pins() pinInfo {
	us := p.side
	them := us.Other()
	info := pinInfo{king: p.kings[us]}
	if info.king == NoSquare {
		return info
	}
	// The checkers by pawn capture; those by leap and along the lines are met in the
	// loop over the enemy pieces below.
	p.pawnCheckers(&info, them)
	// The lines are looked at from the enemy riders (a handful), not walked in every
	// direction from the king: only a rider on one of the king's lines that moves along
	// it can pin or check there. The leaps likewise, by a table read per enemy piece
	// (leapMask) instead of a cell read per leap of every type.
	v := p.v
	g := v.Geometry
	riders := (v.orthRiders | v.diagRiders) & p.present[them]
	own := colorBit(us)
	for _, r := range p.pieces[them][:p.nPieces[them]] {
		bit := typeBit(p.cells[r].Type())
		if v.leapMask[r-info.king]&bit != 0 {
			info.addChecker(r, 0)
		}
		if riders&bit == 0 {
			continue
		}
		d := g.lineStep(info.king, r)
		if d == 0 || v.rideMask[d]&bit == 0 {
			continue
		}
		s := info.king + Square(d)
		for p.cells[s] == Empty {
			s += Square(d)
		}
		if s == r {
			info.addChecker(r, Square(d))
			continue
		}
		if p.cells[s]&own == 0 {
			continue // an enemy piece stands between
		}
		shield := s
		s += Square(d)
		for p.cells[s] == Empty {
			s += Square(d)
		}
		if s == r {
			info.pinned[info.npinned] = shield
			info.npinned++
		}
	}
	info.inCheck = info.nCheckers > 0
	return info
}

// legalStandard reports whether the pseudo-legal move m leaves the mover's king safe.
// Most moves are decided by the pin information; the rest are played on a copy.
func (p *Position) legalStandard(m Move, info *pinInfo) bool {
	from := m.From()
	if info.king == NoSquare {
		return true
	}
	if info.byCopy {
		return p.legalByCopyIn(m, info.scratch)
	}
	switch m.Kind() {
	case Normal:
	case EnPassant, Castle:
		return p.legalInPlace(m, info.king)
	default:
		return p.legalByCopyIn(m, info.scratch)
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
	if info.inCheck {
		// Only capturing the single checker or stepping between it and the king can help.
		to := m.To()
		if info.nCheckers > 1 {
			return false
		}
		if to != info.checker {
			if info.checkDir == 0 {
				return false
			}
			blocks := false
			for s := info.king + info.checkDir; s != info.checker && !blocks; s += info.checkDir {
				blocks = s == to
			}
			if !blocks {
				return false
			}
		}
	}
	for _, s := range info.pinned[:info.npinned] {
		if s == from {
			return p.legalByCopyIn(m, info.scratch)
		}
	}
	return true
}

// addChecker counts an enemy piece on at that gives check, along the step dir from the
// king (0 for a leap or a pawn capture), and keeps the first one.
func (info *pinInfo) addChecker(at, dir Square) {
	if info.nCheckers == 0 {
		info.checker, info.checkDir = at, dir
	}
	info.nCheckers++
}

// pawnCheckers records in info the enemy pawns that attack the king, the way
// attackedStandard looks for them; pins finds the pieces that check by a leap or along a
// line. Which checker is kept as the first does not matter: legalStandard reads it only
// when there is one.
func (p *Position) pawnCheckers(info *pinInfo, by Color) {
	v := p.v
	sq := info.king
	if p.present[by]&typeBit(Pawn) != 0 {
		pawn := MakePiece(by, Pawn)
		for _, d := range v.pawnTake[by] {
			if at := sq - Square(d); p.cells[at] == pawn {
				info.addChecker(at, 0)
			}
		}
	}
}

// legalInPlace decides an en passant capture or a castling of the standard rules without
// copying the position (a copy passed to Apply escapes to the heap, through the variant's
// capabilities): it sets the cells as the move leaves them, asks the standard attack test about
// the king's square, and puts the cells back. That test reads only the cells and the sets
// of piece types present, which may still list the pawn just taken: harmless, the cells
// decide. Callers make sure the variant has no attack test of its own (pinInfo.byCopy is
// false).
func (p *Position) legalInPlace(m Move, king Square) bool {
	from, to := m.From(), m.To()
	them := p.side.Other()
	if m.Kind() == EnPassant {
		pawn, victim := p.cells[from], p.cells[p.epPawn]
		p.cells[from], p.cells[p.epPawn], p.cells[to] = Empty, Empty, pawn
		safe := !p.attackedStandard(king, them)
		p.cells[to], p.cells[p.epPawn], p.cells[from] = Empty, victim, pawn
		return safe
	}
	// Castling: the king goes from from to to, the rook from aux to its file beside it.
	// King and rook may land on each other's squares (Fischer Random), so every cell is
	// saved before any is changed and all four are restored.
	rook := m.Aux()
	rd := p.castlingRookTo(from, rook)
	k, r, kd, rdWas := p.cells[from], p.cells[rook], p.cells[to], p.cells[rd]
	p.cells[from], p.cells[rook] = Empty, Empty
	p.cells[to], p.cells[rd] = k, r
	safe := !p.attackedStandard(to, them)
	p.cells[rd], p.cells[to], p.cells[rook], p.cells[from] = rdWas, kd, r, k
	return safe
}

// legalByCopy plays m on a copy and tests the mover's king: the slow, always right test.
// The copy comes from a pool: one on the stack would escape to the heap on every call,
// since the capabilities' functions (apply, attacked, epCapturable) are indirect calls
// that the compiler must assume keep the pointer.
func (p *Position) legalByCopy(m Move) bool {
	child := scratchPositions.Get().(*Position)
	*child = *p
	child.Apply(m)
	safe := !child.Checks(p.side)
	scratchPositions.Put(child)
	return safe
}

// scratchPositions holds the copies legalByCopy plays moves on, so that the legality test
// does not allocate; a sync.Pool keeps them safe for concurrent searches.
var scratchPositions = sync.Pool{New: func() any { return new(Position) }}

// legalByCopyIn is legalByCopy playing the copy in scratch (if not nil) instead of a local
// variable: a position handed to a variant's capability escapes, so a local copy would be
// allocated on the heap at every call.
func (p *Position) legalByCopyIn(m Move, scratch *Position) bool {
	if scratch == nil {
		return p.legalByCopy(m)
	}
	*scratch = *p
	scratch.Apply(m)
	return !scratch.Checks(p.side)
}
