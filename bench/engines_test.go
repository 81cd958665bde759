package bench

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestParseEngineWords: the words of -engine, -each and the engines file.
func TestParseEngineWords(t *testing.T) {
	conf := map[string]EngineSpec{"base": {Cmd: []string{"/bin/base"}, Name: "base", Proto: "uci", Options: []EngineOption{{"Hash", "16"}, {"Threads", "1"}}}}
	spec, err := parseEngineWords(`cmd="bin/engine play -maxdepth 2" name='depth two' proto=xboard dir=/tmp 'option.Move Overhead=30' option.Hash=64`, conf)
	if err != nil {
		t.Fatal(err)
	}
	want := EngineSpec{Cmd: []string{"bin/engine", "play", "-maxdepth", "2"}, Name: "depth two", Proto: "xboard", Dir: "/tmp",
		Options: []EngineOption{{"Move Overhead", "30"}, {"Hash", "64"}}}
	if !slices.Equal(spec.Cmd, want.Cmd) || spec.Name != want.Name || spec.Proto != want.Proto || spec.Dir != want.Dir || !slices.Equal(spec.Options, want.Options) {
		t.Errorf("got %+v\nwant %+v", spec, want)
	}
	// conf= takes an engine of the file; later words override it, options merge
	spec, err = parseEngineWords("conf=base option.Hash=128 name=big", conf)
	if err != nil {
		t.Fatal(err)
	}
	if spec.Name != "big" || spec.Cmd[0] != "/bin/base" || spec.Proto != "uci" || !slices.Equal(spec.Options, []EngineOption{{"Hash", "128"}, {"Threads", "1"}}) {
		t.Errorf("conf: %+v", spec)
	}
	// -each fills what an engine leaves unset and never overrides it
	each, _ := parseEngineWords("option.Hash=8 option.Ponder=false dir=/var", nil)
	m := mergeSpec(EngineSpec{Cmd: []string{"e"}, Options: []EngineOption{{"Hash", "32"}}}, each)
	if m.Dir != "/var" || !slices.Equal(m.Options, []EngineOption{{"Hash", "32"}, {"Ponder", "false"}}) {
		t.Errorf("each: %+v", m)
	}
	for words, wantErr := range map[string]string{
		"cmd=x flavour=vanilla": `unknown key "flavour"`,
		"cmd=x proto=cecp":      "proto=cecp",
		"cmd=x option.=3":       "no name",
		"conf=nosuch":           "no engine of that name",
		"justaword":             "want KEY=VALUE",
		"cmd='unterminated":     "unterminated",
	} {
		if _, err := parseEngineWords(words, conf); err == nil || !strings.Contains(err.Error(), wantErr) {
			t.Errorf("%q: error %v, want %q", words, err, wantErr)
		}
	}
}

// TestReadEngines: the engines file, its comments and its errors.
func TestReadEngines(t *testing.T) {
	specs, err := ReadEngines(strings.NewReader("# two engines\nname=a cmd=/bin/a\n\nname=b cmd='/bin/b -x' proto=uci option.Hash=1\n"))
	if err != nil || len(specs) != 2 || specs[1].Cmd[1] != "-x" || specs[1].Options[0] != (EngineOption{"Hash", "1"}) {
		t.Fatalf("%+v, %v", specs, err)
	}
	for text, wantErr := range map[string]string{
		"cmd=/bin/a":                      "line 1: the engine needs a name=",
		"name=a":                          "needs a cmd=",
		"name=a cmd=x\nname=a cmd=y":      `line 2: a second engine named "a"`,
		"# nothing\n":                     "no engines",
		"name=a cmd=x\nname=b cmd=y bad=": `line 2: unknown key "bad"`,
	} {
		if _, err := ReadEngines(strings.NewReader(text)); err == nil || !strings.Contains(err.Error(), wantErr) {
			t.Errorf("%q: error %v, want %q", text, err, wantErr)
		}
	}
}

