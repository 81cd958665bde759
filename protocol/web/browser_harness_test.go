package web

// The harness of the real-browser tests (browser_test.go): one headless Chromium per test
// binary, one tab per test, the package's own server on a loopback listener, and bounded
// waits on the page's state so that a broken page fails fast with a description of what it
// showed instead of hanging.
//
// The page's hooks the tests rely on (the page keeps them stable for this):
//   - #board: each square [data-square=NAME] takes clicks; pieces
//     [data-piece=LETTER][data-on=NAME]; trampolines [data-trampoline=white|black][data-on=NAME];
//     square classes target, picked, last, check, zone-NAME; a bounce path .path, the
//     best-move arrow .arrow.
//   - #hand-white, #hand-black: hand pieces [data-hand-piece=LETTER][data-count=N].
//   - #chooser (hidden attribute when closed) with one [data-move=TEXT] button per move;
//     #pass (hidden unless a pass is legal).
//   - #variant, #mode (white, black, two, engines, analysis), #level (movetime:MS, depth:D),
//     #clocks, #new-game, #flip; #status, #message (the last refusal), #result.
//   - #moves [data-ply=N], #first, #back, #forward, #last, #takeback; #fen, #fen-set,
//     #fen-error; #share; #pgn, #pgn-export, #pgn-import.
//   - #analyze, #multipv, #eval-score, #analysis-depth, #pv-lines .pv-line; #clock-white,
//     #clock-black; #legend [data-legend=LETTER]; #rules.
//   - window.varchess = {variant, fen, moves, state, busy}: state is the last /api/state
//     answer, busy is true while a request or an engine move is in flight.

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// Time bounds of the browser tests. The machine is small and shared (a load of 18 on 2 cores
// was seen), so they are generous for the happy path, which takes a second or two per test,
// and still end a broken test within two minutes.
const (
	browserStartTimeout = 60 * time.Second  // starting Chromium and opening its first tab
	browserTestTimeout  = 120 * time.Second // everything one test does in its tab
	waitTimeout         = 30 * time.Second  // one awaited change of the page (an engine move at depth 1 included)
	actionTimeout       = 20 * time.Second  // one click or evaluation, the element being there
	pollInterval        = 40 * time.Millisecond
	engineLevel         = "depth:1" // the engine's level in the tests: a move in milliseconds
)

// screenshotDirEnv names the folder for the screenshots (see screenshotDir; t.TempDir would
// delete them before anyone looks).
const screenshotDirEnv = "TEST_SCREENSHOTS"

// TestMain closes the shared browser after the tests, so that no Chromium process or
// profile folder outlives the test binary. It is the package's only TestMain.
func TestMain(m *testing.M) {
	code := m.Run()
	closeBrowser()
	os.Exit(code)
}

// sharedBrowser is the one Chromium of the test binary, started by the first browser test.
var sharedBrowser struct {
	once    sync.Once
	ctx     context.Context // a chromedp context whose browser runs; each test's tab derives from it
	cancel  context.CancelFunc
	dataDir string
	err     error
}

// chromiumPath finds Debian's Chromium (or a chromium-browser) on the PATH.
func chromiumPath() (string, bool) {
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, true
		}
	}
	return "", false
}

// startBrowser starts the shared browser once; later calls return the same context.
func startBrowser(path string) (context.Context, error) {
	b := &sharedBrowser
	b.once.Do(func() {
		b.dataDir, b.err = os.MkdirTemp("", "varchess-chromium-")
		if b.err != nil {
			return
		}
		opts := append(chromedp.DefaultExecAllocatorOptions[:],
			chromedp.ExecPath(path),
			chromedp.NoSandbox,
			chromedp.Headless,
			chromedp.Flag("disable-gpu", true),
			chromedp.Flag("disable-background-networking", true),
			chromedp.Flag("disable-component-update", true),
			chromedp.Flag("disable-sync", true),
			chromedp.Flag("no-first-run", true),
			chromedp.UserDataDir(b.dataDir),
			chromedp.WindowSize(1280, 1000),
		)
		allocCtx, allocCancel := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, cancel := chromedp.NewContext(allocCtx)
		b.ctx = ctx
		b.cancel = func() { cancel(); allocCancel() }
		// The first Do starts the browser and binds it to ctx (no timeout on ctx itself);
		// a watchdog bounds the start.
		started := make(chan error, 1)
		go func() { started <- chromedp.Do(ctx) }()
		select {
		case b.err = <-started:
		case <-time.After(browserStartTimeout):
			b.err = fmt.Errorf("Chromium did not start within %v", browserStartTimeout)
			b.cancel()
		}
	})
	return b.ctx, b.err
}

