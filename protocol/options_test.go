package protocol

import (
	"bytes"
	"strconv"
	"strings"
	"testing"
	"time"

	"varchess/movegen"
	"varchess/search"
)

// TestOptionDeclarations: every option is offered somewhere, its default is a value it
// accepts, its range is said in words, and no front end has two options of one name.
func TestOptionDeclarations(t *testing.T) {
	names := map[frontEnds]map[string]bool{forUCI: {}, forXBoard: {}, forConsole: {}}
	for id := range options {
		o := &options[id]
		if o.name == "" || o.offer == 0 {
			t.Errorf("option %d: no name or offered by no front end", id)
		}
		text := strconv.Itoa(o.def)
		switch o.typ {
		case checkOption:
			text = strconv.FormatBool(o.def != 0)
		case comboOption:
			text = o.choices()[o.def]
		}
		if x, ok := o.parse(text); !ok || x != o.def {
			t.Errorf("%s: the default %q reads as %d, %v", o.name, text, x, ok)
		}
		if o.rangeText() == "" {
			t.Errorf("%s: no range for people", o.name)
		}
		for f, seen := range names {
			if o.offer&f == 0 {
				continue
			}
			key := strings.ToLower(o.name)
			if c := o.command(f); c != "" {
				key = "command " + c
			}
			if seen[key] {
				t.Errorf("%s: two options named %q for front end %d", o.name, key, f)
			}
			seen[key] = true
		}
	}
}

// TestSpinRange: the range handed to command-line flags is the declared one (0 included
// where 0 is off), and only spins have one.
func TestSpinRange(t *testing.T) {
	for _, c := range []struct {
		name   string
		lo, hi int
		ok     bool
	}{
		{"Hash", search.MinHashMB, search.MaxHashMB, true},
		{"threads", 1, search.MaxThreads, true},
		{options[optStrength].name, 0, search.MaxElo, true},
		{"Ponder", 0, 0, false},
		{"UCI_Variant", 0, 0, false},
		{"no such option", 0, 0, false},
	} {
		if lo, hi, ok := SpinRange(c.name); lo != c.lo || hi != c.hi || ok != c.ok {
			t.Errorf("SpinRange(%q) = %d, %d, %v; want %d, %d, %v", c.name, lo, hi, ok, c.lo, c.hi, c.ok)
		}
	}
}

// TestOptionParse: spins keep to their range (0 too where 0 is off), checks read true,
// false, 1 and 0, combos their words.
func TestOptionParse(t *testing.T) {
	cases := []struct {
		id   optionID
		text string
		x    int
		ok   bool
	}{
		{optHash, "64", 64, true},
		{optHash, "0", 0, false},
		{optHash, "4097", 0, false},
		{optHash, "lots", 0, false},
		{optStrength, "0", 0, true},
		{optStrength, "499", 0, false},
		{optStrength, "500", 500, true},
		{optPonder, "TRUE", 1, true},
		{optPonder, "0", 0, true},
		{optPonder, "maybe", 0, false},
		{optVariant, "hopchess", 4, true},
		{optVariant, "HopChess", 0, false},
	}
	for _, c := range cases {
		x, ok := options[c.id].parse(c.text)
		if ok != c.ok || ok && x != c.x {
			t.Errorf("%s %q: %d, %v; want %d, %v", options[c.id].name, c.text, x, ok, c.x, c.ok)
		}
	}
	if movegen.All[4] != movegen.HopChess {
		t.Fatal("hopchess moved in movegen.All: update the index above")
	}
}

// recorder is the instant searcher that records the engine settings it is given.
type recorder struct {
	instantSearcher
	hash, threads *int
	overhead      *time.Duration
}

func (r recorder) SetHashMB(mb int)                { *r.hash = mb }
func (r recorder) SetThreads(n int)                { *r.threads = n }
func (r recorder) SetMoveOverhead(d time.Duration) { *r.overhead = d }

// TestOptionsReachTheEngine: Hash and Threads set through UCI's setoption, XBoard's memory
// and cores and the console's option command reach the engine; Move Overhead through UCI
// and XBoard; nothing reaches it before a front end sets it (the engine keeps what
// cmd/engine gave it).
func TestOptionsReachTheEngine(t *testing.T) {
	cases := map[string][]string{
		"uci":     {"uci", "setoption name Hash value 64", "setoption name threads value 3", "setoption name Move Overhead value 70"},
		"xboard":  {"xboard", "protover 2", "memory 64", "cores 3", "option Move Overhead=70"},
		"console": {"option hash 64", "option Threads 3"},
	}
	for name, input := range cases {
		t.Run(name, func(t *testing.T) {
			hash, threads, overhead := -1, -1, time.Duration(-1)
			var out bytes.Buffer
			Run(strings.NewReader(strings.Join(input, "\n")+"\nquit\n"), &out, recorder{hash: &hash, threads: &threads, overhead: &overhead})
			if hash != 64 || threads != 3 {
				t.Errorf("hash %d, threads %d; want 64 and 3\n%s", hash, threads, out.String())
			}
			want := 70 * time.Millisecond
			if name == "console" {
				want = -1 // a GUI's option: the console does not offer it
			}
			if overhead != want {
				t.Errorf("move overhead %v, want %v", overhead, want)
			}
		})
	}
	hash, threads, overhead := -1, -1, time.Duration(-1)
	var out bytes.Buffer
	Run(strings.NewReader("uci\nisready\nquit\n"), &out, recorder{hash: &hash, threads: &threads, overhead: &overhead})
	if hash != -1 || threads != -1 || overhead != -1 {
		t.Errorf("the session set the engine unasked: hash %d, threads %d, overhead %v", hash, threads, overhead)
	}
}

// TestConsoleOptions: the console lists its options from the table and refuses a bad name
// or value with the range.
func TestConsoleOptions(t *testing.T) {
	out := session(t, "option", "option Hash 0", "option Frob 1", "option Threads 2", "quit")
	checkSession(t, out,
		"options (option NAME VALUE sets one; level sets the strength):",
		"  Hash           1 to 4096 MB, default 16",
		"  Threads        1 to 64, default 1",
		`error: Hash must be 1 to 4096 MB, not "0"`,
		"error: option NAME VALUE, where NAME is one of the options listed by option",
		"Threads set to 2")
}

// TestStandardChess: exactly one variant is the game the protocols and PGN assume, the one
// called normal; sessions start with it and only it takes SAN.
func TestStandardChess(t *testing.T) {
	var standard []string
	for _, v := range movegen.All {
		if v.StandardChess {
			standard = append(standard, v.Name)
		}
	}
	if len(standard) != 1 || standard[0] != "normal" || standardGame.Name != "normal" {
		t.Fatalf("standard chess: %v", standard)
	}
	out := session(t, "variant", "quit")
	checkSession(t, out, "variant normal; variants: "+strings.Join(variantNames(), " "))
	for _, v := range movegen.All {
		_, err := ParseMoveOrSAN(v.Start(nil), "Nf3")
		if (err == nil) != v.StandardChess {
			t.Errorf("%s: SAN Nf3 read: %v", v.Name, err)
		}
	}
}
