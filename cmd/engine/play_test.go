package main

import (
	"bytes"
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"varchess/protocol"
)

// TestPlayCommand: engine play -maxdepth 2 answers UCI and never reports a depth above 2;
// bad settings are a one-line error and exit status 2.
func TestPlayCommand(t *testing.T) {
	var out, errOut bytes.Buffer
	in := strings.NewReader("uci\nposition startpos\ngo depth 5\nisready\nquit\n")
	if code := runPlay([]string{"-maxdepth", "2"}, in, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	depths := regexp.MustCompile(`info depth (\d+)`).FindAllStringSubmatch(out.String(), -1)
	if len(depths) == 0 || !strings.Contains(out.String(), "bestmove ") {
		t.Fatalf("no search output:\n%s", out.String())
	}
	for _, d := range depths {
		if d[1] != "1" && d[1] != "2" {
			t.Errorf("reported depth %s above the cap 2", d[1])
		}
	}
	for _, bad := range [][]string{{"-maxdepth", "-1"}, {"-threads", "0"}, {"-hash", "0"}, {"-frob"}, {"extra"}} {
		out.Reset()
		errOut.Reset()
		if code := runPlay(bad, strings.NewReader("quit\n"), &out, &errOut); code != 2 || errOut.Len() == 0 {
			t.Errorf("%v: exit %d, stderr %q; want 2 and an error", bad, code, errOut.String())
		}
	}
}

// TestFlagRangesAreTheOptions: engine play's and engine serve's -hash and -threads accept
// what protocol's Hash and Threads options accept, no more, and say that range.
func TestFlagRangesAreTheOptions(t *testing.T) {
	for _, name := range []string{"Hash", "Threads"} {
		lo, hi, ok := protocol.SpinRange(name)
		if !ok {
			t.Fatalf("protocol declares no spin option %s", name)
		}
		flag := "-" + strings.ToLower(name)
		want := fmt.Sprintf("%s %d..%d", strings.ToLower(name), lo, hi)
		for _, x := range []int{lo - 1, hi + 1} {
			var out, errOut bytes.Buffer
			args := []string{flag, strconv.Itoa(x)}
			if code := runPlay(args, strings.NewReader("quit\n"), &out, &errOut); code != 2 || !strings.Contains(errOut.String(), want) {
				t.Errorf("engine play %v: exit %d, stderr %q; want 2 and %q", args, code, errOut.String(), want)
			}
			errOut.Reset()
			if code := serve(context.Background(), args, &out, &errOut, nil); code != 2 || !strings.Contains(errOut.String(), want) {
				t.Errorf("engine serve %v: exit %d, stderr %q; want 2 and %q", args, code, errOut.String(), want)
			}
		}
	}
}
