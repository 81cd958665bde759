package eval

import (
	"slices"
	"strings"

	"varchess/movegen"
)

// build computes the evaluator of v from its data: values, square tables and steps.
func build(v *movegen.Variant, par Params) *Evaluator {
	g := v.Geometry
	e := &Evaluator{v: v, maxDist: max(g.Files, g.Ranks) - 1, par: par}
	for i := range 256 {
		sq := movegen.Square(i)
		e.file[i], e.rank[i] = int8(g.File(sq)), int8(g.Rank(sq))
	}
	for t := movegen.Pawn; t < movegen.NumTypes; t++ {
		d := v.PieceDef(t)
		if d == nil {
			continue
		}
		e.steps[t] = stepsOf(g, d.Atoms)
		for _, st := range e.steps[t] {
			if st.rider {
				e.rides[t] = append(e.rides[t], st.delta)
			} else {
				e.leaps[t] = append(e.leaps[t], st.delta)
			}
		}
		e.value[t] = materialFor(&e.par, g, t, d.Atoms)
		if t == movegen.Pawn || t == movegen.King {
			continue
		}
		most := maxMobility(g, e.steps[t])
		if most*mobUnit >= zoneMove {
			panic("eval: a piece with more moves than reach's mobility field holds")
		}
		if most > 0 {
			e.mobW[t] = min(max(e.par.MobilityScale/most, 1), e.par.MobilityMax)
			e.mobWEnd[t] = min(max(e.par.MobilityScaleEndgame/most, 1), e.par.MobilityMax)
		}
	}
	for t := movegen.Pawn; t < movegen.NumTypes; t++ {
		if e.value[t] != 0 {
			e.byValue = append(e.byValue, t)
		}
	}
	slices.SortStableFunc(e.byValue, func(a, b movegen.PieceType) int { return e.value[b] - e.value[a] })
	e.hands = v.HandInFEN
	e.buildSquareTables()
	for _, k := range g.Squares() {
		for c, dir := range [2]int{1, -1} {
			kf, kr := int(e.file[k]), int(e.rank[k])
			for i, f := range [3]int{kf - 1, kf, kf + 1} {
				e.shieldSquares[c][k][i] = g.Square(f, kr+dir)
			}
		}
	}
	for k := range e.reach {
		for to := range e.reach[k] {
			e.reach[k][to] = mobUnit
			if g.IsSquare(movegen.Square(k)) && g.IsSquare(movegen.Square(to)) && e.dist(movegen.Square(k), movegen.Square(to)) <= 1 {
				e.reach[k][to] += zoneMove
			}
		}
	}
	if start, err := v.ParseFEN(v.StartFEN); err == nil {
		for c := movegen.White; c <= movegen.Black; c++ {
			for t := movegen.Knight; t < movegen.NumTypes; t++ {
				e.startNPM += e.value[t] * (start.Count(c, t) + start.Hand(c, t))
			}
		}
	}
	seed := uint64(0x9E3779B97F4A7C15) // any fixed seed: the keys only need to differ
	for c := range e.pawnKey {
		for sq := range e.pawnKey[c] {
			seed = splitmix(seed)
			e.pawnKey[c][sq] = seed
		}
	}
	for c := movegen.White; c <= movegen.Black; c++ {
		e.goal[c] = v.Goal(c)
		e.shelter[c] = v.ZoneSquare(movegen.ShelterSquares, c)
	}
	e.forward = [2]movegen.Square{movegen.Square(g.Delta(0, 1)), movegen.Square(g.Delta(0, -1))}
	if v.PieceDef(movegen.Pawn) != nil && v.Pawn.Capture == movegen.CaptureByReplacement {
		e.pawnCaptures = true
		for c, fwd := range [2]int{1, -1} {
			// An enemy pawn attacks a piece of c from one rank nearer c's enemy.
			e.pawnAttackers[c] = [2]movegen.Square{movegen.Square(g.Delta(-1, fwd)), movegen.Square(g.Delta(1, fwd))}
		}
	}
	e.placeTerms()
	e.buildEndgameTables()
	return e
}

// placeTerms adds to the square tables the variant terms that depend on a piece's square
// alone, so they cost nothing in Evaluate:
//
//   - Edge squares (movegen.EdgeSquares, where no quiet move ends): edgeKingStalemate off
//     the king's endgame table. A king left without a move there loses by stalemate (the
//     rule that comes with the edge), which threatens the side whose king is on the edge
//     while the other's is central. In a score that is one side's terms minus the other's, "my
//     king on the edge and theirs central" minus the reverse is the same as a plain edge
//     penalty for each king (both on the edge or both central cancel), so a table entry
//     says it exactly. Other men get no edge term: the edge costs them quiet moves but
//     also shelters them, since a capture must land beyond its victim and only one along
//     the edge line can (a corner man cannot be taken at all); a penalty for it did not
//     win games.
//   - Shelters (movegen.ShelterSquares): shelterKingEndgame off the king's endgame table
//     there, for either king (an invading king has as few flight squares there as the
//     owner).
func (e *Evaluator) placeTerms() {
	for _, sq := range e.v.Geometry.Squares() {
		if e.v.InZone(movegen.EdgeSquares, movegen.White, sq) {
			e.kingEnd[sq] -= int16(e.par.EdgeKingStalemate)
		}
	}
	for _, sq := range e.shelter {
		if sq != movegen.NoSquare {
			e.kingEnd[sq] -= int16(e.par.ShelterKingEndgame)
		}
	}
}

