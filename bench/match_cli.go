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

// MatchUsage is the synopsis of `engine match`.
const MatchUsage = `engine match -variant NAME -engine1 CMD -engine2 CMD [-proto1 xboard|uci] [-proto2 xboard|uci]
             -games N -tc BASE+INC [-concurrency K] [-openings FILE|random:PLIES] [-pgn FILE]
             [-sprt elo0,elo1,alpha,beta] [-seed S]`

// RunCommand is `engine match ARGS`: it parses the flags, plays the match and prints the
// progress and the summary on stdout; errors go to stderr. It returns the exit status:
// 0 played, 2 bad usage, 1 the match could not run.
func RunCommand(args []string, stdout, stderr io.Writer) int {
	cfg, pgnPath, err := parseMatchArgs(args)
	if err != nil {
		fmt.Fprintf(stderr, "engine match: %v\nusage: %s\n", err, MatchUsage)
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
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	variant := fs.String("variant", "normal", "variant name")
	engine1 := fs.String("engine1", "", "first engine's command line (split at spaces)")
	engine2 := fs.String("engine2", "", "second engine's command line")
	proto1 := fs.String("proto1", "xboard", "first engine's protocol: xboard or uci")
	proto2 := fs.String("proto2", "xboard", "second engine's protocol")
	games := fs.Int("games", 2, "number of games (two per opening)")
	tc := fs.String("tc", "10+0.1", "time control BASE+INC in seconds")
	conc := fs.Int("concurrency", 1, "games played at once")
	openings := fs.String("openings", "random:4", "FILE of FENs or move lists, or random:PLIES")
	pgn := fs.String("pgn", "", "write every game to this PGN file")
	sprt := fs.String("sprt", "", "elo0,elo1,alpha,beta: stop when the test decides")
	seed := fs.Uint64("seed", 0, "random seed for the openings (0: from the clock, printed)")
	var cfg Config
	if err := fs.Parse(args); err != nil {
		return cfg, "", err
	}
	if fs.NArg() > 0 {
		return cfg, "", fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if cfg.Variant = movegen.ByName(*variant); cfg.Variant == nil {
		return cfg, "", fmt.Errorf("unknown variant %q (known: %s)", *variant, strings.Join(movegen.Names(), ", "))
	}
	for i, e := range []struct{ cmd, proto string }{{*engine1, *proto1}, {*engine2, *proto2}} {
		cmd := strings.Fields(e.cmd)
		if len(cmd) == 0 {
			return cfg, "", fmt.Errorf("-engine%d is required", i+1)
		}
		if e.proto != "xboard" && e.proto != "uci" {
			return cfg, "", fmt.Errorf("-proto%d %q: want xboard or uci", i+1, e.proto)
		}
		cfg.Engines[i] = EngineSpec{Cmd: cmd, Proto: e.proto}
	}
	if *games < 1 {
		return cfg, "", fmt.Errorf("-games %d: want at least 1", *games)
	}
	cfg.Games = *games
	var err error
	if cfg.TC, err = ParseTC(*tc); err != nil {
		return cfg, "", err
	}
	if *conc < 1 || *conc > 256 {
		return cfg, "", fmt.Errorf("-concurrency %d: want 1 to 256", *conc)
	}
	cfg.Concurrency = *conc
	cfg.Seed = *seed
	if cfg.Seed == 0 {
		cfg.Seed = uint64(time.Now().UnixNano())%1_000_000_000 + 1
	}
	if cfg.Openings, err = openingsFlag(*openings, cfg.Variant, cfg.Seed); err != nil {
		return cfg, "", err
	}
	if *sprt != "" {
		if cfg.SPRT, err = ParseSPRT(*sprt); err != nil {
			return cfg, "", err
		}
	}
	cfg.Adjudicate = DefaultAdjudication
	return cfg, *pgn, nil
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
