package bench

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"time"

	"varchess/movegen"
)

// MatchUsage is the synopsis of `engine match`: two engines, or more for a tournament.
const MatchUsage = `engine match -engine1 CMD -engine2 CMD [-proto1 P] [-proto2 P] [-name1 N] [-name2 N]
             [-dir1 D] [-dir2 D] [-option1 NAME=V]... [-option2 NAME=V]... [-engine WORDS]...
             [-engines FILE] [-each WORDS] [-tournament round-robin|gauntlet] [-anchor NAME]
             [-variant NAME[,NAME...]|all] [-games N] [-tc BASE+INC|MOVES/BASE+INC|inf] [-st SEC]
             [-nodes N] [-depth D] [-timemargin MS] [-concurrency K] [-openings FILE|random:PLIES]
             [-plies N] [-order sequential|random] [-seed S] [-shard K/N] [-pgn FILE]
             [-report FILE.html] [-sprt elo0,elo1,alpha,beta] [-stats pentanomial|trinomial]
             [-draw RULE] [-resign RULE] [-noadjudicate] [-maxmoves N] [-strict]
       engine match [-merge] [flags] A.pgn B.pgn ...`

// matchAbout is the paragraph of `engine match -h` between the synopsis and the flags.
const matchAbout = `Plays games between two engines, or a tournament between more, in any variant, as
their referee: it applies the rules to every move, keeps the clocks, ends each game by rule,
forfeit or adjudication, restarts an engine that crashed or hung, and prints the score, the
Elo difference (pentanomial: each opening is played with both colours), the rating table of
a tournament and, with -sprt, the test's decision. -merge prints the same figures from the
PGN files of earlier runs (the shards of one campaign). Engine settings are KEY=VALUE
words: cmd=, name=, proto=, dir=, option.NAME=VALUE, conf=NAME (an engine of -engines).
Exit status: 0 played, 2 bad usage, 1 the match could not start, 3 with -strict: a game
was lost by forfeit.`

// listFlag is a flag that may be given more than once.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, " ") }
func (l *listFlag) Set(s string) error { *l = append(*l, s); return nil }

// matchFlags are the values of the flags of `engine match`.
type matchFlags struct {
	variant, engine1, engine2, proto1, proto2, name1, name2, dir1, dir2 *string
	engine, option1, option2                                            listFlag
	each, enginesFile, tournament, anchor                               *string
	games, concurrency, depth, plies, maxMoves                          *int
	nodes                                                               *int64
	tc, st, timeMargin, openings, order, pgn, report, sprt, stats       *string
	draw, resign, shard                                                 *string
	noAdjudicate, merge, strict                                         *bool
	seed                                                                *uint64
}

