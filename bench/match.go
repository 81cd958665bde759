package bench

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"sync"
	"time"

	"varchess/movegen"
)

// Tuned constants of the match runner, one place.
const (
	// defaultMargin is the lag forgiven on top of an engine's clock before it loses on
	// time: pipes and a busy machine's scheduler, not the engine, take a few milliseconds.
	defaultMargin = 50 * time.Millisecond
	// defaultStartTimeout bounds an engine's handshake (XBoard's own limit is 2 s without
	// done=0, an hour with it: 10 s is plenty for any engine that works).
	defaultStartTimeout = 10 * time.Second
	// defaultSyncTimeout bounds ping/pong and isready/readyok before a game.
	defaultSyncTimeout = 5 * time.Second
	// quitWait is how long an engine may take to exit after "quit" before it is killed.
	quitWait = 300 * time.Millisecond
)

// Config is one match or tournament.
type Config struct {
	// Variant is the variant played; Variants, when given, several (the schedule is
	// played in each in turn, and engines are restarted between variants).
	Variant  *movegen.Variant
	Variants []*movegen.Variant
	// Engines are the players: two for a match, more for a tournament.
	Engines []EngineSpec
	// Tournament is roundRobin (the default) or gauntlet when more than two engines play.
	Tournament string
	// Games is the number of games each pair of engines plays in each variant.
	Games       int
	TC          TimeControl
	Concurrency int      // games played at once (at least 1)
	Openings    Openings // the openings of a single variant (nil: random openings of 4 plies from Seed)
	// OpeningsFor gives each variant's openings when several are played (nil: random of 4 plies).
	OpeningsFor func(*movegen.Variant) Openings
	Seed        uint64
	SPRT        *SPRT // nil: no test, all Games are played
	// Stats is the model of the Elo interval and the SPRT: statsPenta (the default) or
	// statsTrinomial.
	Stats string
	// Anchor is the engine rated 0 in a tournament's rating table ("": the first).
	Anchor     string
	Adjudicate Adjudication
	// Shard and Shards: play only part Shard (from 1) of Shards of the schedule.
	Shard, Shards int
	// Margin is the lag forgiven on top of each clock (0: defaultMargin).
	Margin time.Duration
	// StartTimeout and SyncTimeout bound the waits off the clock (0: the defaults).
	StartTimeout, SyncTimeout time.Duration
	PGN                       io.Writer // every game, as it ends (nil: none)
	Progress                  io.Writer // a line per game and the summary (nil: none)
}

// Result is what a match ends with.
type Result struct {
	Names     []string
	Protocols []string     // "xboard" or "uci": as given, or as found out (in the first variant)
	Score     Score        // the first engine's wins, losses and draws
	SPRT      string       // the test's state, "" without a test
	Games     []gameRecord // by Round
	Summary   *Summary
}

// variants is the list of variants cfg plays.
func (cfg *Config) variants() []*movegen.Variant {
	if len(cfg.Variants) > 0 {
		return cfg.Variants
	}
	return []*movegen.Variant{cfg.Variant}
}

