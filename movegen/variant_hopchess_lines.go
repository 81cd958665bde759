package movegen

import (
	"fmt"
	"math/bits"
	"slices"
)

// Hop Chess: the kinds of line a hopping piece keeps to, read from the variant's pieces and
// board. A piece that lands on a trampoline goes on along a line of the kind it arrived on
// (docs/hopchess.md, Hopping): each atom of a piece is one kind (the rook's ride, the
// bishop's ride, the knight's leap), and a queen, who has two, keeps the one she arrived
// with. The generator, the attack test and the danger sets walk these tables, built once
// from HopChess's data, so that nothing in them knows the 8x8 board or the FIDE pieces.

// hopMaxKinds bounds the kinds of line of the pieces of one variant (FIDE's pieces have
// three: the rook's, the bishop's and the knight's). It sizes the danger sets' views.
const hopMaxKinds = 4

// hopLegSpan bounds the files and ranks of the board: a leg's file and rank differences,
// offset by it, index hopLineTables.leg.
const hopLegSpan = 16

// hopLeg is what a leg of a move between two squares is, by their file and rank
// difference: the kind of line that joins them (-1: none) and its step, the step of the
// kind's atom for a ride or the whole leap; and whether a king steps that far.
type hopLeg struct {
	kind     int8
	step     Step
	kingStep bool
}

// hopLineTables are the kinds of line of one variant's pieces on its board.
type hopLineTables struct {
	n     int                  // kinds of line
	dirs  [hopMaxKinds][8]Step // the directions of each kind: the images of its atom
	ndirs [hopMaxKinds]int     // how many of dirs each kind has
	rider [hopMaxKinds]bool    // whether a kind rides over empty squares or leaps once
	types [hopMaxKinds]uint16  // the piece types that move along each kind
	kinds [NumTypes]uint8      // the kinds (bit c: kind c) each type moves along; kings and pawns none
	promo [NumTypes]uint8      // the kinds a piece of each type goes on with when it promotes on a trampoline
	// promoted is every kind some promotion type goes on with: what a pawn that promotes
	// on a trampoline may go on along, the new piece being its owner's choice.
	promoted uint8
	king     [16]Step // the king's steps, in its atoms' order (kings never ride and never hop)
	nking    int
	// leg[df+hopLegSpan][dr+hopLegSpan] is the leg between two squares df files and dr
	// ranks apart. Two squares lie on at most one kind of line together, so a route's leg
	// is tested once rather than once per kind.
	leg [2 * hopLegSpan][2 * hopLegSpan]hopLeg
}

// hopLines are Hop Chess's kinds of line. They are built in init, once HopChess is
// compiled: its hooks run on these tables, so a variable built from HopChess would be an
// initialisation cycle.
var hopLines hopLineTables

func init() { hopLines = newHopLineTables(HopChess) }

