package movegen

// Apply plays the legal move m on p. Callers that need the position before the move keep
// a copy (copy-make); Apply never fails and never allocates.
func (p *Position) Apply(m Move) {
	if p.v.play.apply != nil {
		p.v.play.apply(p, m)
		return
	}
	p.applyStandard(m)
}

// applyStandard plays the move kinds of the standard rules: Normal, Castle, EnPassant,
// HopCapture, HopEnPassant and Drop. Variants with other kinds play those themselves and
// call this for the rest.
func (p *Position) applyStandard(m Move) {
	us := p.side
	from, to := m.From(), m.To()
	epPawn := p.epPawn // the en passant victim, if m is an en passant capture
	p.halfmove++
	p.clearEP()
	switch m.Kind() {
	case Normal:
		if p.cells[to] != Empty {
			p.remove(to)
			p.loseCastlingOn(to)
			p.halfmove = 0
		}
		p.movePiece(from, to, m.Promo())
	case Castle:
		p.castle(from, to, m.Aux())
	case EnPassant:
		p.remove(epPawn)
		p.relocate(from, to)
		p.halfmove = 0
	case HopCapture, HopEnPassant:
		victim := m.Aux()
		if m.Kind() == HopEnPassant {
			victim = epPawn
		}
		p.halfmove = 0
		p.remove(victim)
		p.loseCastlingOn(victim) // a rook taken on its corner takes its castling right along
		if promo := m.Promo(); promo != NoType {
			p.remove(from)
			p.put(to, MakePiece(us, promo))
			break
		}
		if p.cells[from].Type() == King {
			p.loseKingRights(us)
		}
		p.relocate(from, to)
		p.loseCastlingOn(from)
	case Drop:
		t := m.AuxType()
		p.setHand(us, t, int(p.hand[us][t])-1)
		p.put(to, MakePiece(us, t))
		p.halfmove = 0
	}
	p.flipSide()
}

// movePiece moves the piece on from to the empty square to, promoting a pawn to promo if
// set, and keeps the castling rights, en passant state and halfmove clock up to date.
func (p *Position) movePiece(from, to Square, promo PieceType) {
	us := p.side
	pc := p.cells[from]
	switch pc.Type() {
	case Pawn:
		p.halfmove = 0
		if promo != NoType {
			p.remove(from)
			p.put(to, MakePiece(us, promo))
			return
		}
		p.relocate(from, to)
		g := p.v.Geometry
		if dist := int(g.rank[to]) - int(g.rank[from]); dist >= 2 || dist <= -2 {
			push := Square(p.v.pawnPush[us])
			passed := [2]Square{from + push}
			if dist == 3 || dist == -3 {
				passed[1] = from + 2*push
			}
			p.setEP(passed, to, us.Other())
		}
		return
	case King:
		p.loseKingRights(us)
	}
	p.relocate(from, to)
	p.loseCastlingOn(from)
}

// ApplyNull passes the turn without a move, for the search's null-move pruning: the side to
// move changes and any en passant right lapses. It is not a move of any game.
func (p *Position) ApplyNull() {
	p.clearEP()
	p.halfmove++
	p.flipSide()
}

// Captured is the piece m takes, Empty if it takes none.
func (p *Position) Captured(m Move) Piece {
	switch m.Kind() {
	case Normal, Turn, TurnViaStep:
		if pc := p.cells[m.To()]; pc.IsPiece() {
			return pc
		}
	case HopCapture:
		return p.cells[m.Aux()]
	case EnPassant, HopEnPassant, TurnEnPassant:
		return p.cells[p.epPawn]
	}
	return Empty
}

// MovingPiece is the piece m moves (the king, for castling and jumps; the placed piece, for
// a drop), Empty for a pass.
func (p *Position) MovingPiece(m Move) Piece {
	switch m.Kind() {
	case Drop:
		return MakePiece(p.side, m.AuxType())
	case Pass:
		return Empty
	}
	return p.cells[m.From()]
}
