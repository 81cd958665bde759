package movegen

// Static exchange evaluation: what a capture wins once every piece that attacks its
// destination has had its say, each side capturing with its least valuable attacker and
// stopping when going on would cost it. Moves are not played: the exchange is read from
// the cells, with the pieces already used treated as gone (so a rook behind a rook, or a
// bishop behind a pawn, joins in). Pins and checks are ignored, as every engine's exchange
// evaluation does.

// maxExchange bounds the captures an exchange counts (a bound a game never reaches: in
// FIDE chess a square has at most 16 attackers on each side); beyond it the exchange stops.
const maxExchange = 40

// HasStaticExchange reports whether StaticExchange applies to the game: its pieces capture
// by replacement and attack as they move (the standard rules decide checks, quickCheck).
// In the other games a capture hops, bounces or leaves pieces behind, which the exchange
// on one square does not describe.
func (v *Variant) HasStaticExchange() bool { return v.quickCheck }

// StaticExchange is the material the side to move wins by the exchange move m starts on
// its destination (negative: loses), with the pieces worth values[type] (the king worth
// more than everything else together, so that it captures last and only safely). A quiet
// move's exchange is what the moved piece stands to lose there. Only for games where
// HasStaticExchange holds.
func (p *Position) StaticExchange(m Move, values *[NumTypes]int) int {
	if m.Kind() == Castle || m.Kind() == Drop {
		return 0
	}
	to := m.To()
	var gain [maxExchange]int
	var gone [maxExchange]Square // the squares of the pieces that have captured
	gone[0] = m.From()
	nGone := 1
	if m.Kind() == EnPassant {
		gone[1] = p.epPawn // a rider behind the taken pawn joins in
		nGone = 2
	}
	mover := p.cells[m.From()].Type()
	if victim := p.Captured(m); victim != Empty {
		gain[0] = values[victim.Type()]
	}
	onSquare := values[mover] // the piece the next capture takes
	if pr := m.Promo(); pr != NoType {
		gain[0] += values[pr] - values[Pawn]
		onSquare = values[pr]
	}
	side := p.side.Other()
	d := 0
	for d+1 < maxExchange {
		from, t := p.leastAttacker(to, side, gone[:nGone], values)
		if from == NoSquare {
			break
		}
		d++
		gain[d] = onSquare - gain[d-1]
		if max(-gain[d-1], gain[d]) < 0 {
			// Whatever follows, the side that just captured keeps its gain by stopping,
			// and the side now to capture cannot gain by it: the exchange is decided.
			break
		}
		onSquare = values[t]
		gone[nGone] = from
		nGone++
		side = side.Other()
	}
	for ; d > 0; d-- {
		gain[d-1] = -max(-gain[d-1], gain[d])
	}
	return gain[0]
}

// leastAttacker finds side by's least valuable piece (by values) attacking sq, passing
// over the squares in gone as if they were empty; NoSquare if there is none. It walks the
// same attack tables as attackedStandard but is kept apart from it: the attack test stops
// at the first attacker and skips nothing, and it runs at every node of the search: a
// shared walk would put the skip set and the minimum into its hot loop.
func (p *Position) leastAttacker(sq Square, by Color, gone []Square, values *[NumTypes]int) (Square, PieceType) {
	v := p.v
	bit := colorBit(by)
	if p.present[by]&typeBit(Pawn) != 0 {
		pawn := MakePiece(by, Pawn)
		for _, d := range v.pawnTake[by] {
			if s := sq - Square(d); p.cells[s] == pawn && !isGone(s, gone) {
				return s, Pawn
			}
		}
	}
	best, bestType := NoSquare, NoType
	present := p.present[by]
	for _, a := range v.leapAttack {
		if a.mask&present == 0 {
			continue
		}
		s := sq + Square(a.delta)
		if pc := p.cells[s]; pc&bit != 0 && a.mask&typeBit(pc.Type()) != 0 && !isGone(s, gone) &&
			(best == NoSquare || values[pc.Type()] < values[bestType]) {
			best, bestType = s, pc.Type()
		}
	}
	for _, a := range v.rideAttack {
		if a.mask&present == 0 {
			continue
		}
		s := sq + Square(a.delta)
		for p.cells[s] == Empty || isGone(s, gone) {
			s += Square(a.delta)
		}
		if pc := p.cells[s]; pc&bit != 0 && a.mask&typeBit(pc.Type()) != 0 &&
			(best == NoSquare || values[pc.Type()] < values[bestType]) {
			best, bestType = s, pc.Type()
		}
	}
	return best, bestType
}

// isGone reports whether s is among the squares gone.
func isGone(s Square, gone []Square) bool {
	for _, g := range gone {
		if g == s {
			return true
		}
	}
	return false
}
