package movegen

import "math/bits"

// Hop Chess turns: a piece move (variant_hopchess_pieces.go), then the placement of the
// mover's trampoline on an empty square. This file decides which turns are legal and which
// give check, for every way movegen lists moves (all, tactical, tactical with one
// placement, the first legal one), and plays piece moves on a scratch board.
//
// A position has some 30-60 piece moves and some 30-60 empty squares for the trampoline,
// so about 600-2000 turns; playing each of them to test the king would cost a full attack
// test per turn. Instead:
//
//  1. the piece moves are generated once, hops included, each distinct (from, to, promotion)
//     once whatever its route (hopGen);
//  2. each piece move is played on a scratch board (cells only) and the mover's king is
//     tested once with the mover's trampoline lifted off the board. Trampolines never
//     block, so adding one only adds routes: if the king is attacked without it, every
//     placement is illegal;
//  3. otherwise only the placements that open a route to the king are illegal, and those
//     lie on the king's lines and leaps, on the enemy trampoline's lines and leaps, or one
//     pawn step from the enemy trampoline (hopDanger, variant_hopchess_danger.go, lists
//     them; the rare routes with a promotion on a trampoline are tested square by square);
//     every other empty square gives a legal turn without any further test.

// hopWalk is what one walk over the piece moves of a position wants of their legal turns.
// Every walk plays each piece move on a scratch board and decides its placements the same
// way: none on White's first turn; none if the king is attacked even without the mover's
// trampoline (trampolines only add routes); otherwise every empty square outside
// hopDanger. The fields say what is done with the legal turns found. The walk is one
// function with flags rather than a visit callback: the flags cost a predictable branch,
// and nothing escapes to the heap on the hot path.
type hopWalk struct {
	ml     *MoveList // where the legal turns go, in generation order; nil: none listed
	checks *MoveList // with ml: the listed turns that give check

	// tactical lists only captures and promotions; once some legal turn is known, the
	// placements of quiet piece moves are not worked out (a quiescence search asks for
	// these at every node, and quiet moves are nine tenths of the turns).
	tactical bool

	// avoid, with tactical, lists each tactical piece move once, with the placement a
	// search orders first (see bestPlacement): a quiescence search plays no other.
	avoid *Landings

	// first stops at the first legal turn, trying the placement that keeps the trampoline
	// where it stands before computing hopDanger.
	first bool
	// found, with first, receives the piece move of the legal turn found.
	found *Move
}

// all walks every piece move of p and reports whether p has a legal turn; pm holds the
// piece moves meanwhile (the list's own buffer: see MoveList.hop).
func (w hopWalk) all(p *Position, pm *hopPieceMoves) bool {
	pm.n = 0
	q := *p
	q.genHopPieceMoves(pm)
	return w.walk(p, &q, pm.m[:pm.n])
}

