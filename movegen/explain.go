package movegen

import "fmt"

// Explanations of refused moves, for people: a board or a console that refuses a click or a
// typed move says why in a sentence. They are worked out only when a move is refused, so
// they may be slow; they never change the position.

// pseudo adds the moves of the side to move that the piece patterns allow, before the
// king's safety and the variant's restrictions.
func (p *Position) pseudo(ml *MoveList) {
	if p.v.explain.pseudoMoves != nil {
		p.v.explain.pseudoMoves(p, ml)
		return
	}
	p.genPseudo(ml)
}

// reaches reports whether m, a move of p, goes from from to to as a person would enter it:
// its destination, or for castling the square of its rook, or for a hop capture the victim
// jumped over (the first square clicked after the piece).
func (p *Position) reaches(m Move, from, to Square) bool {
	if m.From() != from || from == NoSquare {
		return false
	}
	switch m.Kind() {
	case Castle:
		return m.To() == to || m.Aux() == to
	case TurnCastle:
		return m.To() == to || p.castleRookToward(m) == to
	case HopCapture, HopEnPassant:
		return m.To() == to || m.Aux() == to
	case TurnViaStep:
		return m.To() == to || m.From()+Square(p.v.pawnPush[p.side]) == to
	}
	return m.To() == to
}

// castleRookToward is the rook a castling m of the side to move castles with.
func (p *Position) castleRookToward(m Move) Square {
	g := p.v.Geometry
	s := 0
	if g.file[m.To()] > g.file[m.From()] {
		s = 1
	}
	return p.castleRook[p.side][s]
}

// pieceName is the rules' name of the piece pc ("knight", "marshall").
func (p *Position) pieceName(pc Piece) string {
	if d := p.v.byType[pc.Type()]; d != nil {
		return d.Name
	}
	return "piece"
}

// WhyIllegal says in a sentence why the side to move has no legal move from from to to, ""
// if it has one (to may also be the rook of a castling or the victim of a hop capture, as
// a person clicks them). The reasons, in the order they are looked for: a square that is
// not on the board, the game is over, no piece there, the other side's piece, the
// variant's own rule (a phase, a forbidden square, a compulsory capture), a move the piece
// does not make, and a move that would leave or put its own king in check.
func (p *Position) WhyIllegal(from, to Square) string {
	g := p.v.Geometry
	if !g.isSquare[from] || !g.isSquare[to] {
		return "That is not a square of this board."
	}
	var ml MoveList
	p.LegalMoves(&ml)
	for _, m := range ml.Moves() {
		if p.reaches(m, from, to) {
			return ""
		}
	}
	if ml.n == 0 {
		if o := p.status(0); o.Over() {
			return "The game is over: " + o.Reason + "."
		}
	}
	us := p.side
	pc := p.cells[from]
	if !pc.IsPiece() {
		return fmt.Sprintf("There is no piece on %s.", g.Name(from))
	}
	name := p.pieceName(pc)
	if !pc.Is(us) {
		return fmt.Sprintf("The %s on %s is %s's, and it is %s's turn.", name, g.Name(from), sideName(us.Other()), sideName(us))
	}
	if p.v.explain.whyNot != nil {
		if r := p.v.explain.whyNot(p, from, to); r != "" {
			return r
		}
	}
	if from == to {
		if p.InCheck() {
			return fmt.Sprintf("Your king is in check, and the %s on %s has no move that parries it.", name, g.Name(from))
		}
		return fmt.Sprintf("The %s on %s has no legal move.", name, g.Name(from))
	}
	if r := p.whyNoCastling(from, to); r != "" {
		return r
	}
	var pl MoveList
	p.pseudo(&pl)
	var candidate Move
	for _, m := range pl.Moves() {
		if p.reaches(m, from, to) {
			candidate = m
			break
		}
	}
	if candidate == NullMove {
		if p.cells[to].Is(us) {
			return fmt.Sprintf("The %s on %s cannot go to %s: your own %s stands there.", name, g.Name(from), g.Name(to), p.pieceName(p.cells[to]))
		}
		if p.cells[to].Type() == King {
			return fmt.Sprintf("The %s on %s cannot go to %s: kings are never captured.", name, g.Name(from), g.Name(to))
		}
		if step := g.lineStep(from, to); step != 0 {
			for sq := from + Square(step); sq != to; sq += Square(step) {
				if !g.isSquare[sq] {
					return fmt.Sprintf("The %s on %s cannot go to %s: no piece moves across %s, which is not a square of this board.",
						name, g.Name(from), g.Name(to), g.names[sq])
				}
			}
		}
		return fmt.Sprintf("The %s on %s cannot go to %s.", name, g.Name(from), g.Name(to))
	}
	switch {
	case candidate.Kind() == Castle || candidate.Kind() == TurnCastle:
		if p.InCheck() {
			return "The king cannot castle out of check."
		}
		return castleAttackedReason
	case pc.Type() == King && p.InCheck():
		return fmt.Sprintf("The king cannot go to %s: it would still be in check there.", g.Name(to))
	case pc.Type() == King:
		return fmt.Sprintf("The king cannot go to %s: it would be in check there.", g.Name(to))
	case p.InCheck():
		return fmt.Sprintf("Your king is in check, and moving the %s to %s does not parry it.", name, g.Name(to))
	}
	return fmt.Sprintf("Moving the %s from %s to %s would leave your king in check.", name, g.Name(from), g.Name(to))
}

