package bench

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"strings"
	"time"

	"varchess/movegen"
	"varchess/search"
)

// SearchPosition is one position of the search bench, searched to Depth plies: FEN
// followed by Moves (coordinate moves separated by spaces, may be empty).
type SearchPosition struct {
	Variant string
	FEN     string
	Moves   string
	Depth   int
}

// fideDepth is the depth of the FIDE bench positions.
const fideDepth = 9

// fidePositions are fixed FIDE positions of every phase (from the perft and engine-testing
// classics: the start, Kiwipete, an open middlegame, a rook endgame, a pawn race).
var fidePositions = []string{
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8",
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
	"2r3k1/pp3ppp/4p3/3pP3/1P1P4/P4N2/5PPP/2R3K1 w - - 0 25",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"8/5pk1/6p1/8/3P4/8/5PPK/8 w - - 0 40",
	"r1b2rk1/2q1bppp/p2p1n2/np2p3/3PP3/5N1P/PPBN1PP1/R1BQR1K1 w - - 0 13",
}

// variantDepth is the depth of each other variant's start position, keyed by the variant
// itself (not its name, which a rename would silently drop to the default): lower where a
// node has many more moves (placing turns are a piece move times a placement square),
// higher where it has few. Variants not listed get defaultVariantDepth, so a new variant
// joins the bench at once.
var variantDepth = map[*movegen.Variant]int{
	movegen.WeakSquare: 9, // few moves per node in the jump phase
	movegen.Bunker:     9,
	movegen.Blackhole:  8,
	movegen.HopChess:   5,
}

const defaultVariantDepth = 7

// SearchPositions is the bench: the FIDE positions, then the start position of every
// other variant in movegen.All (its default start: deterministic for random-start games).
func SearchPositions() []SearchPosition {
	var out []SearchPosition
	for _, fen := range fidePositions {
		out = append(out, SearchPosition{Variant: movegen.FIDE.Name, FEN: fen, Depth: fideDepth})
	}
	for _, v := range movegen.All {
		if v == movegen.FIDE {
			continue
		}
		d, ok := variantDepth[v]
		if !ok {
			d = defaultVariantDepth
		}
		out = append(out, SearchPosition{Variant: v.Name, FEN: v.StartFEN, Depth: d})
	}
	return out
}

// SearchLine is the bench result of one variant.
type SearchLine struct {
	Variant   string
	Positions int
	Nodes     uint64
	Time      time.Duration // wall clock
	CPU       time.Duration // processor time of the whole process (all threads)
}

// RunSearch searches every position with a fresh engine state (tables cleared, one thread
// unless threads says more) to its depth plus depthDelta, and returns the per-variant
// totals in the order of positions. With one thread the node counts are deterministic.
func RunSearch(positions []SearchPosition, depthDelta, threads int) ([]SearchLine, error) {
	eng := search.NewEngine()
	eng.SetThreads(threads)
	var lines []SearchLine
	for _, sp := range positions {
		v := movegen.ByName(sp.Variant)
		if v == nil {
			return nil, fmt.Errorf("bench: unknown variant %q", sp.Variant)
		}
		p, err := v.ParseFEN(sp.FEN)
		if err != nil {
			return nil, fmt.Errorf("bench: %s: %v", sp.Variant, err)
		}
		for _, text := range strings.Fields(sp.Moves) {
			m, err := p.ParseMove(text)
			if err != nil {
				return nil, fmt.Errorf("bench: %s: %v", sp.Variant, err)
			}
			p.Apply(m)
		}
		eng.NewGame()
		start, cpu := time.Now(), cpuTime()
		res := eng.Search(context.Background(), p, nil, search.Limits{Depth: max(sp.Depth+depthDelta, 1)}, nil)
		elapsed, cpu := time.Since(start), cpuTime()-cpu
		if len(lines) == 0 || lines[len(lines)-1].Variant != sp.Variant {
			lines = append(lines, SearchLine{Variant: sp.Variant})
		}
		l := &lines[len(lines)-1]
		l.Positions++
		l.Nodes += res.Nodes
		l.Time += elapsed
		l.CPU += cpu
	}
	return lines, nil
}

// Main is `engine bench`: it prints each variant's nodes and speed, then the total node
// count, which is the engine's signature (any change to the search or the rules that
// changes it shows), and the overall nodes per second.
func Main(args []string, out, errw io.Writer) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(errw)
	delta := fs.Int("depth", 0, "add this many plies to every position's depth (negative: shallower)")
	threads := fs.Int("threads", 1, "search threads (more than one: node counts vary)")
	variant := fs.String("variant", "", "bench only this variant")
	fen := fs.String("fen", "", "search only this position (of -variant, default normal)")
	moves := fs.String("moves", "", "moves played from -fen (or the start) before the search")
	sd := fs.Int("sd", 0, "with -fen or -moves: the depth")
	cpuprofile := fs.String("cpuprofile", "", "write a processor profile of the searches to this file (go tool pprof)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *threads < 1 || *threads > search.MaxThreads {
		fmt.Fprintf(errw, "bench: -threads must be 1 to %d, not %d\n", search.MaxThreads, *threads)
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(errw, "bench: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			fmt.Fprintln(errw, "bench:", err)
			return 1
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(errw, "bench:", err)
			return 1
		}
		defer pprof.StopCPUProfile()
	}
	positions := SearchPositions()
	if *fen != "" || *moves != "" {
		name := *variant
		if name == "" {
			name = movegen.FIDE.Name
		}
		v := movegen.ByName(name)
		if v == nil {
			fmt.Fprintf(errw, "bench: unknown variant %q\n", name)
			return 2
		}
		if *fen == "" {
			*fen = v.StartFEN
		}
		positions = []SearchPosition{{Variant: name, FEN: *fen, Moves: *moves, Depth: max(*sd, 1)}}
	} else if *variant != "" {
		var keep []SearchPosition
		for _, sp := range positions {
			if sp.Variant == *variant {
				keep = append(keep, sp)
			}
		}
		if len(keep) == 0 {
			fmt.Fprintf(errw, "bench: no positions for variant %q\n", *variant)
			return 2
		}
		positions = keep
	}
	lines, err := RunSearch(positions, *delta, *threads)
	if err != nil {
		fmt.Fprintln(errw, err)
		return 1
	}
	var total uint64
	var elapsed, cpu time.Duration
	for _, l := range lines {
		fmt.Fprintf(out, "%-16s positions %2d  nodes %12d  time %8.3fs  nps %9.0f  cpu %8.3fs  cpu-nps %9.0f\n",
			l.Variant, l.Positions, l.Nodes, l.Time.Seconds(), nps(l.Nodes, l.Time), l.CPU.Seconds(), nps(l.Nodes, l.CPU))
		total += l.Nodes
		elapsed += l.Time
		cpu += l.CPU
	}
	fmt.Fprintf(out, "total nodes %d  time %.3fs  nps %.0f  cpu %.3fs  cpu-nps %.0f\n",
		total, elapsed.Seconds(), nps(total, elapsed), cpu.Seconds(), nps(total, cpu))
	return 0
}

func nps(nodes uint64, d time.Duration) float64 {
	if d <= 0 {
		return 0
	}
	return float64(nodes) / d.Seconds()
}
