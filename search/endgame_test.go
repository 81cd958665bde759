package search

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"varchess/movegen"
)

// endgameNodes is the node budget of each move in the endgame test set: about what a
// sudden-death GUI game leaves per move in a long ending, and deterministic.
const endgameNodes = 5000

// endgameCase is one line of testdata/endgames.txt.
type endgameCase struct {
	variant, fen, want, what string
}

// readEndgames reads the endgame test set.
func readEndgames(t testing.TB) []endgameCase {
	t.Helper()
	f, err := os.Open("testdata/endgames.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []endgameCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Split(line, "|")
		if len(fields) != 4 {
			t.Fatalf("endgames.txt: %q has %d fields, want 4", line, len(fields))
		}
		for i := range fields {
			fields[i] = strings.TrimSpace(fields[i])
		}
		out = append(out, endgameCase{fields[0], fields[1], fields[2], fields[3]})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// result is the outcome the case expects.
func (c endgameCase) result() movegen.Result {
	return map[string]movegen.Result{"1-0": movegen.WinFor(movegen.White), "0-1": movegen.WinFor(movegen.Black), "1/2": movegen.Draw}[c.want]
}

// endgameEngine is a fresh engine for one endgame game: one thread, a 4 MB table.
func endgameEngine() *Engine {
	e := NewEngine()
	e.SetHashMB(4)
	return e
}

// playEndgame plays p to its end with e on both sides at nodes per move, and returns the
// outcome, the plies played and the first search's score (side to move's view).
func playEndgame(e *Engine, p *movegen.Position, nodes uint64, maxPlies int) (movegen.Outcome, int, int) {
	g := movegen.NewGame(p)
	first := 0
	for ply := 0; ply < maxPlies; ply++ {
		if o := g.Outcome(); o.Over() {
			return o, ply, first
		}
		res := e.Search(context.Background(), g.Position(), g.History(), Limits{Nodes: nodes}, nil)
		if ply == 0 {
			first = res.Score
		}
		g.Play(res.Best)
	}
	return g.Outcome(), maxPlies, first
}

// TestEndgames: every basic win of the test set is won within the fifty-move rule by the
// engine playing both sides at endgameNodes a move, and every known draw is drawn and
// scored as one.
func TestEndgames(t *testing.T) {
	if testing.Short() {
		t.Skip("plays every endgame of the set (seconds)")
	}
	for _, c := range readEndgames(t) {
		t.Run(c.variant+"/"+c.what, func(t *testing.T) {
			v := movegen.ByName(c.variant)
			if v == nil {
				t.Fatalf("variant %s is not registered", c.variant)
			}
			p := mustFEN(t, v, c.fen)
			o, plies, first := playEndgame(endgameEngine(), p, endgameNodes, 400)
			t.Logf("%s after %d plies (%s), first score %d", o.Result, plies, o.Reason, first)
			want := c.result()
			if o.Result != want {
				t.Fatalf("%s: got %s (%s) after %d plies, want %s", c.fen, o.Result, o.Reason, plies, c.want)
			}
			if want == movegen.Draw && abs(first) >= 100 {
				t.Fatalf("%s: drawn, but scored %d at the start", c.fen, first)
			}
		})
	}
}

// robustBudgets are the node budgets of TestEndgamesAcrossBudgets, around endgameNodes.
var robustBudgets = []uint64{3000, 4000, 4500, 5000, 5500, 6000, 7000, 8000}

// TestEndgamesAcrossBudgets: the wins of the set with a queen, a rook, a Marshall or two
// bishops (and the Weak Square's entries) are won at every budget of robustBudgets, not
// only at endgameNodes: a search this small is chaotic, and a mate that one budget finds
// by luck is lost by the next change of the search. K+B+N v K is left to TestEndgames:
// the best play needs 67 to 79 of the fifty-move rule's 100 plies on Black Hole's board,
// and there the engine mates at some budgets only (logged here, the figures of the note).
func TestEndgamesAcrossBudgets(t *testing.T) {
	if testing.Short() {
		t.Skip("plays every win of the set at eight budgets (a minute)")
	}
	for _, c := range readEndgames(t) {
		if c.want == "1/2" {
			continue
		}
		t.Run(c.variant+"/"+c.what, func(t *testing.T) {
			t.Parallel()
			start := mustFEN(t, movegen.ByName(c.variant), c.fen) // NewGame copies it
			lucky := bishopAndKnight(start)
			won, plies := 0, ""
			for _, n := range robustBudgets {
				o, played, _ := playEndgame(endgameEngine(), start, n, 400)
				if o.Result != c.result() {
					plies += " -"
					if !lucky {
						t.Errorf("%s: %s (%s) after %d plies at %d nodes a move, want %s", c.fen, o.Result, o.Reason, played, n, c.want)
					}
					continue
				}
				won++
				plies += fmt.Sprintf(" %d", played)
			}
			t.Logf("won at %d of %d budgets, plies:%s", won, len(robustBudgets), plies)
		})
	}
}

// bishopAndKnight reports whether p is K+B+N v K: one side has a bare king, the other a
// bishop and a knight besides its king.
func bishopAndKnight(p *movegen.Position) bool {
	for _, c := range []movegen.Color{movegen.White, movegen.Black} {
		if len(p.Pieces(c.Other())) == 1 && len(p.Pieces(c)) == 3 &&
			p.Count(c, movegen.Bishop) == 1 && p.Count(c, movegen.Knight) == 1 {
			return true
		}
	}
	return false
}
