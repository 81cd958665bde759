package web

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// resize makes the tab's window width x height CSS pixels, as a person's window.
func (p *boardPage) resize(width, height int64) {
	p.t.Helper()
	_, err := chromedp.Run(p.bounded(actionTimeout), func(ctx context.Context, t *chromedp.Target) (cdp.Empty, error) {
		return cdp.Call(ctx, t, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: width, Height: height, DeviceScaleFactor: 1})
	})
	if err != nil {
		p.t.Fatalf("resizing the window to %dx%d: %v", width, height, err)
	}
}

// Browser tests from playing the games as a person would: what the page says while a move
// is half entered, and what it says about the engine's moves.

// TestBrowserStepHints checks the line under the board once a move has begun: a Hop Chess
// piece move asks for the trampoline and says how to leave it where it stands (and that
// square is ringed, since a dot under the trampoline cannot be seen); a Jumping Knights
// victim asks for the landing.
func TestBrowserStepHints(t *testing.T) {
	t.Run("hop chess placement", func(t *testing.T) {
		t.Parallel()
		p := openBoard(t, hashFor("hopchess", "", "e2e4", "e7e5,d5", "g1f3,d4", "b8c6,d5"))
		p.setSelect("mode", "two")
		p.clickTokens("f1", "c4")
		p.waitTarget("d4")
		hint := p.text("#hint")
		if !strings.Contains(hint, "trampoline") || !strings.Contains(hint, "d4") || !strings.Contains(hint, "leave it where it is") {
			t.Errorf("hint after White's piece move %q: want it to ask for the trampoline and say that clicking it on d4 leaves it", hint)
		}
		if got := p.count(`#board .hint-ring`); got != 1 {
			t.Errorf("%d rings on the board, want one: around White's own trampoline on d4", got)
		}
	})
	t.Run("jumping knights landing", func(t *testing.T) {
		t.Parallel()
		const fen = "10/5k4/10/10/1p8/10/10/10/1R3K4/10 w - - 0 1"
		p := openBoard(t, hashFor("jumpingknights", fen))
		p.setSelect("mode", "two")
		p.clickTokens("a1", "a5")
		p.waitTarget("a7")
		if hint := p.text("#hint"); !strings.Contains(hint, "lands") {
			t.Errorf("hint after the victim %q: want it to ask where the piece lands", hint)
		}
		if p.count(`#board .piece.dim[data-on="a5"]`) != 1 {
			t.Errorf("the victim on a5 is not drawn faint while the landing is chosen")
		}
	})
}

// TestBrowserEngineLineForgotten checks that the line on the engine's last move goes when
// that move is taken back, and does not come back for another move at the same ply.
func TestBrowserEngineLineForgotten(t *testing.T) {
	t.Parallel()
	p := openBoard(t, hashFor("normal", ""))
	p.setSelect("level", "depth:1")
	p.clickTokens("e2", "e4")
	p.waitMoves(2)
	p.waitIdle()
	if got := p.text("#engine-info"); !strings.HasPrefix(got, "Engine:") {
		t.Fatalf("engine line after its reply %q, want one", got)
	}
	p.click("#takeback")
	p.waitMoves(0)
	p.waitIdle()
	p.setSelect("mode", "two")
	p.clickTokens("d2", "d4")
	p.waitMoves(1)
	p.clickTokens("d7", "d5")
	p.waitMoves(2)
	p.waitIdle()
	if got := p.text("#engine-info"); got != "" {
		t.Errorf("engine line %q shown after two people's moves, want none (the engine's move was taken back)", got)
	}
}

// TestBrowserHandOrder checks that a hand lists its pieces as a player reads an army, the
// strongest first, not in the letter order of the server's object (B N P R).
func TestBrowserHandOrder(t *testing.T) {
	t.Parallel()
	p := openBoard(t, hashFor("prechess", ""))
	got := evalJS[[]string](p, `[...document.querySelectorAll("#hand-white [data-hand-piece]")].map((b) => b.dataset.handPiece)`)
	if strings.Join(got, " ") != "K Q R B N" {
		t.Errorf("White's hand in Pre-chess shows %q, want K Q R B N", got)
	}
}

// TestBrowserModeChangeWhileLoading changes the mode while the state of a new game is still
// on its way (a person choosing "Play Black" right after "New game", or right after a
// move): the board must still answer clicks. It used to drop that answer and then wait for
// it for ever, so that no click did anything.
func TestBrowserModeChangeWhileLoading(t *testing.T) {
	t.Parallel()
	p := openBoard(t, hashFor("normal", ""))
	evalJS[bool](p, `(() => {
		document.getElementById("new-game").click();
		const mode = document.getElementById("mode");
		mode.value = "two";
		mode.dispatchEvent(new Event("change"));
		return true;
	})()`)
	p.waitIdle()
	p.clickToken("e2")
	p.waitTarget("e4")
	p.clickToken("e4")
	wantLastMove(t, p.waitMoves(1), "e2e4")
}

// TestBrowserThinkingMessageGoes clicks the board while the engine thinks: the page says the
// engine is thinking, and once the engine has moved that sentence goes (it stayed, untrue,
// under the board until the next click).
func TestBrowserThinkingMessageGoes(t *testing.T) {
	t.Parallel()
	p := openBoard(t, hashFor("normal", ""))
	p.setSelect("level", "movetime:1000")
	p.clickTokens("e2", "e4")
	p.waitFor("the engine to think", `document.body.classList.contains("thinking")`)
	p.clickToken("d2")
	if got := p.text("#message"); got != "The engine is thinking." {
		t.Fatalf("message while the engine thinks %q, want %q", got, "The engine is thinking.")
	}
	p.waitMoves(2)
	if got := p.text("#message"); got != "" {
		t.Errorf("message after the engine's move %q, want none", got)
	}
}

