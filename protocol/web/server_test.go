package web

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"varchess/search"
)

// smallEngine is an engine with the smallest table, which tests build by the dozen.
func smallEngine() *search.Engine {
	e := search.NewEngine()
	e.SetHashMB(search.MinHashMB)
	return e
}

// newServer is a server with one small engine per search, whose recovered panics fail t.
func newServer(t testing.TB, searches int) *Server {
	return New(Config{NewEngine: smallEngine, Searches: searches, Logf: func(format string, args ...any) {
		t.Errorf("server: "+format, args...)
	}})
}

// call sends a request to h and returns the status, the headers and the body.
func call(t testing.TB, h http.Handler, method, path, body string) (int, http.Header, []byte) {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req := httptest.NewRequest(method, path, rd)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Code, rec.Header(), rec.Body.Bytes()
}

// postJSON posts v (a string is sent as it is) and decodes the answer into out.
func postJSON(t testing.TB, h http.Handler, path string, v any, out any) int {
	t.Helper()
	body, ok := v.(string)
	if !ok {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		body = string(b)
	}
	code, hdr, b := call(t, h, http.MethodPost, path, body)
	if ct := hdr.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("POST %s: Content-Type %q, want JSON; body %s", path, ct, b)
	}
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			t.Fatalf("POST %s: %v in %s", path, err, b)
		}
	}
	return code
}

// game is a request's game.
type game struct {
	Variant string   `json:"variant"`
	FEN     string   `json:"fen,omitempty"`
	Moves   []string `json:"moves"`
}

// state posts g to /api/state and fails t unless it is answered with 200.
func state(t *testing.T, h http.Handler, g game) State {
	t.Helper()
	var st State
	if code := postJSON(t, h, "/api/state", g, &st); code != http.StatusOK {
		t.Fatalf("state of %+v: status %d", g, code)
	}
	return st
}

// findMove is the move with text in st, failing t if there is none.
func findMove(t *testing.T, st State, text string) Move {
	t.Helper()
	for _, m := range st.Moves {
		if m.Text == text {
			return m
		}
	}
	var texts []string
	for _, m := range st.Moves {
		texts = append(texts, m.Text)
	}
	t.Fatalf("no move %s among %v", text, texts)
	return Move{}
}

// hopSample is the start of Hop Chess's published sample game: after it White's bishop
// goes c1-g5(trampoline)-xf6.
var hopSample = []string{"e2e4", "g8f6,d5", "d2d4,d3", "e7e6,b4", "b1c3,g5", "f8e7,b4"}

