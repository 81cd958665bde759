package main

import (
	"bytes"
	"strings"
	"testing"

	"varchess/bench"
)

// TestBenchRefusesBadThreads: engine bench -threads outside 1..MaxThreads is a usage
// error (exit 2 with a message) instead of a silent clamp, as are stray arguments.
func TestBenchRefusesBadThreads(t *testing.T) {
	for _, args := range [][]string{{"-threads", "0"}, {"-threads", "-1"}, {"-threads", "1000"}, {"extra"}} {
		var out, errw bytes.Buffer
		if code := bench.Main(args, &out, &errw); code != 2 || !strings.Contains(errw.String(), "bench: ") {
			t.Errorf("bench %v: exit %d, stderr %q, want 2 and a message", args, code, errw.String())
		}
		if out.Len() != 0 {
			t.Errorf("bench %v searched anyway: %q", args, out.String())
		}
	}
	// a valid count still runs (one small position)
	var out, errw bytes.Buffer
	if code := bench.Main([]string{"-threads", "1", "-fen", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "-sd", "2"}, &out, &errw); code != 0 || !strings.Contains(out.String(), "total nodes") {
		t.Errorf("bench -threads 1: exit %d, %q %q", code, out.String(), errw.String())
	}
}
