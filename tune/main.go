// Command tune is the evaluation's Texel tuner: it plays games of one variant between two
// copies of the engine, keeps the quiet positions with the games' results, and moves the
// evaluation's weights (eval.Params) while the static evaluation predicts those results
// better (the mean squared error of a logistic of the score). The weights it finds are
// written to eval/params_VARIANT.go, one value a line; the engine uses them from the next
// build. Everything is reproducible from the seed.
//
//	go run ./tune -variant normal -games 1000 -nodes 4000 -seed 2
//
// (make tune VARIANT=normal). The result must then beat the build before it in a match
// (engine match -sprt ...) to be kept: a lower error is not yet more strength. -keep
// names weights that stay at their starting values (Black Hole keeps its material, on
// which its K+B+N mates depend); -prior holds every weight nearer its start.
//
// With -judge, a stronger UCI engine scores every position (judge.go) and its score, not
// the game's result, is the target: FIDE chess's weights come from Stockfish's judgement,
//
//	go run ./tune -variant normal -games 1500 -seed 3 -judge /usr/games/stockfish -judge-depth 10 -prior 1e-7 -passes 60 -samples fide.samples
//
// and -samples keeps the judged positions in a file that later runs read instead of
// playing and judging again.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"os"
	"reflect"
	"slices"
	"strings"
	"time"

	"varchess/eval"
	"varchess/movegen"
)

func main() {
	variant := flag.String("variant", movegen.FIDE.Name, "the variant to tune")
	games := flag.Int("games", 1000, "self-play games to take positions from")
	nodes := flag.Uint64("nodes", 4000, "nodes per move of the self-play games")
	opening := flag.Int("opening", 8, "random plies that start each game")
	seed := flag.Uint64("seed", 1, "the seed of the openings (the same seed, the same games and weights)")
	passes := flag.Int("passes", 20, "the most passes of the local search over the weights")
	prior := flag.Float64("prior", 2e-6, "the cost of each weight's squared steps away from its start, added to the error")
	keep := flag.String("keep", "", "weights the tuner leaves at their starting values, by name, comma-separated (e.g. Knight,Queen)")
	judgeCmd := flag.String("judge", "", "a UCI engine command (run by sh -c) whose scores become the targets instead of the games' results")
	judgeDepth := flag.Int("judge-depth", 10, "the depth the judge searches each position to")
	judgeProcs := flag.Int("judge-procs", 2, "judge processes run side by side")
	judgeWeight := flag.Float64("judge-weight", 1, "the judge's share of each target, the game's result the rest (0..1)")
	samplesFile := flag.String("samples", "", "a file of the positions with their games' results and judge's scores: read when it exists (no games played or judged), else written")
	out := flag.String("out", "", "write the tuned weights to this Go file (default eval/params_VARIANT.go; - for none)")
	flag.Parse()
	v := movegen.ByName(*variant)
	if v == nil || *games < 1 || *nodes < 1 || *opening < 0 || *passes < 0 || *prior < 0 || flag.NArg() > 0 ||
		*judgeDepth < 1 || *judgeProcs < 1 || *judgeWeight < 0 || *judgeWeight > 1 {
		fmt.Fprintf(os.Stderr, "tune: bad arguments (variants: %v)\n", movegen.Names())
		flag.Usage()
		os.Exit(2)
	}
	kept, err := parseKept(*keep)
	if err != nil {
		fmt.Fprintf(os.Stderr, "tune: %v\n", err)
		os.Exit(2)
	}
	if *out == "" {
		*out = "eval/params_" + v.Name + ".go"
	}
	log := func(format string, args ...any) {
		fmt.Fprintf(os.Stderr, "%s "+format+"\n", append([]any{time.Now().UTC().Format("15:04:05")}, args...)...)
	}
	start := time.Now()
	var samples []sample
	loaded := false
	if *samplesFile != "" {
		samples, loaded, err = loadSamples(v, *samplesFile)
		if err != nil {
			log("%v", err)
			os.Exit(1)
		}
		if loaded {
			log("%d positions read from %s", len(samples), *samplesFile)
		}
	}
	if !loaded {
		samples = gather(v, *games, *nodes, *opening, *seed, *judgeCmd, *judgeDepth, *judgeProcs, log)
		if *samplesFile != "" {
			if err := saveSamples(*samplesFile, samples); err != nil {
				log("%v", err)
				os.Exit(1)
			}
			log("wrote %d positions to %s", len(samples), *samplesFile)
		}
	}
	blendTargets(samples, *judgeWeight)
	base := eval.ParamsFor(v)
	k := fitScale(v, base, samples)
	log("%d positions from %d games in %s; scale k %.3f", len(samples), *games, time.Since(start).Round(time.Second), k)
	tuned := localSearch(v, base, samples, k, *prior, *passes, kept, log)
	log("end: error %.6f (was %.6f)", errorOf(v, tuned, samples, k), errorOf(v, base, samples, k))
	if *out == "-" {
		return
	}
	command := fmt.Sprintf("go run ./tune -variant %s -games %d -nodes %d -opening %d -seed %d -passes %d -prior %g", v.Name, *games, *nodes, *opening, *seed, *passes, *prior)
	if *keep != "" {
		command += " -keep " + *keep
	}
	if *judgeCmd != "" {
		command += fmt.Sprintf(" -judge %q -judge-depth %d -judge-weight %g", *judgeCmd, *judgeDepth, *judgeWeight)
	}
	if *samplesFile != "" {
		command += fmt.Sprintf(" -samples %q", *samplesFile)
	}
	src, err := paramsSource(v.Name, tuned, fmt.Sprintf("%s: %d positions", command, len(samples)))
	if err == nil {
		err = os.WriteFile(*out, src, 0o644)
	}
	if err != nil {
		log("%v", err)
		os.Exit(1)
	}
	log("wrote %s", *out)
}

