// Package eval scores positions for the search: a number in centipawns from the point of
// view of the side to move. It knows the games only through movegen's data: material per
// piece type scaled to the board, piece-square tables computed from the board's geometry,
// mobility along each piece's atoms, king safety and pawn structure. A new variant gets a
// sensible evaluation without any code here. The variant terms key off the variant's
// zones (movegen.ZoneKind: goal squares, edge squares, shelters) and off position state
// (a trampoline, an unused bunker leap), never off a game's name, and do nothing where
// that zone or state does not exist; only the tuned weights are per game, each in its
// params_NAME.go file.
package eval

import (
	"sync"

	"varchess/movegen"
)

// maxFiles bounds the files the pawn-structure arrays cover; wider boards skip that term.
const maxFiles = 16

// Evaluator holds the tables of one variant, built once by For. It is read-only after
// construction, so any number of search threads may share it.
type Evaluator struct {
	v     *movegen.Variant
	value [movegen.NumTypes]int
	// pst is the piece-square bonus [colour][type][square], middlegame; kingEnd is the
	// king's endgame table.
	pst     [2][movegen.NumTypes][256]int16
	kingEnd [256]int16
	steps   [movegen.NumTypes][]step
	// leaps and rides are each piece type's steps split by kind: the single-step deltas
	// and the ones repeated to the first occupied cell.
	leaps, rides [movegen.NumTypes][]movegen.Square
	// mobW and mobWEnd are each type's bonus per reachable square, in the middlegame
	// and in the endgame.
	mobW, mobWEnd [movegen.NumTypes]int
	// pawnAttackers[c] are the steps from a square to the squares an enemy pawn attacks
	// it from, for a piece of colour c; pawnCaptures says the variant's pawns capture so
	// (by replacement, diagonally forward) and the threat terms apply.
	pawnAttackers [2][2]movegen.Square
	pawnCaptures  bool
	// forward[c] is the step of c's pawns.
	forward [2]movegen.Square
	file    [256]int8
	rank    [256]int8
	// startNPM is the non-pawn material of both sides at the start, for the game phase.
	startNPM int
	// shieldSquares[c][k] are the three squares in front of c's king on k (NoSquare
	// off the board).
	shieldSquares [2][256][3]movegen.Square
	// reach[k][to] is what a move onto to adds to a piece's mobility and king-zone
	// count when the enemy king stands on k: 1 (one move) plus zoneMove if to is in the
	// king's zone (at most one king step from k, k included). One table read per square
	// counts both: this is the evaluation's innermost loop. Row k is all ones where k is
	// off the board (NoSquare: no enemy king).
	reach [256][256]uint16
	// goal is the square each side wins by entering, the other side's weak square
	// (movegen.Variant.Goal); NoSquare where the variant has none.
	goal    [2]movegen.Square
	maxDist int
	// shelter is each side's shelter square behind its back rank (movegen.ShelterSquares),
	// NoSquare where the variant has none.
	shelter [2]movegen.Square
	// pawnProgress[c][sq] is how far a pawn of colour c on sq has come, 0..256 from its
	// start rank to its promotion rank.
	pawnProgress [2][256]int16
	// pawnKey[c][sq] are random numbers whose XOR over the pawns identifies a pawn
	// structure, the key of a PawnCache.
	pawnKey [2][256]uint64
	// byValue are the variant's piece types that have a material value, the most valuable
	// first: material sums over them alone (called at nearly every node, it would
	// otherwise read every type of every variant).
	byValue []movegen.PieceType
	// hands: the variant's positions may have pieces in hand (only a FEN with a hand, which
	// the variant must allow, puts them there; the moves only ever take them out).
	hands bool
	endgameTables
	// par are the weights the tables were built with and the terms read.
	par Params
	// bareKing, when not nil, evaluates the positions where one side has a bare king
	// (BareKingParams: the hand-set positional weights under the tuned material and
	// mop-up); nil where par are those weights already.
	bareKing *Evaluator
}

