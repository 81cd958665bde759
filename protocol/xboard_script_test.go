package protocol

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"varchess/movegen"
)

// scriptEnv makes the test binary a scripted XBoard engine instead of running the tests
// (TestMain): TestXBoardGUIBunkerKingMoves uses it as XBoard's first engine.
const scriptEnv = "VARCHESS_XBOARD_SCRIPT"

func TestMain(m *testing.M) {
	if os.Getenv(scriptEnv) != "" {
		scriptedBunker(os.Stdin, os.Stdout)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// scriptStart is the scripted engine's bunker position: both sides may castle either way
// and leap to either bunker.
const scriptStart = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w AHah - 0 1 Kk"

// scriptOpening are the scripted engine's first moves (native text) for each side: White
// castles a-side, then moves the rook from c1; Black leaps to g8, then steps the king to f8.
// In the game XBoard writes the second moves in SAN from its own board: Rcd1 and Kf8 show
// that its king and rook stand where the rules put them.
var scriptOpening = [2][]string{{"e1a1", "c1d1"}, {"e8g8", "g8f8"}}

// scriptMoves is how many moves the scripted engine plays before it resigns.
const scriptMoves = 12

// scriptedBunker is an XBoard engine for bunker that sends the setup of scriptStart and,
// plays scriptOpening (as White it castles a-side at once, e1b1,a1c1; as Black it leaps to
// g8, e8g8), then random legal moves, claiming the result when its move ends the game, and
// resigns after scriptMoves moves. Its
// moves go through the same xbBoard code as the engine's, so the game shows XBoard's
// handling of both king moves in each direction: engine to XBoard (this engine's moves)
// and XBoard to engine (XBoard relays them to the engine under test).
func scriptedBunker(in io.Reader, out io.Writer) {
	v := movegen.ByName("bunker")
	b := newXBBoard(v, 0)
	b.gui = true
	start, err := v.ParseFEN(scriptStart)
	if err != nil {
		panic(err)
	}
	game := movegen.NewGame(start)
	rng := rand.New(rand.NewPCG(1, 2))
	force, mySide := false, movegen.Black
	say := func(format string, a ...any) { fmt.Fprintf(out, format+"\n", a...) }
	play := func() {
		p := game.Position()
		if force || p.SideToMove() != mySide || game.Outcome().Over() {
			return
		}
		if len(game.Moves()) >= 2*scriptMoves {
			say("resign") // a random mover cannot last: end the game in a few seconds
			force = true
			return
		}
		var ml movegen.MoveList
		p.LegalMoves(&ml)
		m := ml.Moves()[rng.IntN(ml.Len())]
		if n := len(game.Moves()) / 2; n < len(scriptOpening[mySide]) {
			for _, o := range ml.Moves() {
				if p.MoveText(o) == scriptOpening[mySide][n] {
					m = o
				}
			}
		}
		text, _ := b.moveText(p, m)
		game.Play(m)
		say("move %s", text)
		if o := game.Outcome(); o.Over() {
			say("%s {%s}", o.Result, o.Reason)
		}
	}
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		cmd, arg, _ := strings.Cut(strings.TrimSpace(sc.Text()), " ")
		switch cmd {
		case "protover":
			say(`feature ping=1 setboard=1 usermove=1 colors=0 sigint=0 sigterm=0 myname="scripted" variants="bunker" done=1`)
		case "new":
			game, force, mySide = movegen.NewGame(start), false, movegen.Black
		case "ping":
			for _, l := range b.setupLines(start) {
				say("%s", l)
			}
			say("pong %s", arg)
		case "force", "result":
			force = true
		case "go":
			force, mySide = false, game.Position().SideToMove()
			play()
		case "usermove":
			m, err := b.parseMove(game.Position(), arg)
			if err != nil {
				say("Illegal move: %s", arg)
				continue
			}
			game.Play(m)
			play()
		case "quit":
			return
		}
	}
}

// TestXBoardGUIBunkerKingMoves plays two bunker games in a real XBoard 4.9.1 under Xvfb: the
// scripted engine (scriptedBunker) castles a-side as White in the first and leaps as Black
// in the second, against the engine. XBoard must apply both to its board (a wrong board
// shows as a forfeit or an "Illegal move" from either engine when a moved piece is missing
// or misplaced), relay them in a form the engine reads, and every game must end with a
// result claimed by an engine.
func TestXBoardGUIBunkerKingMoves(t *testing.T) {
	script, dir, engine := xboardSetup(t)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "bunker-script")
	log, pgn := runXBoard(t, script, out, "bunker", 2, []string{scriptEnv + "=1"}, self, engine)
	for _, bad := range []string{"Illegal move", "Forfeit", "forfeit", "Error (", "tellusererror", "did not send setup"} {
		if i := strings.Index(log, bad); i >= 0 {
			t.Errorf("protocol log has %q: %s", bad, excerpt(log, i))
		}
	}
	for _, want := range []string{`<first : move e1b1,a1c1`, `>second: e1b1,a1c1`, `<first : move e8g8`, `>second: e8g8`} {
		if !strings.Contains(log, want) {
			t.Errorf("protocol log lacks %q", want)
		}
	}
	// XBoard's SAN, written from its own board: the rook stands on c1 after the castling,
	// the king on g8 after the leap (with the rook still on h8)
	for _, want := range []string{"1. Kxa1-b1 ", " Kg8 "} {
		if !strings.Contains(pgn, want) {
			t.Errorf("the games lack %q", want)
		}
	}
	for _, want := range []*regexp.Regexp{regexp.MustCompile(`\b2\. Rcd1 `), regexp.MustCompile(`\b2\. \S+ (\{[^}]*\} )?Kf8 `)} {
		if !want.MatchString(strings.Join(strings.Fields(pgn), " ")) {
			t.Errorf("the games lack %v: XBoard's board is wrong\n%s", want, tail(pgn, 1500))
		}
	}
	results := regexp.MustCompile(`\{([^}]*)\} (1-0|0-1|1/2-1/2)\s*(\n|$)`).FindAllStringSubmatch(pgn, -1)
	if len(results) != 2 {
		t.Fatalf("%d games with a result, want 2\n%s", len(results), tail(pgn, 800))
	}
	for _, r := range results {
		resigned := strings.Contains(r[1], "resigns") && strings.Contains(log, "<first : resign")
		if !resigned && !strings.Contains(log, "<first : "+r[2]+" {"+r[1]+"}") && !strings.Contains(log, "<second: "+r[2]+" {"+r[1]+"}") {
			t.Errorf("result %s {%s} not claimed by an engine", r[2], r[1])
		}
		t.Logf("%s {%s}", r[2], r[1])
	}
}
