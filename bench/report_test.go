package bench

import (
	"encoding/xml"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"varchess/movegen"
)

// reportSummary is a summary of two engines in two variants, with several terminations.
func reportSummary(names []string) *Summary {
	games := gamesOfScore(Score{Wins: 14, Losses: 8, Draws: 18})
	for i := range games {
		if i%2 == 1 {
			games[i].Variant = movegen.ByName("bunker")
		}
		if i%5 == 0 {
			games[i].Termination, games[i].Reason = termTime, "White loses on time (no move in 1.050 s)"
		}
		games[i].Names = names
	}
	return Summarize(games, names, SummaryOptions{SPRT: &SPRT{0, 10, 0.05, 0.05}})
}

// TestReportWellFormed: the report is well-formed XML (so any browser reads it the same),
// holds every table and the SVG plot, escapes the engines' names, and loads nothing from
// elsewhere.
func TestReportWellFormed(t *testing.T) {
	page := Report(reportSummary([]string{"A<&>", `B "quoted"`}), time.Unix(0, 0))
	d := xml.NewDecoder(strings.NewReader(strings.TrimPrefix(page, "<!DOCTYPE html>\n")))
	d.Strict = true
	elements := map[string]int{}
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed: %v\n%s", err, page)
		}
		if se, ok := tok.(xml.StartElement); ok {
			elements[se.Name.Local]++
			for _, a := range se.Attr {
				if a.Name.Local == "src" || a.Name.Local == "href" {
					t.Errorf("<%s %s=%q>: the page must load nothing", se.Name.Local, a.Name.Local, a.Value)
				}
			}
		}
	}
	for _, e := range []string{"svg", "polygon", "polyline", "table", "title"} {
		if elements[e] == 0 {
			t.Errorf("no <%s>", e)
		}
	}
	for _, bad := range []string{"<script", "<link", "url(", "@import"} {
		if strings.Contains(page, bad) {
			t.Errorf("page contains %q", bad)
		}
	}
	for _, want := range []string{"A&lt;&amp;&gt;", "Crosstable", "Ratings", "Results by termination", "time forfeit", "loses on time: ",
		"Variant normal (20 games)", "Variant bunker (20 games)", "Elo over games", "SPRT", "Pairs LL, LD, DD+WL, WD, WW"} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if strings.Contains(page, "NaN") || strings.Contains(page, ">-0<") {
		t.Errorf("NaN or -0 in the page")
	}
}

// TestReportInBrowser opens the report in Chromium (headless) when it is installed and
// checks that the browser's DOM has the plot and the tables.
func TestReportInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser")
	}
	browser, err := exec.LookPath("chromium")
	if err != nil {
		t.Skip("chromium not installed")
	}
	t.Parallel()
	path := filepath.Join(t.TempDir(), "report.html")
	if err := os.WriteFile(path, []byte(Report(reportSummary([]string{"A", "B"}), time.Now())), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(browser, "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", "file://"+path)
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir())
	out, err := cmd.Output()
	if err != nil {
		t.Skipf("chromium does not run here: %v", err)
	}
	dom := string(out)
	for _, want := range []string{"<svg", "<polyline", "<h1>A vs B</h1>", "Crosstable", "Results by termination"} {
		if !strings.Contains(dom, want) {
			t.Errorf("the browser's DOM lacks %q", want)
		}
	}
}