// TestBrowserRefusalInSight refuses a click and checks that the reason is on screen without
// scrolling, in a laptop's window: the board used to fill the window's height down to the
// status line, so that with a note (Jumping Knights' Rule 4) the reason appeared below the
// fold and a refused click seemed to do nothing.
func TestBrowserRefusalInSight(t *testing.T) {
	t.Parallel()
	hash := hashFor("jumpingknights", "10/5k4/10/10/10/1p8/P9/10/5K4/10 w - - 0 30")
	p := openBoard(t, hash)
	p.resize(1280, 900)
	p.load(hash)
	p.setSelect("mode", "two")
	if p.text("#note") == "" {
		t.Fatalf("no note on Rule 4 under the board")
	}
	p.clickToken("e1") // the king may not move: the pawn on z3 must capture
	p.waitFor("a reason under the board", `document.getElementById("message").textContent !== ""`)
	bottom := evalJS[float64](p, `document.getElementById("message").getBoundingClientRect().bottom`)
	height := evalJS[float64](p, `window.innerHeight`)
	if bottom > height || evalJS[float64](p, `window.scrollY`) != 0 {
		t.Errorf("the reason %q ends at %.0f px, below the window's %.0f px (or the page scrolled)", p.text("#message"), bottom, height)
	}
}

// TestBrowserStoppedAnalysisForgotten stops the analysis, then plays a move: the lines and
// the score of the old position must go (they stayed, and read as the new position's).
func TestBrowserStoppedAnalysisForgotten(t *testing.T) {
	t.Parallel()
	p := openBoard(t, hashFor("normal", ""))
	p.setSelect("mode", "two")
	p.startAnalysis()
	p.click("#analyze") // stop
	p.waitIdle()
	p.clickTokens("e2", "e4")
	p.waitMoves(1)
	if n, score := p.count("#pv-lines .pv-line"), p.text("#eval-score"); n != 0 || score != "–" {
		t.Errorf("after a move with the analysis stopped: %d lines and score %q shown, want none and –", n, score)
	}
}

// TestBrowserTrampolineKey checks that Hop Chess's legend says which trampoline is whose:
// the board draws them in two colours and nothing named them.
func TestBrowserTrampolineKey(t *testing.T) {
	t.Parallel()
	p := openBoard(t, hashFor("hopchess", ""))
	for _, c := range []struct{ colour, text string }{{"white", "White's trampoline"}, {"black", "Black's trampoline"}} {
		sel := `#legend [data-trampoline="` + c.colour + `"]`
		if got := p.text(sel); got != c.text || p.count(sel+` use[href="#tramp-`+c.colour+`"]`) != 1 {
			t.Errorf("legend key for %s's trampoline: %q, want %q with its picture", c.colour, got, c.text)
		}
	}
}

// TestBrowserArrowFollowsBounce analyses a Hop Chess position whose best move is a mate by
// a knight bouncing f3-d4-f5: the arrow must follow that route, not point straight from f3
// to f5 as if the knight moved like a rook.
func TestBrowserArrowFollowsBounce(t *testing.T) {
	t.Parallel()
	p := openBoard(t, hashFor("hopchess", "", "e2e4", "e7e5,d5", "g1f3,d4", "b8c6,d5"))
	p.setSelect("mode", "analysis")
	p.startAnalysis()
	p.waitFor("the mate f3f5 found", `document.getElementById("eval-score").textContent === "#1"`)
	p.waitFor("the arrow drawn along the route", `!!document.querySelector("#board .arrow .arrow-route")`)
	points := evalJS[string](p, `document.querySelector("#board .arrow .arrow-route").getAttribute("points")`)
	if len(strings.Fields(points)) != 2 {
		t.Errorf("arrow route %q, want two points (f3 and the trampoline d4) before the head to f5", points)
	}
	p.click("#analyze")
	p.waitIdle()
}

// TestBrowserLastTrampolineMarked checks that the square where the last turn put its
// trampoline is marked with the last move: a Hop Chess turn is a piece move and a
// placement, and the placement was shown nowhere.
func TestBrowserLastTrampolineMarked(t *testing.T) {
	t.Parallel()
	p := openBoard(t, hashFor("hopchess", "", "e2e4", "e7e5,d5"))
	p.setSelect("mode", "two")
	for _, sq := range []string{"e7", "e5", "d5"} {
		if p.count(`#board [data-square="`+sq+`"].last`) != 1 {
			t.Errorf("%s is not marked as part of Black's last turn e7e5,d5", sq)
		}
	}
	p.click("#first")
	p.waitIdle()
	p.click("#forward") // White's first turn, e2e4: no trampoline placed
	p.waitIdle()
	if got := p.count(`#board .sq.last`); got != 2 {
		t.Errorf("%d squares marked after e2e4, want 2 (no trampoline on White's first turn)", got)
	}
}

// TestBrowserHoleClickAnswered clicks Black Hole's hole while a rook is picked up: the
// page says the hole is no square (the click used to fall through and nothing happened).
func TestBrowserHoleClickAnswered(t *testing.T) {
	t.Parallel()
	p := openBoard(t, hashFor("blackhole", "****k****/9/9/9/9/9/4*4/9/9/9/4R4/4K4/****1**** w - - 0 1"))
	p.setSelect("mode", "two")
	p.clickToken("e2")
	p.click(`#board [data-hole="e6"]`)
	if got := p.text("#message"); !strings.Contains(got, "e6 is not a square of this board") {
		t.Errorf("message after a click on the hole %q, want it to say e6 is no square", got)
	}
}
