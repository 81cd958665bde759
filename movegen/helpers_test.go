package movegen

// Test helpers every variant's tests share: the perft tables, positions and their move
// lists, FEN round trips and errors, game ends, random walks, the allocation guard and
// the colour and file mirrors of a FEN. The independent oracles (oracle_*_test.go,
// jkoracle_test.go, variant_weaksquare_ref_test.go) use none of the move helpers; they
// read the perft tables through PerftTable only.

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// perftLong says whether to run every depth of the perft tables (make perft-long) or only
// those that finish quickly (make test).
var perftLong = os.Getenv("PERFT_LONG") != ""

// quickLeaves bounds the leaf count of the perft cases make test runs.
const quickLeaves = 5_000_000

// perftCase is one line of a perft table: a position and its leaf counts by depth.
type perftCase struct {
	fen    string
	counts map[int]uint64
}

// readPerftTable reads testdata/perft/<variant>.epd: "FEN ;D1 n ;D2 n ...", # comments.
func readPerftTable(t testing.TB, variant string) []perftCase {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "perft", variant+".epd"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []perftCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		parts := strings.Split(line, ";")
		c := perftCase{fen: strings.TrimSpace(parts[0]), counts: map[int]uint64{}}
		for _, p := range parts[1:] {
			var d int
			var n uint64
			if _, err := fmt.Sscanf(strings.TrimSpace(p), "D%d %d", &d, &n); err != nil {
				t.Fatalf("bad perft entry %q: %v", p, err)
			}
			c.counts[d] = n
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// PerftTable is readPerftTable for the oracles of package movegen_test, which cannot see
// unexported names: a pure file reader, no move logic.
func PerftTable(t testing.TB, variant string) (fens []string, counts []map[int]uint64) {
	t.Helper()
	for _, c := range readPerftTable(t, variant) {
		fens = append(fens, c.fen)
		counts = append(counts, c.counts)
	}
	return fens, counts
}

// tableFENs is the positions of a variant's perft table, after the extra ones given.
func tableFENs(t testing.TB, variant string, extra ...string) []string {
	t.Helper()
	fens, _ := PerftTable(t, variant)
	return append(extra, fens...)
}

// runPerftTable checks every entry of a variant's perft table up to quickLeaves, or all of
// them with PERFT_LONG=1.
func runPerftTable(t *testing.T, v *Variant) { runPerftTableUpTo(t, v, quickLeaves) }

// runPerftTableUpTo is runPerftTable with another bound than quickLeaves for go test.
func runPerftTableUpTo(t *testing.T, v *Variant, quick uint64) {
	for i, c := range readPerftTable(t, v.Name) {
		p := mustParse(t, v, c.fen)
		for d := 1; d <= 9; d++ {
			want, ok := c.counts[d]
			if !ok || (!perftLong && want > quick) {
				continue
			}
			t.Run(strconv.Itoa(i+1)+"/D"+strconv.Itoa(d), func(t *testing.T) {
				if got := Perft(p, d); got != want {
					t.Errorf("%s: perft(%d) = %d, want %d", c.fen, d, got, want)
				}
			})
		}
	}
}

// mustParse reads fen in v, failing the test if it does not read.
func mustParse(t testing.TB, v *Variant, fen string) *Position {
	t.Helper()
	p, err := v.ParseFEN(fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	return p
}

// sortedMoves is the sorted move texts of the legal moves of p.
func sortedMoves(p *Position) []string {
	var ml MoveList
	p.LegalMoves(&ml)
	out := make([]string, 0, ml.Len())
	for _, m := range ml.Moves() {
		out = append(out, p.MoveText(m))
	}
	slices.Sort(out)
	return out
}

// SortedMoves is sortedMoves for package movegen_test: movegen's side of an oracle
// comparison, never called by an oracle's own model.
func SortedMoves(p *Position) []string { return sortedMoves(p) }

// movesFrom keeps the moves of list that start on the square named sq (b1 but not b10).
func movesFrom(list []string, sq string) []string {
	var out []string
	for _, m := range list {
		if strings.HasPrefix(m, sq) && (len(m) == len(sq) || m[len(sq)] >= 'a') {
			out = append(out, m)
		}
	}
	return out
}

// movesOf is the sorted move texts of fen in v.
func movesOf(t testing.TB, v *Variant, fen string) []string {
	t.Helper()
	return sortedMoves(mustParse(t, v, fen))
}

// checkMoves checks a sorted move list: exactly exact unless that is nil, every move of
// has in it and none of hasNot. what names the position in the messages.
func checkMoves(t testing.TB, what string, got, exact, has, hasNot []string) {
	t.Helper()
	if exact != nil && !slices.Equal(got, exact) {
		t.Errorf("%s:\nmoves %v\nwant  %v", what, got, exact)
	}
	for _, m := range has {
		if !slices.Contains(got, m) {
			t.Errorf("%s: %s is missing from %v", what, m, got)
		}
	}
	for _, m := range hasNot {
		if slices.Contains(got, m) {
			t.Errorf("%s: %s must not be legal", what, m)
		}
	}
}

// playMoves plays the move texts from fen and returns the position reached, checking the
// incremental state after every move.
func playMoves(t testing.TB, v *Variant, fen string, moves ...string) *Position {
	t.Helper()
	p := mustParse(t, v, fen)
	for _, s := range moves {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatalf("%s: %s: %v", p.FEN(), s, err)
		}
		p.Apply(m)
		if msg := p.CheckIncrementals(); msg != "" {
			t.Fatalf("after %s: %s", s, msg)
		}
	}
	return p
}

// playTexts plays the move texts (any spelling Game.PlayText accepts) on g.
func playTexts(t testing.TB, g *Game, moves ...string) {
	t.Helper()
	for _, s := range moves {
		if _, err := g.PlayText(s); err != nil {
			t.Fatalf("%s: %s: %v", g.Position().FEN(), s, err)
		}
	}
}

// checkOutcome checks a game's or position's outcome; what names it in the message.
func checkOutcome(t testing.TB, what string, o Outcome, result Result, reason string) {
	t.Helper()
	if o.Result != result || o.Reason != reason {
		t.Errorf("%s: got %v %q, want %v %q", what, o.Result, o.Reason, result, reason)
	}
}

// checkThreefold plays moves on g, the game going on before each, and then wants the draw
// by threefold repetition.
func checkThreefold(t testing.TB, g *Game, moves string) {
	t.Helper()
	for i, mv := range strings.Fields(moves) {
		if o := g.Outcome(); o.Over() {
			t.Fatalf("game over after %d moves, before %s: %v", i, mv, o)
		}
		playTexts(t, g, mv)
	}
	checkOutcome(t, "after "+moves, g.Outcome(), Draw, "threefold repetition")
}

// checkFENRoundTrip checks that fen reads in v, writes back to itself and leaves a sound
// incremental state.
func checkFENRoundTrip(t testing.TB, v *Variant, fen string) {
	t.Helper()
	p, err := v.ParseFEN(fen)
	if err != nil {
		t.Errorf("%s: %v", fen, err)
		return
	}
	if got := p.FEN(); got != fen {
		t.Errorf("round trip: got %q, want %q", got, fen)
	}
	if msg := p.CheckIncrementals(); msg != "" {
		t.Errorf("%s: %s", fen, msg)
	}
}

// checkFENError checks that v refuses fen with an error that mentions want.
func checkFENError(t testing.TB, v *Variant, fen, want string) {
	t.Helper()
	_, err := v.ParseFEN(fen)
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("ParseFEN(%q) = %v, want an error about %q", fen, err, want)
	}
}

// checkMoveTextRoundTrip checks, for the move fuzzers, that a text p accepts prints back to
// a text naming the same move.
func checkMoveTextRoundTrip(t *testing.T, p *Position, s string) {
	t.Helper()
	m, err := p.ParseMove(s)
	if err != nil {
		return
	}
	if again, err := p.ParseMove(p.MoveText(m)); err != nil || again != m {
		t.Fatalf("%q parses to %s, which does not parse back", s, p.MoveText(m))
	}
}

// playRandom calls visit on p, then plays a random legal move and calls it again, for at
// most plies moves or until the side to move has none; p ends at the game's last position.
func playRandom(p *Position, rng *rand.Rand, plies int, visit func(*Position)) {
	var ml MoveList
	for ply := 0; ply < plies; ply++ {
		visit(p)
		ml.Reset()
		p.LegalMoves(&ml)
		if ml.Len() == 0 {
			return
		}
		p.Apply(ml.At(rng.IntN(ml.Len())))
	}
}

// randomWalk plays random legal moves from fen and checks, after every move, that the
// incremental state matches a recomputation and that the FEN reads back to the same
// position. Every variant's tests call it.
func randomWalk(t *testing.T, v *Variant, fen string, games, plies int, seed uint64) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	var ml MoveList
	for g := 0; g < games; g++ {
		p := v.MustParseFEN(fen)
		for ply := 0; ply < plies; ply++ {
			ml.Reset()
			p.LegalMoves(&ml)
			if ml.Len() == 0 {
				break
			}
			m := ml.At(rng.IntN(ml.Len()))
			before := p.FEN()
			text := p.MoveText(m)
			p.Apply(m)
			if msg := p.CheckIncrementals(); msg != "" {
				t.Fatalf("%s after %s: %s", before, text, msg)
			}
			back, err := v.ParseFEN(p.FEN())
			if err != nil {
				t.Fatalf("%s after %s gives FEN %q that does not read back: %v", before, text, p.FEN(), err)
			}
			if back.FEN() != p.FEN() || back.Hash() != p.Hash() {
				t.Fatalf("%s after %s: FEN round trip changes the position:\n%s\n%s", before, text, p.FEN(), back.FEN())
			}
		}
	}
}

