package search

import (
	"time"

	"varchess/movegen"
)

// Every tuned constant of the search, in one place, each with what it does. They are the
// usual starting values of open engines (Ethereal, Stockfish), not tuned for these games.
const (
	// aspirationDepth is the first iteration searched with a window around the previous
	// score instead of the full window.
	aspirationDepth = 5
	// aspirationWindow is the half-width of that window in centipawns; it doubles (plus
	// a little) after each fail.
	aspirationWindow = 20

	// nullMinDepth is the least depth at which a null move is tried.
	nullMinDepth = 2
	// nullReduction is the base reduction of the null-move search; nullDepthDivisor adds
	// one more ply per that many plies of depth.
	nullReduction    = 3
	nullDepthDivisor = 4

	// rfpDepth and rfpMargin: reverse futility pruning returns the static evaluation at
	// depth <= rfpDepth when it beats beta by rfpMargin per ply.
	rfpDepth  = 6
	rfpMargin = 80

	// futilityDepth and futilityMargin: at depth <= futilityDepth a quiet move is skipped
	// when the static evaluation plus futilityMargin per ply cannot reach alpha.
	futilityDepth  = 2
	futilityMargin = 120

	// lmpDepth and lmpBase: late move pruning skips the quiet moves after the first
	// lmpBase + depth*depth at depth <= lmpDepth (wide nodes' hundreds of quiet turns need
	// it).
	lmpDepth = 3
	lmpBase  = 4
	// wideNode and wideFactor: at nodes with at least wideNode moves, late move pruning
	// applies at every depth but the root's, after lmpBase + wideFactor*depth quiet moves
	// (twice that on the principal variation).
	wideNode   = 200
	wideFactor = 6
	// widePlacements: a wide node below the root searches each capture, and each quiet
	// piece move within the late-move limit, with this many of its placements (the first
	// by order); checks are counted apart (wideCheckDepth).
	widePlacements = 1
	// wideCheckDepth: from this depth a wide node searches its checks beyond the late-move
	// limits and futility pruning, at this depth each piece move's first one only (up to
	// it, mateInOne tests them for a mate in one).
	wideCheckDepth = 2
	// verifyDepth and verifyMargin: a wide root's move about to become the best is searched
	// again to verifyDepth with every reply (verifyReplies), and its score lowered when a
	// reply takes more than verifyMargin off it.
	verifyDepth  = 2
	verifyMargin = 50

	// refinedLMPDepth: with the refinements (refined), late move pruning reaches this
	// depth, after lmpLimit quiet moves.
	refinedLMPDepth = 5
	// iirDepth: with the refinements, a node from this depth that the table has no move
	// for is searched a ply shallower (internal iterative reduction).
	iirDepth = 4
	// lmrHistoryDivisor: with the refinements, a late move's reduction shrinks by one ply
	// per this much history (historyMax: two plies), and grows as much for a bad one.
	lmrHistoryDivisor = 8192

	// exchangeKing is the king's worth in the static exchange evaluation: more than all
	// the other pieces, so that it captures last and only where nothing recaptures.
	exchangeKing = 20000
	// exchangeDepth and exchangeCaptureMargin: with the exchange evaluation, at depth <=
	// exchangeDepth a capture that loses over exchangeCaptureMargin per ply squared in the
	// exchange on its square is skipped. (Quiet moves that lose material are not: pruning
	// them too, at 60 per ply, mated K+B+N v K at fewer budgets of the endgame set.)
	exchangeDepth         = 8
	exchangeCaptureMargin = 20

	// lmrMinDepth and lmrMinMove: late move reductions start at this depth and after this
	// many moves; lmrBase and lmrDivisor shape the table log(depth)*log(moves)/divisor.
	lmrMinDepth = 3
	lmrMinMove  = 3
	lmrBase     = 0.75
	lmrDivisor  = 2.25

	// deltaMargin: quiescence skips a capture that cannot lift the score to alpha even
	// with this much positional gain on top of the victim's value.
	deltaMargin = 200
	// losingCaptureMargin: quiescence skips a capture by a piece worth more than its
	// victim by over this much, when the enemy attacks its landing square and nothing
	// guards it (losingCapture).
	losingCaptureMargin = 50

	// lazyMargin: quiescence stands pat on material alone when it beats beta by this much,
	// without the full evaluation.
	lazyMargin = 400

	// qCheckPlies: quiescence searches every evasion of a check only in its first plies;
	// deeper it stands pat, so that games where checks persist (a jump phase, whose moves
	// check does not restrict) cannot make it explode.
	qCheckPlies = 4

	// historyMax bounds the history scores (the "gravity" formula keeps them inside).
	historyMax = 16384

	// checkPeriod is how often (in nodes, a power of two minus one as a mask) a worker
	// publishes its node count and the main worker checks the node limit.
	checkPeriod = 255
)

