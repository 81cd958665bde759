package protocol

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"varchess/movegen"
	"varchess/search"
)

// FuzzParseLevel: level arguments never crash the reader, and what it accepts writes back
// to the same level.
func FuzzParseLevel(f *testing.F) {
	for _, s := range []string{"0 0:20 0.2", "40 5 0", "0 2 1.5", "1 0:59 0", "0 9999999999 0", "0 1:99 0", "", "0 0:20", "-1 0 0", "0 0 NaN", "0 0 1e400", "0 :30 0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := parseLevel(s)
		if err != nil {
			return
		}
		back, err := parseLevel(l.String())
		if err != nil || back != l {
			t.Fatalf("%q -> %+v -> %q -> %+v, %v", s, l, l.String(), back, err)
		}
	})
}

// FuzzParseGo: go arguments never crash the reader, times are never negative or beyond a
// week, and what it accepts writes back to the same parameters.
func FuzzParseGo(f *testing.F) {
	for _, s := range []string{"wtime 9223372036854775807 btime -5 winc 10 binc 10", "depth 5", "infinite", "ponder wtime 100", "movetime", "nodes 18446744073709551615", "searchmoves e2e4 d2d4 depth 3", "mate 3", "movestogo -1", "frob 1 depth 2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, _, err := parseGo(strings.Fields(s))
		if err != nil {
			return
		}
		for _, d := range []time.Duration{g.wtime, g.btime, g.winc, g.binc, g.moveTime} {
			if d < 0 || d > maxClock {
				t.Fatalf("%q: time %v out of range", s, d)
			}
		}
		back, _, err := parseGo(strings.Fields(g.String()))
		if err != nil || back.String() != g.String() {
			t.Fatalf("%q -> %q -> %q, %v", s, g.String(), back.String(), err)
		}
	})
}

// fuzzPositions are positions of every registered variant, for the move readers.
func fuzzPositions() []*movegen.Position {
	var out []*movegen.Position
	for _, v := range movegen.All {
		out = append(out, v.Start(nil))
	}
	out = append(out, movegen.FIDE.MustParseFEN("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 2"))
	return out
}

// FuzzXBoardMove: any text XBoard might send is either refused or read as a legal move
// whose XBoard text reads back to the same move, in every variant, on both rank numberings.
func FuzzXBoardMove(f *testing.F) {
	for _, s := range []string{"e2e4", "e7e8q", "O-O", "e1h1", "N@b1", "c3d4,d4e5", "@@@@", "0000", "e12e13", "a0b2", "b7a8n", "d5d6", "e1g1,", ",", "e2e4e6", "j10j9"} {
		f.Add(s, false)
	}
	positions := fuzzPositions()
	f.Fuzz(func(t *testing.T, s string, offset bool) {
		for _, p := range positions {
			b := newXBBoard(p.Variant(), map[bool]int{false: 0, true: 1}[offset])
			m, err := b.parseMove(p, s)
			if err != nil {
				continue
			}
			text, ok := b.moveText(p, m)
			if !ok {
				t.Fatalf("%s: %q read as a move XBoard cannot be sent", p.Variant().Name, s)
			}
			back, err := b.parseMove(p, text)
			if err != nil || back != m {
				t.Fatalf("%s: %q -> %q -> %v %v", p.Variant().Name, s, text, back, err)
			}
		}
	})
}

// FuzzXBoardFEN: any setboard FEN is refused or read into a position whose XBoard FEN
// reads back to the same position.
func FuzzXBoardFEN(f *testing.F) {
	for _, s := range []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
		"*****k/6/6/6/6/6/6/K*****[PPPNNBBRRpppnnbbrr] w - - 0 1",
		"****1****/rnbqkmbnr/ppppppppp/9/9/9/4*4/9/9/9/PPPPPPPPP/RNBQKMBNR/****1**** w KQkq - 0 1",
		"2w4w2/1rnbqkbnr1/1pppppppp1/10/10/10/10/1PPPPPPPP1/1RNBQKBNR1/2W4W2 w KQkq - 0 1",
		"8/8/8/8/8/8/8/8 w - - 0 1", "", "x", "rnbqkbnr w KQkq a10 0 1", "8/pppppppp/8/8/8/8/PPPPPPPP/8[NNBBRRQKnnbbrrqk] w - - 0 1",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, v := range movegen.All {
			b := newXBBoard(v, 0)
			start := v.Start(nil)
			p, err := b.parseFEN(s, start)
			if err != nil {
				continue
			}
			q, err := b.parseFEN(b.fen(p), nil)
			if err != nil {
				if p.Hash() == start.Hash() {
					continue // the start itself: its variant fields are not in XBoard's FEN
				}
				t.Fatalf("%s: %q -> %q does not read back: %v", v.Name, s, b.fen(p), err)
			}
			if b.fen(q) != b.fen(p) {
				t.Fatalf("%s: %q -> %q -> %q", v.Name, s, b.fen(p), b.fen(q))
			}
		}
	})
}

