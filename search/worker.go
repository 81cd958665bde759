package search

import (
	"math"
	"sync/atomic"
	"time"

	"varchess/eval"
	"varchess/movegen"
)

// frame is one ply of a worker's search stack: everything a node needs that must not live
// on the Go stack (a move list is 64 KB: placing turns come by the thousand), preallocated
// once per worker so that no node allocates.
type frame struct {
	pos movegen.Position // the node's position (copy-make: children copy it forward)
	// moves holds the node's moves to search, each keyed with its ordering score in the
	// high 32 bits so that sorting the words sorts the moves.
	moves   [movegen.MaxMoves]uint64
	n       int
	pv      [MaxPly + 1]movegen.Move
	pvLen   int
	killers [2]movegen.Move
	quiets  turnList // quiet moves tried before a cutoff, for the history malus
	// captures are the capturing turns (piece moves) a wide node has searched with one
	// placement, so that it skips their other placements; checksKept are the checks it
	// has searched beyond the late-move limits at wideCheckDepth, one per piece move
	// (wideSkip).
	captures, checksKept turnList
	lateSeen             int // the late quiet moves a wide node has kept so far (wideSkip)
	// checks are a wide node's checking turns, sorted (setChecks).
	checks  [maxChecks]movegen.Move
	nchecks int
	// escape is the opponent's last reply that mateInOne found legal after a check at this
	// ply, tried first after the next check (HasLegalMoveHint): the same escape nearly
	// always answers the node's other checks, and its siblings'.
	escape movegen.Move
	null   bool // this node was reached by a null move
	// staticEval is the node's static evaluation (-Infinity in check), which its
	// grandchild compares its own with (improving).
	staticEval int
	// fullWidth: this node skips none of its moves and takes no cut from the table (the
	// root's reply check, verifyReplies). A null move or reverse futility may still end it
	// by failing high, which can only lower the score of the root move being checked.
	fullWidth bool
	check     int8 // checkYes or checkNo when the parent knows, else checkUnknown
}

// shared is the state of one search that all its workers see.
type shared struct {
	stop       atomic.Bool
	tt         *table
	lim        Limits
	level      levelPoint // the strength setting's weakening; lines 0: the full engine
	plan       plan
	clockStart atomic.Int64 // unix nanoseconds from which the time limits count
	deadline   atomic.Int64 // unix nanoseconds of the hard limit, 0 while there is none
	workers    []*worker
}

// worker is one search thread with its own stack and histories (Lazy SMP: the workers
// share only the transposition table and the stop flag).
type worker struct {
	id      int
	eng     *Engine
	sh      *shared
	ev      *eval.Evaluator
	stack   []frame
	scratch movegen.MoveList         // generation buffer, consumed before any recursion
	savedPV [MaxPly + 1]movegen.Move // the root move's line while verifyReplies runs
	checks  movegen.MoveList         // the checks among scratch's moves (LegalMovesChecks), likewise
	// replies is mateInOne's generation buffer, so that scratch keeps the node's moves
	// until they are scored (fill runs after reverse futility pruning).
	replies movegen.MoveList
	// landings is quiescence's HopLandings of the opponent (placing turns), in the worker so
	// that handing it to movegen does not allocate; consumed before any recursion.
	landings movegen.Landings
	history  [2][256][256]int32
	// trampHistory orders the placements of placing turns: how often placing one's marker
	// on a square led to a cutoff.
	trampHistory [2][256]int32

	// evals caches the static evaluations of recent positions by hash: iterative
	// deepening evaluates the same leaves again at every depth.
	evals   []evalEntry
	evalsOf *eval.Evaluator // the evaluator the cached scores come from
	pawns   *eval.PawnCache // the scores of recent pawn structures

	nodes     uint64
	published atomic.Uint64 // nodes, published every checkPeriod nodes for the reports
	seldepth  int
	stopped   bool

	path []uint64 // the game's position hashes, then the search path's
	base int      // index of the root in path

	rootDepth int
	promoGain int // the most a promotion adds to the material
	// rootSpecial: the root is in a placement or jump phase. If it is not, no position of
	// the search is (hands only ever shrink), so nodes need not test it.
	rootSpecial bool
	// refine: the game takes the search refinements (refined).
	refine bool
	// exchange: with the refinements, in a game with a static exchange evaluation
	// (HasStaticExchange), captures are judged by it (ordering, pruning, quiescence), with
	// the values exchangeValues.
	exchange       bool
	exchangeValues [movegen.NumTypes]int
	iterBest       movegen.Move // the best root move of the current iteration so far
	// excluded lists the root moves a MultiPV search leaves out: the first moves of the
	// better lines already found at this depth.
	excluded  [MaxMultiPV]movegen.Move
	nExcluded int
	iterScore int
	// candidates are the first moves of the lines of the last completed iteration, with
	// their scores, when a strength level searches several (chooseWeak picks one).
	candidates      [MaxMultiPV]movegen.Move
	candidateScores [MaxMultiPV]int
	nCandidates     int
}

