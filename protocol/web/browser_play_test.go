package web

// More real-browser tests of the board: drag and flip, the record (move list, take back,
// share link, PGN, FEN box), the game modes and clocks, and the special moves the
// browser_test.go tests leave out (the bunker leap beside castling, a stuck king's pass,
// Black Hole's triple step).

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// squareCenter is the centre of a square in the viewport, after scrolling it into view.
func (p *boardPage) squareCenter(square string) (x, y float64) {
	p.t.Helper()
	return p.center(fmt.Sprintf(`#board [data-square=%q]`, square))
}

// center is the centre of the first element that matches sel, after scrolling it into view.
func (p *boardPage) center(sel string) (x, y float64) {
	p.t.Helper()
	c := evalJS[[]float64](p, fmt.Sprintf(`(() => {
		const el = document.querySelector(%q);
		if (!el) return null;
		el.scrollIntoView({block: "center"});
		const r = el.getBoundingClientRect();
		return [r.left + r.width / 2, r.top + r.height / 2];
	})()`, sel))
	if len(c) != 2 {
		p.t.Fatalf("no element %s on the page%s", sel, p.describe())
	}
	return c[0], c[1]
}

// drag presses the mouse on one square (or a hand piece of the side to move, "@N"), moves it
// in steps to a square and releases it there.
func (p *boardPage) drag(from, to string) {
	p.t.Helper()
	fromSel := fmt.Sprintf(`#board [data-square=%q]`, from)
	if letter, ok := strings.CutPrefix(from, "@"); ok {
		fromSel = fmt.Sprintf(`#hand-%s [data-hand-piece=%q]`, p.sideToMove(), letter)
	}
	// Both ends in view at once: scroll the middle of the two to the middle of the window.
	c := evalJS[[]float64](p, fmt.Sprintf(`(() => {
		const a = document.querySelector(%q), b = document.querySelector(%q);
		if (!a || !b) return null;
		const mid = (a.getBoundingClientRect().top + b.getBoundingClientRect().bottom) / 2;
		window.scrollBy(0, mid - window.innerHeight / 2);
		const ra = a.getBoundingClientRect(), rb = b.getBoundingClientRect();
		return [ra.left + ra.width / 2, ra.top + ra.height / 2, rb.left + rb.width / 2, rb.top + rb.height / 2];
	})()`, fromSel, fmt.Sprintf(`#board [data-square=%q]`, to)))
	if len(c) != 4 {
		p.t.Fatalf("dragging %s to %s: no element %s or no square %s%s", from, to, fromSel, to, p.describe())
	}
	x0, y0, x1, y1 := c[0], c[1], c[2], c[3]
	held := func(e *input.DispatchMouseEventParams) { e.Button = input.MouseButtonLeft; e.Buttons = 1 }
	steps := []chromedp.Action[chromedp.Void]{chromedp.MouseEvent(chromedp.MousePressed, x0, y0, held, chromedp.ClickCount(1))}
	const n = 8
	for i := 1; i <= n; i++ {
		f := float64(i) / n
		steps = append(steps, chromedp.MouseEvent(chromedp.MouseMoved, x0+(x1-x0)*f, y0+(y1-y0)*f, held))
	}
	steps = append(steps, chromedp.MouseEvent(chromedp.MouseReleased, x1, y1, held, chromedp.ClickCount(1)))
	if err := chromedp.Do(p.bounded(actionTimeout), steps...); err != nil {
		p.t.Fatalf("dragging %s to %s: %v", from, to, err)
	}
}

// history is the move texts of window.varchess.state.history, the game as the server read it.
func (p *boardPage) history() []string {
	p.t.Helper()
	return evalJS[[]string](p, `(window.varchess.state.history || []).map(m => m.text)`)
}

// value is the value of an <input> or <textarea>.
func (p *boardPage) value(id string) string {
	p.t.Helper()
	return evalJS[string](p, fmt.Sprintf(`(document.getElementById(%q) || {}).value || ""`, id))
}

