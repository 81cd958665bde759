package movegen

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// The four hand-checked examples of bunker.md 2.8 (White to move, castling AH, leap K).
const (
	bkOpen      = "4k3/8/8/8/8/8/8/R3K2R w HA - 0 1 K"
	bkJump      = "4k3/8/8/8/8/8/8/RN2KB1R w HA - 0 1 K"
	bkAttacked  = "2r1k3/8/8/8/8/8/8/R3K2R w HA - 0 1 K"
	bkEnemyPast = "4k3/8/8/8/8/8/8/R1n1K2R w HA - 0 1 K"
)

// bkVariant is the system a bunker-family FEN belongs to: Pre-chess FENs carry a hand.
func bkVariant(fen string) *Variant {
	if strings.Contains(fen, "[") {
		return Prechess
	}
	return Bunker
}

// bunkerExpect checks that each of legal is a legal move of fen and none of illegal is.
func bunkerExpect(t *testing.T, v *Variant, fen string, legal, illegal []string) {
	t.Helper()
	checkMoves(t, fen, movesOf(t, v, fen), nil, legal, illegal)
}

// bunkerAfter plays the moves (any accepted spelling) from fen and returns the FEN reached.
func bunkerAfter(t *testing.T, v *Variant, fen string, moves ...string) string {
	t.Helper()
	g := NewGame(mustParse(t, v, fen))
	playTexts(t, g, moves...)
	return g.Position().FEN()
}

func TestBunkerFENRoundTrip(t *testing.T) {
	fens := []string{
		Bunker.StartFEN, Prechess.StartFEN,
		// bunker.md 2.1, 2.8 and conventions.md
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1 Kk",
		"8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1 Kk",
		bkOpen, bkJump, bkAttacked, bkEnemyPast,
		// every right combination, en passant, mid-game
		"r3k2r/8/8/8/8/8/8/R3K2R b Hh - 3 20 Kk",
		"r3k2r/8/8/8/8/8/8/R3K2R b - - 3 20 K",
		"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1 -",
		"1bq1r1n1/pppppppp/8/8/8/8/PPPPPPPP/1BQ1R1N1[KRBNkrbn] w - - 0 5 Kk",
		"qrkbbrnn/pppppppp/8/8/8/8/PPPPPPPP/NNRBBKRQ[] w GCfb - 0 9 Kk",
	}
	for n := range BunkerArrays {
		fens = append(fens, BunkerArrayFEN(n))
	}
	for _, fen := range fens {
		checkFENRoundTrip(t, bkVariant(fen), fen)
	}
	// Castling letters in any order, and no bunker field: the leap follows castling.
	for in, want := range map[string]string{
		"4k3/8/8/8/8/8/8/R3K2R w AH - 0 1 K":                          bkOpen,
		"r3k2r/8/8/8/8/8/8/R3K2R w AHah":                              "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1 Kk",
		"r3k2r/8/8/8/8/8/8/R3K2R w Ha - 0 1":                          "r3k2r/8/8/8/8/8/8/R3K2R w Ha - 0 1 Kk",
		"r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1":                           "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1 -",
		"qrkbbrnn/pppppppp/8/8/8/8/PPPPPPPP/NNRBBKRQ w GCfb - 0 9 Kk": "qrkbbrnn/pppppppp/8/8/8/8/PPPPPPPP/NNRBBKRQ[] w GCfb - 0 9 Kk",
	} {
		if got := bkVariant(want).MustParseFEN(in).FEN(); got != want {
			t.Errorf("%s: read as %s, want %s", in, got, want)
		}
	}
}

