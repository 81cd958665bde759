package movegen

// LegalMoves appends the legal moves of p to ml: every move the rules allow, after every
// rule that restricts the choice. A position whose game is over by rule (mate, stalemate,
// a won weak square) has none.
func (p *Position) LegalMoves(ml *MoveList) {
	if p.v.turns.legalMoves != nil {
		p.v.turns.legalMoves(p, ml)
		return
	}
	p.standardLegalMoves(ml)
}

// LegalMovesChecks appends the legal moves of p to ml, as LegalMoves does, and those of
// them that give check (the opponent's king is attacked once the move is played) to
// checks, in the same order. It is for a search that must not prune checks where it
// prunes moves before playing them (Hop Chess's hundreds of quiet turns, among which its
// mates hide); the variants without a faster way play each move on a copy.
func (p *Position) LegalMovesChecks(ml, checks *MoveList) {
	if p.v.turns.legalMovesChecks != nil {
		p.v.turns.legalMovesChecks(p, ml, checks)
		return
	}
	start := ml.n
	p.LegalMoves(ml)
	for _, m := range ml.moves[start:ml.n] {
		q := &checks.scratch
		*q = *p
		q.Apply(m)
		if q.InCheck() {
			checks.Add(m)
		}
	}
}

// HasLegalMove reports whether p has a legal move (none: the game is over, by mate or
// stalemate or the variant's rule). A variant with hundreds of moves stops at the first;
// the others generate them into scratch, the caller's list, so that nothing allocates.
func (p *Position) HasLegalMove(scratch *MoveList) bool {
	if p.v.turns.hasLegalMove != nil {
		return p.v.turns.hasLegalMove(p, scratch, nil)
	}
	scratch.Reset()
	if p.v.turns.legalMoves == nil {
		return p.hasLegalStandard(scratch)
	}
	p.LegalMoves(scratch)
	return scratch.Len() > 0
}

// HasLegalMoveHint is HasLegalMove, with the same answer, for a caller that asks it about
// many similar positions (a mate test after each check of one node): *hint, a move that
// was legal in one of them (NullMove: none yet), is tried first, alone; where the variant
// finds its legal moves one by one (Hop Chess), *hint is then set to the move that proved
// this position has one (Hop Chess: the piece move, its aux field NoSquare, whatever the
// placement). Other variants answer as HasLegalMove and leave *hint alone.
func (p *Position) HasLegalMoveHint(scratch *MoveList, hint *Move) bool {
	if p.v.turns.hasLegalMove != nil {
		return p.v.turns.hasLegalMove(p, scratch, hint)
	}
	return p.HasLegalMove(scratch)
}

// hasLegalStandard is HasLegalMove for the standard moves alone.
func (p *Position) hasLegalStandard(ml *MoveList) bool {
	info := p.legalInfo(ml)
	return p.anyLegalStandard(ml, &info)
}

// anyLegalStandard reports whether p has a legal standard move (info: p's legalInfo). It
// generates one piece's moves at a time into ml, after the moves already there, and stops
// at the first legal one, which out of check is nearly always among the first piece's;
// ml is left as it was.
func (p *Position) anyLegalStandard(ml *MoveList, info *pinInfo) bool {
	start := ml.n
	defer ml.Truncate(start)
	easy := !info.byCopy && !info.inCheck && info.npinned == 0
	legal := func() bool {
		for _, m := range ml.moves[start:ml.n] {
			if easy && m.Kind() == Normal && m.From() != info.king || p.legalStandard(m, info) {
				return true
			}
		}
		return false
	}
	enemy := colorBit(p.side.Other())
	for _, from := range p.pieces[p.side][:p.nPieces[p.side]] {
		ml.n = start
		p.genPiece(from, ml, true, enemy)
		if legal() {
			return true
		}
	}
	ml.n = start
	if p.castleRook[p.side] != [2]Square{} {
		p.genCastling(ml)
	}
	if p.bunker[p.side] {
		p.genKingLeaps(ml)
	}
	return legal()
}

// OutcomeCountsMoves reports whether the variant's own ends of game are judged from the
// number of legal moves (StatusWith passes it to them). Where they are not, StatusWith
// asks only whether there is a legal move, so HasLegalMove's answer is enough.
func (v *Variant) OutcomeCountsMoves() bool { return v.end.outcome != nil }

// FastChecks reports whether LegalMovesChecks finds the variant's checks without playing
// the moves, for about the cost of a second LegalMoves: then a search may ask for them at
// every node.
func (v *Variant) FastChecks() bool { return v.turns.legalMovesChecks != nil }

// standardLegalMoves generates the pseudo-legal moves and keeps the legal ones.
func (p *Position) standardLegalMoves(ml *MoveList) {
	start := ml.n
	p.genPseudo(ml)
	p.keepLegal(ml, start)
}

