package protocol

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"varchess/movegen"
)

// TestXBoardMatch plays one engine-versus-engine game per variant XBoard can show, in a
// real XBoard 4.9.1 under Xvfb (the repository's tools/xboard-match), our engine against
// itself at 5 s + 0.1 s, and checks that every game ends with a result claimed by rule (or
// XBoard's draw adjudication) and that the protocol log has no illegal move, forfeit, error
// or stall. It skips with -short, and when a program it needs is not installed (the skip
// names it and its Debian package).
func TestXBoardMatch(t *testing.T) {
	script, dir, engine := xboardSetup(t)
	for _, v := range movegen.All {
		if !xbSupported(v) {
			continue // Hop Chess: not offered to XBoard
		}
		t.Run(v.Name, func(t *testing.T) {
			out := filepath.Join(dir, v.Name)
			res := runXBoardMatch(t, script, out, v.Name, 1, nil, engine, engine)
			checkXBoardGame(t, v, out, res)
		})
	}
}

// xboardHarness is the match script, from this package's folder: part of the repository,
// so a fresh clone has it.
const xboardHarness = "../tools/xboard-match"

// xboardPrograms are the programs the harness runs, each with the Debian package that
// installs it.
var xboardPrograms = []struct{ program, pkg string }{
	{"xboard", "xboard"}, {"xvfb-run", "xvfb"}, {"xauth", "xauth"}, {"sh", "dash"},
}

// missingXBoardPrograms lists the programs of xboardPrograms that are neither on PATH nor
// in /usr/games (where Debian puts XBoard), as "xboard (Debian package xboard)", and the
// packages that install them.
func missingXBoardPrograms() (missing, packages []string) {
	for _, p := range xboardPrograms {
		if _, err := exec.LookPath(p.program); err == nil {
			continue
		}
		if _, err := os.Stat("/usr/games/" + p.program); err == nil {
			continue
		}
		missing = append(missing, fmt.Sprintf("%s (Debian package %s)", p.program, p.pkg))
		packages = append(packages, p.pkg)
	}
	return missing, packages
}

// xboardSetup skips with -short, and when a program the harness needs is missing; else it
// builds the engine and returns the harness, a folder for the games and the engine. The
// harness itself is in the repository: without it the test fails, it does not skip.
func xboardSetup(t *testing.T) (script, dir, engine string) {
	if testing.Short() {
		t.Skip("plays real XBoard games (about 15 s each); run without -short")
	}
	if missing, packages := missingXBoardPrograms(); len(missing) > 0 {
		t.Skipf("real XBoard games need %s: run make deps-debian, or apt-get install %s",
			strings.Join(missing, ", "), strings.Join(packages, " "))
	}
	script, err := filepath.Abs(xboardHarness)
	if err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(script); err != nil || fi.Mode()&0o111 == 0 {
		t.Fatalf("the match harness %s is missing or not executable (it is part of the repository): %v", xboardHarness, err)
	}
	dir = t.TempDir()
	if d := os.Getenv("XBOARD_TEST_DIR"); d != "" {
		dir = d // keep the games and logs for a look
	}
	engine = filepath.Join(dir, "engine")
	build := exec.Command("go", "build", "-o", engine, "varchess/cmd/engine")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the engine: %v\n%s", err, out)
	}
	return script, dir, engine
}

// runXBoardMatch plays games of variant between two engines in XBoard at 5 s + 0.1 s,
// saving the games and the protocol log in out, and returns the script's output.
func runXBoardMatch(t *testing.T, script, out, variant string, games int, env []string, first, second string) string {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, script, "-v", variant, "-g", strconv.Itoa(games), "-t", "5", "-i", "0.1", "-o", out, "--", first, second)
	cmd.Env = append(append(os.Environ(), "PATH="+os.Getenv("PATH")+":/usr/games"), env...)
	res, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		t.Fatalf("the match stalled (no end within 3 minutes)\n%s", res)
	}
	if err != nil {
		t.Fatalf("%s: %v\n%s", xboardHarness, err, res)
	}
	return string(res)
}

