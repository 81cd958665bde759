package bench

import (
	"strings"
	"testing"
	"time"

	"varchess/movegen"
)

// TestAdjudicate checks the adjudication rules on score sequences (each the mover's view,
// alternating sides, the last by the side not to move now).
func TestAdjudicate(t *testing.T) {
	a := Adjudication{DrawFromMove: 2, DrawMoves: 2, DrawScore: 10, WinMoves: 2, WinScore: 500, MaxPlies: 100}
	whiteToMove := movegen.FIDE.Start(nil) // the last score was Black's
	blackToMove := movegen.FIDE.MustParseFEN("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
	sc := func(cps ...int) []scored {
		var out []scored
		for _, c := range cps {
			out = append(out, scored{c, true})
		}
		return out
	}
	cases := []struct {
		name   string
		scores []scored
		plies  int
		p      *movegen.Position
		result movegen.Result
		reason string
	}{
		{"white wins, black agrees", sc(600, -700, 900, -800), 10, whiteToMove, movegen.WhiteWins, "White is winning"},
		{"black wins, white agrees", sc(-600, 700, -900, 800), 10, whiteToMove, movegen.BlackWins, "Black is winning"},
		{"last mover white, black wins", sc(-700, 600, -800, 900, -800), 11, blackToMove, movegen.BlackWins, "Black is winning"},
		{"last mover white wins", sc(1, -600, 700, -900, 800), 11, blackToMove, movegen.WhiteWins, "White is winning"},
		{"only the loser sees it", sc(10, -700, 20, -800), 10, whiteToMove, movegen.Ongoing, ""},
		{"one score missing", []scored{{600, true}, {0, false}, {900, true}, {-800, true}}, 10, whiteToMove, movegen.Ongoing, ""},
		{"too few moves", sc(900, -800), 10, whiteToMove, movegen.Ongoing, ""},
		{"draw", sc(3, -5, 0, 10), 10, whiteToMove, movegen.Draw, "adjudicated draw"},
		{"draw too early", sc(3, -5, 0, 10), 3, whiteToMove, movegen.Ongoing, ""},
		{"not quite a draw", sc(3, -5, 11, 10), 10, whiteToMove, movegen.Ongoing, ""},
		{"too long", nil, 100, whiteToMove, movegen.Draw, "100 plies"},
	}
	for _, c := range cases {
		r, reason, ok := adjudicate(a, c.scores, c.plies, c.p)
		if r != c.result || ok != (c.result != movegen.Ongoing) || !strings.Contains(reason, c.reason) {
			t.Errorf("%s: %v %q %v, want %v %q", c.name, r, reason, ok, c.result, c.reason)
		}
	}
	if _, _, ok := adjudicate(Adjudication{}, sc(900, -900, 900, -900), 1000, whiteToMove); ok {
		t.Error("adjudication with every rule off")
	}
}

// TestKingHopWrittenAsPlainMove: a multi-leg move written as its first and final squares
// is the legal move when only one reads so: the Jumping Knights king's hop capture along
// a rank that this project's engine writes that way over XBoard (a soak game was
// forfeited on it: White's h1g1,g1f1 sent as i1g1).
func TestKingHopWrittenAsPlainMove(t *testing.T) {
	jk := movegen.ByName("jumpingknights")
	ops, err := ReadOpenings(strings.NewReader("2w4w2/1rnbqkbnr1/1pppppppp1/10/10/10/10/1PPPPPPPP1/1RNBQKBNR1/2W4W2 w KQkq - 0 1 moves "+
		"g2g3 f7f6 f1h3 f6f5 b1c3 e7e5 g1f3 h7h5 g3g4 h5h4 c3a7,a7z9 g9g6 d2d4 g6f6 f3h7 f6f3 h7f8,f8d9 d8e7 d9c7,c7a3 e7a3,a3z2 "+
		"d4e5,e5f6 z2d6 f6f7 e8f7,f7g6 g0g3 g6f7 g3d3 d6b4 c2c3 f3c3,c3b3 z9c3 b3c3,c3f3 c1d2 b4b6 e1g1 b8e2,e2f0 g4f5,f5e6 "+
		"b6e6,e6i6 f1e1 g8f6 h3g4 d7d5 g4f3,f3e2 f0e2,e2c6 d1c2 c6e7 d3c3 i6g4 g1h1 f6d7 e1e5 d7e5,e5g1"), jk)
	if err != nil {
		t.Fatal(err)
	}
	o := ops.Opening(0)
	g := movegen.NewGame(o.Start)
	for _, m := range o.Moves {
		g.PlayText(m)
	}
	p := g.Position()
	m, err := parseEngineMove(p, "h1f1")
	if err != nil || p.MoveText(m) != "h1g1,g1f1" {
		t.Errorf("h1f1: %v, %v; want h1g1,g1f1", p.MoveText(m), err)
	}
	for _, bad := range []string{"h1e1", "h1d1", "a1b1,"} {
		if _, err := parseEngineMove(p, bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// TestParseEngineMoveHopEnPassantOverXBoard: the en passant hop of soak game 488 (Jumping
// Knights, 22. b2b4 and Black's pawn on c4 jumps b3 to a2, taking the pawn on b4) is read
// both natively and in the form this project's engine sends XBoard, the legs meeting on
// the captured pawn's square; legs meeting anywhere else are not a move.
func TestParseEngineMoveHopEnPassantOverXBoard(t *testing.T) {
	g := movegen.NewGame(movegen.JumpingKnights.MustParseFEN(movegen.JumpingKnights.StartFEN))
	for _, m := range strings.Fields("c2c4 a7a6 g0g3 g7g6 e2e4 b8c6 d2d4 g8f6 g3g6,g6g7 d7d5 c4d5,d5e6 c8e6,e6i2 " +
		"h2h3 i2h3,h3e6 g1a4 e6a2,a2z1 c1h6 z1c4 f1c4,c4b5 a6b5,b5c4 a4e2 a8a1,a1a0 b0a0,a0z0 h8g8 h1h4 " +
		"g8g7,g7g3 h6f8,f8e9 b9e9,e9h9 h4h7,h7h8 h9h8,h8h7 f2g3,g3h4 h7h4,h4h1 e1f2 c6g4 f2f3 g4e5 f3e3 " +
		"d8d6 e3d2 h1h4 d1a4 e5c6 b2b4") {
		if _, err := g.PlayText(m); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
	p := g.Position()
	for _, text := range []string{"c4b3,b3a2", "c4b4,b4a2"} {
		m, err := parseEngineMove(p, text)
		if err != nil || m.Kind() != movegen.HopEnPassant || p.MoveText(m) != "c4b3,b3a2" {
			t.Errorf("%s: %v (%v), want the en passant hop c4b3,b3a2", text, p.MoveText(m), err)
		}
	}
	for _, bad := range []string{"c4c3,c3a2", "c4a4,a4a2", "c4b4,b4a3"} {
		if m, err := parseEngineMove(p, bad); err == nil {
			t.Errorf("%q accepted as %s", bad, p.MoveText(m))
		}
	}
}

// TestMoveNote: the PGN's comment on a move reads as cutechess writes it, mates included.
func TestMoveNote(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct {
		r    reply
		want string
	}{
		{reply{Elapsed: 312 * ms}, "0.312s"},
		{reply{Score: 35, HasScore: true, Depth: 11, Elapsed: 312 * ms}, "+0.35/11 0.312s"},
		{reply{Score: -1250, HasScore: true, Elapsed: 5 * ms}, "-12.50 0.005s"},
		{reply{Score: 0, HasScore: true, Depth: 3, Elapsed: 0}, "+0.00/3 0.000s"},
		{reply{Score: mateScore - 3, HasScore: true, Depth: 9, Elapsed: 40 * ms}, "+M3/9 0.040s"},
		{reply{Score: -mateScore + 2, HasScore: true, Depth: 9, Elapsed: 40 * ms}, "-M2/9 0.040s"},
	} {
		if got := moveNote(c.r); got != c.want {
			t.Errorf("moveNote(%+v) = %q, want %q", c.r, got, c.want)
		}
	}
	// The scores come from the adapters' readers: a UCI mate in 3 is mateScore - 3.
	f := strings.Fields("info depth 9 seldepth 12 score mate 3 nodes 5000 pv e2e4")
	if s, ok := uciScore(f); !ok || uciDepth(f) != 9 || moveNote(reply{Score: s, HasScore: true, Depth: uciDepth(f)}) != "+M3/9 0.000s" {
		t.Errorf("UCI mate in 3 at depth 9 noted as %q", moveNote(reply{Score: s, HasScore: ok, Depth: uciDepth(f)}))
	}
}

// TestLastWords: a forfeit by silence quotes the engine's last line, cut short, or says
// it wrote nothing.
func TestLastWords(t *testing.T) {
	if got := lastWords(reply{}); got != "; it wrote nothing after it was asked" {
		t.Errorf("silent engine: %q", got)
	}
	long := "info depth 12 score cp 31 time 4100 nodes 5000000 pv " + strings.Repeat("e2e4 e7e5 ", 20)
	got := lastWords(reply{Heard: long, HeardAt: 4100 * time.Millisecond})
	if !strings.HasPrefix(got, `; its last line, at 4.100 s: "info depth 12 score cp 31 time 4100`) || !strings.HasSuffix(got, `..."`) || len(got) > maxQuoted+50 {
		t.Errorf("long line quoted as %q", got)
	}
}
