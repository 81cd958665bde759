package bench

import (
	"math"
	"testing"
)

func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol {
		t.Errorf("%s = %v, want %v (±%v)", what, got, want, tol)
	}
}

// TestElo checks the Elo difference, its 95% interval and the LOS against figures computed
// by hand (python) for 60 wins, 40 losses and 100 draws.
func TestElo(t *testing.T) {
	s := Score{Wins: 60, Losses: 40, Draws: 100}
	elo, lo, hi := s.Elo()
	near(t, "elo", elo, 34.86007, 1e-4)
	near(t, "lo", lo, 1.03770, 1e-4)
	near(t, "hi", hi, 69.35624, 1e-4)
	near(t, "LOS", s.LOS(), 0.97725, 1e-5)
	if e, _, _ := (Score{Wins: 40, Losses: 60, Draws: 100}).Elo(); math.Abs(e+34.86007) > 1e-4 {
		t.Errorf("mirrored score: elo %v, want -34.86", e)
	}
	if e, _, hi := (Score{Wins: 3}).Elo(); !math.IsInf(e, 1) || !math.IsInf(hi, 1) {
		t.Errorf("perfect score: %v up to %v, want +inf", e, hi)
	}
	if e, lo, _ := (Score{Losses: 3}).Elo(); !math.IsInf(e, -1) || !math.IsInf(lo, -1) {
		t.Errorf("zero score: %v from %v, want -inf", e, lo)
	}
	if got := (Score{Draws: 4}).LOS(); got != 0.5 {
		t.Errorf("LOS of draws only = %v, want 0.5", got)
	}
	if got := (Score{}).Ratio(); got != 0.5 {
		t.Errorf("ratio of no games = %v", got)
	}
}

// TestSPRT checks the bounds, the LLR against the plain formula on a large sample (where
// the prior no longer matters), and the three decisions.
func TestSPRT(t *testing.T) {
	sp, err := ParseSPRT("0,10,0.05,0.05")
	if err != nil {
		t.Fatal(err)
	}
	lo, hi := sp.Bounds()
	near(t, "lower bound", lo, -2.944439, 1e-6)
	near(t, "upper bound", hi, 2.944439, 1e-6)
	near(t, "LLR", sp.LLR(Score{Wins: 600, Losses: 400, Draws: 1000}), 10.0549, 0.05)
	for _, c := range []struct {
		s    Score
		want string
	}{
		{Score{Wins: 600, Losses: 400, Draws: 1000}, "H1 accepted"},
		{Score{Wins: 400, Losses: 600, Draws: 1000}, "H0 accepted"},
		{Score{Wins: 10, Losses: 10, Draws: 10}, "continue"},
		{Score{Wins: 1}, "continue"}, // one game never decides
		{Score{}, "continue"},
	} {
		if got := sp.State(c.s); got != c.want {
			t.Errorf("%+v: %s (LLR %.2f), want %s", c.s, got, sp.LLR(c.s), c.want)
		}
	}
	// More wins never lower the LLR.
	prev := math.Inf(-1)
	for w := 0; w <= 20; w++ {
		l := sp.LLR(Score{Wins: w, Losses: 5, Draws: 5})
		if l < prev {
			t.Errorf("LLR falls from %v to %v at %d wins", prev, l, w)
		}
		prev = l
	}
}

func TestParseSPRTErrors(t *testing.T) {
	for _, s := range []string{"", "0,10", "0,10,0.05", "10,0,0.05,0.05", "0,10,0,0.05", "0,10,0.05,0.6", "a,b,c,d", "0,NaN,0.05,0.05", "0,1e9,0.05,0.05"} {
		if _, err := ParseSPRT(s); err == nil {
			t.Errorf("ParseSPRT(%q) accepted", s)
		}
	}
}

func FuzzParseSPRT(f *testing.F) {
	for _, s := range []string{"0,10,0.05,0.05", "-5,5,0.1,0.1", "0,10"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sp, err := ParseSPRT(s)
		if err != nil {
			return
		}
		lo, hi := sp.Bounds()
		if !(lo < 0 && hi > 0) {
			t.Fatalf("%q: bounds %v %v", s, lo, hi)
		}
		if st := sp.State(Score{Wins: 3, Losses: 2, Draws: 1}); st == "" {
			t.Fatal("no state")
		}
	})
}
