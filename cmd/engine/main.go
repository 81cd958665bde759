// Command engine is a chess-variant engine: run without arguments it speaks XBoard/CECP,
// UCI or a console for people on standard input and output; its subcommands count perft,
// run the bench, referee matches and serve the browser board.
package main

import (
	"fmt"
	"os"

	"varchess/bench"
	"varchess/protocol"
	"varchess/search"
)

const usage = `usage:
  engine                       play: XBoard, UCI or the console on stdin/stdout
  engine perft [-variant NAME] [-fen FEN] [-moves "m1 m2 ..."] [-divide] DEPTH
                               count the leaves of the legal-move tree
  ` + bench.MatchUsage + `
                               referee engine-versus-engine games (engine match -h)
  engine play [-maxdepth N] [-hash MB] [-threads N]
                               the protocol loop with these settings (a depth-capped
                               sparring partner: engine play -maxdepth 2)
  engine bench [-depth DELTA] [-threads N] [-variant NAME]
                               search fixed positions of every variant to fixed depths;
                               the total node count is the engine's signature
  engine serve [-addr 127.0.0.1:8080] [-threads N] [-hash MB] [-searches K]
                               the browser board: play and analyse every variant at the
                               printed URL (at most K searches at once)
`

func main() {
	os.Exit(run(os.Args[1:]))
}

// run executes one command line and returns the exit status: 0 success, 2 bad usage or
// input, 1 a failure while running.
func run(args []string) int {
	if len(args) == 0 {
		eng := search.NewEngine()
		eng.SetStallLog(os.Stderr) // GUIs and the referee keep an engine's standard error
		if fi, err := os.Stdin.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			// a person at a terminal: say what to type (GUIs never see the greeting)
			return protocol.RunInteractive(os.Stdin, os.Stdout, eng)
		}
		return protocol.Run(os.Stdin, os.Stdout, eng)
	}
	switch args[0] {
	case "perft":
		return runPerft(args[1:], os.Stdout, os.Stderr)
	case "play":
		return runPlay(args[1:], os.Stdin, os.Stdout, os.Stderr)
	case "match":
		return bench.RunCommand(args[1:], os.Stdout, os.Stderr)
	case "bench":
		return bench.Main(args[1:], os.Stdout, os.Stderr)
	case "serve":
		return runServe(args[1:], os.Stdout, os.Stderr)
	case "help", "-h", "-help", "--help":
		fmt.Print(usage)
		return 0
	}
	fmt.Fprintf(os.Stderr, "engine: unknown command %q\n%s", args[0], usage)
	return 2
}
