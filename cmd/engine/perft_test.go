package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestPerftCommand(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := runPerft([]string{"-divide", "-moves", "e2e4 e7e5", "2"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	last := lines[len(lines)-1]
	if !strings.HasPrefix(last, "nodes 835 ") {
		t.Errorf("last line %q, want it to start with nodes 835 (Fairy-Stockfish agrees)", last)
	}
	moves := lines[:len(lines)-1]
	if len(moves) != 29 {
		t.Errorf("%d root moves, want 29", len(moves))
	}
	for i := 1; i < len(moves); i++ {
		if moves[i-1] >= moves[i] {
			t.Errorf("divide not sorted: %q before %q", moves[i-1], moves[i])
		}
	}
	out.Reset()
	if code := runPerft([]string{"-fen", "8/8/8/8/8/8/8/K6k w - - 0 1", "3"}, &out, &errOut); code != 0 || !strings.HasPrefix(out.String(), "nodes ") {
		t.Errorf("plain perft: exit %d, output %q", code, out.String())
	}
}

func TestPerftCommandErrors(t *testing.T) {
	for _, args := range [][]string{
		{"-variant", "nosuch", "3"},
		{"-fen", "rnbqkbnr/pppppppp w", "3"},
		{"-moves", "e2e5", "3"},
		{"x"},
		{"-1"},
		{},
		{"3", "4"},
		{"-nosuchflag", "3"},
	} {
		var out, errOut bytes.Buffer
		code := runPerft(args, &out, &errOut)
		msg := errOut.String()
		if code != 2 || strings.Count(msg, "\n") != 1 || !strings.HasPrefix(msg, "engine perft: ") {
			t.Errorf("%q: exit %d, stderr %q; want exit 2 and one error line", args, code, msg)
		}
		if out.Len() != 0 {
			t.Errorf("%q: wrote %q to stdout", args, out.String())
		}
	}
}