// PawnCache remembers the scores of recent pawn structures. The pawns move rarely, so
// most positions a search evaluates share their structure with one evaluated just before.
// A cache belongs to one search thread and one evaluator (the keys are the evaluator's).
type PawnCache struct {
	entries [pawnCacheSize]pawnEntry
	of      *Evaluator
}

// pawnCacheSize is the number of entries of a PawnCache, a power of two: 4096 entries of
// 32 bytes (128 KB, since the entries keep each side's pawn files and both phases'
// passed-pawn bonus) stay in the processor's second-level cache.
const pawnCacheSize = 1 << 12

type pawnEntry struct {
	key   uint64
	score int32 // White's pawn-structure score minus Black's, passed pawns aside
	// passed is White's passed-pawn bonus minus Black's, with the middlegame's weight
	// and with the endgame's: the phase blends them after the cache.
	passed [2]int32
	files  [2]uint16 // the files each side has pawns on
	// lead is each side's most advanced passed pawn, NoSquare if none.
	lead [2]movegen.Square
	used bool
}

// zoneMove is the unit of the king-zone count in reach's entries, above the mobility
// count: no piece has zoneMove moves (build checks).
const zoneMove = 1024

// mobUnit is one move in reach's entries: a move counts in quarters, so that a square an
// enemy pawn attacks can count less than a whole one (MobilityPawnAttacked).
const mobUnit = 4

// step is one direction of a piece's move on the board.
type step struct {
	delta movegen.Square // added to a square, wrapping in uint8 arithmetic
	rider bool
}

var cache sync.Map // *movegen.Variant -> *Evaluator

// For is the evaluator of v, built on first use and shared afterwards.
func For(v *movegen.Variant) *Evaluator {
	if e, ok := cache.Load(v); ok {
		return e.(*Evaluator)
	}
	par := ParamsFor(v)
	built := build(v, par)
	if bare := BareKingParams(par); bare != par {
		built.bareKing = build(v, bare)
	}
	e, _ := cache.LoadOrStore(v, built)
	return e.(*Evaluator)
}

// NewWithParams is an evaluator of v with the weights par, built anew (not shared): the
// tuner's, which tries many.
func NewWithParams(v *movegen.Variant, par Params) *Evaluator { return build(v, par) }

// Params are the weights e evaluates with.
func (e *Evaluator) Params() Params { return e.par }

// Evaluate scores p for the side to move, with p's variant's evaluator.
func Evaluate(p *movegen.Position) int { return For(p.Variant()).Evaluate(p) }

// Value is the FIDE material value of a piece of type t in centipawns (kings count zero),
// before any variant's board-size correction; Evaluator.Value has the variant's value.
func Value(t movegen.PieceType) int { return defaultParams.value(t) }

// Value is the material value of a piece of type t in this variant.
func (e *Evaluator) Value(t movegen.PieceType) int { return e.value[t] }

// Variant is the game e evaluates.
func (e *Evaluator) Variant() *movegen.Variant { return e.v }

// Tactical reports whether m changes the material or decides the game at once: captures
// (hop captures and en passant included), promotions, and entries into the side's goal
// square. The quiescence search plays these moves, and pruning never drops them.
func (e *Evaluator) Tactical(p *movegen.Position, m movegen.Move) bool {
	if m.Promo() != movegen.NoType || p.Captured(m) != movegen.Empty {
		return true
	}
	g := e.goal[p.SideToMove()]
	return g != movegen.NoSquare && m.To() == g
}

// Material is the material balance for the side to move plus the tempo: a cheap first
// estimate of Evaluate, which the positional terms rarely move by more than a few pawns.
func (e *Evaluator) Material(p *movegen.Position) int { return e.MaterialOf(p).Balance(p) }

// Mat is a position's material, each side's, and its game phase: what Material and the
// evaluation both start from, computed once where a caller needs both (the quiescence
// search's lazy bound, then the full evaluation).
type Mat struct {
	side  [2]int
	phase int
	tempo int
}

