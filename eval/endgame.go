package eval

import "varchess/movegen"

// The late endgame against a bare king. The middlegame terms have no slope there: a rook
// that checks from the far side scores the same as one that boxes the king in, so a search
// of a few thousand nodes shuffles at +5 for ever (K+R v K was not mated in sixty moves).
// The mop-up terms give the slope that the mating patterns need, from the board's data
// alone, so every game gets them:
//
//   - the lone king is pushed to the board's rim (ring: its distance from the outside of
//     the board; a hole inside the board is not an edge, a shelter behind the back rank
//     is), where it has the fewest flights, and onto edge squares (movegen.EdgeSquares,
//     the king's endgame table), where it is stalemated to a loss;
//   - the winning king comes close (it takes the flight squares the pieces cannot);
//   - with two bishops, to the nearest corner (Black Hole's 9x11 board was too large for the
//     rim alone: a lone king running along it reached the fifty-move rule);
//   - with bishop and knight, to a corner of the bishop's colour, the only corners where
//     they force the mate, and away from the others; a pocket whose flights one king takes
//     alone (Black Hole's shelters e0/e12) is a right corner for either bishop, since the
//     knight's check mates there. In the right corner the lone king's flights are taken
//     away one by one, and the knight stays near it.
//
// Positions that no material can win score near zero instead (K+minor v K, K+N+N v K), so
// that the side ahead trades into a real win rather than into those.

// endgameTables are the evaluator's square tables of the late endgame, built by
// buildEndgameTables.
type endgameTables struct {
	// ring is the king distance from sq to the nearest cell outside the board (the box's
	// outside and the walls joined to it), minus one: 0 on the rim.
	ring    [256]int8
	maxRing int
	// corner[light][sq] is the king distance from sq to the nearest right corner for a
	// bishop of that colour (a corner: a square with at most three king moves on the empty
	// board): one of the bishop's colour, or a knight pocket of either colour
	// (knightPocket); wrong[light][sq] to the nearest other corner.
	corner, wrong [2][256]int8
	// around[sq] are the squares one king step from sq, NoSquare-padded.
	around [256][8]movegen.Square
	// minorDraws: the variant's lone minor and two knights cannot force a win against a
	// bare king, as in FIDE chess. Not where the knight rides (a Nightrider), nor where a
	// king on an edge square loses by stalemate or a goal square wins (a minor piece can
	// then win).
	minorDraws bool
}

// buildEndgameTables fills e's endgameTables from the geometry.
func (e *Evaluator) buildEndgameTables() {
	g := e.v.Geometry
	// Outside cells: a flood over the box (one cell wider on each side) through cells that
	// are not squares, from its frame. Holes inside the board are not reached.
	w, h := g.Files+2, g.Ranks+2
	outside := make([]bool, w*h)
	isSq := func(f, r int) bool { return g.Square(f, r) != movegen.NoSquare }
	var stack [][2]int
	for f := -1; f <= g.Files; f++ {
		stack = append(stack, [2]int{f, -1}, [2]int{f, g.Ranks})
	}
	for r := -1; r <= g.Ranks; r++ {
		stack = append(stack, [2]int{-1, r}, [2]int{g.Files, r})
	}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		f, r := c[0], c[1]
		if f < -1 || f > g.Files || r < -1 || r > g.Ranks || outside[(r+1)*w+f+1] || isSq(f, r) {
			continue
		}
		outside[(r+1)*w+f+1] = true
		stack = append(stack, [2]int{f + 1, r}, [2]int{f - 1, r}, [2]int{f, r + 1}, [2]int{f, r - 1})
	}
	squares := g.Squares()
	var corners []movegen.Square
	for _, sq := range squares {
		f, r := int(e.file[sq]), int(e.rank[sq])
		best := 1 << 20
		for cr := -1; cr <= g.Ranks; cr++ {
			for cf := -1; cf <= g.Files; cf++ {
				if outside[(cr+1)*w+cf+1] {
					best = min(best, max(abs(cf-f), abs(cr-r)))
				}
			}
		}
		e.ring[sq] = int8(best - 1)
		e.maxRing = max(e.maxRing, best-1)
		moves := 0
		for _, to := range squares {
			if to != sq && e.dist(sq, to) == 1 {
				moves++
			}
		}
		if moves <= 3 {
			corners = append(corners, sq)
		}
	}
	for _, sq := range squares {
		n := 0
		for i := range e.around[sq] {
			e.around[sq][i] = movegen.NoSquare
		}
		for _, to := range squares {
			if to != sq && e.dist(sq, to) == 1 {
				e.around[sq][n] = to
				n++
			}
		}
	}
	for _, sq := range squares {
		for light := range 2 {
			best, worst := e.maxDist, e.maxDist
			for _, c := range corners {
				if g.IsLight(c) == (light == 1) || e.knightPocket(c, squares) {
					best = min(best, e.dist(sq, c))
				} else {
					worst = min(worst, e.dist(sq, c))
				}
			}
			e.corner[light][sq] = int8(best)
			e.wrong[light][sq] = int8(worst)
		}
	}
	edge := len(e.v.ZoneSquares(movegen.EdgeSquares)) > 0
	e.minorDraws = len(e.rides[movegen.Knight]) == 0 && !edge && e.goal[movegen.White] == movegen.NoSquare
}