// Run plays the match: Games games per pair of engines (fewer if the SPRT decides or ctx
// is cancelled), two per opening with the colours swapped, Concurrency at a time, each game
// between its own engine processes. Engines that misbehave lose the game and are
// restarted. The error is for a match that cannot start (an engine that does not start or
// cannot play the variant).
func Run(ctx context.Context, cfg Config) (*Result, error) {
	machine() // watch for machine stalls from the first move on, to explain time forfeits
	variants := cfg.variants()
	for _, v := range variants {
		if v == nil {
			return nil, fmt.Errorf("no variant")
		}
	}
	switch {
	case cfg.Games < 1:
		return nil, fmt.Errorf("games must be at least 1")
	case len(cfg.Engines) < 2:
		return nil, fmt.Errorf("a match needs at least two engines")
	case cfg.SPRT != nil && len(cfg.Engines) != 2:
		return nil, fmt.Errorf("the SPRT compares two engines, not %d", len(cfg.Engines))
	case cfg.Tournament != "" && cfg.Tournament != roundRobin && cfg.Tournament != gauntlet:
		return nil, fmt.Errorf("tournament %q: want %s or %s", cfg.Tournament, roundRobin, gauntlet)
	}
	if err := cfg.TC.check(); err != nil {
		return nil, err
	}
	cfg.Concurrency = max(cfg.Concurrency, 1)
	if cfg.Margin == 0 {
		cfg.Margin = defaultMargin
	}
	t := timeouts{Start: cfg.StartTimeout, Sync: cfg.SyncTimeout}
	if t.Start == 0 {
		t.Start = defaultStartTimeout
	}
	if t.Sync == 0 {
		t.Sync = defaultSyncTimeout
	}
	t.Probe = defaultProbe
	openings := make([]Openings, len(variants))
	for i, v := range variants {
		switch {
		case len(variants) == 1 && cfg.Openings != nil:
			openings[i] = cfg.Openings
		case cfg.OpeningsFor != nil:
			openings[i] = cfg.OpeningsFor(v)
		default:
			openings[i] = RandomOpenings(v, 4, cfg.Seed)
		}
	}

	// Start each engine once in each variant before anything else: a wrong command or an
	// engine that cannot play a variant stops the match here, with a clear error. The
	// protocol found out here is the one spoken from then on in that variant.
	n := len(cfg.Engines)
	res := &Result{Names: make([]string, n), Protocols: make([]string, n)}
	specs := make([][]EngineSpec, len(variants)) // by variant, then engine
	for vi, v := range variants {
		specs[vi] = slices.Clone(cfg.Engines)
		for i, spec := range cfg.Engines {
			pl, err := startPlayer(spec, v, t)
			if err != nil {
				return nil, fmt.Errorf("engine%d%s: %w%s", i+1, inVariant(v, len(variants)), err, protoHint(i+1, spec.Proto, err))
			}
			if cfg.TC.Nodes > 0 && pl.Protocol() == "xboard" {
				pl.Close()
				return nil, fmt.Errorf("engine%d speaks XBoard, which has no node limit: play it over UCI, or limit it by -depth or -st", i+1)
			}
			if vi == 0 {
				res.Names[i] = pl.Name()
				if spec.Name != "" {
					res.Names[i] = spec.Name
				}
				res.Protocols[i] = pl.Protocol()
			}
			specs[vi][i].Proto = pl.Protocol()
			pl.Close()
		}
	}
	res.Names = uniqueNames(res.Names)
	if cfg.Progress != nil {
		for i, spec := range cfg.Engines {
			fmt.Fprintf(cfg.Progress, "engine%d: %s over %s (%s)\n", i+1, res.Names[i], res.Protocols[i], quoteCommand(spec.Cmd))
		}
	}

	schedule := makeSchedule(len(variants), n, cfg.Tournament, cfg.Games)
	total := len(schedule)
	mine := schedule
	if cfg.Shards > 1 {
		mine = shardOf(schedule, cfg.Shard, cfg.Shards)
		if cfg.Progress != nil {
			fmt.Fprintf(cfg.Progress, "shard %d/%d: %d of the %d games\n", cfg.Shard, cfg.Shards, len(mine), total)
		}
	}
	stopOnSPRT := cfg.SPRT != nil && cfg.Shards <= 1 // a shard's own games decide nothing

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan job)
	done := make(chan gameRecord)
	go func() {
		defer close(jobs)
		for _, j := range mine {
			select {
			case jobs <- j:
			case <-ctx.Done():
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for w := 0; w < cfg.Concurrency; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			worker(ctx, cfg, variants, specs, openings, t, res.Names, jobs, done)
		}()
	}
	go func() {
		wg.Wait()
		close(done)
	}()

	now := time.Now()
	opts := SummaryOptions{Stats: cfg.Stats, SPRT: cfg.SPRT, Anchor: cfg.Anchor}
	for rec := range done {
		if rec.Result == movegen.Ongoing {
			continue // interrupted: not a game
		}
		res.Games = append(res.Games, rec)
		switch rec.scoreOf(0) {
		case 2:
			res.Score.Wins++
		case 1:
			res.Score.Draws++
		case 0:
			res.Score.Losses++
		}
		if cfg.PGN != nil {
			if err := writePGN(cfg.PGN, rec, cfg.TC, now); err != nil {
				cancel()
				return res, fmt.Errorf("writing the PGN: %w", err)
			}
		}
		var llr float64
		if cfg.SPRT != nil {
			llr = cfg.SPRT.llrOf(res.Games, cfg.Stats)
			res.SPRT = cfg.SPRT.decide(llr)
		}
		if cfg.Progress != nil {
			fmt.Fprintf(cfg.Progress, "game %d/%d: %s - %s %s {%s}", rec.Round, total,
				rec.Names[rec.White], rec.Names[rec.Black], rec.Result, rec.Reason)
			if n == 2 {
				fmt.Fprintf(cfg.Progress, "; score %d-%d-%d, %s", res.Score.Wins, res.Score.Losses, res.Score.Draws, res.Score.Summary())
			}
			if cfg.SPRT != nil {
				fmt.Fprintf(cfg.Progress, ", LLR %.2f", llr)
			}
			fmt.Fprintf(cfg.Progress, "; %s\n", progressRate(len(res.Games), len(mine), time.Since(now)))
		}
		if stopOnSPRT && res.SPRT != "continue" {
			cancel() // decided: the games under way are abandoned, not scored
		}
	}
	slices.SortFunc(res.Games, func(a, b gameRecord) int { return a.Round - b.Round })
	res.Summary = Summarize(res.Games, res.Names, opts)
	if cfg.Progress != nil {
		res.Summary.Write(cfg.Progress)
	}
	return res, nil
}

