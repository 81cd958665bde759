package main

import (
	"flag"
	"fmt"
	"io"

	"varchess/protocol"
	"varchess/search"
)

// runPlay is the protocol loop with settings from the command line, for matches that need
// an engine the GUI cannot configure: `engine play -maxdepth 2` never searches deeper than
// two plies, whatever its clock allows.
func runPlay(args []string, in io.Reader, out, errOut io.Writer) int {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(errOut)
	maxDepth := fs.Int("maxdepth", 0, "cap every search at this many plies (0: no cap)")
	hash := fs.Int("hash", 16, "transposition table size in MB")
	threads := fs.Int("threads", 1, "search threads")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 || *maxDepth < 0 || *maxDepth >= search.MaxPly || *hash < search.MinHashMB ||
		*hash > search.MaxHashMB || *threads < 1 || *threads > search.MaxThreads {
		fmt.Fprintf(errOut, "engine play: bad settings (maxdepth 0..%d, hash %d..%d, threads 1..%d)\n",
			search.MaxPly-1, search.MinHashMB, search.MaxHashMB, search.MaxThreads)
		return 2
	}
	eng := search.NewEngine()
	eng.SetMaxDepth(*maxDepth)
	eng.SetHashMB(*hash)
	eng.SetThreads(*threads)
	return protocol.Run(in, out, eng)
}
