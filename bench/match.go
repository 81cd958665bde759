package bench

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
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

// Config is one match.
type Config struct {
	Variant     *movegen.Variant
	Engines     [2]EngineSpec
	Games       int
	TC          TimeControl
	Concurrency int      // games played at once (at least 1)
	Openings    Openings // nil: random openings of 4 plies from Seed
	Seed        uint64
	SPRT        *SPRT // nil: no test, all Games are played
	Adjudicate  Adjudication
	// Margin is the lag forgiven on top of each clock (0: defaultMargin).
	Margin time.Duration
	// StartTimeout and SyncTimeout bound the waits off the clock (0: the defaults).
	StartTimeout, SyncTimeout time.Duration
	PGN                       io.Writer // every game, as it ends (nil: none)
	Progress                  io.Writer // a line per game and the summary (nil: none)
}

// Result is what a match ends with.
type Result struct {
	Names     [2]string
	Protocols [2]string // "xboard" or "uci": as given, or as found out
	Score     Score     // engine1's wins, losses and draws
	SPRT      string    // the test's state, "" without a test
	Games     []gameRecord
}

// Run plays the match: Games games (fewer if the SPRT decides or ctx is cancelled), two per
// opening with the colours swapped, Concurrency at a time, each engine pair in its own
// processes. Engines that misbehave lose the game and are restarted. The error is for a
// match that cannot start (an engine that does not start or cannot play the variant).
func Run(ctx context.Context, cfg Config) (*Result, error) {
	if cfg.Variant == nil {
		return nil, fmt.Errorf("no variant")
	}
	if cfg.Games < 1 {
		return nil, fmt.Errorf("games must be at least 1")
	}
	if cfg.TC.Base <= 0 || cfg.TC.Inc < 0 {
		return nil, fmt.Errorf("time control %s: the base must be positive", cfg.TC)
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
	if cfg.Openings == nil {
		cfg.Openings = RandomOpenings(cfg.Variant, 4, cfg.Seed)
	}

	// Start each engine once before anything else: a wrong command or an engine that
	// cannot play the variant stops the match here, with a clear error.
	// The protocol found out here is the one spoken from then on.
	res := &Result{}
	for i, spec := range cfg.Engines {
		pl, err := startPlayer(spec, cfg.Variant, t)
		if err != nil {
			return nil, fmt.Errorf("engine%d: %w%s", i+1, err, protoHint(i+1, spec.Proto, err))
		}
		res.Names[i] = pl.Name()
		res.Protocols[i] = pl.Protocol()
		cfg.Engines[i].Proto = pl.Protocol()
		pl.Close()
	}
	if res.Names[0] == res.Names[1] {
		res.Names[0] += " (1)"
		res.Names[1] += " (2)"
	}
	if cfg.Progress != nil {
		for i, spec := range cfg.Engines {
			fmt.Fprintf(cfg.Progress, "engine%d: %s over %s (%s)\n", i+1, res.Names[i], res.Protocols[i], quoteCommand(spec.Cmd))
		}
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan int)
	done := make(chan gameRecord)
	go func() {
		defer close(jobs)
		for i := 0; i < cfg.Games; i++ {
			select {
			case jobs <- i:
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
			worker(ctx, cfg, t, res.Names, jobs, done)
		}()
	}
	go func() {
		wg.Wait()
		close(done)
	}()

	now := time.Now()
	for rec := range done {
		if rec.Result == movegen.Ongoing {
			continue // interrupted: not a game
		}
		res.Games = append(res.Games, rec)
		switch {
		case rec.Result == movegen.Draw:
			res.Score.Draws++
		case (rec.Result == movegen.WhiteWins) == (rec.White == 0):
			res.Score.Wins++
		default:
			res.Score.Losses++
		}
		if cfg.PGN != nil {
			if err := writePGN(cfg.PGN, rec, cfg.Variant, cfg.TC, now); err != nil {
				cancel()
				return res, fmt.Errorf("writing the PGN: %w", err)
			}
		}
		if cfg.SPRT != nil {
			res.SPRT = cfg.SPRT.State(res.Score)
		}
		if cfg.Progress != nil {
			fmt.Fprintf(cfg.Progress, "game %d/%d: %s - %s %s {%s}; score %d-%d-%d, %s",
				rec.Round, cfg.Games, rec.Names[rec.White], rec.Names[rec.Black], rec.Result, rec.Reason,
				res.Score.Wins, res.Score.Losses, res.Score.Draws, res.Score.Summary())
			if cfg.SPRT != nil {
				fmt.Fprintf(cfg.Progress, ", LLR %.2f", cfg.SPRT.LLR(res.Score))
			}
			fmt.Fprintln(cfg.Progress)
		}
		if cfg.SPRT != nil && res.SPRT != "continue" {
			cancel() // decided: the games under way are abandoned, not scored
		}
	}
	if cfg.Progress != nil {
		writeSummary(cfg.Progress, res, cfg.SPRT)
	}
	return res, nil
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

// worker plays the games it is handed with its own pair of engine processes, restarting
// an engine after a game that left it broken (crashed, hung, out of step).
func worker(ctx context.Context, cfg Config, t timeouts, names [2]string, jobs <-chan int, done chan<- gameRecord) {
	var engines [2]player // by engine index
	defer func() {
		for _, e := range engines {
			if e != nil {
				e.Close()
			}
		}
	}()
	for i := range jobs {
		opening := cfg.Openings.Opening(i / 2)
		white := i % 2 // engine1 is White in the first game of each opening
		rec := gameRecord{Round: i + 1, White: white, Black: 1 - white, Names: names}
		var startErr [2]error
		for k := range engines {
			if engines[k] == nil {
				engines[k], startErr[k] = startPlayer(cfg.Engines[k], cfg.Variant, t)
			}
		}
		switch {
		case startErr[0] != nil || startErr[1] != nil:
			// An engine that will not start loses the game; it is tried again next game.
			k := 0
			if startErr[0] == nil {
				k = 1
			}
			loser := movegen.White
			if rec.Black == k {
				loser = movegen.Black
			}
			rec.Start = opening.Start.FEN()
			rec.Result = movegen.WinFor(loser.Other())
			rec.Termination = termAbandoned
			rec.Reason = fmt.Sprintf("%s engine does not start: %v", colorName(loser), startErr[k])
		default:
			played := playGame(ctx, [2]player{engines[white], engines[1-white]},
				refGame{Variant: cfg.Variant, Opening: opening, TC: cfg.TC, Margin: cfg.Margin, Adj: cfg.Adjudicate})
			played.Round, played.White, played.Black, played.Names = rec.Round, rec.White, rec.Black, names
			rec = played
			for c, k := range []int{white, 1 - white} {
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

// writeSummary writes the final score, Elo and SPRT lines.
func writeSummary(w io.Writer, res *Result, t *SPRT) {
	s := res.Score
	fmt.Fprintf(w, "Score of %s vs %s: %d - %d - %d [%.3f] %d\n",
		res.Names[0], res.Names[1], s.Wins, s.Losses, s.Draws, s.Ratio(), s.Games())
	elo, lo, hi := s.Elo()
	margin := (hi - lo) / 2
	switch why := s.degenerate(); {
	case why != "" && s.Games() > 0:
		fmt.Fprintf(w, "Elo difference: %s (%s)\n", fmtElo(elo), why)
	case why != "":
		fmt.Fprintf(w, "Elo difference: %s\n", why)
	case math.IsInf(margin, 0) || math.IsNaN(margin):
		fmt.Fprintf(w, "Elo difference: %s, 95%% interval [%s, %s]\n", fmtElo(elo), fmtElo(lo), fmtElo(hi))
	default:
		fmt.Fprintf(w, "Elo difference: %s +/- %.1f, 95%% interval [%s, %s]\n", fmtElo(elo), margin, fmtElo(lo), fmtElo(hi))
	}
	fmt.Fprintf(w, "LOS: %.1f%%\n", 100*s.LOS())
	if t != nil {
		lo, hi := t.Bounds()
		fmt.Fprintf(w, "SPRT: elo0 %g elo1 %g alpha %g beta %g: LLR %.2f (%.2f, %.2f): %s\n",
			t.Elo0, t.Elo1, t.Alpha, t.Beta, t.LLR(s), lo, hi, t.State(s))
	}
}
