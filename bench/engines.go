package bench

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
)

// Engine settings. One syntax serves the -engine flag, -each and the lines of an engines
// file: words KEY=VALUE, split as a shell would (quote a value with blanks):
//
//	cmd=CMD            the command line (itself split into words, so quote it whole)
//	name=NAME          the name in the tables and the PGN (default: the engine's own)
//	proto=PROTO        auto, xboard or uci
//	dir=DIR            the working directory the engine runs in
//	option.NAME=VALUE  an engine option: UCI "setoption name NAME value VALUE"; XBoard
//	                   "option NAME=VALUE", or "memory VALUE" and "cores VALUE" for the
//	                   options named memory and cores (XBoard's own commands)
//	conf=NAME          start from the engine named NAME in the -engines file
//
// cutechess-cli's option.NAME=VALUE style was chosen so that a cutechess user's engine
// definitions carry over word for word.

// EngineOption is one option set on an engine after its handshake.
type EngineOption struct{ Name, Value string }

// parseEngineWords reads the KEY=VALUE words of one engine. conf holds the engines of the
// -engines file, by name (nil: none). The command may be missing (-each has none).
func parseEngineWords(text string, conf map[string]EngineSpec) (EngineSpec, error) {
	var spec EngineSpec
	if strings.TrimSpace(text) == "" {
		return spec, nil
	}
	words, err := splitCommand(text)
	if err != nil {
		return spec, err
	}
	for _, w := range words {
		key, value, ok := strings.Cut(w, "=")
		if !ok {
			return spec, fmt.Errorf("%q: want KEY=VALUE (cmd=, name=, proto=, dir=, option.NAME=, conf=)", w)
		}
		switch {
		case key == "cmd":
			if spec.Cmd, err = splitCommand(value); err != nil {
				return spec, fmt.Errorf("cmd: %v", err)
			}
		case key == "name":
			spec.Name = value
		case key == "proto":
			if value != protoAuto && value != "xboard" && value != "uci" {
				return spec, fmt.Errorf("proto=%s: want auto, xboard or uci", value)
			}
			spec.Proto = value
		case key == "dir":
			spec.Dir = value
		case strings.HasPrefix(key, "option."):
			name := strings.TrimPrefix(key, "option.")
			if name == "" {
				return spec, fmt.Errorf("%q: the option has no name", w)
			}
			spec.Options = setOption(spec.Options, name, value)
		case key == "conf":
			c, ok := conf[value]
			if !ok {
				return spec, fmt.Errorf("conf=%s: no engine of that name in the -engines file", value)
			}
			spec = mergeSpec(spec, c)
		default:
			return spec, fmt.Errorf("unknown key %q (want cmd, name, proto, dir, option.NAME or conf)", key)
		}
	}
	return spec, nil
}

// setOption sets name to value in opts, replacing an earlier value.
func setOption(opts []EngineOption, name, value string) []EngineOption {
	for i := range opts {
		if opts[i].Name == name {
			opts = slices.Clone(opts)
			opts[i].Value = value
			return opts
		}
	}
	return append(slices.Clone(opts), EngineOption{name, value})
}

// mergeSpec fills what spec leaves unset from base: the command, name, protocol and
// directory, and every option spec does not set itself. It is how -each and conf= apply.
func mergeSpec(spec, base EngineSpec) EngineSpec {
	if spec.Cmd == nil {
		spec.Cmd = base.Cmd
	}
	if spec.Name == "" {
		spec.Name = base.Name
	}
	if spec.Proto == "" || spec.Proto == protoAuto {
		if base.Proto != "" {
			spec.Proto = base.Proto
		}
	}
	if spec.Dir == "" {
		spec.Dir = base.Dir
	}
	out := slices.Clone(base.Options)
	for _, o := range spec.Options {
		out = setOption(out, o.Name, o.Value)
	}
	if len(out) > 0 {
		spec.Options = out
	}
	return spec
}

// ReadEngines reads an engines file: one engine a line in the words of -engine, each
// with a name= (how -engine conf=NAME finds it); blank lines and lines starting with #
// are skipped. It returns the engines in the file's order.
func ReadEngines(r io.Reader) ([]EngineSpec, error) {
	var out []EngineSpec
	seen := map[string]bool{}
	err := eachLine(r, func(n int, text string) error {
		spec, err := parseEngineWords(text, nil)
		switch {
		case err != nil:
			return fmt.Errorf("engines file line %d: %v", n, err)
		case spec.Name == "":
			return fmt.Errorf("engines file line %d: the engine needs a name=", n)
		case spec.Cmd == nil:
			return fmt.Errorf("engines file line %d: the engine needs a cmd=", n)
		case seen[spec.Name]:
			return fmt.Errorf("engines file line %d: a second engine named %q", n, spec.Name)
		}
		seen[spec.Name] = true
		out = append(out, spec)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no engines in the file")
	}
	return out, nil
}

// readEnginesFile is ReadEngines of the file at path.
func readEnginesFile(path string) ([]EngineSpec, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	specs, err := ReadEngines(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return specs, nil
}

// optionNames lists names for an error message.
func optionNames(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

// uciOptionName is the NAME of an "option name NAME type ..." line (names may have
// blanks: "Move Overhead"), "" if the line is not one.
func uciOptionName(text string) string {
	rest, ok := strings.CutPrefix(strings.TrimSpace(text), "option name ")
	if !ok {
		return ""
	}
	if i := strings.Index(rest, " type "); i >= 0 {
		rest = rest[:i]
	}
	return strings.TrimSpace(rest)
}

// xboardOptionName is the NAME of a feature option="NAME -type ..." value.
func xboardOptionName(value string) string {
	if i := strings.Index(value, " -"); i >= 0 {
		value = value[:i]
	}
	return strings.TrimSpace(value)
}