func TestBunkerFENErrors(t *testing.T) {
	for fen, want := range map[string]string{
		"4k3/8/8/8/8/8/8/R3K2R w HA - 0 1 X":                                        "bunker field",
		"4k3/8/8/8/8/8/8/R3K2R w HA - 0 1 K x":                                      "after the bunker field",
		"4k3/8/8/8/8/8/4K3/R6R w - - 0 1 K":                                         "not on its back rank",
		"4k3/8/8/8/8/8/8/R3K2R w HA - 0 1 -":                                        "lost the bunker leap",
		"4k3/8/8/8/8/8/8/R3K2R w HA - 0 1 k":                                        "lost the bunker leap",
		"4k3/8/8/8/8/8/8/R3K2R w E - 0 1 K":                                         "without a rook",
		"8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] b - - 0 1 Kk":              "fit black to move",
		"8/pppppppp/8/8/8/8/PPPPPPPP/4K3[QRRBBNNkqrrbbnn] w - - 0 1 Kk":             "fit white to move",
		"8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNkqrrbbnn] w - - 0 1 Kk":               "are not K, Q, R, R, B, B, N, N",
		"8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNNkqrrbbnn] w - - 0 1 Kk":             "are not K, Q, R, R, B, B, N, N",
		"8/pppppppp/8/8/4P3/8/PPPP1PPP/8[KQRRBBNNkqrrbbnn] w - - 0 1 Kk":            "stands on e4",
		"8/pppppppp/8/8/8/8/PPPPPPP1/8[KQRRBBNNkqrrbbnn] w - - 0 1 Kk":              "pawns are not all",
		"8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1 K":               "rights are not the start's",
		"8/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[QBBNNkqrrbbnn] b HA - 0 1 Kk":            "rights are not the start's",
		"1b1b4/pppppppp/8/8/8/8/PPPPPPPP/1B1B4[KQRRNNkqrrnn] w - - 0 3 Kk":          "opposite colours",
		"b1rnrnqk/pppppppp/8/8/8/8/PPPPPPPP/1RBNRNQK[Bb] w - - 0 8 Kk":              "opposite colours",
		"8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNPkqrrbbnn] w - - 0 1 Kk":             "pawns are not all",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w HAha - 0 1 Kk extra field": "after the bunker field",
	} {
		checkFENError(t, bkVariant(fen), fen, want)
	}
	// A hand in a bunker FEN.
	checkFENError(t, Bunker, "4k3/8/8/8/8/8/8/R3K2R[Q] w - - 0 1 K", "no pieces in hand")
}

// TestBunkerArrays checks the numbering against an independent enumeration of the 2880
// arrays: every arrangement of KQRRBBNN with the bishops on opposite colours, once.
func TestBunkerArrays(t *testing.T) {
	want := map[string]bool{}
	var permute func(prefix string, rest string)
	permute = func(prefix, rest string) {
		if rest == "" {
			b1, b2 := strings.IndexByte(prefix, 'B'), strings.LastIndexByte(prefix, 'B')
			if (b1+b2)%2 == 1 {
				want[prefix] = true
			}
			return
		}
		for i := range rest {
			permute(prefix+rest[i:i+1], rest[:i]+rest[i+1:])
		}
	}
	permute("", "KQRRBBNN")
	if len(want) != BunkerArrays {
		t.Fatalf("enumeration found %d arrays, want %d", len(want), BunkerArrays)
	}
	seen := map[string]bool{}
	for n := range BunkerArrays {
		a := BunkerArray(n)
		if !want[a] || seen[a] {
			t.Fatalf("array %d = %q: not a Shuffle array, or seen twice", n, a)
		}
		seen[a] = true
		if BunkerArrayNumber(a) != n {
			t.Errorf("BunkerArrayNumber(%q) = %d, want %d", a, BunkerArrayNumber(a), n)
		}
		k, r1, r2 := strings.IndexByte(a, 'K'), strings.IndexByte(a, 'R'), strings.LastIndexByte(a, 'R')
		between := r1 < k && k < r2
		if between != (n < 960) {
			t.Errorf("array %d %s: king between the rooks = %v, want it exactly for 0-959", n, a, between)
		}
		// Castling rights by the array: both rooks when the king is between, else only the
		// farther one.
		rights := strings.Fields(BunkerArrayFEN(n))[2]
		var wantRights string
		switch {
		case between:
			wantRights = string(rune('A'+r2)) + string(rune('A'+r1))
		case k < r1:
			wantRights = string(rune('A' + r2))
		default:
			wantRights = string(rune('A' + r1))
		}
		wantRights += strings.ToLower(wantRights)
		if rights != wantRights {
			t.Errorf("array %d %s: castling %s, want %s", n, a, rights, wantRights)
		}
	}
	for n, a := range map[int]string{0: "BBQNNRKR", 518: "RNBQKBNR", 959: "RKRNNQBB", 960: "BBQNNKRR", 1920: "BBQNNRRK", 2879: "RRKNNQBB"} {
		if BunkerArray(n) != a {
			t.Errorf("BunkerArray(%d) = %s, want %s", n, BunkerArray(n), a)
		}
	}
	for _, bad := range []string{"RNBQKBNN", "RNBQKNBR", "RNBQKBN", "RNBQKBNRR", "BBQNNRKK", "rnbqkbnr", "QQQQQQQQ", "RBNBKQNR", "BNBNKQRR", ""} {
		if BunkerArrayNumber(bad) != -1 {
			t.Errorf("BunkerArrayNumber(%q) = %d, want -1", bad, BunkerArrayNumber(bad))
		}
	}
	if BunkerArray(-1) != "" || BunkerArray(BunkerArrays) != "" || BunkerArrayFEN(2880) != "" {
		t.Error("out-of-range numbers and non-arrays must give nothing")
	}
	if Bunker.StartFEN != BunkerArrayFEN(518) {
		t.Errorf("StartFEN %s is not array 518", Bunker.StartFEN)
	}
}

