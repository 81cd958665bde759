package search

import (
	"slices"

	"varchess/movegen"
)

// Ordering scores: the hash move, then tactical moves (decisive entries first, then
// captures by victim and attacker), then killers, then the quiet moves by history.
const (
	orderTT       = 1 << 30
	orderWinning  = 1 << 29 // a move onto a square that wins at once (DecisiveEntries)
	orderTactical = 1 << 28
	orderKiller   = 1 << 27
	// orderLosing: a capture the exchange evaluation says loses material comes after the
	// quiet moves (whose history scores stay within ±historyMax), less the loss (the
	// smallest loss first; exchangeAt reads it back).
	orderLosing = -orderTactical
)

// exchangeAt is the exchange loss (negative) that fill found for the i-th move of f, a
// tactical move already picked, or 0 if it found none: the loss is in the ordering score.
func (f *frame) exchangeAt(i int) int {
	if s := int32(uint32(f.moves[i]>>32) ^ 0x80000000); s < orderLosing/2 {
		return int(s - orderLosing)
	}
	return 0
}

// lazyPicks is how many moves are picked by selection before the rest are sorted at once:
// most cutoffs come from the first moves, and sorting the hundreds of turns of a wide node
// by selection would cost n^2.
const lazyPicks = 4

// key packs a move and its ordering score so that a larger word is a better move; ties go
// to the larger move code, deterministically.
//
// Among a placing turn's placements that is the higher square, in Black's half for both
// colours. Two colour-blind orders were measured against it on the same openings (16-game
// matches against the depth-2 self, 10 s + 0.1 s) and kept out: each side's trampoline
// towards its enemy first, 181-27 against this order's 188-20; both sides' towards the
// root side's king first, 137-23 against 147-13.
func key(m movegen.Move, score int32) uint64 {
	return uint64(uint32(score)^0x80000000)<<32 | uint64(m)
}

func moveOf(k uint64) movegen.Move { return movegen.Move(uint32(k)) }

// historyFrom is the first history index of m: its origin, or the dropped piece type for a
// placement (types are small numbers, which are padding cells on every board).
func historyFrom(m movegen.Move) movegen.Square {
	if m.Kind() == movegen.Drop {
		return movegen.Square(m.AuxType())
	}
	return m.From()
}

// fill moves the generated moves of p from the scratch list into frame f with their
// ordering scores. With onlyTactical it keeps the tactical moves only (quiescence). It
// returns the number of captures among them. known is p's opponent's HopLandings if the
// caller has them (nil: worked out here when a turn needs them).
func (w *worker) fill(p *movegen.Position, f *frame, ttMove movegen.Move, onlyTactical bool, known *movegen.Landings) (captures int) {
	us := p.SideToMove()
	tramp := p.Trampoline(us)
	var theirs movegen.Landings // where the opponent's pieces can land, once a turn needs it
	landingsKnown := known != nil
	if landingsKnown {
		theirs = *known
	}
	decisive := w.ev.DecisiveEntries()
	n := 0
	for _, m := range w.scratch.Moves() {
		var s int32
		victim := p.Captured(m)
		if victim != movegen.Empty {
			captures++
		}
		// Beyond captures and promotions only a decisive entry (a goal square) is tactical: the
		// call (not inlined) is made only where the variant has them.
		tactical := victim != movegen.Empty || m.Promo() != movegen.NoType || decisive && w.ev.Tactical(p, m)
		switch {
		case onlyTactical && !tactical:
			continue
		case m == ttMove:
			s = orderTT
		case tactical:
			// By victim and attacker, with room below for the placement of a turn.
			s = orderTactical + movegen.PlacementRanks*(int32(16*w.ev.Value(victim.Type())+16*w.ev.Value(m.Promo()))-
				int32(w.ev.Value(p.MovingPiece(m).Type())/16))
			if victim == movegen.Empty && m.Promo() == movegen.NoType {
				s = orderWinning
			} else if w.exchange {
				if loss := w.exchangeLoss(p, m); loss < 0 {
					s = orderLosing + int32(loss)
				}
			}
			if m.IsPlacingTurn() {
				// A capture is searched with its first placement only (quiescence, and
				// wide nodes below the root), in movegen's placement order, which
				// quiescence's LegalTacticalPlaced follows too.
				if !landingsKnown {
					theirs, landingsKnown = p.HopLandings(us.Other()), true
				}
				s += int32(movegen.PlacementRank(m.Placement(), tramp, &theirs))
			}
		case m == f.killers[0]:
			s = orderKiller + 1
		case m == f.killers[1]:
			s = orderKiller
		default:
			s = w.history[us][historyFrom(m)][m.To()]
			if m.IsPlacingTurn() {
				s += w.trampHistory[us][m.Placement()]
			}
		}
		f.moves[n] = key(m, s)
		n++
	}
	f.n = n
	return captures
}

