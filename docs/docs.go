// Package docs holds the project's own documents: the rules of every game in the project's
// words (one Markdown file per game), the conventions of FEN and move text, and the browser
// board's API. They are embedded so that the web board's help shows exactly these texts.
package docs

import (
	"embed"
	"io/fs"
)

//go:embed *.md
var files embed.FS

// ruleFiles maps a variant name to the file of its rules; Bunker and Pre-chess are one game
// with two ways to set up, described in one document.
var ruleFiles = map[string]string{
	"normal":         "normal.md",
	"weaksquare":     "weaksquare.md",
	"bunker":         "bunker.md",
	"prechess":       "bunker.md",
	"hopchess":       "hopchess.md",
	"jumpingknights": "jumpingknights.md",
	"blackhole":      "blackhole.md",
}

// Rules is the Markdown text of the rules of the named variant; ok is false for an unknown
// name or a game whose document is missing.
func Rules(variant string) (text string, ok bool) {
	name, ok := ruleFiles[variant]
	if !ok {
		return "", false
	}
	b, err := fs.ReadFile(files, name)
	if err != nil {
		return "", false
	}
	return string(b), true
}

// File is the text of one document by its file name (for example "conventions.md").
func File(name string) (string, bool) {
	b, err := fs.ReadFile(files, name)
	if err != nil {
		return "", false
	}
	return string(b), true
}