// lateEndgame corrects s, the side scores of EvaluateMat (White's and Black's), when one
// side has no material left: mop-up towards the mate, or near zero where none can be
// forced. mat is each side's material (pawns and hands included).
func (e *Evaluator) lateEndgame(p *movegen.Position, s [2]int, mat [2]int) [2]int {
	win := movegen.White
	if mat[movegen.White] == 0 {
		win = movegen.Black
	}
	lose := win.Other()
	if mat[win] == 0 {
		return s // bare kings (drawn, or a game of its own where a stalemate can win)
	}
	wk, lk := p.King(win), p.King(lose)
	if wk == movegen.NoSquare || lk == movegen.NoSquare {
		return s
	}
	pawns := p.Count(win, movegen.Pawn) + p.Hand(win, movegen.Pawn)
	knights, bishops := p.Count(win, movegen.Knight), p.Count(win, movegen.Bishop)
	pieces := 0
	for _, t := range e.byValue {
		if t != movegen.Pawn {
			pieces += p.Count(win, t) + p.Hand(win, t)
		}
	}
	if pawns == 0 && e.minorDraws && (pieces == 1 && knights+bishops == 1 || pieces == 2 && knights == 2) {
		// No mate can be forced: keep only a sliver of the advantage.
		s[win] = s[lose] + (s[win]-s[lose])/e.par.DrawnEndgameDivisor
		return s
	}
	bonus := e.par.MopUpClose * (e.maxDist - e.dist(wk, lk))
	if pawns == 0 && pieces == 2 && knights == 1 && bishops == 1 {
		light := 0
		for _, sq := range p.Pieces(win) {
			if p.At(sq).Type() == movegen.Bishop && e.v.Geometry.IsLight(sq) {
				light = 1
			}
		}
		// Nearer a right corner than a wrong one: along the rim from a wrong corner to a
		// right one this rises at every step, which a distance to the right corner alone
		// does not (from a wrong corner, the centre is as near).
		bonus += e.par.MopUpCorner * (int(e.wrong[light][lk]) - int(e.corner[light][lk]))
		// In the right corner, the mate is a matter of taking its last flights (in Black
		// Hole's shelter: the king two squares in front, then a check); the knight, the
		// short-range piece, is kept near (it gives that check).
		if e.corner[light][lk] == 0 {
			bonus -= e.par.MopUpFlight * e.flights(p, lk, win)
		}
		for _, sq := range p.Pieces(win) {
			if p.At(sq).Type() == movegen.Knight {
				bonus -= e.par.MopUpKnight * e.dist(sq, lk)
			}
		}
	}
	if pawns == 0 && pieces == 2 && bishops == 2 {
		// Two bishops mate in any corner: towards the nearest, so that the lone king
		// driven to the rim does not run along it for ever on a large board.
		bonus -= e.par.MopUpCorner / 2 * min(int(e.corner[0][lk]), int(e.corner[1][lk]))
	}
	bonus += e.par.MopUpEdge * (e.maxRing - int(e.ring[lk]))
	s[win] += bonus
	return s
}

// flights counts the squares next to lk (the lone king) that are empty and not attacked
// by win.
func (e *Evaluator) flights(p *movegen.Position, lk movegen.Square, win movegen.Color) int {
	n := 0
	for _, s := range e.around[lk] {
		if s == movegen.NoSquare {
			break
		}
		if p.At(s) == movegen.Empty && !p.Attacked(s, win) {
			n++
		}
	}
	return n
}

// knightPocket reports whether corner c is a pocket whose every flight a king two steps
// away takes alone (Black Hole's shelters: a king on e2 holds d1, e1 and f1), so that a
// knight's check mates there whatever the bishop's colour.
func (e *Evaluator) knightPocket(c movegen.Square, squares []movegen.Square) bool {
	for _, k := range squares {
		if e.dist(k, c) != 2 {
			continue
		}
		all := true
		for _, n := range squares {
			if n != c && e.dist(n, c) == 1 && e.dist(n, k) > 1 {
				all = false
			}
		}
		if all {
			return true
		}
	}
	return false
}