// TestBunkerRandomStart: a seed gives the same array every time, and the choice covers all
// 2880 arrays evenly.
func TestBunkerRandomStart(t *testing.T) {
	a := Bunker.Start(rand.New(rand.NewPCG(42, 1))).FEN()
	b := Bunker.Start(rand.New(rand.NewPCG(42, 1))).FEN()
	if a != b {
		t.Errorf("same seed, different starts: %s, %s", a, b)
	}
	if Bunker.Start(nil).FEN() != Bunker.StartFEN {
		t.Error("Start(nil) is not StartFEN")
	}
	rng := rand.New(rand.NewPCG(7, 7))
	counts := map[string]int{}
	const draws = 20 * BunkerArrays
	for range draws { // the hook Start calls, without reading each FEN
		counts[strings.Fields(Bunker.randomStart(rng))[0]]++
	}
	if len(counts) != BunkerArrays {
		t.Errorf("%d draws reached %d arrays, want all %d", draws, len(counts), BunkerArrays)
	}
	for fen, n := range counts {
		if n > 60 { // mean 20: a count of 60 has a probability far below 1e-9
			t.Errorf("%s drawn %d times in %d: not uniform", fen, n, draws)
		}
	}
	if Prechess.Start(rng).FEN() != Prechess.StartFEN {
		t.Error("prechess has one start")
	}
}

// TestBunkerLeap checks each condition of bunker.md 2.5 on positions where only that
// condition decides.
func TestBunkerLeap(t *testing.T) {
	// 2.8: both leaps and both castlings exist side by side.
	bunkerExpect(t, Bunker, bkOpen, []string{"e1b1", "e1g1", "e1a1", "e1h1"}, nil)
	// Over friends, never onto one.
	bunkerExpect(t, Bunker, bkJump, []string{"e1g1"}, []string{"e1b1", "e1a1", "e1h1"})
	// Never over an enemy.
	bunkerExpect(t, Bunker, bkEnemyPast, []string{"e1g1", "e1h1"}, []string{"e1b1", "e1a1"})
	// Not through an attacked square.
	bunkerExpect(t, Bunker, bkAttacked, []string{"e1g1", "e1h1"}, []string{"e1b1", "e1a1"})
	// Not over a friend that stands on an attacked square (2.8 #4); the same without the
	// attacker is legal.
	bunkerExpect(t, Bunker, "2r1k3/8/8/8/8/8/8/R1B1K2R w HA - 0 1 K", nil, []string{"e1b1"})
	bunkerExpect(t, Bunker, "4k3/8/8/8/8/8/8/R1B1K2R w HA - 0 1 K", []string{"e1b1"}, nil)
	// Not into an attacked square.
	bunkerExpect(t, Bunker, "1r2k3/8/8/8/8/8/8/R3K2R w HA - 0 1 K", []string{"e1g1"}, []string{"e1b1", "e1a1"})
	// Not out of check (the e-file rook checks; the king may still step).
	bunkerExpect(t, Bunker, "4k3/8/8/8/8/8/8/R3K1rR w HA - 0 1 K", []string{"e1d2", "e1f2"}, []string{"e1b1", "e1a1", "e1g1", "e1h1"})
	bunkerExpect(t, Bunker, "4k3/8/8/8/8/8/4r3/R3K2R w HA - 0 1 K", []string{"e1d1"}, []string{"e1b1", "e1a1", "e1g1", "e1h1"})
	// Only to an empty square: never a capture.
	bunkerExpect(t, Bunker, "4k3/8/8/8/8/8/8/Rn2K2R w HA - 0 1 K", []string{"e1g1"}, []string{"e1b1"})
	// Only with the right: the same board without it.
	bunkerExpect(t, Bunker, "4k3/8/8/8/8/8/8/R3K2R w - - 0 1 -", []string{"e1d1"}, []string{"e1b1", "e1g1"})
	// A king on a bunker file leaps only to the other one; next to a bunker the leap is the
	// king step, one move.
	bunkerExpect(t, Bunker, "4k3/8/8/8/8/8/8/RK5R w HA - 0 1 K", []string{"b1g1"}, nil)
	if m := movesOf(t, Bunker, "4k3/8/8/8/8/8/8/R1K4R w HA - 0 1 K"); strings.Count(strings.Join(m, " "), "c1b1") != 1 || !slices.Contains(m, "c1g1") {
		t.Errorf("king c1: want c1b1 once and c1g1, got %v", m)
	}
	// Black leaps to b8 and g8.
	bunkerExpect(t, Bunker, "r3k2r/8/8/8/8/8/8/4K3 b ha - 0 1 k", []string{"e8b8", "e8g8", "e8a8", "e8h8"}, nil)
	bunkerExpect(t, Bunker, "rn2kb1r/8/8/8/8/8/8/2R1K3 b ha - 0 1 k", []string{"e8g8"}, []string{"e8b8", "e8c8"})

	// The leap moves only the king, castling the rook too (2.6), and both end every right.
	if got := bunkerAfter(t, Bunker, bkOpen, "e1b1"); got != "4k3/8/8/8/8/8/8/RK5R b - - 1 1 -" {
		t.Errorf("after the leap e1b1: %s", got)
	}
	if got := bunkerAfter(t, Bunker, bkOpen, "e1a1"); got != "4k3/8/8/8/8/8/8/1KR4R b - - 1 1 -" {
		t.Errorf("after castling e1a1: %s", got)
	}
	if got := bunkerAfter(t, Bunker, bkOpen, "e1g1"); got != "4k3/8/8/8/8/8/8/R5KR b - - 1 1 -" {
		t.Errorf("after the leap e1g1: %s", got)
	}
	// Once per game: after a leap the king cannot leap back, and a king that has moved and
	// come back has lost the leap and castling.
	bunkerExpect(t, Bunker, bunkerAfter(t, Bunker, bkOpen, "e1g1", "e8d8"), nil, []string{"g1b1", "g1h1", "g1a1"})
	back := bunkerAfter(t, Bunker, bkOpen, "e1f1", "e8d8", "f1e1", "d8e8")
	if back != "4k3/8/8/8/8/8/8/R3K2R w - - 4 3 -" {
		t.Errorf("king out and back: %s", back)
	}
	bunkerExpect(t, Bunker, back, nil, []string{"e1b1", "e1g1", "e1a1", "e1h1"})
	// After castling, no leap.
	bunkerExpect(t, Bunker, bunkerAfter(t, Bunker, bkOpen, "e1h1", "e8d8"), nil, []string{"g1b1"})
	// A rook move or capture does not end the leap.
	if got := bunkerAfter(t, Bunker, "r3k3/8/8/8/8/8/8/R3K2R b HAa - 0 1 Kk", "a8a1"); got != "4k3/8/8/8/8/8/8/r3K2R w H - 0 2 Kk" {
		t.Errorf("rook captured: %s", got)
	}
}