// newMatchFlags defines the flags of `engine match`; a word in backquotes names the value
// in the help.
func newMatchFlags() (*flag.FlagSet, *matchFlags) {
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	f := &matchFlags{
		engine1: fs.String("engine1", "", "the first engine's command line `CMD`, split into words as a shell would "+
			"(quotes and backslashes work; for pipes or variables write /bin/sh -c '...')"),
		engine2:     fs.String("engine2", "", "the second engine's command line `CMD`, as -engine1"),
		proto1:      fs.String("proto1", protoAuto, "speak protocol `PROTO` to the first engine: auto (found out at the handshake), xboard or uci"),
		proto2:      fs.String("proto2", protoAuto, "speak protocol `PROTO` to the second engine, as -proto1"),
		name1:       fs.String("name1", "", "the first engine's `NAME` in the tables and the PGN (default: its own)"),
		name2:       fs.String("name2", "", "the second engine's `NAME`, as -name1"),
		dir1:        fs.String("dir1", "", "the working directory `DIR` of the first engine"),
		dir2:        fs.String("dir2", "", "the working directory `DIR` of the second engine"),
		each:        fs.String("each", "", "settings `WORDS` for every engine (option.NAME=VALUE, dir=, proto=), which an engine's own override"),
		enginesFile: fs.String("engines", "", "read engines from `FILE`: one a line, in the words of -engine, each with a name=; without -engine1, -engine2 or -engine all of them play"),
		tournament:  fs.String("tournament", roundRobin, "with more than two engines: `KIND` round-robin (each against each) or gauntlet (the first against each other)"),
		anchor:      fs.String("anchor", "", "the engine `NAME` rated 0 in the rating table (default: the first)"),
		variant:     fs.String("variant", "normal", "the variant `NAME`, several separated by commas, or all: "+strings.Join(movegen.Names(), ", ")),
		games:       fs.Int("games", 2, "play `N` games between each pair of engines (in each variant); each opening is played twice, the colours swapped"),
		tc:          fs.String("tc", "10+0.1", "the time control: `BASE+INC` in seconds, fractions allowed (0.5+0.01); MOVES/BASE+INC for BASE every MOVES moves (40/60+0); inf for no clock (with -nodes or -depth)"),
		st:          fs.String("st", "", "a fixed time per move of `SEC` seconds instead of a clock (XBoard st, UCI go movetime)"),
		nodes:       fs.Int64("nodes", 0, "limit every search to `N` nodes (UCI go nodes; XBoard has no node limit)"),
		depth:       fs.Int("depth", 0, "limit every search to depth `D` (UCI go depth, XBoard sd)"),
		timeMargin:  fs.String("timemargin", "50", "the lag `MS` forgiven, in milliseconds, on top of an engine's time before it loses on time"),
		openings:    fs.String("openings", "random:4", "start the games from the openings of `FILE` (.epd: EPD positions; .pgn: the first -plies moves of each game; else one a line: a FEN, a FEN and moves, or moves), or with random:PLIES from PLIES random moves"),
		plies:       fs.Int("plies", 0, "with a PGN openings file, take the first `N` plies of each game (0: all)"),
		order:       fs.String("order", "sequential", "the `ORDER` of a file's openings: sequential, or random (shuffled by the seed)"),
		pgn:         fs.String("pgn", "", "write every game to the PGN file `FILE` as it ends"),
		report:      fs.String("report", "", "write a self-contained HTML report to `FILE` at the end"),
		sprt:        fs.String("sprt", "", "stop as soon as a sequential test decides between elo0 and elo1, with error rates alpha and beta: `elo0,elo1,alpha,beta` (like 0,10,0.05,0.05)"),
		stats:       fs.String("stats", statsPenta, "the `MODEL` of the Elo interval and the SPRT: pentanomial (game pairs, as fishtest) or trinomial (single games)"),
		seed:        fs.Uint64("seed", 0, "the seed `S` of the random openings and of -order random (0: one from the clock, printed)"),
		shard:       fs.String("shard", "", "play only part `K/N` of the schedule: every N-th pair of games from the K-th; the N shards of one seed play the games of one run"),
		draw:        fs.String("draw", "", "draw adjudication `RULE` movenumber=N,movecount=N,score=CP: from move N, movecount moves each within score centipawns (default movenumber=40,movecount=8,score=10; movecount=0 turns it off)"),
		resign:      fs.String("resign", "", "win adjudication `RULE` movecount=N,score=CP: movecount moves each with the winner at least score and the loser at most -score (default movecount=4,score=1000; movecount=0 turns it off)"),
		maxMoves:    fs.Int("maxmoves", 1000, "adjudicate a draw after `N` moves (0: never)"),
	}
	fs.Var(&f.engine, "engine", "one more engine, in `WORDS` cmd=CMD name=NAME proto=PROTO dir=DIR option.NAME=VALUE conf=NAME; repeat for each")
	fs.Var(&f.option1, "option1", "set the first engine's option: `NAME=VALUE` (UCI setoption; XBoard option, or memory and cores); repeat for more")
	fs.Var(&f.option2, "option2", "set the second engine's option `NAME=VALUE`, as -option1")
	f.concurrency = fs.Int("concurrency", 1, "play `K` games at once, each with its own engine processes")
	f.noAdjudicate = fs.Bool("noadjudicate", false, "adjudicate nothing by score: games end by the rules, a forfeit or -maxmoves")
	f.merge = fs.Bool("merge", false, "play nothing: read the PGN files named after the flags (the shards of one campaign) and print their figures")
	f.strict = fs.Bool("strict", false, "exit with status 3 when a game was lost by a forfeit (time, an illegal move, a false claim, a crash)")
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

// cliConfig is what the command line asks for besides the Config.
type cliConfig struct {
	pgn, report string
	merge       []string // PGN files to merge (-merge)
	strict      bool
}

// RunCommand is `engine match ARGS`: it parses the flags, plays the match and prints the
// progress and the summary on stdout; errors go to stderr. It returns the exit status:
// 0 played (or -h), 2 bad usage, 1 the match could not run, 3 a forfeit under -strict.
func RunCommand(args []string, stdout, stderr io.Writer) int {
	cfg, cli, err := parseMatchArgs(args)
	if errors.Is(err, flag.ErrHelp) {
		writeMatchHelp(stdout)
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "engine match: %v\nusage: %s\n(engine match -h describes every flag and its default)\n", err, MatchUsage)
		return 2
	}
	var sum *Summary
	if cli.merge != nil {
		if sum, err = mergeFiles(cli.merge, SummaryOptions{Stats: cfg.Stats, SPRT: cfg.SPRT, Anchor: cfg.Anchor}); err != nil {
			fmt.Fprintf(stderr, "engine match: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "merged: %d games from %d files\n", len(sum.Games), len(cli.merge))
		sum.Write(stdout)
	} else {
		cfg.Progress = stdout
		if cli.pgn != "" {
			f, err := os.Create(cli.pgn)
			if err != nil {
				fmt.Fprintf(stderr, "engine match: %v\n", err)
				return 1
			}
			defer f.Close()
			cfg.PGN = f
		}
		names := make([]string, 0, len(cfg.variants()))
		for _, v := range cfg.variants() {
			names = append(names, v.Name)
		}
		fmt.Fprintf(stdout, "match: %s, %d engines, %d games, tc %s, seed %d\n", strings.Join(names, ","), len(cfg.Engines),
			len(makeSchedule(len(names), len(cfg.Engines), cfg.Tournament, cfg.Games)), cfg.TC, cfg.Seed)
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
		defer stop()
		res, err := Run(ctx, cfg)
		if err != nil {
			fmt.Fprintf(stderr, "engine match: %v\n", err)
			return 1
		}
		sum = res.Summary
		if line := machine().summary(); line != "" {
			fmt.Fprintln(stdout, line)
		}
	}
	if cli.report != "" {
		if err := writeReportFile(cli.report, sum); err != nil {
			fmt.Fprintf(stderr, "engine match: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "report: %s\n", cli.report)
	}
	if n := sum.Forfeits(); cli.strict && n > 0 {
		fmt.Fprintf(stdout, "strict: %d game(s) lost by forfeit\n", n)
		return 3
	}
	return 0
}

// parseMatchArgs reads the flags of engine match into a Config and the rest.
func parseMatchArgs(args []string) (Config, cliConfig, error) {
	fs, fl := newMatchFlags()
	var cfg Config
	var cli cliConfig
	var files []string
	for rest := args; ; {
		if err := fs.Parse(rest); err != nil {
			return cfg, cli, err
		}
		if rest = fs.Args(); len(rest) == 0 {
			break
		}
		files, rest = append(files, rest[0]), rest[1:]
	}
	if *fl.merge {
		if len(files) == 0 {
			return cfg, cli, fmt.Errorf("-merge needs the PGN files to read")
		}
		cli.merge = files
	} else if len(files) > 0 {
		return cfg, cli, fmt.Errorf("unexpected argument %q", files[0])
	}
	cli.pgn, cli.report, cli.strict = *fl.pgn, *fl.report, *fl.strict
	cfg.Stats = *fl.stats
	if cfg.Stats != statsPenta && cfg.Stats != statsTrinomial {
		return cfg, cli, fmt.Errorf("-stats %q: want %s or %s", cfg.Stats, statsPenta, statsTrinomial)
	}
	cfg.Anchor = *fl.anchor
	if *fl.sprt != "" {
		var err error
		if cfg.SPRT, err = ParseSPRT(*fl.sprt); err != nil {
			return cfg, cli, err
		}
	}
	if cli.merge != nil {
		return cfg, cli, nil
	}
	var err error
	if cfg.Variants, err = parseVariants(*fl.variant); err != nil {
		return cfg, cli, err
	}
	cfg.Variant = cfg.Variants[0]
	if cfg.Engines, err = enginesOf(fl); err != nil {
		return cfg, cli, err
	}
	if cfg.Anchor != "" {
		found := false
		for _, e := range cfg.Engines {
			found = found || e.Name == cfg.Anchor
		}
		if !found {
			return cfg, cli, fmt.Errorf("-anchor %q: no engine has that name= (the anchor is named by its name= setting)", cfg.Anchor)
		}
	}
	cfg.Tournament = *fl.tournament
	if cfg.Tournament != roundRobin && cfg.Tournament != gauntlet {
		return cfg, cli, fmt.Errorf("-tournament %q: want %s or %s", cfg.Tournament, roundRobin, gauntlet)
	}
	if *fl.games < 1 {
		return cfg, cli, fmt.Errorf("-games %d: want at least 1", *fl.games)
	}
	cfg.Games = *fl.games
	if cfg.TC, err = ParseTC(*fl.tc); err != nil {
		return cfg, cli, err
	}
	if *fl.st != "" {
		if cfg.TC.MoveTime, err = seconds(*fl.st); err != nil || cfg.TC.MoveTime <= 0 {
			return cfg, cli, fmt.Errorf("-st %q: want a time per move in seconds above 0, like 1 or 0.5", *fl.st)
		}
	}
	if *fl.nodes < 0 || *fl.depth < 0 || *fl.depth > 1000 {
		return cfg, cli, fmt.Errorf("-nodes and -depth: want 0 (no limit) or more, depth at most 1000")
	}
	cfg.TC.Nodes, cfg.TC.Depth = *fl.nodes, *fl.depth
	if err := cfg.TC.check(); err != nil {
		return cfg, cli, err
	}
	ms, err := strconv.Atoi(*fl.timeMargin)
	if err != nil || ms < 0 || ms > 600000 {
		return cfg, cli, fmt.Errorf("-timemargin %q: want milliseconds from 0 to 600000", *fl.timeMargin)
	}
	cfg.Margin = time.Duration(ms) * time.Millisecond
	if ms == 0 {
		cfg.Margin = time.Nanosecond // Run takes 0 for its default
	}
	if *fl.concurrency < 1 || *fl.concurrency > 256 {
		return cfg, cli, fmt.Errorf("-concurrency %d: want 1 to 256", *fl.concurrency)
	}
	cfg.Concurrency = *fl.concurrency
	cfg.Seed = *fl.seed
	if cfg.Seed == 0 {
		cfg.Seed = uint64(time.Now().UnixNano())%1_000_000_000 + 1
	}
	if *fl.order != "sequential" && *fl.order != "random" {
		return cfg, cli, fmt.Errorf("-order %q: want sequential or random", *fl.order)
	}
	if *fl.plies < 0 {
		return cfg, cli, fmt.Errorf("-plies %d: want 0 (all) or more", *fl.plies)
	}
	src := openingSource{spec: *fl.openings, plies: *fl.plies, random: *fl.order == "random", seed: cfg.Seed}
	if !strings.HasPrefix(src.spec, "random:") && len(cfg.Variants) > 1 {
		return cfg, cli, fmt.Errorf("-openings %s: a file holds the openings of one variant, and %d are played", src.spec, len(cfg.Variants))
	}
	opened := map[string]Openings{}
	for _, v := range cfg.Variants {
		if opened[v.Name], err = src.open(v); err != nil {
			return cfg, cli, err
		}
	}
	cfg.Openings = opened[cfg.Variant.Name]
	cfg.OpeningsFor = func(v *movegen.Variant) Openings { return opened[v.Name] }
	if *fl.shard != "" {
		if cfg.Shard, cfg.Shards, err = ParseShard(*fl.shard); err != nil {
			return cfg, cli, err
		}
	}
	cfg.Adjudicate = DefaultAdjudication
	if *fl.noAdjudicate {
		cfg.Adjudicate.DrawMoves, cfg.Adjudicate.WinMoves = 0, 0
	}
	if *fl.draw != "" {
		if err := parseDrawRule(&cfg.Adjudicate, *fl.draw); err != nil {
			return cfg, cli, err
		}
	}
	if *fl.resign != "" {
		if err := parseResignRule(&cfg.Adjudicate, *fl.resign); err != nil {
			return cfg, cli, err
		}
	}
	if *fl.maxMoves < 0 {
		return cfg, cli, fmt.Errorf("-maxmoves %d: want 0 (never) or more", *fl.maxMoves)
	}
	cfg.Adjudicate.MaxPlies = 2 * *fl.maxMoves
	return cfg, cli, nil
}

// enginesOf builds the engines of the command line: -engine1 and -engine2 (with their
// -protoN, -nameN, -dirN, -optionN), then each -engine, or every engine of -engines when
// none is given; -each fills what an engine leaves unset.
func enginesOf(fl *matchFlags) ([]EngineSpec, error) {
	conf := map[string]EngineSpec{}
	var fromFile []EngineSpec
	if *fl.enginesFile != "" {
		var err error
		if fromFile, err = readEnginesFile(*fl.enginesFile); err != nil {
			return nil, err
		}
		for _, e := range fromFile {
			conf[e.Name] = e
		}
	}
	each, err := parseEngineWords(*fl.each, conf)
	if err != nil {
		return nil, fmt.Errorf("-each: %v", err)
	}
	if each.Cmd != nil || each.Name != "" {
		return nil, fmt.Errorf("-each sets what all engines share (option.NAME=, dir=, proto=), not cmd= or name=")
	}
	var out []EngineSpec
	for i, e := range []struct {
		cmd, proto, name, dir *string
		options               listFlag
	}{{fl.engine1, fl.proto1, fl.name1, fl.dir1, fl.option1}, {fl.engine2, fl.proto2, fl.name2, fl.dir2, fl.option2}} {
		if strings.TrimSpace(*e.cmd) == "" {
			if len(e.options) > 0 || *e.name != "" || *e.dir != "" {
				return nil, fmt.Errorf("-option%d, -name%d or -dir%d without -engine%d", i+1, i+1, i+1, i+1)
			}
			continue
		}
		cmd, err := splitCommand(*e.cmd)
		if err != nil {
			return nil, fmt.Errorf("-engine%d: %v", i+1, err)
		}
		if *e.proto != protoAuto && *e.proto != "xboard" && *e.proto != "uci" {
			return nil, fmt.Errorf("-proto%d %q: want auto, xboard or uci", i+1, *e.proto)
		}
		spec := EngineSpec{Cmd: cmd, Proto: *e.proto, Name: *e.name, Dir: *e.dir}
		for _, o := range e.options {
			name, value, ok := strings.Cut(o, "=")
			if !ok || name == "" {
				return nil, fmt.Errorf("-option%d %q: want NAME=VALUE", i+1, o)
			}
			spec.Options = setOption(spec.Options, name, value)
		}
		out = append(out, spec)
	}
	for _, words := range fl.engine {
		spec, err := parseEngineWords(words, conf)
		if err != nil {
			return nil, fmt.Errorf("-engine %q: %v", words, err)
		}
		if spec.Cmd == nil {
			return nil, fmt.Errorf("-engine %q: no cmd= (or conf=NAME of an -engines file)", words)
		}
		out = append(out, spec)
	}
	if len(out) == 0 {
		out = fromFile
	}
	switch {
	case len(out) == 0:
		return nil, fmt.Errorf("-engine1 is required (and -engine2; or -engine for each engine, or -engines FILE)")
	case len(out) == 1 && *fl.engine2 == "" && len(fl.engine) == 0:
		return nil, fmt.Errorf("-engine2 is required")
	case len(out) == 1:
		return nil, fmt.Errorf("-engine1 is required")
	}
	for i := range out {
		out[i] = mergeSpec(out[i], each)
	}
	return out, nil
}
