package bench

import (
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"strings"
)

// SummaryOptions are the choices that shape a summary.
type SummaryOptions struct {
	Stats  string // statsPenta ("" too) or statsTrinomial
	SPRT   *SPRT  // nil: no test
	Anchor string // the engine rated 0 ("": the first)
}

// Summary is every figure of a match or tournament, computed from its games alone (in
// Round order), so that a run and the merge of its shards' PGNs give the same one.
type Summary struct {
	Names    []string
	Opts     SummaryOptions
	Games    []gameRecord
	Score    Score // the first engine against the second (two engines)
	Penta    Penta // the first engine's game pairs against the second (two engines)
	Unpaired int   // games without their pair, left out of Penta
	Cross    [][]Score
	Ratings  []Rating // by rank (best first)
	Anchor   int
	// Terms counts the games by Termination tag, then by the reason's kind.
	Terms []termCount
	// ByVariant are the summaries of each variant's games when several were played.
	ByVariant []variantSummary
}

// variantSummary is one variant's part of a summary.
type variantSummary struct {
	Variant string
	*Summary
}

// termCount is the number of games that ended one way.
type termCount struct {
	Termination string
	Reasons     []reasonCount
	Games       int
}

type reasonCount struct {
	Reason string
	Games  int
}

// Summarize computes the figures of games between engines named names.
func Summarize(games []gameRecord, names []string, opts SummaryOptions) *Summary {
	s := summarizeOne(games, names, opts)
	var variants []string
	for _, g := range games {
		if g.Variant != nil && !slices.Contains(variants, g.Variant.Name) {
			variants = append(variants, g.Variant.Name)
		}
	}
	if len(variants) > 1 {
		for _, v := range variants {
			var sub []gameRecord
			for _, g := range games {
				if g.Variant != nil && g.Variant.Name == v {
					sub = append(sub, g)
				}
			}
			s.ByVariant = append(s.ByVariant, variantSummary{v, summarizeOne(sub, names, opts)})
		}
	}
	return s
}

func summarizeOne(games []gameRecord, names []string, opts SummaryOptions) *Summary {
	s := &Summary{Names: names, Opts: opts, Games: games}
	if opts.Stats == "" {
		s.Opts.Stats = statsPenta
	}
	s.Score = scoreBetween(games, 0, 1)
	s.Penta, s.Unpaired = pentaOf(games, 0, 1)
	s.Cross = crosstable(games, len(names))
	s.Anchor = max(slices.Index(names, opts.Anchor), 0)
	s.Ratings = rateEngines(s.Cross, s.Anchor)
	sort.SliceStable(s.Ratings, func(a, b int) bool { return s.Ratings[a].Elo > s.Ratings[b].Elo })
	s.Terms = countTerminations(games)
	return s
}

// reasonKind is the kind of a game's reason, without the colour and the details:
// "White loses on time (no move in 1.050 s)" is "loses on time".
func reasonKind(r string) string {
	for _, c := range []string{"White ", "Black "} {
		r = strings.TrimPrefix(r, c)
	}
	if i := strings.IndexAny(r, ":("); i > 0 {
		r = r[:i]
	}
	return strings.TrimSpace(r)
}

func countTerminations(games []gameRecord) []termCount {
	var out []termCount
	for _, g := range games {
		i := slices.IndexFunc(out, func(t termCount) bool { return t.Termination == g.Termination })
		if i < 0 {
			out = append(out, termCount{Termination: g.Termination})
			i = len(out) - 1
		}
		out[i].Games++
		k := reasonKind(g.Reason)
		j := slices.IndexFunc(out[i].Reasons, func(r reasonCount) bool { return r.Reason == k })
		if j < 0 {
			out[i].Reasons = append(out[i].Reasons, reasonCount{Reason: k})
			j = len(out[i].Reasons) - 1
		}
		out[i].Reasons[j].Games++
	}
	sort.SliceStable(out, func(a, b int) bool { return out[a].Games > out[b].Games })
	for _, t := range out {
		sort.SliceStable(t.Reasons, func(a, b int) bool { return t.Reasons[a].Games > t.Reasons[b].Games })
	}
	return out
}