// TestBunkerCastling checks the modified Fischer Random castling of bunker.md 2.3-2.4.
func TestBunkerCastling(t *testing.T) {
	// Geometry: a-side king to b, rook to c; h-side king to g, rook to f, from any files.
	for _, c := range []struct{ fen, move, want string }{
		{bkOpen, "e1h1", "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1 -"},
		{bkOpen, "O-O", "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1 -"},
		{bkOpen, "O-O-O", "4k3/8/8/8/8/8/8/1KR4R b - - 1 1 -"},
		// The king already on its destination: only the rook moves.
		{"4k3/8/8/8/8/8/8/RK5R w HA - 0 1 K", "b1a1", "4k3/8/8/8/8/8/8/1KR4R b - - 1 1 -"},
		{"4k3/8/8/8/8/8/8/R5KR w HA - 0 1 K", "g1h1", "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1 -"},
		// King and rook swap.
		{"4k3/8/8/8/8/8/8/2R2KR1 w GC - 0 1 K", "f1g1", "4k3/8/8/8/8/8/8/2R2RK1 b - - 1 1 -"},
		{"4k3/8/8/8/8/8/8/1RK4R w HB - 0 1 K", "c1b1", "4k3/8/8/8/8/8/8/1KR4R b - - 1 1 -"},
		// King on the a file castles h-side with the farther rook, over the whole rank.
		{"4k3/8/8/8/8/8/8/K6R w H - 0 1 K", "a1h1", "4k3/8/8/8/8/8/8/5RK1 b - - 1 1 -"},
		{"4k3/8/8/8/8/8/8/R6K w A - 0 1 K", "h1a1", "4k3/8/8/8/8/8/8/1KR5 b - - 1 1 -"},
		// The rook passes over the king.
		{"4k3/8/8/8/8/8/8/6KR w H - 0 1 K", "g1h1", "4k3/8/8/8/8/8/8/5RK1 b - - 1 1 -"},
		{"r3k3/8/8/8/8/8/8/4K3 b a - 0 1 k", "e8a8", "1kr5/8/8/8/8/8/8/4K3 w - - 1 2 -"},
	} {
		if got := bunkerAfter(t, Bunker, c.fen, c.move); got != c.want {
			t.Errorf("%s %s: got %s, want %s", c.fen, c.move, got, c.want)
		}
	}
	// 1. King and rook unmoved: a rook that moved and came back has lost its right, the
	// other rook keeps its own.
	if got := bunkerAfter(t, Bunker, bkOpen, "h1h2", "e8d8", "h2h1", "d8e8"); got != "4k3/8/8/8/8/8/8/R3K2R w A - 4 3 K" {
		t.Errorf("rook out and back: %s", got)
	}
	bunkerExpect(t, Bunker, "4k3/8/8/8/8/8/8/R3K2R w A - 4 3 K", []string{"e1a1", "e1g1"}, []string{"e1h1"})
	// 2. Not in check.
	bunkerExpect(t, Bunker, "4k3/8/8/8/1b6/8/8/R3K2R w HA - 0 1 K", []string{"e1f1"}, []string{"e1a1", "e1h1"})
	// 3. No square of the king's path attacked: passed (c1) or reached (b1, g1); squares
	// only the rook passes may be attacked.
	bunkerExpect(t, Bunker, bkAttacked, []string{"e1h1"}, []string{"e1a1"})
	bunkerExpect(t, Bunker, "1r2k3/8/8/8/8/8/8/R3K2R w HA - 0 1 K", []string{"e1h1"}, []string{"e1a1"})
	bunkerExpect(t, Bunker, "4k1r1/8/8/8/8/8/8/R3K2R w HA - 0 1 K", []string{"e1a1"}, []string{"e1h1"})
	bunkerExpect(t, Bunker, "r3k3/8/8/8/8/8/8/R3K2R w HA - 0 1 K", []string{"e1a1"}, nil)
	// 4. Every square between king and rook and on both paths empty: a piece between
	// them, on the rook's destination, or on the king's destination beyond the rook.
	bunkerExpect(t, Bunker, bkJump, nil, []string{"e1a1", "e1h1"})
	bunkerExpect(t, Bunker, "4k3/8/8/8/8/8/8/RK1N3R w HA - 0 1 K", []string{"b1a1"}, []string{"b1h1"})
	bunkerExpect(t, Bunker, "4k3/8/8/8/8/8/8/RKN4R w HA - 0 1 K", nil, []string{"b1a1"})
	bunkerExpect(t, Bunker, "4k3/8/8/8/8/8/8/2R2K1N w C - 0 1 K", []string{"f1c1"}, nil)
	bunkerExpect(t, Bunker, "4k3/8/8/8/8/8/8/2KR2N1 w D - 0 1 K", nil, []string{"c1d1"})
	bunkerExpect(t, Bunker, "4k3/8/8/8/8/8/8/1NKR4 w D - 0 1 K", []string{"c1d1"}, nil)
	bunkerExpect(t, Bunker, "4k3/8/8/8/8/8/8/K1R2BNR w H - 0 1 K", nil, []string{"a1h1"})
	// Both rooks on one side: only the farther castles, and the nearer must leave the path.
	krr := "k7/8/8/8/8/8/8/KRR5 w C - 0 1 K"
	bunkerExpect(t, Bunker, krr, nil, []string{"a1c1", "a1b1"})
	bunkerExpect(t, Bunker, bunkerAfter(t, Bunker, krr, "b1b2", "a8a7"), []string{"a1c1"}, nil)
	// Castling is written as the king taking its rook: e1g1 is never castling.
	p := Bunker.MustParseFEN(bkOpen)
	if m, err := p.ParseMove("e1g1"); err != nil || m.Kind() != Normal {
		t.Errorf("e1g1 must be the leap: %v %v", m, err)
	}
	if m, err := p.ParseMove("e1h1"); err != nil || m.Kind() != Castle {
		t.Errorf("e1h1 must be castling: %v %v", m, err)
	}
	if _, err := Bunker.MustParseFEN("4k3/8/8/8/8/8/8/R3K2R w - - 0 1 -").ParseMove("O-O"); err == nil {
		t.Error("O-O without the right was accepted")
	}
}

