package movegen

import "fmt"

// The Weak Square's explanations for people (explain.go, display.go): why a click is no
// move, and what the side to move does in each phase.

// wsWhyNot gives The Weak Square's own reasons: a stuck king that must pass, a jumping
// phase in which the king alone moves, the jumping area, a side's own weak square.
func wsWhyNot(p *Position, from, to Square) string {
	g := p.v.Geometry
	us := p.side
	me := sideName(us)
	var ml MoveList
	p.LegalMoves(&ml)
	if ml.n == 1 && ml.moves[0].Kind() == Pass {
		return me + "'s king is stuck: " + me + " must pass until " + sideName(us.Other()) + " has placed all its pieces."
	}
	if p.phase[us] == wsJumping && ml.n > 0 && ml.moves[0].Kind() == Jump {
		if from != p.kings[us] {
			return me + " still has pieces in hand: its turn is a jump of the king, which leaves one of them behind."
		}
		if p.cells[to] != Empty {
			return fmt.Sprintf("The jumping king lands only on an empty square; %s is taken.", g.Name(to))
		}
		return "The jumping king leaps like a knight, to an empty square of " + wsAreaName(p) + "."
	}
	if to == p.v.ZoneSquare(WeakSquares, us) {
		return fmt.Sprintf("No piece may enter its own weak square, %s.", g.Name(to))
	}
	if p.cells[from].Type() == Pawn && int(g.rank[to]) == p.v.Pawn.PromoRank[us] {
		pool := wsPool(p)
		if victim := p.cells[to]; victim.IsPiece() && !victim.Is(us) {
			pool[victim.Type()]++
		}
		if pool[Rook]+pool[Bishop]+pool[Knight] == 0 {
			return "A pawn promotes only to a rook, bishop or knight of the pool (off the board and out of the hands), and the pool is empty."
		}
	}
	return ""
}

// wsDescribePhase says what the side to move does in its phase: a stuck king passes, a
// jumping king leaves a piece behind (or first jumps out of its weak square). A waiting
// side moves as in chess once the other has placed all its pieces: its hand never comes on
// the board, so it is simply "to move".
func wsDescribePhase(p *Position, legal *MoveList) (status, note string) {
	us := p.side
	me, other := sideName(us), sideName(us.Other())
	switch {
	case legal.n == 1 && legal.moves[0].Kind() == Pass:
		status = me + "'s king is stuck: it must pass until " + other + " has placed all its pieces"
		note = me + "'s king has no jump left, so " + me + " passes; its pieces in hand never come on the board."
	case p.phase[us] == wsJumping && p.kings[us] == p.v.ZoneSquare(WeakSquares, us):
		status = me + "'s king jumps out of its weak square"
		note = "Its king leaps like a knight to an empty square of " + wsAreaName(p) + "; the first jump places nothing."
	case p.phase[us] == wsJumping:
		status = me + " jumps and places a piece"
		note = "Its king leaps like a knight to an empty square of " + wsAreaName(p) + ", and a piece from the hand goes on the square it left."
	}
	return status, note
}

// wsAreaName is the rows the side to move's jumping king may land on, in the board's own
// numbering ("rows 2 to 4").
func wsAreaName(p *Position) string {
	g := p.v.Geometry
	return fmt.Sprintf("rows %d to %d", wsArea[p.side][0]+g.rankBase, wsArea[p.side][1]+g.rankBase)
}