// MaterialOf is p's Mat.
func (e *Evaluator) MaterialOf(p *movegen.Position) Mat {
	side, phase := e.material(p)
	return Mat{side: side, phase: phase, tempo: e.weightsFor(side).par.Tempo}
}

// weightsFor is the evaluator of a position with material side: bareKing where one side
// has a bare king and the game has such weights, else e. The lazy bound (Mat's tempo) and
// the evaluation ask it alike, so that both read the same weights.
func (e *Evaluator) weightsFor(side [2]int) *Evaluator {
	if e.bareKing != nil && (side[movegen.White] == 0 || side[movegen.Black] == 0) {
		return e.bareKing
	}
	return e
}

// Balance is Material's score from m: the side to move's material minus the opponent's,
// plus the tempo.
func (m Mat) Balance(p *movegen.Position) int {
	us := p.SideToMove()
	return m.side[us] - m.side[us.Other()] + m.tempo
}

// MostValuable is the value of c's most valuable piece on the board, 0 if c has none
// with a value (a bound on what one capture of c's pieces can win).
func (e *Evaluator) MostValuable(p *movegen.Position, c movegen.Color) int {
	for _, t := range e.byValue {
		if p.Count(c, t) > 0 {
			return e.value[t]
		}
	}
	return 0
}

// DecisiveEntries reports whether a move onto some square can win the game at once (a
// goal square), so that no material bound limits what a move may gain.
func (e *Evaluator) DecisiveEntries() bool { return e.goal[movegen.White] != movegen.NoSquare }

// Evaluate scores p for the side to move. One pass over each side's pieces scores them
// and gathers the pawns; the pawn structure is scored from what it gathered.
func (e *Evaluator) Evaluate(p *movegen.Position) int { return e.EvaluateWith(p, nil) }

// EvaluateWith is Evaluate with a pawn-structure cache (nil: none). The score is the same
// with or without it.
func (e *Evaluator) EvaluateWith(p *movegen.Position, pc *PawnCache) int {
	return e.EvaluateMat(p, pc, e.MaterialOf(p))
}

// EvaluateMat is EvaluateWith from p's material m (MaterialOf), computed already.
func (e *Evaluator) EvaluateMat(p *movegen.Position, pc *PawnCache, m Mat) int {
	if w := e.weightsFor(m.side); w != e {
		// Its own weights, so not this evaluator's pawn cache: pc's scores are par's.
		return w.EvaluateMat(p, nil, m)
	}
	s, phase := m.side, m.phase
	var zoneAttacks [2]int // enemy moves into each side's king zone
	// pawnKey identifies the pawn structure. Only the key is gathered on the way: the
	// structure is looked at file by file only when the cache has not scored it (most
	// positions a search evaluates share their pawns with one evaluated just before).
	var pawnKey uint64
	var rooks [2]rookList
	for c := movegen.White; c <= movegen.Black; c++ {
		s[c] += e.sideScore(p, c, phase, &pawnKey, &zoneAttacks, &rooks[c])
	}
	if e.v.Geometry.Files <= maxFiles {
		ps, files, lead := e.pawnScore(p, pawnKey, pc, phase)
		s[movegen.White] += ps
		if e.par.PassedKingDistance != 0 && phase < 256 {
			e.passedKings(p, lead, phase, &s)
		}
		if e.par.RookOpenFile != 0 || e.par.RookHalfOpenFile != 0 {
			e.rookFiles(&rooks, files, &s)
		}
	}
	if e.par.BishopPair != 0 {
		for c := movegen.White; c <= movegen.Black; c++ {
			if p.Count(c, movegen.Bishop) >= 2 {
				s[c] += e.par.BishopPair
			}
		}
	}
	for c := movegen.White; c <= movegen.Black; c++ {
		if n := zoneAttacks[c]; n > 0 {
			if k := e.shelter[c]; k != movegen.NoSquare && p.King(c) == k {
				n *= e.par.ShelterZoneWeight
			}
			s[c] -= (e.par.KingZoneAttack*n + e.par.KingZoneQuadratic*n*n) * phase / 256
		}
	}
	if m.side[movegen.White] == 0 || m.side[movegen.Black] == 0 {
		s = e.lateEndgame(p, s, m.side)
	}
	us := p.SideToMove()
	return s[us] - s[us.Other()] + e.par.Tempo
}