// TestPrechessPlacement checks the placement phase of bunker.md 2.1 and 2.3.
func TestPrechessPlacement(t *testing.T) {
	start := Prechess.StartFEN
	moves := movesOf(t, Prechess, start)
	if len(moves) != 40 {
		t.Errorf("start: %d moves, want 40 (5 kinds on 8 squares): %v", len(moves), moves)
	}
	for _, m := range moves {
		if len(m) != 4 || m[1] != '@' || m[3] != '1' {
			t.Errorf("start: %s is not a placement on rank 1", m)
		}
	}
	// Alternation: Black places on rank 8 next, and nothing else moves.
	for _, m := range movesOf(t, Prechess, bunkerAfter(t, Prechess, start, "K@a1")) {
		if m[1] != '@' || m[3] != '8' {
			t.Errorf("after K@a1: %s is not a black placement", m)
		}
	}
	// Game Courier's K-e1 is accepted, and a placement on an occupied square or the
	// enemy's rank is not.
	if got := bunkerAfter(t, Prechess, start, "K-e1", "Q@e8"); got != "4q3/pppppppp/8/8/8/8/PPPPPPPP/4K3[QRRBBNNkrrbbnn] w - - 0 2 Kk" {
		t.Errorf("two placements: %s", got)
	}
	bunkerExpect(t, Prechess, bunkerAfter(t, Prechess, start, "K@e1", "Q@e8"), []string{"Q@d1"}, []string{"Q@e1", "K@e1", "Q@d8", "Q@e2"})
	// Bishops on opposite colours: after B@b1 (light) the other bishop goes only on dark.
	p := bunkerAfter(t, Prechess, start, "B@b1", "B@b8")
	bunkerExpect(t, Prechess, p, []string{"B@a1", "B@c1", "B@e1", "B@g1"}, []string{"B@d1", "B@f1", "B@h1"})
	// No placement that makes it impossible: one dark square is left for the bishop.
	tight := "1bq1r1n1/pppppppp/8/8/8/8/PPPPPPPP/1BQ1R1N1[KRBNkrbn] w - - 0 5 Kk"
	bunkerExpect(t, Prechess, tight, []string{"B@a1", "K@d1", "R@f1", "N@h1"}, []string{"K@a1", "R@a1", "N@a1", "B@d1"})
	bunkerExpect(t, Prechess, bunkerAfter(t, Prechess, tight, "B@a1"), []string{"B@a8", "K@d8"}, []string{"K@a8", "B@d8"})
	// With both bishops in hand, the last light square must stay free for one of them.
	two := "3qkrnr/pppppppp/8/8/8/8/PPPPPPPP/3QKRNR[BBNbbn] w - - 0 6 Kk"
	if got := movesOf(t, Prechess, two); strings.Join(got, " ") != "B@a1 B@b1 B@c1 N@a1 N@c1" {
		t.Errorf("%s: %v, want N@b1 refused (b1 is the last light square)", two, got)
	}
	// King and rooks anywhere; the 16th placement fixes both sides' rights from their arrays
	// (king between the rooks: both; both on one side: the farther), real play starts at move 9.
	last := "rnk1bbnr/pppppppp/8/8/8/8/PPPPPPPP/KRRBBNNQ[q] b - - 0 8 Kk"
	got := bunkerAfter(t, Prechess, last, "Q@d8")
	if got != "rnkqbbnr/pppppppp/8/8/8/8/PPPPPPPP/KRRBBNNQ[] w Cha - 0 9 Kk" {
		t.Errorf("after the last placement: %s", got)
	}
	bunkerExpect(t, Prechess, got, []string{"e2e4", "g1f3"}, []string{"Q@h1"})
	// Placements reset the halfmove clock and count as moves.
	if g := bunkerAfter(t, Prechess, "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 7 1 Kk", "R@a1"); !strings.HasSuffix(g, " b - - 0 1 Kk") {
		t.Errorf("placement clocks: %s", g)
	}
}

