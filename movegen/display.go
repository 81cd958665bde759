package movegen

// What a board for people needs to know about a position and its moves beyond the rules
// themselves: the squares of a move's route and of its victim, the status line, and the
// legend of each piece's moves (the zones to shade are Variant.Zones, zones.go). None of it
// is on the search's path.

// Route is the squares m passes through where it is not one straight move: a Hop Chess
// turn that bounces (its origin, each trampoline it lands on, its destination), a Jumping
// Knights hop (origin, the square jumped over, landing). nil for every other move. m must
// be a legal move of p.
func (p *Position) Route(m Move) []Square {
	switch m.Kind() {
	case HopCapture, HopEnPassant:
		return []Square{m.From(), m.Aux(), m.To()}
	case TurnViaStep:
		return []Square{m.From(), m.From() + Square(p.v.pawnPush[p.side]), m.To()}
	case Turn:
		return p.hopBounces(m)
	}
	return nil
}

// hopBounces finds the bounces of the Hop Chess turn m: a piece move is listed once whatever
// its route, so the route is searched again here, the shortest first (a move that needs no
// trampoline has no route to show). There are two trampolines, each used at most once, so
// there are at most four routes to try.
func (p *Position) hopBounces(m Move) []Square {
	from, to := m.From(), m.To()
	if p.cells[from].Type() == King || p.hopRouteValid(from, nil, to, m.Promo()) {
		return nil
	}
	var tramps []Square
	for _, t := range p.tramp {
		if t != NoSquare {
			tramps = append(tramps, t)
		}
	}
	tries := [][]Square{}
	for _, t := range tramps {
		tries = append(tries, []Square{t})
	}
	if len(tramps) == 2 {
		tries = append(tries, []Square{tramps[0], tramps[1]}, []Square{tramps[1], tramps[0]})
	}
	for _, stops := range tries {
		if p.hopRouteValid(from, stops, to, m.Promo()) {
			return append(append([]Square{from}, stops...), to)
		}
	}
	return nil
}

// CapturedSquare is the square of the piece m removes, NoSquare if it captures nothing.
// m must be a legal move of p.
func (p *Position) CapturedSquare(m Move) Square {
	switch m.Kind() {
	case Normal, Turn, TurnViaStep:
		if p.cells[m.To()].IsPiece() {
			return m.To()
		}
	case HopCapture:
		return m.Aux()
	case EnPassant, HopEnPassant, TurnEnPassant:
		return p.epPawn
	}
	return NoSquare
}

// RandomStart reports whether a new game of v starts from a position drawn at random
// (Start with a random source: the Shuffle arrays of bunker).
func (v *Variant) RandomStart() bool { return v.randomStart != nil }

// sideName is c's name with a capital, for sentences.
func sideName(c Color) string {
	if c == White {
		return "White"
	}
	return "Black"
}

// Describe is a line for people on what the side to move does now ("White to move",
// "Black jumps and places a piece", "White places a piece on its back rank") and, when
// something needs saying, a note (why the only move is a pass). It assumes the game is not
// over; a caller shows the outcome instead when it is.
func (p *Position) Describe() (status, note string) {
	us, them := p.side, p.side.Other()
	me, other := sideName(us), sideName(them)
	var ml MoveList
	p.LegalMoves(&ml)
	if ml.n == 1 && ml.moves[0].Kind() == Pass {
		status = me + "'s king is stuck: it must pass until " + other + " has placed all its pieces"
		note = me + "'s king has no jump left, so " + me + " passes; its pieces in hand never come on the board."
		return status, note
	}
	switch {
	case p.phase[us] == wsJumping && p.kings[us] == p.v.ZoneSquare(WeakSquares, us):
		status = me + "'s king jumps out of its weak square"
	case p.phase[us] == wsJumping:
		status = me + " jumps and places a piece"
	case p.v.HandInFEN && p.inHand(us) > 0:
		status = me + " places a piece on its back rank"
	case p.v.HasTrampolines() && !hopPlaces(p):
		status = me + " to move (no trampoline on the first turn)"
	case p.v.HasTrampolines():
		status = me + " to move, then places the trampoline"
	default:
		status = me + " to move"
	}
	if p.InCheck() {
		status += ", in check"
	}
	if placementJustEnded(p) {
		note = "Every piece is placed: the game begins, and White makes the first move."
	}
	if ex := jkForcedExample(p); ex != "" && ml.n > 0 {
		// Rule 4 leaves only some moves: say why before a person's click is refused
		note = "Rule 4: a capture from an edge square to a central square is compulsory now, unless a move gives check" + ex + "."
	}
	return status, note
}