// material is each side's material (pieces on the board and in hand) and the game phase:
// the remaining non-pawn material of both sides as a fraction of the start's, in 1/256
// (256 = opening material, 0 = bare kings and pawns).
func (e *Evaluator) material(p *movegen.Position) (mat [2]int, phase int) {
	// Both sides in one loop over the types: called at nearly every node, the loop
	// itself cost more than its sums.
	for _, t := range e.byValue {
		v := e.value[t]
		mat[movegen.White] += v * p.Count(movegen.White, t)
		mat[movegen.Black] += v * p.Count(movegen.Black, t)
	}
	pawns := p.Count(movegen.White, movegen.Pawn) + p.Count(movegen.Black, movegen.Pawn)
	if e.hands {
		for c := movegen.White; c <= movegen.Black; c++ {
			pawns += p.Hand(c, movegen.Pawn)
			for _, t := range e.byValue {
				mat[c] += e.value[t] * p.Hand(c, t)
			}
		}
	}
	npm := mat[movegen.White] + mat[movegen.Black] - e.value[movegen.Pawn]*pawns
	if e.startNPM == 0 {
		return mat, 0
	}
	return mat, min(256, npm*256/e.startNPM)
}

// sideScore is everything side c earns by itself beyond its material: squares, mobility, king
// shelter, variant terms. It adds c's moves into the enemy king's zone to zone[them], and
// the pawnKey of c's pawns to *pawnKey, and lists c's rooks in rooks (for rookFiles,
// which would otherwise walk the pieces again).
func (e *Evaluator) sideScore(p *movegen.Position, c movegen.Color, phase int, pawnKey *uint64, zone *[2]int, rooks *rookList) int {
	reach := &e.reach[p.King(c.Other())]
	if e.pawnCaptures && e.par.MobilityPawnAttacked != 0 {
		return e.sideScoreSafe(p, c, phase, pawnKey, zone, rooks, reach)
	}
	return e.sideScoreReach(p, c, phase, pawnKey, zone, rooks, reach)
}

// sideScoreSafe is sideScoreReach with a copy of the reach row whose squares the enemy
// pawns attack count less (MobilityPawnAttacked): a function of its own, so that the
// games without the term do not clear the copy's 512 bytes at every call.
func (e *Evaluator) sideScoreSafe(p *movegen.Position, c movegen.Color, phase int, pawnKey *uint64, zone *[2]int, rooks *rookList, reach *[256]uint16) int {
	safe := *reach
	e.pawnAttacked(p, c.Other(), &safe)
	return e.sideScoreReach(p, c, phase, pawnKey, zone, rooks, &safe)
}

