package search

import (
	"slices"

	"varchess/movegen"
)

// Wide nodes. Where a turn is a piece move followed by a placement chosen apart
// (movegen's placing turns), a node has every piece move times every square to place on:
// hundreds of turns, thousands in the widest positions. A node with at least wideNode
// moves is wide, and there the plain alpha-beta of negamax would never finish a useful
// depth. This file holds what the search does differently there:
//   - wideSkip prunes most turns before they are played, keeping one placement per piece
//     move, and the checks apart;
//   - mateInOne, setChecks and givesCheck look at the checks, which are quiet turns that
//     check through the placement and would otherwise be pruned with the rest;
//   - verifyReplies checks a root move against every reply that the pruning below the
//     root would never try;
//   - firstPlacement lets quiescence search each capture with one placement.

// wideSkip decides for the move m of a wide node below the root, before it is played,
// whether the loop skips it, and whether it is a check that the node searches beyond the
// quiet-move limits (checkKept: late move pruning and futility pruning spare it). Late
// non-tactical moves are pruned at any depth, in check or not: the hundreds of turns are
// ordered by the piece move's and the placement square's histories, and only the first
// ones are worth a search. The checks are searched all the same from wideCheckDepth, each
// piece move's first one at that depth and all above it (the mates in one are found before
// the loop, mateInOne, up to wideCheckDepth): the attacks are quiet turns that check
// through the placement, and a search that prunes them misses the mates in two that a
// depth-2 search, playing every root turn, finds against it. Nothing is skipped
// unless prunable (no placement or jump phase, a move already searched without a mate
// against), nor the hash move, nor anything at a node that must search every move
// (fullWidth). It counts in f the late moves kept and the captures searched.
func (f *frame) wideSkip(m, ttMove movegen.Move, tactical, prunable bool, depth int, pvNode bool) (skip, checkKept bool) {
	checkKept = depth >= wideCheckDepth && f.givesCheck(m)
	// At wideCheckDepth a piece move's checks are searched with their first placement
	// only: a piece that checks by itself checks with every placement, some 70 checks at
	// such a node for 20 piece moves, 40% of the nodes of a middlegame search (measured).
	// The mates its other placements give are mateInOne's, which tests this depth too.
	if checkKept && depth == wideCheckDepth {
		checkKept = !f.checksKept.has(m)
		if checkKept {
			f.checksKept.add(m)
		}
	}
	if !prunable || m == ttMove || f.fullWidth {
		return false, checkKept
	}
	if !tactical && !checkKept {
		if f.lateSeen >= wideLimit(depth, pvNode) {
			return true, checkKept
		}
		// One placement per piece move: the history orders the turns of the best piece
		// moves first, all their placements together, and the limit would otherwise be
		// spent on a few piece moves.
		if m.IsPlacingTurn() && f.quiets.count(m) >= widePlacements {
			return true, checkKept
		}
		f.lateSeen++
	}
	// A capture is searched with its first placements only (quiescence, with one): the
	// placement rarely changes what a capture wins, and the tens of placements of every
	// capture were most of the nodes below each root turn (measured: 143000 nodes to
	// depth 2 in a middlegame of 1244 turns, 9000 after). Its checks are searched as the
	// quiet ones are: a capture that checks over the trampoline, and mates on the next
	// turn, was otherwise never tried (a game was lost so).
	if tactical && m.IsPlacingTurn() {
		if f.captures.count(m) >= widePlacements && !checkKept {
			return true, checkKept
		}
		f.captures.add(m)
	}
	return false, checkKept
}

// startLoop empties the lists of turns searched that negamax's move loop fills, and
// wideSkip's count of late moves, before the loop.
func (f *frame) startLoop() {
	f.quiets.reset()
	f.captures.reset()
	f.checksKept.reset()
	f.lateSeen = 0
}

// wideLimit is the number of quiet moves searched at a wide node of depth: the usual late
// move pruning count near the leaves, a wider one above, twice that on the principal
// variation (where the root's moves, all searched, are not counted).
func wideLimit(depth int, pvNode bool) int {
	n := lmpBase + wideFactor*depth
	if depth <= lmpDepth {
		n = lmpBase + depth*depth
	}
	if pvNode {
		n *= 2
	}
	return n
}

// turnList is a short list of the turns a node has searched, for counting a piece move's
// placements among them. Beyond its capacity it drops turns: a node that searches that
// many is not pruning by placement any more.
type turnList struct {
	turns [64]movegen.Move
	n     int
}

