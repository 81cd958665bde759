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
	hashLo, hashHi := optionRange("Hash")
	threadsLo, threadsHi := optionRange("Threads")
	if fs.NArg() > 0 || *maxDepth < 0 || *maxDepth >= search.MaxPly || *hash < hashLo || *hash > hashHi ||
		*threads < threadsLo || *threads > threadsHi {
		fmt.Fprintf(errOut, "engine play: bad settings (maxdepth 0..%d, hash %d..%d, threads %d..%d)\n",
			search.MaxPly-1, hashLo, hashHi, threadsLo, threadsHi)
		return 2
	}
	eng := search.NewEngine()
	eng.SetMaxDepth(*maxDepth)
	eng.SetHashMB(*hash)
	eng.SetThreads(*threads)
	eng.SetStallLog(errOut)
	return protocol.Run(in, out, eng)
}

// optionRange is the range protocol declares for its spin option name (Hash, Threads), which
// the flags that set the same thing accept: a range is declared once, in protocol's options.
// A name protocol does not know is a bug of this command, which its tests catch.
func optionRange(name string) (lo, hi int) {
	lo, hi, ok := protocol.SpinRange(name)
	if !ok {
		panic("engine: protocol declares no spin option " + name)
	}
	return lo, hi
}