// sideScoreReach is sideScore with reach, the reach row of the enemy king's square.
func (e *Evaluator) sideScoreReach(p *movegen.Position, c movegen.Color, phase int, pawnKey *uint64, zone *[2]int, rooks *rookList, reach *[256]uint16) int {
	them := c.Other()
	eking := p.King(them)
	// A destination counts for mobility unless it holds a friend or is off the board.
	blocked := movegen.MakePiece(c, movegen.NoType) | movegen.Wall
	var movers [movegen.MaxPieces]movegen.Square
	score, key, nmovers := e.placement(p, c, phase, &movers)
	near := 0 // moves into the enemy king's zone
	var mobMg, mobEg int
	threats := e.pawnCaptures && (e.par.PawnThreat != 0 || e.par.PieceThreat != 0)
	for _, sq := range movers[:nmovers] {
		t := p.At(sq).Type()
		if t == movegen.Rook {
			rooks.sq[rooks.n] = sq
			rooks.n++
		}
		var acc int
		if threats {
			var n int
			acc, n = reachSumThreats(p, sq, e.leaps[t], e.rides[t], reach, blocked, &e.value, e.value[t])
			score += n * e.par.PieceThreat
			enemyPawn := movegen.MakePiece(them, movegen.Pawn)
			for _, d := range e.pawnAttackers[c] {
				if p.At(sq+d) == enemyPawn {
					score -= e.par.PawnThreat
					break
				}
			}
		} else {
			acc = reachSum(p, sq, e.leaps[t], e.rides[t], reach, blocked)
		}
		near += acc / zoneMove
		moves := acc & (zoneMove - 1)
		mobMg += moves * e.mobW[t]
		mobEg += moves * e.mobWEnd[t]
	}
	score += blend(mobMg, mobEg, phase) / mobUnit
	*pawnKey ^= key
	zone[them] += near
	if g := e.goal[c]; g != movegen.NoSquare {
		score += e.goalTerms(p, c, g, phase, blocked)
	}
	if k := p.King(c); k != movegen.NoSquare {
		score += e.shield(p, c, k) * phase / 256
	}
	if tr := p.Trampoline(c); tr != movegen.NoSquare && eking != movegen.NoSquare && e.dist(tr, eking) <= 2 {
		score += e.par.TrampolineNearKing
	}
	if p.BunkerRight(c) {
		score += e.par.BunkerRight * phase / 256
	}
	return score
}

// placement is the first pass of sideScore over c's pieces: their piece-square scores
// (the king's blended by phase), the pawn key of c's pawns, and the squares of the other
// pieces, listed in movers for the mobility pass. A function of its own (not inlined) with
// no call in its loop, so that the compiler keeps the loop's values in registers: in one
// loop with the mobility's calls every value went to the stack and back at each piece
// (Go's ABI keeps no register across a call), the pawns' and the king's included.
//
//go:noinline
func (e *Evaluator) placement(p *movegen.Position, c movegen.Color, phase int, movers *[movegen.MaxPieces]movegen.Square) (score int, key uint64, n int) {
	pst := &e.pst[c]
	keys := &e.pawnKey[c]
	for _, sq := range p.Pieces(c) {
		t := p.At(sq).Type()
		score += int(pst[t][sq])
		switch t {
		case movegen.Pawn:
			key ^= keys[sq]
		case movegen.King:
			score += (int(e.kingEnd[sq])*(256-phase) + int(pst[t][sq])*(phase-256)) / 256
		default:
			movers[n] = sq
			n++
		}
	}
	return score, key, n
}

// reachSum is the sum of reach over the moves of the piece on sq with those leaps and
// rides: its mobility, plus zoneMove per move into the enemy king's zone. Leaps and rides
// in separate loops, a ride's empty squares in a loop of their own, one table read per
// square: this is the evaluation's innermost loop. A function of its own (not inlined)
// with few values live, so that the compiler keeps them all in registers; inside
// sideScore's piece loop they were spilled to the stack at every square.
//
//go:noinline
func reachSum(p *movegen.Position, sq movegen.Square, leaps, rides []movegen.Square, reach *[256]uint16, blocked movegen.Piece) int {
	acc := 0
	for _, d := range leaps {
		to := sq + d
		if p.At(to)&blocked == 0 {
			acc += int(reach[to])
		}
	}
	for _, d := range rides {
		to := sq + d
		for p.At(to) == movegen.Empty {
			acc += int(reach[to])
			to += d
		}
		if p.At(to)&blocked == 0 { // an enemy piece, which the rider attacks
			acc += int(reach[to])
		}
	}
	return acc
}

