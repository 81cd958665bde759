package search

import "varchess/movegen"

// specialPhase reports whether either side still has pieces in hand: a placement phase
// (pieces dropped before play) or a jump phase (every jump but the first places a hand
// piece, so a side in its jump phase always has one; a stuck side keeps its hand for good,
// which makes this conservative for the rest of such a game). Placements and jumps are
// compulsory, checks do not restrict jumps, and a static evaluation of half-built armies
// says little, so the search keeps to plain alpha-beta there: no null move, no static
// pruning, no check extension, gentle reductions. (Position.Phase is not used: its
// numbering is the variant's own.)
func specialPhase(p *movegen.Position) bool {
	for c := movegen.White; c <= movegen.Black; c++ {
		for t := movegen.Pawn; t < movegen.NumTypes; t++ {
			if p.Hand(c, t) > 0 {
				return true
			}
		}
	}
	return false
}

// hasPieces reports whether c has at least two pieces other than king and pawns on the
// board. With one piece left zugzwang is still common (Ra6!! in kbK5/pp6/1P6/8/8/8/8/R7,
// a mate in 2 that a null move for the lone bishop's side hides at every depth).
func hasPieces(p *movegen.Position, c movegen.Color) bool {
	n := 0
	for t := movegen.Knight; t < movegen.NumTypes; t++ {
		if t != movegen.King {
			n += p.Count(c, t)
		}
	}
	return n >= 2
}

// canNullMove says whether passing is a safe lower bound here. Null-move pruning assumes
// that the side to move could always do at least as well as by passing; it is wrong in
// zugzwang, so it is off:
//   - with fewer than two pieces besides king and pawns (the zugzwang endings, in every
//     variant);
//   - in placement and jump phases (specialPhase): moves there are compulsory and a pass
//     is not a weaker version of any of them;
//   - under a capture obligation (forced: ForcedMoves, where every legal move captures
//     or gives check), the zugzwang of draughts: passing would often be better than the
//     forced move;
//   - when every legal move is a capture, for the same reason (in FIDE such positions are
//     rare and tactical anyway);
//   - placing turns need no exception: a turn is a piece move plus a placement that may
//     leave the marker where it stands, so a pass is a turn minus its piece move, and the
//     opponent's threats through its marker stay on the board while we pass.
func canNullMove(p *movegen.Position, special, forced bool, legal, captures int) bool {
	return hasPieces(p, p.SideToMove()) && !special && !forced && captures < legal
}

// outcomeScore scores a finished game at ply from the side to move's point of view: the
// variant's rules decide who won (a stalemate may win, so may entering a goal square), and
// a win is worth more the sooner it comes.
func outcomeScore(o movegen.Outcome, p *movegen.Position, ply int) int {
	switch o.Result {
	case movegen.Draw:
		return 0
	case movegen.WinFor(p.SideToMove()):
		return MateScore - ply
	}
	return -MateScore + ply
}

// repeated reports whether p, at ply, repeats a position of the game or of the search path
// since the last irreversible move: the search scores the first repetition as a draw, as
// the side that could avoid it would have.
func (w *worker) repeated(p *movegen.Position, ply int) bool {
	h := p.Hash()
	i := w.base + ply
	stop := max(i-p.HalfmoveClock(), 0)
	for j := i - 2; j >= stop; j -= 2 {
		if w.path[j] == h {
			return true
		}
	}
	return false
}

// exchangeLoss is what tactical move m from p loses in the static exchange on its
// destination, as a negative number, or 0 if it loses nothing (only where w.exchange
// holds). A capture of a piece worth at least its capturer cannot lose (the exchange wins
// at least the difference), which spares most captures the evaluation.
func (w *worker) exchangeLoss(p *movegen.Position, m movegen.Move) int {
	if victim := p.Captured(m); victim != movegen.Empty && m.Promo() == movegen.NoType &&
		w.exchangeValues[victim.Type()] >= w.exchangeValues[p.MovingPiece(m).Type()] {
		return 0
	}
	return min(p.StaticExchange(m, &w.exchangeValues), 0)
}

// losingCapture reports whether quiescence should pass over capture m, played from p to
// next: the capturing piece is worth more than its victim by over losingCaptureMargin, and
// on the square where it lands the opponent attacks it and nothing of its own side guards
// it. It stands in for a static exchange evaluation, read from Attacked alone, so it holds
// in every game (a Jumping Knights capture is judged beyond its victim, where it lands).
// A guarded capturer is left to the search: a rook taking a knight that the enemy queen
// attacks and a pawn defends is often a good exchange. It never judges a piece that did
// not end on the move's destination (a Hop Chess bounce), a king, a promotion, nor a game
// where an entry can win outright (the capture may be that entry).
func (w *worker) losingCapture(p, next *movegen.Position, m movegen.Move) bool {
	if m.Promo() != movegen.NoType || w.ev.DecisiveEntries() {
		return false
	}
	mover, victim := p.MovingPiece(m), p.Captured(m)
	if victim == movegen.Empty || mover.Type() == movegen.King || next.At(m.To()) != mover {
		return false
	}
	if w.ev.Value(mover.Type()) <= w.ev.Value(victim.Type())+losingCaptureMargin {
		return false
	}
	us := mover.Color()
	return next.Attacked(m.To(), us.Other()) && !next.Attacked(m.To(), us)
}
