package movegen

import (
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// Black Hole Chess tests: one hand-built position per rule of docs/blackhole.md,
// each failing if the rule is broken. The perft table and the comparison with the
// independent generator are in oracle_blackhole_test.go.

// bhFEN builds a Black Hole FEN from the ranks 11 down to 1 given top first (nine cells
// each, FEN notation), the contents of e12 and e0 ("" for empty) and the other fields.
func bhFEN(e12 string, ranks []string, e0 string, rest string) string {
	cell := func(s string) string {
		if s == "" {
			return "****1****"
		}
		return "****" + s + "****"
	}
	return cell(e12) + "/" + strings.Join(ranks, "/") + "/" + cell(e0) + " " + rest
}

// wantMoves checks that the moves of the piece on sq are exactly want (in any order).
func wantMoves(t *testing.T, fen, sq string, want ...string) {
	t.Helper()
	got := movesFrom(movesOf(t, Blackhole, fen), sq)
	sort.Strings(want)
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("%s\nmoves from %s: got  %v\n              want %v", fen, sq, got, want)
	}
}

// Nine empty cells of a rank, the hole rank with nothing on it.
const (
	e9 = "9"
	h6 = "4*4"
)

func TestBlackholeBoard(t *testing.T) {
	g := Blackhole.Geometry
	if n := len(g.Squares()); n != 100 {
		t.Errorf("%d squares, want 100", n)
	}
	for name, want := range map[string]bool{"e0": true, "e12": true, "a1": true, "i11": true,
		"e6": false, "d0": false, "f12": false, "a0": false, "a12": false, "j1": false, "e13": false} {
		if got := g.SquareByName(name) != NoSquare; got != want {
			t.Errorf("%s is a square: %v, want %v", name, got, want)
		}
	}
}

func TestBlackholeFENRoundTrip(t *testing.T) {
	for _, fen := range []string{
		Blackhole.StartFEN,
		// The example of the rules: after b10-b7 the FEN lists both passed squares.
		"****1****/rnbqkmbnr/p1ppppppp/9/2P6/1pP6/4*4/9/9/9/PP1P1PPPP/RNBQKMBNR/****1**** w KQkq b9b8 0 5",
		"****k****/r7r/9/9/9/9/4*4/9/9/9/9/R7R/****K**** b - - 12 40",
		"****1****/4k4/9/9/9/9/4*4/2Pp5/9/9/9/4K4/****1**** b - c3c4 0 9",
		"****1****/4k4/9/9/9/9/4*4/9/1Pp6/9/9/4K4/****1**** b - b3 0 9",
		"****m****/4k4/9/9/9/9/4*4/9/9/9/9/4K4/****M**** w - - 0 1",
	} {
		checkFENRoundTrip(t, Blackhole, fen)
	}
}

func TestBlackholeFENErrors(t *testing.T) {
	k := func(rank1 string) []string {
		return []string{"4k4", e9, e9, e9, e9, h6, e9, e9, e9, e9, rank1}
	}
	bad := map[string]string{
		// A piece on the hole, or the hole written as a square.
		"****1****/4k4/9/9/9/9/4Q4/9/9/9/9/4K4/****1**** w - - 0 1": "piece",
		"****1****/4k4/9/9/9/9/9/9/9/9/9/4K4/****1**** w - - 0 1":   "empty squares",
		"*********/4k4/9/9/9/9/4*4/9/9/9/9/4K4/****1**** w - - 0 1": "'*'",
		"9/4k4/9/9/9/9/4*4/9/9/9/9/4K4/****1**** w - - 0 1":         "empty squares",
		// Castling rights need the king on e1 and the rook in its corner.
		bhFEN("", k("R7R"), "K", "w KQ - 0 1"):   "back rank",
		bhFEN("", k("1R2K3R"), "", "w KQ - 0 1"): "no rook on a1",
		bhFEN("", k("R2K4R"), "", "w KQ - 0 1"):  "king is not on e1",
		bhFEN("", k("4K3R"), "", "w Q - 0 1"):    "without a rook",
		bhFEN("", k("4K4"), "", "w - e3e5 0 1"):  "en passant",
		// Passed squares nearest the start first: b9b8, never b8b9.
		bhFEN("", []string{"4k4", e9, e9, e9, "1p7", h6, e9, e9, e9, e9, "4K4"}, "", "w - b8b9 0 1"): "en passant",
		bhFEN("", []string{"4k4", e9, e9, e9, e9, h6, e9, "1p7", e9, e9, "4K4"}, "", "w - b9b8 0 1"): "en passant",
		// A white pawn that passed b4 and b5, or b4 alone, started on b3: no first step.
		bhFEN("", []string{"4k4", e9, e9, e9, e9, "1P2*4", e9, e9, e9, e9, "4K4"}, "", "b - b4b5 0 1"): "not the start",
		bhFEN("", []string{"4k4", e9, e9, e9, e9, h6, "1P7", e9, e9, e9, "4K4"}, "", "b - b4 0 1"):     "not the start",
		// Pawns on their promotion rank or behind their start rank.
		bhFEN("", []string{"P3k4", e9, e9, e9, e9, h6, e9, e9, e9, e9, "4K4"}, "", "w - - 0 1"): "promotion rank",
		bhFEN("", []string{"4k4", e9, e9, e9, e9, h6, e9, e9, e9, e9, "p3K4"}, "", "w - - 0 1"): "promotion rank",
		bhFEN("", []string{"4k4", e9, e9, e9, e9, h6, e9, e9, e9, e9, "P3K4"}, "", "w - - 0 1"): "behind its start rank",
		bhFEN("", []string{"p3k4", e9, e9, e9, e9, h6, e9, e9, e9, e9, "4K4"}, "", "w - - 0 1"): "behind its start rank",
		// A king on e12 is in check from a rook on e8, above the hole.
		bhFEN("k", []string{e9, e9, e9, "4R4", e9, h6, e9, e9, e9, e9, "4K4"}, "", "w - - 0 1"): "in check",
	}
	for fen, want := range bad {
		checkFENError(t, Blackhole, fen, want)
	}
	// The same rook below the hole gives no check, so the position is fine.
	if _, err := Blackhole.ParseFEN(bhFEN("k", []string{e9, e9, e9, e9, e9, h6, "4R4", e9, e9, e9, "4K4"}, "", "w - - 0 1")); err != nil {
		t.Errorf("rook on e5 against a king on e12: %v, want no check through the hole", err)
	}
}