// TestStateMoves checks the moves a state lists for the special moves of every game: their
// clicks, labels, routes and victims, SAN, check, and the status and outcome.
func TestStateMoves(t *testing.T) {
	s := newServer(t, 1)
	clicks := func(m Move) string {
		var out []string
		for _, seq := range m.Clicks {
			out = append(out, strings.Join(seq, ","))
		}
		return strings.Join(out, " ")
	}

	t.Run("normal chess: SAN, history, check", func(t *testing.T) {
		st := state(t, s, game{Variant: "normal", Moves: []string{"e2e4", "e7e5", "Nf3"}})
		if len(st.History) != 3 || st.History[0].SAN != "e4" || st.History[2].Text != "g1f3" || st.History[2].SAN != "Nf3" {
			t.Errorf("history %+v, want e4 e5 Nf3 (SAN accepted, text g1f3)", st.History)
		}
		if m := findMove(t, st, "b8c6"); m.SAN != "Nc6" || clicks(m) != "b8,c6" || m.Label != "" {
			t.Errorf("b8c6: %+v", m)
		}
		if st.Side != "black" || st.Status != "Black to move" || st.Outcome.Over || st.Outcome.Result != "*" {
			t.Errorf("side %s, status %q, outcome %+v", st.Side, st.Status, st.Outcome)
		}
		if m := findMove(t, st, "f8b4"); m.Check {
			t.Errorf("Bb4 does not give check: %+v", m)
		}
		st = state(t, s, game{Variant: "normal", Moves: []string{"e2e4", "f7f6", "d2d4", "g7g5"}})
		if m := findMove(t, st, "d1h5"); !m.Check || m.SAN != "Qh5#" {
			t.Errorf("Qh5 mates: %+v", m)
		}
	})
	t.Run("normal chess: checkmate, check square and outcome", func(t *testing.T) {
		st := state(t, s, game{Variant: "normal", Moves: []string{"f2f3", "e7e5", "g2g4", "d8h4"}})
		if !slices.Equal(st.Check, []string{"e1"}) || !st.History[3].Check || st.History[3].SAN != "Qh4#" {
			t.Errorf("check %v, last move %+v; want e1 in check by Qh4#", st.Check, st.History[3])
		}
		if !st.Outcome.Over || st.Outcome.Result != "0-1" || st.Outcome.Reason != "checkmate" || len(st.Moves) != 0 {
			t.Errorf("outcome %+v with %d moves, want 0-1 checkmate and none", st.Outcome, len(st.Moves))
		}
	})
	t.Run("normal chess: castling by two clicks, a promotion with four labels", func(t *testing.T) {
		st := state(t, s, game{Variant: "normal", FEN: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"})
		if m := findMove(t, st, "e1g1"); clicks(m) != "e1,g1 e1,h1" || m.Label != "" || m.SAN != "O-O" {
			t.Errorf("castling %+v, want clicks e1,g1 and e1,h1 without a label", m)
		}
		st = state(t, s, game{Variant: "normal", FEN: "8/4P3/8/8/8/8/k7/4K3 w - - 0 1"})
		var labels []string
		for _, promo := range []string{"q", "r", "b", "n"} {
			m := findMove(t, st, "e7e8"+promo)
			if clicks(m) != "e7,e8" {
				t.Errorf("%s clicks %q", m.Text, clicks(m))
			}
			labels = append(labels, m.Label+"/"+m.Piece)
		}
		if got := strings.Join(labels, " "); got != "Queen/Q Rook/R Bishop/B Knight/N" {
			t.Errorf("promotion labels %s", got)
		}
	})
	t.Run("hop chess: trampolines, a bounce's path, the placement click", func(t *testing.T) {
		st := state(t, s, game{Variant: "hopchess", Moves: hopSample})
		if st.Trampolines["white"] != "g5" || st.Trampolines["black"] != "b4" {
			t.Errorf("trampolines %v, want white g5, black b4", st.Trampolines)
		}
		m := findMove(t, st, "c1f6,e5")
		if !slices.Equal(m.Path, []string{"c1", "g5", "f6"}) || clicks(m) != "c1,f6,e5" || !slices.Equal(m.Captured, []string{"f6"}) {
			t.Errorf("c1f6,e5: path %v, clicks %q, captured %v; want c1 g5 f6, c1,f6,e5, f6", m.Path, clicks(m), m.Captured)
		}
		if m := findMove(t, st, "c1d2,g5"); len(m.Path) != 0 || clicks(m) != "c1,d2,g5" {
			t.Errorf("a plain move leaving the trampoline where it is: %+v", m)
		}
		if len(st.Moves) < 500 || st.Status != "White to move, then places the trampoline" {
			t.Errorf("%d turns, status %q", len(st.Moves), st.Status)
		}
		st = state(t, s, game{Variant: "hopchess"})
		if m := findMove(t, st, "e2e4"); clicks(m) != "e2,e4" || st.Trampolines["white"] != "" {
			t.Errorf("White's first turn places no trampoline: %+v, %v", m, st.Trampolines)
		}
	})
	t.Run("jumping knights: a hop capture's clicks are from, victim, landing", func(t *testing.T) {
		st := state(t, s, game{Variant: "jumpingknights", FEN: jkFEN})
		m := findMove(t, st, "b0b1,b1b2")
		if clicks(m) != "b0,b1,b2" || !slices.Equal(m.Path, []string{"b0", "b1", "b2"}) || !slices.Equal(m.Captured, []string{"b1"}) {
			t.Errorf("hop capture %+v", m)
		}
		if len(st.Moves) != 4 {
			t.Errorf("Rule 4 leaves %d moves, want 4", len(st.Moves))
		}
	})
	t.Run("weak square: jump with the placed piece chosen by label", func(t *testing.T) {
		st := state(t, s, game{Variant: "weaksquare", FEN: "*****1/r2b2/3pn1/2k3/1P2P1/2NK1R/R3B1/1*****[BNPrbnpp] w - - 0 5 JJ"})
		n, p := findMove(t, st, "d3b2n"), findMove(t, st, "d3b2p")
		if clicks(n) != "d3,b2" || n.Label != "Leave a knight" || n.Piece != "N" || p.Label != "Leave a pawn" || p.Piece != "P" {
			t.Errorf("jumps %+v %+v", n, p)
		}
		if st.Status != "White jumps and places a piece" || st.Hands["white"]["N"] != 1 || st.Hands["black"]["P"] != 2 {
			t.Errorf("status %q, hands %v", st.Status, st.Hands)
		}
	})
	t.Run("weak square: the only move is a pass, with a note", func(t *testing.T) {
		st := state(t, s, game{Variant: "weaksquare", FEN: "*****1/r1b1n1/3k1p/1p3b/2P3/NP1PN1/R1K1BR/1*****[Brnp] w - - 0 6 JJ"})
		if len(st.Moves) != 1 || st.Moves[0].Text != "0000" || len(st.Moves[0].Clicks) != 1 || len(st.Moves[0].Clicks[0]) != 0 {
			t.Fatalf("moves %+v, want the pass alone with clicks [[]]", st.Moves)
		}
		if st.Note == "" || !strings.Contains(st.Status, "stuck") {
			t.Errorf("status %q, note %q", st.Status, st.Note)
		}
	})
	t.Run("weak square: reaching the weak square wins", func(t *testing.T) {
		st := state(t, s, game{Variant: "weaksquare", FEN: "*****1/4k1/6/6/6/6/1K3R/1*****[] w - - 0 30 MM", Moves: []string{"f2f8"}})
		if st.Outcome.Result != "1-0" || st.Outcome.Reason != "White reaches the weak square" || !strings.Contains(st.Status, "White reaches the weak square") {
			t.Errorf("outcome %+v, status %q", st.Outcome, st.Status)
		}
	})
	t.Run("pre-chess: drops from the hand", func(t *testing.T) {
		st := state(t, s, game{Variant: "prechess", Moves: []string{"N@b1"}})
		m := findMove(t, st, "N@c8")
		if clicks(m) != "@N,c8" || m.From != "" || m.To != "c8" {
			t.Errorf("drop %+v", m)
		}
		if st.Hands["white"]["N"] != 1 || st.Hands["black"]["N"] != 2 || st.Status != "Black places a piece on its back rank" {
			t.Errorf("hands %v, status %q", st.Hands, st.Status)
		}
	})
	t.Run("bunker: leap and castling share a click and get labels", func(t *testing.T) {
		st := state(t, s, game{Variant: "bunker", FEN: "4k3/8/8/8/8/8/8/4K2R w H - 0 1 K"})
		leap, castle := findMove(t, st, "e1g1"), findMove(t, st, "e1h1")
		if clicks(leap) != "e1,g1" || leap.Label != "Bunker leap" || leap.Piece != "K" {
			t.Errorf("leap %+v", leap)
		}
		if clicks(castle) != "e1,g1 e1,h1" || castle.Label != "Castling" || castle.Piece != "R" {
			t.Errorf("castling %+v", castle)
		}
	})
	t.Run("black hole: the board has e0 and e12 but no e6", func(t *testing.T) {
		st := state(t, s, game{Variant: "blackhole"})
		if st.Board["e1"] != "K" || st.Board["e11"] != "k" {
			t.Errorf("board %v", st.Board)
		}
		if m := findMove(t, st, "e2e5"); clicks(m) != "e2,e5" {
			t.Errorf("triple step %+v", m)
		}
	})
}

// jkFEN: White's War Machine on b0 must capture the bishop on b1 (Rule 4) or give check.
const jkFEN = "10/5k4/10/10/1R8/10/10/10/2b2K4/2W7 w - - 0 1"

// TestBadRequests sends every kind of bad input to every endpoint that reads a game: each
// is a 4xx with a JSON error (and the index of a bad move), never a 5xx.
func TestBadRequests(t *testing.T) {
	s := newServer(t, 1)
	many := make([]string, maxGameMoves+1)
	for i := range many {
		many[i] = "g1f3"
	}
	tooMany, _ := json.Marshal(game{Variant: "normal", Moves: many})
	huge := `{"variant":"normal","fen":"` + strings.Repeat("x", maxBodyBytes) + `"}`
	cases := []struct {
		name   string
		body   string
		status int
		want   string
		index  int // -1: none
	}{
		{"junk", "not json", 400, "not valid JSON", -1},
		{"empty", "", 400, "empty", -1},
		{"array", "[1,2]", 400, "JSON object", -1},
		{"truncated", `{"variant":"normal"`, 400, "ends too early", -1},
		{"trailing data", `{"variant":"normal"} {}`, 400, "more after", -1},
		{"unknown field", `{"variant":"normal","colour":"white"}`, 400, "unknown field", -1},
		{"wrong type", `{"variant":"normal","moves":"e2e4"}`, 400, "wrong type", -1},
		{"no variant", `{"moves":[]}`, 400, "names no variant", -1},
		{"unknown variant", `{"variant":"crazyhouse"}`, 400, "Unknown variant", -1},
		{"bad FEN", `{"variant":"normal","fen":"rnbqkbnr/pppppppp/8/8 w"}`, 400, "Bad FEN: 4 ranks, want 8.", -1}, // said "Bad FEN: fen: ..."
		{"FEN of another variant", `{"variant":"weaksquare","fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}`, 400, "Bad FEN", -1},
		{"illegal move", `{"variant":"normal","moves":["e2e4","e7e4"]}`, 400, "Move 2", 1},
		{"junk move", `{"variant":"hopchess","moves":["e2e4",",,,@@"]}`, 400, "not a legal move", 1},
		{"move after mate", `{"variant":"normal","moves":["f2f3","e7e5","g2g4","d8h4","e1f2"]}`, 400, "already over", 4},
		{"too many moves", string(tooMany), 400, "more than the 1000", -1},
		{"huge body", huge, 413, "larger than 256 KiB", -1},
	}
	for _, path := range []string{"/api/state", "/api/move", "/api/explain", "/api/pgn"} {
		for _, c := range cases {
			t.Run(path+" "+c.name, func(t *testing.T) {
				var e struct {
					Error string `json:"error"`
					Index *int   `json:"index"`
				}
				code := postJSON(t, s, path, c.body, &e)
				if code != c.status || !strings.Contains(e.Error, c.want) {
					t.Errorf("status %d, error %q; want %d with %q", code, e.Error, c.status, c.want)
				}
				if c.index >= 0 && (e.Index == nil || *e.Index != c.index) || c.index < 0 && e.Index != nil {
					t.Errorf("index %v, want %d", e.Index, c.index)
				}
			})
		}
	}
	if n := s.panics.Load(); n != 0 {
		t.Errorf("%d requests reached the recover middleware", n)
	}
}

// TestRecoverMiddleware proves the last resort works: a handler that panics gives a 500
// with a JSON error, and the panic is counted and logged.
func TestRecoverMiddleware(t *testing.T) {
	var logged string
	s := New(Config{Searches: 1, NewEngine: smallEngine, Logf: func(format string, args ...any) { logged = fmt.Sprintf(format, args...) }})
	s.mux.HandleFunc("GET /api/test-panic", func(http.ResponseWriter, *http.Request) { panic("boom") })
	code, hdr, body := call(t, s, http.MethodGet, "/api/test-panic", "")
	if code != 500 || !strings.Contains(string(body), `"error"`) || hdr.Get("Content-Security-Policy") == "" {
		t.Errorf("status %d, body %s", code, body)
	}
	if s.panics.Load() != 1 || !strings.Contains(logged, "boom") {
		t.Errorf("panics %d, log %q", s.panics.Load(), logged)
	}
}

// TestVariantsEndpoint checks the menu: every game in order, with its board, zones,
// pieces and legend.
func TestVariantsEndpoint(t *testing.T) {
	s := newServer(t, 1)
	code, hdr, body := call(t, s, http.MethodGet, "/api/variants", "")
	var vs []Variant
	if err := json.Unmarshal(body, &vs); code != 200 || err != nil {
		t.Fatalf("status %d, %v", code, err)
	}
	if hdr.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("headers %v", hdr)
	}
	var got []string
	byName := map[string]Variant{}
	for _, v := range vs {
		got = append(got, v.Name)
		byName[v.Name] = v
	}
	if want := "normal weaksquare bunker prechess hopchess jumpingknights blackhole"; strings.Join(got, " ") != want {
		t.Errorf("variants %v, want %s", got, want)
	}
	if ws := byName["weaksquare"]; len(ws.Squares) != 38 || len(ws.Zones) != 1 || !slices.Equal(ws.Zones[0].Squares, []string{"a1", "f8"}) || !ws.Hands {
		t.Errorf("weaksquare %d squares, zones %+v", len(ws.Squares), ws.Zones)
	}
	bh := byName["blackhole"]
	if bh.Files != 9 || bh.Ranks != 13 || bh.RankNames[0] != "0" || len(bh.Squares) != 9*11-1+2 || !slices.Equal(bh.Zones[0].Squares, []string{"e0", "e12"}) {
		t.Errorf("blackhole %dx%d ranks %v, %d squares, zones %+v", bh.Files, bh.Ranks, bh.RankNames, len(bh.Squares), bh.Zones)
	}
	for _, sq := range bh.Squares {
		if sq.Name == "e6" || sq.Name == "d0" {
			t.Errorf("blackhole lists %s", sq.Name)
		}
		if sq.Name == "e0" && (sq.File != 4 || sq.Rank != 0 || !sq.Light) {
			t.Errorf("e0 %+v", sq)
		}
	}
	jk := byName["jumpingknights"]
	if jk.FileNames[0] != "z" || len(jk.Zones[0].Squares) != 36 || jk.Zones[0].Name != "edge" {
		t.Errorf("jumpingknights files %v, zones %+v", jk.FileNames, jk.Zones)
	}
	for _, l := range jk.Legend {
		if l.Letter == "R" && (len(l.Moves) != 14 || len(l.Captures) == 0) {
			t.Errorf("JK rook legend %+v", l)
		}
	}
	if !byName["hopchess"].Trampolines || !byName["bunker"].RandomStart || byName["normal"].Hands {
		t.Errorf("flags wrong")
	}
	for _, v := range vs {
		if len(v.Legend) != len(v.Pieces) {
			t.Errorf("%s: %d legend entries, %d pieces", v.Name, len(v.Legend), len(v.Pieces))
		}
	}
}

// TestStart checks /api/start: a seeded Shuffle array is reproducible, a fixed start is
// the variant's own.
func TestStart(t *testing.T) {
	s := newServer(t, 1)
	var a, b, c struct{ FEN string }
	postJSON(t, s, "/api/start", `{"variant":"bunker","seed":7}`, &a)
	postJSON(t, s, "/api/start", `{"variant":"bunker","seed":7}`, &b)
	postJSON(t, s, "/api/start", `{"variant":"hopchess"}`, &c)
	if a.FEN == "" || a.FEN != b.FEN || !strings.HasPrefix(c.FEN, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") {
		t.Errorf("starts %q %q %q", a.FEN, b.FEN, c.FEN)
	}
	st := state(t, s, game{Variant: "bunker", FEN: a.FEN})
	if st.Start != a.FEN {
		t.Errorf("state start %q, want %q", st.Start, a.FEN)
	}
	var e struct{ Error string }
	if code := postJSON(t, s, "/api/start", `{"variant":"nope"}`, &e); code != 400 || e.Error == "" {
		t.Errorf("unknown variant: %d %q", code, e.Error)
	}
}

// TestExplainEndpoint checks the reasons given for clicks that start no move.
func TestExplainEndpoint(t *testing.T) {
	s := newServer(t, 1)
	for _, c := range []struct {
		g      game
		clicks []string
		status int
		want   string
	}{
		{game{Variant: "normal"}, []string{"e2", "e5"}, 200, "The pawn on e2 cannot go to e5."},
		{game{Variant: "normal"}, []string{"e2"}, 200, ""},
		{game{Variant: "normal"}, []string{"e2", "e4"}, 200, ""},
		{game{Variant: "normal"}, []string{"e7"}, 200, "Black's, and it is White's turn"},
		{game{Variant: "normal"}, []string{"e3"}, 200, "There is no piece on e3."},
		{game{Variant: "normal"}, []string{"a1"}, 200, "The rook on a1 has no legal move."},
		{game{Variant: "weaksquare"}, []string{"@N"}, 200, "jump with the king"},
		{game{Variant: "prechess"}, []string{"@N", "b2"}, 200, "back rank"},
		{game{Variant: "hopchess", Moves: hopSample}, []string{"c1", "f6", "f7"}, 200, "The trampoline cannot go to f7"},
		{game{Variant: "jumpingknights", FEN: jkFEN}, []string{"a5", "a6"}, 200, "Rule 4"},
		{game{Variant: "hopchess"}, []string{"e2", "e4", "d5"}, 200, "No trampoline is placed on White's first turn"},
		{game{Variant: "hopchess", Moves: hopSample}, []string{"c1", "g5"}, 200, "never ends its move on a trampoline"},
		{game{Variant: "blackhole"}, []string{"e1", "e0"}, 200, ""},
		{game{Variant: "blackhole"}, []string{"e1", "e2"}, 200, "your own pawn stands there"},
		{game{Variant: "weaksquare", FEN: "*****1/3k2/6/6/P1P3/3N2/1K4/1*****[RRBBNPrrbbnnppp] w - - 0 5 JJ"}, []string{"b2"}, 200,
			"White's king is stuck: White must pass until Black has placed all its pieces. Press Pass."},
		{game{Variant: "weaksquare", FEN: "*****1/3k2/6/6/P1P3/3N2/1K4/1*****[RRBBNPrrbbnnppp] w - - 0 5 JJ"}, []string{"@R"}, 200,
			"The only move is a pass. Press Pass."},
		// Over by mate, and by threefold repetition, where legal moves remain.
		{game{Variant: "normal", Moves: []string{"f2f3", "e7e5", "g2g4", "d8h4"}}, []string{"e2"}, 200, "The game is over"},
		{game{Variant: "normal", Moves: []string{"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"}}, []string{"e2"}, 200,
			"The game is over (threefold repetition)"},
		{game{Variant: "normal"}, []string{"x9"}, 400, "not a square"},
		{game{Variant: "normal"}, []string{"@Z"}, 400, "names no piece"},
		{game{Variant: "normal"}, nil, 400, "Send the clicks"},
	} {
		body, _ := json.Marshal(struct {
			game
			Clicks []string `json:"clicks"`
		}{c.g, c.clicks})
		var ans struct{ Reason, Error string }
		code := postJSON(t, s, "/api/explain", string(body), &ans)
		got := ans.Reason + ans.Error
		if code != c.status || (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
			t.Errorf("%s %v: %d %q, want %d %q", c.g.Variant, c.clicks, code, got, c.status, c.want)
		}
	}
}

// TestMoveEndpoint asks the engine for a move at depth 1, and refuses bad limits and
// finished games.
func TestMoveEndpoint(t *testing.T) {
	s := newServer(t, 1)
	var ans moveAnswer
	if code := postJSON(t, s, "/api/move", `{"variant":"normal","moves":["e2e4"],"depth":1}`, &ans); code != 200 {
		t.Fatalf("status %d", code)
	}
	if ans.Move.Text == "" || ans.Move.SAN == "" || ans.Depth < 1 || len(ans.State.History) != 2 || ans.State.History[1].Text != ans.Move.Text || ans.PV[0] != ans.Move.Text {
		t.Errorf("answer %+v", ans)
	}
	if code := postJSON(t, s, "/api/move", `{"variant":"hopchess","moves":["e2e4"],"movetime":50}`, &ans); code != 200 || !strings.Contains(ans.Move.Text, ",") {
		t.Errorf("hop chess move: %d %+v", code, ans.Move)
	}
	// Mate in one for White: the score is a mate, from White's point of view.
	if code := postJSON(t, s, "/api/move", `{"variant":"normal","fen":"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1","depth":3}`, &ans); code != 200 || ans.Move.Text != "a1a8" || ans.Mate != 1 {
		t.Errorf("mate in one: %d, move %s, mate %d", code, ans.Move.Text, ans.Mate)
	}
	if code := postJSON(t, s, "/api/move", `{"variant":"normal","fen":"r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1","depth":3}`, &ans); code != 200 || ans.Mate != -1 {
		t.Errorf("Black mates in one: %d, mate %d", code, ans.Mate)
	}
	for _, c := range []struct{ body, want string }{
		{`{"variant":"normal","depth":0}`, "depth must be"},
		{`{"variant":"normal","depth":65}`, "depth must be"},
		{`{"variant":"normal","movetime":60001}`, "movetime must be"},
		{`{"variant":"normal","wtime":-5}`, "wtime must be"},
		{`{"variant":"normal","movetime":9223372036854775}`, "movetime must be"},
		{`{"variant":"normal","binc":9223372036854775807}`, "binc must be"},
		{`{"variant":"normal","moves":["f2f3","e7e5","g2g4","d8h4"],"depth":1}`, "The game is over"},
	} {
		var e struct{ Error string }
		if code := postJSON(t, s, "/api/move", c.body, &e); code != 400 || !strings.Contains(e.Error, c.want) {
			t.Errorf("%s: %d %q, want 400 %q", c.body, code, e.Error, c.want)
		}
	}
}

// TestMoveAtALevel: a move at a level for people is a weakened search (a small node
// budget), the level is refused outside the scale, and the pooled engine is full strength
// again for the next request.
func TestMoveAtALevel(t *testing.T) {
	s := newServer(t, 1)
	var ans moveAnswer
	if code := postJSON(t, s, "/api/move", `{"variant":"normal","elo":500,"movetime":2000}`, &ans); code != 200 || ans.Move.Text == "" {
		t.Fatalf("elo 500: %d %+v", code, ans.Move)
	}
	if ans.Nodes > 50000 {
		t.Errorf("elo 500 searched %d nodes: not a beginner's budget", ans.Nodes)
	}
	for _, body := range []string{`{"variant":"normal","elo":499}`, `{"variant":"normal","elo":2001}`} {
		var e struct{ Error string }
		if code := postJSON(t, s, "/api/move", body, &e); code != 400 || !strings.Contains(e.Error, "elo must be between 500 and 2000") {
			t.Errorf("%s: %d %q", body, code, e.Error)
		}
	}
	e := <-s.engines
	s.engines <- e
	if e.Elo() != 0 {
		t.Errorf("the pooled engine kept the level %d", e.Elo())
	}
}

// TestEngineFactory: the server pools the engines its caller builds, one per search, with
// the settings the caller gave them, and searches with them; without a factory it builds
// search's default engines.
func TestEngineFactory(t *testing.T) {
	var built []*search.Engine
	s := New(Config{Searches: 3, NewEngine: func() *search.Engine {
		e := search.NewEngine()
		e.SetHashMB(2)
		e.SetThreads(2)
		built = append(built, e)
		return e
	}})
	if len(built) != 3 || len(s.engines) != 3 {
		t.Fatalf("built %d engines, pooled %d; want 3 and 3", len(built), len(s.engines))
	}
	var ans moveAnswer
	if code := postJSON(t, s, "/api/move", `{"variant":"normal","depth":2}`, &ans); code != 200 || ans.Move.Text == "" {
		t.Fatalf("move: %d %+v", code, ans.Move)
	}
	for range 3 {
		e := <-s.engines
		if !slices.Contains(built, e) || e.HashMB() != 2 || e.Threads() != 2 {
			t.Errorf("pooled engine %p (hash %d MB, %d threads) is not one the factory built", e, e.HashMB(), e.Threads())
		}
	}
	d := New(Config{})
	e := <-d.engines
	if def := search.NewEngine(); e.HashMB() != def.HashMB() || e.Threads() != def.Threads() || len(d.engines) != 0 {
		t.Errorf("default pool: hash %d MB, %d threads, %d more engines; want search's defaults, one engine",
			e.HashMB(), e.Threads(), len(d.engines))
	}
}

// TestSearchCap: with the only engine busy, a move request waits and then gets 503 with
// Retry-After.
func TestSearchCap(t *testing.T) {
	s := newServer(t, 1)
	s.searchWait = 100 * time.Millisecond
	e := <-s.engines // the engine is busy
	var body struct{ Error string }
	code, hdr, b := call(t, s, http.MethodPost, "/api/move", `{"variant":"normal","depth":1}`)
	_ = json.Unmarshal(b, &body)
	if code != 503 || hdr.Get("Retry-After") == "" || !strings.Contains(body.Error, "busy") {
		t.Errorf("status %d, Retry-After %q, %q", code, hdr.Get("Retry-After"), body.Error)
	}
	s.release(e)
	if code, _, _ := call(t, s, http.MethodPost, "/api/move", `{"variant":"normal","depth":1}`); code != 200 {
		t.Errorf("with the engine free again: %d", code)
	}
}

// TestAnalyzeStream reads an analysis stream until it has an info event, closes it, and
// checks that the engine and the stream slot come back.
func TestAnalyzeStream(t *testing.T) {
	s := newServer(t, 1)
	srv := httptest.NewServer(s)
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+"/api/analyze?variant=normal&moves=e2e4+e7e5&multipv=2", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("status %d, type %q", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	sc := bufio.NewScanner(resp.Body)
	var infos []Info
	lines := 0
	for sc.Scan() && len(infos) < 2 && lines < 1000 {
		lines++
		if line := sc.Text(); strings.HasPrefix(line, "data: ") {
			var i Info
			if err := json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &i); err != nil {
				t.Fatalf("%v in %s", err, line)
			}
			infos = append(infos, i)
		}
	}
	cancel()
	resp.Body.Close()
	if len(infos) < 2 || infos[0].Depth < 1 || len(infos[0].PV) == 0 || len(infos[0].SAN) != len(infos[0].PV) {
		t.Fatalf("infos %+v", infos)
	}
	if infos[0].MultiPV+infos[1].MultiPV != 3 {
		t.Errorf("multipv lines %d and %d, want 1 and 2", infos[0].MultiPV, infos[1].MultiPV)
	}
	deadline := time.Now().Add(5 * time.Second)
	for len(s.engines) != 1 || len(s.streams) != 0 {
		if time.Now().After(deadline) {
			t.Fatalf("after the client left: %d idle engines, %d streams", len(s.engines), len(s.streams))
		}
		time.Sleep(10 * time.Millisecond)
	}
	for _, c := range []struct{ query, want string }{
		{"variant=normal&multipv=17", "multipv must be"},
		{"variant=normal&moves=e2e5", "not a legal move"},
		{"variant=normal&colour=w", "Unknown parameter"},
		{"variant=nope", "Unknown variant"},
	} {
		code, _, b := call(t, s, http.MethodGet, "/api/analyze?"+c.query, "")
		if code != 400 || !bytes.Contains(b, []byte(c.want)) {
			t.Errorf("%s: %d %s", c.query, code, b)
		}
	}
}

// TestAnalyzeTimeLimit: a stream ends by itself at its time limit, with a done event
// that names the best move.
func TestAnalyzeTimeLimit(t *testing.T) {
	s := newServer(t, 1)
	s.analysisTime = 300 * time.Millisecond
	start := time.Now()
	code, hdr, body := call(t, s, http.MethodGet, "/api/analyze?variant=hopchess&moves=e2e4", "")
	if code != 200 || hdr.Get("Content-Type") != "text/event-stream" || time.Since(start) > 5*time.Second {
		t.Fatalf("status %d, type %q after %v", code, hdr.Get("Content-Type"), time.Since(start))
	}
	text := string(body)
	i := strings.LastIndex(text, "event: done\ndata: ")
	if !strings.Contains(text, "event: info") || i < 0 {
		t.Fatalf("stream %q", text)
	}
	var done struct{ Move string }
	if err := json.Unmarshal([]byte(strings.TrimSpace(text[i+len("event: done\ndata: "):])), &done); err != nil || !strings.Contains(done.Move, ",") {
		t.Errorf("done event %q: %v", text[i:], err)
	}
}

// TestAnalyzeStreamCap: at most maxStreams streams run at once.
func TestAnalyzeStreamCap(t *testing.T) {
	s := newServer(t, 1)
	for range maxStreams {
		s.streams <- struct{}{}
	}
	code, hdr, b := call(t, s, http.MethodGet, "/api/analyze?variant=normal", "")
	if code != 503 || hdr.Get("Retry-After") == "" || !bytes.Contains(b, []byte("analyses are running")) {
		t.Errorf("stream cap: %d %s", code, b)
	}
}

// TestPGNEndpoints exports games and imports them back.
func TestPGNEndpoints(t *testing.T) {
	s := newServer(t, 1)
	for _, g := range []game{
		{Variant: "normal", Moves: []string{"e2e4", "e7e5", "g1f3"}},
		{Variant: "hopchess", Moves: hopSample},
		{Variant: "weaksquare", Moves: []string{"a1b3", "f8d7"}},
		{Variant: "bunker", FEN: "4k3/8/8/8/8/8/8/4K2R w H - 0 1 K", Moves: []string{"e1g1"}},
	} {
		var out struct{ PGN string }
		body := fmt.Sprintf(`{"variant":%q,"fen":%q,"moves":%s,"white":"Ann","black":"varchess"}`, g.Variant, g.FEN, mustJSON(g.Moves))
		if code := postJSON(t, s, "/api/pgn", body, &out); code != 200 || !strings.Contains(out.PGN, `[White "Ann"]`) {
			t.Fatalf("%s export: %d %q", g.Variant, code, out.PGN)
		}
		if g.Variant == "normal" && !strings.Contains(out.PGN, "1. e4 e5 2. Nf3 *") {
			t.Errorf("normal PGN %q", out.PGN)
		}
		if g.Variant != "normal" && !strings.Contains(out.PGN, `[Variant "`+g.Variant+`"]`) {
			t.Errorf("%s PGN lacks its Variant tag: %q", g.Variant, out.PGN)
		}
		var back importedGame
		if code := postJSON(t, s, "/api/pgn/import", map[string]string{"pgn": out.PGN}, &back); code != 200 {
			t.Fatalf("%s import: %d", g.Variant, code)
		}
		if back.Variant != g.Variant || !slices.Equal(back.Moves, g.Moves) || (g.FEN != "" && back.FEN != g.FEN) {
			t.Errorf("%s: import gave %+v, want %+v", g.Variant, back, g)
		}
	}
	var back importedGame
	pgn := "[Event \"x\"]\n\n1. e4 {best by test} e5 (1... c5 2. Nf3) 2. Nf3! $1 Nc6 1-0\n"
	if code := postJSON(t, s, "/api/pgn/import", map[string]string{"pgn": pgn}, &back); code != 200 || strings.Join(back.Moves, " ") != "e2e4 e7e5 g1f3 b8c6" {
		t.Errorf("SAN import: %d %+v", code, back)
	}
	for _, c := range []struct{ pgn, want string }{
		{"", "no game"},
		{"[Variant \"crazyhouse\"]\n\n1. e4", "unknown variant"},
		{"1. e4 e4", "move 1... e4"}, // Black's first move, named as the record names it
		{"[Variant \"hopchess\"]\n[FEN \"junk\"]\n\n1. e2e4", "The PGN could not be read: its FEN is bad: "},
	} {
		var e struct{ Error string }
		if code := postJSON(t, s, "/api/pgn/import", map[string]string{"pgn": c.pgn}, &e); code != 400 || !strings.Contains(e.Error, c.want) {
			t.Errorf("import %q: %d %q, want %q", c.pgn, code, e.Error, c.want)
		}
	}
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// TestRulesAndPage checks the rules text (Markdown, or a clean 404 while a document is not
// written), the page and its headers, and unknown paths.
func TestRulesAndPage(t *testing.T) {
	s := newServer(t, 1)
	for _, v := range []string{"normal", "hopchess", "prechess"} {
		code, hdr, body := call(t, s, http.MethodGet, "/api/rules/"+v, "")
		switch {
		case code == 200 && strings.HasPrefix(hdr.Get("Content-Type"), "text/markdown") && len(body) > 0:
		case code == 404 && bytes.Contains(body, []byte("not written yet")):
		default:
			t.Errorf("rules of %s: %d %q %s", v, code, hdr.Get("Content-Type"), body)
		}
	}
	if code, _, body := call(t, s, http.MethodGet, "/api/rules/nope", ""); code != 404 || !bytes.Contains(body, []byte("Unknown variant")) {
		t.Errorf("unknown rules: %d %s", code, body)
	}
	code, hdr, body := call(t, s, http.MethodGet, "/", "")
	if code != 200 || !bytes.Contains(bytes.ToLower(body), []byte("<html")) {
		t.Errorf("page: %d", code)
	}
	if csp := hdr.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") || strings.Contains(csp, "unsafe-inline") {
		t.Errorf("CSP %q", csp)
	}
	for _, c := range []struct {
		method, path string
		status       int
	}{
		{http.MethodPost, "/", 405},
		{http.MethodGet, "/api/nope", 404},
		{http.MethodPost, "/api/variants", 404},
		{http.MethodGet, "/no-such-file.js", 404},
	} {
		if code, _, _ := call(t, s, c.method, c.path, ""); code != c.status {
			t.Errorf("%s %s: %d, want %d", c.method, c.path, code, c.status)
		}
	}
}

// FuzzDecodeGame sends arbitrary bodies to the endpoints that read a game: every answer is
// a 200 or a 4xx with a JSON body, and none reaches the recover middleware.
func FuzzDecodeGame(f *testing.F) {
	for _, seed := range []string{
		`{"variant":"normal","moves":["e2e4"]}`,
		`{"variant":"hopchess","moves":["e2e4","g8f6,d5"]}`,
		`{"variant":"weaksquare","fen":"*****k/6/6/6/6/6/6/K*****[RRBBNNPPPrrbbnnppp] w - - 0 1 JJ","moves":["a1b3"]}`,
		`{"variant":"jumpingknights","moves":["b1c3"],"clicks":["b1","z9"]}`,
		`{"variant":"normal","clicks":["@Q","e4"]}`,
		`{"variant":"blackhole","fen":"****1****/9/9/9/9/9/4*4/9/9/9/9/9/****1**** w - - 0 1"}`,
		`{"variant":"prechess","moves":["N@b1"],"white":"\u0000"}`,
		`{"variant":"normal","moves":[1,2]}`, `[]`, `null`, `{"fen":1e999}`, "\xff\xfe",
	} {
		f.Add(seed)
	}
	s := New(Config{Searches: 1, NewEngine: smallEngine})
	f.Fuzz(func(t *testing.T, body string) {
		for _, path := range []string{"/api/state", "/api/explain", "/api/pgn"} {
			code, hdr, b := call(t, s, http.MethodPost, path, body)
			if code != 200 && (code < 400 || code >= 500) {
				t.Fatalf("%s %q: status %d %s", path, body, code, b)
			}
			if !strings.HasPrefix(hdr.Get("Content-Type"), "application/json") || !json.Valid(b) {
				t.Fatalf("%s %q: not JSON: %s", path, body, b)
			}
		}
		if s.panics.Load() != 0 {
			t.Fatalf("%q reached the recover middleware", body)
		}
	})
}

// TestConcurrentRequests runs state and explain requests of several games at once (run it
// with -race: the SAN cache and the move-list pool are shared).
func TestConcurrentRequests(t *testing.T) {
	s := newServer(t, 1)
	games := []game{
		{Variant: "normal", Moves: []string{"e2e4", "e7e5", "g1f3", "b8c6"}},
		{Variant: "hopchess", Moves: hopSample},
		{Variant: "jumpingknights", FEN: jkFEN},
		{Variant: "prechess", Moves: []string{"N@b1", "N@g8"}},
	}
	done := make(chan string)
	for i := range 8 {
		go func() {
			g := games[i%len(games)]
			for range 5 {
				var st State
				req := httptest.NewRequest(http.MethodPost, "/api/state", strings.NewReader(mustJSON(g)))
				rec := httptest.NewRecorder()
				s.ServeHTTP(rec, req)
				if err := json.Unmarshal(rec.Body.Bytes(), &st); rec.Code != 200 || err != nil || len(st.Moves) == 0 {
					done <- fmt.Sprintf("%s: %d %v, %d moves", g.Variant, rec.Code, err, len(st.Moves))
					return
				}
			}
			done <- ""
		}()
	}
	for range 8 {
		if msg := <-done; msg != "" {
			t.Error(msg)
		}
	}
}