// walk plays each of moves (piece moves of p) on q, p's scratch copy as it was before
// each move, hands the legal turns to w's lists and reports whether one was found.
//
// With checks, each piece move is tested like a placement in reverse: if it attacks the
// enemy king with our trampoline lifted, every placement gives check (trampolines only add
// routes); otherwise exactly the placements that open a route to that king do, and
// hopDanger finds those as it finds the illegal ones.
func (w hopWalk) walk(p, q *Position, moves []Move) (legal bool) {
	us, them := p.side, p.side.Other()
	e := p.tramp[them]
	own := p.tramp[us]
	ek := p.kings[them]
	place := hopPlaces(p)
	present := q.present[us]
	ml, checks := w.ml, w.checks
	// The empty squares before any move, worked out when first wanted (a walk that stops
	// at the first legal turn seldom needs them); each move's changes go on a copy.
	var empty sqSet
	haveEmpty := false
	// Likewise whether each side has a pawn near its last rank (hopDanger's promotions).
	var near [2]bool
	haveNear := false
	for _, m := range moves {
		list := ml != nil
		if w.tactical {
			list = m.Promo() != NoType || p.Captured(m) != Empty
			if !list && legal {
				continue
			}
		}
		var u hopUndo
		k := q.hopPlay(m, &u)
		// The scratch board keeps the piece lists and type sets of the position before the
		// move: a promoted piece must be known to the check tests by its type (the king's
		// tests look at the enemy's pieces only).
		q.present[us] = present | typeBit(m.Promo())
		switch {
		case k == NoSquare:
		case !place:
			if !q.hopAttackedAt(k, them, q.tramp[White], q.tramp[Black]) {
				legal = true
				if list && ml.n < MaxMoves {
					ml.Add(m)
					if checks != nil && ek != NoSquare && q.hopAttackedAt(ek, us, q.tramp[White], q.tramp[Black]) && checks.n < MaxMoves {
						checks.Add(m)
					}
				}
			}
		case !q.hopAttackedAt(k, them, e, NoSquare):
			if w.first && own != NoSquare && q.cells[own] == Empty && !q.hopOpens(k, them, e, own) {
				legal = true
				break
			}
			// The empty squares after the move but e, in the order of the board's squares
			// (rank by rank, as the cells are numbered); hopDanger's are taken out below.
			if !haveEmpty {
				haveEmpty = true
				for _, s := range p.v.Geometry.squares {
					if p.cells[s] == Empty {
						empty.add(s)
					}
				}
			}
			free := empty
			for _, sq := range u.sq[:u.n] {
				if q.cells[sq] == Empty {
					free.add(sq)
				} else {
					free.remove(sq)
				}
			}
			if e != NoSquare {
				free.remove(e)
			}
			if w.tactical && (w.avoid != nil || !list) {
				// Only the first placement in bestPlacement's order is listed, or none (a
				// quiet move, walked to learn whether there is a legal turn): testing the
				// candidates in that order usually settles it with one test, where hopDanger
				// would look at every square on the king's and the trampoline's lines.
				avoid := &noSquares
				if w.avoid != nil {
					avoid = &w.avoid.set
				}
				if s, ok := q.bestSafePlacement(k, them, e, own, &free, avoid); ok {
					if s != NoSquare {
						legal = true
						if list && ml.n < MaxMoves {
							ml.Add(m | Move(s)<<16)
						}
					}
					break
				}
			}
			var danger, check sqSet
			if !haveNear {
				haveNear = true
				near = [2]bool{p.hopPawnsNearPromotion(White), p.hopPawnsNearPromotion(Black)}
			}
			q.hopDanger(k, them, e, &danger, near[them])
			all := false
			if checks != nil && ek != NoSquare {
				all = q.hopAttackedAt(ek, us, e, NoSquare)
				if !all {
					// Our pawns near their last rank: those of p, and the one just moved.
					promo := near[us] || q.cells[m.To()] == MakePiece(us, Pawn) && q.hopNearPromotion(us, m.To())
					q.hopDanger(ek, us, e, &check, promo)
					if pc := q.cells[m.To()]; pc == MakePiece(us, Pawn) {
						// hopDanger looks for pawns near their last rank in the piece
						// list, which still has this one on its origin.
						q.hopPromoDangerFrom(m.To(), ek, us, e, &check)
					}
				}
			}
			for i := range free {
				free[i] &^= danger[i]
				if free[i] != 0 {
					legal = true
				}
			}
			if !list {
				break // only whether there is one
			}
			if w.avoid != nil {
				if s := bestPlacement(&free, &w.avoid.set, own); s != NoSquare && ml.n < MaxMoves {
					ml.Add(m | Move(s)<<16)
				}
				break
			}
			for i, word := range free {
				for ; word != 0; word &= word - 1 {
					s := Square(i<<6 | bits.TrailingZeros64(word))
					if ml.n < MaxMoves {
						t := m | Move(s)<<16
						ml.Add(t)
						if checks != nil && (all || check.has(s)) && checks.n < MaxMoves {
							checks.Add(t)
						}
					}
				}
			}
		}
		u.undo(q)
		q.present[us] = present
		if legal && w.first {
			if w.found != nil {
				*w.found = m
			}
			return true
		}
	}
	return legal
}

// hopLegalMoves lists the legal turns of p.
func hopLegalMoves(p *Position, ml *MoveList) { hopWalk{ml: ml}.all(p, &ml.hop) }

