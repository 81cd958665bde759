package eval

import (
	"testing"

	"varchess/movegen"
)

func evalFEN(t *testing.T, variant, fen string) int {
	t.Helper()
	p, err := movegen.ByName(variant).ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return Evaluate(p)
}

// TestMopUp: against a bare king, the lone king on the rim and the kings close score
// better for the winner than the lone king central and far; with bishop and knight the
// corner of the bishop's colour beats the other corner; the minor-piece draws score near
// zero (but not where a minor wins: the Weak Square's knight enters the weak square).
func TestMopUp(t *testing.T) {
	better := []struct{ variant, worse, better, why string }{
		{"normal", "8/8/8/4k3/8/8/8/R3K3 w - - 0 1", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "lone king on the edge"},
		{"normal", "7k/8/8/8/8/8/8/R3K3 w - - 0 1", "7k/8/5K2/8/8/8/8/R7 w - - 0 1", "kings close"},
		{"normal", "k7/8/8/8/4K3/8/8/2B1N3 w - - 0 1", "7k/8/8/8/4K3/8/8/2B1N3 w - - 0 1", "dark bishop: h8, not a8"},
		{"jumpingknights", "10/10/10/10/5k4/10/10/10/2Q2K4/10 w - - 0 1", "10/10/10/10/9k/10/10/10/2Q2K4/10 w - - 0 1", "Jumping Knights: the edge"},
		{"blackhole", "****1****/9/9/9/9/9/4*4/4k4/9/9/9/R3K4/****1**** w - - 0 1", "****k****/9/9/9/9/9/4*4/9/9/9/9/R3K4/****1**** w - - 0 1", "Black Hole: the shelter is the rim"},
		{"blackhole", "****1****/9/9/4k4/9/9/4*4/9/9/9/2K6/2B3N2/****1**** w - - 0 1", "****k****/9/9/9/9/9/4*4/9/9/9/2K6/2B3N2/****1**** w - - 0 1", "Black Hole, dark bishop: the light shelter is a right corner (the knight mates there)"},
		{"blackhole", "****1****/k8/9/9/9/9/4*4/9/9/9/2K6/1N3B3/****1**** w - - 0 1", "****1****/4k4/9/9/9/9/4*4/9/9/9/2K6/1N3B3/****1**** w - - 0 1", "Black Hole, light bishop: towards the shelter, away from the dark corner"},
	}
	for _, c := range better {
		if w, b := evalFEN(t, c.variant, c.worse), evalFEN(t, c.variant, c.better); b <= w {
			t.Errorf("%s: %d for %q, not above %d for %q", c.why, b, c.better, w, c.worse)
		}
	}
	drawn := []struct{ variant, fen string }{
		{"normal", "8/8/8/4k3/8/8/8/1N2K1N1 w - - 0 1"},
		{"normal", "8/8/8/4k3/8/8/8/4KB2 w - - 0 1"},
		{"blackhole", "****1****/9/9/9/9/9/4*4/4k4/9/9/9/1N2K4/****1**** w - - 0 1"},
	}
	for _, c := range drawn {
		if s := evalFEN(t, c.variant, c.fen); abs(s) >= 60 {
			t.Errorf("%s: %d, want a draw's score", c.fen, s)
		}
	}
	if s := evalFEN(t, "weaksquare", "*****1/4k1/6/6/6/2N3/2K3/1*****[] w - - 0 1 MM"); s < 200 {
		t.Errorf("Weak Square K+N v K: %d, want the knight's value (it wins by entering f8)", s)
	}
}

// TestTwoBishopsToCorner: with two bishops the lone king in a corner scores, for the
// winner, at least the corner term's four steps more than in the middle of the rim (a5 is
// four king steps from a1), on Black Hole's board, where the rim alone left it running.
func TestTwoBishopsToCorner(t *testing.T) {
	mid := evalFEN(t, "blackhole", "****1****/9/9/6BB1/9/9/4*4/k8/9/2K6/9/9/****1**** w - - 0 1")
	corner := evalFEN(t, "blackhole", "****1****/9/9/6BB1/9/9/4*4/9/9/2K6/9/k8/****1**** w - - 0 1")
	step := For(movegen.ByName("blackhole")).Params().MopUpCorner / 2
	if corner-mid < 4*step {
		t.Fatalf("corner %d, middle of the rim %d: want at least %d between them", corner, mid, 4*step)
	}
}

