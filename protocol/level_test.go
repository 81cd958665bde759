package protocol

import (
	"bytes"
	"strings"
	"testing"

	"varchess/search"
)

// eloSearcher is the instant searcher that records its strength setting.
type eloSearcher struct {
	instantSearcher
	elo *int
}

func (s eloSearcher) SetElo(elo int) { *s.elo = elo }

func levelSession(t *testing.T, input ...string) (int, string) {
	t.Helper()
	elo := -1
	var out bytes.Buffer
	Run(strings.NewReader(strings.Join(input, "\n")+"\n"), &out, eloSearcher{elo: &elo})
	return elo, out.String()
}

// TestLevelOptions: UCI_LimitStrength with UCI_Elo, the XBoard strength option and the
// console's level command reach the engine's strength setting; bad values are refused
// with a message and change nothing.
func TestLevelOptions(t *testing.T) {
	cases := []struct {
		name    string
		input   []string
		elo     int
		message string
	}{
		{"uci limit", []string{"uci", "setoption name UCI_Elo value 1200", "setoption name UCI_LimitStrength value true"}, 1200, "option name UCI_Elo type spin default 1500 min 500 max 2000"},
		{"uci off", []string{"uci", "setoption name UCI_LimitStrength value true", "setoption name UCI_LimitStrength value false"}, 0, "option name UCI_LimitStrength type check default false"},
		{"uci bad", []string{"uci", "setoption name UCI_Elo value 99"}, -1, "info string error: option UCI_Elo must be a number from 500 to 2000"},
		{"xboard", []string{"xboard", "protover 2", "option Strength (Elo, 0 for full)=900"}, 900, `feature option="Strength (Elo, 0 for full) -spin 0 0 2000"`},
		{"xboard bad", []string{"xboard", "protover 2", "option Strength (Elo, 0 for full)=100"}, -1, "Error (Strength (Elo, 0 for full) is 0 (full) or 500 to 2000)"},
		{"console", []string{"level 700"}, 700, "level 700"},
		{"console strength full", []string{"strength 2000", "strength full"}, 0, "level full (the whole engine)"},
		{"console bad", []string{"level beginner"}, -1, "error: level is an Elo from 500 (a beginner can win) to 2000, or full"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			elo, out := levelSession(t, c.input...)
			if elo != c.elo {
				t.Errorf("strength %d, want %d", elo, c.elo)
			}
			if !strings.Contains(out, c.message) {
				t.Errorf("missing %q in\n%s", c.message, out)
			}
		})
	}
	if search.MinElo != 500 || search.MaxElo != 2000 {
		t.Fatalf("the scale changed (%d..%d): update the messages above and docs/levels.md", search.MinElo, search.MaxElo)
	}
}