// gather plays the self-play games and, with a judge command, has the judge score their
// positions: the samples, or an exit when there are too few or the judge fails.
func gather(v *movegen.Variant, games int, nodes uint64, opening int, seed uint64, judgeCmd string, judgeDepth, judgeProcs int, log func(string, ...any)) []sample {
	samples := selfPlay(v, games, nodes, opening, seed, func(done, n int) {
		if done%25 == 0 || done == games {
			log("%d/%d games, %d positions", done, games, n)
		}
	})
	if len(samples) < 100 {
		log("only %d positions: play more games", len(samples))
		os.Exit(1)
	}
	if judgeCmd != "" {
		if err := judgeSamples(v, samples, judgeCmd, judgeDepth, judgeProcs, func(done int) {
			if done%5000 == 0 || done == len(samples) {
				log("judged %d/%d positions", done, len(samples))
			}
		}); err != nil {
			log("%v", err)
			os.Exit(1)
		}
	}
	return samples
}

// paramsSource is the Go file that gives the variant name the weights par, one a line.
func paramsSource(name string, par eval.Params, how string) ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "package eval\n\n// The tuned weights of %s, written by the Texel tuner (package tune):\n// %s.\n", name, how)
	fmt.Fprintf(&b, "// Each value is kept only as a whole after a match against the weights before it.\nfunc init() {\n\ttuned[%q] = Params{\n", name)
	rv := reflect.ValueOf(par)
	for i := range rv.NumField() {
		fmt.Fprintf(&b, "\t\t%s: %d,\n", rv.Type().Field(i).Name, rv.Field(i).Int())
	}
	b.WriteString("\t}\n}\n")
	return format.Source(b.Bytes())
}

// parseKept reads -keep: the names of tunable weights, comma-separated.
func parseKept(list string) (map[string]bool, error) {
	kept := map[string]bool{}
	if list == "" {
		return kept, nil
	}
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		if !slices.ContainsFunc(tunable, func(t tunableWeight) bool { return t.name == name }) {
			return nil, fmt.Errorf("-keep: %q is not a weight the tuner moves", name)
		}
		kept[name] = true
	}
	return kept, nil
}