func TestBlackholeHoleAgainstLinePieces(t *testing.T) {
	// Ranks 11..1; the kings stand on a1 and i11, out of every line under test.
	board := func(r map[int]string) []string {
		out := make([]string, 11)
		for i := range out {
			rank := 11 - i
			out[i] = e9
			if rank == 6 {
				out[i] = h6
			}
			if s, ok := r[rank]; ok {
				out[i] = s
			}
		}
		if _, ok := r[11]; !ok {
			out[0] = "8k"
		}
		if _, ok := r[1]; !ok {
			out[10] = "K8"
		}
		return out
	}
	fen := func(r map[int]string) string { return bhFEN("", board(r), "", "w - - 0 1") }

	// Rook on e3: up the e-file only to e5; down to e0.
	wantMoves(t, fen(map[int]string{3: "4R4"}), "e3",
		"e3e4", "e3e5", "e3e2", "e3e1", "e3e0",
		"e3a3", "e3b3", "e3c3", "e3d3", "e3f3", "e3g3", "e3h3", "e3i3")
	// Rook on b6: along rank 6 it stops at d6.
	wantMoves(t, fen(map[int]string{6: "1R2*4"}), "b6",
		"b6a6", "b6c6", "b6d6", "b6b1", "b6b2", "b6b3", "b6b4", "b6b5",
		"b6b7", "b6b8", "b6b9", "b6b10", "b6b11")
	// Bishop on c4: the c4-d5-e6 diagonal ends at d5; the e6 corner lines stay open.
	wantMoves(t, fen(map[int]string{4: "2B6"}), "c4",
		"c4d5", "c4b5", "c4a6", "c4b3", "c4a2", "c4d3", "c4e2", "c4f1")
	// Bishop on c5 crosses the corner of the hole: c5-d6-e7-f8-g9-h10-i11 is not blocked.
	wantMoves(t, fen(map[int]string{5: "2B6", 11: "k8"}), "c5",
		"c5d6", "c5e7", "c5f8", "c5g9", "c5h10", "c5i11", "c5b6", "c5a7",
		"c5d4", "c5e3", "c5f2", "c5g1", "c5b4", "c5a3")
	// Queen on g4: diagonal g4-f5 stops before e6; files and ranks as usual.
	q := movesFrom(movesOf(t, Blackhole, fen(map[int]string{4: "6Q2"})), "g4")
	for _, m := range []string{"g4e6", "g4d7", "g4c8"} {
		if slices.Contains(q, m) {
			t.Errorf("queen g4: %s crosses or lands on the hole", m)
		}
	}
	for _, m := range []string{"g4f5", "g4h5", "g4g11", "g4a4", "g4i4"} {
		if !slices.Contains(q, m) {
			t.Errorf("queen g4: %s missing", m)
		}
	}
	// Marshall on e5: its rook part is stopped by the hole, its knight part jumps past it.
	wantMoves(t, fen(map[int]string{5: "4M4"}), "e5",
		"e5d7", "e5f7", "e5c6", "e5g6", "e5c4", "e5g4", "e5d3", "e5f3",
		"e5e4", "e5e3", "e5e2", "e5e1", "e5e0",
		"e5a5", "e5b5", "e5c5", "e5d5", "e5f5", "e5g5", "e5h5", "e5i5")
	// Marshall on c5: the knight leap to e6 lands on the hole; e4 is fine.
	m := movesFrom(movesOf(t, Blackhole, fen(map[int]string{5: "2M6"})), "c5")
	if slices.Contains(m, "c5e6") || !slices.Contains(m, "c5e4") || !slices.Contains(m, "c5d7") {
		t.Errorf("Marshall c5: %v, want no e6, but e4 and d7", m)
	}
	// Knight on e4: d6 and f6 next to the hole; a knight on d4 cannot land on e6.
	wantMoves(t, fen(map[int]string{4: "4N4"}), "e4",
		"e4d6", "e4f6", "e4c5", "e4g5", "e4c3", "e4g3", "e4d2", "e4f2")
	n := movesFrom(movesOf(t, Blackhole, fen(map[int]string{4: "3N5"})), "d4")
	if slices.Contains(n, "d4e6") || len(n) != 7 {
		t.Errorf("knight d4: %v, want the seven leaps other than e6", n)
	}
	// King on e5: not on the hole, but its corners d6 and f6.
	wantMoves(t, fen(map[int]string{5: "4K4", 1: e9}), "e5",
		"e5d6", "e5f6", "e5d5", "e5f5", "e5d4", "e5e4", "e5f4")

	// Attacks obey the same lines: no check through the hole, check across its corner.
	for _, c := range []struct {
		fen   string
		check bool
	}{
		{bhFEN("", board(map[int]string{9: "4k4", 11: e9, 3: "4R4"}), "", "b - - 0 1"), false},
		{bhFEN("", board(map[int]string{9: "4k4", 11: e9, 7: "4R4"}), "", "b - - 0 1"), true},
		{bhFEN("", board(map[int]string{8: "5k3", 11: e9, 4: "2B6"}), "", "b - - 0 1"), false},
		{bhFEN("", board(map[int]string{8: "5k3", 11: e9, 5: "2B6"}), "", "b - - 0 1"), true},
		{bhFEN("", board(map[int]string{6: "R3*k3", 11: e9}), "", "b - - 0 1"), false},
		{bhFEN("", board(map[int]string{7: "3Q5", 5: "5k3", 11: e9}), "", "b - - 0 1"), false},
		{bhFEN("", board(map[int]string{7: "4k4", 11: e9, 5: "3N5"}), "", "b - - 0 1"), true},
		{bhFEN("", board(map[int]string{7: "3k5", 11: e9, 5: "4M4"}), "", "b - - 0 1"), true},
		{bhFEN("", board(map[int]string{8: "4k4", 11: e9, 5: "4M4"}), "", "b - - 0 1"), false},
	} {
		p := Blackhole.MustParseFEN(c.fen)
		if p.InCheck() != c.check {
			t.Errorf("%s: in check %v, want %v", c.fen, p.InCheck(), c.check)
		}
	}
}

