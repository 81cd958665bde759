package bench

import (
	"fmt"
	"io"
	"strings"
	"time"

	"varchess/movegen"
)

// writePGN writes one game in PGN. The moves are in the native coordinate text of the
// conventions (no SAN: most variants have none), numbered from the start position's
// fullmove number; each move the engines played has its score, depth and time as a
// comment (moveNote), and the reason the game ended is the comment before the result.
func writePGN(w io.Writer, rec gameRecord, tc TimeControl, date time.Time) error {
	v := rec.Variant
	start, err := v.ParseFEN(rec.Start)
	if err != nil {
		return err
	}
	var b strings.Builder
	tag := func(name, value string) {
		value = strings.ReplaceAll(value, `\`, `\\`)
		value = strings.ReplaceAll(value, `"`, `\"`)
		fmt.Fprintf(&b, "[%s \"%s\"]\n", name, value)
	}
	tag("Event", "varchess match")
	tag("Site", "?")
	tag("Date", date.UTC().Format("2006.01.02"))
	tag("Round", fmt.Sprint(rec.Round))
	tag("White", rec.Names[rec.White])
	tag("Black", rec.Names[rec.Black])
	tag("Result", rec.Result.String())
	tag("Variant", v.Name)
	tag("SetUp", "1")
	tag("FEN", rec.Start)
	tag("TimeControl", tc.String())
	tag("Termination", rec.Termination)
	// Pairing numbers the games of one pair of engines from one opening (the colours
	// swapped): the pentanomial statistics of a merge of shards' PGNs pair them by it.
	tag("Pairing", fmt.Sprint(rec.Pairing))
	tag("PlyCount", fmt.Sprint(len(rec.Moves)))
	b.WriteByte('\n')

	var words []string
	num, black := start.FullmoveNumber(), start.SideToMove() == movegen.Black
	for i, m := range rec.Moves {
		switch {
		case !black:
			words = append(words, fmt.Sprintf("%d.", num))
		case i == 0:
			words = append(words, fmt.Sprintf("%d...", num))
		}
		words = append(words, m)
		if k := i - rec.OpeningPlies; k >= 0 && k < len(rec.Notes) && rec.Notes[k] != "" {
			words = append(words, "{"+pgnComment(rec.Notes[k])+"}")
		}
		if i+1 == rec.OpeningPlies {
			words = append(words, "{end of opening}")
		}
		if black {
			num++
		}
		black = !black
	}
	words = append(words, "{"+pgnComment(rec.Reason)+"}", rec.Result.String())
	col := 0
	for _, word := range words {
		if col > 0 && col+1+len(word) > 79 {
			b.WriteByte('\n')
			col = 0
		} else if col > 0 {
			b.WriteByte(' ')
			col++
		}
		b.WriteString(word)
		col += len(word)
	}
	b.WriteString("\n\n")
	_, err = io.WriteString(w, b.String())
	return err
}

// pgnComment makes s safe inside a PGN comment, which ends at the first '}'.
func pgnComment(s string) string {
	return strings.NewReplacer("{", "(", "}", ")").Replace(s)
}
