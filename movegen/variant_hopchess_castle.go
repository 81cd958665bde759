package movegen

// Hop Chess castling: FIDE's castling with the trampolines' conditions (docs/hopchess.md: no
// trampoline between king and rook; attacks tested through both trampolines), generated
// by the shared castling code as a piece move of the turn (genHopCastling) and played on
// the turn walk's scratch board (hopPlayCastle). The turn itself is applied by hopApply.

// genHopCastling lists the castlings (castlings, with the king's crossing tested as
// HopChess's CastlingRules say): FIDE's conditions, no trampoline strictly between king
// and rook, and the king's square and the square it crosses not attacked now, with both
// trampolines where they stand (3.3); the destination is tested with the turn. castlings
// asks the variant's attack test, an indirect call through which its position escapes:
// it runs on the copy out.castling, so that q, the callers' local scratch board, stays on
// the stack.
func (q *Position) genHopCastling(out *hopPieceMoves) {
	c := &out.castling
	*c = *q
	cs, n := c.castlings()
	for _, cm := range cs[:n] {
		out.add(NewMove(TurnCastle, cm.king, cm.kingTo, NoSquare, NoType))
	}
}

// hopPlayCastle plays the castling m of the side to move on the cells of the scratch
// position q, recording the changes in u, and returns the king's square after it.
func (q *Position) hopPlayCastle(m Move, u *hopUndo) Square {
	us := q.side
	from, to := m.From(), m.To()
	r := q.castleRook[us][boolIndex(to > from)]
	rd := q.castlingRookTo(from, r)
	u.set(q, from, Empty)
	u.set(q, r, Empty)
	u.set(q, to, MakePiece(us, King))
	u.set(q, rd, MakePiece(us, Rook))
	return to
}