// TestBunkerGameEnds checks each way a game ends, with the leap's own cases: a leap never
// escapes check, and losing the leap makes a position differ for repetition.
func TestBunkerGameEnds(t *testing.T) {
	const leapOnly = "k2r4/8/8/8/8/4p1p1/4P1P1/4KB2 w - - 0 1"
	if m := movesOf(t, Bunker, leapOnly+" K"); strings.Join(m, " ") != "e1g1" {
		t.Errorf("%s: moves %v, want only the leap e1g1", leapOnly, m)
	}
	for _, c := range []struct {
		fen    string
		result Result
		reason string
	}{
		// The leap to g1 would escape the knight's check, but not out of check: mate.
		{"4k3/8/8/8/8/3n4/3PNP2/3QKB2 w - - 0 1 K", BlackWins, "checkmate"},
		{"4k3/8/8/8/8/3n4/3PNP2/3QKB2 w - - 0 1 -", BlackWins, "checkmate"},
		// The leap is the only move: not stalemate, but stalemate without the right.
		{leapOnly + " K", Ongoing, ""},
		{leapOnly + " -", Draw, "stalemate"},
		{"k7/8/8/8/8/8/2q5/K7 w - - 0 1 -", Draw, "stalemate"},
		{"R3k3/8/4K3/8/8/8/8/8 b - - 0 1 -", WhiteWins, "checkmate"},
		{"4k3/8/8/8/8/8/8/R3K2R w HA - 100 80 K", Draw, "fifty-move rule"},
		{"4k3/8/8/8/8/8/8/4KB2 w - - 0 1 K", Draw, "insufficient material"},
		{bkOpen, Ongoing, ""},
		{Prechess.StartFEN, Ongoing, ""},
	} {
		checkOutcome(t, c.fen, bkVariant(c.fen).MustParseFEN(c.fen).Status(), c.result, c.reason)
	}
	// Repetition: the king stepping out and back is not a repetition of the start (it
	// lost the leap); the same shuffle again from there is.
	g := NewGame(Bunker.MustParseFEN("k7/8/8/8/8/8/7R/4K3 w - - 0 1 K"))
	playTexts(t, g, strings.Fields("e1d1 a8b8 d1e1 b8a8")...)
	if g.Repetitions() != 0 {
		t.Errorf("king back on e1 without its leap repeats the start")
	}
	playTexts(t, g, strings.Fields("e1d1 a8b8 d1e1 b8a8 e1d1 a8b8 d1e1 b8a8")...)
	checkOutcome(t, "after the shuffles", g.Outcome(), Draw, "threefold repetition")
}