// setValue sets an <input> or <textarea> as typing would, with its input event.
func (p *boardPage) setValue(id, v string) {
	p.t.Helper()
	p.setSelect(id, v)
}

// aboveOf reports whether square a is drawn above square b.
func (p *boardPage) aboveOf(a, b string) bool {
	p.t.Helper()
	_, ya := p.squareCenter(a)
	_, yb := p.squareCenter(b)
	return ya < yb
}

// TestBrowserDragAndFlip flips the board and moves by dragging on the flipped board; an
// illegal drop is refused with a reason.
func TestBrowserDragAndFlip(t *testing.T) {
	t.Parallel()
	p := openBoard(t, hashFor("normal", ""))
	p.setSelect("mode", "two")
	if !p.aboveOf("h8", "a1") {
		t.Errorf("h8 is not drawn above a1 before the flip")
	}
	p.click("#flip")
	p.waitFor("a1 to be drawn above h8 after the flip", `(() => {
		const y = s => document.querySelector('#board [data-square="' + s + '"]').getBoundingClientRect().top;
		return y("a1") < y("h8");
	})()`)

	p.drag("g1", "g3")
	p.waitFor("a reason in #message after dropping the knight on g3", `document.querySelector("#message").textContent.trim() !== ""`)
	p.waitIdle()
	if got := p.moves(); len(got) != 0 {
		t.Fatalf("the illegal drop g1-g3 changed the game: %q", got)
	}
	p.drag("e2", "e4")
	wantLastMove(t, p.waitMoves(1), "e2e4")
	if got := p.pieceOn("e4"); got != "P" {
		t.Errorf("e4 shows %q after dragging e2-e4, want P", got)
	}
	p.screenshot("normal-flipped")
}