// keepLegal removes from ml[start:] the moves that leave the mover's king attacked.
func (p *Position) keepLegal(ml *MoveList, start int) {
	if p.v.modes != nil {
		p.keepLegalModes(ml, start)
		return
	}
	info := p.legalInfo(ml)
	n := start
	// Without check or pins only king moves and special moves can be illegal.
	easy := !info.byCopy && !info.inCheck && info.npinned == 0
	for _, m := range ml.moves[start:ml.n] {
		if easy && m.Kind() == Normal && m.From() != info.king || p.legalStandard(m, &info) {
			ml.moves[n] = m
			n++
		}
	}
	ml.n = n
}

// LegalTacticalPlaced is LegalTactical for a quiescence search that plays each Hop Chess
// capture or promotion with one trampoline placement only: it lists each such piece move
// once, with the legal placement that search orders first, instead of the fifty or so
// placements LegalTactical lists. That placement is outside avoid (the opponent's
// HopLandings, where a placement would hand a piece a hop) if some legal one is; among
// those, the trampoline's current square if it is one, else the highest square (the
// largest move code). The moves come in LegalTactical's order. Other variants ignore
// avoid and list what LegalTactical lists.
func (p *Position) LegalTacticalPlaced(ml *MoveList, avoid *Landings) (anyLegal bool) {
	if p.v.turns.legalTacticalPlaced != nil && avoid != nil {
		return p.v.turns.legalTacticalPlaced(p, ml, avoid)
	}
	return p.LegalTactical(ml)
}

// HasTrampolines reports whether the variant's turns end with a trampoline placement
// (Hop Chess), so that LegalTacticalPlaced lists fewer moves than LegalTactical.
func (v *Variant) HasTrampolines() bool { return v.turns.legalTacticalPlaced != nil }

// LegalTactical appends to ml the legal moves of p that capture (en passant and hop
// captures included) or promote, and reports whether p has any legal move at all. It is
// for a quiescence search: the other moves need not be tested for legality, except until
// one of them proves the side to move is not stalemated, so whether the game ends by the
// number of legal moves (zero or not) is still decided.
func (p *Position) LegalTactical(ml *MoveList) (anyLegal bool) {
	start := ml.n
	if p.v.turns.legalTactical != nil {
		return p.v.turns.legalTactical(p, ml)
	}
	if p.v.turns.legalMoves != nil {
		p.v.turns.legalMoves(p, ml)
		anyLegal = ml.n > start
		n := start
		for _, m := range ml.moves[start:ml.n] {
			if m.Promo() != NoType || p.Captured(m) != Empty {
				ml.moves[n] = m
				n++
			}
		}
		ml.n = n
		return anyLegal
	}
	// Generate the tactical moves alone, and all of them only if none of those is legal,
	// to learn whether another move is.
	p.genPseudoTactical(ml)
	info := p.legalInfo(ml)
	n := start
	easy := !info.byCopy && !info.inCheck && info.npinned == 0
	for _, m := range ml.moves[start:ml.n] {
		tactical := m.Promo() != NoType || p.Captured(m) != Empty
		if !tactical && anyLegal {
			continue
		}
		if easy && m.Kind() == Normal && m.From() != info.king || p.legalStandard(m, &info) {
			anyLegal = true
			if tactical {
				ml.moves[n] = m
				n++
			}
		}
	}
	ml.n = n
	if !anyLegal {
		anyLegal = p.anyLegalStandard(ml, &info)
	}
	return anyLegal
}

// legalInfo is what legalStandard needs to test p's moves, with ml's scratch position
// for the tests by copy.
func (p *Position) legalInfo(ml *MoveList) pinInfo {
	var info pinInfo
	if p.v.unitRiders && p.v.play.attacked == nil {
		info = p.pins()
	} else {
		info = pinInfo{king: p.kings[p.side], byCopy: true}
	}
	info.scratch = &ml.scratch
	return info
}

// genPseudo adds the standard pseudo-legal moves: every piece by its atoms, pawns by the
// pawn rules, castling by the castling rules, the king's leap by the KingLeap rules. Kings
// are never captured.
func (p *Position) genPseudo(ml *MoveList) { p.genStandard(ml, true) }

// genPseudoTactical adds genPseudo's moves that capture or promote, in the same order: the
// quiescence search's moves, without generating the quiet ones only to drop them.
func (p *Position) genPseudoTactical(ml *MoveList) { p.genStandard(ml, false) }

