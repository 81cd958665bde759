package bench

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunCommandErrors: bad flags are exit status 2 with a one-line reason and the usage.
func TestRunCommandErrors(t *testing.T) {
	fake := strings.Join(fakeCmd("uci"), " ")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-engine2", fake}, "-engine1 is required"},
		{[]string{"-engine1", fake}, "-engine2 is required"},
		{[]string{"-engine1", fake, "-engine2", fake, "-variant", "nosuch"}, `unknown variant "nosuch"`},
		{[]string{"-engine1", fake, "-engine2", fake, "-proto1", "cecp"}, `-proto1 "cecp"`},
		{[]string{"-engine1", fake, "-engine2", fake, "-games", "0"}, "-games 0"},
		{[]string{"-engine1", fake, "-engine2", fake, "-tc", "0+1"}, "time control"},
		{[]string{"-engine1", fake, "-engine2", fake, "-concurrency", "0"}, "-concurrency 0"},
		{[]string{"-engine1", fake, "-engine2", fake, "-openings", "random:x"}, "random:PLIES"},
		{[]string{"-engine1", fake, "-engine2", fake, "-openings", "/nonexistent/file"}, "no such file"},
		{[]string{"-engine1", fake, "-engine2", fake, "-sprt", "1,2"}, "elo0,elo1,alpha,beta"},
		{[]string{"-engine1", fake, "-engine2", fake, "extra"}, `unexpected argument "extra"`},
		{[]string{"-nosuchflag"}, "not defined"},
	} {
		var out, errb bytes.Buffer
		if code := RunCommand(c.args, &out, &errb); code != 2 || !strings.Contains(errb.String(), c.want) || !strings.Contains(errb.String(), "usage: engine match") {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", c.args, code, errb.String(), c.want)
		}
	}
	var out, errb bytes.Buffer
	if code := RunCommand([]string{"-engine1", "/nonexistent/engine", "-engine2", fake}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "engine1") {
		t.Errorf("engine that does not start: exit %d, stderr %q", code, errb.String())
	}
}

// TestRunCommand plays a small match from the command line: progress, summary and PGN.
func TestRunCommand(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	pgn := filepath.Join(dir, "games.pgn")
	openings := filepath.Join(dir, "openings.txt")
	if err := os.WriteFile(openings, []byte("e2e4 e7e5\nmoves d2d4 d7d5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	code := RunCommand([]string{
		"-variant", "normal",
		"-engine1", strings.Join(fakeCmd("xboard", "pick=random", "seed=1", "name=X", "score=2000"), " "), "-proto1", "xboard",
		"-engine2", strings.Join(fakeCmd("uci", "pick=random", "seed=2", "name=U", "score=-2000"), " "), "-proto2", "uci",
		"-games", "4", "-tc", "5+0.05", "-concurrency", "2", "-openings", openings, "-pgn", pgn, "-seed", "9",
		"-sprt", "-10,10,0.05,0.05",
	}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	o := out.String()
	for _, want := range []string{"match: normal, 2 engines, 4 games, tc 5+0.05, seed 9", "game 4/4", "Score of X vs U: 4 - 0 - 0", "Elo difference: ", "LOS: ", "SPRT (pentanomial): elo0 -10 elo1 10"} {
		if !strings.Contains(o, want) {
			t.Errorf("output lacks %q:\n%s", want, o)
		}
	}
	if n := strings.Count(o, "\ngame "); n != 4 {
		t.Errorf("%d progress lines:\n%s", n, o)
	}
	b, err := os.ReadFile(pgn)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(b), "[Event "); n != 4 || strings.Count(string(b), "1. e2e4 e7e5 {end of opening}") != 2 ||
		strings.Count(string(b), "1. d2d4 d7d5 {end of opening}") != 2 {
		t.Errorf("PGN:\n%s", b)
	}
}
