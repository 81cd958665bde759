package search

import (
	"math"

	"varchess/movegen"
)

// Levels for people: a strength setting on an Elo scale, from a beginner who can win to
// the full engine. The engine is weakened the way good engines do it, never by sleeping:
//
//   - a node budget (and at the lowest levels a depth cap), so that it sees less;
//   - several candidate moves searched as a MultiPV search does, one of which is played
//     after a seeded noise is added to each one's score, so that it sometimes prefers a
//     second-best move, by how much depending on the level. The noise is drawn from a
//     generator the engine reseeds at every new game: the same game, the same moves.
//
// The scale is calibrated in FIDE chess against Stockfish's own UCI_Elo (docs/levels.md
// gives the points and the games); the same setting plays the other games with the same
// budgets, where it has no calibration.

// MinElo and MaxElo bound the strength setting (UCI_Elo, the XBoard and console levels,
// the web board's). The top is the full engine's measured strength on Stockfish's scale
// (docs/levels.md): a setting above it would promise what the engine does not have.
const (
	MinElo = 500
	MaxElo = 2000
)

// levelPoint is the weakening at one point of the Elo scale; levelFor interpolates.
type levelPoint struct {
	elo   int
	nodes uint64 // the node budget of a move
	depth int    // the depth cap, 0: none
	lines int    // the candidate moves searched (MultiPV)
	noise int    // the largest noise added to a candidate's score, in centipawns
}

// levelPoints are the anchors of the scale, lowest first, labelled so that the levels
// measured between them (1200, 1500, 1800 and the full engine; docs/levels.md gives the
// games) play about even against Stockfish 15.1 at the same UCI_Elo; extrapolated below
// Stockfish's lowest setting.
var levelPoints = []levelPoint{
	// A beginner: one ply, and any of the ten best moves by a noise of ten pawns (it
	// hangs pieces, and takes the ones left hanging). The lowest levels are held by their
	// depth: their node budgets only let every candidate's line finish (the noise picks
	// among the lines of a completed iteration).
	{elo: MinElo, nodes: 1000, depth: 1, lines: 10, noise: 1000},
	{elo: 1000, nodes: 1500, depth: 2, lines: 5, noise: 220},
	{elo: 1200, nodes: 1500, depth: 4, lines: 4, noise: 110},
	{elo: 1650, nodes: 10000, depth: 0, lines: 3, noise: 45},
	{elo: 1850, nodes: 60000, depth: 0, lines: 2, noise: 15},
	// The full engine's strength in a 30 s + 0.5 s game, about what it searches there.
	{elo: MaxElo, nodes: 300000, depth: 0, lines: 1, noise: 0},
}

// levelFor is the weakening at elo (clamped to the scale): node budgets interpolated
// geometrically between the anchors, noise and candidates linearly, depth caps as the
// lower anchor's (a cap only ever loosens going up).
func levelFor(elo int) levelPoint {
	elo = min(max(elo, MinElo), MaxElo)
	for i := 1; i < len(levelPoints); i++ {
		a, b := levelPoints[i-1], levelPoints[i]
		if elo > b.elo {
			continue
		}
		// t in 1/1024 of the way from a to b.
		t := (elo - a.elo) * 1024 / (b.elo - a.elo)
		lerp := func(x, y int) int { // rounded to the nearest, either way
			if d := (y - x) * t; d < 0 {
				return x - (-d+512)/1024
			} else {
				return x + (d+512)/1024
			}
		}
		// The node budget grows by the same factor per Elo point between two anchors.
		nodes := float64(a.nodes) * math.Pow(float64(b.nodes)/float64(a.nodes), float64(t)/1024)
		depth := a.depth
		if depth > 0 && b.depth > 0 {
			depth = lerp(a.depth, b.depth)
		} else if t > 512 {
			depth = b.depth
		}
		return levelPoint{elo: elo, nodes: uint64(nodes), depth: depth, lines: lerp(a.lines, b.lines), noise: lerp(a.noise, b.noise)}
	}
	return levelPoints[len(levelPoints)-1]
}

// SetElo sets the strength: elo on the scale MinElo..MaxElo (clamped), or 0 for the full
// engine. It takes effect at the next search.
func (e *Engine) SetElo(elo int) {
	e.mu.Lock()
	if elo > 0 {
		elo = min(max(elo, MinElo), MaxElo)
	}
	e.elo = max(elo, 0)
	e.mu.Unlock()
}

// Elo reports the strength setting, 0 for the full engine.
func (e *Engine) Elo() int { e.mu.Lock(); defer e.mu.Unlock(); return e.elo }

// levelSeed is where the noise generator starts at every new game.
const levelSeed = 0x5EED5EED5EED5EED

// weaken narrows lim to the level's budget and returns the level (lines 0: full engine).
// The caller holds searching.
func (e *Engine) weaken(lim *Limits) levelPoint {
	e.mu.Lock()
	elo := e.elo
	e.mu.Unlock()
	if elo == 0 {
		return levelPoint{}
	}
	lv := levelFor(elo)
	if lim.Nodes == 0 || lim.Nodes > lv.nodes {
		lim.Nodes = lv.nodes
	}
	if lv.depth > 0 && (lim.Depth == 0 || lim.Depth > lv.depth) {
		lim.Depth = lv.depth
	}
	return lv
}

// chooseWeak picks the move a levelled search plays among the candidates of its last
// completed iteration: the one whose score plus a noise of 0..noise centipawns is the
// highest. A mate found stays chosen (no noise reaches a mate score's distance).
func (e *Engine) chooseWeak(root *movegen.Position, lv levelPoint, moves []movegen.Move, scores []int, res *Result) {
	if len(moves) < 2 || lv.noise == 0 {
		return
	}
	e.levelRNG = splitmix64(e.levelRNG ^ root.Hash())
	r := e.levelRNG
	best, bestV := -1, 0
	for i := range moves {
		r = splitmix64(r)
		v := scores[i] + int(r%uint64(lv.noise+1))
		if best < 0 || v > bestV {
			best, bestV = i, v
		}
	}
	// The best line's move stays res's (an unfinished deeper iteration may have improved
	// on it); a second-best one replaces it.
	if best > 0 && moves[best] != res.Best {
		res.Best, res.Score, res.Ponder = moves[best], scores[best], movegen.NullMove
	}
}

// splitmix64 is the SplitMix64 step: a good 64-bit mix for the noise generator.
func splitmix64(x uint64) uint64 {
	x += 0x9E3779B97F4A7C15
	x = (x ^ x>>30) * 0xBF58476D1CE4E5B9
	x = (x ^ x>>27) * 0x94D049BB133111EB
	return x ^ x>>31
}
