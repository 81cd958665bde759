package search

import "varchess/movegen"

// negamax returns the score of p from the side to move's point of view, searching depth
// plies with principal variation search. ply is the distance from the root.
func (w *worker) negamax(p *movegen.Position, alpha, beta, depth, ply int) int {
	if depth <= 0 {
		return w.qsearch(p, alpha, beta, ply, 0)
	}
	f := &w.stack[ply]
	f.pvLen = 0
	hint := f.check // consumed here, whatever path this node takes
	f.check = checkUnknown
	w.nodes++
	if w.nodes&clockPeriod == 0 {
		w.poll()
	}
	if w.stopped { // set by poll, which reads the shared stop flag
		return 0 // the iteration is discarded; see iterate
	}
	pvNode := beta-alpha > 1
	w.seldepth = max(w.seldepth, ply)
	w.path[w.base+ply] = p.Hash()

	if ply > 0 {
		// Repetition: a draw, whatever the material.
		if w.repeated(p, ply) {
			return 0
		}
		// Mate distance pruning: a mate found higher up is shorter than any mate still to
		// be found here.
		alpha = max(alpha, -MateScore+ply)
		beta = min(beta, MateScore-ply-1)
		if alpha >= beta {
			return alpha
		}
	}

	// Transposition table: a deep enough result of this position ends a non-PV node.
	hit, found := w.sh.tt.probe(p.Hash())
	ttMove := movegen.NullMove
	if found {
		ttMove = hit.move
		s := scoreFromTT(hit.score, ply)
		if !pvNode && !f.fullWidth && hit.depth >= depth && cuts(hit.bound, s, alpha, beta) {
			return s
		}
	}

	inCheck := knownCheck(p, hint)
	special := w.rootSpecial && specialPhase(p)
	staticEval := -Infinity
	if !inCheck {
		staticEval = w.evaluate(p)
	}
	f.staticEval = staticEval
	// improving: the side to move stands better than at its previous turn, so a
	// fail-high here is likelier and the quiet moves need less search (refined only).
	improving := w.refine && !inCheck && (ply < 2 || staticEval > w.stack[ply-2].staticEval)
	// Under a capture obligation (ForcedMoves) the side to move may have to give material
	// away: neither the static evaluation nor a pass bounds what it can keep (see
	// canNullMove).
	forced := !inCheck && p.ForcedMoves(&w.scratch)
	// Reverse futility pruning: far above beta at low depth, a quiet position stays there.
	// (Not in check, so the check extension below leaves depth as it is.)
	futile := !pvNode && !inCheck && !special && !forced && depth <= rfpDepth && beta > -MateBound && beta < MateBound &&
		staticEval-rfpMargin*(depth-b2i(improving)) >= beta
	if v := p.Variant(); futile && ply > 0 && !v.OutcomeCountsMoves() {
		// Of the moves such a node needs to know only whether there is one (mate and
		// stalemate), where the variant's rules do not count them. HasLegalMove stops at
		// the first legal move; half the nodes that generate moves end here. Nor does it
		// need mateInOne's checks (Hop Chess's wide nodes): the node fails high on its
		// evaluation, and a mate in one would only fail high by more. (Looking for those
		// mates was half the time of a Hop Chess middlegame search to the same depth.)
		legal := 0
		if p.HasLegalMove(&w.scratch) {
			legal = 1
		}
		if o := p.StatusWith(legal); o.Over() {
			return outcomeScore(o, p, ply)
		}
		return staticEval // also at MaxPly-1, where the evaluation is the score
	}

	// The moves, and with them the end of the game by the variant's rules. Where the
	// variant lists its checks cheaply, they come with the moves, for mateInOne.
	w.scratch.Reset()
	w.checks.Reset()
	if ply > 0 && p.Variant().FastChecks() {
		p.LegalMovesChecks(&w.scratch, &w.checks)
	} else {
		p.LegalMoves(&w.scratch)
	}
	legal := w.scratch.Len()
	if o := p.StatusWith(legal); o.Over() && (ply > 0 || legal == 0) {
		return outcomeScore(o, p, ply)
	}
	if ply >= MaxPly-1 {
		return w.evaluate(p)
	}
	// fill keeps every move here, so the node has as many to search as are legal.
	wide := legal >= wideNode

	if mate, m := w.mateInOne(p, wide, depth, ply); mate != 0 {
		w.stack[ply+1].pvLen = 0
		w.updatePV(f, m, ply)
		w.sh.tt.store(p.Hash(), m, scoreToTT(mate, ply), depth, boundExact)
		return mate
	}

	// Check extension: a check is a forcing move whose answer must be seen (not where
	// checks do not restrict the moves, and not beyond twice the nominal depth).
	// Wide nodes are not extended: there most turns can give or parry a check through
	// their placement, and extending them all would never end.
	if inCheck && !special && !wide && ply < 2*w.rootDepth {
		depth++
	}
	if futile {
		return staticEval
	}
	// Internal iterative reduction: a node the table knows no move for is likely new and
	// its moves poorly ordered; search it a ply shallower (refined only).
	if w.refine && ttMove == movegen.NullMove && depth >= iirDepth && !inCheck {
		depth--
	}

	// The moves' ordering scores, from here on: the nodes reverse futility pruning ends
	// need none. (scratch still holds the moves: nothing since generated them anew.)
	captures := w.fill(p, f, ttMove, false, nil)
	f.setChecks(wide, w.checks.Moves())

	// Null-move pruning: if passing still fails high, a real move will too.
	if !pvNode && !inCheck && ply > 0 && !w.stack[ply].null && depth >= nullMinDepth &&
		staticEval >= beta && beta < MateBound && canNullMove(p, special, forced, legal, captures) {
		r := nullReduction + depth/nullDepthDivisor
		next := w.child(p, ply)
		next.ApplyNull()
		w.stack[ply+1].null = true
		score := -w.negamax(next, -beta, -beta+1, depth-1-r, ply+1)
		w.stack[ply+1].null = false
		if w.stopped {
			return 0
		}
		if score >= beta {
			return min(score, MateBound)
		}
	}

	origAlpha := alpha
	best, bestMove := -Infinity, movegen.NullMove
	f.startLoop()
	quietsSeen := 0
	for i := 0; i < f.n; i++ {
		m := f.pick(i)
		if ply == 0 && w.isExcluded(m) {
			continue
		}
		tactical := w.ev.Tactical(p, m)
		// A wide node below the root skips most of its turns unplayed, and searches its
		// checks beyond the quiet-move limits (checkKept): see wideSkip.
		checkKept := false
		if wide && ply > 0 {
			prunable := !special && best > -MateBound
			var skip bool
			if skip, checkKept = f.wideSkip(m, ttMove, tactical, prunable, depth, pvNode); skip {
				continue
			}
		}
		// Exchange pruning: near the leaves, once a move has been searched, a capture that
		// loses more than a margin growing with depth squared is skipped.
		if w.exchange && tactical && !pvNode && !inCheck && best > -MateBound && depth <= exchangeDepth && m != ttMove &&
			!f.fullWidth && f.exchangeAt(i) < -exchangeCaptureMargin*depth*depth {
			continue
		}
		next := w.child(p, ply)
		next.Apply(m)
		givesCheck := next.InCheckAfter(m)
		childCheck := int8(checkNo)
		if givesCheck {
			childCheck = checkYes
		}
		// A quiet move changes no material and gives no check; at wide nodes checks are
		// too common to be exempt from reductions.
		quiet := !tactical && (!givesCheck || wide) && m != ttMove

		// Pruning of quiet moves near the leaves, once a move has been searched: late move
		// pruning and futility pruning. Tactical and checking moves are never pruned, nor
		// anything while in check.
		if quiet && !pvNode && !inCheck && !special && best > -MateBound && !f.fullWidth {
			if w.refine {
				if depth <= refinedLMPDepth && quietsSeen >= lmpLimit(depth, improving) && !checkKept {
					continue
				}
			} else if depth <= lmpDepth && quietsSeen >= lmpBase+depth*depth && !checkKept {
				continue
			}
			if depth <= futilityDepth && staticEval+futilityMargin*depth <= alpha && !checkKept {
				continue
			}
		}
		if quiet && !checkKept {
			quietsSeen++
		}
		if !tactical {
			f.quiets.add(m)
		}

		// Principal variation search with late move reductions.
		newDepth := depth - 1
		var score int
		if i == 0 {
			w.stack[ply+1].check = childCheck
			score = -w.negamax(next, -beta, -alpha, newDepth, ply+1)
		} else {
			r := 0
			if depth >= lmrMinDepth && i >= lmrMinMove && quiet && !inCheck &&
				m != f.killers[0] && m != f.killers[1] {
				r = lmrTable[min(depth, 63)][min(i, 63)]
				if pvNode {
					r--
				}
				if w.refine {
					// Less for a move that often cut off here, more for one that seldom
					// did. (One more when the position is not improving, as Stockfish
					// does, lost a K+B+N v K mate of the endgame set at 5,000 nodes.)
					r -= int(w.history[p.SideToMove()][historyFrom(m)][m.To()]) / lmrHistoryDivisor
				}
				if special {
					r = min(r, 1) // placements are ordered poorly: reduce them gently
				}
				r = min(max(r, 0), newDepth-1)
			}
			w.stack[ply+1].check = childCheck
			score = -w.negamax(next, -alpha-1, -alpha, newDepth-r, ply+1)
			if score > alpha && r > 0 {
				w.stack[ply+1].check = childCheck
				score = -w.negamax(next, -alpha-1, -alpha, newDepth, ply+1)
			}
			if score > alpha && score < beta {
				w.stack[ply+1].check = childCheck
				score = -w.negamax(next, -beta, -alpha, newDepth, ply+1)
			}
		}
		if w.stopped {
			return 0
		}
		if ply == 0 && wide && score > alpha && score < MateBound && newDepth >= verifyDepth {
			score = w.verifyReplies(next, score)
			if w.stopped {
				return 0
			}
		}

		if score > best {
			best = score
			if score > alpha {
				alpha, bestMove = score, m
				w.updatePV(f, m, ply)
				if ply == 0 {
					w.iterBest, w.iterScore = m, score
				}
				if alpha >= beta {
					if !tactical {
						w.updateHistory(p, f, m, depth)
					}
					break
				}
			}
		}
	}
	if best == -Infinity {
		// Every move was pruned: fail low with the static bound.
		best = alpha
	}

	b := boundUpper
	switch {
	case best >= beta:
		b = boundLower
	case best > origAlpha && bestMove != movegen.NullMove:
		b = boundExact
	}
	if ply > 0 || w.nExcluded == 0 {
		// A root searched without its best moves (MultiPV) has a score that is not the
		// position's: the table must not keep it.
		w.sh.tt.store(p.Hash(), bestMove, scoreToTT(best, ply), depth, b)
	}
	return best
}