// TestTunedParams: a game with tuned weights (params_NAME.go) is evaluated with them, the
// others with the defaults, and every tuned name is a game.
func TestTunedParams(t *testing.T) {
	for name, par := range tuned {
		v := movegen.ByName(name)
		if v == nil {
			t.Fatalf("tuned weights for %q, which is no game", name)
		}
		if For(v).Params() != par {
			t.Errorf("%s: evaluated with %+v, not its tuned weights", name, For(v).Params())
		}
	}
	for _, v := range movegen.All {
		if _, ok := tuned[v.Name]; !ok && For(v).Params() != defaultParams {
			t.Errorf("%s: no tuned weights, but not evaluated with the defaults", v.Name)
		}
	}
}

// TestKnightPocket: Black Hole's shelters are the pockets where one king takes every flight
// (a right corner for either bishop), the board's corners and FIDE chess's are not; and
// the lone king's flights there are what the winning king in front takes.
func TestKnightPocket(t *testing.T) {
	for _, c := range []struct {
		variant, square string
		want            bool
	}{{"blackhole", "e0", true}, {"blackhole", "e12", true}, {"blackhole", "a1", false}, {"blackhole", "i11", false}, {"normal", "a1", false}, {"normal", "h8", false}} {
		v := movegen.ByName(c.variant)
		e := For(v)
		if got := e.knightPocket(v.Geometry.SquareByName(c.square), v.Geometry.Squares()); got != c.want {
			t.Errorf("%s %s: knight pocket %v, want %v", c.variant, c.square, got, c.want)
		}
	}
	v := movegen.ByName("blackhole")
	e := For(v)
	for fen, want := range map[string]int{
		"****k****/9/4K4/9/9/9/4*4/9/9/9/9/1N3B3/****1**** w - - 0 1": 0, // the king in front holds d11, e11, f11
		"****k****/9/2K6/9/9/9/4*4/9/9/9/9/1N3B3/****1**** w - - 0 1": 2, // from c10 only d11
		"****k****/9/9/9/9/9/4*4/9/9/9/9/KN3B3/****1**** w - - 0 1":   3, // the king far
	} {
		p, err := v.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := e.flights(p, p.King(movegen.Black), movegen.White); got != want {
			t.Errorf("%s: %d flights, want %d", fen, got, want)
		}
	}
}

// TestBareKingWeights: where one side has a bare king, a game with tuned weights is
// evaluated with BareKingParams (the hand-set positional weights, the game's own material
// and mop-up terms); everywhere else with its tuned weights.
func TestBareKingWeights(t *testing.T) {
	for _, name := range []string{"normal", "blackhole"} {
		v := movegen.ByName(name)
		tuned := ParamsFor(v)
		if tuned == DefaultParams() {
			t.Fatalf("%s has no tuned weights: the test needs a game that has", name)
		}
		bare := BareKingParams(tuned)
		if bare.MopUpFlight != tuned.MopUpFlight || bare.MopUpKnight != tuned.MopUpKnight || bare.Tempo != DefaultParams().Tempo {
			t.Errorf("%s: BareKingParams = %+v: want the hand-set weights with the game's mop-up", name, bare)
		}
		ev, withBare, withTuned := For(v), NewWithParams(v, bare), NewWithParams(v, tuned)
		differs := false
		for _, fen := range map[string][]string{
			"normal": {"8/8/8/3k4/8/8/8/1N2KB2 w - - 0 1", "8/8/3k4/8/8/8/8/R3K3 b - - 0 1", "8/2k5/8/8/4Q3/8/8/4K3 w - - 0 1"},
			"blackhole": {"****1****/9/9/9/9/9/4*4/4k4/9/9/9/1N2KB3/****1**** w - - 0 1",
				"****1****/9/9/9/9/9/4*4/4k4/9/9/9/2B1KB3/****1**** b - - 0 1"},
		}[name] {
			p := v.MustParseFEN(fen)
			if got, want := ev.Evaluate(p), withBare.Evaluate(p); got != want {
				t.Errorf("%s %s: Evaluate = %d, want %d (BareKingParams)", name, fen, got, want)
			}
			if got, want := ev.MaterialOf(p).Balance(p), withBare.MaterialOf(p).Balance(p); got != want {
				t.Errorf("%s %s: material and tempo %d, want %d (BareKingParams)", name, fen, got, want)
			}
			differs = differs || withTuned.Evaluate(p) != withBare.Evaluate(p)
		}
		if !differs {
			t.Errorf("%s: the tuned weights score these bare-king positions as the bare-king weights do: the test shows nothing", name)
		}
		p := v.MustParseFEN(v.StartFEN)
		if got, want := ev.Evaluate(p), withTuned.Evaluate(p); got != want {
			t.Errorf("%s start: Evaluate = %d, want the tuned weights' %d", name, got, want)
		}
	}
}
