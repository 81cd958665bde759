package search

import (
	"slices"
	"time"

	"varchess/movegen"
)

// iterate is the main worker's iterative deepening: it owns the result, the reports and
// the decision to stop.
func (w *worker) iterate(root *movegen.Position, legal int, start time.Time, res *Result, report func(Info)) {
	maxDepth := MaxPly - 1
	if w.sh.lim.Depth > 0 {
		maxDepth = min(w.sh.lim.Depth, maxDepth)
	}
	// MultiPV: line k is searched with the first moves of lines 0..k-1 left out.
	lines := min(max(w.sh.lim.MultiPV, 1), MaxMultiPV, legal)
	// A strength level searches its candidates as extra lines, reported only up to the
	// lines asked for.
	reported := lines
	lines = min(max(lines, w.sh.level.lines), MaxMultiPV, legal)
	var lineScores [MaxMultiPV]int
	score := 0
	scale := 100 // of the planned time, after the last iteration (timeScale)
	for depth := 1; depth <= maxDepth; depth++ {
		prevScore, prevBest := score, res.Best
		done := 0 // the lines with a first move at this depth
		var infos [MaxMultiPV]Info
		nInfos := 0
		for line := 0; line < lines; line++ {
			w.nExcluded = line
			lineScores[line] = w.aspiration(root, depth, lineScores[line])
			if w.stopped {
				break
			}
			pv := w.stack[0].pv[:w.stack[0].pvLen]
			if line == 0 {
				score = lineScores[0]
				if len(pv) > 0 {
					res.Best = pv[0]
				}
				res.Score, res.Depth = score, depth
				res.Ponder = w.ponderMove(root, pv)
			}
			if report != nil {
				infos[line] = Info{
					Depth:    depth,
					SelDepth: w.seldepth,
					Score:    lineScores[line],
					Nodes:    w.nodes + w.sh.totalNodes() - w.published.Load(),
					Time:     time.Since(start),
					HashFull: w.sh.tt.hashFull(),
					PV:       append([]movegen.Move(nil), pv...),
				}
				nInfos = line + 1
			}
			if len(pv) == 0 {
				break // no move left to show another line with
			}
			w.excluded[line] = pv[0]
			done = line + 1
		}
		w.nExcluded = 0
		reportLines(infos[:nInfos], reported, report)
		if !w.stopped && w.sh.level.lines > 1 {
			w.nCandidates = 0
			for line := range done {
				w.candidates[line], w.candidateScores[line] = w.excluded[line], lineScores[line]
				w.nCandidates++
			}
		}
		if w.stopped {
			// A move that beat the previous best in the unfinished iteration was searched
			// to the full depth: it is better than the last completed iteration's choice.
			// (Only the best line's search sets it: the others leave moves out.)
			if w.iterBest != movegen.NullMove && res.Depth < depth {
				res.Best, res.Score = w.iterBest, w.iterScore
				res.Ponder = movegen.NullMove
			}
			break
		}
		if w.eng.mustWait(w.sh) {
			continue
		}
		// A mate within the depth searched is as short as it gets.
		if (score > MateBound || score < -MateBound) && MateScore-abs(score) <= depth {
			break
		}
		if depth >= scaleFromDepth {
			scale = timeScale(prevScore, score, res.Best != prevBest)
		}
		if w.sh.softExpired(scale) || w.sh.plan.timed() && legal == 1 {
			break
		}
	}
	// Analysis and unanswered ponders end only when told.
	for w.eng.mustWait(w.sh) && !w.sh.stop.Load() {
		time.Sleep(watchPeriod)
	}
}

// reportLines reports the first reported of one depth's lines, best first. Line 1 is the
// search's answer and stays first; the others are sorted by score. A line searched
// without more moves can still score above the line before it (the hash table and the
// pruning differ between the two searches), and a GUI lists the lines by rank.
func reportLines(lines []Info, reported int, report func(Info)) {
	if len(lines) > 2 {
		slices.SortStableFunc(lines[1:], func(a, b Info) int { return b.Score - a.Score })
	}
	for i := range min(len(lines), reported) {
		lines[i].MultiPV = i + 1
		report(lines[i])
	}
}

// help is a Lazy SMP helper: the same iterative deepening without reports, half the
// helpers one ply deeper so that the workers spread over different depths, until the main
// worker stops the search.
func (w *worker) help(root *movegen.Position) {
	score := 0
	for depth := 1 + w.id%2; depth < MaxPly && !w.sh.stop.Load(); depth++ {
		score = w.aspiration(root, depth, score)
	}
	w.published.Store(w.nodes)
}

// aspiration searches root to depth with a window around the previous iteration's score,
// widening it on a fail until the score falls inside.
func (w *worker) aspiration(root *movegen.Position, depth, prev int) int {
	w.rootDepth = depth
	w.iterBest = movegen.NullMove
	alpha, beta := -Infinity, Infinity
	delta := aspirationWindow
	if depth >= aspirationDepth && abs(prev) < MateBound {
		alpha, beta = max(prev-delta, -Infinity), min(prev+delta, Infinity)
	}
	for {
		w.stack[0].pos = *root
		score := w.negamax(&w.stack[0].pos, alpha, beta, depth, 0)
		if w.stopped {
			return score
		}
		switch {
		case score <= alpha:
			beta = (alpha + beta) / 2
			alpha = max(score-delta, -Infinity)
		case score >= beta:
			beta = min(score+delta, Infinity)
		default:
			return score
		}
		delta += delta/2 + 5
		if delta > 1000 {
			alpha, beta = -Infinity, Infinity
		}
	}
}

// ponderMove is the expected reply: the PV's second move, else the table's move for the
// position after the best move, if legal there.
func (w *worker) ponderMove(root *movegen.Position, pv []movegen.Move) movegen.Move {
	if len(pv) >= 2 {
		return pv[1]
	}
	if len(pv) == 0 {
		return movegen.NullMove
	}
	next := *root
	next.Apply(pv[0])
	hit, ok := w.sh.tt.probe(next.Hash())
	if !ok || hit.move == movegen.NullMove {
		return movegen.NullMove
	}
	w.scratch.Reset()
	next.LegalMoves(&w.scratch)
	if w.scratch.Contains(hit.move) {
		return hit.move
	}
	return movegen.NullMove
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
