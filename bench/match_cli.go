package bench

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"time"

	"varchess/movegen"
)

// MatchUsage is the synopsis of `engine match`: only the two engines are required.
const MatchUsage = `engine match -engine1 CMD -engine2 CMD [-variant NAME] [-proto1 auto|xboard|uci]
             [-proto2 auto|xboard|uci] [-games N] [-tc BASE+INC] [-concurrency K]
             [-openings FILE|random:PLIES] [-pgn FILE] [-sprt elo0,elo1,alpha,beta] [-seed S]`

// matchAbout is the paragraph of `engine match -h` between the synopsis and the flags.
const matchAbout = `Plays games between two engines in any variant, as their referee: it applies the rules
to every move, keeps the clocks, ends each game by rule, forfeit or adjudication, restarts
an engine that crashed or hung, and prints the score, the Elo difference and, with -sprt,
the test's decision. Exit status: 0 played, 2 bad usage, 1 the match could not start.`

// matchFlags are the values of the flags of `engine match`.
type matchFlags struct {
	variant, engine1, engine2, proto1, proto2 *string
	games, concurrency                        *int
	tc, openings, pgn, sprt                   *string
	seed                                      *uint64
}

// newMatchFlags defines the flags of `engine match`; a word in backquotes names the value
// in the help.
func newMatchFlags() (*flag.FlagSet, *matchFlags) {
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	f := &matchFlags{
		engine1: fs.String("engine1", "", "the first engine's command line `CMD`, split into words as a shell would "+
			"(quotes and backslashes work; for pipes or variables write /bin/sh -c '...'); required"),
		engine2:  fs.String("engine2", "", "the second engine's command line `CMD`, as -engine1; required"),
		variant:  fs.String("variant", "normal", "the variant `NAME`: "+strings.Join(movegen.Names(), ", ")),
		proto1:   fs.String("proto1", protoAuto, "speak protocol `PROTO` to the first engine: auto (found out at the handshake), xboard or uci"),
		proto2:   fs.String("proto2", protoAuto, "speak protocol `PROTO` to the second engine, as -proto1"),
		games:    fs.Int("games", 2, "play `N` games; each opening is played twice, the colours swapped"),
		tc:       fs.String("tc", "10+0.1", "the time control `BASE+INC` in seconds, fractions allowed (0.5+0.01)"),
		openings: fs.String("openings", "random:4", "start the games from the lines of `FILE` (a FEN, a FEN and moves, or moves), or with random:PLIES from PLIES random moves"),
		pgn:      fs.String("pgn", "", "write every game to the PGN file `FILE` as it ends"),
		sprt:     fs.String("sprt", "", "stop as soon as a sequential test decides between elo0 and elo1, with error rates alpha and beta: `elo0,elo1,alpha,beta` (like 0,10,0.05,0.05)"),
		seed:     fs.Uint64("seed", 0, "the random openings' seed `S` (0: one from the clock, printed)"),
	}
	f.concurrency = fs.Int("concurrency", 1, "play `K` games at once, each with its own pair of engine processes")
	return fs, f
}

// writeMatchHelp writes the synopsis, what the command does and every flag with its value,
// description and default.
func writeMatchHelp(w io.Writer) {
	fs, _ := newMatchFlags()
	fmt.Fprintf(w, "usage: %s\n\n%s\n\nflags:\n", MatchUsage, matchAbout)
	fs.VisitAll(func(f *flag.Flag) {
		value, usage := flag.UnquoteUsage(f)
		fmt.Fprintf(w, "  -%s %s\n        %s", f.Name, value, usage)
		if f.DefValue != "" && f.DefValue != "0" {
			fmt.Fprintf(w, " (default %s)", f.DefValue)
		}
		fmt.Fprintln(w)
	})
}

// RunCommand is `engine match ARGS`: it parses the flags, plays the match and prints the
// progress and the summary on stdout; errors go to stderr. It returns the exit status:
// 0 played (or -h), 2 bad usage, 1 the match could not run.
func RunCommand(args []string, stdout, stderr io.Writer) int {
	cfg, pgnPath, err := parseMatchArgs(args)
	if errors.Is(err, flag.ErrHelp) {
		writeMatchHelp(stdout)
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "engine match: %v\nusage: %s\n(engine match -h describes every flag and its default)\n", err, MatchUsage)
		return 2
	}
	cfg.Progress = stdout
	if pgnPath != "" {
		f, err := os.Create(pgnPath)
		if err != nil {
			fmt.Fprintf(stderr, "engine match: %v\n", err)
			return 1
		}
		defer f.Close()
		cfg.PGN = f
	}
	fmt.Fprintf(stdout, "match: %s, %d games, tc %s, seed %d\n", cfg.Variant.Name, cfg.Games, cfg.TC, cfg.Seed)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if _, err := Run(ctx, cfg); err != nil {
		fmt.Fprintf(stderr, "engine match: %v\n", err)
		return 1
	}
	return 0
}

