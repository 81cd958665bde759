// Command kbnk solves king, bishop and knight against a bare king on a game's board by
// retrograde analysis, and prints how many of the positions are won, the longest win, and
// the distance to mate of the positions given:
//
//	go run ./tune/kbnk -variant blackhole '****1****/9/9/9/9/9/4*4/4k4/9/9/9/1N2KB3/****1**** w - - 0 1'
//
// It is the source of the figures in search/testdata/endgames.txt (on Black Hole's board
// the light bishop's mate from the set's position needs 79 plies of the fifty-move rule's
// 100). The games it knows are those where the ending is plain chess on the game's board:
// FIDE chess's board (Bunker and Pre-chess play the same ending once their leaps are
// spent) and Black Hole's, where the hole stops the bishop and the shelters are squares.
// Black Hole's solve takes about two minutes and 300 MB; FIDE's, ten seconds.
//
// With -play, the engine then plays each position on both sides at each node budget given
// (go nodes N a move, as search/endgame_test.go does), and the line printed is the distance
// to mate before each of the strong side's moves: a perfect strong side takes two plies
// off it each move, so where it stalls or climbs is where the engine's technique fails.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"varchess/movegen"
	"varchess/search"
)

// plainBoards are the games whose K+B+N v K is the FIDE ending on their board.
var plainBoards = []string{"normal", "blackhole"}

func main() {
	variant := flag.String("variant", "normal", "the game whose board to solve: normal or blackhole")
	play := flag.String("play", "", "node `BUDGETS` (comma-separated): play each FEN with the engine on both sides at each")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: kbnk [-variant normal|blackhole] [-play N,N...] [FEN...]\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	var budgets []uint64
	for _, f := range strings.Split(*play, ",") {
		if f == "" {
			continue
		}
		n, err := strconv.ParseUint(f, 10, 64)
		if err != nil || n == 0 {
			fmt.Fprintf(os.Stderr, "kbnk: -play %q: want node budgets, such as 3000,5000\n", *play)
			os.Exit(2)
		}
		budgets = append(budgets, n)
	}
	if err := run(*variant, flag.Args(), budgets); err != nil {
		fmt.Fprintln(os.Stderr, "kbnk:", err)
		os.Exit(2)
	}
}

func run(name string, fens []string, budgets []uint64) error {
	known := false
	for _, b := range plainBoards {
		known = known || b == name
	}
	v := movegen.ByName(name)
	if !known || v == nil {
		return fmt.Errorf("variant %q: want one of %v", name, plainBoards)
	}
	var positions []*movegen.Position
	for _, fen := range fens {
		p, err := v.ParseFEN(fen)
		if err != nil {
			return fmt.Errorf("%s: %v", fen, err)
		}
		positions = append(positions, p)
	}
	start := time.Now()
	s := newSolver(v)
	s.solve()
	fmt.Printf("%s: K+B+N v K solved in %.0f s\n", name, time.Since(start).Seconds())
	for _, light := range []bool{false, true} {
		st := s.stats(light)
		colour := map[bool]string{false: "dark", true: "light"}[light]
		fmt.Printf("%s bishop, White to move: %d legal positions, %d won (%.1f%%), the longest win %d plies\n",
			colour, st.legal, st.won, 100*float64(st.won)/float64(st.legal), st.longest)
	}
	for i, p := range positions {
		plies, won, err := s.plies(p)
		switch {
		case err != nil:
			fmt.Printf("%s: %v\n", fens[i], err)
		case won && plies == 1:
			fmt.Printf("%s: mate in 1 ply\n", fens[i])
		case won:
			fmt.Printf("%s: mate in %d plies\n", fens[i], plies)
		default:
			fmt.Printf("%s: not won\n", fens[i])
		}
		for _, nodes := range budgets {
			if err != nil {
				break
			}
			fmt.Printf("  %d nodes a move:%s\n", nodes, s.playLine(p, nodes))
		}
	}
	return nil
}

// playLine plays p with the engine on both sides at nodes a move until the game ends (a
// mate, or a draw: the fifty-move rule, a repetition, a piece lost), and returns the distance to mate before each of the strong
// side's moves, then how it ended.
func (s *solver) playLine(p *movegen.Position, nodes uint64) string {
	g := movegen.NewGame(p)
	e := search.NewEngine()
	e.SetHashMB(4)
	strong := strongSide(p)
	var b strings.Builder
	for {
		if o := g.Outcome(); o.Over() {
			fmt.Fprintf(&b, " (%s, %s)", o.Result, o.Reason)
			return b.String()
		}
		d, won, err := s.plies(g.Position())
		if err != nil || !won {
			b.WriteString(" (not won)")
			return b.String()
		}
		if g.Position().SideToMove() == strong {
			fmt.Fprintf(&b, " %d", d)
		}
		res := e.Search(context.Background(), g.Position(), g.History(), search.Limits{Nodes: nodes}, nil)
		g.Play(res.Best)
	}
}
