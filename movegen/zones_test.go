package movegen

import (
	"slices"
	"testing"
)

// TestZoneKinds checks each variant's zones by kind through the API: the weak squares are
// each side's own square and the other's goal, the shelters each side's pocket, the edge
// shared; variants without a zone answer NoSquare, nil and false.
func TestZoneKinds(t *testing.T) {
	ws := WeakSquare.Geometry.SquareByName
	if a1, f8 := ws("a1"), ws("f8"); WeakSquare.ZoneSquare(WeakSquares, White) != a1 || WeakSquare.ZoneSquare(WeakSquares, Black) != f8 ||
		WeakSquare.Goal(White) != f8 || WeakSquare.Goal(Black) != a1 {
		t.Errorf("weak squares %v, goals %v %v", WeakSquare.Zone(WeakSquares), WeakSquare.Goal(White), WeakSquare.Goal(Black))
	}
	if !WeakSquare.InZone(WeakSquares, White, ws("a1")) || WeakSquare.InZone(WeakSquares, White, ws("f8")) {
		t.Error("InZone(WeakSquares, White) is not White's own a1 alone")
	}
	bh := Blackhole.Geometry.SquareByName
	if Blackhole.ZoneSquare(ShelterSquares, White) != bh("e0") || Blackhole.ZoneSquare(ShelterSquares, Black) != bh("e12") {
		t.Errorf("shelters %+v", Blackhole.Zone(ShelterSquares))
	}
	jk := JumpingKnights.Geometry.SquareByName
	for _, c := range []Color{White, Black} {
		if !JumpingKnights.InZone(EdgeSquares, c, jk("z0")) || JumpingKnights.InZone(EdgeSquares, c, jk("a1")) {
			t.Errorf("%v: z0 must be an edge square, a1 not", c)
		}
	}
	for _, v := range All {
		for _, k := range []ZoneKind{WeakSquares, EdgeSquares, ShelterSquares} {
			z := v.Zone(k)
			if z == nil {
				if v.ZoneSquares(k) != nil || v.ZoneSquare(k, White) != NoSquare || v.InZone(k, White, v.Geometry.Squares()[0]) {
					t.Errorf("%s has no %v zone but the API says otherwise", v.Name, k)
				}
				continue
			}
			if z.Kind != k || !slices.Equal(v.ZoneSquares(k), z.Squares) {
				t.Errorf("%s: zone %+v answered for %v", v.Name, z, k)
			}
			for _, sq := range z.Squares {
				if !v.Geometry.IsSquare(sq) || !v.InZone(k, White, sq) && !v.InZone(k, Black, sq) {
					t.Errorf("%s %v: %d is not a square of the zone", v.Name, k, sq)
				}
			}
		}
		if v != WeakSquare && (v.Goal(White) != NoSquare || v.Goal(Black) != NoSquare) {
			t.Errorf("%s has goals", v.Name)
		}
	}
}

// TestEdgeZoneIsQuietRule: the edge zone is where the generator's quiet moves never end,
// in every variant (declared once for the board, stated once for the rules: they must
// agree).
func TestEdgeZoneIsQuietRule(t *testing.T) {
	for _, v := range All {
		for _, sq := range v.Geometry.Squares() {
			if v.InZone(EdgeSquares, White, sq) == v.QuietTarget(sq) {
				t.Errorf("%s %s: edge zone %v, quiet target %v", v.Name, v.Geometry.Name(sq), v.InZone(EdgeSquares, White, sq), v.QuietTarget(sq))
			}
		}
	}
}

// TestPromotionZone: the derived promotion zone is where the generator promotes, for
// every variant with pawns, both sides and every square.
func TestPromotionZone(t *testing.T) {
	for _, v := range All {
		p := v.Start(nil)
		n := 0
		for _, sq := range v.Geometry.Squares() {
			for _, c := range []Color{White, Black} {
				if v.InZone(PromotionSquares, c, sq) != p.promotes(c, sq) {
					t.Errorf("%s %v %s: zone %v, generator %v", v.Name, c, v.Geometry.Name(sq), v.InZone(PromotionSquares, c, sq), p.promotes(c, sq))
				}
			}
			if v.InZone(PromotionSquares, White, sq) || v.InZone(PromotionSquares, Black, sq) {
				n++
			}
		}
		if got := len(v.ZoneSquares(PromotionSquares)); got != n || n == 0 {
			t.Errorf("%s: %d promotion squares listed, %d found", v.Name, got, n)
		}
	}
}

// TestGoalEndsGame: a variant that only declares weak squares, with no rule code of its
// own, ends the game when a side enters its goal (the other's weak square), whatever the
// position's moves; a piece of the goal's owner standing there wins nothing.
func TestGoalEndsGame(t *testing.T) {
	v := *FIDE // FIDE's rules, compiled, plus the zone
	v.Name = "goaltest"
	g := v.Geometry.SquareByName
	v.Zones = []Zone{sideZone(WeakSquares, "weak", "test", [2]Square{g("d4"), g("e5")})}
	for _, c := range []struct {
		fen, move string
		want      Outcome
	}{
		{"4k3/7p/8/8/8/5N2/P7/4K3 w - - 0 1", "f3e5", Outcome{WhiteWins, "White reaches the weak square"}},
		{"4k3/7p/8/8/8/1n6/P7/4K3 b - - 0 1", "b3d4", Outcome{BlackWins, "Black reaches the weak square"}},
		{"4k3/7p/8/8/8/1n6/P7/4K3 b - - 0 1", "b3c5", Outcome{}},
		// Black entering its own weak square e5 (White's goal) wins nothing.
		{"4k3/5n1p/8/8/8/8/P7/4K3 b - - 0 1", "f7e5", Outcome{}},
	} {
		p, err := v.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseMove(c.move)
		if err != nil {
			t.Fatalf("%s %s: %v", c.fen, c.move, err)
		}
		p.Apply(m)
		if got := p.Status(); got != c.want {
			t.Errorf("%s %s: %+v, want %+v", c.fen, c.move, got, c.want)
		}
	}
	if o := v.MustParseFEN("4k3/7p/8/4n3/8/8/P7/4K3 w - - 0 1").Status(); o.Over() {
		t.Errorf("Black's knight on its own weak square e5 ends the game: %+v", o)
	}
}