// placementJustEnded reports whether p is the first position of play after Pre-chess's
// placements: no piece left in either hand, White to move at move 9 (eight placements each),
// outside The Weak Square's jumping phases.
func placementJustEnded(p *Position) bool {
	return p.v.HandInFEN && p.phase == [2]uint8{} && p.side == White && p.fullmove == 9 &&
		p.inHand(White) == 0 && p.inHand(Black) == 0
}

// LegendEntry is where a lone piece moves on an empty board, for a legend drawn from the
// rules: Moves are its destinations from From; Captures, where a capture is not simply a
// move onto the victim (Jumping Knights' hops), are pairs of victim and landing square, for
// one example victim in each direction (the nearest one), with all its landings.
type LegendEntry struct {
	Type     PieceType
	From     Square
	Moves    []Square
	Captures [][2]Square
}

// Legend lists, for each piece type of v, a lone White piece on a central square (a pawn
// on its start rank) and its moves there, as the generator makes them.
func (v *Variant) Legend() []LegendEntry {
	g := v.Geometry
	var out []LegendEntry
	for _, d := range v.Pieces {
		f, r := g.Files/2, g.Ranks/2
		if d.Type == Pawn {
			r = v.Pawn.StartRank[White]
		}
		from := g.Square(f, r)
		for from == NoSquare || !v.QuietTarget(from) {
			r-- // a hole or an edge square: the next square down
			from = g.Square(f, r)
		}
		e := LegendEntry{Type: d.Type, From: from}
		lone := v.lonePosition(d.Type, from, NoSquare)
		var ml MoveList
		lone.pseudo(&ml)
		seen := map[Square]bool{}
		for _, m := range ml.Moves() {
			if m.From() == from && (m.Kind() == Normal || m.Kind() == Turn) && !seen[m.To()] {
				seen[m.To()] = true
				e.Moves = append(e.Moves, m.To())
			}
		}
		for _, victim := range g.squares {
			if victim == from {
				continue
			}
			q := v.lonePosition(d.Type, from, victim)
			ml.Reset()
			q.pseudo(&ml)
			for _, m := range ml.Moves() {
				if m.Kind() == HopCapture && m.Aux() == victim {
					e.Captures = append(e.Captures, [2]Square{victim, m.To()})
				}
			}
		}
		e.Captures = nearestVictims(g, from, e.Captures)
		out = append(out, e)
	}
	return out
}

// nearestVictims keeps, of the captures (victim, landing) of a piece on from, those of the
// nearest victim in each direction. Every square on a rider's line is a possible victim
// and, beyond it, a landing: drawn all at once, each square would be marked as both, and a
// legend would say nothing. One victim per direction with its landings shows the jump.
func nearestVictims(g *Geometry, from Square, captures [][2]Square) [][2]Square {
	type direction struct{ df, dr int }
	at := func(victim Square) (direction, int) {
		df, dr := g.File(victim)-g.File(from), g.Rank(victim)-g.Rank(from)
		n := gcd(abs(df), abs(dr))
		return direction{df / n, dr / n}, n
	}
	nearest := map[direction]int{}
	for _, c := range captures {
		d, n := at(c[0])
		if best, ok := nearest[d]; !ok || n < best {
			nearest[d] = n
		}
	}
	var out [][2]Square
	for _, c := range captures {
		if d, n := at(c[0]); nearest[d] == n {
			out = append(out, c)
		}
	}
	return out
}

// lonePosition is a position of v with only a White piece of type t on from (and a Black
// pawn on victim, unless NoSquare), White to move, no rights, no hands, no trampolines.
func (v *Variant) lonePosition(t PieceType, from, victim Square) *Position {
	p := &Position{v: v, fullmove: 1, epPawn: NoSquare}
	for i := range p.cells {
		p.cells[i] = Wall
	}
	for _, sq := range v.Geometry.squares {
		p.cells[sq] = Empty
	}
	p.put(from, MakePiece(White, t))
	if victim != NoSquare {
		p.put(victim, MakePiece(Black, Pawn))
	}
	p.phase = [2]uint8{wsMoving, wsMoving}
	return p
}
