package movegen

import "testing"

// seeValues are the values the exchange tests count with: the classical ones, the king
// worth more than all the rest.
var seeValues = [NumTypes]int{Pawn: 100, Knight: 320, Bishop: 330, Rook: 500, Queen: 900, King: 20000}

// TestStaticExchange checks the exchange evaluation on hand-built FIDE positions, each
// showing one of its rules: recaptures, the least valuable attacker first, pieces behind
// the capturer joining in (x-rays), the king recapturing only safely, promotions, and the
// quiet move onto an attacked square.
func TestStaticExchange(t *testing.T) {
	cases := []struct {
		name, fen, move string
		want            int
	}{
		{"free pawn", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 100},
		{"pawn for pawn", "4k3/8/2p5/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 0},
		{"knight recaptures a pawn", "4k3/8/1n6/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 0},
		{"knight for a guarded pawn", "4k3/8/2p5/3p4/5N2/8/8/4K3 w - - 0 1", "f4d5", -220},
		{"rook battery", "3rk3/8/8/3r4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 500},
		{"rook battery, one short", "3rk3/3r4/8/3r4/8/8/8/3RK3 w - - 0 1", "d1d5", 0},
		{"bishop behind the pawn", "4k3/8/2q5/3p4/4P3/5B2/8/4K3 w - - 0 1", "e4d5", 100},
		{"queen recaptures", "4k3/8/2q5/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 0},
		{"queen takes a pawn the king guards", "4k3/3p4/8/8/8/8/3Q4/4K3 w - - 0 1", "d2d7", -800},
		{"the king cannot recapture", "4k3/3p4/8/8/8/8/3Q4/3RK3 w - - 0 1", "d2d7", 100},
		{"promotion", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q", 800},
		{"promotion into a rook's file", "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", -100},
		{"promotion taking a rook", "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8q", 1300},
		{"quiet move onto a pawn's square", "4k3/8/3p4/8/8/5N2/8/4K3 w - - 0 1", "f3e5", -320},
		{"quiet move onto a safe square", "4k3/8/8/8/8/5N2/8/4K3 w - - 0 1", "f3e5", 0},
		{"en passant", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", 100},
		{"en passant, the rook behind the taken pawn guards", "3rk3/8/8/3pP3/8/8/8/3RK3 w - d6 0 2", "e5d6", 100},
		{"castling", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", 0},
	}
	for _, c := range cases {
		p := mustParse(t, FIDE, c.fen)
		m, err := p.ParseMove(c.move)
		if err != nil {
			t.Fatalf("%s: %s: %v", c.name, c.move, err)
		}
		if got := p.StaticExchange(m, &seeValues); got != c.want {
			t.Errorf("%s: %s %s: exchange %d, want %d", c.name, c.fen, c.move, got, c.want)
		}
	}
}

// TestStaticExchangeGames lists the games the exchange describes: those where pieces
// capture by replacement.
func TestStaticExchangeGames(t *testing.T) {
	for _, v := range All {
		want := v == FIDE || v == Bunker || v == Blackhole
		if got := v.HasStaticExchange(); got != want {
			t.Errorf("%s: HasStaticExchange %v, want %v", v.Name, got, want)
		}
	}
}

func TestStaticExchangeAllocs(t *testing.T) {
	p := mustParse(t, FIDE, "3rk3/8/8/3r4/8/8/3R4/3RK3 w - - 0 1")
	m, _ := p.ParseMove("d2d5")
	if n := testing.AllocsPerRun(100, func() { p.StaticExchange(m, &seeValues) }); n != 0 {
		t.Errorf("StaticExchange allocates %v times", n)
	}
}