// TestBrowserRecord walks the move list, takes back, and carries the game through the
// share link, a PGN export and import, and sets a position in the FEN box.
func TestBrowserRecord(t *testing.T) {
	t.Parallel()
	p := openBoard(t, hashFor("normal", ""))
	p.setSelect("mode", "two")
	p.clickTokens("e2", "e4")
	p.waitMoves(1)
	p.clickTokens("e7", "e5")
	p.waitMoves(2)
	p.clickTokens("g1", "f3")
	p.waitMoves(3)
	for ply, san := range []string{"e4", "e5", "Nf3"} {
		if got := p.text(fmt.Sprintf(`#moves [data-ply="%d"]`, ply)); !strings.Contains(got, san) {
			t.Errorf("the record shows %q for ply %d, want %s", got, ply, san)
		}
	}

	// Walking the record shows earlier positions; the game itself stays.
	p.click(`#moves [data-ply="0"]`)
	p.waitFor("the position after 1.e4 (e5 empty, knight on g1)",
		`!document.querySelector('#board [data-piece][data-on="e5"]') && !!document.querySelector('#board [data-piece="N"][data-on="g1"]')`)
	p.click("#first")
	p.waitFor("the start position (pawn on e2)", `!!document.querySelector('#board [data-piece="P"][data-on="e2"]')`)
	p.click("#forward")
	p.waitFor("the position after 1.e4 (pawn on e4)", `!!document.querySelector('#board [data-piece="P"][data-on="e4"]') && !document.querySelector('#board [data-piece][data-on="e5"]')`)
	p.click("#last")
	p.waitFor("the last position (knight on f3)", `!!document.querySelector('#board [data-piece="N"][data-on="f3"]')`)
	if got := p.history(); !slices.Equal(got, []string{"e2e4", "e7e5", "g1f3"}) {
		t.Errorf("walking the record changed the game: %q", got)
	}

	p.click("#takeback")
	p.waitFor("the take back of Nf3", `window.varchess.moves.length === 2 && !window.varchess.busy`)
	if got := p.pieceOn("g1"); got != "N" {
		t.Errorf("g1 shows %q after taking back Nf3, want N", got)
	}

	// The share link carries the game to a fresh page.
	share := evalJS[string](p, `(el => el.value !== undefined ? el.value : el.href)(document.querySelector("#share"))`)
	u, err := url.Parse(share)
	if err != nil || !strings.Contains(u.Fragment, "variant=normal") {
		t.Fatalf("#share is %q, want a URL whose hash names the variant", share)
	}
	p.load(u.Fragment)
	if got := p.history(); !slices.Equal(got, []string{"e2e4", "e7e5"}) {
		t.Errorf("the share link %q loads the moves %q, want [e2e4 e7e5]", share, got)
	}

	// PGN export (normal chess: SAN, no Variant tag needed), then import on a fresh board.
	p.click("#pgn-export")
	p.waitFor("a PGN in #pgn", `document.querySelector("#pgn").value.includes("e4")`)
	pgn := p.value("pgn")
	if !strings.Contains(pgn, "1. e4 e5") {
		t.Errorf("the exported PGN lacks the moves 1. e4 e5:\n%s", pgn)
	}
	p.load(hashFor("normal", ""))
	p.setValue("pgn", pgn)
	p.click("#pgn-import")
	p.waitFor("the imported game", `window.varchess.moves.length === 2 && !window.varchess.busy`)
	if got := p.history(); !slices.Equal(got, []string{"e2e4", "e7e5"}) {
		t.Errorf("importing the exported PGN gives the moves %q, want [e2e4 e7e5]", got)
	}

	// The FEN box: an error for junk, the position for a good FEN.
	p.setValue("fen", "not a position")
	p.click("#fen-set")
	p.waitFor("an error in #fen-error", `document.querySelector("#fen-error").textContent.trim() !== ""`)
	if got := p.history(); len(got) != 2 {
		t.Errorf("a bad FEN changed the game: %q", got)
	}
	const fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
	p.setValue("fen", fen)
	p.click("#fen-set")
	p.waitFor("the FEN's position (rook on h1, no moves)",
		`!!document.querySelector('#board [data-piece="R"][data-on="h1"]') && window.varchess.moves.length === 0 && !window.varchess.busy`)
	if got := p.text("#fen-error"); got != "" {
		t.Errorf("#fen-error still shows %q after a good FEN", got)
	}
	if got := evalJS[string](p, `window.varchess.state.fen`); got != fen {
		t.Errorf("the state's FEN is %q, want %q", got, fen)
	}

	// Another game from the menu, then a new game of it after a move.
	p.setSelect("variant", "jumpingknights")
	p.waitFor("a Jumping Knights board", `window.varchess.variant === "jumpingknights" && !window.varchess.busy &&
		document.querySelectorAll("#board [data-square]").length === 100`)
	p.clickTokens("e2", "e4")
	p.waitMoves(1)
	p.click("#new-game")
	p.waitFor("a new game", `window.varchess.moves.length === 0 && !window.varchess.busy && !!document.querySelector('#board [data-piece="P"][data-on="e2"]')`)
	if got := evalJS[string](p, `window.varchess.variant`); got != "jumpingknights" {
		t.Errorf("the new game is of %q, want jumpingknights", got)
	}
}

// TestBrowserPGNRoundTrip exports a Hop Chess game as PGN (Variant and FEN tags, move text)
// and imports it on a fresh board.
func TestBrowserPGNRoundTrip(t *testing.T) {
	t.Parallel()
	// White to move at the end, so that the page's first mode (the person plays White)
	// does not start the engine.
	game := []string{"e2e3", "e7e6,f3", "g1g5,d4", "d8g5,c6"}
	p := openBoard(t, hashFor("hopchess", "", game...))
	p.setSelect("mode", "two")
	p.click("#pgn-export")
	p.waitFor("a PGN in #pgn", `document.querySelector("#pgn").value.includes("g1g5,d4")`)
	pgn := p.value("pgn")
	if !strings.Contains(pgn, `[Variant "hopchess"]`) || !strings.Contains(pgn, `[FEN "`) {
		t.Errorf("the exported PGN lacks the Variant or FEN tag:\n%s", pgn)
	}
	p.load(hashFor("normal", ""))
	p.setSelect("mode", "two")
	p.setValue("pgn", pgn)
	p.click("#pgn-import")
	p.waitFor("the imported Hop Chess game", `window.varchess.variant === "hopchess" && window.varchess.moves.length === 4 && !window.varchess.busy`)
	if got := p.history(); !slices.Equal(got, game) {
		t.Errorf("importing the exported PGN gives the moves %q, want %q", got, game)
	}
	if got := p.value("variant"); got != "hopchess" {
		t.Errorf("the #variant menu shows %q after importing a Hop Chess game", got)
	}
}