// buildSquareTables fills the piece-square tables from the geometry. A piece's worth on a
// square is taken to follow the number of squares it reaches from there on the empty board
// (Fairy-Max's centralisation idea, measured instead of drawn): edges, corners, holes and
// the narrow ends of an irregular board all cost without a hand-typed array.
func (e *Evaluator) buildSquareTables() {
	g := e.v.Geometry
	squares := g.Squares()
	for t := movegen.Pawn; t < movegen.NumTypes; t++ {
		if e.v.PieceDef(t) == nil {
			continue
		}
		if t == movegen.Pawn {
			e.buildPawnTables()
			continue
		}
		mob := make([]int, 256)
		sum := 0
		for _, sq := range squares {
			mob[sq] = mobilityFrom(g, sq, e.steps[t])
			sum += mob[sq]
		}
		// Work in 1/len units so the average needs no rounding.
		n := len(squares)
		weight := e.par.CentreWeightLeaper
		if hasRider(e.v.PieceDef(t).Atoms) {
			weight = e.par.CentreWeightRider
		}
		for _, sq := range squares {
			dev := mob[sq]*n - sum // (moves from sq - average) * n
			for c := movegen.White; c <= movegen.Black; c++ {
				if t == movegen.King {
					home := int(e.rank[sq])
					if c == movegen.Black {
						home = g.Ranks - 1 - home
					}
					// Middlegame: the king hides near the edge of its home ranks.
					e.pst[c][t][sq] = int16(-e.par.KingEdgeMiddlegame*dev/n - 10*home)
					continue
				}
				e.pst[c][t][sq] = int16(weight * dev / n)
			}
			if t == movegen.King {
				e.kingEnd[sq] = int16(e.par.KingCentreEndgame * dev / n)
			}
		}
	}
}

// buildPawnTables gives pawns a bonus per rank advanced and records their progress
// towards promotion for the passed-pawn term.
func (e *Evaluator) buildPawnTables() {
	pr := e.v.Pawn
	for _, sq := range e.v.Geometry.Squares() {
		r := int(e.rank[sq])
		for c := movegen.White; c <= movegen.Black; c++ {
			adv, span := r-pr.StartRank[c], pr.PromoRank[c]-pr.StartRank[c]
			if c == movegen.Black {
				adv, span = -adv, -span
			}
			if adv < 0 {
				adv = 0
			}
			e.pst[c][movegen.Pawn][sq] = int16(e.par.PawnAdvance * adv)
			if span > 0 {
				e.pawnProgress[c][sq] = int16(min(256, adv*256/span))
			}
		}
	}
}

// materialFor is the value of a piece of type t moving by atoms on board g: its base value
// corrected by boardScale percent of the change of its average empty-board mobility
// between an 8x8 board and g. Pawns and kings keep their base values.
func materialFor(par *Params, g *movegen.Geometry, t movegen.PieceType, atoms []movegen.Atom) int {
	base := par.value(t)
	if t == movegen.Knight && hasRider(atoms) {
		base = par.Nightrider
	}
	if t == movegen.Pawn || t == movegen.King || len(atoms) == 0 {
		return base
	}
	pad := 1
	for _, a := range atoms {
		pad = max(pad, abs(a.DF), abs(a.DR))
	}
	ref, err := movegen.NewGeometry(strings.Repeat("........\n", 8), "", 1, pad)
	if err != nil {
		return base
	}
	here := averageMobility(g, stepsOf(g, atoms))
	fide := averageMobility(ref, stepsOf(ref, atoms))
	if fide == 0 {
		return base
	}
	return base + int(float64(base)*float64(par.BoardScale)/100*(here-fide)/fide)
}

// stepsOf lists the directions of atoms on g: every symmetric image of each atom.
func stepsOf(g *movegen.Geometry, atoms []movegen.Atom) []step {
	var out []step
	for _, a := range atoms {
		seen := map[[2]int]bool{}
		for _, s := range [][2]int{{a.DF, a.DR}, {a.DR, a.DF}} {
			for _, sf := range []int{1, -1} {
				for _, sr := range []int{1, -1} {
					d := [2]int{s[0] * sf, s[1] * sr}
					if seen[d] {
						continue
					}
					seen[d] = true
					out = append(out, step{delta: movegen.Square(g.Delta(d[0], d[1])), rider: a.Rider})
				}
			}
		}
	}
	return out
}

// mobilityFrom counts the squares a piece with steps reaches from sq on the empty board g.
func mobilityFrom(g *movegen.Geometry, sq movegen.Square, steps []step) int {
	n := 0
	for _, st := range steps {
		to := sq
		for {
			to += st.delta
			if !g.IsSquare(to) {
				break
			}
			n++
			if !st.rider {
				break
			}
		}
	}
	return n
}

func averageMobility(g *movegen.Geometry, steps []step) float64 {
	sum := 0
	for _, sq := range g.Squares() {
		sum += mobilityFrom(g, sq, steps)
	}
	return float64(sum) / float64(len(g.Squares()))
}

func maxMobility(g *movegen.Geometry, steps []step) int {
	most := 0
	for _, sq := range g.Squares() {
		most = max(most, mobilityFrom(g, sq, steps))
	}
	return most
}

func hasRider(atoms []movegen.Atom) bool {
	for _, a := range atoms {
		if a.Rider {
			return true
		}
	}
	return false
}

// splitmix is one step of the SplitMix64 generator: a well-mixed 64-bit number from x.
func splitmix(x uint64) uint64 {
	x += 0x9E3779B97F4A7C15
	x = (x ^ x>>30) * 0xBF58476D1CE4E5B9
	x = (x ^ x>>27) * 0x94D049BB133111EB
	return x ^ x>>31
}
