package bench

import (
	"errors"
	"fmt"
	"os"
	"strings"
)

// splitCommand splits an engine command line into words as a POSIX shell does, so that
// -engine1 takes what a user would type after `exec`: words separated by blanks; 'single
// quotes' keep everything literally; "double quotes" keep everything but \" \\ \$ \`
// (a backslash before another character stays); a backslash outside quotes keeps the
// next character; a word starting with an unquoted ~/ (or the word ~) starts in $HOME.
// The command is not run by a shell, so what only a shell does (pipes, redirections,
// variables, command substitution, lists, subshells) is an error that says to write
// /bin/sh -c '...' instead, rather than reaching the engine as stray arguments.
func splitCommand(s string) ([]string, error) {
	var words []string
	var word strings.Builder
	inWord := false // a word is under way (even an empty one, from '')
	quote := byte(0)
	atWordStart := true // no character of the current word read yet (for ~)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote == '\'':
			if c == '\'' {
				quote = 0
			} else {
				word.WriteByte(c)
			}
		case quote == '"':
			switch {
			case c == '"':
				quote = 0
			case c == '\\' && i+1 < len(s) && strings.IndexByte("\"\\$`", s[i+1]) >= 0:
				i++
				word.WriteByte(s[i])
			case c == '$' || c == '`':
				return nil, shellOnly(s, c)
			default:
				word.WriteByte(c)
			}
		case c == ' ' || c == '\t' || c == '\n':
			if inWord {
				words = append(words, word.String())
				word.Reset()
				inWord = false
			}
			atWordStart = true
			continue
		case c == '\'' || c == '"':
			quote = c
			inWord = true
		case c == '\\':
			if i+1 == len(s) {
				return nil, fmt.Errorf("command %q ends with a backslash that escapes nothing", s)
			}
			i++
			word.WriteByte(s[i])
			inWord = true
		case strings.IndexByte("|&;<>()$`", c) >= 0:
			return nil, shellOnly(s, c)
		case c == '~' && atWordStart && (i+1 == len(s) || s[i+1] == '/' || s[i+1] == ' ' || s[i+1] == '\t'):
			home, err := os.UserHomeDir()
			if err != nil {
				return nil, fmt.Errorf("command %q: ~ without a home folder: %v", s, err)
			}
			word.WriteString(home)
			inWord = true
		default:
			word.WriteByte(c)
			inWord = true
		}
		atWordStart = false
	}
	if quote != 0 {
		return nil, fmt.Errorf("command %q has an unterminated %c quote", s, quote)
	}
	if inWord {
		words = append(words, word.String())
	}
	if len(words) == 0 {
		return nil, errors.New("empty engine command")
	}
	return words, nil
}

// shellOnly is the error for a character only a shell would act on.
func shellOnly(s string, c byte) error {
	return fmt.Errorf("command %q: %q needs a shell, and engine commands are not run by one: "+
		"quote it, or write /bin/sh -c '...' around the command", s, string(c))
}

// quoteCommand writes argv as one command line that splitCommand (and a shell) reads back
// as argv: for error messages and for tests.
func quoteCommand(argv []string) string {
	words := make([]string, len(argv))
	for i, w := range argv {
		if w != "" && strings.Trim(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%") == "" {
			words[i] = w
		} else {
			words[i] = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
		}
	}
	return strings.Join(words, " ")
}
