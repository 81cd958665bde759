package protocol

import (
	"bufio"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"varchess/search"
)

// Transcript tests run the scripts in testdata/*/*.txt against a session, in the style of
// cmd/go's script tests:
//
//	> line      send a line to the engine
//	< line      the next output line is exactly this
//	<~ regexp   the next output line matches the regular expression (anchored)
//	<* regexp   skip output lines until one matches (it must come)
//	<- regexp   while waiting for the next < or <~ line, drop lines that match (progress
//	            reports whose number depends on timing)
//	# comment
//
// A script ends with the engine's exit; any output after the last expected line fails it.
// Every wait is bounded, so a hung engine fails instead of stalling the run.
func TestTranscripts(t *testing.T) {
	files, err := filepath.Glob("testdata/*/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no transcripts: %v", err)
	}
	for _, f := range files {
		t.Run(strings.TrimSuffix(f[len("testdata/"):], ".txt"), func(t *testing.T) {
			t.Parallel()
			runTranscript(t, f)
		})
	}
}

// lineWait bounds the wait for one output line; a search of a few plies takes far less
// even on a loaded machine.
const lineWait = 60 * time.Second

func runTranscript(t *testing.T, file string) {
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	exit := make(chan int, 1)
	go func() {
		exit <- Run(inR, outW, search.NewEngine())
		outW.Close()
	}()
	out := make(chan string, 1000)
	go func() {
		sc := bufio.NewScanner(outR)
		sc.Buffer(make([]byte, 1<<16), 1<<22)
		for sc.Scan() {
			out <- sc.Text()
		}
		close(out)
	}()
	var skip []*regexp.Regexp
	next := func(lineNo int) (string, bool) {
		for {
			select {
			case l, ok := <-out:
				dropped := false
				for _, re := range skip {
					dropped = dropped || ok && re.MatchString(l)
				}
				if !dropped {
					skip = nil
					return l, ok
				}
			case <-time.After(lineWait):
				t.Fatalf("%s:%d: no output for %v", file, lineNo, lineWait)
			}
		}
	}
	for i, raw := range strings.Split(string(data), "\n") {
		n := i + 1
		line := strings.TrimRight(raw, " \r")
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "> "):
			if _, err := io.WriteString(inW, line[2:]+"\n"); err != nil {
				t.Fatalf("%s:%d: engine stopped reading: %v", file, n, err)
			}
		case strings.HasPrefix(line, "<- "):
			skip = append(skip, regexp.MustCompile("^(?:"+line[3:]+")$"))
		case strings.HasPrefix(line, "<~ "):
			re := regexp.MustCompile("^(?:" + line[3:] + ")$")
			got, ok := next(n)
			if !ok || !re.MatchString(got) {
				t.Fatalf("%s:%d: got %q, want a match of %q", file, n, got, line[3:])
			}
		case strings.HasPrefix(line, "<* "):
			re := regexp.MustCompile("^(?:" + line[3:] + ")$")
			for {
				got, ok := next(n)
				if !ok {
					t.Fatalf("%s:%d: output ended before a match of %q", file, n, line[3:])
				}
				if re.MatchString(got) {
					break
				}
			}
		case strings.HasPrefix(line, "< ") || line == "<":
			want := strings.TrimPrefix(strings.TrimPrefix(line, "<"), " ")
			got, ok := next(n)
			if !ok || got != want {
				t.Fatalf("%s:%d: got %q (ok %v), want %q", file, n, got, ok, want)
			}
		default:
			t.Fatalf("%s:%d: bad script line %q", file, n, line)
		}
	}
	inW.Close()
	for l := range out {
		t.Errorf("%s: unexpected output at the end: %q", file, l)
	}
	select {
	case code := <-exit:
		if code != 0 {
			t.Errorf("%s: exit status %d", file, code)
		}
	case <-time.After(lineWait):
		t.Fatalf("%s: engine did not exit", file)
	}
}
