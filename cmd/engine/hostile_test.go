package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// engineEnv makes the test binary run as the engine (main's run with its arguments), so
// that the hostile battery talks to a real engine process without a separate build.
const engineEnv = "VARCHESS_TEST_AS_ENGINE"

func TestMain(m *testing.M) {
	if os.Getenv(engineEnv) != "" {
		os.Exit(run(nil))
	}
	os.Exit(m.Run())
}

// hostileLines are malformed and hostile lines for every protocol: junk, binary bytes,
// control and format characters, huge and negative numbers, broken FENs and moves, every
// command with missing or absurd arguments, over-long lines.
func hostileLines() []string {
	junk := []string{
		"", " ", "\t", "\r", "   \t  ", "\x00", "\x00\x00\x00quit", "\xff\xfe\xfd", "\x1b[2J\x1b[H", "%s%s%s%n%d",
		"ünïcödé ♔♕♖", "𝕮𝖍𝖊𝖘𝖘", "\u202eevom", strings.Repeat("a", 5000), strings.Repeat(" ", 70000),
		strings.Repeat("x", 1<<20+10), "position startpos moves" + strings.Repeat(" e2e4", 220000),
		"-1", "0", "99999999999999999999999999", "NaN", "+Inf", "1e400", "0x10", "' OR 1=1 --", "$(reboot)", "`id`",
		"../../../../etc/passwd", "\\", "\"", "{}", "[]", "null", "#", ";", "|", "&&",
	}
	var out []string
	out = append(out, junk...)
	cmds := []string{"go", "position", "setoption", "isready", "ucinewgame", "stop", "ponderhit", "debug", "register",
		"new", "variant", "force", "playother", "usermove", "setboard", "level", "st", "sd", "time", "otim", "?", "ping",
		"draw", "result", "undo", "remove", "hard", "easy", "post", "nopost", "analyze", "exit", ".", "memory", "cores",
		"option", "lift", "put", "hover", "protover", "accepted", "rejected", "name", "rating", "ics", "hint", "bk",
		"help", "fen", "show", "moves", "limit", "perft", "pgn", "d", "board"}
	args := []string{"", "x", "-1", "0", "99999999999999999999", "1e400", "NaN", "zz", "e99", "\x00", strings.Repeat("9", 400)}
	for _, c := range cmds {
		for _, a := range args {
			out = append(out, strings.TrimSpace(c+" "+a))
		}
	}
	out = append(out,
		"go wtime -5 btime -5 winc -1 binc -1", "go wtime 9223372036854775807 btime 9223372036854775807", "go depth 99999 movetime 1",
		"go nodes 18446744073709551616", "go movestogo 0 wtime 1 btime 1", "go mate -3", "go searchmoves", "go searchmoves zz e2e4 depth 1",
		"go infinite", "go ponder", "go ponder infinite", "position fen", "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
		"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e4 e2e4",
		"position fen rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "position fen 4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
		"position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 0", "position fen 4k3/8/8/8/8/8/8/4K3 x - - 0 1", "position fen 4k3/8/8/8/8/8/8/4K3 w KQkq e3 -1 1",
		"position startpos moves", "position startpos moves 0000", "position startpos moves e2e4 e7e5 e1e2 e8e7 e2e1 e7e8 e1e2 e8e7 e2e1 e7e8 e1e2 e8e7",
		"setoption name", "setoption name Hash value 99999999999", "setoption name Threads value -4", "setoption name Move Overhead value 1e9",
		"setoption name UCI_Variant value ../../x", "setoption name UCI_Variant value hopchess", "setoption name UCI_Variant value normal",
		"setoption name MultiPV value 0", "setoption value 3 name Hash", "setoption name Ponder value maybe",
		"level 0 0:99 0", "level -1 5 0", "level 40 99999999 99999999", "level 0 0:20", "time -999999999999", "otim 1e9", "st 1e400",
		"sd -1", "memory 999999999", "cores 999", "option XBoard rankOffset=banana", "option Move Overhead=-1", "option =", "option",
		"setboard ********/8/8/8/8/8/8/8 w - - 0 1", "setboard 4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "setboard 10/10 w", "setboard [[[[[",
		"usermove e7e8q", "usermove a1a1", "usermove @@@@", "usermove N@z9", "usermove e2e4,e4e5,e5e6", "usermove 0000",
		"variant weaksquare", "variant hopchess", "variant jumpingknights", "variant blackhole", "variant bunker", "variant prechess",
		"variant normal", "variant ../../etc", "fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1", "fen *****k/6/6/6/6/6/6/K*****[] w - - 0 1 ZZ",
		"perft 9", "perft -1", "perft 99999999999", "perft 4", "limit depth 0", "limit movetime 99999999999999", "limit nodes -1",
		"lift a1", "put h8", "hover e4", "lift j2", "lift _7", "e2e4", "Nf3", "O-O", "e1g1", "a1e8,a3", "e2e5", "e7e5",
	)
	return out
}

// TestHostileBattery feeds the hostile lines to a real engine process in each of its
// protocols, each line followed by a probe whose answer is unique to it (a ping in
// XBoard, an unknown command quoted back in UCI, an unknown variant in the console): every
// probe must be answered in time, the process must not exit before quit nor print a
// panic, and it must exit with status 0 at quit.
func TestHostileBattery(t *testing.T) {
	if testing.Short() {
		t.Skip("starts three engine processes (a few seconds)")
	}
	lines := hostileLines()
	for _, proto := range []struct {
		name, start string
		probe       func(i int) (send, want string)
	}{
		{"uci", "uci", func(i int) (string, string) {
			return fmt.Sprintf("probe%d", i), fmt.Sprintf(`info string error: unknown command "probe%d"`, i)
		}},
		{"xboard", "xboard\nprotover 2\nst 0.05", func(i int) (string, string) {
			return fmt.Sprintf("ping %d", i), fmt.Sprintf("pong %d", i)
		}},
		{"console", "limit movetime 50", func(i int) (string, string) {
			return fmt.Sprintf("variant probe%d", i), fmt.Sprintf(`error: unknown variant "probe%d"`, i)
		}},
	} {
		t.Run(proto.name, func(t *testing.T) {
			answered := runBattery(t, proto.start, lines, proto.probe, proto.name == "console")
			t.Logf("%s: %d hostile lines sent, each answered to its probe; no panic, hang or early exit", proto.name, answered)
		})
	}
}

// runBattery runs one engine process through the lines and returns the probes answered.
// A line that quits, or that switches the console to a GUI protocol, is left out: it is
// no hostile input (console says exit quits too).
func runBattery(t *testing.T, start string, lines []string, probe func(int) (string, string), console bool) int {
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), engineEnv+"=1")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	out := make(chan string, 1000)
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 1<<16), 1<<24)
		for sc.Scan() {
			out <- sc.Text()
		}
		close(out)
	}()
	io.WriteString(stdin, start+"\n")
	answered := 0
	for i, l := range lines {
		if f := strings.Fields(l); len(f) > 0 && (f[0] == "quit" || console && (f[0] == "exit" || f[0] == "uci" || f[0] == "xboard")) {
			continue
		}
		send, want := probe(i)
		if _, err := io.WriteString(stdin, l+"\n"+send+"\n"); err != nil {
			t.Fatalf("line %d %.60q: the engine stopped reading: %v\n%s", i, l, err, stderr.String())
		}
		deadline := time.After(60 * time.Second)
	wait:
		for {
			select {
			case got, ok := <-out:
				if !ok {
					t.Fatalf("line %d %.60q: the engine exited\n%s", i, l, stderr.String())
				}
				if strings.HasPrefix(got, want) {
					break wait
				}
			case <-deadline:
				t.Fatalf("line %d %.60q: no answer to %q in time (hang)", i, l, send)
			}
		}
		answered++
	}
	io.WriteString(stdin, "quit\n")
	stdin.Close()
	done := make(chan error, 1)
	go func() {
		for range out {
		}
		done <- cmd.Wait()
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("exit: %v\n%s", err, stderr.String())
		}
	case <-time.After(60 * time.Second):
		t.Errorf("the engine did not exit at quit")
	}
	if strings.Contains(stderr.String(), "panic") {
		t.Errorf("stderr: %s", stderr.String())
	}
	return answered
}
