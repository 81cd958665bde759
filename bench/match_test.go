package bench

import (
	"bytes"
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"

	"varchess/movegen"
)

// quickConfig is a one-game match of two fake engines (engine1 White) from opening, with
// short waits off the clock so that a broken engine costs little time.
func quickConfig(t *testing.T, e1, e2 EngineSpec, opening string, tc string) Config {
	t.Helper()
	ops, err := ReadOpenings(strings.NewReader(opening), movegen.FIDE)
	if err != nil {
		t.Fatal(err)
	}
	tcv, err := ParseTC(tc)
	if err != nil {
		t.Fatal(err)
	}
	return Config{
		Variant: movegen.FIDE, Engines: []EngineSpec{e1, e2}, Games: 1, TC: tcv,
		Openings: ops, Seed: 1, Adjudicate: DefaultAdjudication,
		// the default waits off the clock: generous on a loaded machine
	}
}

const startFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// TestGameEnds provokes every way a game can end, with each protocol on both sides, and
// checks the result, the reason and the PGN Termination tag the referee gives.
func TestGameEnds(t *testing.T) {
	cases := []struct {
		name    string
		protos  []string // protocols the case applies to (nil: both)
		opening string
		white   []string
		black   []string
		tc      string
		adj     *Adjudication
		result  movegen.Result
		reason  string // a substring of the reason
		term    string
		plies   int  // expected number of plies in the record
		mixed   bool // also run with one XBoard and one UCI engine
	}{
		{name: "checkmate", mixed: true, opening: startFEN,
			white: []string{"moves=f2f3,g2g4"}, black: []string{"moves=e7e5,d8h4"},
			result: movegen.BlackWins, reason: "checkmate", term: termNormal, plies: 4},
		{name: "stalemate", opening: "k7/8/8/2Q5/8/8/8/K7 w - - 0 1",
			white: []string{"moves=c5b6"}, black: nil,
			result: movegen.Draw, reason: "stalemate", term: termNormal, plies: 1},
		{name: "repetition", opening: startFEN,
			white: []string{"moves=g1f3,f3g1,g1f3,f3g1"}, black: []string{"moves=g8f6,f6g8,g8f6,f6g8"},
			result: movegen.Draw, reason: "repetition", term: termNormal, plies: 8},
		{name: "fifty-move rule", opening: "k7/8/8/8/8/8/8/KR6 w - - 99 80",
			white:  []string{"moves=b1b2"},
			result: movegen.Draw, reason: "fifty-move", term: termNormal, plies: 1},
		{name: "insufficient material", opening: "k7/8/8/8/8/8/1p6/K7 w - - 0 1",
			white:  []string{"moves=a1b2"},
			result: movegen.Draw, reason: "insufficient material", term: termNormal, plies: 1},
		{name: "opening from moves", opening: "moves e2e4 e7e5 d1h5 b8c6 f1c4 g8f6",
			white:  []string{"moves=h5f7"},
			result: movegen.WhiteWins, reason: "checkmate", term: termNormal, plies: 7},
		{name: "slow move loses on time", opening: startFEN, tc: "0.3+0",
			white:  []string{"at=1", "act=slow", "sleep=1s"},
			result: movegen.BlackWins, reason: "White loses on time", term: termTime, plies: 0},
		{name: "hang loses on time", mixed: true, opening: startFEN, tc: "1+0",
			black:  []string{"at=2", "act=hang"},
			result: movegen.WhiteWins, reason: " s; it wrote nothing after it was asked)", term: termTime, plies: 3},
		{name: "hang after thinking loses on time", opening: startFEN, tc: "1+0",
			black:  []string{"at=2", "act=hang", "score=-25"},
			result: movegen.WhiteWins, reason: ` s; its last line, at `, term: termTime, plies: 3},
		{name: "crash", mixed: true, opening: startFEN,
			white:  []string{"at=2", "act=crash"},
			result: movegen.BlackWins, reason: "White engine exited", term: termAbandoned, plies: 2},
		{name: "illegal move", mixed: true, opening: startFEN,
			black:  []string{"at=1", "act=illegal", "bad=e7e4"},
			result: movegen.WhiteWins, reason: `Black plays an illegal move: "e7e4"`, term: termInfraction, plies: 1},
		{name: "garbage", opening: startFEN,
			white:  []string{"at=1", "act=garbage"},
			result: movegen.BlackWins, reason: `White plays an illegal move: "@@junk##"`, term: termInfraction, plies: 0},
		{name: "endless output loses on time", opening: startFEN, tc: "0.5+0",
			white:  []string{"at=1", "act=spew"},
			result: movegen.BlackWins, reason: "White loses on time", term: termTime, plies: 0},
		{name: "over-long line", opening: startFEN,
			black:  []string{"at=1", "act=longline"},
			result: movegen.WhiteWins, reason: "Black engine output unreadable: bufio.Scanner: token too long", term: termInfraction, plies: 1},
		{name: "resign", protos: []string{"xboard"}, opening: startFEN,
			black:  []string{"at=3", "act=resign"},
			result: movegen.WhiteWins, reason: "Black resigns", term: termNormal, plies: 5},
		{name: "false claim", protos: []string{"xboard"}, opening: startFEN,
			white:  []string{"at=2", "act=claim"},
			result: movegen.BlackWins, reason: "White makes a false claim: 1/2-1/2", term: termInfraction, plies: 2},
		{name: "rejects a legal move", protos: []string{"xboard"}, opening: startFEN,
			black:  []string{"reject=1"},
			result: movegen.WhiteWins, reason: "Black engine rejects a command: Illegal move: ", term: termInfraction, plies: 1},
		{name: "no move", protos: []string{"uci"}, opening: startFEN,
			black:  []string{"at=1", "act=none"},
			result: movegen.WhiteWins, reason: `Black plays an illegal move: "(none)"`, term: termInfraction, plies: 1},
		{name: "hopeless score adjudicated", opening: startFEN,
			white: []string{"score=1500"}, black: []string{"score=-1200"},
			result: movegen.WhiteWins, reason: "both engines agree White is winning", term: termAdjudicated, plies: 8},
		{name: "losing side agrees, winner does not: no adjudication", opening: "k7/8/8/8/8/8/8/KR6 w - - 90 80",
			white: []string{"moves=b1b2,b2b1,b1b2,b2b1,b1b2", "score=10"}, black: []string{"score=-1500"},
			result: movegen.Draw, reason: "fifty-move", term: termNormal, plies: 10},
		{name: "long draw adjudicated", opening: startFEN,
			adj:   &Adjudication{DrawFromMove: 3, DrawMoves: 2, DrawScore: 10},
			white: []string{"score=5"}, black: []string{"score=-3"},
			result: movegen.Draw, reason: "adjudicated draw", term: termAdjudicated, plies: 6},
	}
	for _, pw := range []string{"xboard", "uci"} {
		for _, pb := range []string{"xboard", "uci"} {
			for _, tc := range cases {
				// A misbehaviour one protocol cannot express (resign, false claims, rejected
				// moves in XBoard; bestmove (none) in UCI) is tried only where that side
				// speaks it.
				if tc.protos != nil && (containsAct(tc.white) && !slices.Contains(tc.protos, pw) ||
					containsAct(tc.black) && !slices.Contains(tc.protos, pb)) {
					continue
				}
				// Mixed pairs (one XBoard, one UCI engine) run a sample of the cases.
				if pw != pb && tc.protos == nil && !tc.mixed {
					continue
				}
				t.Run(pw+"-"+pb+"/"+tc.name, func(t *testing.T) {
					t.Parallel()
					tcs := tc.tc
					if tcs == "" {
						tcs = "10+0"
					}
					cfg := quickConfig(t, EngineSpec{Cmd: fakeCmd(pw, append(tc.white, "name=W")...), Proto: pw},
						EngineSpec{Cmd: fakeCmd(pb, append(tc.black, "name=B")...), Proto: pb}, tc.opening, tcs)
					if tc.adj != nil {
						cfg.Adjudicate = *tc.adj
					}
					var pgn bytes.Buffer
					cfg.PGN = &pgn
					res, err := Run(context.Background(), cfg)
					if err != nil {
						t.Fatal(err)
					}
					if len(res.Games) != 1 {
						t.Fatalf("%d games, want 1", len(res.Games))
					}
					g := res.Games[0]
					if g.Result != tc.result || !strings.Contains(g.Reason, tc.reason) || g.Termination != tc.term {
						t.Errorf("got %s {%s} [%s], want %s {...%s...} [%s]; moves %v", g.Result, g.Reason, g.Termination, tc.result, tc.reason, tc.term, g.Moves)
					}
					if len(g.Moves) != tc.plies {
						t.Errorf("%d plies %v, want %d", len(g.Moves), g.Moves, tc.plies)
					}
					checkPGN(t, pgn.String(), g)
				})
			}
		}
	}
}