// newHopLineTables builds the kinds of line of v's pieces on v's board. Kinds are numbered
// by the length of their step, shortest first (rook, bishop, knight), so that the order
// in which moves are generated does not depend on the order the pieces are listed in. It
// panics on data the hop code cannot follow, a programming error in a variant file.
func newHopLineTables(v *Variant) (t hopLineTables) {
	g := v.Geometry
	if g.Files > hopLegSpan || g.Ranks > hopLegSpan {
		panic(fmt.Sprintf("%s: a %dx%d board is larger than hopLegSpan", v.Name, g.Files, g.Ranks))
	}
	// The atoms of the pieces that hop, each once, shortest step first.
	var atoms []Atom
	for _, d := range v.Pieces {
		if d.Type == King || d.Type == Pawn {
			continue
		}
		for _, a := range d.Atoms {
			if !slices.Contains(atoms, a) {
				atoms = append(atoms, a)
			}
		}
	}
	slices.SortStableFunc(atoms, func(a, b Atom) int { return atomLength(a) - atomLength(b) })
	if len(atoms) > hopMaxKinds {
		panic(fmt.Sprintf("%s: %d kinds of line, more than hopMaxKinds", v.Name, len(atoms)))
	}
	for i := range t.leg {
		for j := range t.leg[i] {
			t.leg[i][j].kind = -1
		}
	}
	t.n = len(atoms)
	for c, a := range atoms {
		t.rider[c] = a.Rider
		for _, s := range symmetric(a.DF, a.DR) {
			step := g.Delta(s[0], s[1])
			t.dirs[c][t.ndirs[c]] = step
			t.ndirs[c]++
			for k := 1; k == 1 || a.Rider && abs(k*s[0]) < g.Files && abs(k*s[1]) < g.Ranks; k++ {
				leg := t.legAt(k*s[0], k*s[1])
				if leg.kind >= 0 && int(leg.kind) != c {
					panic(fmt.Sprintf("%s: two kinds of line join squares %d files and %d ranks apart", v.Name, k*s[0], k*s[1]))
				}
				leg.kind, leg.step = int8(c), step
			}
		}
		for _, d := range v.Pieces {
			if d.Type != King && d.Type != Pawn && slices.Contains(d.Atoms, a) {
				t.types[c] |= typeBit(d.Type)
				t.kinds[d.Type] |= 1 << c
			}
		}
	}
	// A pawn promotes on a trampoline after a straight step: the new piece goes on along
	// its kinds that hold that step (a queen straight on), or along all of its kinds if
	// none does (a bishop, a knight).
	for _, pt := range v.Pawn.PromoTypes {
		for ks := t.kinds[pt]; ks != 0; ks &= ks - 1 {
			c := bits.TrailingZeros8(ks)
			if leg := t.legAt(0, 1); int(leg.kind) == c {
				t.promo[pt] |= 1 << c
			}
		}
		if t.promo[pt] == 0 {
			t.promo[pt] = t.kinds[pt]
		}
		t.promoted |= t.promo[pt]
	}
	for _, a := range v.PieceDef(King).Atoms {
		if a.Rider {
			panic(v.Name + ": a hopping game's king must step, not ride")
		}
		for _, s := range symmetric(a.DF, a.DR) {
			t.king[t.nking] = g.Delta(s[0], s[1])
			t.nking++
			t.legAt(s[0], s[1]).kingStep = true
		}
	}
	return t
}

// atomLength is the square of the length of an atom's step, the order of the kinds.
func atomLength(a Atom) int { return a.DF*a.DF + a.DR*a.DR }

// legAt is the entry of the leg table for a difference of df files and dr ranks, which
// lie within hopLegSpan (the mask only spares the bounds check).
func (t *hopLineTables) legAt(df, dr int) *hopLeg {
	return &t.leg[(df+hopLegSpan)&(2*hopLegSpan-1)][(dr+hopLegSpan)&(2*hopLegSpan-1)]
}

// legBetween is the leg from square a to square b of board g.
func (t *hopLineTables) legBetween(g *Geometry, a, b Square) *hopLeg {
	return t.legAt(int(g.file[b])-int(g.file[a]), int(g.rank[b])-int(g.rank[a]))
}

// hopLeg reports whether a piece hopping with lines of kind c goes from a to b in one leg:
// a leap, or a line whose squares between a and b are all empty (or are skip).
func (p *Position) hopLeg(a, b Square, c int, skip Square) bool {
	return p.hopLegAlong(a, b, skip) == c
}

// hopLegAlong is the kind of line on which a piece goes from a to b in one leg (hopLeg),
// -1 if there is none.
func (p *Position) hopLegAlong(a, b, skip Square) int {
	leg := hopLines.legBetween(p.v.Geometry, a, b)
	if leg.kind < 0 {
		return -1
	}
	step := Square(leg.step)
	for s := a + step; s != b; s += step {
		if p.cells[s] != Empty && s != skip {
			return -1
		}
	}
	return int(leg.kind)
}

// hopLegPromoted reports whether a piece that a pawn of the side became on a trampoline
// could go from a to b in one leg: along a kind some promotion type goes on with.
func (p *Position) hopLegPromoted(a, b, skip Square) bool {
	c := p.hopLegAlong(a, b, skip)
	return c >= 0 && hopLines.promoted&(1<<c) != 0
}
