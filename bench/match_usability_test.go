package bench

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"varchess/internal/syncbuf"
	"varchess/movegen"
)

// TestDeadEngineReported: an engine that dies says how, with its exit status and the end
// of its standard error, in the reason of the game it loses and in the error of a match
// it cannot start.
func TestDeadEngineReported(t *testing.T) {
	t.Parallel()
	cfg := quickConfig(t, EngineSpec{Cmd: fakeCmd("xboard", "at=2", "act=crash"), Proto: "xboard"},
		EngineSpec{Cmd: fakeCmd("uci"), Proto: "uci"}, startFEN, "5+0")
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	g := res.Games[0]
	for _, want := range []string{"White engine exited", "exit status 3", "fake engine: crashing at move 2"} {
		if !strings.Contains(g.Reason, want) {
			t.Errorf("reason %q lacks %q", g.Reason, want)
		}
	}

	// Dead before the handshake: the match does not start, and the error says why. Of a
	// long standard error only the end is kept, where the reason usually is.
	noisy := `i=0; while [ $i -lt 500 ]; do echo "noise $i" >&2; i=$((i+1)); done; ` +
		`echo "cannot open the weights file" >&2; exit 7`
	cfg = quickConfig(t, EngineSpec{Cmd: []string{"/bin/sh", "-c", noisy}, Proto: "uci"}, EngineSpec{Cmd: fakeCmd("uci"), Proto: "uci"}, startFEN, "5+0")
	_, err = Run(context.Background(), cfg)
	if err == nil {
		t.Fatal("a dead engine started")
	}
	msg := err.Error()
	for _, want := range []string{"engine1", "exit status 7", "cannot open the weights file"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q lacks %q", msg, want)
		}
	}
	if strings.Contains(msg, "noise 0\n") || strings.Contains(msg, "noise 1 ") || len(msg) > 800 {
		t.Errorf("error keeps more than the end of stderr (%d bytes): %q", len(msg), msg)
	}
}