func TestBlackholeHoleAgainstPawns(t *testing.T) {
	// A white pawn on e5 and a black one on e7 never advance; they still capture.
	fen := bhFEN("", []string{"8k", e9, e9, e9, e9, "3p*p3", "4P1P2", e9, e9, e9, "K8"}, "", "w - - 0 1")
	wantMoves(t, fen, "e5", "e5d6", "e5f6")
	wantMoves(t, fen, "g5", "g5g6", "g5f6")
	fen = bhFEN("", []string{"8k", e9, e9, e9, "4p1p2", "3P*P3", e9, e9, e9, e9, "K8"}, "", "b - - 0 1")
	wantMoves(t, fen, "e7", "e7d6", "e7f6")
	wantMoves(t, fen, "g7", "g7g6", "g7f6")
	// The first steps of the e-pawns stop short of the hole.
	wantMoves(t, Blackhole.StartFEN, "e2", "e2e3", "e2e4", "e2e5")
	black := strings.Replace(Blackhole.StartFEN, " w ", " b ", 1)
	wantMoves(t, black, "e10", "e10e9", "e10e8", "e10e7")
	// A black pawn on e2 promotes on e1; pawns never reach e0 (nor e12).
	wantMoves(t, bhFEN("", []string{"8k", e9, e9, e9, e9, h6, e9, e9, e9, "4p4", "K8"}, "", "b - - 0 1"), "e2",
		"e2e1q", "e2e1m", "e2e1r", "e2e1b", "e2e1n")
}