// reachSumThreats is reachSum that also counts the enemy pieces worth more than own (the
// value of the moving piece) that the piece attacks. A twin rather than a flag to
// reachSum: the games without threat terms keep the evaluation's innermost loop free of
// the test.
func reachSumThreats(p *movegen.Position, sq movegen.Square, leaps, rides []movegen.Square, reach *[256]uint16, blocked movegen.Piece, value *[movegen.NumTypes]int, own int) (acc, threats int) {
	for _, d := range leaps {
		to := sq + d
		if pc := p.At(to); pc&blocked == 0 {
			acc += int(reach[to])
			if pc != movegen.Empty && value[pc.Type()] > own {
				threats++
			}
		}
	}
	for _, d := range rides {
		to := sq + d
		for p.At(to) == movegen.Empty {
			acc += int(reach[to])
			to += d
		}
		if pc := p.At(to); pc&blocked == 0 {
			acc += int(reach[to])
			if value[pc.Type()] > own {
				threats++
			}
		}
	}
	return acc, threats
}

// pawnAttacked lowers in row the mobility of the squares the pawns of colour by attack
// by MobilityPawnAttacked quarters of a move.
func (e *Evaluator) pawnAttacked(p *movegen.Position, by movegen.Color, row *[256]uint16) {
	pawn := movegen.MakePiece(by, movegen.Pawn)
	left := uint16(mobUnit - min(e.par.MobilityPawnAttacked, mobUnit))
	for _, sq := range p.Pieces(by) {
		if p.At(sq) != pawn {
			continue
		}
		// The squares a pawn of by attacks are those from which it attacks a piece of
		// the other colour, the other way.
		for _, d := range e.pawnAttackers[by.Other()] {
			to := sq - d
			row[to] = row[to]&^(zoneMove-1) + left
		}
	}
}

// goalTerms is what c's pieces earn towards its goal square, the enemy's weak square:
// the king's approach in the endgame, and the moves onto it. A pass of its own, so that
// the loop in sideScore of the variants without goals has no test for it.
func (e *Evaluator) goalTerms(p *movegen.Position, c movegen.Color, goal movegen.Square, phase int, blocked movegen.Piece) int {
	score := 0
	for _, sq := range p.Pieces(c) {
		switch t := p.At(sq).Type(); t {
		case movegen.King:
			score += e.par.GoalKing * (e.maxDist - e.dist(sq, goal)) * (256 - phase) / 256
		case movegen.Pawn:
		default:
			score += e.par.GoalAttack * e.movesOnto(p, sq, t, goal, blocked)
		}
	}
	return score
}

// movesOnto counts the moves (leaps and rides, as sideScore's mobility counts them) of the
// piece of type t on sq that end on target, for the goal square's attack bonus: a second
// walk, so that the mobility loops of the variants without goals need not compare every
// square.
func (e *Evaluator) movesOnto(p *movegen.Position, sq movegen.Square, t movegen.PieceType, target movegen.Square, blocked movegen.Piece) int {
	n := 0
	for _, d := range e.leaps[t] {
		if to := sq + d; to == target && p.At(to)&blocked == 0 {
			n++
		}
	}
	for _, d := range e.rides[t] {
		for to := sq + d; p.At(to)&blocked == 0; to += d {
			if to == target {
				n++
			}
			if p.At(to) != movegen.Empty {
				break
			}
		}
	}
	return n
}

