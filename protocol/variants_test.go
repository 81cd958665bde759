package protocol

import (
	"bufio"
	"bytes"
	"io"
	"strconv"
	"strings"
	"testing"
	"time"

	"varchess/movegen"
)

// These tests run each registered variant through the protocols. A test of one variant's
// particular moves fails if that variant is missing (renamed or unregistered), so that no
// such test can silently stop running.

// session runs the input through a session with the instant searcher and returns its output
// lines.
func session(t *testing.T, input ...string) []string {
	t.Helper()
	var out bytes.Buffer
	Run(strings.NewReader(strings.Join(input, "\n")+"\n"), &out, instantSearcher{})
	return strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
}

// contains reports whether lines has want.
func contains(lines []string, want string) bool {
	for _, l := range lines {
		if l == want {
			return true
		}
	}
	return false
}

// checkSession reports each wanted line missing from a session's output, and every line
// that is an error (Illegal..., Error..., tellusererror).
func checkSession(t *testing.T, out []string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !contains(out, w) {
			t.Errorf("missing %q in\n%s", w, strings.Join(out, "\n"))
		}
	}
	for _, l := range out {
		if strings.HasPrefix(l, "Illegal") || strings.HasPrefix(l, "Error") || strings.HasPrefix(l, "tellusererror") {
			t.Errorf("%s", l)
		}
	}
}

func needVariant(t *testing.T, name string) *movegen.Variant {
	t.Helper()
	v := movegen.ByName(name)
	if v == nil {
		t.Fatalf("variant %s is not registered (renamed?): its tests cannot run", name)
	}
	return v
}

