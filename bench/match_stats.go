package bench

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Score counts a match's games from engine1's side.
type Score struct {
	Wins, Losses, Draws int
}

// Games is the number of scored games.
func (s Score) Games() int { return s.Wins + s.Losses + s.Draws }

// Ratio is engine1's points per game (a draw is half a point), 0.5 with no games.
func (s Score) Ratio() float64 {
	n := s.Games()
	if n == 0 {
		return 0.5
	}
	return (float64(s.Wins) + float64(s.Draws)/2) / float64(n)
}

// eloOf is the Elo difference that makes the expected score r (logistic model).
func eloOf(r float64) float64 {
	return -400 * math.Log10(1/r-1)
}

// scoreOf is the expected score of an Elo difference.
func scoreOf(elo float64) float64 {
	return 1 / (1 + math.Pow(10, -elo/400))
}

// variance is the variance of one game's score around the mean ratio.
func (s Score) variance() float64 {
	n := float64(s.Games())
	m := s.Ratio()
	w, l, d := float64(s.Wins)/n, float64(s.Losses)/n, float64(s.Draws)/n
	return w*(1-m)*(1-m) + l*m*m + d*(0.5-m)*(0.5-m)
}

// Elo is engine1's Elo difference with the bounds of its 95% confidence interval, from the
// normal approximation of the mean score. A perfect or a zero score gives infinities.
func (s Score) Elo() (elo, lo, hi float64) {
	n := s.Games()
	if n == 0 {
		return 0, math.Inf(-1), math.Inf(1)
	}
	m := s.Ratio()
	margin := 1.959963984540054 * math.Sqrt(s.variance()/float64(n))
	clamp := func(r float64) float64 {
		switch {
		case r <= 0:
			return math.Inf(-1)
		case r >= 1:
			return math.Inf(1)
		}
		return eloOf(r)
	}
	return clamp(m), clamp(m - margin), clamp(m + margin)
}

// LOS is the likelihood of superiority: the probability that engine1 is the stronger,
// from wins and losses only (draws say nothing about it).
func (s Score) LOS() float64 {
	if s.Wins+s.Losses == 0 {
		return 0.5
	}
	return 0.5 * (1 + math.Erf(float64(s.Wins-s.Losses)/math.Sqrt(2*float64(s.Wins+s.Losses))))
}

// SPRT is a sequential probability ratio test of H0: Elo = Elo0 against H1: Elo = Elo1,
// with error rates Alpha (accepting H1 when H0 holds) and Beta.
type SPRT struct {
	Elo0, Elo1, Alpha, Beta float64
}

// ParseSPRT reads "elo0,elo1,alpha,beta".
func ParseSPRT(s string) (*SPRT, error) {
	f := strings.Split(s, ",")
	if len(f) != 4 {
		return nil, fmt.Errorf("sprt %q: want elo0,elo1,alpha,beta", s)
	}
	var v [4]float64
	for i, x := range f {
		n, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
		if err != nil || math.IsNaN(n) || math.IsInf(n, 0) {
			return nil, fmt.Errorf("sprt %q: %q is not a number", s, x)
		}
		v[i] = n
	}
	t := &SPRT{v[0], v[1], v[2], v[3]}
	switch {
	case t.Elo0 >= t.Elo1:
		return nil, fmt.Errorf("sprt %q: elo0 must be below elo1", s)
	case t.Alpha <= 0 || t.Alpha >= 0.5 || t.Beta <= 0 || t.Beta >= 0.5:
		return nil, fmt.Errorf("sprt %q: alpha and beta must be between 0 and 0.5", s)
	case math.Abs(t.Elo0) > 1000 || math.Abs(t.Elo1) > 1000:
		return nil, fmt.Errorf("sprt %q: Elo bounds beyond ±1000", s)
	}
	return t, nil
}

// Bounds are the log-likelihood ratios at which the test accepts H0 (lower) or H1 (upper).
func (t *SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// LLR is the log-likelihood ratio of H1 against H0 for score s, in the normal
// approximation of the generalised SPRT (Van den Bergh, as fishtest computes it for
// trinomial results): N (s1-s0)(2m-s0-s1) / (2 var).
func (t *SPRT) LLR(s Score) float64 {
	n := float64(s.Games())
	if n == 0 {
		return 0
	}
	// The variance takes half a game of each result as a prior, so that a run of equal
	// results (variance zero) does not decide the test at once.
	prior := Score{2*s.Wins + 1, 2*s.Losses + 1, 2*s.Draws + 1}
	v := prior.variance()
	// prior's variance is about the prior's own mean; recentre it on the real mean.
	v += (prior.Ratio() - s.Ratio()) * (prior.Ratio() - s.Ratio())
	s0, s1 := scoreOf(t.Elo0), scoreOf(t.Elo1)
	m := s.Ratio()
	return n * (s1 - s0) * (2*m - s0 - s1) / (2 * v)
}

// State is the test's decision for score s: "H0 accepted", "H1 accepted" or "continue".
func (t *SPRT) State(s Score) string {
	return t.decide(t.LLR(s))
}

// fmtElo writes an Elo figure with one decimal and its sign, "+inf" and "-inf" for the
// bounds of an interval that reaches a perfect or a zero score. A figure that rounds to
// zero is "0.0", never "-0.0" (which 400 log10(1) gives for an even score).
func fmtElo(e float64) string {
	switch {
	case math.IsInf(e, 1):
		return "+inf"
	case math.IsInf(e, -1):
		return "-inf"
	case math.IsNaN(e):
		return "?"
	case math.Abs(e) < 0.05:
		return "0.0"
	}
	return fmt.Sprintf("%+.1f", e)
}

// degenerate says in words why s has no Elo interval, "" if it has one: with no games,
// or all of one result, the spread of the results is zero and so is the interval's
// width, whatever the true difference.
func (s Score) degenerate() string {
	switch n := s.Games(); {
	case n == 0:
		return "no games yet"
	case s.Wins == n:
		return "all games won; the interval needs a loss or a draw"
	case s.Losses == n:
		return "all games lost; the interval needs a win or a draw"
	case s.Draws == n:
		return "all games drawn; the interval needs a win or a loss"
	}
	return ""
}

// eloText is the Elo difference with its 95% interval, in words when the score has none:
// "+34.9 [+1.0, +69.4]", "+inf (all games won; the interval needs a loss or a draw)".
func (s Score) eloText() string {
	elo, lo, hi := s.Elo()
	switch why := s.degenerate(); {
	case s.Games() == 0:
		return ": " + why
	case why != "":
		return " " + fmtElo(elo) + " (" + why + ")"
	}
	return fmt.Sprintf(" %s [%s, %s]", fmtElo(elo), fmtElo(lo), fmtElo(hi))
}

// Summary writes the Elo difference and its 95% interval, and the LOS.
func (s Score) Summary() string {
	t := "Elo" + s.eloText()
	if s.degenerate() == "" {
		t += " (95%)"
	}
	return fmt.Sprintf("%s, LOS %.1f%%", t, 100*s.LOS())
}
