package movegen

import "fmt"

// Bunker's and Pre-chess's explanations for people (explain.go, display.go): why a click is
// no move (a placement phase, a bunker leap), and what the side to move does while it
// places its pieces.

// prechessWhyNot: while a side has pieces in hand its turn is a placement; then the
// reasons are Bunker's.
func prechessWhyNot(p *Position, from, to Square) string {
	if p.inHand(p.side) == 0 {
		return bunkerWhyNot(p, from, to)
	}
	return sideName(p.side) + " first places its pieces: pick one from the hand and put it on an empty square of its back rank."
}

// bunkerWhyNot explains a refused bunker leap: the king on its original square clicked
// onto a bunker (b or g file of its back rank) more than a step away, when that is no
// castling (whyNoCastling explains those).
func bunkerWhyNot(p *Position, from, to Square) string {
	us, them := p.side, p.side.Other()
	g := p.v.Geometry
	back := p.v.Castling.BackRank[us]
	if from != p.kings[us] || int(g.rank[from]) != back || int(g.rank[to]) != back {
		return ""
	}
	f := int(g.file[to])
	leap := false
	for _, lf := range p.v.KingLeap.Files {
		leap = leap || f == lf
	}
	if !leap || abs(f-int(g.file[from])) < 2 {
		return ""
	}
	for s, r := range p.castleRook[us] {
		if kd, _ := p.castlingTargets(us, s); r != NoSquare && (to == r || to == kd) {
			return "" // a castling: whyNoCastling says why not
		}
	}
	switch {
	case !p.bunker[us]:
		return "The king has no bunker leap left: it is made once, by a king that has not moved."
	case p.Attacked(from, them):
		return "The king cannot leap out of check."
	case p.cells[to] != Empty:
		return fmt.Sprintf("The bunker %s is not empty.", g.Name(to))
	}
	step := rankStep(from, to)
	for sq := from + step; sq != to; sq += step {
		if p.cells[sq].Is(them) {
			return fmt.Sprintf("The king cannot leap over the enemy piece on %s.", g.Name(sq))
		}
	}
	return "The bunker leap may not cross or land on an attacked square."
}

// prechessDescribePhase says that a side with pieces in hand places one, and notes the
// first position of play.
func prechessDescribePhase(p *Position, _ *MoveList) (status, note string) {
	if p.inHand(p.side) > 0 {
		status = sideName(p.side) + " places a piece on its back rank"
	}
	if placementJustEnded(p) {
		note = "Every piece is placed: the game begins, and White makes the first move."
	}
	return status, note
}

// placementJustEnded reports whether p is the first position of play after the placements:
// no piece left in either hand, White to move at move 9 (eight placements each).
func placementJustEnded(p *Position) bool {
	return p.side == White && p.fullmove == 9 && p.inHand(White) == 0 && p.inHand(Black) == 0
}