// pick returns the i-th best move of f, ordering lazily.
func (f *frame) pick(i int) movegen.Move {
	switch {
	case i < lazyPicks:
		best := i
		for j := i + 1; j < f.n; j++ {
			if f.moves[j] > f.moves[best] {
				best = j
			}
		}
		f.moves[i], f.moves[best] = f.moves[best], f.moves[i]
	case i == lazyPicks:
		// The keys are distinct (each holds its move), so there is one descending order.
		// The unused end of the array is the radix sort's buffer.
		rest := f.moves[i:f.n]
		if len(rest) >= radixMin && len(rest) <= len(f.moves)-f.n {
			radixSortDesc(rest, f.moves[f.n:f.n+len(rest)])
		} else {
			// Ascending, then reversed: slices.Sort compares the words directly where a
			// SortFunc calls its comparison for every pair.
			slices.Sort(rest)
			slices.Reverse(rest)
		}
	}
	return moveOf(f.moves[i])
}

// radixMin is the length from which pick uses radixSortDesc: a wide node's hundreds of
// turns (sorting them was a tenth of a search of placing turns; radix sorting them made it
// about 5% faster, same nodes). Shorter lists (every other variant's) keep slices.Sort,
// whose few comparisons cost less than the passes' 256 counters each.
const radixMin = 128

// radixSortDesc sorts keys in descending order, with buf (as long as keys) as scratch:
// a least significant digit radix sort on the bytes in which the keys differ (the score's
// low bytes and the move's squares: four or five passes, against the n log n
// mispredicted comparisons of a comparison sort).
func radixSortDesc(keys, buf []uint64) {
	and, or := ^uint64(0), uint64(0)
	for _, k := range keys {
		and &= k
		or |= k
	}
	differ := and ^ or
	src, dst := keys, buf
	for shift := 0; shift < 64; shift += 8 {
		if byte(differ>>shift) == 0 {
			continue
		}
		// Digits complemented, so that the larger byte comes first; each pass is stable.
		var start [256]int
		for _, k := range src {
			start[^byte(k>>shift)]++
		}
		sum := 0
		for d, c := range start {
			start[d] = sum
			sum += c
		}
		for _, k := range src {
			d := ^byte(k >> shift)
			dst[start[d]] = k
			start[d]++
		}
		src, dst = dst, src
	}
	if &src[0] != &keys[0] {
		copy(keys, src)
	}
}

// updateHistory rewards the quiet move that caused a cutoff at depth and punishes the
// quiet moves tried before it, with the gravity formula that keeps scores bounded.
func (w *worker) updateHistory(p *movegen.Position, f *frame, best movegen.Move, depth int) {
	us := p.SideToMove()
	bonus := int32(min(depth*depth, 400))
	if f.killers[0] != best {
		f.killers[1], f.killers[0] = f.killers[0], best
	}
	for _, m := range f.quiets.list() {
		b := -bonus
		if m == best {
			b = bonus
		}
		gravity(&w.history[us][historyFrom(m)][m.To()], 32*b)
		if m.IsPlacingTurn() {
			gravity(&w.trampHistory[us][m.Placement()], 8*b)
		}
	}
}

// gravity adds delta to the history score h, shrinking it in proportion to how far h
// already is from zero, so that |h| never exceeds historyMax.
func gravity(h *int32, delta int32) {
	d := delta
	if d < 0 {
		d = -d
	}
	*h += delta - *h*d/historyMax
	*h = min(max(*h, -historyMax), historyMax)
}
