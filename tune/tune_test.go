package main

import (
	"bytes"
	"strings"
	"testing"

	"varchess/eval"
	"varchess/movegen"
)

// TestSelfPlayReproducible: the same seed gives the same positions and results, another
// seed other games; every sample is a quiet position (not in check).
func TestSelfPlayReproducible(t *testing.T) {
	a := selfPlay(movegen.FIDE, 2, 300, 6, 1, nil)
	b := selfPlay(movegen.FIDE, 2, 300, 6, 1, nil)
	c := selfPlay(movegen.FIDE, 2, 300, 6, 2, nil)
	if len(a) == 0 || len(a) != len(b) {
		t.Fatalf("%d then %d samples from the same seed", len(a), len(b))
	}
	for i := range a {
		if a[i].pos.Hash() != b[i].pos.Hash() || a[i].result != b[i].result {
			t.Fatalf("sample %d differs between two runs of one seed", i)
		}
		if a[i].pos.InCheck() {
			t.Fatalf("sample %d is in check", i)
		}
	}
	if len(c) == len(a) && c[0].pos.Hash() == a[0].pos.Hash() && c[len(c)-1].pos.Hash() == a[len(a)-1].pos.Hash() {
		t.Fatalf("seeds 1 and 2 played the same games")
	}
}

// TestLocalSearchLowersError: on a set whose results a heavier rook predicts (every
// position with a rook more is won), the tuner raises the rook's value and the error falls.
func TestLocalSearchLowersError(t *testing.T) {
	v := movegen.FIDE
	var samples []sample
	for _, fen := range []string{
		"4k3/pppp4/8/8/8/8/PPPP4/R3K3 w - - 0 1",
		"4k3/ppp5/8/8/8/8/PPPP4/R3K3 b - - 0 1",
		"r3k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1",
		"r3k3/pppp4/8/8/8/8/PPP5/4K3 b - - 0 1",
	} {
		p, err := v.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		r := 1.0
		if p.Count(movegen.Black, movegen.Rook) > 0 {
			r = 0
		}
		samples = append(samples, sample{pos: *p, result: r})
	}
	base := eval.DefaultParams()
	k := 1.0
	tuned := localSearch(v, base, samples, k, 0, 30, nil, func(string, ...any) {})
	if errorOf(v, tuned, samples, k) >= errorOf(v, base, samples, k) {
		t.Fatalf("error %f not below %f", errorOf(v, tuned, samples, k), errorOf(v, base, samples, k))
	}
	if tuned.Rook <= base.Rook {
		t.Fatalf("rook %d, want above %d", tuned.Rook, base.Rook)
	}
	// -keep Rook: the weight the samples move most stays where it started.
	kept, err := parseKept("Rook")
	if err != nil {
		t.Fatal(err)
	}
	if held := localSearch(v, base, samples, k, 0, 30, kept, func(string, ...any) {}); held.Rook != base.Rook {
		t.Fatalf("-keep Rook: rook %d, want %d", held.Rook, base.Rook)
	}
	if _, err := parseKept("Knight,Rooook"); err == nil || !strings.Contains(err.Error(), `"Rooook"`) {
		t.Fatalf("parseKept of an unknown weight: %v, want an error naming it", err)
	}
}

// TestParamsSource: the written file is gofmt'ed Go with every weight on a line.
func TestParamsSource(t *testing.T) {
	src, err := paramsSource("normal", eval.DefaultParams(), "a test")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`tuned["normal"] = Params{`, "\t\tRook:", "\t\tMopUpEdge:"} {
		if !bytes.Contains(src, []byte(want)) {
			t.Fatalf("missing %q in\n%s", want, src)
		}
	}
}
