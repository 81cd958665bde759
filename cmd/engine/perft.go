package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"varchess/movegen"
)

// perftArgs are the options of engine perft.
type perftArgs struct {
	variant *movegen.Variant
	start   *movegen.Position
	depth   int
	divide  bool
}

// parsePerftArgs reads the perft command line; every error is one line for stderr.
func parsePerftArgs(args []string) (perftArgs, error) {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	name := fs.String("variant", "normal", "variant name")
	fen := fs.String("fen", "", "start position (default: the variant's)")
	moves := fs.String("moves", "", "moves played from the start position, space separated")
	divide := fs.Bool("divide", false, "print the leaves below each root move")
	if err := fs.Parse(args); err != nil {
		return perftArgs{}, err
	}
	var a perftArgs
	a.divide = *divide
	if fs.NArg() != 1 {
		return a, errors.New("want exactly one DEPTH after the options")
	}
	d, err := strconv.Atoi(fs.Arg(0))
	if err != nil || d < 0 || d > 20 {
		return a, fmt.Errorf("depth %q is not a number from 0 to 20", fs.Arg(0))
	}
	a.depth = d
	a.variant = movegen.ByName(*name)
	if a.variant == nil {
		return a, fmt.Errorf("unknown variant %q (known: %s)", *name, strings.Join(movegen.Names(), ", "))
	}
	if *fen == "" {
		a.start = a.variant.Start(nil)
	} else if a.start, err = a.variant.ParseFEN(*fen); err != nil {
		return a, err
	}
	for _, mt := range strings.Fields(*moves) {
		m, err := a.start.ParseMove(mt)
		if err != nil {
			return a, err
		}
		a.start.Apply(m)
	}
	return a, nil
}

// runPerft is engine perft: the leaf count, with -divide one line per root move first.
func runPerft(args []string, out, errOut io.Writer) int {
	a, err := parsePerftArgs(args)
	if err != nil {
		fmt.Fprintf(errOut, "engine perft: %v\n", err)
		return 2
	}
	begin := time.Now()
	var nodes uint64
	if a.divide {
		for _, e := range movegen.Divide(a.start, a.depth) {
			fmt.Fprintf(out, "%s %d\n", e.Move, e.Nodes)
			nodes += e.Nodes
		}
		if a.depth == 0 {
			nodes = 1
		}
	} else {
		nodes = movegen.Perft(a.start, a.depth)
	}
	elapsed := time.Since(begin)
	nps := float64(nodes) / max(elapsed.Seconds(), 1e-9)
	fmt.Fprintf(out, "nodes %d time %d ms nps %.0f\n", nodes, elapsed.Milliseconds(), nps)
	return 0
}