// TestBrowserModes has the engine play White when the person takes Black, two engines play
// each other until the person takes over, and a clock runs.
func TestBrowserModes(t *testing.T) {
	t.Run("person plays Black", func(t *testing.T) {
		t.Parallel()
		p := openBoard(t, hashFor("normal", ""))
		p.setSelect("level", engineLevel)
		p.setSelect("mode", "black")
		p.waitMoves(1) // the engine's first move as White
		if side := p.sideToMove(); side != "black" {
			t.Fatalf("after the engine's first move the side to move is %q", side)
		}
		if !p.aboveOf("a1", "h8") {
			t.Errorf("the board is not turned for the person playing Black (a1 is not above h8)")
		}
		legal := p.legalMoves()
		var move pageMove
		for _, m := range legal {
			if m.Label == "" {
				move = m
				break
			}
		}
		p.clickTokens(move.Clicks[0]...)
		moves := p.waitMoves(3) // the person's move and the engine's answer
		if moves[1] != move.Text {
			t.Errorf("the person's move is recorded as %q, want %q", moves[1], move.Text)
		}
	})
	t.Run("engine thinking", func(t *testing.T) {
		t.Parallel()
		p := openBoard(t, hashFor("normal", ""))
		p.setSelect("level", "movetime:2000") // long enough to see, even on a loaded machine
		p.setSelect("mode", "white")
		p.waitIdle()
		p.clickTokens("e2", "e4")
		p.waitFor("#status to say the engine thinks", `window.varchess.moves.length === 1 && /think/i.test(document.querySelector("#status").textContent)`)
		p.clickToken("d2") // the person's clicks wait for the engine
		p.waitFor("a reason in #message for the click while the engine thinks", `document.querySelector("#message").textContent.trim() !== ""`)
		p.waitMoves(2)
		if status := p.text("#status"); strings.Contains(strings.ToLower(status), "think") {
			t.Errorf("#status still says %q after the engine's move", status)
		}
	})
	t.Run("engine against engine", func(t *testing.T) {
		t.Parallel()
		p := openBoard(t, hashFor("normal", ""))
		p.setSelect("level", engineLevel)
		p.setSelect("mode", "engines")
		p.waitFor("the engines to play four moves", `window.varchess.moves.length >= 4`)
		p.setSelect("mode", "two")
		p.waitIdle()
		n := len(p.moves())
		time.Sleep(time.Second)
		p.waitIdle()
		if got := len(p.moves()); got != n {
			t.Errorf("the engines went on playing after the mode changed to two people: %d moves, then %d", n, got)
		}
	})
	t.Run("clocks", func(t *testing.T) {
		t.Parallel()
		p := openBoard(t, hashFor("normal", ""))
		p.setSelect("mode", "two")
		p.setSelect("clocks", "1+0")
		p.waitIdle()
		p.waitFor("both clocks to show a time", `/\d/.test(document.querySelector("#clock-white").textContent) && /\d/.test(document.querySelector("#clock-black").textContent)`)
		p.clickTokens("e2", "e4")
		p.waitMoves(1)
		black := p.text("#clock-black")
		p.waitFor("Black's clock to run (from "+black+")",
			fmt.Sprintf(`document.querySelector("#clock-black").textContent.trim() !== %q`, black))
	})
}

