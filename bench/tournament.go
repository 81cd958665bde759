package bench

import (
	"math"
)

// Ratings of a tournament by maximum likelihood, as Ordo and BayesElo compute them: each
// engine i has a rating r_i, and a game between i and j gives i the expected score
// 1/(1+10^((r_j-r_i)/400)) (a draw counts half a win and half a loss). The ratings that
// make the games most likely are found by the minorisation-maximisation iteration of the
// Bradley-Terry model (Hunter 2004), the anchor engine is set to 0, and the error bars are
// from the inverse of the Fisher information with the anchor held fixed (as BayesElo).

// ratingPrior is the draws added between every two engines that met, BayesElo's prior in
// spirit: without it an engine that won (or lost) every game has an infinite rating and no
// error bar; with it a perfect score gives a large finite rating. One draw moves a rating
// by little once the engines have played tens of games.
const ratingPrior = 1

// Rating is one engine's line of the rating table.
type Rating struct {
	Engine    int     // index into the names
	Elo       float64 // relative to the anchor
	Margin    float64 // half-width of the 95% interval (0 for the anchor, NaN if unknown)
	Games     int
	Points    float64 // wins + draws/2
	Draws     int
	Opponents int // engines it played
}

// eloScale turns the natural logarithm of a strength into Elo.
const eloScale = 400 / math.Ln10

// rateEngines computes the maximum-likelihood ratings of n engines from the crosstable
// (cross[i][j] is i's score against j), anchor rated 0.
func rateEngines(cross [][]Score, anchor int) []Rating {
	n := len(cross)
	games := make([][]float64, n) // games between i and j, prior included
	points := make([]float64, n)  // points of i, prior included
	out := make([]Rating, n)
	for i := range cross {
		games[i] = make([]float64, n)
		out[i].Engine = i
		for j := range cross[i] {
			s := cross[i][j]
			if i == j || s.Games() == 0 {
				continue
			}
			games[i][j] = float64(s.Games()) + ratingPrior
			points[i] += float64(s.Wins) + float64(s.Draws)/2 + ratingPrior/2.0
			out[i].Games += s.Games()
			out[i].Points += float64(s.Wins) + float64(s.Draws)/2
			out[i].Draws += s.Draws
			out[i].Opponents++
		}
	}
	gamma := make([]float64, n)
	for i := range gamma {
		gamma[i] = 1
	}
	for iter := 0; iter < 100000; iter++ {
		change := 0.0
		for i := range gamma {
			denom := 0.0
			for j := range gamma {
				if games[i][j] > 0 {
					denom += games[i][j] / (gamma[i] + gamma[j])
				}
			}
			if denom == 0 {
				continue // an engine without games keeps its strength
			}
			g := points[i] / denom
			change = max(change, math.Abs(math.Log(g/gamma[i])))
			gamma[i] = g
		}
		if change < 1e-12 {
			break
		}
	}
	for i := range out {
		out[i].Elo = eloScale * math.Log(gamma[i]/gamma[anchor])
	}
	// Fisher information of the ratings (in Elo), without the anchor's row and column.
	idx := []int{}
	for i := 0; i < n; i++ {
		if i != anchor {
			idx = append(idx, i)
		}
	}
	m := len(idx)
	h := make([][]float64, m)
	for a := range h {
		h[a] = make([]float64, m)
	}
	pos := map[int]int{}
	for a, i := range idx {
		pos[i] = a
	}
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if games[i][j] == 0 {
				continue
			}
			e := gamma[i] / (gamma[i] + gamma[j])
			w := games[i][j] * e * (1 - e) / (eloScale * eloScale)
			ai, iok := pos[i]
			aj, jok := pos[j]
			if iok {
				h[ai][ai] += w
			}
			if jok {
				h[aj][aj] += w
			}
			if iok && jok {
				h[ai][aj] -= w
				h[aj][ai] -= w
			}
		}
	}
	inv, ok := invert(h)
	for a, i := range idx {
		if !ok || inv[a][a] <= 0 {
			out[i].Margin = math.NaN()
			continue
		}
		out[i].Margin = z95 * math.Sqrt(inv[a][a])
	}
	return out
}

// invert is the inverse of a square matrix by Gauss-Jordan elimination with partial
// pivoting; false if it is singular (an engine connected to no other).
func invert(a [][]float64) ([][]float64, bool) {
	n := len(a)
	m := make([][]float64, n)
	for i := range a {
		m[i] = make([]float64, 2*n)
		copy(m[i], a[i])
		m[i][n+i] = 1
	}
	for c := 0; c < n; c++ {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(m[r][c]) > math.Abs(m[p][c]) {
				p = r
			}
		}
		if math.Abs(m[p][c]) < 1e-15 {
			return nil, false
		}
		m[c], m[p] = m[p], m[c]
		d := m[c][c]
		for k := range m[c] {
			m[c][k] /= d
		}
		for r := 0; r < n; r++ {
			if r == c || m[r][c] == 0 {
				continue
			}
			f := m[r][c]
			for k := range m[r] {
				m[r][k] -= f * m[c][k]
			}
		}
	}
	out := make([][]float64, n)
	for i := range m {
		out[i] = m[i][n:]
	}
	return out, true
}

// crosstable is every engine's score against every other in games.
func crosstable(games []gameRecord, n int) [][]Score {
	cross := make([][]Score, n)
	for i := range cross {
		cross[i] = make([]Score, n)
	}
	for _, g := range games {
		w, b := g.White, g.Black
		switch g.scoreOf(w) {
		case 2:
			cross[w][b].Wins++
			cross[b][w].Losses++
		case 1:
			cross[w][b].Draws++
			cross[b][w].Draws++
		default:
			cross[w][b].Losses++
			cross[b][w].Wins++
		}
	}
	return cross
}
