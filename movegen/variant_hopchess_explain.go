package movegen

// Hop Chess's explanations for people (explain.go, display.go): the piece moves a click is
// checked against, why a click is no move, the route of a turn that bounces, and what the
// side to move does with its trampoline.

// hopPseudoMoves lists the Hop Chess piece moves without the trampoline placement and
// without testing the king.
func hopPseudoMoves(p *Position, ml *MoveList) {
	q := *p
	ml.hop.n = 0
	q.genHopPieceMoves(&ml.hop)
	for _, m := range ml.hop.m[:ml.hop.n] {
		ml.Add(m)
	}
}

// hopWhyNot gives Hop Chess's own reasons: a king never steps onto a trampoline, a piece
// that lands on one must bounce on, and a castling refused where trampolines stand.
func hopWhyNot(p *Position, from, to Square) string {
	if to == p.tramp[White] || to == p.tramp[Black] {
		if p.cells[from].Type() == King {
			return "A king never steps onto a trampoline."
		}
		return "A piece never ends its move on a trampoline: it bounces on from it. Click the square where the piece ends."
	}
	if (p.tramp[White] != NoSquare || p.tramp[Black] != NoSquare) && p.whyNoCastling(from, to) == castleAttackedReason {
		return "The king cannot castle: no trampoline may stand between the king and the rook, and the king may not cross or land on an attacked square."
	}
	return ""
}

// turnBounces finds the bounces of the turn m (Route): a piece move is listed once whatever
// its route, so the route is searched again here, the shortest first (a move that needs no
// trampoline has no route to show). There are two trampolines, each used at most once, so
// there are at most four routes to try.
func (p *Position) turnBounces(m Move) []Square {
	from, to := m.From(), m.To()
	if p.cells[from].Type() == King || p.hopRouteValid(from, nil, to, m.Promo()) {
		return nil
	}
	var tramps []Square
	for _, t := range p.tramp {
		if t != NoSquare {
			tramps = append(tramps, t)
		}
	}
	tries := [][]Square{}
	for _, t := range tramps {
		tries = append(tries, []Square{t})
	}
	if len(tramps) == 2 {
		tries = append(tries, []Square{tramps[0], tramps[1]}, []Square{tramps[1], tramps[0]})
	}
	for _, stops := range tries {
		if p.hopRouteValid(from, stops, to, m.Promo()) {
			return append(append([]Square{from}, stops...), to)
		}
	}
	return nil
}

// hopDescribePhase says whether the side to move places its trampoline after its move.
func hopDescribePhase(p *Position, _ *MoveList) (status, note string) {
	if !hopPlaces(p) {
		return sideName(p.side) + " to move (no trampoline on the first turn)", ""
	}
	return sideName(p.side) + " to move, then places the trampoline", ""
}