// isExcluded reports whether the root move m is left out of this MultiPV line.
func (w *worker) isExcluded(m movegen.Move) bool {
	for _, x := range w.excluded[:w.nExcluded] {
		if x == m {
			return true
		}
	}
	return false
}

// qsearch searches only the tactical moves (captures, hop captures, promotions, decisive
// entries) until the position is quiet, so that the static evaluation is not taken in the
// middle of an exchange. In check near its start it searches every evasion.
func (w *worker) qsearch(p *movegen.Position, alpha, beta, ply, qply int) int {
	f := &w.stack[ply]
	f.pvLen = 0
	hint := f.check // consumed here, whatever path this node takes
	f.check = checkUnknown
	w.nodes++
	if w.nodes&clockPeriod == 0 {
		w.poll()
	}
	if w.stopped {
		return 0
	}
	w.seldepth = max(w.seldepth, ply)
	// No transposition table here: measured, probing it at every quiescence node costs
	// more (cache misses on a large table) than the nodes it saves.

	evasions := qply < qCheckPlies && knownCheck(p, hint) && !(w.rootSpecial && specialPhase(p))
	// A capture obligation (ForcedMoves: a rule to capture or check) takes away the
	// choice standing pat stands for: the side to move must make one of its few legal
	// moves, all captures or checks, so the node is scored by them alone, with no shortcut
	// that assumes a pass (stand pat, lazy evaluation, delta pruning). Its checks are
	// searched in the first qCheckPlies plies, like evasions, and only its captures and
	// promotions deeper; so the quiescence still ends: beyond qCheckPlies every move
	// searched takes a piece or promotes a pawn, of which there are finitely many, as
	// without the rule.
	forced := !evasions && p.ForcedMoves(&w.scratch)
	standPat := !evasions && !forced
	best, stand := -Infinity, 0
	if standPat {
		// Stand pat: the side to move need not capture. Out of check only stalemate
		// depends on the moves, so the variant's other ends of game are judged first, and
		// the moves are generated only when the captures must be searched. (Stalemate is
		// left to the full-width search.)
		if o := p.StatusWith(1); o.Over() {
			return outcomeScore(o, p, ply)
		}
		// Lazy evaluation: far above beta on material alone, the positional terms will
		// not bring the score back below it.
		mat := w.ev.MaterialOf(p)
		if quick := mat.Balance(p) - lazyMargin; quick >= beta {
			return quick
		}
		stand = w.evaluateMat(p, mat)
		if stand >= beta {
			return stand
		}
		// Big delta: not even taking the opponent's best piece (or promoting) could reach
		// alpha, so no capture needs to be generated.
		if stand+w.bestGain(p)+deltaMargin <= alpha {
			return stand
		}
		alpha = max(alpha, stand)
		best = stand
	}

	w.scratch.Reset()
	legal := 0
	var theirs *movegen.Landings // where the opponent's pieces land (placing turns), for fill
	if standPat && !w.ev.DecisiveEntries() {
		// Only captures and promotions are searched here (no entry decides the game), so
		// only they are tested for legality, and of the other moves just enough to know
		// whether the side to move has any (the game ends on zero, not on a number). Where
		// turns end with a placement, the captures come with the one placement the loop
		// below would search (the one fill orders first), not with all fifty.
		var anyLegal bool
		if p.Variant().HasTrampolines() {
			w.landings = p.HopLandings(p.SideToMove().Other())
			theirs = &w.landings
			anyLegal = p.LegalTacticalPlaced(&w.scratch, theirs)
		} else {
			anyLegal = p.LegalTactical(&w.scratch)
		}
		if anyLegal {
			legal = 1
		}
	} else {
		p.LegalMoves(&w.scratch)
		legal = w.scratch.Len()
	}
	// Standing pat, StatusWith(1) has answered already for this position (not over), and
	// a count of 1 asks it again: only a count it has not seen is asked.
	if !(standPat && legal == 1) {
		if o := p.StatusWith(legal); o.Over() {
			return outcomeScore(o, p, ply)
		}
	}
	if ply >= MaxPly-1 {
		return w.evaluate(p)
	}
	if evasions && w.scratch.Len() >= wideNode {
		// Hundreds of evasions (a wide node's: move the placed marker away) are too many
		// to search here: stand pat and look at the captures only.
		evasions, standPat = false, true
		stand = w.evaluate(p)
		if stand >= beta {
			return stand
		}
		alpha = max(alpha, stand)
		best = stand
	}
	w.fill(p, f, movegen.NullMove, !evasions && !(forced && qply < qCheckPlies), theirs)

	f.quiets.reset()
	for i := 0; i < f.n; i++ {
		m := f.pick(i)
		if !evasions {
			// A capture is searched with one placement only (firstPlacement).
			if m.IsPlacingTurn() && !f.firstPlacement(m) {
				continue
			}
			// Delta pruning: even winning the victim for free would not reach alpha.
			if standPat && m.Promo() == movegen.NoType && stand+w.ev.Value(p.Captured(m).Type())+deltaMargin <= alpha &&
				p.Captured(m) != movegen.Empty {
				continue
			}
		}
		if standPat && w.exchange && f.exchangeAt(i) < 0 {
			break // the captures that lose material come last (fill): all the rest do
		}
		next := w.child(p, ply)
		next.Apply(m)
		if standPat && !w.exchange && w.losingCapture(p, next, m) {
			continue
		}
		if qply+1 < qCheckPlies {
			// The child asks whether it is in check: InCheckAfter, knowing the move, answers
			// for less than the child's InCheck.
			w.stack[ply+1].check = checkNo
			if next.InCheckAfter(m) {
				w.stack[ply+1].check = checkYes
			}
		}
		score := -w.qsearch(next, -beta, -alpha, ply+1, qply+1)
		if w.stopped {
			return 0
		}
		if score > best {
			best = score
			if score > alpha {
				alpha = score
				w.updatePV(f, m, ply)
				if alpha >= beta {
					break
				}
			}
		}
	}
	if best == -Infinity {
		best = alpha
	}
	return best
}