// pawnScore is White's pawn-structure score minus Black's for p, whose pawns have the
// key key, at the game phase phase, and the files each side has pawns on (bit f for file
// f): from pc when it has seen the structure, else from the pawns file by file.
func (e *Evaluator) pawnScore(p *movegen.Position, key uint64, pc *PawnCache, phase int) (int, [2]uint16, [2]movegen.Square) {
	var ent *pawnEntry
	if pc != nil {
		if pc.of != e {
			*pc = PawnCache{of: e}
		}
		ent = &pc.entries[key&(pawnCacheSize-1)]
		if ent.used && ent.key == key {
			return int(ent.score) + blend(int(ent.passed[0]), int(ent.passed[1]), phase), ent.files, ent.lead
		}
	}
	var pi pawnInfo
	e.pawnFiles(p, &pi)
	var score, passedMg, passedEg int
	lead := [2]movegen.Square{movegen.NoSquare, movegen.NoSquare}
	if pi.n[movegen.White] > 0 {
		s, mg, eg, l := e.pawns(movegen.White, &pi)
		score, passedMg, passedEg, lead[movegen.White] = score+s, passedMg+mg, passedEg+eg, l
	}
	if pi.n[movegen.Black] > 0 {
		s, mg, eg, l := e.pawns(movegen.Black, &pi)
		score, passedMg, passedEg, lead[movegen.Black] = score-s, passedMg-mg, passedEg-eg, l
	}
	if ent != nil {
		*ent = pawnEntry{key: key, score: int32(score), passed: [2]int32{int32(passedMg), int32(passedEg)}, files: pi.files, lead: lead, used: true}
	}
	return score + blend(passedMg, passedEg, phase), pi.files, lead
}

// passedKings adds to s the kings' race to each side's most advanced passed pawn lead[c]:
// PassedKingDistance per step the enemy king stands farther than the own from the square
// in front of it, by the pawn's progress, in the endgame.
func (e *Evaluator) passedKings(p *movegen.Position, lead [2]movegen.Square, phase int, s *[2]int) {
	for c := movegen.White; c <= movegen.Black; c++ {
		sq := lead[c]
		k, ek := p.King(c), p.King(c.Other())
		if sq == movegen.NoSquare || k == movegen.NoSquare || ek == movegen.NoSquare {
			continue
		}
		front := sq + e.forward[c]
		prog := int(e.pawnProgress[c][sq])
		s[c] += e.par.PassedKingDistance * (e.dist(ek, front) - e.dist(k, front)) * prog * (256 - phase) / (256 * 256)
	}
}

// blend is a weight between its middlegame value mg (phase 256) and its endgame value
// eg (phase 0).
func blend(mg, eg, phase int) int { return (mg*phase + eg*(256-phase)) / 256 }

// rookList is one side's rooks on the board.
type rookList struct {
	sq [movegen.MaxPieces]movegen.Square
	n  int
}

// rookFiles adds to s each side's rooks on open files (no pawn) and half-open ones (only
// enemy pawns), from the files each side has pawns on: a rook there reaches the enemy
// camp along the file.
func (e *Evaluator) rookFiles(rooks *[2]rookList, files [2]uint16, s *[2]int) {
	for c := movegen.White; c <= movegen.Black; c++ {
		for _, sq := range rooks[c].sq[:rooks[c].n] {
			bit := uint16(1) << e.file[sq]
			switch {
			case files[c]&bit != 0:
			case files[c.Other()]&bit == 0:
				s[c] += e.par.RookOpenFile
			default:
				s[c] += e.par.RookHalfOpenFile
			}
		}
	}
}

// pawnInfo is where each side's pawns stand, file by file.
type pawnInfo struct {
	count [2][maxFiles]int8
	least [2][maxFiles]int8 // lowest rank of a pawn on the file (127 if none)
	most  [2][maxFiles]int8 // highest rank of a pawn on the file (-1 if none)
	files [2]uint16         // the files with a pawn, bit f for file f
	sq    [2][32]movegen.Square
	n     [2]int
	key   uint64 // the XOR of the pawns' pawnKey
}

// noLeast and noMost are pawnInfo's least and most before any pawn is seen.
var noLeast, noMost = func() (l, m [2][maxFiles]int8) {
	for c := range l {
		for f := range l[c] {
			l[c][f], m[c][f] = 127, -1
		}
	}
	return l, m
}()

