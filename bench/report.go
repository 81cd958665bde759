package bench

import (
	"fmt"
	"html"
	"math"
	"os"
	"strings"
	"time"
)

// The HTML report: one self-contained page (no scripts, fonts, styles or images from
// elsewhere; the plot is SVG written here), well-formed XML so that any XML parser can
// check it, readable in any browser and in a mail.

// writeReportFile writes the report of s to path.
func writeReportFile(path string, s *Summary) error {
	return os.WriteFile(path, []byte(Report(s, time.Now())), 0o644)
}

// esc escapes text for HTML.
func esc(s string) string { return html.EscapeString(s) }

// Report is the HTML page of s.
func Report(s *Summary, now time.Time) string {
	var b strings.Builder
	b.WriteString(`<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" lang="en">
<head>
<meta charset="utf-8"/>
<title>` + esc(reportTitle(s)) + `</title>
<style>
body { font-family: sans-serif; margin: 2em; color: #222; max-width: 60em; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em 0; }
th, td { border: 1px solid #bbb; padding: 0.25em 0.6em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
th { background: #eee; }
td.self { background: #f4f4f4; }
.note { color: #555; font-size: 90%; }
</style>
</head>
<body>
`)
	fmt.Fprintf(&b, "<h1>%s</h1>\n", esc(reportTitle(s)))
	fmt.Fprintf(&b, "<p class=\"note\">%d games; written %s by engine match.</p>\n", len(s.Games), now.UTC().Format("2006-01-02 15:04 UTC"))
	reportTables(&b, s, "h2")
	b.WriteString("<h2>Elo over games</h2>\n")
	b.WriteString(eloPlot(s))
	b.WriteString("<h2>Results by termination</h2>\n<table>\n<tr><th>Termination</th><th>Games</th><th style=\"text-align:left\">How</th></tr>\n")
	for _, t := range s.Terms {
		var parts []string
		for _, r := range t.Reasons {
			parts = append(parts, fmt.Sprintf("%s: %d", r.Reason, r.Games))
		}
		fmt.Fprintf(&b, "<tr><td>%s</td><td>%d</td><td style=\"text-align:left\">%s</td></tr>\n", esc(t.Termination), t.Games, esc(strings.Join(parts, "; ")))
	}
	b.WriteString("</table>\n")
	for _, v := range s.ByVariant {
		fmt.Fprintf(&b, "<h2>Variant %s (%d games)</h2>\n", esc(v.Variant), len(v.Games))
		reportTables(&b, v.Summary, "h3")
	}
	b.WriteString("</body>\n</html>\n")
	return b.String()
}

func reportTitle(s *Summary) string {
	if len(s.Names) == 2 {
		return s.Names[0] + " vs " + s.Names[1]
	}
	return fmt.Sprintf("Tournament of %d engines", len(s.Names))
}

