package movegen

import "fmt"

// Jumping Knights' explanations for people (explain.go, display.go): why a click is no
// move, and the note on Rule 4's compulsory captures.

// jkWhyNot gives Jumping Knights' own reasons: a quiet move onto an edge square, and Rule
// 4's compulsory capture from the edge to the centre.
func jkWhyNot(p *Position, from, to Square) string {
	var pl MoveList
	jkPseudo(p, &pl)
	reached := false
	for _, m := range pl.Moves() {
		// one click on a piece (from == to) asks why it has no move at all
		reached = reached || p.reaches(m, from, to) || from == to && m.From() == from
	}
	if !reached {
		if p.v.InZone(EdgeSquares, p.side, to) && p.cells[to] == Empty {
			return fmt.Sprintf("Only a capture ends on an edge square such as %s: a capture jumps over its victim to an empty square beyond.", p.v.Geometry.Name(to))
		}
		if p.cells[to].IsPiece() && !p.cells[to].Is(p.side) {
			return fmt.Sprintf("The %s on %s cannot capture the %s on %s: a capture jumps over its victim to an empty square beyond it.",
				p.pieceName(p.cells[from]), p.v.Geometry.Name(from), p.pieceName(p.cells[to]), p.v.Geometry.Name(to))
		}
		return ""
	}
	var scratch MoveList
	if p.ForcedMoves(&scratch) {
		return "A capture from an edge square to a central square is compulsory now (Rule 4), unless a move gives check" +
			jkForcedExample(p) + "."
	}
	return ""
}

// jkForcedExample names one of the captures Rule 4 makes compulsory (", such as the pawn on
// z3 jumping a4"), so that a person sees which piece on the edge forces it; "" if none.
func jkForcedExample(p *Position) string {
	g := p.v.Geometry
	var ml MoveList
	p.LegalMoves(&ml)
	for _, m := range ml.Moves() {
		if (m.Kind() == HopCapture || m.Kind() == HopEnPassant) && p.v.InZone(EdgeSquares, p.side, m.From()) && !p.v.InZone(EdgeSquares, p.side, m.To()) {
			return fmt.Sprintf(": the %s on %s can jump %s", p.pieceName(p.cells[m.From()]), g.Name(m.From()), g.Name(m.Aux()))
		}
	}
	return ""
}

// jkDescribePhase adds a note when Rule 4 leaves only some moves, so that a person learns
// why before a click is refused.
func jkDescribePhase(p *Position, legal *MoveList) (status, note string) {
	if ex := jkForcedExample(p); ex != "" && legal.n > 0 {
		note = "Rule 4: a capture from an edge square to a central square is compulsory now, unless a move gives check" + ex + "."
	}
	return "", note
}