// closeBrowser stops the shared browser, if it ran, and removes its profile folder.
func closeBrowser() {
	b := &sharedBrowser
	if b.cancel != nil {
		b.cancel()
	}
	if b.dataDir != "" {
		os.RemoveAll(b.dataDir)
	}
}

// newTestHandler is the package's server as `engine serve` runs it, with small engines; a
// recovered panic (a server bug) fails the test.
func newTestHandler(t *testing.T) http.Handler {
	return New(Config{Searches: 2, Logf: func(format string, args ...any) {
		t.Errorf("server: "+format, args...)
	}})
}

// boardPage is one test's tab on the board page of a fresh server.
type boardPage struct {
	t    *testing.T
	ctx  context.Context // the tab, bounded by browserTestTimeout
	base string          // the server's URL, ending in "/"

	mu       sync.Mutex
	problems []string // uncaught exceptions, security (CSP) errors, 500s: each fails the test
	console  []string // other console errors, shown when a wait fails
}

// openBoard skips when the browser tests cannot run, else starts a server and a tab, loads
// the page (hash is the part after "#", without it, or "") and waits until window.varchess
// is ready and idle.
func openBoard(t *testing.T, hash string) *boardPage {
	t.Helper()
	if testing.Short() {
		t.Skip("browser test skipped in -short mode (run without -short to drive Chromium)")
	}
	path, ok := chromiumPath()
	if !ok {
		t.Skip("browser test skipped: Chromium is not installed; install it with `apt-get install chromium` (Debian) and run again")
	}
	if pageLoads.broken.Load() {
		t.Fatal("the board page never started in the earlier tests (see their failures); not trying again")
	}
	browserCtx, err := startBrowser(path)
	if err != nil {
		t.Fatalf("starting Chromium (%s): %v", path, err)
	}

	srv := httptest.NewServer(newTestHandler(t))
	t.Cleanup(srv.Close) // registered before the tab's cleanup, so it runs after the tab is closed

	tabCtx, closeTab := chromedp.NewContext(browserCtx)
	t.Cleanup(closeTab)
	if err := chromedp.Do(tabCtx); err != nil { // opens the tab, bound to tabCtx
		t.Fatalf("opening a tab: %v", err)
	}
	ctx, cancel := context.WithTimeout(tabCtx, browserTestTimeout)
	t.Cleanup(cancel)

	p := &boardPage{t: t, ctx: ctx, base: srv.URL + "/"}
	if err := chromedp.Listen(ctx, p.record); err != nil {
		t.Fatalf("listening to the tab: %v", err)
	}
	p.load(hash)
	t.Cleanup(func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		for _, s := range p.problems {
			t.Errorf("the page reported: %s", s)
		}
	})
	return p
}

