package main

import (
	"math"
	"reflect"
	"slices"

	"varchess/eval"
	"varchess/movegen"
)

// tunableWeight is a weight the tuner moves, by its name in eval.Params, and its step.
type tunableWeight struct {
	name string
	step int
}

// tunable lists the weights the tuner moves, each with its step. The others stay as set:
// the pawn is the unit, the mop-up and the drawn-ending divisor are proven by the endgame
// test set (positions the self-play games end before), and the clamps and multipliers
// are structural.
var tunable = []tunableWeight{
	{"Knight", 5}, {"Bishop", 5}, {"Rook", 10}, {"Queen", 15}, {"Marshall", 15}, {"WarMachine", 10}, {"Nightrider", 10},
	{"CentreWeightLeaper", 1}, {"CentreWeightRider", 1}, {"PawnAdvance", 1}, {"KingCentreEndgame", 1}, {"KingEdgeMiddlegame", 1},
	{"MobilityScale", 4}, {"MobilityScaleEndgame", 4},
	{"ShieldPawn", 2}, {"KingZoneAttack", 1}, {"KingZoneQuadratic", 1},
	{"DoubledPawn", 2}, {"IsolatedPawn", 2}, {"PassedPawn", 10}, {"PassedPawnEndgame", 10},
	{"BishopPair", 5}, {"RookOpenFile", 2}, {"RookHalfOpenFile", 2},
	{"GoalAttack", 5}, {"GoalKing", 1}, {"TrampolineNearKing", 5}, {"BunkerRight", 3},
	{"EdgeKingStalemate", 5}, {"ShelterKingEndgame", 5},
	{"Tempo", 2},
	{"PawnThreat", 5}, {"PieceThreat", 5}, {"MobilityPawnAttacked", 1}, {"PassedKingDistance", 2}, {"ConnectedPawn", 2},
}

// field is the weight called name in par.
func field(par *eval.Params, name string) *int {
	f := reflect.ValueOf(par).Elem().FieldByName(name)
	if !f.IsValid() {
		panic("tune: no weight " + name)
	}
	return f.Addr().Interface().(*int)
}

// relevant drops the weights that v's evaluation never reads (a piece type v does not
// have, the terms of zones it does not declare...): moving them cannot change the error.
func relevant(v *movegen.Variant, samples []sample) []int {
	base := eval.DefaultParams()
	var out []int
	for i, t := range tunable {
		par := base
		*field(&par, t.name) += 20 * t.step
		if errorOf(v, par, samples[:min(len(samples), 2000)], 1) != errorOf(v, base, samples[:min(len(samples), 2000)], 1) {
			out = append(out, i)
		}
	}
	return out
}

// sigmoid is the expected result of a score s (centipawns, White's view) at scale k.
func sigmoid(k, s float64) float64 { return 1 / (1 + math.Pow(10, -k*s/400)) }

// errorOf is the mean squared difference between the samples' results and the results
// their static evaluations with par predict at scale k: Texel's tuning error.
func errorOf(v *movegen.Variant, par eval.Params, samples []sample, k float64) float64 {
	ev := eval.NewWithParams(v, par)
	pc := new(eval.PawnCache)
	sum := 0.0
	for i := range samples {
		p := &samples[i].pos
		s := ev.EvaluateWith(p, pc)
		if p.SideToMove() == movegen.Black {
			s = -s
		}
		d := samples[i].result - sigmoid(k, float64(s))
		sum += d * d
	}
	return sum / float64(len(samples))
}

// fitScale is the k that minimises the error of par: the scale of the evaluation's
// centipawns in the games' results, fixed before the weights move (ternary search).
func fitScale(v *movegen.Variant, par eval.Params, samples []sample) float64 {
	lo, hi := 0.05, 3.0
	for range 40 {
		a, b := lo+(hi-lo)/3, hi-(hi-lo)/3
		if errorOf(v, par, samples, a) < errorOf(v, par, samples, b) {
			hi = b
		} else {
			lo = a
		}
	}
	return (lo + hi) / 2
}

// localSearch is Texel's tuning: move each weight by its step up or down while the error
// falls, pass after pass, until a pass changes nothing or passes run out. It reports each
// accepted change to log.
//
// The objective adds to the error a prior: prior times the squared number of steps each
// weight moved from its start. A few tens of thousands of positions from fast games are a
// noisy target, and without it the weights drifted far on that noise (the first tuning of
// FIDE chess, on 48000 positions, lowered the error by 2% and lost a match, 1-6-7).
func localSearch(v *movegen.Variant, par eval.Params, samples []sample, k, prior float64, passes int, kept map[string]bool, log func(format string, args ...any)) eval.Params {
	which := slices.DeleteFunc(relevant(v, samples), func(i int) bool { return kept[tunable[i].name] })
	start := par
	objective := func(p eval.Params) float64 {
		o := errorOf(v, p, samples, k)
		for _, i := range which {
			t := tunable[i]
			d := float64(*field(&p, t.name)-*field(&start, t.name)) / float64(t.step)
			o += prior * d * d
		}
		return o
	}
	best := objective(par)
	log("start: error %.6f, %d weights read by %s", best, len(which), v.Name)
	for pass := 1; pass <= passes; pass++ {
		improved := false
		for _, i := range which {
			t := tunable[i]
			for _, dir := range []int{1, -1} {
				trial := par
				*field(&trial, t.name) += dir * t.step
				if *field(&trial, t.name) < 0 {
					continue
				}
				if e := objective(trial); e < best {
					best, par, improved = e, trial, true
					log("pass %d: %s %d, objective %.6f", pass, t.name, *field(&par, t.name), best)
					break
				}
			}
		}
		if !improved {
			break
		}
	}
	return par
}
