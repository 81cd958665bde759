package movegen

import (
	"fmt"
	"strings"
)

// MoveText writes m, a move of p's side to move, in the coordinate form of conventions.md:
// e2e4, e7e8q, e1g1 (or e1h1 where castling is the king taking its rook, and wherever the
// king moves less than two files, so that no two moves share a text), N@b1, c2e3b,
// 0000, g8d2,d2c0, e2e4,d5.
func (p *Position) MoveText(m Move) string {
	var buf [24]byte
	return string(p.AppendMoveText(buf[:0], m))
}

// AppendMoveText appends the text of m to b.
func (p *Position) AppendMoveText(b []byte, m Move) []byte {
	g := p.v.Geometry
	sq := func(s Square) { b = append(b, g.names[s]...) }
	promo := func() {
		if t := m.Promo(); t != NoType {
			b = append(b, p.v.Letter(MakePiece(Black, t)))
		}
	}
	tramp := func() {
		if m.Aux() != NoSquare {
			b = append(b, ',')
			sq(m.Aux())
		}
	}
	switch m.Kind() {
	case Normal, EnPassant:
		sq(m.From())
		sq(m.To())
		promo()
	case Castle:
		sq(m.From())
		if p.v.Castling.KingTakesRook || abs(g.File(m.To())-g.File(m.From())) < 2 {
			// a king that moves one file or none when it castles (a Chess960 array) would
			// read as a king step, or as no move: such a castling is the king taking its rook
			sq(m.Aux())
		} else {
			sq(m.To())
		}
	case Drop:
		b = append(b, p.v.Letter(MakePiece(White, m.AuxType())), '@')
		sq(m.To())
	case Jump:
		sq(m.From())
		sq(m.To())
		if t := m.AuxType(); t != NoType {
			b = append(b, p.v.Letter(MakePiece(Black, t)))
		}
	case Pass:
		b = append(b, "0000"...)
	case HopCapture, HopEnPassant:
		sq(m.From())
		sq(m.Aux())
		b = append(b, ',')
		sq(m.Aux())
		sq(m.To())
		promo()
	case Turn, TurnCastle, TurnEnPassant:
		sq(m.From())
		sq(m.To())
		promo()
		tramp()
	case TurnViaStep:
		sq(m.From())
		sq(m.From() + Square(p.v.pawnPush[p.side]))
		sq(m.To())
		promo()
		tramp()
	default:
		b = append(b, '?')
	}
	return b
}

// ParseMove finds the legal move of p written s. It accepts the printed form, castling
// written the other way (king to its destination, or king takes rook) where that cannot
// be mistaken for another move, and the variant's other notations.
func (p *Position) ParseMove(s string) (Move, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return NullMove, fmt.Errorf("empty move")
	}
	var ml MoveList
	p.LegalMoves(&ml)
	var buf [24]byte
	for _, m := range ml.Moves() {
		if string(p.AppendMoveText(buf[:0], m)) == s {
			return m, nil
		}
	}
	g := p.v.Geometry
	for _, m := range ml.Moves() {
		if m.Kind() == Castle && !p.v.Castling.KingTakesRook && s == g.Name(m.From())+g.Name(m.Aux()) {
			return m, nil
		}
	}
	if p.v.parseMove != nil {
		if m, ok := p.v.parseMove(p, s); ok && ml.Contains(m) {
			return m, nil
		}
	}
	return NullMove, fmt.Errorf("%s is not a legal move here", s)
}