// instantSearcher answers every search at once with a legal move picked by the position's
// hash (varied, but the same every run), so that session tests run fast and
// deterministically.
type instantSearcher struct{}

func (instantSearcher) SetHashMB(int)  {}
func (instantSearcher) SetThreads(int) {}
func (instantSearcher) NewGame()       {}

func (instantSearcher) SetMoveOverhead(time.Duration) {}
func (instantSearcher) Search(ctx context.Context, root *movegen.Position, _ []uint64, lim search.Limits, report func(search.Info)) search.Result {
	var ml movegen.MoveList
	root.LegalMoves(&ml)
	if ml.Len() == 0 {
		return search.Result{}
	}
	m := ml.At(int(root.Hash() % uint64(ml.Len())))
	if report != nil {
		report(search.Info{Depth: 1, Score: 12, Nodes: 1, PV: []movegen.Move{m}})
	}
	if lim.Infinite || lim.Ponder != nil {
		<-ctx.Done()
	}
	return search.Result{Best: m, Depth: 1}
}

// FuzzSessions feeds arbitrary lines to each protocol: it must never crash or hang, and
// must still answer afterwards, in the protocol the session ends up in (the console hands
// over to uci or xboard when they are typed): pong 9 in XBoard, readyok in UCI, the help
// text's last line in the console. Input that ends the session (quit, or exit in the
// console) is only required not to crash or hang.
func FuzzSessions(f *testing.F) {
	for _, s := range []string{
		"new\nvariant blackhole\nusermove e1e2\nlift e2\nput e3\nhover e4\ngo\n?\nundo\nremove\nsetboard 8/8/8 w\n",
		"level 0 0:20 0.2\ntime 100\notim 100\nusermove e2e4\nanalyze\n.\nexit\nresult 1-0\nmemory 0\ncores 2\noption XBoard rankOffset=1\n",
		"position startpos moves e2e4\ngo infinite\nstop\ngo ponder\nponderhit\nsetoption name UCI_Variant value weaksquare\nposition fen x\n",
		"show\nmoves\nperft 1\npgn\nundo\nlimit nodes 5\ngo\nanalyze\nstop\nvariant jumpingknights\nfen 10/10 w\n",
		"variant hopchess\ne2e4\nundo\nmoves\nlift zz\nuci\nisready\n",
		"go\nping 3\nst 1\nlift\nput\nhover e99\noption Move Overhead=-5\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 4000 || strings.Contains(s, "perft") {
			return // bounded work per input; perft depth is limited but slow in fuzzing
		}
		for _, proto := range []string{"xboard", "uci", "help"} {
			in := proto + "\n" + s + "\nping 987654321\nisready\nhelp\nquit\n"
			var out bytes.Buffer
			done := make(chan int, 1)
			go func() { done <- Run(strings.NewReader(in), &out, instantSearcher{}) }()
			select {
			case <-done:
			case <-time.After(20 * time.Second):
				t.Fatalf("%q: the session hung", in)
			}
			final, answers, ended := sessionAfter(proto, s)
			if ended {
				continue
			}
			// the answer to the last lines, and as many before it as the input asked for
			want := map[string]string{"xboard": "pong 987654321", "uci": "readyok", "help": "  quit                 leave"}[final]
			if got := strings.Count("\n"+out.String(), "\n"+want+"\n"); got < answers+1 {
				t.Fatalf("%q: the %s session answered %q %d times, want %d:\n%s", in, final, want, got, answers+1, out.String())
			}
		}
	})
}

// sessionAfter follows the lines of input as the sessions read them: the protocol a
// session started as proto is in afterwards, how many answers of that protocol's final
// check the input itself asked for (isready in UCI; help in the console, whose first line
// here is a help too; none in XBoard, whose check uses a ping number of its own), and
// whether a line ended the session.
func sessionAfter(proto, input string) (final string, answers int, ended bool) {
	if proto == "help" {
		answers = 1
	}
	for _, line := range strings.Split(input, "\n") {
		line = strings.TrimSuffix(line, "\r")
		f := strings.Fields(line)
		switch proto {
		case "xboard":
			cmd, _, _ := strings.Cut(strings.TrimSpace(line), " ")
			if cmd == "quit" {
				return proto, answers, true
			}
		case "uci":
			if len(f) > 0 && f[0] == "quit" {
				return proto, answers, true
			}
			if len(f) > 0 && f[0] == "isready" {
				answers++
			}
		default:
			if len(f) == 0 {
				continue
			}
			switch f[0] {
			case "quit", "exit":
				return proto, answers, true
			case "help", "?":
				answers++
			case "uci", "xboard":
				proto, answers = f[0], 0
			}
		}
	}
	return proto, answers, false
}