// parseMatchArgs reads the flags of engine match into a Config and the PGN file name.
func parseMatchArgs(args []string) (Config, string, error) {
	fs, fl := newMatchFlags()
	var cfg Config
	if err := fs.Parse(args); err != nil {
		return cfg, "", err
	}
	if fs.NArg() > 0 {
		return cfg, "", fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if cfg.Variant = movegen.ByName(*fl.variant); cfg.Variant == nil {
		return cfg, "", fmt.Errorf("unknown variant %q (known: %s)", *fl.variant, strings.Join(movegen.Names(), ", "))
	}
	for i, e := range []struct{ cmd, proto string }{{*fl.engine1, *fl.proto1}, {*fl.engine2, *fl.proto2}} {
		if strings.TrimSpace(e.cmd) == "" {
			return cfg, "", fmt.Errorf("-engine%d is required", i+1)
		}
		cmd, err := splitCommand(e.cmd)
		if err != nil {
			return cfg, "", fmt.Errorf("-engine%d: %v", i+1, err)
		}
		if e.proto != protoAuto && e.proto != "xboard" && e.proto != "uci" {
			return cfg, "", fmt.Errorf("-proto%d %q: want auto, xboard or uci", i+1, e.proto)
		}
		cfg.Engines[i] = EngineSpec{Cmd: cmd, Proto: e.proto}
	}
	if *fl.games < 1 {
		return cfg, "", fmt.Errorf("-games %d: want at least 1", *fl.games)
	}
	cfg.Games = *fl.games
	var err error
	if cfg.TC, err = ParseTC(*fl.tc); err != nil {
		return cfg, "", err
	}
	if *fl.concurrency < 1 || *fl.concurrency > 256 {
		return cfg, "", fmt.Errorf("-concurrency %d: want 1 to 256", *fl.concurrency)
	}
	cfg.Concurrency = *fl.concurrency
	cfg.Seed = *fl.seed
	if cfg.Seed == 0 {
		cfg.Seed = uint64(time.Now().UnixNano())%1_000_000_000 + 1
	}
	if cfg.Openings, err = openingsFlag(*fl.openings, cfg.Variant, cfg.Seed); err != nil {
		return cfg, "", err
	}
	if *fl.sprt != "" {
		if cfg.SPRT, err = ParseSPRT(*fl.sprt); err != nil {
			return cfg, "", err
		}
	}
	cfg.Adjudicate = DefaultAdjudication
	return cfg, *fl.pgn, nil
}

// openingsFlag reads -openings: random:PLIES or a file name.
func openingsFlag(s string, v *movegen.Variant, seed uint64) (Openings, error) {
	if rest, ok := strings.CutPrefix(s, "random:"); ok {
		n, err := strconv.Atoi(rest)
		if err != nil || n < 0 || n > 200 {
			return nil, fmt.Errorf("-openings %q: want random:PLIES with PLIES from 0 to 200", s)
		}
		return RandomOpenings(v, n, seed), nil
	}
	f, err := os.Open(s)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadOpenings(f, v)
}

// ParseTC reads a time control "BASE+INC" (or "BASE"), in seconds, fractions allowed.
func ParseTC(s string) (TimeControl, error) {
	base, inc, hasInc := strings.Cut(s, "+")
	sec := func(x string) (time.Duration, error) {
		f, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
		if err != nil || math.IsNaN(f) || f < 0 || f > 1e6 {
			return 0, errors.New("bad")
		}
		return time.Duration(f * float64(time.Second)), nil
	}
	var tc TimeControl
	var err error
	if tc.Base, err = sec(base); err != nil || tc.Base <= 0 {
		return tc, fmt.Errorf("time control %q: want BASE+INC in seconds with BASE above 0, like 10+0.1", s)
	}
	if hasInc {
		if tc.Inc, err = sec(inc); err != nil {
			return tc, fmt.Errorf("time control %q: want BASE+INC in seconds, like 10+0.1", s)
		}
	}
	return tc, nil
}