func TestBlackholeExtraSquares(t *testing.T) {
	// Entering e0: the king steps back, the queen comes from d1, a bishop along a4-e0, a
	// knight from c1, g1, d2 or f2, a rook down the e-file.
	wantMoves(t, bhFEN("", []string{"8k", e9, e9, e9, e9, h6, e9, e9, e9, e9, "4K4"}, "", "w - - 0 1"), "e1",
		"e1d1", "e1f1", "e1d2", "e1e2", "e1f2", "e1e0")
	start := movesFrom(movesOf(t, Blackhole, Blackhole.StartFEN), "d1")
	if strings.Join(start, " ") != "d1e0" {
		t.Errorf("queen d1 at the start: %v, want d1e0", start)
	}
	for _, c := range []struct{ rank, from string }{
		{"K1N6", "c1"}, {"K5N2", "g1"},
	} {
		ms := movesOf(t, Blackhole, bhFEN("", []string{"8k", e9, e9, e9, e9, h6, e9, e9, e9, e9, c.rank}, "", "w - - 0 1"))
		if !slices.Contains(ms, c.from+"e0") {
			t.Errorf("knight %s: %v, want %se0", c.from, ms, c.from)
		}
	}
	for _, from := range []string{"d2", "f2"} {
		rank2 := "3N5"
		if from == "f2" {
			rank2 = "5N3"
		}
		if ms := movesOf(t, Blackhole, bhFEN("", []string{"8k", e9, e9, e9, e9, h6, e9, e9, e9, rank2, "K8"}, "", "w - - 0 1")); !slices.Contains(ms, from+"e0") {
			t.Errorf("knight %s: %v, want %se0", from, ms, from)
		}
	}
	if ms := movesOf(t, Blackhole, bhFEN("", []string{"8k", e9, e9, e9, e9, h6, e9, "B8", e9, e9, "K8"}, "", "w - - 0 1")); !slices.Contains(ms, "a4e0") {
		t.Errorf("bishop a4: want a4e0 in %v", ms)
	}
	if ms := movesOf(t, Blackhole, bhFEN("", []string{"8k", e9, e9, e9, e9, h6, "4R4", e9, e9, e9, "K8"}, "", "w - - 0 1")); !slices.Contains(ms, "e5e0") {
		t.Errorf("rook e5: want e5e0 in %v", ms)
	}
	// Leaving e0: each piece has exactly the lines and leaps that end there.
	empty := []string{"8k", e9, e9, e9, e9, h6, e9, e9, e9, e9, "K8"}
	wantMoves(t, bhFEN("", empty, "B", "w - - 0 1"), "e0",
		"e0d1", "e0c2", "e0b3", "e0a4", "e0f1", "e0g2", "e0h3", "e0i4")
	wantMoves(t, bhFEN("", empty, "N", "w - - 0 1"), "e0", "e0c1", "e0g1", "e0d2", "e0f2")
	wantMoves(t, bhFEN("", empty, "R", "w - - 0 1"), "e0", "e0e1", "e0e2", "e0e3", "e0e4", "e0e5")
	wantMoves(t, bhFEN("", empty, "M", "w - - 0 1"), "e0",
		"e0e1", "e0e2", "e0e3", "e0e4", "e0e5", "e0c1", "e0g1", "e0d2", "e0f2")
	wantMoves(t, bhFEN("", []string{"8k", e9, e9, e9, e9, h6, e9, e9, e9, e9, e9}, "K", "w - - 0 1"), "e0",
		"e0d1", "e0e1", "e0f1")
	// e12 for Black, the same by symmetry.
	wantMoves(t, bhFEN("k", []string{e9, e9, e9, e9, e9, h6, e9, e9, e9, e9, "K8"}, "", "b - - 0 1"), "e12",
		"e12d11", "e12e11", "e12f11")
	wantMoves(t, bhFEN("q", []string{"8k", e9, e9, e9, e9, h6, e9, e9, e9, e9, "K8"}, "", "b - - 0 1"), "e12",
		"e12d11", "e12c10", "e12b9", "e12a8", "e12f11", "e12g10", "e12h9", "e12i8",
		"e12e11", "e12e10", "e12e9", "e12e8", "e12e7")
	wantMoves(t, bhFEN("n", []string{"8k", e9, e9, e9, e9, h6, e9, e9, e9, e9, "K8"}, "", "b - - 0 1"), "e12",
		"e12c11", "e12g11", "e12d10", "e12f10")
	black := strings.Replace(Blackhole.StartFEN, " w ", " b ", 1)
	if ms := movesFrom(movesOf(t, Blackhole, black), "e11"); strings.Join(ms, " ") != "e11e12" {
		t.Errorf("black king at the start: %v, want e11e12", ms)
	}
}