// hopLegalMovesChecks lists the legal turns of p in ml, in hopLegalMoves' order, and those
// among them that give check in checks.
func hopLegalMovesChecks(p *Position, ml, checks *MoveList) {
	hopWalk{ml: ml, checks: checks}.all(p, &ml.hop)
}

// hopLegalTactical lists the legal turns of p that capture or promote, as hopLegalMoves
// would list them (same order), and reports whether p has any legal turn.
func hopLegalTactical(p *Position, ml *MoveList) (anyLegal bool) {
	return hopWalk{ml: ml, tactical: true}.all(p, &ml.hop)
}

// hopLegalTacticalPlaced is hopLegalTactical with each piece move listed once, with the
// placement bestPlacement picks.
func hopLegalTacticalPlaced(p *Position, ml *MoveList, avoid *Landings) (anyLegal bool) {
	return hopWalk{ml: ml, tactical: true, avoid: avoid}.all(p, &ml.hop)
}

// hopHasLegalMove reports whether p has a legal turn, as hopLegalMoves would list one: it
// stops at the first piece move that leaves a placement (a mate test after each check must
// not cost a whole generation). The hint's piece move, if the piece on its origin still
// makes it, is tried first and alone: the replies to a node's checks are tested one check
// after the other, and the escape from one nearly always escapes the next. Then the king's
// moves, alone: most checks are answered by one, and the other pieces' moves need not be
// generated then. The piece move found goes to *hint (hint may be nil). The piece moves go
// into scratch's buffer.
func hopHasLegalMove(p *Position, scratch *MoveList, hint *Move) bool {
	pm := &scratch.hop
	pm.n = 0
	q := *p
	us := p.side
	w := hopWalk{first: true, found: hint}
	h := hopGen{p: &q, us: us, enemy: colorBit(us.Other()), tramp: q.tramp, out: pm}
	if hint != nil && *hint != NullMove && hint.Kind() != TurnCastle && q.cells[hint.From()].Is(us) {
		if hint.From() == q.kings[us] {
			// A king's step, the usual escape, is checked as genPiece would make it.
			if h.kingStep(*hint) {
				pm.m[0] = *hint
				if w.walk(p, &q, pm.m[:1]) {
					return true
				}
			}
		} else {
			h.genPiece(&q, hint.From())
			for i, m := range pm.m[:pm.n] {
				if m == *hint {
					if w.walk(p, &q, pm.m[i:i+1]) {
						return true
					}
					break
				}
			}
			pm.n = 0
		}
	}
	if k := q.kings[us]; k != NoSquare {
		h.genPiece(&q, k)
		if w.walk(p, &q, pm.m[:pm.n]) {
			return true
		}
		pm.n = 0
	}
	for _, from := range q.pieces[us][:q.nPieces[us]] {
		if from != q.kings[us] {
			h.genPiece(&q, from)
		}
	}
	if q.castleRook[us] != [2]Square{} {
		q.genHopCastling(pm)
	}
	return w.walk(p, &q, pm.m[:pm.n])
}

// hopUndo remembers the cells a piece move changed on the scratch board.
type hopUndo struct {
	sq [4]Square
	pc [4]Piece
	n  int
}

func (u *hopUndo) set(q *Position, sq Square, pc Piece) {
	u.sq[u.n], u.pc[u.n] = sq, q.cells[sq]
	u.n++
	q.cells[sq] = pc
}

func (u *hopUndo) undo(q *Position) {
	for i := u.n - 1; i >= 0; i-- {
		q.cells[u.sq[i]] = u.pc[i]
	}
}

// hopPlay plays the piece move m on the cells of the scratch position q and returns the
// mover's king square after it.
func (q *Position) hopPlay(m Move, u *hopUndo) Square {
	us := q.side
	from, to := m.From(), m.To()
	k := q.kings[us]
	switch m.Kind() {
	case TurnCastle:
		return q.hopPlayCastle(m, u)
	case TurnEnPassant:
		u.set(q, q.epPawn, Empty)
	}
	pc := q.cells[from]
	if t := m.Promo(); t != NoType {
		pc = MakePiece(us, t)
	}
	u.set(q, from, Empty)
	u.set(q, to, pc)
	if pc.Type() == King {
		k = to
	}
	return k
}