// Forfeits counts the games lost by a forfeit: on time, by a rules infraction (an
// illegal move, a false claim, a rejected move) or abandoned (a crash, an engine that
// did not start).
func (s *Summary) Forfeits() int {
	n := 0
	for _, g := range s.Games {
		if g.Termination == termTime || g.Termination == termInfraction || g.Termination == termAbandoned {
			n++
		}
	}
	return n
}

// EloText is the first engine's Elo difference against the second in the chosen model,
// with its 95% interval: "+34.9 +/- 30.0, 95% interval [+4.9, +64.9]".
func (s *Summary) EloText() string {
	sc := s.Score
	if s.Opts.Stats == statsTrinomial || s.Penta.Pairs() == 0 {
		elo, lo, hi := sc.Elo()
		note := ""
		if s.Opts.Stats != statsTrinomial {
			note = " (trinomial: no complete game pair yet)"
		}
		switch why := sc.degenerate(); {
		case why != "" && sc.Games() > 0:
			return fmt.Sprintf("%s (%s)%s", fmtElo(elo), why, note)
		case why != "":
			return why
		case math.IsInf(hi-lo, 0) || math.IsNaN(hi-lo):
			return fmt.Sprintf("%s, 95%% interval [%s, %s]%s", fmtElo(elo), fmtElo(lo), fmtElo(hi), note)
		}
		return fmt.Sprintf("%s +/- %.1f, 95%% interval [%s, %s]%s", fmtElo(elo), (hi-lo)/2, fmtElo(lo), fmtElo(hi), note)
	}
	elo, lo, hi := s.Penta.Elo()
	switch {
	case math.IsNaN(lo):
		return fmt.Sprintf("%s (all %d pairs scored alike; the interval needs pairs that differ)", fmtElo(elo), s.Penta.Pairs())
	case math.IsInf(hi-lo, 0):
		return fmt.Sprintf("%s, 95%% interval [%s, %s] (pentanomial)", fmtElo(elo), fmtElo(lo), fmtElo(hi))
	}
	return fmt.Sprintf("%s +/- %.1f, 95%% interval [%s, %s] (pentanomial)", fmtElo(elo), (hi-lo)/2, fmtElo(lo), fmtElo(hi))
}

// NEloText is the normalised Elo with its 95% margin, in the chosen model.
func (s *Summary) NEloText() string {
	nelo, m := s.Score.NElo()
	if s.Opts.Stats != statsTrinomial && s.Penta.Pairs() > 0 {
		nelo, m = s.Penta.NElo()
	}
	if math.IsNaN(nelo) {
		return "not defined (the results do not vary)"
	}
	return fmt.Sprintf("%s +/- %.1f", fmtElo(nelo), m)
}

// LLR is the SPRT's log-likelihood ratio in the chosen model.
func (s *Summary) LLR() float64 {
	if s.Opts.SPRT == nil {
		return 0
	}
	return s.Opts.SPRT.llrOf(s.Games, s.Opts.Stats)
}

// Write writes the summary: for two engines the score, the pairs, the Elo difference, the
// normalised Elo, the draw ratio, the LOS and the SPRT; for more the rating table and the
// crosstable; then the results by termination and each variant's figures.
func (s *Summary) Write(w io.Writer) {
	s.writeTables(w, "")
	if len(s.ByVariant) > 0 {
		for _, v := range s.ByVariant {
			fmt.Fprintf(w, "\nVariant %s (%d games):\n", v.Variant, len(v.Games))
			v.writeTables(w, "  ")
		}
	}
	fmt.Fprintln(w, "Results by termination:")
	for _, t := range s.Terms {
		var parts []string
		for _, r := range t.Reasons {
			parts = append(parts, fmt.Sprintf("%s %d", r.Reason, r.Games))
		}
		fmt.Fprintf(w, "  %-16s %5d  (%s)\n", t.Termination, t.Games, strings.Join(parts, ", "))
	}
}

