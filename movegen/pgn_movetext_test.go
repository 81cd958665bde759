package movegen

import (
	"slices"
	"testing"
)

func TestSplitMovetext(t *testing.T) {
	for _, c := range []struct {
		text, last string
		moves      []string
	}{
		{"1. e4 e5 2.Nf3 Nc6 1-0", "", []string{"e4", "e5", "Nf3", "Nc6"}},
		{"1. e4 $1 {best by test} 1... e5!? (1... c5 2. Nf3) 2. Nf3 ; a line comment\nNc6 *", "best by test", []string{"e4", "e5", "Nf3", "Nc6"}},
		{"12... a1b3 13. 0000 f8d7 {White passes} 1/2-1/2", "White passes", []string{"a1b3", "0000", "f8d7"}},
		{"1. a1e8,a3 {Black is mated} 1-0", "Black is mated", []string{"a1e8,a3"}},
		{"1. e4 {unclosed comment e5", "unclosed comment e5", []string{"e4"}},
		{"1. e4 ((e3) d4) e5 12 0-1", "", []string{"e4", "e5"}},
		{"", "", nil},
	} {
		moves, last := SplitMovetext(c.text)
		if !slices.Equal(moves, c.moves) || last != c.last {
			t.Errorf("SplitMovetext(%q) = %q, %q; want %q, %q", c.text, moves, last, c.moves, c.last)
		}
	}
}
