package movegen

import "slices"

// Zones are squares with a rule of their own, declared by each variant in its own file
// (Variant.Zones) and read through this file's small API by everything that must know the
// rule without knowing the game: the end of the game (a goal square entered), the
// evaluation (goal distance, edge and shelter terms), the explanations and the board's
// shading. A new game with weak squares, an edge reached by captures alone or a shelter
// behind its back rank declares a Zone of that kind and gets all of it.

// ZoneKind is the rule a zone's squares carry.
type ZoneKind uint8

// The kinds of zones.
const (
	// WeakSquares: one square per side (Zone.Own). A side that enters the other's wins the
	// game, so the other's is its goal (Variant.Goal); the shared code ends the game there
	// (Position.status). A side may never enter its own: that ban is the variant's move
	// generation's.
	WeakSquares ZoneKind = iota + 1
	// EdgeSquares: squares that only a capture reaches, shared by both sides (no quiet move
	// ends there). A king on one is easily left without a move, which loses where a
	// stalemate is a defeat.
	EdgeSquares
	// ShelterSquares: one pocket per side (Zone.Own) behind its back rank, whose only
	// neighbours are on that rank: a refuge for the king with three flight squares, which
	// an enemy king two squares in front takes all of.
	ShelterSquares
	// PromotionSquares: where a side's pawns promote, its promotion rank and beyond. Derived
	// from the variant's PawnRules, never declared: InZone and ZoneSquares read the pawn
	// rules for it.
	PromotionSquares
)

// String is the kind's name for people ("weak square").
func (k ZoneKind) String() string {
	switch k {
	case WeakSquares:
		return "weak square"
	case EdgeSquares:
		return "edge square"
	case ShelterSquares:
		return "shelter"
	case PromotionSquares:
		return "promotion square"
	}
	return "no zone"
}

// Zone is a set of squares with a rule of their own: Kind is the rule, Name a short
// identifier for a board to shade it by ("weak", "edge", "shelter"), Label a sentence for
// people, Squares every square of it. A zone of one square per side (weak squares,
// shelters) also says whose each is: Own[c] is side c's (NoSquare in a shared zone).
// Variants declare their zones with sideZone and sharedZone, which keep Squares and Own in
// step.
type Zone struct {
	Kind    ZoneKind
	Name    string
	Label   string
	Squares []Square
	Own     [2]Square
}

// sideZone is a zone of one square per side: own[c] is side c's.
func sideZone(kind ZoneKind, name, label string, own [2]Square) Zone {
	return Zone{Kind: kind, Name: name, Label: label, Squares: []Square{own[White], own[Black]}, Own: own}
}

// sharedZone is a zone whose squares carry the same rule for both sides.
func sharedZone(kind ZoneKind, name, label string, squares []Square) Zone {
	return Zone{Kind: kind, Name: name, Label: label, Squares: squares}
}

// squaresWhere lists the squares of g for which keep is true, rank by rank: a zone's
// squares where a rule says which.
func (g *Geometry) squaresWhere(keep func(Square) bool) []Square {
	var out []Square
	for _, sq := range g.squares {
		if keep(sq) {
			out = append(out, sq)
		}
	}
	return out
}

// Zone is v's zone of that kind, nil if v declares none (PromotionSquares is never
// declared: see InZone).
func (v *Variant) Zone(kind ZoneKind) *Zone {
	for i := range v.Zones {
		if v.Zones[i].Kind == kind {
			return &v.Zones[i]
		}
	}
	return nil
}

// ZoneSquares lists the squares of v's zone of that kind, both sides' (nil if v has
// none). The list of a declared zone is the zone's own: callers must not change it.
func (v *Variant) ZoneSquares(kind ZoneKind) []Square {
	if kind == PromotionSquares {
		return v.Geometry.squaresWhere(func(sq Square) bool {
			return v.InZone(kind, White, sq) || v.InZone(kind, Black, sq)
		})
	}
	if z := v.Zone(kind); z != nil {
		return z.Squares
	}
	return nil
}

// InZone reports whether sq is in side c's part of v's zone of that kind: c's own square
// of a zone of one square per side, any square of a shared zone, a square where c's pawns
// promote. False if v has no such zone or sq is no square.
func (v *Variant) InZone(kind ZoneKind, c Color, sq Square) bool {
	if !v.Geometry.isSquare[sq] {
		return false
	}
	if kind == PromotionSquares {
		if v.byType[Pawn] == nil {
			return false
		}
		// As the generator promotes: on the promotion rank or beyond it.
		r := int(v.Geometry.rank[sq])
		if c == White {
			return r >= v.Pawn.PromoRank[White]
		}
		return r <= v.Pawn.PromoRank[Black]
	}
	z := v.Zone(kind)
	switch {
	case z == nil:
		return false
	case z.Own != [2]Square{}:
		return z.Own[c] == sq
	}
	return slices.Contains(z.Squares, sq)
}

// ZoneSquare is side c's own square of v's zone of one square per side of that kind (its
// weak square, its shelter), NoSquare if v has none.
func (v *Variant) ZoneSquare(kind ZoneKind, c Color) Square {
	if z := v.Zone(kind); z != nil {
		return z.Own[c]
	}
	return NoSquare
}

// Goal is the square side c wins by entering, the other side's weak square; NoSquare in a
// variant without weak squares. Called at every node (Position.status), so it reads the
// short zone list directly and never allocates.
func (v *Variant) Goal(c Color) Square {
	for i := range v.Zones {
		if v.Zones[i].Kind == WeakSquares {
			return v.Zones[i].Own[c.Other()]
		}
	}
	return NoSquare
}

// goalReached is how the game ends when side c enters its goal, a constant so that judging
// a position never allocates.
var goalReached = [2]string{"White reaches the weak square", "Black reaches the weak square"}

// goalOutcome is the end of the game by a goal entered: the side that just moved stands on
// its goal. ok is false where no goal is entered (or the variant has none).
func (p *Position) goalOutcome() (o Outcome, ok bool) {
	them := p.side.Other()
	if g := p.v.Goal(them); g != NoSquare && p.cells[g].Is(them) {
		return Outcome{WinFor(them), goalReached[them]}, true
	}
	return Outcome{}, false
}