func (s *Summary) writeTables(w io.Writer, indent string) {
	if len(s.Names) == 2 {
		sc := s.Score
		fmt.Fprintf(w, "%sScore of %s vs %s: %d - %d - %d [%.3f] %d\n", indent,
			s.Names[0], s.Names[1], sc.Wins, sc.Losses, sc.Draws, sc.Ratio(), sc.Games())
		fmt.Fprintf(w, "%sPairs (LL, LD, DD+WL, WD, WW): %s", indent, s.Penta)
		if s.Unpaired > 0 {
			fmt.Fprintf(w, "; %d game(s) without their pair", s.Unpaired)
		}
		fmt.Fprintln(w)
		fmt.Fprintf(w, "%sElo difference: %s\n", indent, s.EloText())
		fmt.Fprintf(w, "%sNormalized Elo: %s\n", indent, s.NEloText())
		if n := sc.Games(); n > 0 {
			fmt.Fprintf(w, "%sDraw ratio: %.1f%%\n", indent, 100*float64(sc.Draws)/float64(n))
		}
		fmt.Fprintf(w, "%sLOS: %.1f%%\n", indent, 100*sc.LOS())
		if t := s.Opts.SPRT; t != nil {
			lo, hi := t.Bounds()
			llr := s.LLR()
			fmt.Fprintf(w, "%sSPRT (%s): elo0 %g elo1 %g alpha %g beta %g: LLR %.2f (%.2f, %.2f): %s\n", indent,
				s.Opts.Stats, t.Elo0, t.Elo1, t.Alpha, t.Beta, llr, lo, hi, t.decide(llr))
		}
		return
	}
	width := 4
	for _, n := range s.Names {
		width = max(width, len(n))
	}
	fmt.Fprintf(w, "%s%4s  %-*s  %7s  %6s  %5s  %6s  %6s\n", indent, "Rank", width, "Name", "Elo", "+/-", "Games", "Score", "Draws")
	for rank, r := range s.Ratings {
		margin, score, draws := s.ratingCells(r)
		fmt.Fprintf(w, "%s%4d  %-*s  %7s  %6s  %5d  %6s  %6s\n", indent, rank+1, width, s.Names[r.Engine], fmtElo(r.Elo), margin, r.Games, score, draws)
	}
	fmt.Fprintf(w, "%s(maximum likelihood, 95%% intervals, %s = 0; a prior of %d draw between engines that met)\n",
		indent, s.Names[s.Anchor], ratingPrior)
	fmt.Fprintf(w, "%sCrosstable (the row's points against the column):\n", indent)
	cell := func(sc Score) string {
		if sc.Games() == 0 {
			return "-"
		}
		return fmt.Sprintf("%g/%d", float64(sc.Wins)+float64(sc.Draws)/2, sc.Games())
	}
	cw := 8
	fmt.Fprintf(w, "%s%-*s", indent, width, "")
	for _, n := range s.Names {
		fmt.Fprintf(w, "  %*s", max(cw, len(n)), n)
	}
	fmt.Fprintln(w)
	for i, n := range s.Names {
		fmt.Fprintf(w, "%s%-*s", indent, width, n)
		for j, m := range s.Names {
			c := cell(s.Cross[i][j])
			if i == j {
				c = "x"
			}
			fmt.Fprintf(w, "  %*s", max(cw, len(m)), c)
		}
		fmt.Fprintln(w)
	}
}

// ratingCells are the figures of r's row in the rating table, as the text summary and the
// HTML report both print them: the margin ("-" for the anchor or an unknown one), the
// score and the draw ratio ("-" without games).
func (s *Summary) ratingCells(r Rating) (margin, score, draws string) {
	margin, score, draws = "-", "-", "-"
	if !math.IsNaN(r.Margin) && r.Engine != s.Anchor {
		margin = fmt.Sprintf("%.1f", r.Margin)
	}
	if r.Games > 0 {
		score = fmt.Sprintf("%.1f%%", 100*r.Points/float64(r.Games))
		draws = fmt.Sprintf("%.1f%%", 100*float64(r.Draws)/float64(r.Games))
	}
	return margin, score, draws
}