// refined reports whether the search of v takes the refinements that the "improving"
// comparison, internal iterative reduction and history-driven reductions bring (Ethereal
// and Stockfish have them all), with the static exchange evaluation where the game has
// one. Each game takes them once its SPRT against the plain search passes (FIDE chess, then
// Bunker); the others keep the plain search, which their own SPRTs were run on. (Not
// Black Hole: with them, internal iterative reduction above all, it loses K+B+N v K mates
// of the endgame set; docs/measured.md has the figures.)
func refined(v *movegen.Variant) bool {
	return v.StandardChess || v == movegen.Bunker
}

// lmpLimit is the number of quiet moves searched at depth before late move pruning, with
// the refinements: the plain count when the position is improving, two thirds of it when
// it is not.
func lmpLimit(depth int, improving bool) int {
	n := lmpBase + depth*depth
	if !improving {
		n = n * 2 / 3
	}
	return n
}

// b2i is 1 for true and 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Time management.
const (
	// latencyMoves is how many moves' worth of latency (the latency learnt from the GUI's
	// clock, less the increment that pays part of it back) the clock keeps in reserve in
	// sudden death: each move costs that much whatever the search does, so a clock without
	// it flags in a long endgame however fast the engine moves (a 150-move game at 30 s
	// with 70 ms of GUI latency per move was lost on time at move 111). With moves to go,
	// the moves to the control (at most this many) instead.
	latencyMoves = 150
	// defaultMovesToGo is how many moves the remaining clock is spread over in sudden death.
	defaultMovesToGo = 30
	// placingMovesToGo replaces it where turns end with a placement (see gameMoves).
	placingMovesToGo = 15
	// hardFactor: the hard limit is this many times the planned time (an iteration that has
	// started may run on to it), never more than maxClockShare of the clock.
	hardFactor = 4
	// maxClockShare is the most of the remaining clock one move may use, in percent, when
	// more moves are still to come before the next time control.
	maxClockShare = 40
	// reserveShare (percent) and reserveFloor: the part of the clock no plan touches, so
	// that a process descheduled on a loaded machine (seen: over a second on two cores at
	// load 17, the whole box stalled for over a second) does not lose on time.
	reserveShare = 10
	reserveFloor = time.Second
	// incShare is the percentage of the increment added to each move's planned time.
	incShare = 75
	// fallSmall and fallLarge (centipawns): a score that fell this much from one iteration
	// to the next stretches the planned time by fallSmallExtra or fallLargeExtra percent;
	// a new best move by changeExtra (see timeScale).
	fallSmall      = 25
	fallLarge      = 80
	fallSmallExtra = 40
	fallLargeExtra = 100
	changeExtra    = 40
	// scaleFromDepth is the first iteration whose score and move stretch the time: the
	// shallow ones change their minds all the time.
	scaleFromDepth = 4
	// maxLag bounds the latency learnt from the clock (lagMeter); lagDecay: the learnt
	// latency loses 1/lagDecay of itself per move unless seen again.
	maxLag   = time.Second
	lagDecay = 8
	// clockPeriod is how often (in nodes, a power of two minus one as a mask) every worker
	// reads the clock against the hard deadline: a wide node generates thousands of turns,
	// and 64 of its nodes still take only milliseconds.
	clockPeriod = 63
	// defaultMoveTime is the thinking time when the limits set none at all.
	defaultMoveTime = 5 * time.Second
	// watchPeriod is how often the watcher checks the clock and pondering state; a stop is
	// answered within it (the context is answered at once).
	watchPeriod = 2 * time.Millisecond
	// stallGrace: a search not ended this long after it was stopped is reported as a
	// stall (SetStallLog). Stopping takes well under a millisecond; a loaded machine may
	// hold a process back for over a second.
	stallGrace = time.Second
)

// gameMoves is how many moves the clock is spread over in sudden death in variant v.
// Games whose turns end with a placement (movegen's placing turns: the variant has
// trampolines) are short: mates through the placed markers come with most of the material
// still on the board (27 plies median in a 16-game depth-2 match, none beyond 56), so spread over
// defaultMovesToGo moves most of the clock was never used.
func gameMoves(v *movegen.Variant) int {
	if v.HasTrampolines() {
		return placingMovesToGo
	}
	return defaultMovesToGo
}