// TestBrowserBunkerLeapOrCastling asks which move is meant when the king's click on g1 is
// both the bunker leap and castling, and castles at once on a click on the rook.
func TestBrowserBunkerLeapOrCastling(t *testing.T) {
	t.Parallel()
	p := openBoard(t, hashFor("bunker", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK2R w HAha - 0 1 Kk"))
	p.setSelect("mode", "two")
	p.clickTokens("e1", "g1")
	p.waitFor("the chooser between the bunker leap and castling",
		`!document.querySelector("#chooser").hidden && document.querySelectorAll("#chooser [data-move]").length === 2`)
	choices := evalJS[[]string](p, `[...document.querySelectorAll("#chooser [data-move]")].map(b => b.dataset.move + " " + b.textContent.trim()).sort()`)
	if len(choices) != 2 || !strings.HasPrefix(choices[0], "e1g1 ") || !strings.Contains(choices[0], "Bunker leap") ||
		!strings.HasPrefix(choices[1], "e1h1 ") || !strings.Contains(choices[1], "Castling") {
		t.Errorf("the chooser offers %q, want e1g1 (Bunker leap) and e1h1 (Castling)", choices)
	}
	p.click(`#chooser [data-move="e1g1"]`)
	wantLastMove(t, p.waitMoves(1), "e1g1")
	if k, r := p.pieceOn("g1"), p.pieceOn("h1"); k != "K" || r != "R" {
		t.Errorf("after the bunker leap g1 shows %q (want K) and h1 %q (want R)", k, r)
	}

	// The king's click on its own rook means castling only: played without a question.
	p.load(hashFor("bunker", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK2R w HAha - 0 1 Kk"))
	p.setSelect("mode", "two")
	p.clickTokens("e1", "h1")
	wantLastMove(t, p.waitMoves(1), "e1h1")
	if k, r := p.pieceOn("g1"), p.pieceOn("f1"); k != "K" || r != "R" {
		t.Errorf("after castling g1 shows %q (want K) and f1 %q (want R)", k, r)
	}
}

// TestBrowserWeakSquarePass shows the pass button, and says why, when a stuck king's pass
// is the only move.
func TestBrowserWeakSquarePass(t *testing.T) {
	t.Parallel()
	p := openBoard(t, hashFor("weaksquare", "*****k/6/6/6/6/6/K5/1*****[RRBBNNPPPrrbbnnppp] w - - 0 1 WJ"))
	p.setSelect("mode", "two")
	p.waitFor("the pass button", `!document.querySelector("#pass").hidden`)
	note := evalJS[string](p, `window.varchess.state.note`)
	if note == "" {
		t.Fatalf("the state has no note for the stuck king's pass")
	}
	if !evalJS[bool](p, fmt.Sprintf(`document.body.innerText.includes(%q)`, note)) {
		t.Errorf("the page does not show the state's note %q", note)
	}
	p.screenshot("weaksquare-pass")
	p.click("#pass")
	wantLastMove(t, p.waitMoves(1), "0000")
	if !evalJS[bool](p, `document.querySelector("#pass").hidden`) {
		t.Errorf("the pass button is still shown when Black (who can jump) is to move")
	}
}

// TestBrowserBlackHole checks the board's hole and shelters and plays a pawn's triple step.
func TestBrowserBlackHole(t *testing.T) {
	t.Parallel()
	p := openBoard(t, hashFor("blackhole", ""))
	p.setSelect("mode", "two")
	if got := p.count(`#board [data-square="e6"]`); got != 0 {
		t.Errorf("the hole e6 is drawn as a square")
	}
	shelters := evalJS[[]string](p, `[...document.querySelectorAll("#board .zone-shelter")].map(e => e.dataset.square).sort()`)
	if !slices.Equal(shelters, []string{"e0", "e12"}) {
		t.Errorf("the shelter squares are %q, want [e0 e12]", shelters)
	}
	p.clickToken("a2")
	p.waitTargets("a3", "a4", "a5")
	p.clickToken("a5")
	wantLastMove(t, p.waitMoves(1), "a2a5")
	if got := p.pieceOn("a5"); got != "P" {
		t.Errorf("a5 shows %q after the triple step, want P", got)
	}
}