func TestBlackholeFirstStepsAndEnPassant(t *testing.T) {
	// White pawns: one, two or three squares; the FEN lists the passed squares.
	for mv, ep := range map[string]string{"c2c3": "-", "c2c4": "c3", "c2c5": "c3c4"} {
		if got := strings.Fields(playMoves(t, Blackhole, Blackhole.StartFEN, mv).FEN())[3]; got != ep {
			t.Errorf("after %s the en passant field is %s, want %s", mv, got, ep)
		}
	}
	// A first step needs every square passed empty.
	wantMoves(t, bhFEN("", []string{"4k4", e9, e9, e9, e9, h6, e9, "1p7", e9, "PP7", "4K4"}, "", "w - - 0 1"), "b2",
		"b2b3")
	wantMoves(t, bhFEN("", []string{"4k4", e9, e9, e9, e9, h6, "1p7", e9, e9, "PP7", "4K4"}, "", "w - - 0 1"), "b2",
		"b2b3", "b2b4")
	wantMoves(t, bhFEN("", []string{"4k4", e9, e9, e9, e9, h6, e9, e9, e9, "PP7", "4K4"}, "", "w - - 0 1"), "a2",
		"a2a3", "a2a4", "a2a5")

	// The page's example: Black b10-b7 passes b9 and b8. The white pawns on a8 and c8
	// attack b9, the one on c7 attacks b8: both squares are taken en passant.
	before := bhFEN("", []string{"4k4", "1p7", e9, "P1P6", "2P6", h6, e9, e9, e9, e9, "4K4"}, "", "b - - 0 1")
	p := playMoves(t, Blackhole, before, "b10b7")
	if got := strings.Fields(p.FEN())[3]; got != "b9b8" {
		t.Fatalf("after b10b7 the en passant field is %s, want b9b8", got)
	}
	after := p.FEN()
	ms := movesOf(t, Blackhole, after)
	for _, m := range []string{"a8b9", "c8b9", "c7b8"} {
		if !slices.Contains(ms, m) {
			t.Errorf("after b10b7: %s missing from %v", m, ms)
		}
	}
	for mv, board := range map[string]string{
		"c8b9": "****1****/4k4/9/1P7/P8/2P6/4*4/9/9/9/9/4K4/****1****",
		"a8b9": "****1****/4k4/9/1P7/2P6/2P6/4*4/9/9/9/9/4K4/****1****",
		"c7b8": "****1****/4k4/9/9/PPP6/9/4*4/9/9/9/9/4K4/****1****",
	} {
		if got := strings.Fields(playMoves(t, Blackhole, after, mv).FEN())[0]; got != board {
			t.Errorf("%s e.p.: board %s, want %s (the b7 pawn gone)", mv, got, board)
		}
	}
	// Double step b10-b8: only b9 was passed; c8 takes there, c7 takes the pawn itself.
	p = playMoves(t, Blackhole, before, "b10b8")
	after = p.FEN()
	if got := strings.Fields(after)[3]; got != "b9" {
		t.Fatalf("after b10b8 the en passant field is %s, want b9", got)
	}
	ms = movesOf(t, Blackhole, after)
	for _, m := range []string{"a8b9", "c8b9", "c7b8"} {
		if !slices.Contains(ms, m) {
			t.Errorf("after b10b8: %s missing from %v", m, ms)
		}
	}
	if got := strings.Fields(playMoves(t, Blackhole, after, "c8b9").FEN())[0]; got != "****1****/4k4/9/1P7/P8/2P6/4*4/9/9/9/9/4K4/****1****" {
		t.Errorf("c8b9 e.p. after b10b8: board %s", got)
	}
	// The right lapses after one move.
	late := playMoves(t, Blackhole, before, "b10b7", "e1e2", "e11e10")
	if ms := movesOf(t, Blackhole, late.FEN()); slices.Contains(ms, "c8b9") || slices.Contains(ms, "c7b8") {
		t.Errorf("en passant still offered a move later: %v", ms)
	}

	// White's triple and double steps, taken by Black on either passed square.
	before = bhFEN("", []string{"4k4", e9, e9, e9, e9, h6, "3p5", "1p1p5", e9, "2P6", "4K4"}, "", "w - - 0 1")
	after = playMoves(t, Blackhole, before, "c2c5").FEN()
	if got := strings.Fields(after)[3]; got != "c3c4" {
		t.Fatalf("after c2c5 the en passant field is %s, want c3c4", got)
	}
	ms = movesOf(t, Blackhole, after)
	for _, m := range []string{"b4c3", "d4c3", "d5c4"} {
		if !slices.Contains(ms, m) {
			t.Errorf("after c2c5: %s missing from %v", m, ms)
		}
	}
	if got := strings.Fields(playMoves(t, Blackhole, after, "d5c4").FEN())[0]; got != "****1****/4k4/9/9/9/9/4*4/9/1ppp5/9/9/4K4/****1****" {
		t.Errorf("d5c4 e.p.: board %s", got)
	}
	after = playMoves(t, Blackhole, before, "c2c4").FEN()
	if got := strings.Fields(after)[3]; got != "c3" {
		t.Fatalf("after c2c4 the en passant field is %s, want c3", got)
	}
	ms = movesOf(t, Blackhole, after)
	if !slices.Contains(ms, "b4c3") || !slices.Contains(ms, "d4c3") {
		t.Errorf("after c2c4: %v, want b4c3 and d4c3 e.p.", ms)
	}
	if got := strings.Fields(playMoves(t, Blackhole, after, "b4c3").FEN())[0]; got != "****1****/4k4/9/9/9/9/4*4/3p5/3p5/2p6/9/4K4/****1****" {
		t.Errorf("b4c3 e.p.: board %s", got)
	}

	// An en passant capture that would open the king's rank is illegal.
	pin := bhFEN("", []string{"4k4", "1p7", e9, e9, "K1P5r", h6, e9, e9, e9, e9, e9}, "", "b - - 0 1")
	after = playMoves(t, Blackhole, pin, "b10b7").FEN()
	if ms := movesOf(t, Blackhole, after); slices.Contains(ms, "c7b8") {
		t.Errorf("%s: c7b8 e.p. leaves the king on a7 open to the rook on i7", after)
	}
}