// add records c's pawn on sq, of file f and rank r, with key its pawnKey.
func (pi *pawnInfo) add(c movegen.Color, sq movegen.Square, f, r int8, key uint64) {
	pi.key ^= key
	pi.sq[c][pi.n[c]] = sq
	pi.n[c]++
	pi.count[c][f]++
	pi.files[c] |= 1 << f
	pi.least[c][f] = min(pi.least[c][f], r)
	pi.most[c][f] = max(pi.most[c][f], r)
}

// pawnFiles fills pi from p's pawns.
func (e *Evaluator) pawnFiles(p *movegen.Position, pi *pawnInfo) {
	*pi = pawnInfo{least: noLeast, most: noMost}
	for c := movegen.White; c <= movegen.Black; c++ {
		for _, sq := range p.Pieces(c) {
			if p.At(sq).Type() == movegen.Pawn {
				pi.add(c, sq, e.file[sq], e.rank[sq], e.pawnKey[c][sq])
			}
		}
	}
}

// pawns scores c's pawn structure: doubled and isolated pawns, and apart from them its
// passed pawns by progress, with the middlegame's and the endgame's weight. It reads only
// the pawns recorded in pi, so that its scores may be cached by their key.
func (e *Evaluator) pawns(c movegen.Color, pi *pawnInfo) (score, passedMg, passedEg int, lead movegen.Square) {
	lead = movegen.NoSquare
	leadProg := -1
	them := c.Other()
	nfiles := e.v.Geometry.Files
	files := &pi.count[c]
	for f := 0; f < nfiles; f++ {
		if files[f] > 1 {
			score -= e.par.DoubledPawn * int(files[f]-1)
		}
	}
	for _, sq := range pi.sq[c][:pi.n[c]] {
		f, r := int(e.file[sq]), e.rank[sq]
		left := f > 0 && files[f-1] > 0
		right := f+1 < nfiles && files[f+1] > 0
		if !left && !right {
			score -= e.par.IsolatedPawn
		} else if e.par.ConnectedPawn != 0 && e.connected(c, sq, f, pi) {
			score += e.par.ConnectedPawn
		}
		// Passed: no enemy pawn ahead on this file or a neighbouring one.
		passed := true
		for ff := max(f-1, 0); ff <= min(f+1, nfiles-1); ff++ {
			if c == movegen.White && pi.most[them][ff] > r || c == movegen.Black && pi.least[them][ff] < r {
				passed = false
			}
		}
		if passed {
			prog := int(e.pawnProgress[c][sq])
			passedMg += e.par.PassedPawn * prog * prog / (256 * 256)
			passedEg += e.par.PassedPawnEndgame * prog * prog / (256 * 256)
			if prog > leadProg {
				lead, leadProg = sq, prog
			}
		}
	}
	return score, passedMg, passedEg, lead
}

// connected reports whether c's pawn on sq (file f) has a friendly pawn beside it or
// defending it, among the pawns in pi.
func (e *Evaluator) connected(c movegen.Color, sq movegen.Square, f int, pi *pawnInfo) bool {
	r := int(e.rank[sq])
	back := r - 1
	if c == movegen.Black {
		back = r + 1
	}
	for _, o := range pi.sq[c][:pi.n[c]] {
		of, or := int(e.file[o]), int(e.rank[o])
		if (of == f-1 || of == f+1) && (or == r || or == back) {
			return true
		}
	}
	return false
}

// shield counts c's pawns on the three squares in front of its king (shieldSquares).
func (e *Evaluator) shield(p *movegen.Position, c movegen.Color, k movegen.Square) int {
	pawn := movegen.MakePiece(c, movegen.Pawn)
	n := 0
	for _, s := range e.shieldSquares[c][k] {
		if s != movegen.NoSquare && p.At(s) == pawn {
			n++
		}
	}
	return n * e.par.ShieldPawn
}

// dist is the king distance (Chebyshev) between two squares.
func (e *Evaluator) dist(a, b movegen.Square) int {
	return max(abs(int(e.file[a])-int(e.file[b])), abs(int(e.rank[a])-int(e.rank[b])))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