// runXBoard plays like runXBoardMatch and returns the protocol log and the games.
func runXBoard(t *testing.T, script, out, variant string, games int, env []string, first, second string) (log, pgn string) {
	res := runXBoardMatch(t, script, out, variant, games, env, first, second)
	l, err := os.ReadFile(filepath.Join(out, "debug.txt"))
	if err != nil {
		t.Fatalf("no protocol log: %v\n%s", err, res)
	}
	g, err := os.ReadFile(filepath.Join(out, "games.pgn"))
	if err != nil {
		t.Fatalf("no games: %v\n%s", err, res)
	}
	return string(l), string(g)
}

// checkXBoardGame reads the game and the protocol log of one match.
func checkXBoardGame(t *testing.T, v *movegen.Variant, dir, summary string) {
	pgn, err := os.ReadFile(filepath.Join(dir, "games.pgn"))
	if err != nil {
		t.Fatalf("no game saved: %v\n%s", err, summary)
	}
	logData, err := os.ReadFile(filepath.Join(dir, "debug.txt"))
	if err != nil {
		t.Fatalf("no protocol log: %v", err)
	}
	log := string(logData)
	for _, bad := range []string{"Illegal move", "Forfeit", "forfeit", "Error (", "tellusererror", "did not send setup", "False illegal-move claim"} {
		if i := strings.Index(log, bad); i >= 0 {
			t.Errorf("%s: protocol log has %q: %s", v.Name, bad, excerpt(log, i))
		}
	}
	if v.Name != "normal" && !strings.Contains(log, "<first : setup (") {
		t.Errorf("%s: the first engine sent no setup", v.Name)
	}
	m := regexp.MustCompile(`\{([^}]*)\} (1-0|0-1|1/2-1/2)\s*$`).FindStringSubmatch(strings.TrimSpace(string(pgn)))
	if m == nil {
		t.Fatalf("%s: the game has no result\n%s", v.Name, tail(string(pgn), 600))
	}
	reason := m[1]
	if gap := longestSilence(log); gap > maxSilence {
		t.Errorf("%s: %v between two moves: a stall", v.Name, gap)
	}
	onTime := strings.Contains(reason, "on time")
	if onTime {
		// The engines kept moving (no long silence), so a flag fall is the machine's load at
		// this fast control, which XBoard adjudicates; it is not a protocol fault.
		t.Logf("%s: lost on time under load (longest silence %v)", v.Name, longestSilence(log))
	}
	claimed := strings.Contains(log, "<first : "+m[2]+" {") || strings.Contains(log, "<second: "+m[2]+" {")
	if !claimed && !onTime && !strings.Contains(reason, "adjudicat") && !strings.Contains(reason, "moves") {
		t.Errorf("%s: result %s {%s} neither claimed by an engine nor adjudicated", v.Name, m[2], reason)
	}
	t.Logf("%s: %s {%s}", v.Name, m[2], reason)
	if t.Failed() {
		// The moves, so that a failure seen once (a CI flake) can be replayed.
		t.Logf("%s: the game as XBoard saved it:\n%s", v.Name, tail(string(pgn), 4000))
	}
}

// maxSilence is the longest time between two moves that is not a stall: far above a move
// at 5 s + 0.1 s, even on a loaded machine.
const maxSilence = 10 * time.Second

// longestSilence is the longest time between the start of play or a move and the next move
// in an XBoard debug log ("<ms> <first : move e2e4").
func longestSilence(log string) time.Duration {
	var longest time.Duration
	last := -1
	for _, m := range regexp.MustCompile(`(?m)^(\d+) <(?:first |second): move `).FindAllStringSubmatch(log, -1) {
		ms, _ := strconv.Atoi(m[1])
		if last >= 0 {
			longest = max(longest, time.Duration(ms-last)*time.Millisecond)
		}
		last = ms
	}
	return longest
}

func excerpt(s string, i int) string {
	return s[max(0, i-300):min(len(s), i+200)]
}

func tail(s string, n int) string {
	return s[max(0, len(s)-n):]
}