func newWorker(id int, e *Engine) *worker {
	w := &worker{id: id, eng: e, stack: make([]frame, MaxPly+4), evals: make([]evalEntry, evalCacheSize),
		pawns: new(eval.PawnCache)}
	// Touch the stack, the evaluation and pawn caches and the histories now (megabytes the operating
	// system hands out lazily), so that the page faults are not paid on the clock of the
	// first move.
	clear(w.stack)
	clear(w.evals)
	*w.pawns = eval.PawnCache{}
	w.clearHistory()
	return w
}

// evalCacheSize is the number of entries of a worker's evaluation cache, a power of two:
// 32768 entries of 16 bytes (512 KB). Measured on the FIDE bench at depth -2 against
// 8192: the cache answers 88,000 of 224,000 evaluations instead of 67,000, 4% fewer
// instructions per node, about 2% less processor time; 65536 entries answer 90,000 but
// miss the processor's caches more and gained no time.
const evalCacheSize = 1 << 15

// evalEntry is a cached static evaluation: the full hash and the score.
type evalEntry struct {
	key   uint64
	score int32
	used  bool
}

// evaluate is the static evaluation of p, from the cache when p was evaluated recently.
// The hash covers everything the evaluation reads, so a cached score is the score.
func (w *worker) evaluate(p *movegen.Position) int {
	h := p.Hash()
	ent := &w.evals[h&(evalCacheSize-1)]
	if ent.used && ent.key == h {
		return int(ent.score)
	}
	s := w.ev.EvaluateWith(p, w.pawns)
	*ent = evalEntry{key: h, score: int32(s), used: true}
	return s
}

// evaluateMat is evaluate for a caller that has p's material m already.
func (w *worker) evaluateMat(p *movegen.Position, m eval.Mat) int {
	h := p.Hash()
	ent := &w.evals[h&(evalCacheSize-1)]
	if ent.used && ent.key == h {
		return int(ent.score)
	}
	s := w.ev.EvaluateMat(p, w.pawns, m)
	*ent = evalEntry{key: h, score: int32(s), used: true}
	return s
}

// clearHistory forgets the move-ordering statistics (a new game).
func (w *worker) clearHistory() {
	w.history = [2][256][256]int32{}
	w.trampHistory = [2][256]int32{}
	for i := range w.stack {
		w.stack[i].killers = [2]movegen.Move{}
	}
}

// prepare readies the worker for a search of root after the game positions history.
func (w *worker) prepare(sh *shared, root *movegen.Position, history []uint64) {
	w.sh, w.ev = sh, eval.For(root.Variant())
	if w.evalsOf != w.ev {
		// Another game: the same hash may be another position, scored by other tables.
		clear(w.evals)
		w.evalsOf = w.ev
	}
	w.promoGain = 0
	for _, t := range root.Variant().Pawn.PromoTypes {
		w.promoGain = max(w.promoGain, w.ev.Value(t)-w.ev.Value(movegen.Pawn))
	}
	w.nodes, w.seldepth, w.stopped = 0, 0, false
	w.nCandidates = 0
	w.rootSpecial = specialPhase(root)
	// The strength levels keep the plain search they were calibrated with
	// (docs/levels.md): the refinements make a node budget worth more.
	w.refine = refined(root.Variant()) && sh.level.elo == 0
	w.exchange = w.refine && root.Variant().HasStaticExchange()
	for t := range w.exchangeValues {
		w.exchangeValues[t] = w.ev.Value(movegen.PieceType(t))
	}
	w.exchangeValues[movegen.King] = exchangeKing
	w.published.Store(0)
	need := len(history) + MaxPly + 8
	if cap(w.path) < need {
		w.path = make([]uint64, need)
	}
	w.path = w.path[:need]
	copy(w.path, history)
	w.base = len(history)
	for i := range w.stack {
		w.stack[i].null = false
	}
}

// poll runs every clockPeriod+1 nodes: check the hard time limit (stopping this worker at
// once when it has passed), and every checkPeriod+1 nodes publish the node count, in the
// main worker enforce the node limit, and stop if the search is stopped. The shared stop
// flag is read there, not at every node: a load of a word other threads write costs a few
// percent of the nodes, and 256 nodes are well under a millisecond.
func (w *worker) poll() {
	// The watcher enforces the hard limit too, but a goroutine may wait for a processor
	// on a loaded machine: every worker also reads the clock itself.
	if d := w.sh.deadline.Load(); d != 0 && time.Now().UnixNano() >= d {
		w.sh.stop.Store(true)
		w.stopped = true
	}
	if w.nodes&checkPeriod != 0 {
		return
	}
	w.published.Store(w.nodes)
	if w.id == 0 && w.sh.lim.Nodes > 0 && w.sh.totalNodes() >= w.sh.lim.Nodes {
		w.sh.stop.Store(true)
	}
	if w.sh.stop.Load() {
		w.stopped = true
	}
}

// totalNodes sums the workers' published node counts.
func (sh *shared) totalNodes() uint64 {
	var n uint64
	for _, w := range sh.workers {
		n += w.published.Load()
	}
	return n
}

// lmrTable[depth][moveIndex] is the late-move reduction in plies.
var lmrTable = func() (t [64][64]int) {
	for d := 1; d < 64; d++ {
		for m := 1; m < 64; m++ {
			t[d][m] = int(lmrBase + math.Log(float64(d))*math.Log(float64(m))/lmrDivisor)
		}
	}
	return t
}()