// Whether a node's side to move is in check, when the parent already knows.
const (
	checkUnknown = iota
	checkNo
	checkYes
)

// knownCheck reports whether p's side to move is in check, from the parent's hint (it
// tests every move for check anyway) or by asking movegen.
func knownCheck(p *movegen.Position, hint int8) bool {
	if hint == checkUnknown {
		return p.InCheck()
	}
	return hint == checkYes
}

// child copies p into the next ply's frame for a move to be applied to (copy-make). The
// positions live in the worker's stack, not on the Go stack: a position passed to movegen's
// variant hooks escapes, and would otherwise be allocated at every node.
func (w *worker) child(p *movegen.Position, ply int) *movegen.Position {
	next := &w.stack[ply+1].pos
	*next = *p
	return next
}

// bestGain bounds what one tactical move can win in p: the opponent's most valuable
// piece, plus a promotion's gain if the side to move has pawns. Where a tactical move can
// win the game outright (an entry the evaluator calls decisive) there is no bound.
func (w *worker) bestGain(p *movegen.Position) int {
	if w.ev.DecisiveEntries() {
		return Infinity
	}
	us := p.SideToMove()
	gain := w.ev.MostValuable(p, us.Other())
	if p.Count(us, movegen.Pawn) > 0 {
		gain += w.promoGain
	}
	return gain
}

// cuts reports whether a stored score s with bound b decides a node with window
// (alpha, beta).
func cuts(b bound, s, alpha, beta int) bool {
	switch b {
	case boundExact:
		return true
	case boundLower:
		return s >= beta
	case boundUpper:
		return s <= alpha
	}
	return false
}

// updatePV makes m followed by the child's PV the PV of the node at ply.
func (w *worker) updatePV(f *frame, m movegen.Move, ply int) {
	child := &w.stack[ply+1]
	f.pv[0] = m
	n := copy(f.pv[1:], child.pv[:child.pvLen])
	f.pvLen = n + 1
}