// whyNoCastling explains a refused castling: from is the king on its square with a
// castling right, to the king's destination or the rook of that right. "" when from -> to
// is not a castling.
func (p *Position) whyNoCastling(from, to Square) string {
	us := p.side
	if from != p.kings[us] || p.v.Castling.KingFile[0] < 0 {
		return ""
	}
	for s, r := range p.castleRook[us] {
		if r == NoSquare {
			continue
		}
		kd, rd := p.castlingTargets(us, s)
		if to != r && (to != kd || kd == from) {
			continue
		}
		if p.InCheck() {
			return "The king cannot castle out of check."
		}
		if !p.castlingPathClear(from, kd, r) || !p.castlingPathClear(r, rd, from) {
			return "The king cannot castle: the squares between the king and the rook must be empty."
		}
		return castleAttackedReason
	}
	return ""
}

// castleAttackedReason is whyNoCastling's last reason, which a variant's whyNot may word
// for its own rules.
const castleAttackedReason = "The king cannot castle there: it would cross or land on an attacked square."

// WhyNoDrop says in a sentence why the side to move cannot place a piece of type t from its
// hand on to, "" if it can.
func (p *Position) WhyNoDrop(t PieceType, to Square) string {
	g := p.v.Geometry
	us := p.side
	var ml MoveList
	p.LegalMoves(&ml)
	drops := 0
	for _, m := range ml.Moves() {
		if m.Kind() == Drop {
			drops++
			if m.AuxType() == t && m.To() == to {
				return ""
			}
		}
	}
	name := "piece"
	if d := p.v.byType[t]; d != nil {
		name = d.Name
	}
	switch {
	case ml.n == 0 && p.status(0).Over():
		return "The game is over: " + p.status(0).Reason + "."
	case ml.n > 0 && (ml.moves[0].Kind() == Jump || ml.moves[0].Kind() == Pass):
		// a jumping phase: the turns are the king's jumps (or its passes while stuck)
		return "The pieces in hand come on the board by the king's jumps: jump with the king, then choose the piece it leaves behind."
	case drops == 0 && p.inHand(us) == 0:
		return fmt.Sprintf("%s has no pieces left in hand.", sideName(us))
	case drops == 0:
		return fmt.Sprintf("%s cannot place a piece now.", sideName(us))
	case p.hand[us][t] == 0:
		return fmt.Sprintf("%s has no %s in hand.", sideName(us), name)
	case !g.isSquare[to]:
		return "That is not a square of this board."
	case int(g.rank[to]) != p.v.Castling.BackRank[us]:
		return fmt.Sprintf("Pieces are placed on %s's back rank, rank %d.", sideName(us), p.v.Castling.BackRank[us]+g.rankBase)
	case p.cells[to] != Empty:
		return fmt.Sprintf("%s is not empty.", g.Name(to))
	case t == Bishop:
		if first := p.bishopOfColour(us, g.light[to]); first != NoSquare {
			return fmt.Sprintf("The bishops stand on squares of different colours: %s is %s, like %s where the first bishop stands.", g.Name(to), shade(g.light[to]), g.Name(first))
		}
		return fmt.Sprintf("A bishop on %s would leave no square of the other colour for the second bishop.", g.Name(to))
	}
	return fmt.Sprintf("The %s cannot be placed on %s: the bishops must still be able to end on squares of both colours.", name, g.Name(to))
}

// bishopOfColour is the square of a bishop of c on a square of the colour given (light or
// dark), NoSquare if there is none.
func (p *Position) bishopOfColour(c Color, light bool) Square {
	for _, sq := range p.v.Geometry.squares {
		if p.cells[sq] == MakePiece(c, Bishop) && p.v.Geometry.light[sq] == light {
			return sq
		}
	}
	return NoSquare
}

// shade names a square's colour.
func shade(light bool) string {
	if light {
		return "a light square"
	}
	return "a dark square"
}
