package bench

import (
	"bufio"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"varchess/movegen"
)

// The fake engines: the test binary re-executed as `TESTBINARY fake-engine PROTO OPTIONS`
// speaks XBoard or UCI on stdin/stdout and plays by a script, so that every way a game can
// end can be provoked on purpose. PROTO is xboard, uci, or dual: the protocol of its first
// line, "uci" or "xboard" (as this project's engine and Fairy-Stockfish do). Options
// (key=value):
//
//	moves=a,b,c   its own moves in order, then pick
//	pick=first    first legal move in text order (default), or random (seeded by seed=N),
//	              or hash (a function of the position and seed=N alone: the same game
//	              whatever the engine played before, for runs that must match)
//	at=N act=X    at its N-th move of a game, instead of moving: crash (a line on stderr,
//	              then exit status 3), hang, slow (sleep
//	              sleep=D then move), illegal (play bad=TEXT), garbage (junk lines, then a
//	              junk move), resign, claim, none (UCI "bestmove (none)"), longline
//	              (a line longer than the referee reads), spew (junk lines without end)
//	delay=D       think D (a duration) before every move
//	reject=N      answer the opponent's N-th move with "Illegal move"
//	score=N       report score N (centipawns, own side) with every move (at depth 1), and
//	              once before a hang (at depth 7)
//	name=X        its name; setboard=0 drops the feature; starthang never answers the
//	              handshake; variants=a,b lists the variants it plays; xbvariants=a,b
//	              lists those it offers over XBoard instead; log=PATH appends every line
//	              it receives to PATH; uciopts=A,B offers UCI options A and B (spin);
//	              xbopts=A,B offers XBoard options A and B

func TestMain(m *testing.M) {
	if len(os.Args) > 2 && os.Args[1] == "fake-engine" {
		os.Exit(runFake(os.Args[2], os.Args[3:]))
	}
	os.Exit(m.Run())
}

// fakeCmd is the command line of a fake engine.
func fakeCmd(proto string, opts ...string) []string {
	return append([]string{os.Args[0], "fake-engine", proto}, opts...)
}

type fake struct {
	opt      map[string]string
	out      *bufio.Writer
	v        *movegen.Variant
	g        *movegen.Game
	ownMoves int // moves it made in this game
	oppMoves int // moves it was told of in this game
	rng      *rand.Rand
	force    bool
}

func runFake(proto string, args []string) int {
	f := &fake{opt: map[string]string{}, out: bufio.NewWriter(os.Stdout), v: movegen.FIDE}
	for _, a := range args {
		k, v, _ := strings.Cut(a, "=")
		f.opt[k] = v
	}
	seed, _ := strconv.ParseUint(f.opt["seed"], 10, 64)
	f.rng = rand.New(rand.NewPCG(seed, 7))
	f.reset()
	var log *os.File
	if path := f.opt["log"]; path != "" {
		var err error
		if log, err = os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644); err != nil {
			return 1
		}
		defer log.Close()
	}
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		line := strings.TrimSpace(in.Text())
		if log != nil {
			fmt.Fprintln(log, line)
		}
		var quit bool
		if proto == "dual" && line != "" {
			proto = "xboard"
			if line == "uci" {
				proto = "uci"
			}
		}
		if proto == "uci" {
			quit = f.uci(line)
		} else {
			quit = f.xboard(line)
		}
		f.out.Flush()
		if quit {
			return 0
		}
	}
	return 0
}

func (f *fake) printf(format string, args ...any) { fmt.Fprintf(f.out, format+"\n", args...) }

func (f *fake) reset() {
	f.g = movegen.NewGame(f.v.Start(nil))
	f.ownMoves, f.oppMoves = 0, 0
}

func (f *fake) has(k string) bool { _, ok := f.opt[k]; return ok }

func (f *fake) num(k string) int {
	n, err := strconv.Atoi(f.opt[k])
	if err != nil {
		return -1
	}
	return n
}

// think picks the fake's move, or acts out its misbehaviour; it returns the move text, or
// "" when it must not answer with a move.
func (f *fake) think(proto string) string {
	f.ownMoves++
	if d, err := time.ParseDuration(f.opt["delay"]); err == nil {
		time.Sleep(d)
	}
	if f.num("at") == f.ownMoves {
		switch f.opt["act"] {
		case "crash":
			f.out.Flush()
			fmt.Fprintf(os.Stderr, "fake engine: crashing at move %d\n", f.ownMoves)
			os.Exit(3)
		case "hang":
			if f.has("score") { // thinks aloud once, then says nothing more
				f.report(proto, "", 7)
			}
			f.out.Flush()
			time.Sleep(time.Hour)
		case "slow":
			d, _ := time.ParseDuration(f.opt["sleep"])
			time.Sleep(d)
		case "illegal":
			return f.opt["bad"]
		case "garbage":
			f.printf("\x00\x01 fhqwhgads %d", f.rng.Int())
			f.printf("move")
			f.printf("bestmovex e2e4")
			return "@@junk##"
		case "resign":
			f.printf("resign")
			return ""
		case "claim":
			f.printf("1/2-1/2 {Draw by repetition}")
			return ""
		case "none":
			return "(none)"
		case "spew":
			for i := 0; ; i++ {
				f.printf("junk %d", i)
				if i%64 == 0 {
					f.out.Flush()
				}
			}
		case "longline":
			f.printf("%s", strings.Repeat("x", maxLine+10))
			return "e2e4"
		}
	}
	p := f.g.Position()
	var text string
	if script := strings.Split(f.opt["moves"], ","); f.opt["moves"] != "" && f.ownMoves <= len(script) {
		text = script[f.ownMoves-1]
	} else {
		var ml movegen.MoveList
		p.LegalMoves(&ml)
		if ml.Len() == 0 {
			return ""
		}
		texts := make([]string, 0, ml.Len())
		for _, m := range ml.Moves() {
			texts = append(texts, p.MoveText(m))
		}
		sortStrings(texts)
		switch f.opt["pick"] {
		case "random":
			text = texts[f.rng.IntN(len(texts))]
		case "hash":
			h := fnv.New64a()
			fmt.Fprintf(h, "%s %s", p.FEN(), f.opt["seed"])
			text = texts[h.Sum64()%uint64(len(texts))]
		default:
			text = texts[0]
		}
	}
	if _, err := f.g.PlayText(text); err != nil {
		return text // a scripted move the fake knows to be illegal: still played
	}
	if f.has("score") {
		f.report(proto, text, 1)
	}
	return text
}

