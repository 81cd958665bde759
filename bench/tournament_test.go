package bench

import (
	"bytes"
	"context"
	"math"
	"strings"
	"testing"
	"time"

	"varchess/movegen"
)

// TestRatingsTwoEngines: with two engines the maximum likelihood rating is the Elo of
// the score, the prior draw included (30.5 of 41 points: 400 log10(30.5/10.5)), and the
// error bar is 1.96 / sqrt(n E (1-E)) in natural units.
func TestRatingsTwoEngines(t *testing.T) {
	cross := [][]Score{{{}, {Wins: 30, Losses: 10}}, {{Wins: 10, Losses: 30}, {}}}
	r := rateEngines(cross, 1)
	near(t, "rating", r[0].Elo, 400*math.Log10(30.5/10.5), 1e-6)
	e := 30.5 / 41
	near(t, "margin", r[0].Margin, z95*eloScale/math.Sqrt(41*e*(1-e)), 1e-6)
	if r[1].Elo != 0 {
		t.Errorf("anchor %+v", r[1])
	}
	if r[0].Games != 40 || r[0].Points != 30 {
		t.Errorf("%+v", r[0])
	}
}

// TestRatingsMaximumLikelihood: with three engines the ratings satisfy the likelihood
// equations (each engine's points, prior included, equal its expected points), and a
// perfect score gives a finite rating thanks to the prior.
func TestRatingsMaximumLikelihood(t *testing.T) {
	cross := [][]Score{
		{{}, {Wins: 12, Losses: 4, Draws: 4}, {Wins: 20}},
		{{Wins: 4, Losses: 12, Draws: 4}, {}, {Wins: 9, Losses: 6, Draws: 5}},
		{{Losses: 20}, {Wins: 6, Losses: 9, Draws: 5}, {}},
	}
	r := rateEngines(cross, 0)
	elo := make([]float64, 3)
	for _, x := range r {
		elo[x.Engine] = x.Elo
	}
	for i := range cross {
		points, expected := 0.0, 0.0
		for j := range cross {
			s := cross[i][j]
			if i == j || s.Games() == 0 {
				continue
			}
			n := float64(s.Games()) + ratingPrior
			points += float64(s.Wins) + float64(s.Draws)/2 + ratingPrior/2.0
			expected += n * scoreOf(elo[i]-elo[j])
		}
		near(t, "points - expected", points-expected, 0, 1e-6)
	}
	if elo[0] != 0 || elo[1] >= 0 || elo[2] >= elo[1] || math.IsInf(elo[2], 0) || math.IsNaN(r[2].Margin) || r[2].Margin <= 0 {
		t.Errorf("ratings %v, %+v", elo, r)
	}
}

// TestTournamentThreeEngines: a round robin and a gauntlet of three fake engines play the
// right pairings, each opening with both colours, and print the rating table with the
// named anchor and the crosstable.
func TestTournamentThreeEngines(t *testing.T) {
	t.Parallel()
	specs := []EngineSpec{
		{Cmd: fakeCmd("uci", "score=2000"), Proto: "uci", Name: "Strong"}, // its opponents resign at once
		{Cmd: fakeCmd("xboard", "at=1", "act=resign"), Proto: "xboard", Name: "Weak"},
		{Cmd: fakeCmd("xboard", "at=1", "act=resign"), Proto: "xboard", Name: "Weaker"},
	}
	for _, kind := range []string{roundRobin, gauntlet} {
		var out bytes.Buffer
		res, err := Run(context.Background(), Config{Variant: movegen.FIDE, Engines: specs, Tournament: kind, Games: 4,
			TC: TimeControl{Base: 10 * time.Second}, Concurrency: 2, Seed: 1, Openings: RandomOpenings(movegen.FIDE, 2, 1),
			Adjudicate: DefaultAdjudication, Anchor: "Weak", Progress: &out})
		if err != nil {
			t.Fatal(err)
		}
		wantGames := map[string]int{roundRobin: 12, gauntlet: 8}[kind]
		if len(res.Games) != wantGames {
			t.Fatalf("%s: %d games, want %d", kind, len(res.Games), wantGames)
		}
		met := map[[2]int]int{}
		for _, g := range res.Games {
			met[[2]int{min(g.White, g.Black), max(g.White, g.Black)}]++
		}
		if met[[2]int{0, 1}] != 4 || met[[2]int{0, 2}] != 4 || (kind == roundRobin) != (met[[2]int{1, 2}] == 4) {
			t.Errorf("%s: pairings %v", kind, met)
		}
		o := out.String()
		for _, want := range []string{"Rank  Name", "Strong", "Weak = 0", "Crosstable", "Results by termination:"} {
			if !strings.Contains(o, want) {
				t.Errorf("%s: output lacks %q:\n%s", kind, want, o)
			}
		}
		if res.Summary.Ratings[0].Engine != 0 || res.Summary.Cross[0][1] != (Score{Wins: 4}) {
			t.Errorf("%s: ratings %+v, cross %v", kind, res.Summary.Ratings, res.Summary.Cross)
		}
		if kind == roundRobin && res.Summary.Cross[1][2].Games() != 4 {
			t.Errorf("Weak vs Weaker: %+v", res.Summary.Cross[1][2])
		}
	}
}