// TestSplitCommand: engine commands are split into words as a POSIX shell would (quotes,
// backslashes, a leading ~), and what only a shell can do is refused with a hint.
func TestSplitCommand(t *testing.T) {
	t.Setenv("HOME", "/home/u")
	for in, want := range map[string][]string{
		"bin/engine":                               {"bin/engine"},
		"  bin/engine \t play  -maxdepth 2 ":       {"bin/engine", "play", "-maxdepth", "2"},
		`/bin/sh -c 'exec bin/engine 2>/dev/null'`: {"/bin/sh", "-c", "exec bin/engine 2>/dev/null"},
		`"/opt/my engines/e" -x`:                   {"/opt/my engines/e", "-x"},
		`my\ engine arg`:                           {"my engine", "arg"},
		`"say \"hi\" \\ \$x \q"`:                   {`say "hi" \ $x \q`},
		`'a'"b"c`:                                  {"abc"},
		`e ''`:                                     {"e", ""},
		`~/bin/e ~x a~`:                            {"/home/u/bin/e", "~x", "a~"},
		`e "a|b" 'c;d' \>`:                         {"e", "a|b", "c;d", ">"},
	} {
		got, err := splitCommand(in)
		if err != nil || strings.Join(got, "\x00") != strings.Join(want, "\x00") || len(got) != len(want) {
			t.Errorf("splitCommand(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for in, want := range map[string]string{
		"":                        "empty",
		"   ":                     "empty",
		`engine 'unterminated`:    "unterminated '",
		`engine "unterminated`:    `unterminated "`,
		`engine \`:                "backslash",
		"bin/engine | tee log":    "/bin/sh -c",
		"bin/engine > log":        "/bin/sh -c",
		"bin/engine; rm x":        "/bin/sh -c",
		"bin/engine -hash $HASH":  "/bin/sh -c",
		"bin/engine `which x`":    "/bin/sh -c",
		"bin/engine &":            "/bin/sh -c",
		"(bin/engine)":            "/bin/sh -c",
		"bin/engine <input.txt":   "/bin/sh -c",
		"bin/engine && something": "/bin/sh -c",
	} {
		if got, err := splitCommand(in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("splitCommand(%q) = %q, %v; want an error with %q", in, got, err, want)
		}
	}
	// quoteCommand writes what splitCommand reads back.
	for _, argv := range [][]string{{"a"}, {"/opt/my engines/e", "it's", `"q"`, "", "$x"}} {
		if got, err := splitCommand(quoteCommand(argv)); err != nil || strings.Join(got, "\x00") != strings.Join(argv, "\x00") {
			t.Errorf("splitCommand(quoteCommand(%q)) = %q, %v", argv, got, err)
		}
	}
}

// TestRunCommandShellWords: -engine1 and -engine2 take commands with quotes, as typed in a
// shell: a program in a folder with a space, and /bin/sh -c '...'.
func TestRunCommandShellWords(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "my engines")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	spaced := filepath.Join(dir, "fake")
	if err := os.Symlink(os.Args[0], spaced); err != nil {
		t.Fatal(err)
	}
	shelled := `/bin/sh -c "exec ` + quoteCommand(fakeCmd("xboard", "name=Shelled", "moves=f2f3,g2g4")) + `"`
	var out, errb bytes.Buffer
	code := RunCommand([]string{
		"-engine1", shelled,
		"-engine2", quoteCommand([]string{spaced, "fake-engine", "uci", "name=Spaced", "moves=e7e5,d8h4"}),
		"-games", "1", "-tc", "5+0", "-openings", "random:0", "-seed", "1",
	}, &out, &errb)
	if code != 0 || !strings.Contains(out.String(), "Score of Shelled vs Spaced: 0 - 1 - 0") {
		t.Errorf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out.String(), errb.String())
	}
}

// TestProtocolDetected: with -proto auto (the default) the runner finds each engine's
// protocol; an engine given the wrong protocol is told apart within seconds, not after
// the handshake's 10 s, and the error says which protocol to use.
func TestProtocolDetected(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		e    EngineSpec
		want string // in the error; "" the match plays
	}{
		{"uci engine as xboard", EngineSpec{Cmd: fakeCmd("uci"), Proto: "xboard"}, "speaks UCI, not XBoard: use -proto1 uci"},
		{"xboard engine as uci", EngineSpec{Cmd: fakeCmd("xboard"), Proto: "uci"}, "speaks XBoard, not UCI: use -proto1 xboard"},
		{"uci engine detected", EngineSpec{Cmd: fakeCmd("uci", "name=U"), Proto: "auto"}, ""},
		{"xboard engine detected", EngineSpec{Cmd: fakeCmd("xboard", "name=X"), Proto: "auto"}, ""},
		{"no protocol given", EngineSpec{Cmd: fakeCmd("uci", "name=U"), Proto: ""}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			cfg := quickConfig(t, c.e, EngineSpec{Cmd: fakeCmd("uci", "name=other"), Proto: "uci"}, startFEN, "5+0")
			cfg.Adjudicate.MaxPlies = 2
			var progress bytes.Buffer
			cfg.Progress = &progress
			begin := time.Now()
			res, err := Run(context.Background(), cfg)
			took := time.Since(begin)
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("%v", err)
			case c.want == "":
				proto := "uci"
				if strings.Contains(c.name, "xboard") {
					proto = "xboard"
				}
				if res.Protocols[0] != proto || !strings.Contains(progress.String(), "engine1: "+res.Names[0]+" over "+proto) {
					t.Errorf("protocol %q, want %q; progress:\n%s", res.Protocols[0], proto, progress.String())
				}
			case err == nil || !strings.Contains(err.Error(), c.want):
				t.Errorf("error %v, want one containing %q", err, c.want)
			}
			if took > 6*time.Second {
				t.Errorf("took %v: the wrong protocol must show before the handshake's time runs out", took)
			}
		})
	}
}

// TestHopChessOverXBoard: an engine that does not offer Hop Chess over XBoard (as this
// project's engine, since XBoard cannot show a Hop Chess turn) but does over UCI plays it
// over UCI when the protocol is detected, and when told to use XBoard the error says to
// use UCI instead of leaving the user to guess.
func TestHopChessOverXBoard(t *testing.T) {
	t.Parallel()
	hop := movegen.ByName("hopchess")
	dual := fakeCmd("dual", "variants=normal,hopchess", "xbvariants=normal")
	for _, proto := range []string{"auto", "xboard"} {
		cfg := Config{
			Variant: hop, Games: 1, TC: TimeControl{Base: 5 * time.Second},
			Engines:    []EngineSpec{{Cmd: dual, Proto: proto}, {Cmd: fakeCmd("uci", "variants=normal,hopchess"), Proto: "uci"}},
			Openings:   RandomOpenings(hop, 0, 1),
			Adjudicate: Adjudication{MaxPlies: 4},
		}
		res, err := Run(context.Background(), cfg)
		switch {
		case proto == "auto" && err != nil:
			t.Errorf("auto: %v", err)
		case proto == "auto" && (res.Protocols[0] != "uci" || len(res.Games) != 1 || res.Games[0].Termination != termAdjudicated):
			t.Errorf("auto: protocol %q, games %+v", res.Protocols[0], res.Games)
		case proto == "xboard":
			if err == nil || !strings.Contains(err.Error(), "does not play variant hopchess over XBoard") ||
				!strings.Contains(err.Error(), "-proto1 uci") {
				t.Errorf("xboard: error %v, want a hint to use -proto1 uci", err)
			}
		}
	}
}

// TestMatchHelp: `engine match -h` prints the usage and every flag with its default and
// what it does, on stdout, with exit status 0; the usage line marks as required only the
// flags that are.
func TestMatchHelp(t *testing.T) {
	var out, errb bytes.Buffer
	if code := RunCommand([]string{"-h"}, &out, &errb); code != 0 || errb.Len() != 0 {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	help := out.String()
	fs, _ := newMatchFlags()
	required := map[string]bool{"engine1": true, "engine2": true}
	n := 0
	fs.VisitAll(func(f *flag.Flag) {
		n++
		value, usage := flag.UnquoteUsage(f)
		if !strings.Contains(help, "-"+f.Name+" "+value) || !strings.Contains(help, usage) {
			t.Errorf("-h lacks -%s %s and its description %q", f.Name, value, usage)
		}
		if f.DefValue != "" && f.DefValue != "0" && !strings.Contains(help, "(default "+f.DefValue+")") {
			t.Errorf("-h lacks the default of -%s (%s)", f.Name, f.DefValue)
		}
		bracketed := strings.Contains(MatchUsage, "[-"+f.Name+" ") || strings.Contains(MatchUsage, "[-"+f.Name+"]")
		listed := regexp.MustCompile(`(^|\s)-` + f.Name + `\s`).MatchString(MatchUsage)
		if required[f.Name] != listed || required[f.Name] == bracketed {
			t.Errorf("usage line %q: -%s required %v, shown as required %v, as optional %v",
				MatchUsage, f.Name, required[f.Name], listed, bracketed)
		}
	})
	if n < 12 {
		t.Errorf("%d flags", n)
	}
	// A usage error points at -h instead of dumping every flag.
	out.Reset()
	errb.Reset()
	if code := RunCommand([]string{"-games", "x"}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "engine match -h") {
		t.Errorf("bad flag: exit %d, stderr %q", code, errb.String())
	}
}

// TestEloReadable: scores whose Elo or interval is infinite or degenerate print in words,
// and no Elo figure is ever a negative zero.
func TestEloReadable(t *testing.T) {
	for s, want := range map[Score]string{
		{Wins: 3}:                          "Elo +inf (all games won; the interval needs a loss or a draw)",
		{Losses: 2}:                        "Elo -inf (all games lost; the interval needs a win or a draw)",
		{Draws: 4}:                         "Elo 0.0 (all games drawn; the interval needs a win or a loss)",
		{}:                                 "Elo: no games yet",
		{Wins: 5, Losses: 5}:               "Elo 0.0 [",
		{Wins: 10000, Losses: 10002}:       "Elo 0.0 [", // -0.03 rounds to zero, not to -0.0
		{Wins: 60, Losses: 40, Draws: 100}: "Elo +34.9 [+1.0, +69.4]",
	} {
		got := s.Summary()
		if !strings.HasPrefix(got, want) || strings.Contains(got, "-0.0") || strings.Contains(got, "[+inf, +inf]") {
			t.Errorf("%+v: %q, want it to start %q", s, got, want)
		}
		for _, model := range []string{statsTrinomial, statsPenta} {
			var b bytes.Buffer
			Summarize(gamesOfScore(s), []string{"a", "b"}, SummaryOptions{Stats: model}).Write(&b)
			if w := b.String(); strings.Contains(w, "-0.0") || strings.Contains(w, "NaN") || model == statsTrinomial && strings.Contains(w, "inf, ") {
				t.Errorf("%+v, %s: summary\n%s", s, model, w)
			}
		}
	}
	var b bytes.Buffer
	Summarize(gamesOfScore(Score{Wins: 2}), []string{"a", "b"}, SummaryOptions{Stats: statsTrinomial}).Write(&b)
	if !strings.Contains(b.String(), "Elo difference: +inf (all games won; the interval needs a loss or a draw)") {
		t.Errorf("summary of a perfect score:\n%s", b.String())
	}
	b.Reset()
	Summarize(gamesOfScore(Score{Wins: 2}), []string{"a", "b"}, SummaryOptions{}).Write(&b)
	if !strings.Contains(b.String(), "Elo difference: +inf (all 1 pairs scored alike; the interval needs pairs that differ)") {
		t.Errorf("pentanomial summary of a perfect score:\n%s", b.String())
	}
}

// TestRepositoryStandsAlone: the commands of the README and of the measurements' page run
// only programs this repository builds, and no file of the repository points outside it
// (a clone has nothing beside it).
func TestRepositoryStandsAlone(t *testing.T) {
	makefile, err := os.ReadFile("../Makefile")
	if err != nil {
		t.Fatal(err)
	}
	for _, doc := range []string{"README.md", "docs/measured.md"} {
		text, err := os.ReadFile("../" + doc)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range regexp.MustCompile(`(?:^|[^/\w])(bin/[\w.-]+)`).FindAllStringSubmatch(string(text), -1) {
			bin := m[1] // bin/engine, not /usr/bin/x or /bin/sh
			if !strings.Contains(string(makefile), bin) {
				t.Errorf("%s runs %s, which no make target builds", doc, bin)
			}
		}
	}
	outside := ".." + "/shared" // written so that this file does not match itself
	err = filepath.WalkDir("..", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); name == ".git" || name == "bin" || name == "node_modules" {
				return filepath.SkipDir
			}
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if i := bytes.Index(b, []byte(outside)); i >= 0 {
			line := bytes.Count(b[:i], []byte("\n")) + 1
			t.Errorf("%s:%d points at %s, which a clone does not have", path, line, outside)
		}
		return nil
	})
	if err != nil && !errors.Is(err, filepath.SkipDir) {
		t.Fatal(err)
	}
}

// TestDebugLogHasStandardError: MATCH_DEBUG's dialogue carries an engine's standard error,
// line by line and marked "!", beside what it was sent (">") and what it answered ("<"):
// an engine's own report of a crash or a stalled search is where the forfeit's cause is.
// Not parallel: it swaps the package's debug log.
func TestDebugLogHasStandardError(t *testing.T) {
	log := &syncbuf.Buffer{}
	saved := debugLog
	debugLog = log
	defer func() { debugLog = saved }()
	cfg := quickConfig(t, EngineSpec{Cmd: fakeCmd("xboard", "at=2", "act=crash"), Proto: "xboard"},
		EngineSpec{Cmd: fakeCmd("uci"), Proto: "uci"}, startFEN, "5+0")
	if _, err := Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	text := log.String()
	for _, want := range []string{" ! fake engine: crashing at move 2\n", " > usermove ", " < move "} {
		if !strings.Contains(text, want) {
			t.Errorf("debug log lacks %q:\n%.3000s", want, text)
		}
	}
}
