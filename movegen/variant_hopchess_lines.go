package movegen

// Hop Chess: the kinds of line a hopping piece keeps to, and the legs of a route between
// two squares along them.

// The three kinds of line a hopping piece keeps to: a queen keeps the kind she arrived
// with, rooks and bishops have one kind, knights leap.
const (
	hopOrth = iota
	hopDiag
	hopKnight
	hopClasses
)

// hopLines are the directions of each kind of line on the 8x8 board and the piece types
// that move along them.
var hopLines = func() (t struct {
	dirs  [hopClasses][8]Step
	n     [hopClasses]int
	rider [hopClasses]bool
	types [hopClasses]uint16
}) {
	g := board8x8
	add := func(c int, df, dr int) {
		t.dirs[c][t.n[c]] = g.Delta(df, dr)
		t.n[c]++
	}
	for _, s := range symmetric(1, 0) {
		add(hopOrth, s[0], s[1])
	}
	for _, s := range symmetric(1, 1) {
		add(hopDiag, s[0], s[1])
	}
	for _, s := range symmetric(1, 2) {
		add(hopKnight, s[0], s[1])
	}
	t.rider = [hopClasses]bool{true, true, false}
	t.types = [hopClasses]uint16{
		typeBit(Rook) | typeBit(Queen),
		typeBit(Bishop) | typeBit(Queen),
		typeBit(Knight),
	}
	return t
}()

// hopClassOf is the kind of line a piece of type t hops with; a queen has two and is
// given the orthogonal one (a promoted queen arrived by a straight pawn step).
func hopClassOf(t PieceType) int {
	switch t {
	case Bishop:
		return hopDiag
	case Knight:
		return hopKnight
	}
	return hopOrth
}

// hopLeg reports whether a piece hopping with lines of kind c goes from a to b in one leg:
// a leap, or a line whose squares between a and b are all empty (or are skip).
func (p *Position) hopLeg(a, b Square, c int, skip Square) bool {
	return p.hopLegAlong(a, b, skip) == c
}

// hopLegAlong is the kind of line on which a piece goes from a to b in one leg (hopLeg),
// -1 if there is none. Two squares lie on at most one kind of line together, so a route's
// leg is tested once rather than once per kind.
func (p *Position) hopLegAlong(a, b, skip Square) int {
	g := p.v.Geometry
	df := int(g.file[b]) - int(g.file[a])
	dr := int(g.rank[b]) - int(g.rank[a])
	adf, adr := abs(df), abs(dr)
	c := hopOrth
	switch {
	case adf == 1 && adr == 2 || adf == 2 && adr == 1:
		return hopKnight
	case a == b:
		return -1
	case df == 0 || dr == 0:
	case adf == adr:
		c = hopDiag
	default:
		return -1
	}
	step := Square(g.Delta(sign(df), sign(dr)))
	for s := a + step; s != b; s += step {
		if p.cells[s] != Empty && s != skip {
			return -1
		}
	}
	return c
}

// hopLegAny reports whether a promoted piece of some type could go from a to b in one leg.
func (p *Position) hopLegAny(a, b, skip Square) bool { return p.hopLegAlong(a, b, skip) >= 0 }

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// hopReaches reports whether a piece of by that moves with lines of kind c ends a plain
