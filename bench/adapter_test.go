package bench

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"varchess/movegen"
)

func TestParseFeatures(t *testing.T) {
	got := parseFeatures(`myname="Fairy-Max 5.0b" setboard=0 ping=1  variants="normal,shatranj" done=1`)
	want := []feature{{"myname", "Fairy-Max 5.0b"}, {"setboard", "0"}, {"ping", "1"}, {"variants", "normal,shatranj"}, {"done", "1"}}
	if !slices.Equal(got, want) {
		t.Errorf("got %q", got)
	}
	for _, s := range []string{"", "=1", `a="unterminated`, "a b=1", "x"} {
		parseFeatures(s) // must not panic
	}
}

func FuzzParseFeatures(f *testing.F) {
	f.Add(`myname="x y" done=1`)
	f.Add(`a="`)
	f.Fuzz(func(t *testing.T, s string) {
		for _, ft := range parseFeatures(s) {
			if ft.name == "" || strings.ContainsAny(ft.name, " \t=") {
				t.Fatalf("%q: feature name %q", s, ft.name)
			}
		}
	})
}

func TestScores(t *testing.T) {
	for l, want := range map[string][2]int{
		" 5     15        1      21499 d2d4 d7d5": {15, 5},
		"12& -230 100 5000 e2e4":                  {-230, 12},
		// Mates: 100000+N is a mate in N moves, -100000-N a mate against in N.
		"9 100005 30 5000 e2e4":  {mateScore - 5, 9},
		"7 -100003 30 5000 e2e4": {-mateScore + 3, 7},
	} {
		if s, d, ok := xboardScore(strings.Fields(l)); !ok || s != want[0] || d != want[1] {
			t.Errorf("xboardScore(%q) = %d, %d, %v", l, s, d, ok)
		}
	}
	if s, d, _ := xboardScore(strings.Fields("8 -100004 12 900 a2a1")); moveNote(reply{Score: s, HasScore: true, Depth: d}) != "-M4/8 0.000s" {
		t.Errorf("XBoard mate in 4 against noted as %q", moveNote(reply{Score: s, HasScore: true, Depth: d}))
	}
	for _, l := range []string{"# times @ 117385045: real=14", "move e2e4", "1 2 3", "tellics say hi there"} {
		if s, _, ok := xboardScore(strings.Fields(l)); ok {
			t.Errorf("xboardScore(%q) = %d", l, s)
		}
	}
	for l, want := range map[string]int{
		"info depth 3 score cp 35 pv e2e4":   35,
		"info depth 9 score mate 3 pv e2e4":  mateScore - 3,
		"info depth 9 score mate -2 pv e2e4": -mateScore + 2,
	} {
		if s, ok := uciScore(strings.Fields(l)); !ok || s != want {
			t.Errorf("uciScore(%q) = %d, %v", l, s, ok)
		}
	}
	for _, l := range []string{"info depth 3", "info score cp", "info score cp 40 lowerbound", "info string score cp 3x"} {
		if s, ok := uciScore(strings.Fields(l)); ok {
			t.Errorf("uciScore(%q) = %d", l, s)
		}
	}
}

func TestXBoardBase(t *testing.T) {
	for d, want := range map[time.Duration]string{
		60 * time.Second: "1", 10 * time.Second: "0:10", 1500 * time.Millisecond: "0:02", 90 * time.Second: "1:30",
	} {
		if got := xboardBase(d); got != want {
			t.Errorf("xboardBase(%v) = %q, want %q", d, got, want)
		}
	}
}