// reportTables writes the score (two engines), the rating table and the crosstable.
func reportTables(b *strings.Builder, s *Summary, h string) {
	if len(s.Names) == 2 {
		sc := s.Score
		fmt.Fprintf(b, "<%s>Score</%s>\n<table>\n", h, h)
		row := func(k, v string) { fmt.Fprintf(b, "<tr><th>%s</th><td>%s</td></tr>\n", esc(k), esc(v)) }
		row("Score of "+s.Names[0], fmt.Sprintf("%d wins, %d losses, %d draws: %.1f%% of %d games", sc.Wins, sc.Losses, sc.Draws, 100*sc.Ratio(), sc.Games()))
		row("Pairs LL, LD, DD+WL, WD, WW", s.Penta.String())
		row("Elo difference", s.EloText())
		row("Normalized Elo", s.NEloText())
		if sc.Games() > 0 {
			row("Draw ratio", fmt.Sprintf("%.1f%%", 100*float64(sc.Draws)/float64(sc.Games())))
		}
		row("LOS", fmt.Sprintf("%.1f%%", 100*sc.LOS()))
		if t := s.Opts.SPRT; t != nil {
			lo, hi := t.Bounds()
			llr := s.LLR()
			row("SPRT", fmt.Sprintf("[%g, %g] alpha %g beta %g, %s: LLR %.2f in (%.2f, %.2f): %s", t.Elo0, t.Elo1, t.Alpha, t.Beta, s.Opts.Stats, llr, lo, hi, t.decide(llr)))
		}
		b.WriteString("</table>\n")
	}
	fmt.Fprintf(b, "<%s>Ratings</%s>\n<table>\n<tr><th>Engine</th><th>Rank</th><th>Elo</th><th>&#177; (95%%)</th><th>Games</th><th>Score</th><th>Draws</th></tr>\n", h, h)
	for rank, r := range s.Ratings {
		margin, score, draws := s.ratingCells(r)
		fmt.Fprintf(b, "<tr><td>%s</td><td>%d</td><td>%s</td><td>%s</td><td>%d</td><td>%s</td><td>%s</td></tr>\n",
			esc(s.Names[r.Engine]), rank+1, fmtElo(r.Elo), margin, r.Games, score, draws)
	}
	fmt.Fprintf(b, "</table>\n<p class=\"note\">Maximum likelihood ratings (logistic model), %s anchored at 0, with a prior of %d draw between engines that met.</p>\n",
		esc(s.Names[s.Anchor]), ratingPrior)
	fmt.Fprintf(b, "<%s>Crosstable</%s>\n<table>\n<tr><th>Points of the row against the column</th>", h, h)
	for _, n := range s.Names {
		fmt.Fprintf(b, "<th>%s</th>", esc(n))
	}
	b.WriteString("</tr>\n")
	for i, n := range s.Names {
		fmt.Fprintf(b, "<tr><td>%s</td>", esc(n))
		for j := range s.Names {
			c := s.Cross[i][j]
			switch {
			case i == j:
				b.WriteString("<td class=\"self\"></td>")
			case c.Games() == 0:
				b.WriteString("<td>-</td>")
			default:
				fmt.Fprintf(b, "<td>%g/%d (+%d -%d =%d)</td>", float64(c.Wins)+float64(c.Draws)/2, c.Games(), c.Wins, c.Losses, c.Draws)
			}
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</table>\n")
}

// eloPoint is the first engine's Elo and its 95% interval after some games.
type eloPoint struct {
	games       int
	elo, lo, hi float64
}

// eloSeries is the first engine's Elo after each of its games in Round order (after each
// complete pair in the pentanomial model), against the second engine when there are two,
// against the field when more.
func eloSeries(s *Summary) []eloPoint {
	var out []eloPoint
	var sc Score
	half := map[int][]int{}
	var p Penta
	n := 0
	for _, g := range s.Games {
		r := g.scoreOf(0)
		if r < 0 {
			continue
		}
		n++
		switch r {
		case 2:
			sc.Wins++
		case 1:
			sc.Draws++
		default:
			sc.Losses++
		}
		var e eloPoint
		if s.Opts.Stats == statsTrinomial {
			if sc.degenerate() != "" {
				continue
			}
			e.elo, e.lo, e.hi = sc.Elo()
		} else {
			key := g.Pairing
			half[key] = append(half[key], r)
			if len(half[key]) != 2 {
				continue
			}
			p[half[key][0]+half[key][1]]++
			if e.elo, e.lo, e.hi = p.Elo(); math.IsNaN(e.lo) {
				continue
			}
		}
		e.games = n
		out = append(out, e)
	}
	return out
}

// eloPlot draws eloSeries as SVG: the Elo as a line, its 95% interval as a band, the
// zero line, and the axes with their labels.
func eloPlot(s *Summary) string {
	pts := eloSeries(s)
	if len(pts) < 2 {
		return "<p class=\"note\">Too few games for a plot: the interval needs results that differ.</p>\n"
	}
	const w, h, left, right, top, bottom = 720.0, 320.0, 60.0, 20.0, 20.0, 40.0
	lo, hi := -50.0, 50.0
	for _, p := range pts {
		for _, v := range []float64{p.lo, p.hi, p.elo} {
			if !math.IsInf(v, 0) && !math.IsNaN(v) {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
		}
	}
	lo, hi = math.Max(lo, -800), math.Min(hi, 800)
	step := niceStep((hi - lo) / 6)
	lo, hi = math.Floor(lo/step)*step, math.Ceil(hi/step)*step
	maxGames := float64(pts[len(pts)-1].games)
	x := func(g int) float64 { return left + (w-left-right)*float64(g)/maxGames }
	y := func(v float64) float64 {
		v = math.Max(lo, math.Min(hi, v)) // infinities at the edge
		return top + (h-top-bottom)*(hi-v)/(hi-lo)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%g\" height=\"%g\" viewBox=\"0 0 %g %g\" role=\"img\">\n", w, h, w, h)
	who := s.Names[0] + " against " + s.Names[1]
	if len(s.Names) > 2 {
		who = s.Names[0] + " against the others"
	}
	fmt.Fprintf(&b, "<title>Elo of %s after each game, with its 95%% interval (%s)</title>\n", esc(who), esc(s.Opts.Stats))
	// axes, grid and labels
	for i := 0; lo+float64(i)*step <= hi+step/2; i++ {
		v := lo + float64(i)*step
		if math.Abs(v) < step/2 {
			v = 0 // never "-0"
		}
		fmt.Fprintf(&b, "<line x1=\"%g\" y1=\"%.1f\" x2=\"%g\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"1\"/>\n", left, y(v), w-right, y(v), map[bool]string{true: "#444", false: "#ddd"}[math.Abs(v) < step/2])
		label := fmt.Sprintf("%+.0f", v)
		if v == 0 {
			label = "0"
		}
		fmt.Fprintf(&b, "<text x=\"%g\" y=\"%.1f\" font-size=\"12\" text-anchor=\"end\">%s</text>\n", left-6, y(v)+4, label)
	}
	gstep := niceStep(maxGames / 8)
	for g := 0.0; g <= maxGames; g += gstep {
		fmt.Fprintf(&b, "<text x=\"%.1f\" y=\"%g\" font-size=\"12\" text-anchor=\"middle\">%g</text>\n", x(int(g)), h-bottom+16, g)
	}
	fmt.Fprintf(&b, "<line x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\" stroke=\"#444\"/>\n", left, top, left, h-bottom)
	fmt.Fprintf(&b, "<text x=\"%g\" y=\"%g\" font-size=\"12\" text-anchor=\"middle\">games</text>\n", left+(w-left-right)/2, h-6)
	// the band: upper bounds left to right, lower bounds back
	var band []string
	for _, p := range pts {
		band = append(band, fmt.Sprintf("%.1f,%.1f", x(p.games), y(p.hi)))
	}
	for i := len(pts) - 1; i >= 0; i-- {
		band = append(band, fmt.Sprintf("%.1f,%.1f", x(pts[i].games), y(pts[i].lo)))
	}
	fmt.Fprintf(&b, "<polygon points=\"%s\" fill=\"#9cc3e6\" fill-opacity=\"0.6\" stroke=\"none\"/>\n", strings.Join(band, " "))
	var line []string
	for _, p := range pts {
		line = append(line, fmt.Sprintf("%.1f,%.1f", x(p.games), y(p.elo)))
	}
	fmt.Fprintf(&b, "<polyline points=\"%s\" fill=\"none\" stroke=\"#1f4e79\" stroke-width=\"2\"/>\n", strings.Join(line, " "))
	b.WriteString("</svg>\n")
	last := pts[len(pts)-1]
	fmt.Fprintf(&b, "<p class=\"note\">%s: Elo after each game (the line) with its 95%% interval (the band), %s model; bounds beyond the plot are drawn at its edge. Last: %s [%s, %s] after %d games.</p>\n",
		esc(who), esc(s.Opts.Stats), fmtElo(last.elo), fmtElo(last.lo), fmtElo(last.hi), last.games)
	return b.String()
}

// niceStep rounds a raw step up to 1, 2 or 5 times a power of ten.
func niceStep(raw float64) float64 {
	if raw <= 0 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= raw {
			return m * p
		}
	}
	return 10 * p
}