func TestBlackholeCastling(t *testing.T) {
	rank := func(r1 string, rest ...string) string {
		ranks := []string{"r3k3r", e9, e9, e9, e9, h6, e9, e9, e9, e9, r1}
		for i := 0; i+1 < len(rest); i += 2 {
			idx := map[string]int{"11": 0, "10": 1, "9": 2, "8": 3, "7": 4, "6": 5, "5": 6, "4": 7, "3": 8, "2": 9}[rest[i]]
			ranks[idx] = rest[i+1]
		}
		return bhFEN("", ranks, "", "w KQkq - 0 1")
	}
	open := rank("R3K3R")
	wantMoves(t, open, "e1", "e1c1", "e1g1", "e1d1", "e1f1", "e1d2", "e1e2", "e1f2", "e1e0")
	for mv, r1 := range map[string]string{"e1c1": "2KR4R", "e1g1": "R4RK2"} {
		f := playMoves(t, Blackhole, open, mv).FEN()
		if got := strings.Split(f, "/")[11]; got != r1 {
			t.Errorf("%s: rank 1 %s, want %s", mv, got, r1)
		}
		if got := strings.Fields(f)[2]; got != "kq" {
			t.Errorf("%s: castling rights %s, want kq", mv, got)
		}
	}
	black := strings.Replace(open, " w ", " b ", 1)
	for mv, r11 := range map[string]string{"e11c11": "2kr4r", "e11g11": "r4rk2"} {
		if got := strings.Split(playMoves(t, Blackhole, black, mv).FEN(), "/")[1]; got != r11 {
			t.Errorf("%s: rank 11 %s, want %s", mv, got, r11)
		}
	}
	castles := func(fen string) (q, k bool) {
		ms := movesOf(t, Blackhole, fen)
		return slices.Contains(ms, "e1c1"), slices.Contains(ms, "e1g1")
	}
	for _, c := range []struct {
		name string
		fen  string
		q, k bool
	}{
		{"open", open, true, true},
		{"king in check", rank("R3K3R", "5", "4r4"), false, false},
		{"d1 attacked", rank("R3K3R", "4", "3r5"), false, true},
		{"c1 attacked", rank("R3K3R", "4", "2r6"), false, true},
		{"b1 attacked", rank("R3K3R", "4", "1r7"), true, true},
		{"f1 attacked", rank("R3K3R", "4", "5r3"), true, false},
		{"g1 attacked", rank("R3K3R", "4", "6r2"), true, false},
		{"h1 attacked", rank("R3K3R", "4", "7r1"), true, true},
		{"b1 occupied", rank("RN2K3R"), false, true},
		{"c1 occupied", rank("R1N1K3R"), false, true},
		{"d1 occupied", rank("R2NK3R"), false, true},
		{"g1 occupied", rank("R3K1N1R"), true, false},
		{"h1 occupied", rank("R3K2NR"), true, false},
		{"f1 occupied", rank("R3KN2R"), true, false},
		{"a1 rook attacked", rank("R3K3R", "4", "r8"), true, true},
		{"no rights", strings.Replace(open, "KQkq", "kq", 1), false, false},
		{"only K", strings.Replace(open, "KQkq", "Kkq", 1), false, true},
		{"the hole blocks a rook's check", rank("R3K3R", "8", "4r4"), true, true},
		{"a knight on e0 attacks c1 and g1", strings.Replace(open, "****1**** w", "****n**** w", 1), false, false},
		{"a bishop on e12 is no matter", strings.Replace(open, "****1****/r3k3r", "****b****/r3k3r", 1), true, true},
	} {
		q, k := castles(c.fen)
		if q != c.q || k != c.k {
			t.Errorf("%s: %s: queenside %v kingside %v, want %v %v", c.name, c.fen, q, k, c.q, c.k)
		}
	}
	// A king that visited e0 has moved; a rook that left and came back too; a captured
	// rook takes its right with it.
	for _, c := range []struct {
		moves []string
		want  string
	}{
		{[]string{"e1e0", "e11e12", "e0e1", "e12e11"}, "-"},
		{[]string{"a1a2", "a11a10", "a2a1", "a10a11"}, "Kk"},
		{[]string{"i1i11"}, "Qq"},
	} {
		if got := strings.Fields(playMoves(t, Blackhole, open, c.moves...).FEN())[2]; got != c.want {
			t.Errorf("after %v: castling rights %s, want %s", c.moves, got, c.want)
		}
	}
}