// TestEngineSettingsApplied: a match of engines from a file, one line each, with their
// options, working directories and names, and an option for all (-each): each engine is
// told its options after the handshake (UCI setoption; XBoard option, memory, cores),
// runs in its directory (its relative log file lands there), and the tables and the PGN
// use the names given.
func TestEngineSettingsApplied(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	udir, xdir := filepath.Join(dir, "u"), filepath.Join(dir, "x")
	for _, d := range []string{udir, xdir} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	engines := filepath.Join(dir, "engines.txt")
	file := "name=Ulysses proto=uci dir=" + udir + " option.Hash=64 cmd=" + quoteCommand([]string{quoteCommand(fakeCmd("uci", "uciopts=Hash,Threads", "log=uci.log"))}) + "\n" +
		"name=Xena proto=xboard dir=" + xdir + " option.Style=7 option.memory=32 cmd=" + quoteCommand([]string{quoteCommand(fakeCmd("xboard", "xbopts=Style,Threads", "log=xb.log"))}) + "\n"
	if err := os.WriteFile(engines, []byte(file), 0o644); err != nil {
		t.Fatal(err)
	}
	pgn := filepath.Join(dir, "games.pgn")
	var out, errb bytes.Buffer
	code := RunCommand([]string{"-engines", engines, "-each", "option.Threads=2", "-games", "2", "-tc", "5+0", "-openings", "random:2", "-seed", "3", "-pgn", pgn}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errb.String(), out.String())
	}
	ulog, _ := os.ReadFile(filepath.Join(udir, "uci.log"))
	xlog, _ := os.ReadFile(filepath.Join(xdir, "xb.log"))
	for _, want := range []string{"setoption name Hash value 64", "setoption name Threads value 2"} {
		if !strings.Contains(string(ulog), want+"\n") {
			t.Errorf("the UCI engine was not sent %q:\n%s", want, ulog)
		}
	}
	for _, want := range []string{"option Style=7", "memory 32", "option Threads=2"} {
		if !strings.Contains(string(xlog), want+"\n") {
			t.Errorf("the XBoard engine was not sent %q:\n%s", want, xlog)
		}
	}
	b, _ := os.ReadFile(pgn)
	if !strings.Contains(out.String(), "Score of Ulysses vs Xena") || !strings.Contains(string(b), `[White "Ulysses"]`) || !strings.Contains(string(b), `[White "Xena"]`) {
		t.Errorf("names not used:\n%s\n%s", out.String(), b)
	}
}

// TestEngineOptionUnknown: an option the engine does not offer stops the match before it
// starts, naming the options it has (a typo must not silently test something else).
func TestEngineOptionUnknown(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		spec EngineSpec
		want string
	}{
		{EngineSpec{Cmd: fakeCmd("uci", "uciopts=Hash"), Proto: "uci", Options: []EngineOption{{"Hahs", "1"}}}, `no UCI option "Hahs" (it offers: UCI_Variant, Hash)`},
		{EngineSpec{Cmd: fakeCmd("xboard", "xbopts=Style"), Proto: "xboard", Options: []EngineOption{{"Hash", "1"}}}, `no XBoard option "Hash" (it offers: Style;`},
		{EngineSpec{Cmd: fakeCmd("xboard"), Proto: "xboard", Options: []EngineOption{{"cores", "2"}}}, "no feature smp=1"},
	} {
		cfg := randomConfig(c.spec, EngineSpec{Cmd: fakeCmd("uci"), Proto: "uci"}, 2, 0, 1)
		_, err := Run(context.Background(), cfg)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "engine1") {
			t.Errorf("error %v, want %q", err, c.want)
		}
	}
}

// TestEngineFlagsCLI: -engine words, -name1/-option1/-dir1, and their errors.
func TestEngineFlagsCLI(t *testing.T) {
	fake := quoteCommand(fakeCmd("uci"))
	fl := func(args ...string) ([]EngineSpec, error) {
		cfg, _, err := parseMatchArgs(args)
		return cfg.Engines, err
	}
	specs, err := fl("-engine1", fake, "-name1", "one", "-option1", "Hash=4", "-option1", "Hash=8", "-dir1", "/tmp",
		"-engine2", fake, "-engine", "cmd="+quoteCommand([]string{fake})+" name=three", "-each", "proto=uci option.Threads=1")
	if err != nil {
		t.Fatal(err)
	}
	if len(specs) != 3 || specs[0].Name != "one" || specs[0].Dir != "/tmp" || specs[2].Name != "three" || specs[1].Proto != "uci" ||
		!slices.Equal(specs[0].Options, []EngineOption{{"Threads", "1"}, {"Hash", "8"}}) {
		t.Errorf("%+v", specs)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-engine1", fake, "-engine2", fake, "-option1", "Hash"}, "want NAME=VALUE"},
		{[]string{"-engine1", fake, "-option2", "Hash=1"}, "without -engine2"},
		{[]string{"-engine1", fake, "-engine2", fake, "-each", "cmd=x"}, "-each sets what all engines share"},
		{[]string{"-engine1", fake, "-engine", "name=x"}, "no cmd="},
		{[]string{"-engines", "/nonexistent/engines.txt"}, "no such file"},
		{[]string{"-engine1", fake, "-engine2", fake, "-anchor", "nobody"}, `-anchor "nobody"`},
		{[]string{"-engine1", fake, "-engine2", fake, "-engine", "cmd=x", "-tournament", "swiss"}, `-tournament "swiss"`},
	} {
		if _, err := fl(c.args...); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.args, err, c.want)
		}
	}
}
