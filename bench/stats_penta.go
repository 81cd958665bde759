package bench

import (
	"fmt"
	"math"
)

// The models of the Elo interval and the SPRT. A game pair (one opening, the colours
// swapped) is not two independent games: the opening favours one side, and both games
// share it. Fishtest's pentanomial model counts the pairs by their score for the first
// engine (0, 0.5, 1, 1.5, 2 points) and takes the variance from them: it is smaller
// than the trinomial's when the openings are unbalanced, so the interval is narrower and
// the SPRT ends sooner, at the same error rates.
const (
	statsPenta     = "pentanomial"
	statsTrinomial = "trinomial"
)

// nEloUnit is fishtest's scale of normalised Elo, 800/ln(10): a normalised Elo difference
// is (score - 1/2)/(standard deviation of one game's score) in these units, so that it
// measures how many games a test needs, whatever the draw ratio.
const nEloUnit = 800 / math.Ln10

// z95 is the two-sided 95% quantile of the normal distribution.
const z95 = 1.959963984540054

// Penta counts game pairs by the first engine's points in the pair: [0] lost both,
// [1] a loss and a draw, [2] two draws or a win and a loss, [3] a win and a draw, [4]
// won both.
type Penta [5]int

// Pairs is the number of pairs counted.
func (p Penta) Pairs() int { return p[0] + p[1] + p[2] + p[3] + p[4] }

// String is "LL-LD-DD/WL-WD-WW" counts: "2, 10, 20, 12, 6".
func (p Penta) String() string {
	return fmt.Sprintf("%d, %d, %d, %d, %d", p[0], p[1], p[2], p[3], p[4])
}

// pentaOf counts the pairs of games between engines a and b (a's points) from their
// Pairing numbers; a game whose partner is missing (the match stopped between them, or
// an odd number of games) is left out and counted in unpaired.
func pentaOf(games []gameRecord, a, b int) (p Penta, unpaired int) {
	half := map[int][]int{} // pairing -> a's half points in each game
	for _, g := range games {
		if !(g.White == a && g.Black == b || g.White == b && g.Black == a) {
			continue
		}
		half[g.Pairing] = append(half[g.Pairing], g.scoreOf(a))
	}
	for _, s := range half {
		if len(s) != 2 {
			unpaired += len(s)
			continue
		}
		p[s[0]+s[1]]++
	}
	return p, unpaired
}

// stats are the mean and the variance of the pair score (points of the pair over 2, from 0
// to 1) over the pairs, as fishtest's LLRcalc.stats.
func (p Penta) stats() (mean, variance float64) {
	n := float64(p.Pairs())
	for i, c := range p {
		mean += float64(c) * float64(i) / 4 / n
	}
	for i, c := range p {
		d := float64(i)/4 - mean
		variance += float64(c) * d * d / n
	}
	return mean, variance
}

// Elo is the first engine's Elo difference and its 95% interval in the pentanomial model:
// the mean pair score and its standard error sqrt(var/pairs) (fishtest's get_elo). With
// no pairs, or all of one score, the interval is not defined: lo and hi are NaN.
func (p Penta) Elo() (elo, lo, hi float64) {
	if p.Pairs() == 0 {
		return math.NaN(), math.NaN(), math.NaN()
	}
	m, v := p.stats()
	if v == 0 {
		return clampElo(m), math.NaN(), math.NaN()
	}
	se := math.Sqrt(v / float64(p.Pairs()))
	return clampElo(m), clampElo(m - z95*se), clampElo(m + z95*se)
}

// NElo is the normalised Elo difference and the half-width of its 95% interval: the
// per-game standard deviation is sqrt(2 var) of the pair scores (fishtest's
// "normalized" Elo model).
func (p Penta) NElo() (nelo, margin float64) {
	m, v := p.stats()
	if p.Pairs() == 0 || v == 0 {
		return math.NaN(), math.NaN()
	}
	return (m - 0.5) / math.Sqrt(2*v) * nEloUnit, z95 * nEloUnit / math.Sqrt(2*float64(p.Pairs()))
}

// NElo is the trinomial normalised Elo and the half-width of its 95% interval.
func (s Score) NElo() (nelo, margin float64) {
	n := s.Games()
	if n == 0 {
		return math.NaN(), math.NaN()
	}
	v := s.variance()
	if v == 0 {
		return math.NaN(), math.NaN()
	}
	return (s.Ratio() - 0.5) / math.Sqrt(v) * nEloUnit, z95 * nEloUnit / math.Sqrt(float64(n))
}

// clampElo is the Elo of a mean score, +inf and -inf at the ends.
func clampElo(r float64) float64 {
	switch {
	case r <= 0:
		return math.Inf(-1)
	case r >= 1:
		return math.Inf(1)
	}
	return eloOf(r)
}

// LLRPenta is the log-likelihood ratio of H1 against H0 for the pairs p: fishtest's
// LLR_logistic with LLR_alt2, N/2 ln(r0/r1), where r_s is the mean square distance of the
// pair scores from s, the expected score under each hypothesis. Empty cells count 1e-3
// pairs (fishtest's regularize), so that a run of equal results does not divide by zero.
func (t *SPRT) LLRPenta(p Penta) float64 {
	if p.Pairs() == 0 {
		return 0
	}
	var c [5]float64
	n := 0.0
	for i, x := range p {
		c[i] = float64(x)
		if x == 0 {
			c[i] = 1e-3
		}
		n += c[i]
	}
	r := func(s float64) float64 {
		sum := 0.0
		for i := range c {
			d := float64(i)/4 - s
			sum += c[i] / n * d * d
		}
		return sum
	}
	return n / 2 * math.Log(r(scoreOf(t.Elo0))/r(scoreOf(t.Elo1)))
}

// llrOf is the LLR of the games between engines 0 and 1 in the model named stats.
func (t *SPRT) llrOf(games []gameRecord, stats string) float64 {
	if stats == statsTrinomial {
		return t.LLR(scoreBetween(games, 0, 1))
	}
	p, _ := pentaOf(games, 0, 1)
	return t.LLRPenta(p)
}

// decide is the test's decision at log-likelihood ratio llr.
func (t *SPRT) decide(llr float64) string {
	lo, hi := t.Bounds()
	switch {
	case llr >= hi:
		return "H1 accepted"
	case llr <= lo:
		return "H0 accepted"
	}
	return "continue"
}

// scoreBetween is engine a's score in its games against b.
func scoreBetween(games []gameRecord, a, b int) Score {
	var s Score
	for _, g := range games {
		if !(g.White == a && g.Black == b || g.White == b && g.Black == a) {
			continue
		}
		switch g.scoreOf(a) {
		case 2:
			s.Wins++
		case 1:
			s.Draws++
		default:
			s.Losses++
		}
	}
	return s
}