func TestBlackholePromotion(t *testing.T) {
	fen := bhFEN("", []string{"1n5k1", "P8", e9, e9, e9, h6, e9, e9, e9, "1p7", "2R1K4"}, "", "w - - 0 1")
	wantMoves(t, fen, "a10", "a10a11q", "a10a11m", "a10a11r", "a10a11b", "a10a11n",
		"a10b11q", "a10b11m", "a10b11r", "a10b11b", "a10b11n")
	p := playMoves(t, Blackhole, fen, "a10a11m")
	if got := strings.Split(p.FEN(), "/")[1]; got != "Mn5k1" {
		t.Fatalf("after a10a11m rank 11 is %s, want Mn5k1", got)
	}
	// The new Marshall moves as rook and knight: from a11 it reaches c10 and b9 by leaps
	// and runs down the a-file.
	p = playMoves(t, Blackhole, p.FEN(), "h11g11")
	wantMoves(t, p.FEN(), "a11", "a11a10", "a11a9", "a11a8", "a11a7", "a11a6", "a11a5",
		"a11a4", "a11a3", "a11a2", "a11a1", "a11b11", "a11b9", "a11c10")
	// Black promotes on rank 1, by a step or a capture.
	black := strings.Replace(fen, " w ", " b ", 1)
	wantMoves(t, black, "b2", "b2b1q", "b2b1m", "b2b1r", "b2b1b", "b2b1n",
		"b2c1q", "b2c1m", "b2c1r", "b2c1b", "b2c1n")
	if got := strings.Split(playMoves(t, Blackhole, black, "b2c1m").FEN(), "/")[11]; got != "2m1K4" {
		t.Errorf("after b2c1m rank 1 is %s, want 2m1K4", got)
	}
}

func TestBlackholeGameEnds(t *testing.T) {
	for _, c := range []struct {
		name   string
		fen    string
		result Result
		reason string
	}{
		// White's king hides on e0; a rook below the hole checks it along the e-file and the
		// rook on a1 holds d1, e1 and f1.
		{"mate on e0", bhFEN("k", []string{e9, e9, e9, e9, e9, h6, "4r4", e9, e9, e9, "r8"}, "K", "w - - 0 1"), BlackWins, "checkmate"},
		// The same rook above the hole gives no check: stalemate.
		{"no check through the hole", bhFEN("k", []string{e9, e9, "4r4", e9, e9, h6, e9, e9, e9, e9, "r8"}, "K", "w - - 0 1"), Draw, "stalemate"},
		// Smothered on e0: its own pieces fill d1, e1 and f1, none of which can take the
		// knight on d2.
		{"smothered on e0", bhFEN("k", []string{e9, e9, e9, e9, e9, h6, e9, e9, e9, "3n5", "3BNB3"}, "K", "w - - 0 1"), BlackWins, "checkmate"},
		// Black's king on e12 mated by a queen on e11 guarded by a bishop on a7.
		{"mate on e12", bhFEN("k", []string{"4Q4", e9, e9, e9, "B8", h6, e9, e9, e9, e9, "4K4"}, "", "b - - 0 1"), WhiteWins, "checkmate"},
		{"fifty moves", bhFEN("k", []string{e9, e9, e9, e9, e9, h6, e9, e9, e9, e9, "M3K4"}, "", "b - - 100 80"), Draw, "fifty-move rule"},
		{"kings alone", bhFEN("k", []string{e9, e9, e9, e9, e9, h6, e9, e9, e9, e9, e9}, "K", "w - - 0 1"), Draw, "insufficient material"},
		// A lone knight or a bishop of e0's colour mates a king on e0 with the help of its
		// king on e2 (so neither is a dead position here, unlike FIDE); bishops of the other
		// colour never mate.
		{"a knight mates on e0", bhFEN("", []string{e9, e9, e9, e9, e9, h6, e9, e9, e9, "4K4", "2N6"}, "k", "b - - 0 1"), WhiteWins, "checkmate"},
		{"a bishop mates on e0", bhFEN("", []string{e9, e9, e9, e9, e9, h6, e9, e9, "1B7", "4K4", e9}, "k", "b - - 0 1"), WhiteWins, "checkmate"},
		{"king and knight", bhFEN("k", []string{e9, e9, e9, e9, e9, h6, e9, e9, e9, e9, "2N6"}, "K", "w - - 0 1"), Ongoing, ""},
		{"king and bishop of e0's colour", bhFEN("k", []string{e9, e9, e9, e9, e9, h6, e9, e9, "1B7", e9, e9}, "K", "w - - 0 1"), Ongoing, ""},
		{"kings and bishops of a1's colour", bhFEN("k", []string{e9, e9, e9, e9, e9, h6, e9, e9, e9, "1b7", "2B3B2"}, "K", "w - - 0 1"), Draw, "insufficient material"},
		{"bishops of both colours", bhFEN("k", []string{e9, e9, e9, e9, e9, h6, e9, e9, "1b7", e9, "2B6"}, "K", "w - - 0 1"), Ongoing, ""},
		{"a Marshall can mate", bhFEN("k", []string{e9, e9, e9, e9, e9, h6, e9, e9, e9, e9, "M3K4"}, "", "w - - 0 1"), Ongoing, ""},
	} {
		checkOutcome(t, c.name+": "+c.fen, mustParse(t, Blackhole, c.fen).Status(), c.result, c.reason)
	}
}