// playAll is the hot path the allocation guards measure: generate p's moves into ml, play
// each on child and test check; each, if not nil, then looks at the child too.
func playAll(p *Position, ml *MoveList, child *Position, each func(*Position)) {
	ml.Reset()
	p.LegalMoves(ml)
	for _, m := range ml.Moves() {
		*child = *p
		child.Apply(m)
		_ = child.InCheck()
		if each != nil {
			each(child)
		}
	}
}

// checkNoAllocs fails unless f allocates nothing over runs runs; what names the work.
func checkNoAllocs(t testing.TB, what string, runs int, f func()) {
	t.Helper()
	if allocs := testing.AllocsPerRun(runs, f); allocs != 0 {
		t.Errorf("%s allocates %v times per run, want 0", what, allocs)
	}
}

// checkGenApplyNoAllocs guards the rule that generating and playing moves never touches
// the heap, in the position p (named what).
func checkGenApplyNoAllocs(t testing.TB, what string, p *Position, runs int) {
	t.Helper()
	var ml MoveList
	var child Position
	checkNoAllocs(t, what+": generate+apply", runs, func() { playAll(p, &ml, &child, nil) })
}

// checkSamePerft checks that p and its mirror q (written mirror) have the same perft at
// depths 1 to maxDepth, stopping after a depth whose count passes stopAbove.
func checkSamePerft(t testing.TB, p *Position, mirror string, q *Position, maxDepth int, stopAbove uint64) {
	t.Helper()
	for d := 1; d <= maxDepth; d++ {
		a, b := Perft(p, d), Perft(q, d)
		if a != b {
			t.Errorf("%s: perft(%d) = %d, its mirror %s has %d", p.FEN(), d, a, mirror, b)
		}
		if a > stopAbove {
			break
		}
	}
}

