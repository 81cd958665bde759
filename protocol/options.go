package protocol

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"varchess/movegen"
	"varchess/search"
)

// The engine's options are declared once, here: each with its name, type, range, default,
// the front ends that offer it and how a new value is applied. UCI lists its ones at "uci"
// and sets them by setoption; XBoard lists its ones as feature option="..." and sets them by
// option NAME=VALUE, or by a command of its own (memory, cores); the console lists its ones
// by option and sets them by option NAME VALUE (the strength by level).

// optionID names an option: the index of its declaration in options.
type optionID int

// The options, in the order UCI and XBoard list them.
const (
	optVariant optionID = iota
	optRankOffset
	optHash
	optThreads
	optMultiPV
	optPonder
	optChess960
	optMoveOverhead
	optLimitStrength
	optElo
	optStrength
	numOptions
)

// optionType is how an option's value is written, in UCI's terms.
type optionType int

const (
	spinOption  optionType = iota // a whole number from min to max
	checkOption                   // true or false, kept as 1 or 0
	comboOption                   // one word of a list, kept as its index
)

// frontEnds is a set of the front ends that offer an option.
type frontEnds uint8

const (
	forUCI frontEnds = 1 << iota
	forXBoard
	forConsole
)

// option is one engine option.
type option struct {
	name string // as UCI's setoption, XBoard's option and the console's option spell it (case is ignored on input)
	typ  optionType
	// min and max bound a spin; def is the default (a check's 0 or 1, a combo's index).
	min, max, def int
	// off: 0 is accepted besides min..max and means the setting is off (the strength's
	// full engine); off names that for people.
	off  string
	unit string // the unit of a spin, for people ("MB", "ms"); "" for a plain number
	// choices are a combo's words; noun is what one word names ("variant").
	choices func() []string
	noun    string
	offer   frontEnds
	// xbCommand and consoleCommand are commands of XBoard's and of the console's own that
	// set the option (memory, cores, level), where those do not set it by its name.
	xbCommand, consoleCommand string
	// apply hands the session's new value to the engine or the session; nil: the session
	// reads the value when it needs it.
	apply func(s *settings)
}

// options are the engine's options, indexed by optionID.
var options = [numOptions]option{
	optVariant: {name: "UCI_Variant", typ: comboOption, choices: variantNames, noun: "variant",
		def: slices.Index(movegen.All, standardGame), offer: forUCI,
		apply: func(s *settings) { s.startVariant(movegen.All[s.vals[optVariant]]) }},
	// XBoard runs with -rankOffset 1 (ranks of boards other than 10 ranks numbered from 0),
	// which the engine cannot detect by itself
	optRankOffset: {name: "XBoard rankOffset", typ: checkOption, offer: forXBoard},
	optHash: {name: "Hash", typ: spinOption, min: search.MinHashMB, max: search.MaxHashMB,
		def:  16, // the table search.NewEngine starts with
		unit: "MB", offer: forUCI | forXBoard | forConsole, xbCommand: "memory",
		apply: func(s *settings) { s.eng.SetHashMB(s.vals[optHash]) }},
	optThreads: {name: "Threads", typ: spinOption, min: 1, max: search.MaxThreads, def: 1,
		offer: forUCI | forXBoard | forConsole, xbCommand: "cores",
		apply: func(s *settings) { s.eng.SetThreads(s.vals[optThreads]) }},
	optMultiPV: {name: "MultiPV", typ: spinOption, min: 1, max: search.MaxMultiPV, def: 1, offer: forUCI},
	// XBoard sets pondering by its commands hard and easy, which take no value
	optPonder:   {name: "Ponder", typ: checkOption, offer: forUCI},
	optChess960: {name: "UCI_Chess960", typ: checkOption, offer: forUCI},
	// the time kept back per move for the GUI and the pipes, named as Stockfish names it
	optMoveOverhead: {name: "Move Overhead", typ: spinOption, min: 0, max: int(search.MaxMoveOverhead.Milliseconds()),
		def: int(search.DefaultMoveOverhead.Milliseconds()), unit: "ms", offer: forUCI | forXBoard,
		apply: func(s *settings) {
			s.eng.SetMoveOverhead(time.Duration(s.vals[optMoveOverhead]) * time.Millisecond)
		}},
	// UCI's strength: UCI_LimitStrength switches UCI_Elo on
	optLimitStrength: {name: "UCI_LimitStrength", typ: checkOption, offer: forUCI, apply: (*settings).applyUCIStrength},
	optElo: {name: "UCI_Elo", typ: spinOption, min: search.MinElo, max: search.MaxElo,
		def:   1500, // before a GUI sets it: a club player's strength
		offer: forUCI, apply: (*settings).applyUCIStrength},
	// the strength for XBoard and the console (its level command): one number, 0 the full engine
	optStrength: {name: "Strength (Elo, 0 for full)", typ: spinOption, min: search.MinElo, max: search.MaxElo,
		off: "full", offer: forXBoard | forConsole, consoleCommand: "level",
		apply: func(s *settings) { setElo(s.eng, s.vals[optStrength]) }},
}

// settings are one session's option values and the engine they go to. A session starts
// with the defaults and hands nothing to the engine until an option is set: the engine
// keeps what cmd/engine gave it (engine play -hash 64) until a GUI says otherwise.
type settings struct {
	eng  Searcher
	vals [numOptions]int
	// startVariant starts a game of v in the session (UCI_Variant); nil where no option
	// chooses the variant.
	startVariant func(v *movegen.Variant)
}

func newSettings(eng Searcher) settings {
	s := settings{eng: eng}
	for id := range options {
		s.vals[id] = options[id].def
	}
	return s
}

// value is the current value of option id.
func (s *settings) value(id optionID) int { return s.vals[id] }

