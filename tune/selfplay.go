package main

import (
	"context"
	"math/rand/v2"

	"varchess/eval"
	"varchess/movegen"
	"varchess/search"
)

// sample is one training position: a quiet position of a self-play game and the game's
// result from White's point of view (1 a White win, 0.5 a draw, 0 a Black win), the
// tuner's target; with a judge (judge.go), also the judge's score.
type sample struct {
	pos    movegen.Position
	result float64
	// judgeCP is the judge's score in centipawns from White's point of view, if judged.
	judgeCP float64
	judged  bool
}

// selfPlay settings.
const (
	// maxGamePlies ends a game as a draw: the fifty-move rule ends nearly all before.
	maxGamePlies = 400
	// adjudicateScore and adjudicatePlies: a game whose score stays beyond this many
	// centipawns, the same side ahead, for this many plies in a row is scored won (its
	// last phase, a won ending, teaches the middlegame weights nothing).
	adjudicateScore = 1000
	adjudicatePlies = 8
)

// selfPlay plays games of v between two copies of the engine at nodes per move, each from
// openingPlies random moves chosen by a generator seeded with seed, and returns the quiet
// positions met after the opening (not in check, the engine's choice not tactical), each
// position once, with the game's result. The same arguments give the same samples.
func selfPlay(v *movegen.Variant, games int, nodes uint64, openingPlies int, seed uint64, progress func(done int, n int)) []sample {
	rng := rand.New(rand.NewPCG(seed, 0x7E5E))
	ev := eval.For(v)
	seen := map[uint64]bool{}
	var out []sample
	white, black := search.NewEngine(), search.NewEngine()
	for _, e := range []*search.Engine{white, black} {
		e.SetHashMB(8)
	}
	for game := 0; game < games; game++ {
		white.NewGame()
		black.NewGame()
		g := movegen.NewGame(v.Start(rng))
		var ml movegen.MoveList
		opened := true
		for range openingPlies {
			if g.Outcome().Over() {
				opened = false
				break
			}
			ml.Reset()
			g.Position().LegalMoves(&ml)
			g.Play(ml.At(rng.IntN(ml.Len())))
		}
		if !opened || g.Outcome().Over() {
			continue
		}
		var picked []movegen.Position
		result := 0.5
		lead, leadPlies := 0, 0
		for ply := 0; ply < maxGamePlies; ply++ {
			if o := g.Outcome(); o.Over() {
				result = resultOf(o.Result)
				break
			}
			p := g.Position()
			e := white
			if p.SideToMove() == movegen.Black {
				e = black
			}
			res := e.Search(context.Background(), p, g.History(), search.Limits{Nodes: nodes}, nil)
			if !p.InCheck() && !ev.Tactical(p, res.Best) && !seen[p.Hash()] && abs(res.Score) < search.MateBound {
				seen[p.Hash()] = true
				picked = append(picked, *p)
			}
			// The lead from White's point of view, for adjudication.
			s := res.Score
			if p.SideToMove() == movegen.Black {
				s = -s
			}
			switch {
			case s >= adjudicateScore && lead > 0, s <= -adjudicateScore && lead < 0:
				leadPlies++
			case s >= adjudicateScore:
				lead, leadPlies = 1, 1
			case s <= -adjudicateScore:
				lead, leadPlies = -1, 1
			default:
				lead, leadPlies = 0, 0
			}
			if leadPlies >= adjudicatePlies {
				result = float64(lead+1) / 2
				break
			}
			g.Play(res.Best)
		}
		for _, p := range picked {
			out = append(out, sample{pos: p, result: result})
		}
		if progress != nil {
			progress(game+1, len(out))
		}
	}
	return out
}

// resultOf is a game result from White's point of view.
func resultOf(r movegen.Result) float64 {
	switch r {
	case movegen.WinFor(movegen.White):
		return 1
	case movegen.WinFor(movegen.Black):
		return 0
	}
	return 0.5
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