// record keeps the page's uncaught exceptions and error messages (runs on chromedp's reader
// goroutine: no commands here).
func (p *boardPage) record(ev any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	switch ev := ev.(type) {
	case *runtime.EventExceptionThrown:
		d := ev.ExceptionDetails
		text := d.Text
		if d.Exception != nil && d.Exception.Description != "" {
			text += " " + d.Exception.Description
		}
		p.problems = append(p.problems, fmt.Sprintf("uncaught exception at %s:%d: %s", d.URL, d.LineNumber+1, text))
	case *runtime.EventConsoleAPICalled:
		if ev.Type == runtime.ConsoleAPICalledTypeError {
			var parts []string
			for _, a := range ev.Args {
				if a.Description != "" {
					parts = append(parts, a.Description)
				} else {
					parts = append(parts, string(a.Value))
				}
			}
			p.console = append(p.console, "console.error: "+strings.Join(parts, " "))
		}
	case *log.EventEntryAdded:
		e := ev.Entry
		if e.Level != log.EntryLevelError {
			return
		}
		if e.Source == log.EntrySourceSecurity {
			p.problems = append(p.problems, "security error (Content-Security-Policy?): "+e.Text)
			return
		}
		if e.Source == log.EntrySourceNetwork && strings.Contains(e.Text, "status of 500") {
			p.problems = append(p.problems, fmt.Sprintf("the server answered 500: %s %s", e.Text, e.URL))
			return
		}
		p.console = append(p.console, fmt.Sprintf("%s error: %s %s", e.Source, e.Text, e.URL))
	}
}

// load navigates the tab to the board with the given hash and waits for the page to be ready.
func (p *boardPage) load(hash string) {
	p.t.Helper()
	u := p.base
	if hash != "" {
		u += "#" + hash
	}
	// about:blank first, so that a new hash on the same page is a fresh load too.
	if err := chromedp.Do(p.bounded(actionTimeout), chromedp.Navigate("about:blank"), chromedp.Navigate(u)); err != nil {
		p.t.Fatalf("loading %s: %v", u, err)
	}
	const ready = `!!(window.varchess && window.varchess.state && window.varchess.state.variant)`
	if ok, _ := p.poll(waitTimeout, ready); !ok {
		if pageLoads.failed.Add(1) >= 2 && pageLoads.started.Load() == 0 {
			pageLoads.broken.Store(true)
		}
		p.t.Fatalf("the page did not start: no window.varchess with a state after loading %s%s", u, p.describe())
	}
	pageLoads.started.Add(1)
	p.waitIdle()
}

// pageLoads counts the loads of the page in the test binary: when it never starts (twice,
// and never once well), the later tests fail at once instead of each waiting for it.
var pageLoads struct {
	started, failed atomic.Int64
	broken          atomic.Bool
}

// bounded is the tab's context limited to d (never past the test's own bound).
func (p *boardPage) bounded(d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(p.ctx, d)
	p.t.Cleanup(cancel)
	return ctx
}

// hashFor builds the page's URL hash for a game: variant, start FEN (may be empty) and moves.
func hashFor(variant, fen string, moves ...string) string {
	esc := func(s string) string { return strings.ReplaceAll(url.QueryEscape(s), "+", "%20") }
	h := "variant=" + esc(variant)
	if fen != "" {
		h += "&fen=" + esc(fen)
	}
	if len(moves) > 0 {
		h += "&moves=" + esc(strings.Join(moves, " "))
	}
	return h
}

// evalJS evaluates a JavaScript expression in the page and decodes its value.
func evalJS[T any](p *boardPage, js string) T {
	p.t.Helper()
	v, err := chromedp.Run(p.bounded(actionTimeout), chromedp.Evaluate[T](js))
	if err != nil {
		p.t.Fatalf("evaluating %s: %v%s", js, err, p.describe())
	}
	return v
}

// waitFor polls a JavaScript condition until it is true, failing after waitTimeout with
// what is awaited and what the page shows.
func (p *boardPage) waitFor(what, cond string) {
	p.t.Helper()
	p.waitForWithin(waitTimeout, what, cond)
}

func (p *boardPage) waitForWithin(d time.Duration, what, cond string) {
	p.t.Helper()
	ok, lastErr := p.poll(d, cond)
	switch {
	case ok:
		return
	case lastErr != nil:
		p.t.Fatalf("waited for %s (%s); last error %v%s", what, cond, lastErr, p.describe())
	default:
		p.t.Fatalf("waited up to %v for %s (%s)%s", d, what, cond, p.describe())
	}
}