// TestPrechessSampleGame replays a hand-checked game (no sample game exists, bunker.md 2):
// the FIDE array placed piece by piece, White's leap e1g1 over the f1 bishop, and Black's
// mate on f2 against the king in its bunker.
func TestPrechessSampleGame(t *testing.T) {
	moves := strings.Fields("K@e1 K@e8 Q@d1 Q@d8 R@a1 R@a8 R@h1 R@h8 B@c1 B@c8 B@f1 B@f8 N@b1 N@b8 N@g1 N@g8 " +
		"g1f3 e7e5 e1g1 f8c5 f3e5 d8f6 d2d3 f6f2")
	checks := map[int]bool{len(moves) - 1: true}
	fens := map[int]string{
		15: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w HAha - 0 9 Kk",
		18: "rnbqkbnr/pppp1ppp/8/4p3/8/5N2/PPPPPPPP/RNBQ1BKR[] b ha - 1 10 k",
	}
	g := NewGame(Prechess.Start(nil))
	for i, s := range moves {
		if o := g.Outcome(); o.Over() {
			t.Fatalf("game over before move %d: %v", i, o)
		}
		m, err := g.PlayText(s)
		if err != nil {
			t.Fatalf("move %d %s: %v", i+1, s, err)
		}
		if s == "e1g1" && m.Kind() != Normal {
			t.Errorf("e1g1 is the leap, got kind %d", m.Kind())
		}
		if got := g.Position().InCheck(); got != checks[i] {
			t.Errorf("after %s: check = %v", s, got)
		}
		if want, ok := fens[i]; ok && g.Position().FEN() != want {
			t.Errorf("after %s: %s, want %s", s, g.Position().FEN(), want)
		}
	}
	if o := g.Outcome(); o.Result != BlackWins || o.Reason != "checkmate" {
		t.Errorf("final: %v, want 0-1 by checkmate", o)
	}
}

// bunkerQuickLeaves bounds the perft entries go test checks; PERFT_LONG=1 (make
// perft-long) checks all of them.
const bunkerQuickLeaves = 2_000_000

func TestPerftBunker(t *testing.T)   { runPerftTableUpTo(t, Bunker, bunkerQuickLeaves) }
func TestPerftPrechess(t *testing.T) { runPerftTableUpTo(t, Prechess, bunkerQuickLeaves) }

// bunkerMirrorFEN flips a bunker or prechess FEN top to bottom and swaps the colours: the same
// game with the roles of White and Black exchanged. The bunker field lists White's leap
// first, like castling.
func bunkerMirrorFEN(fen string) string {
	f := strings.Fields(colourMirrorFEN(fen, 9))
	if f[6] != "-" {
		f[6] = whiteFirst(f[6])
	}
	return strings.Join(f, " ")
}

// bunkerFlipFiles mirrors a position left to right: the bunker rules are symmetric that way too
// (b and c on one side, g and f on the other).
func bunkerFlipFiles(fen string) string { return flipFilesFEN(fen, 8) }

// TestBunkerSymmetry: perft of every table position equals perft of its colour mirror and
// of its left-right mirror.
func TestBunkerSymmetry(t *testing.T) {
	for _, v := range []*Variant{Bunker, Prechess} {
		for _, c := range readPerftTable(t, v.Name) {
			p := v.MustParseFEN(c.fen)
			mirrors := []string{bunkerFlipFiles(c.fen)}
			if !strings.Contains(c.fen, "[") || strings.Contains(c.fen, "[]") {
				// White places first, so a placement position has no colour mirror.
				mirrors = append(mirrors, bunkerMirrorFEN(c.fen))
			}
			for _, fen := range mirrors {
				q, err := v.ParseFEN(fen)
				if err != nil {
					t.Fatalf("%s -> %s: %v", c.fen, fen, err)
				}
				checkSamePerft(t, p, fen, q, 3, math.MaxUint64)
			}
		}
	}
}