// genStandard is genPseudo, with the quiet moves (non-capturing, non-promoting, castling,
// king leaps) only when quiets is set.
func (p *Position) genStandard(ml *MoveList, quiets bool) {
	us := p.side
	enemy := colorBit(us.Other())
	for _, from := range p.pieces[us][:p.nPieces[us]] {
		if p.cells[from].Type() == Pawn { // the most common piece: one call, not two
			p.genPawn(from, ml, quiets)
			continue
		}
		p.genPiece(from, ml, quiets, enemy)
	}
	if quiets && p.castleRook[us] != [2]Square{} {
		p.genCastling(ml)
	}
	if quiets && p.bunker[us] {
		p.genKingLeaps(ml)
	}
}

// genPiece adds genStandard's moves of the piece on from (enemy: the colour bit of the
// pieces it may capture).
func (p *Position) genPiece(from Square, ml *MoveList, quiets bool, enemy Piece) {
	t := p.cells[from].Type()
	if t == Pawn {
		p.genPawn(from, ml, quiets)
		return
	}
	steps := p.v.steps[t]
	switch p.v.stepKind[t] {
	case kindRider:
		for _, st := range steps {
			to := from + Square(st.delta)
			for p.cells[to] == Empty {
				if quiets {
					ml.Add(NewMove(Normal, from, to, NoSquare, NoType))
				}
				to += Square(st.delta)
			}
			if pc := p.cells[to]; pc&enemy != 0 && pc.Type() != King {
				ml.Add(NewMove(Normal, from, to, NoSquare, NoType))
			}
		}
		return
	case kindLeaper:
		for _, st := range steps {
			to := from + Square(st.delta)
			if pc := p.cells[to]; pc == Empty {
				if quiets {
					ml.Add(NewMove(Normal, from, to, NoSquare, NoType))
				}
			} else if pc&enemy != 0 && pc.Type() != King {
				ml.Add(NewMove(Normal, from, to, NoSquare, NoType))
			}
		}
		return
	case kindModes:
		p.genModePiece(from, t, ml, quiets, enemy)
		return
	}
	for _, st := range steps {
		to := from
		for {
			to += Square(st.delta)
			pc := p.cells[to]
			if pc == Empty {
				if quiets {
					ml.Add(NewMove(Normal, from, to, NoSquare, NoType))
				}
				if st.rider {
					continue
				}
			} else if pc&enemy != 0 && pc.Type() != King {
				ml.Add(NewMove(Normal, from, to, NoSquare, NoType))
			}
			break
		}
	}
}

// genPawn adds the moves of the pawn on from: steps, first long steps, captures, en
// passant, each reaching the promotion rank as one move per promotion type. Without quiets
// only its captures and promotions.
func (p *Position) genPawn(from Square, ml *MoveList, quiets bool) {
	us := p.side
	v := p.v
	if v.modes != nil {
		p.genModePawn(from, ml, quiets)
		return
	}
	g := v.Geometry
	push := Square(v.pawnPush[us])
	to := from + push
	if p.cells[to] == Empty {
		if quiets || p.promotes(us, to) {
			p.addPawnMove(Normal, from, to, ml)
		}
		if (quiets || v.longStepPromotes) && int(g.rank[from]) == v.Pawn.StartRank[us] {
			for n := 2; n <= v.Pawn.FirstSteps; n++ {
				to += push
				if p.cells[to] != Empty {
					break
				}
				if quiets || p.promotes(us, to) {
					p.addPawnMove(Normal, from, to, ml)
				}
			}
		}
	}
	enemy := colorBit(us.Other())
	for _, d := range v.pawnTake[us] {
		to := from + Square(d)
		if pc := p.cells[to]; pc&enemy != 0 && pc.Type() != King {
			p.addPawnMove(Normal, from, to, ml)
		} else if p.ep[0] != NoSquare && pc == Empty && (to == p.ep[0] || to == p.ep[1]) {
			// (The en passant square first: rarely set, it decides the test in one
			// well-predicted branch, where whether the square is empty is a guess.)
			ml.Add(NewMove(EnPassant, from, to, NoSquare, NoType))
		}
	}
}

// addPawnMove adds a pawn move, or one move per promotion type if it reaches the
// promotion rank.
func (p *Position) addPawnMove(kind MoveKind, from, to Square, ml *MoveList) {
	if p.promotes(p.side, to) {
		for _, t := range p.v.Pawn.PromoTypes {
			ml.Add(NewMove(kind, from, to, NoSquare, t))
		}
		return
	}
	ml.Add(NewMove(kind, from, to, NoSquare, NoType))
}

// promotes reports whether a pawn of colour c arriving on sq promotes.
func (p *Position) promotes(c Color, sq Square) bool {
	r := int(p.v.Geometry.rank[sq])
	if c == White {
		return r >= p.v.Pawn.PromoRank[White]
	}
	return r <= p.v.Pawn.PromoRank[Black]
}