// inVariant names the variant in an error when several are played.
func inVariant(v *movegen.Variant, n int) string {
	if n == 1 {
		return ""
	}
	return " in " + v.Name
}

// uniqueNames makes engines with the same name tell apart by their number: "fake (1)".
func uniqueNames(names []string) []string {
	out := slices.Clone(names)
	for i, a := range names {
		for j, b := range names {
			if i != j && a == b {
				out[i] = fmt.Sprintf("%s (%d)", a, i+1)
			}
		}
	}
	return out
}

// progressRate is the progress part of a game's line: games done of the run's games,
// games per minute and the time left at that rate.
func progressRate(done, total int, elapsed time.Duration) string {
	perMin := float64(done) / elapsed.Minutes()
	s := fmt.Sprintf("%d/%d done, %.1f games/min", done, total, perMin)
	if done < total && perMin > 0 {
		eta := time.Duration(float64(total-done) / perMin * float64(time.Minute))
		s += ", ETA " + eta.Round(time.Second).String()
	}
	return s
}

// protoHint is what to do about an engine that cannot start in the protocol it was given
// (flag names as in `engine match`), "" if the error is of another kind.
func protoHint(n int, given string, err error) string {
	var pe *protoError
	var ve *variantError
	switch {
	case errors.As(err, &pe):
		return fmt.Sprintf(": use -proto%d %s (or -proto%d auto, the default)", n, pe.got, n)
	case errors.As(err, &ve) && (given == "xboard" || given == "uci"):
		return fmt.Sprintf("; an engine may offer over one protocol what it does not over the other "+
			"(this project's engine plays hopchess over UCI only, as XBoard cannot show its turns): try -proto%d %s",
			n, otherProto(given))
	}
	return ""
}

// worker plays the games it is handed, keeping a process of each engine it has needed
// (in the variant of its last game) and restarting one after a game that left it broken
// (crashed, hung, out of step) or when the variant changes.
func worker(ctx context.Context, cfg Config, variants []*movegen.Variant, specs [][]EngineSpec, openings []Openings,
	t timeouts, names []string, jobs <-chan job, done chan<- gameRecord) {
	engines := make([]player, len(cfg.Engines)) // by engine index
	variantOf := make([]int, len(cfg.Engines))  // the variant engines[k] was started in
	defer func() {
		for _, e := range engines {
			if e != nil {
				e.Close()
			}
		}
	}()
	for j := range jobs {
		v := variants[j.Variant]
		opening := openings[j.Variant].Opening(j.Opening)
		rec := gameRecord{Round: j.Index + 1, Pairing: j.Pairing + 1, White: j.White, Black: j.Black, Names: names, Variant: v}
		var startErr [2]error
		for c, k := range []int{j.White, j.Black} {
			if engines[k] != nil && variantOf[k] != j.Variant {
				engines[k].Close()
				engines[k] = nil
			}
			if engines[k] == nil {
				engines[k], startErr[c] = startPlayer(specs[j.Variant][k], v, t)
				variantOf[k] = j.Variant
			}
		}
		switch {
		case startErr[0] != nil || startErr[1] != nil:
			// An engine that will not start loses the game; it is tried again next game.
			loser := movegen.White
			if startErr[0] == nil {
				loser = movegen.Black
			}
			rec.Start = opening.Start.FEN()
			rec.Result = movegen.WinFor(loser.Other())
			rec.Termination = termAbandoned
			rec.Reason = fmt.Sprintf("%s engine does not start: %v", colorName(loser), startErr[loser])
		default:
			played := playGame(ctx, [2]player{engines[j.White], engines[j.Black]},
				refGame{Variant: v, Opening: opening, TC: cfg.TC, Margin: cfg.Margin, Adj: cfg.Adjudicate})
			played.Round, played.Pairing, played.White, played.Black, played.Names, played.Variant = rec.Round, rec.Pairing, j.White, j.Black, names, v
			rec = played
			for c, k := range []int{j.White, j.Black} {
				if rec.broken[c] {
					engines[k].Close()
					engines[k] = nil
				}
			}
		}
		select {
		case done <- rec:
		case <-ctx.Done():
			return
		}
	}
}