func TestRandomWalkBunker(t *testing.T) {
	for i, n := range []int{518, 0, 1364, 2670, 1234, 2879} {
		randomWalk(t, Bunker, BunkerArrayFEN(n), 4, 150, uint64(10+i))
	}
	randomWalk(t, Bunker, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w HAha - 0 1 Kk", 10, 200, 3)
	randomWalk(t, Prechess, Prechess.StartFEN, 12, 150, 4)
}

// TestBunkerHotPathDoesNotAllocate: generate and make stay off the heap where leaps,
// castlings and placements (the last one, which fixes the rights) are live.
func TestBunkerHotPathDoesNotAllocate(t *testing.T) {
	for _, c := range []struct {
		v   *Variant
		fen string
	}{
		{Bunker, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w HAha - 0 1 Kk"},
		{Bunker, "krr2n1q/pppp1ppp/4pn2/8/8/4PN2/PPPP1PPP/KRR2N1Q w Cc - 0 1 Kk"},
		{Prechess, Prechess.StartFEN},
		{Prechess, "rnk1bbnr/pppppppp/8/8/8/8/PPPPPPPP/NRKBBQRN[q] b - - 0 8 Kk"},
	} {
		checkGenApplyNoAllocs(t, c.fen, c.v.MustParseFEN(c.fen), 100)
	}
}

// FuzzBunkerParseMove: no text crashes the move reader of either system, and what it
// accepts prints back to a text that reads as the same move.
func FuzzBunkerParseMove(f *testing.F) {
	for _, s := range []string{"e1g1", "e1h1", "e1a1", "e1b1", "O-O", "O-O-O", "K@e1", "K-e1", "k-e8", "P-e1", "Q-z9", "N@b1", "0000"} {
		f.Add(s)
	}
	ps := []*Position{Bunker.MustParseFEN(bkOpen), Prechess.MustParseFEN(Prechess.StartFEN)}
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range ps {
			checkMoveTextRoundTrip(t, p, s)
		}
	})
}

// BenchmarkPerftBunkerVsNormal measures leaves per second side by side at equal depths:
// the FIDE start against bunker arrays 518 (the same array, with leaps and castling to b/g)
// and 0, Kiwipete in both games, and the Pre-chess start.
// go test -run '^$' -bench PerftBunkerVsNormal ./movegen
func BenchmarkPerftBunkerVsNormal(b *testing.B) {
	kiwi := "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w "
	for _, c := range []struct {
		name  string
		p     *Position
		depth int
	}{
		{"normal-start", FIDE.Start(nil), 5},
		{"bunker-518", Bunker.MustParseFEN(BunkerArrayFEN(518)), 5},
		{"bunker-0", Bunker.MustParseFEN(BunkerArrayFEN(0)), 5},
		{"normal-kiwipete", FIDE.MustParseFEN(kiwi + "KQkq - 0 1"), 4},
		{"bunker-kiwipete", Bunker.MustParseFEN(kiwi + "HAha - 0 1 Kk"), 4},
		{"prechess-start", Prechess.Start(nil), 4},
	} {
		b.Run(c.name, func(b *testing.B) { benchPerft(b, c.p, c.depth) })
	}
}

// TestPrechessPlacementsGiveTheShuffleArrays walks every placement sequence of White (Black
// copying each placement on the mirrored square, always legal): the placement phase never
// reaches a position without a legal placement, its finished arrays are exactly the 2880
// Shuffle arrays (bunker.md 2.1: 8,294,400 = 2880² Pre-chess positions), and the rights the
// 16th placement fixes are those of the same Shuffle start position.
func TestPrechessPlacementsGiveTheShuffleArrays(t *testing.T) {
	seen := map[uint64]bool{}
	arrays := map[string]bool{}
	lists := make([]MoveList, 17)
	var walk func(p *Position, ply int)
	walk = func(p *Position, ply int) {
		if seen[p.Hash()] {
			return
		}
		seen[p.Hash()] = true
		ml := &lists[ply]
		ml.Reset()
		p.LegalMoves(ml)
		if p.inHand(White) == 0 {
			key := p.FEN()
			fen := strings.Fields(key)
			array := fen[0][strings.LastIndexByte(fen[0], '/')+1 : strings.IndexByte(fen[0], '[')]
			arrays[array] = true
			n := BunkerArrayNumber(array)
			want := strings.Fields(BunkerArrayFEN(n))
			if n < 0 || fen[2] != want[2] || fen[6] != want[6] {
				t.Fatalf("placements end in %s, not Shuffle array %d %v", key, n, want)
			}
			return
		}
		if ml.Len() == 0 {
			t.Fatalf("%s: no legal placement", p.FEN())
		}
		for _, m := range ml.Moves() {
			child := *p
			child.Apply(m)
			mirror := NewMove(Drop, NoSquare, m.To()+Square(7*board8x8.Stride), m.Aux(), NoType)
			replies := &lists[ply+1]
			replies.Reset()
			child.LegalMoves(replies)
			if !replies.Contains(mirror) {
				t.Fatalf("%s: Black cannot copy %s", child.FEN(), p.MoveText(m))
			}
			child.Apply(mirror)
			walk(&child, ply+1)
		}
	}
	walk(Prechess.Start(nil), 0)
	if len(arrays) != BunkerArrays {
		t.Errorf("placements reach %d arrays, want %d", len(arrays), BunkerArrays)
	}
	t.Logf("%d placement positions", len(seen))
}