func containsAct(opts []string) bool {
	for _, o := range opts {
		if strings.HasPrefix(o, "act=") || strings.HasPrefix(o, "reject=") {
			return true
		}
	}
	return false
}

var (
	moveNoteRE    = regexp.MustCompile(`\{([^}]*)\}`)
	validMoveNote = regexp.MustCompile(`^([+-]([0-9]+\.[0-9]{2}|M[0-9]+)(/[0-9]+)? )?[0-9]+\.[0-9]{3}s$`)
)

// checkPGN checks the tags of one game's PGN and replays its moves from its FEN.
func checkPGN(t *testing.T, pgn string, g gameRecord) {
	t.Helper()
	for _, tag := range []string{
		`[Variant "normal"]`, `[FEN "` + g.Start + `"]`, `[Result "` + g.Result.String() + `"]`,
		`[Termination "` + g.Termination + `"]`, `[TimeControl "`, `[White "W"]`, `[Black "B"]`,
	} {
		if !strings.Contains(pgn, tag) {
			t.Errorf("PGN lacks %s:\n%s", tag, pgn)
		}
	}
	body := pgn[strings.Index(pgn, "\n\n")+2:]
	body = strings.ReplaceAll(body, "{end of opening}", "")
	// Every move the engines played has its note, and the last comment is the reason.
	comments := moveNoteRE.FindAllStringSubmatch(body, -1)
	var notes int
	for _, c := range comments[:max(len(comments)-1, 0)] {
		if !validMoveNote.MatchString(c[1]) {
			t.Errorf("move comment {%s} is not a move's note", c[1])
		}
		notes++
	}
	if want := len(g.Moves) - g.OpeningPlies; notes != want {
		t.Errorf("PGN has %d move notes, want %d:\n%s", notes, want, body)
	}
	if !strings.HasSuffix(strings.Join(strings.Fields(body), " "), "{"+strings.Join(strings.Fields(pgnComment(g.Reason)), " ")+"} "+g.Result.String()) {
		t.Errorf("PGN does not end with the reason and result:\n%s", body)
	}
	moves, _ := movegen.SplitMovetext(body)
	p, err := movegen.FIDE.ParseFEN(g.Start)
	if err != nil {
		t.Fatal(err)
	}
	game := movegen.NewGame(p)
	n := 0
	for _, w := range moves {
		if _, err := game.PlayText(w); err != nil {
			t.Fatalf("PGN move %s: %v\n%s", w, err, pgn)
		}
		n++
	}
	if n != len(g.Moves) {
		t.Errorf("PGN has %d moves, record %d", n, len(g.Moves))
	}
}