// TestXBoardSetupLinesOfDesign: the setup lines verified in XBoard 4.9.1 (README, XBoard section).
func TestXBoardSetupLinesOfDesign(t *testing.T) {
	want := map[string][]string{
		"jumpingknights": {"setup (P.BRQ....W..NKp.brq....w..nk) 10x10+0_fairy 2w4w2/1rnbqkbnr1/1pppppppp1/10/10/10/10/1PPPPPPPP1/1RNBQKBNR1/2W4W2 w KQkq - 0 1"},
		"blackhole":      {"setup (PNBRQ...MKpnbrq...mk) 9x13+0_fairy ****1****/rnbqkmbnr/ppppppppp/9/9/9/4*4/9/9/9/PPPPPPPPP/RNBQKMBNR/****1**** w KQkq - 0 1", "piece M& RN"},
		"weaksquare":     {"setup (PNBR.Kpnbr.k) 6x8+4_seirawan *****k/6/6/6/6/6/6/K*****[RRBBNNPPPrrbbnnppp] w - - 0 1"},
		// the king in XBoard's Man slot with the castling atom (verified under Xvfb: README);
		// parent bughouse, under which XBoard puts no captured piece into a hand (checked
		// in XBoard 4.9.1: the hands stayed empty, placements still worked)
		"prechess": {"setup (PNBRQ.....K.pnbrq.....k.) 8x8+6_bughouse 8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1", "piece K& KO2"},
	}
	for name, lines := range want {
		t.Run(name, func(t *testing.T) {
			needVariant(t, name)
			out := session(t, "xboard", "protover 2", "new", "variant "+name, "ping 1", "quit")
			i := 0
			for i < len(out) && !strings.HasPrefix(out[i], "setup") {
				i++
			}
			got := out[i:]
			want := append(append([]string(nil), lines...), "pong 1")
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}

// TestXBoardSelfPlayEveryVariant: for every variant XBoard can show, the engine plays both
// sides for a few moves through the XBoard session; every move it sends reads back through
// the XBoard move reader into the same move of a shadow game, and results are claimed in
// CECP's form.
func TestXBoardSelfPlayEveryVariant(t *testing.T) {
	for _, v := range movegen.All {
		if !xbSupported(v) {
			continue
		}
		t.Run(v.Name, func(t *testing.T) {
			l := newLive(t)
			defer l.close()
			b := newXBBoard(v, 0)
			game := movegen.NewGame(v.Start(nil))
			l.send("xboard", "protover 2", "new", "variant "+v.Name, "ping 1")
			for line := ""; line != "pong 1"; {
				line = l.next()
				if strings.HasPrefix(line, "setup ") {
					f := strings.Fields(line)
					p, err := b.parseFEN(strings.Join(f[3:], " "), nil)
					if err != nil {
						t.Fatalf("setup FEN does not read back: %v", err)
					}
					game = movegen.NewGame(p)
				}
			}
			for range 60 {
				l.send("force", "go")
				line := l.next()
				if isClaim(line) {
					if !game.Outcome().Over() {
						t.Errorf("claim %q in a game that is not over", line)
					}
					return
				}
				if !strings.HasPrefix(line, "move ") {
					t.Fatalf("got %q, want a move", line)
				}
				m, err := b.parseMove(game.Position(), line[5:])
				if err != nil {
					t.Fatalf("%q does not read back: %v (%s)", line, err, game.Position().FEN())
				}
				game.Play(m)
				if game.Outcome().Over() {
					if c := l.next(); !isClaim(c) {
						t.Fatalf("game over by rule, but the engine sent %q", c)
					}
					return
				}
			}
		})
	}
}

func isClaim(l string) bool {
	for _, r := range []string{"1-0 {", "0-1 {", "1/2-1/2 {"} {
		if strings.HasPrefix(l, r) {
			return true
		}
	}
	return false
}

// live is a session fed line by line, whose output is read as it comes.
type live struct {
	t   *testing.T
	in  *io.PipeWriter
	out chan string
}

func newLive(t *testing.T) *live {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	l := &live{t: t, in: inW, out: make(chan string, 100)}
	go func() {
		Run(inR, outW, instantSearcher{})
		outW.Close()
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			l.out <- sc.Text()
		}
		close(l.out)
	}()
	return l
}

func (l *live) send(lines ...string) {
	for _, s := range lines {
		io.WriteString(l.in, s+"\n")
	}
}

// next is the next output line that is not thinking output or an informational answer.
func (l *live) next() string {
	l.t.Helper()
	for {
		select {
		case s, ok := <-l.out:
			if !ok {
				l.t.Fatal("the session ended")
			}
			if len(s) > 0 && s[0] >= '0' && s[0] <= '9' && !isClaim(s) || strings.HasPrefix(s, "feature") {
				continue
			}
			if strings.HasPrefix(s, "Error") || strings.HasPrefix(s, "Illegal") || strings.HasPrefix(s, "tellusererror") {
				l.t.Errorf("%s", s)
			}
			return s
		case <-time.After(lineWait):
			l.t.Fatal("no output")
		}
	}
}

func (l *live) close() {
	l.send("quit")
	l.in.Close()
	for range l.out {
	}
}

// TestJumpingKnightsHopCaptureInXBoard: a hop capture is entered by clicks as two legs
// (cyan first leg, then the landing square) and sent as c2d3,d3e4 in XBoard's file letters
// (native b2c3,c3d4: files z..i are XBoard's a..j).
func TestJumpingKnightsHopCaptureInXBoard(t *testing.T) {
	needVariant(t, "jumpingknights")
	out := session(t, "xboard", "protover 2", "new", "variant jumpingknights", "force",
		"setboard 10/5k4/10/10/10/10/3p6/2P7/5K4/10 w - - 0 1",
		"lift c2", "put d3", "lift d3", "put e4", "usermove c2d3,d3e4", "ping 1", "quit")
	checkSession(t, out,
		"highlight 10/10/10/10/10/2Y7/2YC6/10/10/10",
		"highlight 10/10/10/10/10/4Y5/10/10/10/10",
		"pong 1")
	// the form XBoard uses when it relays a two-leg move: from-to;kill
	out = session(t, "xboard", "protover 2", "new", "variant jumpingknights", "force",
		"setboard 10/5k4/10/10/10/10/3p6/2P7/5K4/10 w - - 0 1", "usermove c2e4;d3", "ping 1", "quit")
	if contains(out, "Illegal move: c2e4;d3") || !contains(out, "pong 1") {
		t.Errorf("relayed hop capture refused:\n%s", strings.Join(out, "\n"))
	}
	// native text in UCI
	out = session(t, "uci", "setoption name UCI_Variant value jumpingknights", "position fen 10/5k4/10/10/10/10/3p6/2P7/5K4/10 w - - 0 1 moves b2c3,c3d4", "isready", "quit")
	for _, l := range out {
		if strings.Contains(l, "error") {
			t.Errorf("%s", l)
		}
	}
}

// TestBlackHoleRanksInXBoard: Black Hole's e0..e12 are XBoard's e1..e13, or e0..e12 when
// the rankOffset option says XBoard runs with -rankOffset 1; a move onto the hole is
// illegal.
func TestBlackHoleRanksInXBoard(t *testing.T) {
	needVariant(t, "blackhole")
	out := session(t, "xboard", "protover 2", "new", "variant blackhole", "force", "usermove e3e5", "usermove e11e9",
		"option XBoard rankOffset=1", "usermove e4e5", "usermove e7e6", "ping 1", "quit")
	if !contains(out, "Illegal move: e7e6") || contains(out, "Illegal move: e3e5") || contains(out, "Illegal move: e11e9") || contains(out, "Illegal move: e4e5") {
		t.Errorf("rank mapping:\n%s", strings.Join(out, "\n"))
	}
}

// TestWeakSquareJumpsInXBoard: jumps with a placement go to XBoard as seirawan gating
// (c2e3b) and a king lift offers the placement as a choice.
func TestWeakSquareJumpsInXBoard(t *testing.T) {
	needVariant(t, "weaksquare")
	out := session(t, "xboard", "protover 2", "new", "variant weaksquare", "force", "usermove a1c2", "usermove f8d7",
		"lift c2", "put e3", "usermove c2e3b", "ping 1", "quit")
	checkSession(t, out, "choice RBNP", "pong 1")
}

// TestHopChessOutsideXBoard: Hop Chess is not offered to XBoard (its turns move a piece and
// a trampoline, which XBoard 4.9.1 cannot show), and is played through UCI and the console
// with the native text e2e4,d5.
func TestHopChessOutsideXBoard(t *testing.T) {
	needVariant(t, "hopchess")
	out := session(t, "xboard", "protover 2", "variant hopchess", "ping 1", "quit")
	for _, l := range out {
		if strings.HasPrefix(l, "feature variants=") && strings.Contains(l, "hopchess") {
			t.Errorf("hopchess offered to XBoard: %s", l)
		}
	}
	if !contains(out, "Error (variant cannot be shown by XBoard, use UCI or the console): variant hopchess") {
		t.Errorf("variant hopchess accepted by the XBoard session:\n%s", strings.Join(out, "\n"))
	}
	out = session(t, "uci", "setoption name UCI_Variant value hopchess", "position startpos moves e2e4", "go depth 1", "quit")
	found := false
	for _, l := range out {
		found = found || strings.HasPrefix(l, "bestmove ") && strings.Contains(l, ",")
	}
	if !found {
		t.Errorf("no hop chess turn with its trampoline part:\n%s", strings.Join(out, "\n"))
	}
}

// TestUCIVariantInfo: every variant is selectable by UCI_Variant and described by
// Fairy-Stockfish's info string line with its board and start position.
func TestUCIVariantInfo(t *testing.T) {
	for _, v := range movegen.All {
		out := session(t, "uci", "setoption name UCI_Variant value "+v.Name, "position startpos", "go depth 1", "quit")
		prefix := "info string variant " + v.Name + " files " + strconv.Itoa(v.Geometry.Files) + " ranks " + strconv.Itoa(v.Geometry.Ranks) + " pocket "
		ok := false
		for _, l := range out {
			if strings.HasPrefix(l, prefix) && strings.Contains(l, " template fairy startpos ") {
				fen := l[strings.Index(l, " startpos ")+len(" startpos "):]
				if _, err := v.ParseFEN(fen); err != nil {
					t.Errorf("%s: startpos %q does not read: %v", v.Name, fen, err)
				}
				ok = true
			}
		}
		if !ok || !strings.HasPrefix(out[len(out)-1], "bestmove ") {
			t.Errorf("%s:\n%s", v.Name, strings.Join(out, "\n"))
		}
	}
}

// TestConsoleEveryVariant: the console sets up every variant, draws it, lists and plays a
// move, and writes PGN with the Variant and FEN tags.
func TestConsoleEveryVariant(t *testing.T) {
	for _, v := range movegen.All {
		var ml movegen.MoveList
		start := v.Start(nil)
		start.LegalMoves(&ml)
		out := session(t, "variant "+v.Name, "fen "+start.FEN(), "force", start.MoveText(ml.At(0)), "pgn", "quit")
		text := strings.Join(out, "\n")
		if strings.Contains(text, "error") {
			t.Errorf("%s:\n%s", v.Name, text)
		}
		if v.Name != "normal" && (!strings.Contains(text, `[Variant "`+v.Name+`"]`) || !strings.Contains(text, `[FEN "`+start.FEN()+`"]`)) {
			t.Errorf("%s: PGN without Variant/FEN tags:\n%s", v.Name, text)
		}
		if !strings.Contains(text, "1. "+moveName(start, ml.At(0))) && !strings.Contains(text, "... "+moveName(start, ml.At(0))) {
			t.Errorf("%s: PGN without the move %s:\n%s", v.Name, moveName(start, ml.At(0)), text)
		}
		holes := 0
		for f := range v.Geometry.Files {
			for r := range v.Geometry.Ranks {
				if v.Geometry.Square(f, r) == movegen.NoSquare {
					holes++
				}
			}
		}
		if got := strings.Count(text, "###"); got < holes {
			t.Errorf("%s: %d holes drawn, want at least %d", v.Name, got, holes)
		}
	}
}

// TestPrechessDropsInXBoard: a piece lifted from XBoard's holdings ("lift j2": White's
// knight) gets its drop squares, and the drop N@b1 is taken.
func TestPrechessDropsInXBoard(t *testing.T) {
	needVariant(t, "prechess")
	out := session(t, "xboard", "protover 2", "new", "variant prechess", "force", "lift j2", "put b1", "usermove N@b1", "lift _7", "ping 1", "quit")
	checkSession(t, out, "highlight 8/8/8/8/8/8/8/YYYYYYYY", "highlight YYYYYYYY/8/8/8/8/8/8/8", "pong 1")
}

// TestConsolePhaseLine: the console's board says what the side to move does in its
// game's phases, with the example move from the one list of legal moves it generates.
func TestConsolePhaseLine(t *testing.T) {
	out := session(t, "variant prechess", "variant weaksquare", "variant normal", "quit")
	text := strings.Join(out, "\n")
	for _, want := range []string{
		"White places a piece on its back rank",
		"White's king jumps out of its weak square. Its king leaps like a knight to an empty square of rows 2 to 4; the first jump places nothing. For example: a1b3.",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("no line %q in:\n%s", want, text)
		}
	}
	if strings.Contains(text, "White to move.") {
		t.Errorf("a phase line for FIDE chess, where the side simply moves:\n%s", text)
	}
}