// report writes the score option as a search report of depth, with pv as its line.
func (f *fake) report(proto, pv string, depth int) {
	if proto == "uci" {
		f.printf("info depth %d score cp %s pv %s", depth, f.opt["score"], pv)
	} else {
		f.printf("%d %s 0 1 %s", depth, f.opt["score"], pv)
	}
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// opponent plays a move it was told of; false if it rejects it.
func (f *fake) opponent(m string) bool {
	f.oppMoves++
	if f.num("reject") == f.oppMoves {
		f.printf("Illegal move: %s", m)
		return false
	}
	if _, err := f.g.PlayText(m); err != nil {
		f.printf("Illegal move: %s", m)
		return false
	}
	return true
}

func (f *fake) xboard(line string) bool {
	cmd, rest, _ := strings.Cut(line, " ")
	switch cmd {
	case "protover":
		if f.has("starthang") {
			f.out.Flush()
			time.Sleep(time.Hour)
		}
		setboard := "1"
		if f.has("setboard") {
			setboard = f.opt["setboard"]
		}
		f.printf("feature done=0")
		f.printf(`feature myname="%s" setboard=%s ping=1 usermove=1 san=0 memory=1`, f.name(), setboard)
		if f.has("xbopts") {
			for _, o := range strings.Split(f.opt["xbopts"], ",") {
				f.printf(`feature option="%s -spin 1 1 100"`, o)
			}
		}
		if f.has("xbvariants") {
			f.printf(`feature variants="%s"`, f.opt["xbvariants"])
		} else if f.has("variants") {
			f.printf(`feature variants="%s"`, f.opt["variants"])
		}
		f.printf("feature done=1")
	case "new":
		f.v = movegen.FIDE
		f.reset()
		f.force = false
	case "variant":
		if v := movegen.ByName(rest); v != nil {
			f.v = v
			f.reset()
		} else {
			f.printf("Error (unknown variant): %s", rest)
		}
	case "setboard":
		p, err := f.v.ParseFEN(rest)
		if err != nil {
			f.printf("tellusererror Illegal position")
			return false
		}
		f.g = movegen.NewGame(p)
	case "force":
		f.force = true
	case "go":
		f.force = false
		f.move()
	case "usermove":
		if f.opponent(rest) && !f.force {
			f.move()
		}
	case "ping":
		f.printf("pong %s", rest)
	case "quit":
		return true
	}
	return false
}

func (f *fake) move() {
	if m := f.think("xboard"); m != "" {
		f.printf("move %s", m)
	}
}

func (f *fake) name() string {
	if n := f.opt["name"]; n != "" {
		return n
	}
	return "fake"
}

func (f *fake) uci(line string) bool {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return false
	}
	switch fields[0] {
	case "uci":
		if f.has("starthang") {
			f.out.Flush()
			time.Sleep(time.Hour)
		}
		f.printf("id name %s", f.name())
		vars := "var normal"
		if f.has("variants") {
			vars = "var " + strings.ReplaceAll(f.opt["variants"], ",", " var ")
		}
		f.printf("option name UCI_Variant type combo default normal %s", vars)
		if f.has("uciopts") {
			for _, o := range strings.Split(f.opt["uciopts"], ",") {
				f.printf("option name %s type spin default 1 min 1 max 1000", o)
			}
		}
		f.printf("uciok")
	case "setoption":
		if len(fields) == 5 && fields[2] == "UCI_Variant" {
			if v := movegen.ByName(fields[4]); v != nil {
				f.v = v
			}
		}
	case "isready":
		f.printf("readyok")
	case "ucinewgame":
		f.reset()
	case "position":
		var p *movegen.Position
		i := 2
		if fields[1] == "startpos" {
			p = f.v.Start(nil)
		} else {
			for i < len(fields) && fields[i] != "moves" {
				i++
			}
			var err error
			if p, err = f.v.ParseFEN(strings.Join(fields[2:i], " ")); err != nil {
				f.printf("info string bad fen")
				return false
			}
		}
		g := movegen.NewGame(p)
		if i < len(fields) && fields[i] == "moves" {
			for _, m := range fields[i+1:] {
				if _, err := g.PlayText(m); err != nil {
					f.printf("info string illegal move %s", m)
					return false
				}
			}
		}
		f.g = g
	case "go":
		m := f.think("uci")
		if m == "" {
			return false
		}
		f.printf("bestmove %s", m)
	case "quit":
		return true
	}
	return false
}
