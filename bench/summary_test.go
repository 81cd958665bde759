package bench

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"varchess/movegen"
)

// gamesOfScore makes games between engines 0 and 1 with s's results for engine 0, wins
// first, then losses, then draws; consecutive games form the pairs (engine 0 White in
// the first of each).
func gamesOfScore(s Score) []gameRecord {
	var out []gameRecord
	add := func(half int) {
		i := len(out)
		g := gameRecord{Round: i + 1, Pairing: i/2 + 1, White: i % 2, Black: 1 - i%2, Names: []string{"a", "b"}, Variant: movegen.FIDE, Termination: termNormal, Reason: "checkmate"}
		switch {
		case half == 1:
			g.Result = movegen.Draw
		case (half == 2) == (g.White == 0):
			g.Result = movegen.WhiteWins
		default:
			g.Result = movegen.BlackWins
		}
		out = append(out, g)
	}
	for range s.Wins {
		add(2)
	}
	for range s.Losses {
		add(0)
	}
	for range s.Draws {
		add(1)
	}
	return out
}

// TestPentanomialGolden checks the pentanomial figures against fishtest's formulas worked
// out in python (stat_util.get_elo, the normalized Elo of SPRT_elo, LLRcalc.LLR_logistic
// with LLR_alt2 and regularize) for the pairs 3, 12, 40, 25, 8.
func TestPentanomialGolden(t *testing.T) {
	p := Penta{3, 12, 40, 25, 8}
	m, v := p.stats()
	near(t, "mean", m, 0.5653409090909091, 1e-12)
	near(t, "variance", v, 0.05325897469008265, 1e-12)
	elo, lo, hi := p.Elo()
	near(t, "elo", elo, 45.66465823684312, 1e-9)
	near(t, "lo", lo, 11.903336770788593, 1e-9)
	near(t, "hi", hi, 80.30869579178942, 1e-9)
	nelo, margin := p.NElo()
	near(t, "nelo", nelo, 69.55815792891372, 1e-9)
	near(t, "nelo margin", margin, 51.32938436027571, 1e-9)
	near(t, "LLR [0,10]", (&SPRT{0, 10, 0.05, 0.05}).LLRPenta(p), 1.2986711220767513, 1e-9)
	near(t, "LLR [-5,5]", (&SPRT{-5, 5, 0.05, 0.05}).LLRPenta(p), 1.4371403152832323, 1e-9)
	// a run of won pairs: the regularisation keeps it finite
	near(t, "LLR all WW", (&SPRT{0, 50, 0.05, 0.05}).LLRPenta(Penta{4: 20}), 3.084721494796691, 1e-9)
	if e, lo, _ := (Penta{2: 5}).Elo(); e != 0 || !math.IsNaN(lo) {
		t.Errorf("pairs all alike: %v, %v; want 0 and no interval", e, lo)
	}
}

// TestPentaOfGames: pairs are found by their Pairing number, whatever the order of the
// games, and a game without its partner is counted apart.
func TestPentaOfGames(t *testing.T) {
	games := gamesOfScore(Score{Wins: 3, Losses: 2, Draws: 4}) // pairs WW, WL, LD, DD, and a lone D
	for i, j := 0, len(games)-1; i < j; i, j = i+1, j-1 {
		games[i], games[j] = games[j], games[i]
	}
	p, lone := pentaOf(games, 0, 1)
	if p != (Penta{0, 1, 2, 0, 1}) || lone != 1 {
		t.Errorf("penta %v, unpaired %d; want 0,1,2,0,1 and 1", p, lone)
	}
	q, _ := pentaOf(games, 1, 0)
	if q != (Penta{1, 0, 2, 1, 0}) {
		t.Errorf("the other engine's pairs %v", q)
	}
}

// TestTrinomialNElo: the trinomial normalised Elo is (score - 1/2)/sd * 800/ln 10.
func TestTrinomialNElo(t *testing.T) {
	s := Score{Wins: 60, Losses: 40, Draws: 100}
	nelo, margin := s.NElo()
	// score 0.55; variance 0.3*0.45^2 + 0.2*0.55^2 + 0.5*0.05^2 = 0.1225 (by hand)
	mean := 0.55
	v := 0.3*(1-mean)*(1-mean) + 0.2*mean*mean + 0.5*(0.5-mean)*(0.5-mean)
	near(t, "nelo", nelo, (mean-0.5)/math.Sqrt(v)*800/math.Ln10, 1e-9)
	near(t, "margin", margin, 1.959963984540054*800/math.Ln10/math.Sqrt(200), 1e-9)
	near(t, "nelo value", nelo, 49.6337, 1e-3)
}

// TestProgressRate: games per minute and the time left at that rate.
func TestProgressRate(t *testing.T) {
	if got := progressRate(10, 40, 2*time.Minute); got != "10/40 done, 5.0 games/min, ETA 6m0s" {
		t.Errorf("%q", got)
	}
	if got := progressRate(40, 40, 4*time.Minute); got != "40/40 done, 10.0 games/min" {
		t.Errorf("%q", got)
	}
}

// TestStatsModels: the summary's Elo, normalised Elo and SPRT follow -stats; the pairs
// and the draw ratio are printed in both.
func TestStatsModels(t *testing.T) {
	games := gamesOfScore(Score{Wins: 30, Losses: 20, Draws: 50})
	sp := &SPRT{0, 10, 0.05, 0.05}
	var penta, tri bytes.Buffer
	Summarize(games, []string{"a", "b"}, SummaryOptions{SPRT: sp}).Write(&penta)
	Summarize(games, []string{"a", "b"}, SummaryOptions{SPRT: sp, Stats: statsTrinomial}).Write(&tri)
	p, _ := pentaOf(games, 0, 1)
	pe, plo, phi := p.Elo()
	te, tlo, thi := (Score{Wins: 30, Losses: 20, Draws: 50}).Elo()
	for _, c := range []struct {
		out  string
		want []string
	}{
		{penta.String(), []string{"Pairs (LL, LD, DD+WL, WD, WW): " + p.String(), "Draw ratio: 50.0%",
			fmt.Sprintf("Elo difference: %s +/- %.1f, 95%% interval [%s, %s] (pentanomial)", fmtElo(pe), (phi-plo)/2, fmtElo(plo), fmtElo(phi)),
			fmt.Sprintf("SPRT (pentanomial): elo0 0 elo1 10 alpha 0.05 beta 0.05: LLR %.2f", sp.LLRPenta(p))}},
		{tri.String(), []string{"Draw ratio: 50.0%",
			fmt.Sprintf("Elo difference: %s +/- %.1f, 95%% interval [%s, %s]\n", fmtElo(te), (thi-tlo)/2, fmtElo(tlo), fmtElo(thi)),
			fmt.Sprintf("SPRT (trinomial): elo0 0 elo1 10 alpha 0.05 beta 0.05: LLR %.2f", sp.LLR(Score{Wins: 30, Losses: 20, Draws: 50}))}},
	} {
		for _, w := range c.want {
			if !strings.Contains(c.out, w) {
				t.Errorf("summary lacks %q:\n%s", w, c.out)
			}
		}
	}
}
