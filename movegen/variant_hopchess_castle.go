package movegen

// Hop Chess castling: FIDE's castling with the trampolines' conditions (docs/hopchess.md: no
// trampoline between king and rook; attacks tested through both trampolines), generated here as a piece move of the turn (genHopCastling) and played here on the
// turn walk's scratch board (hopPlayCastle). The turn itself is applied by hopApply.

// genHopCastling lists the castlings: FIDE's conditions, no trampoline strictly between
// king and rook, and the king's square and the square it crosses not attacked now, with
// both trampolines where they stand (3.3); the destination is tested with the turn.
func (q *Position) genHopCastling(out *hopPieceMoves) {
	us := q.side
	v, g := q.v, q.v.Geometry
	k := q.kings[us]
	if k == NoSquare {
		return
	}
	them := us.Other()
	inCheck := -1
	for s := 0; s < 2; s++ {
		r := q.castleRook[us][s]
		if r == NoSquare {
			continue
		}
		back := v.Castling.BackRank[us]
		kd := g.cell(v.Castling.KingFile[s], back)
		rd := g.cell(v.Castling.RookFile[s], back)
		if !q.castlingPathClear(k, kd, r) || !q.castlingPathClear(r, rd, k) {
			continue
		}
		blocked := false
		for sq, step := k, rankStep(k, r); sq+step != r; {
			sq += step
			blocked = blocked || sq == q.tramp[White] || sq == q.tramp[Black]
		}
		if blocked {
			continue
		}
		if inCheck < 0 {
			inCheck = boolIndex(q.hopAttackedAt(k, them, q.tramp[White], q.tramp[Black]))
		}
		if inCheck == 1 {
			return
		}
		safe := true
		king := q.cells[k]
		q.cells[k] = Empty
		for sq, step := k, rankStep(k, kd); sq+step != kd && safe; {
			sq += step
			q.cells[sq] = king
			safe = !q.hopAttackedAt(sq, them, q.tramp[White], q.tramp[Black])
			q.cells[sq] = Empty
		}
		q.cells[k] = king
		if safe {
			out.add(NewMove(TurnCastle, k, kd, NoSquare, NoType))
		}
	}
}

// hopWalk is what one walk over the piece moves of a position wants of their legal turns.
// Every walk plays each piece move on a scratch board and decides its placements the same
// way: none on White's first turn; none if the king is attacked even without the mover's
// trampoline (trampolines only add routes); otherwise every empty square outside

// hopPlayCastle plays the castling m of the side to move on the cells of the scratch
// position q, recording the changes in u, and returns the king's square after it.
func (q *Position) hopPlayCastle(m Move, u *hopUndo) Square {
	us := q.side
	from, to := m.From(), m.To()
	g := q.v.Geometry
	side := boolIndex(to > from)
	r := q.castleRook[us][side]
	rd := g.cell(q.v.Castling.RookFile[side], int(g.rank[from]))
	u.set(q, from, Empty)
	u.set(q, r, Empty)
	u.set(q, to, MakePiece(us, King))
	u.set(q, rd, MakePiece(us, Rook))
	return to
}