func TestBlackholeRepetitionAndDivideOrder(t *testing.T) {
	// Threefold repetition: knights out and back twice.
	checkThreefold(t, NewGame(Blackhole.Start(nil)), "b1c3 b11c9 c3b1 c9b11 b1c3 b11c9 c3b1 c9b11")
	// Divide lists moves in byte order of their text: a10a7 before a10a8 before a10a9,
	// b10b7 before b11a9.
	p := Blackhole.MustParseFEN(strings.Replace(Blackhole.StartFEN, " w ", " b ", 1))
	var got []string
	for _, e := range Divide(p, 1) {
		got = append(got, e.Move)
	}
	if want := "a10a7 a10a8 a10a9 b10b7 b10b8 b10b9 b11a9 b11c9"; strings.Join(got[:8], " ") != want {
		t.Errorf("divide order %v, want %s first", got, want)
	}
}

func TestPerftBlackhole(t *testing.T) { runPerftTable(t, Blackhole) }

// bhMirror is the colour-flipped mirror of a Black Hole FEN: rank r goes to 12-r, the
// colours swap. The board is symmetric under this flip (e0 <-> e12, e6 stays).
func bhMirror(fen string) string { return colourMirrorFEN(fen, 12) }

// TestBlackholeMirror checks colour symmetry: every table position and its mirror have
// the same perft counts, and each move has its mirror image among the mirror's moves.
func TestBlackholeMirror(t *testing.T) {
	flipMove := func(m string) string {
		sqs := splitSquares(strings.TrimRight(m, "qmrbn"))
		out := ""
		for _, sq := range sqs {
			r, _ := strconv.Atoi(sq[1:])
			out += sq[:1] + strconv.Itoa(12-r)
		}
		return out + m[len(strings.TrimRight(m, "qmrbn")):]
	}
	for _, fen := range tableFENs(t, "blackhole") {
		m := bhMirror(fen)
		if bhMirror(m) != fen {
			t.Fatalf("mirror is not an involution: %s -> %s -> %s", fen, m, bhMirror(m))
		}
		p, q := Blackhole.MustParseFEN(fen), Blackhole.MustParseFEN(m)
		var want []string
		for _, mv := range movesOf(t, Blackhole, fen) {
			want = append(want, flipMove(mv))
		}
		sort.Strings(want)
		if got := movesOf(t, Blackhole, m); strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s: mirror moves\n%v\nwant\n%v", m, got, want)
		}
		checkSamePerft(t, p, m, q, 3, math.MaxUint64)
	}
}

// TestBlackholeHotPathDoesNotAllocate extends the core's allocation guard to positions
// where the special rules are live: en passant on two squares, castling, promotions.
func TestBlackholeHotPathDoesNotAllocate(t *testing.T) {
	for _, fen := range tableFENs(t, "blackhole") {
		checkGenApplyNoAllocs(t, fen, Blackhole.MustParseFEN(fen), 50)
	}
}

// TestRandomWalkBlackhole checks the incremental state (hash, piece lists) and the FEN round
// trip after every move of random games from the start and from every table position.
func TestRandomWalkBlackhole(t *testing.T) {
	randomWalk(t, Blackhole, Blackhole.StartFEN, 30, 300, 1)
	for i, fen := range tableFENs(t, "blackhole") {
		randomWalk(t, Blackhole, fen, 5, 200, uint64(i+2))
	}
}

// TestBlackholeDarkBishopNeverMates backs the dead-position rule by brute force: of all the
// placements of a white king and bishop against a black king to move, the checkmates are
// exactly those with the bishop on e0's colour and the black king on e0 or e12.
func TestBlackholeDarkBishopNeverMates(t *testing.T) {
	if testing.Short() {
		t.Skip("brute force over all placements")
	}
	g := Blackhole.Geometry
	e0 := g.SquareByName("e0")
	empty := Blackhole.MustParseFEN(bhFEN("k", []string{e9, e9, e9, e9, e9, h6, e9, e9, e9, e9, e9}, "K", "b - - 0 1"))
	empty.remove(empty.kings[White])
	empty.remove(empty.kings[Black])
	var ml MoveList
	mates := map[string]int{}
	for _, wk := range g.Squares() {
		for _, bk := range g.Squares() {
			if bk == wk || abs(g.File(bk)-g.File(wk)) <= 1 && abs(g.Rank(bk)-g.Rank(wk)) <= 1 {
				continue
			}
			p := *empty
			p.put(wk, MakePiece(White, King))
			p.put(bk, MakePiece(Black, King))
			for _, b := range g.Squares() {
				// Only a bishop on the king's colour can give check.
				if b == wk || b == bk || g.IsLight(b) != g.IsLight(bk) {
					continue
				}
				p.put(b, MakePiece(White, Bishop))
				check := p.InCheck()
				ml.Reset()
				if check {
					p.LegalMoves(&ml)
				}
				p.remove(b)
				if check && ml.Len() == 0 {
					if g.IsLight(b) != g.IsLight(e0) || (g.Name(bk) != "e0" && g.Name(bk) != "e12") {
						t.Errorf("mate with K%s B%s against k%s", g.Name(wk), g.Name(b), g.Name(bk))
					}
					mates[g.Name(bk)]++
				}
			}
		}
	}
	if mates["e0"] == 0 || mates["e12"] == 0 {
		t.Errorf("mates found %v, want some on e0 and on e12", mates)
	}
}