func (l *turnList) reset() { l.n = 0 }

// add appends m, unless the list is full.
func (l *turnList) add(m movegen.Move) {
	if l.n < len(l.turns) {
		l.turns[l.n] = m
		l.n++
	}
}

// list returns the turns added.
func (l *turnList) list() []movegen.Move { return l.turns[:l.n] }

// count counts the turns with m's piece move (origin, destination, promotion), whatever
// their placements.
func (l *turnList) count(m movegen.Move) int {
	piece := m.PieceMove()
	n := 0
	for _, x := range l.list() {
		if x.PieceMove() == piece {
			n++
		}
	}
	return n
}

// has reports whether a turn with m's piece move is in the list.
func (l *turnList) has(m movegen.Move) bool {
	piece := m.PieceMove()
	for _, x := range l.list() {
		if x.PieceMove() == piece {
			return true
		}
	}
	return false
}

// firstPlacement reports whether quiescence searches the placing turn m: only the first
// turn of each piece move, the one ordered first (fill), as the other placements rarely
// change an exchange. It records the piece moves searched in f.quiets.
func (f *frame) firstPlacement(m movegen.Move) bool {
	if f.quiets.has(m) {
		return false
	}
	f.quiets.add(m)
	return true
}

// mateInOne looks among the checks LegalMovesChecks listed at a wide node below the root
// for one that mates at once, and returns its score and the move, or 0. Wide nodes prune
// their late quiet moves unplayed, and there the mates are quiet turns that check through
// the placement: a search that does not look for them walks into mates in one, at any
// depth. Searching every check instead costs several times the whole search (measured);
// asking whether the checked side has a legal reply costs a fraction of a node per check.
// Depths 1 and wideCheckDepth need the test: above it every check is searched (and spared
// futility pruning), which finds its mate as well, while at wideCheckDepth each piece
// move's checks are searched with one placement (wideSkip), and the root prunes nothing
// unplayed. (Testing at every depth was half the time of a middlegame search, for the
// same nodes.)
func (w *worker) mateInOne(p *movegen.Position, wide bool, depth, ply int) (int, movegen.Move) {
	if !wide || depth > wideCheckDepth {
		return 0, movegen.NullMove
	}
	escape := &w.stack[ply].escape
	for _, m := range w.checks.Moves() {
		next := w.child(p, ply)
		next.Apply(m)
		if next.HasLegalMoveHint(&w.replies, escape) {
			continue
		}
		if score := -outcomeScore(next.StatusWith(0), next, ply+1); score > MateBound {
			return score, m
		}
	}
	return 0, movegen.NullMove
}

// maxChecks bounds the checks a wide node keeps for givesCheck; beyond it (positions no
// game reaches) the rest are pruned like any quiet turn.
const maxChecks = 1024

// setChecks keeps the checks LegalMovesChecks listed, sorted, when the node at frame f is
// wide (elsewhere nothing is pruned unplayed and moves are tested once played).
func (f *frame) setChecks(wide bool, checks []movegen.Move) {
	f.nchecks = 0
	if !wide || len(checks) == 0 {
		return
	}
	f.nchecks = copy(f.checks[:], checks)
	slices.Sort(f.checks[:f.nchecks])
}

// givesCheck reports whether m is among the checks setChecks kept.
func (f *frame) givesCheck(m movegen.Move) bool {
	if f.nchecks == 0 {
		return false
	}
	_, found := slices.BinarySearch(f.checks[:f.nchecks], m)
	return found
}

// verifyReplies checks a root move of a wide node that is about to become the best one
// against every reply, and returns its score, lowered when some reply does better than
// score-verifyMargin. Below the root the search prunes all but a few of the opponent's
// hundreds of turns, and a placement it never tried can refute the move; a search limited
// to depth 2 plays every turn at its root and finds exactly such refutations. The check is
// a null-window search of the position after the move, to verifyDepth, with the
// opponent's turns unpruned: each reply that the move survives is usually refuted by the
// first answer tried, so it costs a fraction of a full search.
func (w *worker) verifyReplies(next *movegen.Position, score int) int {
	bound := score - verifyMargin
	f := &w.stack[1]
	// The root takes its line from this frame, which the check overwrites.
	pvLen := f.pvLen
	w.savedPV = f.pv
	f.fullWidth = true
	v := -w.negamax(next, -bound, -bound+1, verifyDepth, 1)
	f.fullWidth = false
	f.pv, f.pvLen = w.savedPV, pvLen
	if w.stopped || v >= bound {
		return score
	}
	return v
}
