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

// fakeJudge is a UCI engine in sh that scores every position +50 for the side to move.
const fakeJudge = `while read l; do case "$l" in uci) echo uciok;; go*) echo "info depth 1 score cp 20"; echo "info depth 2 score cp 50 pv e2e4"; echo "bestmove e2e4";; quit) exit;; esac; done`

// TestJudgeSamples: a judge's scores reach every sample, turned to White's point of view,
// and the targets blend them with the games' results by the weight.
func TestJudgeSamples(t *testing.T) {
	v := movegen.FIDE
	var samples []sample
	for _, fen := range []string{movegen.FIDE.StartFEN, "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"} {
		samples = append(samples, sample{pos: *v.MustParseFEN(fen), result: 1})
	}
	if err := judgeSamples(v, samples, fakeJudge, 3, 2, nil); err != nil {
		t.Fatal(err)
	}
	for i, want := range []float64{50, -50, 50} {
		if !samples[i].judged || samples[i].judgeCP != want {
			t.Fatalf("sample %d: judged %v, %v cp, want %v", i, samples[i].judged, samples[i].judgeCP, want)
		}
	}
	blendTargets(samples, 0.5)
	if want := 0.5*sigmoid(judgeScale, -50) + 0.5; samples[1].result != want {
		t.Fatalf("blended target %v, want %v", samples[1].result, want)
	}
	if err := judgeSamples(v, samples, "exit 3", 3, 1, nil); err == nil {
		t.Fatal("a judge that exits at once gave no error")
	}
}

// TestLastScore: the deepest score of a search, centipawns or mate, and none without one.
func TestLastScore(t *testing.T) {
	for _, c := range []struct {
		lines []string
		want  float64
		ok    bool
	}{
		{[]string{"info depth 1 score cp 12", "info depth 2 seldepth 3 score cp -7 nodes 40 pv e2e4"}, -7, true},
		{[]string{"info depth 5 score mate 3 pv a1a8"}, 10000, true},
		{[]string{"info depth 5 score mate -2", "info string hello"}, -10000, true},
		{[]string{"info depth 5 score cp 30 lowerbound", "info depth 6 score mate 0"}, -10000, true},
		{[]string{"info string no score here", "info depth 3 score cp x"}, 0, false},
	} {
		if got, ok := lastScore(c.lines); got != c.want || ok != c.ok {
			t.Errorf("lastScore(%q) = %v, %v; want %v, %v", c.lines, got, ok, c.want, c.ok)
		}
	}
}

// TestSamplesFile: samples written and read back are the same positions, results and
// judge's scores; a malformed line is an error naming it.
func TestSamplesFile(t *testing.T) {
	v := movegen.FIDE
	in := []sample{
		{pos: *v.MustParseFEN(movegen.FIDE.StartFEN), result: 0.5},
		{pos: *v.MustParseFEN("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1"), result: 1, judgeCP: -123.5, judged: true},
	}
	var b bytes.Buffer
	if err := writeSamples(&b, in); err != nil {
		t.Fatal(err)
	}
	out, err := readSamples(v, &b)
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != len(in) {
		t.Fatalf("%d samples read back, want %d", len(out), len(in))
	}
	for i := range in {
		if out[i].pos.Hash() != in[i].pos.Hash() || out[i].result != in[i].result || out[i].judged != in[i].judged || out[i].judgeCP != in[i].judgeCP {
			t.Fatalf("sample %d read back as %+v, want %+v", i, out[i], in[i])
		}
	}
	for _, bad := range []string{"no semicolon", movegen.FIDE.StartFEN + ";2", movegen.FIDE.StartFEN + ";1;NaN", "8/8/8 w;1", movegen.FIDE.StartFEN + ";1;2;3"} {
		if _, err := readSamples(v, strings.NewReader(movegen.FIDE.StartFEN+";1\n"+bad+"\n")); err == nil || !strings.Contains(err.Error(), "line 2") {
			t.Errorf("%q: error %v, want one naming line 2", bad, err)
		}
	}
}
