package movegen

// What a board for people needs to know about a position and its moves beyond the rules
// themselves: the squares of a move's route and of its victim, the status line, and the
// legend of each piece's moves (the zones to shade are Variant.Zones, zones.go). None of it
// is on the search's path.

// Route is the squares m passes through where it is not one straight move: a turn that
// bounces (its origin, each square it bounces on, its destination), a hop capture (origin,
// the square jumped over, landing). nil for every other move. m must be a legal move of p.
func (p *Position) Route(m Move) []Square {
	switch m.Kind() {
	case HopCapture, HopEnPassant:
		return []Square{m.From(), m.Aux(), m.To()}
	case TurnViaStep:
		return []Square{m.From(), m.From() + Square(p.v.pawnPush[p.side]), m.To()}
	case Turn:
		return p.turnBounces(m)
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
// (Start with a random source: a Shuffle array).
func (v *Variant) RandomStart() bool { return v.randomStart != nil }

// sideName is c's name with a capital, for sentences.
func sideName(c Color) string {
	if c == White {
		return "White"
	}
	return "Black"
}

// Describe is a line for people on what the side to move does now ("White to move", or
// the phase its variant says: "Black jumps and places a piece", "White places a piece on
// its back rank") and, when something needs saying, a note (why the only move is a pass, a
// rule that leaves only some moves). It assumes the game is not over; a caller shows the
// outcome instead when it is.
func (p *Position) Describe() (status, note string) {
	var ml MoveList
	p.LegalMoves(&ml)
	return p.DescribeMoves(&ml)
}

// DescribeMoves is Describe for a caller that has generated the legal moves already
// (ml holds exactly p's LegalMoves): a Hop Chess position has a thousand of them.
func (p *Position) DescribeMoves(ml *MoveList) (status, note string) {
	if p.v.explain.describePhase != nil {
		status, note = p.v.explain.describePhase(p, ml)
	}
	if status == "" {
		status = sideName(p.side) + " to move"
	}
	// A side whose only move is a pass has nothing to parry a check with: its status says
	// why it passes instead.
	if p.InCheck() && !(ml.n == 1 && ml.moves[0].Kind() == Pass) {
		status += ", in check"
	}
	return status, note
}

// LegendEntry is where a lone piece moves on an empty board, for a legend drawn from the
// rules: Moves are its destinations from From; Captures, where a capture is not simply a
// move onto the victim (hop captures), are pairs of victim and landing square, for
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
// pawn on victim, unless NoSquare), White to move, no rights, no hands, nothing else on the board.
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
	return p
}