// swapColours swaps the case of every letter of s: White's pieces become Black's.
func swapColours(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
			b[i] = c ^ 0x20
		}
	}
	return string(b)
}

// whiteFirst swaps the colours of letters written White first (a hand, castling rights,
// a bunker field) and writes them White first again, each colour in its old order.
func whiteFirst(s string) string {
	var w, b strings.Builder
	for _, c := range []byte(swapColours(s)) {
		if c >= 'A' && c <= 'Z' {
			w.WriteByte(c)
		} else {
			b.WriteByte(c)
		}
	}
	return w.String() + b.String()
}

// splitSquares splits "b9b8" into b9 and b8.
func splitSquares(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		j := i + 1
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		out = append(out, s[i:j])
		i = j
	}
	return out
}

// colourMirrorFEN flips a FEN top to bottom and swaps the colours: ranks reversed, pieces,
// hand, side to move and castling rights swapped (White's letters first), and each en
// passant square on rank r moved to rankSum-r (the lowest plus the highest rank number).
// Fields after the en passant square stay as they are; a variant with its own fields maps
// them itself.
func colourMirrorFEN(fen string, rankSum int) string {
	f := strings.Fields(fen)
	board, hand, hasHand := strings.Cut(f[0], "[")
	ranks := strings.Split(board, "/")
	slices.Reverse(ranks)
	f[0] = swapColours(strings.Join(ranks, "/"))
	if hasHand {
		f[0] += "[" + whiteFirst(strings.TrimSuffix(hand, "]")) + "]"
	}
	f[1] = map[string]string{"w": "b", "b": "w"}[f[1]]
	if f[2] != "-" {
		f[2] = whiteFirst(f[2])
	}
	if f[3] != "-" {
		var out string
		for _, sq := range splitSquares(f[3]) {
			r, _ := strconv.Atoi(sq[1:])
			out += sq[:1] + strconv.Itoa(rankSum-r)
		}
		f[3] = out
	}
	return strings.Join(f, " ")
}