// TestVariantAnnounced: a variant other than normal is announced to XBoard engines with
// "variant NAME" after "new", and to UCI engines with UCI_Variant before their first game;
// normal is never announced. The clocks go out as XBoard centiseconds and UCI
// milliseconds. (A renamed copy of FIDE stands in for the variants being written.)
func TestVariantAnnounced(t *testing.T) {
	t.Parallel()
	renamed := *movegen.FIDE
	renamed.Name = "testvariant"
	renamed.StandardChess = false // a game being written, not the one the protocols assume
	for _, v := range []*movegen.Variant{&renamed, movegen.FIDE} {
		dir := t.TempDir()
		xlog, ulog := filepath.Join(dir, "x"), filepath.Join(dir, "u")
		cfg := Config{
			Variant: v, Games: 1, TC: TimeControl{Base: 7 * time.Second, Inc: 250 * time.Millisecond},
			Engines: []EngineSpec{
				{Cmd: fakeCmd("xboard", "log="+xlog, "moves=f2f3,g2g4"), Proto: "xboard"},
				{Cmd: fakeCmd("uci", "log="+ulog, "variants=normal,testvariant", "moves=e7e5,d8h4"), Proto: "uci"},
			},
			Openings: RandomOpenings(v, 0, 1),
		}
		res, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if g := res.Games[0]; g.Result != movegen.BlackWins || g.Reason != "checkmate" {
			t.Fatalf("%s: %s {%s}", v.Name, g.Result, g.Reason)
		}
		x, _ := os.ReadFile(xlog)
		u, _ := os.ReadFile(ulog)
		xs, us := string(x), string(u)
		if v.Name == "normal" {
			if strings.Contains(xs, "variant") || strings.Contains(us, "UCI_Variant") {
				t.Errorf("normal announced:\n%s\n%s", xs, us)
			}
			continue
		}
		if !strings.Contains(xs, "new\nvariant testvariant\n") {
			t.Errorf("XBoard transcript lacks the variant:\n%s", xs)
		}
		if !strings.Contains(xs, "level 0 0:07 0.25\n") || !strings.Contains(xs, "force\nping 1\ntime 700\notim 700\ngo\n") ||
			!strings.Contains(xs, "usermove e7e5\n") || !strings.Contains(xs, "result 0-1 {checkmate}") {
			t.Errorf("XBoard transcript:\n%s", xs)
		}
		if !strings.Contains(us, "uci\nsetoption name UCI_Variant value testvariant\nisready\n") ||
			!strings.Contains(us, "position startpos moves f2f3\ngo wtime ") || !strings.Contains(us, "winc 250 binc 250") {
			t.Errorf("UCI transcript:\n%s", us)
		}
	}
}

// cannedProc is a proc whose output is the given text, already read, and whose input goes
// nowhere: the adapters' reading of engine output, without a process.
func cannedProc(text string) *proc {
	p := &proc{lines: make(chan line, 1024), queue: make(chan string, queueLen), argv0: "canned"}
	for i, l := range strings.Split(text, "\n") {
		if i == cap(p.lines) {
			break
		}
		p.lines <- line{text: l, at: time.Now()}
	}
	close(p.lines)
	return p
}

// FuzzEngineOutput: whatever an engine prints when asked to move, the adapters neither
// panic nor hang, and a move they return is a word the engine printed.
func FuzzEngineOutput(f *testing.F) {
	f.Add(" 5  15  1  21499 d2d4 d7d5\nmove d2d4\n")
	f.Add("info depth 3 score cp 35 pv e2e4\nbestmove e2e4 ponder e7e5\n")
	f.Add("resign\n1-0 {White mates}\nIllegal move: e2e4\nbestmove\nmove\n")
	f.Add("info score mate -3\nbestmove (none)\n")
	f.Fuzz(func(t *testing.T, out string) {
		setup := newSetup(movegen.FIDE, movegen.FIDE.Start(nil), TimeControl{Base: time.Second})
		c := clocks{Left: [2]time.Duration{time.Second, time.Second}, Budget: time.Second}
		x := &xboard{p: cannedProc(out), force: true}
		u := &uci{p: cannedProc(out), setup: setup}
		for _, pl := range []player{x, u} {
			r, err := pl.Move(context.Background(), []string{"e2e4"}, c)
			if err == nil && r.Move != "" && !strings.Contains(out, r.Move) {
				t.Fatalf("move %q not in the output", r.Move)
			}
		}
	})
}

// TestStaleOutputDropped: a result claim an XBoard engine printed after the last game's
// final move is not read as its answer in the next game, with ping or without.
func TestStaleOutputDropped(t *testing.T) {
	for _, ping := range []bool{true, false} {
		p := &proc{lines: make(chan line, 8), queue: make(chan string, queueLen), argv0: "canned"}
		e := &xboard{p: p, ping: ping, t: timeouts{Sync: time.Second}}
		p.lines <- line{text: "1-0 {White mates}", at: time.Now()}
		if ping {
			p.lines <- line{text: "pong 1", at: time.Now()}
		}
		if err := e.NewGame(newSetup(movegen.FIDE, movegen.FIDE.Start(nil), TimeControl{Base: time.Second})); err != nil {
			t.Fatal(err)
		}
		p.lines <- line{text: "move e2e4", at: time.Now()}
		c := clocks{Left: [2]time.Duration{time.Second, time.Second}, Budget: time.Second}
		r, err := e.Move(context.Background(), nil, c)
		if err != nil || r.Move != "e2e4" || r.Claim != "" {
			t.Errorf("ping %v: %+v, %v; want the move e2e4", ping, r, err)
		}
	}
}