// poll evaluates cond until it is true (ok), the page reports a problem (an uncaught
// exception fails at once instead of after the timeout) or d has passed.
func (p *boardPage) poll(d time.Duration, cond string) (ok bool, lastErr error) {
	deadline := time.Now().Add(d)
	js := "(() => { try { return !!(" + cond + "); } catch (e) { return false; } })()"
	for {
		ok, err := chromedp.Run(p.bounded(actionTimeout), chromedp.Evaluate[bool](js))
		if err == nil && ok {
			return true, nil
		}
		if err != nil {
			lastErr = err
			if errors.Is(p.ctx.Err(), context.DeadlineExceeded) {
				return false, lastErr
			}
		}
		if time.Now().After(deadline) || p.hasProblems() {
			return false, lastErr
		}
		time.Sleep(pollInterval)
	}
}

// hasProblems reports whether the page reported an uncaught exception, a security error or a 500.
func (p *boardPage) hasProblems() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.problems) > 0
}

// waitIdle waits until the page has no request or engine move in flight.
func (p *boardPage) waitIdle() {
	p.t.Helper()
	p.waitFor("the page to be idle (window.varchess.busy false)", `window.varchess && !window.varchess.busy`)
}

// click sends a real mouse click to the centre of the first visible element that matches sel.
func (p *boardPage) click(sel string) {
	p.t.Helper()
	if err := chromedp.Do(p.bounded(actionTimeout), chromedp.Click(chromedp.CSS(sel))); err != nil {
		p.t.Fatalf("clicking %s: %v (is it there and visible?)%s", sel, err, p.describe())
	}
}

// clickToken clicks a board square by its name, or a hand piece for a token "@N" of the
// side to move.
func (p *boardPage) clickToken(token string) {
	p.t.Helper()
	if letter, ok := strings.CutPrefix(token, "@"); ok {
		side := p.sideToMove()
		p.click(fmt.Sprintf(`#hand-%s [data-hand-piece=%q]`, side, letter))
		return
	}
	p.click(fmt.Sprintf(`#board [data-square=%q]`, token))
}

// clickTokens clicks the tokens in order.
func (p *boardPage) clickTokens(tokens ...string) {
	p.t.Helper()
	for _, tok := range tokens {
		p.clickToken(tok)
	}
}

// setSelect chooses a value in a <select> (or sets an <input>) and fires its change event,
// as a person's choice does; it fails when the element has no such option.
func (p *boardPage) setSelect(id, value string) {
	p.t.Helper()
	js := fmt.Sprintf(`(() => {
		const el = document.getElementById(%q);
		if (!el) return "no element #" + %q;
		if (el.tagName === "SELECT" && ![...el.options].some(o => o.value === %q))
			return "no option " + %q + " in #" + %q + " (options: " + [...el.options].map(o => o.value).join(", ") + ")";
		el.value = %q;
		el.dispatchEvent(new Event("input", {bubbles: true}));
		el.dispatchEvent(new Event("change", {bubbles: true}));
		return "";
	})()`, id, id, value, value, id, value)
	if msg := evalJS[string](p, js); msg != "" {
		p.t.Fatalf("setting #%s to %q: %s%s", id, value, msg, p.describe())
	}
}

// moves is window.varchess.moves, the game's move texts.
func (p *boardPage) moves() []string {
	p.t.Helper()
	return evalJS[[]string](p, `window.varchess.moves || []`)
}

// sideToMove is "white" or "black" as the page's state says.
func (p *boardPage) sideToMove() string {
	p.t.Helper()
	return evalJS[string](p, `window.varchess.state.side`)
}

// text is the trimmed text of the first element that matches sel ("" when there is none).
func (p *boardPage) text(sel string) string {
	p.t.Helper()
	return evalJS[string](p, fmt.Sprintf(`((document.querySelector(%q) || {}).textContent || "").trim()`, sel))
}

// count is the number of elements that match sel.
func (p *boardPage) count(sel string) int {
	p.t.Helper()
	return evalJS[int](p, fmt.Sprintf(`document.querySelectorAll(%q).length`, sel))
}