// flipFilesFEN mirrors a FEN left to right on a board of files files named from a: every
// rank's cells reversed, castling letters and the en passant file mirrored. The hand and
// the other fields stay.
func flipFilesFEN(fen string, files int) string {
	f := strings.Fields(fen)
	board, hand, hasHand := strings.Cut(f[0], "[")
	ranks := strings.Split(board, "/")
	for i, r := range ranks {
		var cells []byte
		for j := 0; j < len(r); j++ {
			if r[j] < '0' || r[j] > '9' {
				cells = append(cells, r[j])
				continue
			}
			n := 0
			for ; j < len(r) && r[j] >= '0' && r[j] <= '9'; j++ {
				n = 10*n + int(r[j]-'0')
			}
			j--
			for range n {
				cells = append(cells, 0)
			}
		}
		slices.Reverse(cells)
		var b strings.Builder
		run := 0
		for _, c := range cells {
			if c == 0 {
				run++
				continue
			}
			if run > 0 {
				b.WriteString(strconv.Itoa(run))
				run = 0
			}
			b.WriteByte(c)
		}
		if run > 0 {
			b.WriteString(strconv.Itoa(run))
		}
		ranks[i] = b.String()
	}
	f[0] = strings.Join(ranks, "/")
	if hasHand {
		f[0] += "[" + hand
	}
	last := byte(files - 1)
	flip := func(c byte) byte {
		switch {
		case c >= 'a' && c <= 'a'+last:
			return 'a' + last - (c - 'a')
		case c >= 'A' && c <= 'A'+last:
			return 'A' + last - (c - 'A')
		}
		return c
	}
	if f[2] != "-" {
		b := []byte(f[2])
		for i := range b {
			b[i] = flip(b[i])
		}
		f[2] = string(b)
	}
	if f[3] != "-" {
		var out string
		for _, sq := range splitSquares(f[3]) {
			out += string(flip(sq[0])) + sq[1:]
		}
		f[3] = out
	}
	return strings.Join(f, " ")
}

// benchPerft reports leaves per second of perft(depth) from p.
func benchPerft(b *testing.B, p *Position, depth int) {
	var leaves uint64
	for b.Loop() {
		leaves += Perft(p, depth)
	}
	b.ReportMetric(float64(leaves)/b.Elapsed().Seconds(), "leaves/s")
}

// checkFENFuzz is the body of the FEN fuzzers: whatever v accepts must write out to a FEN
// that reads back to the same position, and every legal move must keep the incremental
// state sound and give a FEN that reads.
func checkFENFuzz(t *testing.T, v *Variant, fen string) {
	p, err := v.ParseFEN(fen)
	if err != nil {
		return
	}
	out := p.FEN()
	q, err := v.ParseFEN(out)
	if err != nil {
		t.Fatalf("%q reads, but its output %q does not: %v", fen, out, err)
	}
	if q.FEN() != out || q.Hash() != p.Hash() {
		t.Fatalf("%q: round trip changes %q to %q", fen, out, q.FEN())
	}
	var ml MoveList
	p.LegalMoves(&ml)
	for _, m := range ml.Moves() {
		c := *p
		c.Apply(m)
		if msg := c.CheckIncrementals(); msg != "" {
			t.Fatalf("%s after %s: %s", out, p.MoveText(m), msg)
		}
		if _, err := v.ParseFEN(c.FEN()); err != nil {
			t.Fatalf("%s after %s gives %s, which does not read: %v", out, p.MoveText(m), c.FEN(), err)
		}
	}
}