// on is the current value of the check id.
func (s *settings) on(id optionID) bool { return s.vals[id] != 0 }

// set stores x, a value parse accepted, as option id's value and applies it.
func (s *settings) set(id optionID, x int) {
	s.vals[id] = x
	if options[id].apply != nil {
		options[id].apply(s)
	}
}

// applyUCIStrength hands UCI_LimitStrength and UCI_Elo to the engine.
func (s *settings) applyUCIStrength() {
	elo := 0
	if s.on(optLimitStrength) {
		elo = s.value(optElo)
	}
	setElo(s.eng, elo)
}

// leveller is a Searcher with a strength setting (search.Engine is one); a Searcher
// without it plays at full strength whatever the options say.
type leveller interface{ SetElo(elo int) }

// setElo sets eng's strength, if it has a strength setting: elo on search's scale, 0 for
// the full engine.
func setElo(eng Searcher, elo int) {
	if l, ok := eng.(leveller); ok {
		l.SetElo(elo)
	}
}

// SpinRange is the range of the spin option named name (as UCI spells it, any case):
// the values that command-line flags setting the same thing accept (engine play -hash,
// engine serve -threads), so that an option's range is declared once, in options. ok is
// false if no spin option has that name.
func SpinRange(name string) (lo, hi int, ok bool) {
	for id := range options {
		if o := &options[id]; o.typ == spinOption && strings.EqualFold(o.name, name) {
			return o.low(), o.max, true
		}
	}
	return 0, 0, false
}

// command is the command of front end f's own that sets o ("" if f sets it by name).
func (o *option) command(f frontEnds) string {
	switch f {
	case forXBoard:
		return o.xbCommand
	case forConsole:
		return o.consoleCommand
	}
	return ""
}

// optionNamed is the option that front end f offers under name (any case), and sets by
// name rather than by a command of its own.
func optionNamed(f frontEnds, name string) (optionID, bool) {
	for id := range options {
		o := &options[id]
		if o.offer&f != 0 && o.command(f) == "" && strings.EqualFold(o.name, name) {
			return optionID(id), true
		}
	}
	return 0, false
}

// optionByCommand is the option that front end f sets by its command cmd.
func optionByCommand(f frontEnds, cmd string) (optionID, bool) {
	for id := range options {
		if o := &options[id]; o.offer&f != 0 && cmd != "" && o.command(f) == cmd {
			return optionID(id), true
		}
	}
	return 0, false
}

// parse reads text as a value of o; ok is false if it is none.
func (o *option) parse(text string) (x int, ok bool) {
	switch o.typ {
	case checkOption:
		switch strings.ToLower(text) {
		case "true", "1":
			return 1, true
		case "false", "0":
			return 0, true
		}
		return 0, false
	case comboOption:
		i := slices.Index(o.choices(), text)
		return i, i >= 0
	}
	x, err := strconv.Atoi(text)
	if err != nil {
		return 0, false
	}
	return x, x >= o.min && x <= o.max || x == 0 && o.off != ""
}

// low is the lowest value of a spin: 0 where 0 is the setting off.
func (o *option) low() int {
	if o.off != "" {
		return 0
	}
	return o.min
}

// rangeText says which values o takes, for people: "1 to 4096 MB", "0 (full) or 500 to
// 2000", "0 or 1".
func (o *option) rangeText() string {
	switch o.typ {
	case checkOption:
		return "0 or 1"
	case comboOption:
		return "one of " + strings.Join(o.choices(), " ")
	}
	unit := ""
	if o.unit != "" {
		unit = " " + o.unit
	}
	if o.off != "" {
		return fmt.Sprintf("0 (%s) or %d to %d%s", o.off, o.min, o.max, unit)
	}
	return fmt.Sprintf("%d to %d%s", o.min, o.max, unit)
}

// uciLine is how UCI's uci command lists o.
func (o *option) uciLine() string {
	switch o.typ {
	case checkOption:
		return fmt.Sprintf("option name %s type check default %t", o.name, o.def != 0)
	case comboOption:
		c := o.choices()
		return fmt.Sprintf("option name %s type combo default %s var %s", o.name, c[o.def], strings.Join(c, " var "))
	}
	return fmt.Sprintf("option name %s type spin default %d min %d max %d", o.name, o.def, o.low(), o.max)
}

// uciError is UCI's complaint about text, a bad value of o, set under the name typed.
func (o *option) uciError(typed, text string) string {
	switch o.typ {
	case checkOption:
		return fmt.Sprintf("option %s must be true or false, not %q", typed, text)
	case comboOption:
		return fmt.Sprintf("unknown %s %q (%ss: %s)", o.noun, text, o.noun, strings.Join(o.choices(), " "))
	}
	return fmt.Sprintf("option %s must be a number from %d to %d, not %q", typed, o.low(), o.max, text)
}

// xbFeature is how XBoard's feature command offers o, with its current value x.
func (o *option) xbFeature(x int) string {
	if o.typ == checkOption {
		return fmt.Sprintf(`feature option="%s -check %d"`, o.name, x)
	}
	return fmt.Sprintf(`feature option="%s -spin %d %d %d"`, o.name, x, o.low(), o.max)
}

// xbError is the reason in XBoard's error for a bad value of o: "memory must be 1 to
// 4096 MB" for a command of XBoard's own, "Move Overhead is 0 to 5000 ms" for an option.
func (o *option) xbError() string {
	if o.xbCommand != "" {
		return o.xbCommand + " must be " + o.rangeText()
	}
	return o.name + " is " + o.rangeText()
}

// consoleLine is how the console's option command lists o.
func (o *option) consoleLine() string {
	return fmt.Sprintf("  %-14s %s, default %d", o.name, o.rangeText(), o.def)
}
