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
package main

import (
	"flag"
	"fmt"
	"os"
	"time"

	"varchess/movegen"
)

// plainBoards are the games whose K+B+N v K is the FIDE ending on their board.
var plainBoards = []string{"normal", "blackhole"}

func main() {
	variant := flag.String("variant", "normal", "the game whose board to solve: normal or blackhole")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: kbnk [-variant normal|blackhole] [FEN...]\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if err := run(*variant, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "kbnk:", err)
		os.Exit(2)
	}
}

func run(name string, fens []string) error {
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
	}
	return nil
}