// waitMoves waits until the game has n moves and the page is idle again.
func (p *boardPage) waitMoves(n int) []string {
	p.t.Helper()
	p.waitFor(fmt.Sprintf("the game to have %d moves", n),
		fmt.Sprintf(`window.varchess.moves.length === %d && !window.varchess.busy`, n))
	return p.moves()
}

// pageMove is the part of the API's Move the tests read from window.varchess.state.
type pageMove struct {
	Text   string     `json:"text"`
	From   string     `json:"from"`
	To     string     `json:"to"`
	Clicks [][]string `json:"clicks"`
	Label  string     `json:"label"`
	Path   []string   `json:"path"`
}

// legalMoves is window.varchess.state.moves.
func (p *boardPage) legalMoves() []pageMove {
	p.t.Helper()
	raw := evalJS[[]byte](p, `window.varchess.state.moves || []`)
	var ms []pageMove
	if err := json.Unmarshal(raw, &ms); err != nil {
		p.t.Fatalf("decoding window.varchess.state.moves: %v", err)
	}
	return ms
}

// describe is what the page shows, for failure messages.
func (p *boardPage) describe() string {
	js := `(() => {
		const t = s => ((document.querySelector(s) || {}).textContent || "").trim();
		const v = window.varchess || {};
		return JSON.stringify({
			status: t("#status"), message: t("#message"), result: t("#result"),
			variant: v.variant, fen: v.fen, moves: v.moves, busy: v.busy,
			stateFEN: v.state && v.state.fen,
			chooser: [...document.querySelectorAll("#chooser [data-move]")].map(b => b.dataset.move),
			chooserHidden: document.querySelector("#chooser") ? document.querySelector("#chooser").hidden : "no #chooser",
			targets: [...document.querySelectorAll("#board .target")].map(e => e.dataset.square),
			picked: [...document.querySelectorAll("#board .picked")].map(e => e.dataset.square),
		});
	})()`
	ctx, cancel := context.WithTimeout(p.ctx, 3*time.Second)
	defer cancel()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
	if err != nil {
		s = "(could not read the page: " + err.Error() + ")"
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	out := "\npage: " + s
	for _, c := range p.console {
		out += "\n  " + c
	}
	for _, c := range p.problems {
		out += "\n  " + c
	}
	return out
}

// screenshotDir is the folder the screenshots go to: $TEST_SCREENSHOTS when set, else the
// test's artifact folder when go test runs with -artifacts (kept under -outputdir), else
// os.TempDir()/varchess-screens.
func screenshotDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv(screenshotDirEnv)
	if dir == "" {
		if f := flag.Lookup("test.artifacts"); f != nil && f.Value.String() == "true" {
			return t.ArtifactDir()
		}
		dir = filepath.Join(os.TempDir(), "varchess-screens")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatalf("creating the screenshot folder: %v", err)
	}
	return dir
}

// screenshot saves the page from its top to the end of its main part (the controls, the
// board and the side panels; the help below is left out) as <folder>/<name>.png for people
// to look at; tests never compare pixels.
func (p *boardPage) screenshot(name string) string {
	p.t.Helper()
	box := evalJS[[]float64](p, `(() => {
		const main = document.querySelector("main") || document.body;
		return [document.documentElement.clientWidth, main.getBoundingClientRect().bottom + window.scrollY + 8];
	})()`)
	png, err := chromedp.Run(p.bounded(actionTimeout), func(ctx context.Context, t *chromedp.Target) ([]byte, error) {
		r, err := cdp.Call(ctx, t, page.CaptureScreenshot, page.CaptureScreenshotParams{
			Clip:                  &page.Viewport{Width: box[0], Height: box[1], Scale: 1},
			CaptureBeyondViewport: ptrTo(true),
		})
		return r.Data, err
	})
	if err != nil {
		p.t.Fatalf("taking a screenshot: %v", err)
	}
	file := filepath.Join(screenshotDir(p.t), name+".png")
	if err := os.WriteFile(file, png, 0o644); err != nil {
		p.t.Fatalf("saving the screenshot: %v", err)
	}
	p.t.Logf("screenshot: %s", file)
	return file
}

func ptrTo[T any](v T) *T { return &v }
