package web

// Real-browser tests of the board page: Debian's Chromium, headless, driven by chromedp,
// against the package's own server. They click squares, hand pieces and chooser buttons as a
// person does and assert on what the page shows (the hooks listed in browser_harness_test.go
// and window.varchess), never on pixels. The screenshots, for people
// to look at, go to $TEST_SCREENSHOTS, or with `go test -artifacts -outputdir DIR` to each
// test's artifact folder under DIR, else to os.TempDir()/varchess-screens.
//
// They skip under -short and, with a message saying what to install, where Chromium is
// missing; `make test` installs it.

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// variantMenu is every game, in the order of the page's menu.
var variantMenu = []string{"normal", "weaksquare", "bunker", "prechess", "hopchess", "jumpingknights", "blackhole"}

// boardSquares is the number of squares each game's board has (Weak Square's 38, Black
// Hole's 100 in a 9x13 box, Jumping Knights' 10x10).
var boardSquares = map[string]int{
	"normal": 64, "weaksquare": 38, "bunker": 64, "prechess": 64,
	"hopchess": 64, "jumpingknights": 100, "blackhole": 100,
}

// firstMove is the move the person plays as White at the start of each game.
var firstMove = map[string]string{
	"normal": "e2e4", "weaksquare": "a1c2", "bunker": "e2e4", "prechess": "N@b1",
	"hopchess": "e2e4", "jumpingknights": "e2e4", "blackhole": "e2e4",
}

// targets is the sorted list of squares marked as targets.
func (p *boardPage) targets() []string {
	p.t.Helper()
	ts := evalJS[[]string](p, `[...document.querySelectorAll("#board .target")].map(e => e.dataset.square)`)
	slices.Sort(ts)
	return ts
}

// waitTargets waits until the squares marked as targets are exactly want.
func (p *boardPage) waitTargets(want ...string) {
	p.t.Helper()
	slices.Sort(want)
	list := `"` + strings.Join(want, `","`) + `"`
	p.waitFor(fmt.Sprintf("the targets to be exactly %v", want),
		fmt.Sprintf(`JSON.stringify([...document.querySelectorAll("#board .target")].map(e => e.dataset.square).sort()) === JSON.stringify([%s].sort())`, list))
}

// waitTarget waits until square is marked as a target.
func (p *boardPage) waitTarget(square string) {
	p.t.Helper()
	p.waitFor("square "+square+" to be marked as a target",
		fmt.Sprintf(`!!document.querySelector('#board [data-square=%q].target')`, square))
}

// pieceOn is the FEN letter of the piece drawn on square ("" when none).
func (p *boardPage) pieceOn(square string) string {
	p.t.Helper()
	return evalJS[string](p, fmt.Sprintf(`((document.querySelector('#board [data-piece][data-on=%q]') || {}).dataset || {}).piece || ""`, square))
}

// handCount is the data-count of a hand piece of side ("" when it is not drawn).
func (p *boardPage) handCount(side, letter string) string {
	p.t.Helper()
	return evalJS[string](p, fmt.Sprintf(`(document.querySelector('#hand-%s [data-hand-piece=%q]') || {getAttribute: () => ""}).getAttribute("data-count") || ""`, side, letter))
}

// wantLastMove checks that the game's last move is text.
func wantLastMove(t *testing.T, moves []string, text string) {
	t.Helper()
	if len(moves) == 0 || moves[len(moves)-1] != text {
		t.Fatalf("window.varchess.moves = %q, want it to end with %q", moves, text)
	}
}

// findMove is the legal move with this text, failing when there is none.
func (p *boardPage) findMove(text string) pageMove {
	p.t.Helper()
	ms := p.legalMoves()
	for _, m := range ms {
		if m.Text == text {
			return m
		}
	}
	var texts []string
	for _, m := range ms {
		texts = append(texts, m.Text)
	}
	p.t.Fatalf("%s is not among the legal moves of the page's state: %v", text, texts)
	return pageMove{}
}

// startAnalysis starts the analysis stream and waits until a first line arrives.
func (p *boardPage) startAnalysis() {
	p.t.Helper()
	p.click("#analyze")
	p.waitFor("a principal variation in #pv-lines", `document.querySelectorAll("#pv-lines .pv-line").length > 0 && document.querySelector("#pv-lines .pv-line").textContent.trim() !== ""`)
	p.waitFor("a depth in #analysis-depth", `/\d/.test(document.querySelector("#analysis-depth").textContent)`)
}

// TestBrowserVariants plays the start of every game in Chromium: the board drawn from the
// game's geometry, a move by clicks and the engine's answer, the analysis streaming, and an
// illegal click refused with a reason.
func TestBrowserVariants(t *testing.T) {
	for _, variant := range variantMenu {
		t.Run(variant, func(t *testing.T) {
			t.Parallel()
			p := openBoard(t, hashFor(variant, ""))
			if got := evalJS[[]string](p, `[...document.querySelectorAll("#variant option")].map(o => o.value)`); !slices.Equal(got, variantMenu) {
				t.Errorf("the #variant menu is %q, want %q", got, variantMenu)
			}
			if got := evalJS[string](p, `window.varchess.variant`); got != variant {
				t.Fatalf("the page loaded with #variant=%s shows %q", variant, got)
			}
			p.setSelect("level", engineLevel)
			p.setSelect("mode", "white")
			p.waitIdle()

			if got, want := p.count("#board [data-square]"), boardSquares[variant]; got != want {
				t.Errorf("the board has %d squares, want %d", got, want)
			}
			pieces := evalJS[int](p, `Object.keys(window.varchess.state.board).length`)
			if got := p.count("#board [data-piece][data-on]"); got != pieces {
				t.Errorf("%d pieces are drawn, the state has %d", got, pieces)
			}
			// The native coordinates (z..i, 0..12) are written beside the board: every file
			// and rank name of the squares appears as a text of the board.
			missing := evalJS[[]string](p, `(() => {
				const texts = new Set([...document.querySelectorAll("#board text")].map(t => t.textContent.trim()));
				const names = new Set();
				for (const el of document.querySelectorAll("#board [data-square]")) {
					const [, file, rank] = el.dataset.square.match(/^([a-z]+)(\d+)$/);
					names.add(file).add(rank);
				}
				return [...names].filter(n => !texts.has(n));
			})()`)
			if len(missing) > 0 {
				t.Errorf("the coordinates %q are not written beside the board", missing)
			}
			if variant == "jumpingknights" {
				if got := p.count("#board [data-square].zone-edge"); got != 36 {
					t.Errorf("%d squares are shaded as edge squares, want 36", got)
				}
			}

			// Help: a legend board for every kind of piece in the game, and its rules.
			letters := evalJS[[]string](p, `(() => {
				const s = window.varchess.state, set = new Set(Object.values(s.board).map(l => l.toUpperCase()));
				for (const side of Object.values(s.hands || {})) for (const l of Object.keys(side)) set.add(l.toUpperCase());
				return [...set].sort();
			})()`)
			for _, l := range letters {
				if p.count(fmt.Sprintf(`#legend [data-legend=%q]`, l)) != 1 {
					t.Errorf("the legend has no board for the piece %s", l)
				}
			}
			p.waitFor("the rules in #rules", `document.querySelector("#rules").textContent.trim() !== ""`)

			// A legal move by clicks, then the engine's answer.
			move := p.findMove(firstMove[variant])
			p.clickTokens(move.Clicks[0]...)
			p.waitFor("the person's move to be played", `window.varchess.moves.length >= 1`)
			wantLastMove(t, p.moves()[:1], move.Text)
			moves := p.waitMoves(2)
			if got := p.count(`#moves [data-ply="1"]`); got != 1 {
				t.Errorf("the record shows %d entries for ply 1 (the engine's move %s), want 1", got, moves[1])
			}
			if p.count("#board .last") == 0 {
				t.Errorf("the engine's move %s is not marked as the last move", moves[1])
			}
			if side := p.sideToMove(); side != "white" {
				t.Fatalf("after the engine's move %s the side to move is %q, want white", moves[1], side)
			}

			// The analysis streams for this game too.
			p.startAnalysis()
			p.click("#analyze") // stop
			p.waitIdle()

			// An illegal click: pick up a piece that can move, then click an empty square
			// that is not one of its targets.
			legal := p.legalMoves()
			if len(legal) == 0 {
				t.Fatalf("no legal move after %v", moves)
			}
			first := legal[0].Clicks[0][0]
			p.clickToken(first)
			p.waitFor("targets after picking "+first, `document.querySelectorAll("#board .target").length > 0`)
			targets := p.targets()
			board := evalJS[map[string]string](p, `window.varchess.state.board`)
			squares := evalJS[[]string](p, `[...document.querySelectorAll("#board [data-square]")].map(e => e.dataset.square)`)
			illegal := ""
			for _, sq := range squares {
				if _, occupied := board[sq]; !occupied && !slices.Contains(targets, sq) && sq != first {
					illegal = sq
					break
				}
			}
			if illegal == "" {
				t.Fatalf("no empty non-target square to click (targets %v)", targets)
			}
			p.clickToken(illegal)
			p.waitFor(fmt.Sprintf("a reason in #message after the illegal click %s then %s", first, illegal),
				`document.querySelector("#message").textContent.trim() !== ""`)
			t.Logf("%s: %s then %s refused: %q", variant, first, illegal, p.text("#message"))
			if got := p.moves(); len(got) != 2 {
				t.Errorf("the illegal click changed the game: moves %q", got)
			}
			p.screenshot("variant-" + variant)
		})
	}
}

// TestBrowserHopChessTurn plays Hop Chess turns: White's first turn is a piece move only;
// later a knight lands on Black's trampoline, bounces on, and White then places its own
// trampoline; the bounce path is drawn.
func TestBrowserHopChessTurn(t *testing.T) {
	t.Run("first turn is a piece move only", func(t *testing.T) {
		t.Parallel()
		p := openBoard(t, hashFor("hopchess", ""))
		p.setSelect("mode", "two")
		p.clickTokens("e2", "e4")
		wantLastMove(t, p.waitMoves(1), "e2e4")
		if got := p.count("#board [data-trampoline]"); got != 0 {
			t.Errorf("%d trampolines drawn after White's first turn, want none", got)
		}
	})
	t.Run("bounce and placement", func(t *testing.T) {
		t.Parallel()
		// Black's trampoline stands on f3: Ng1-f3 must hop on, here to g5.
		p := openBoard(t, hashFor("hopchess", "", "e2e3", "e7e6,f3"))
		p.setSelect("mode", "two")
		if got := p.count(`#board [data-trampoline="black"][data-on="f3"]`); got != 1 {
			t.Fatalf("Black's trampoline is not drawn on f3")
		}
		move := p.findMove("g1g5,d4")
		if !slices.Equal(move.Path, []string{"g1", "f3", "g5"}) {
			t.Errorf("the state's move g1g5,d4 has path %q, want [g1 f3 g5]", move.Path)
		}
		p.clickToken("g1")
		p.waitTarget("g5") // reached only through the trampoline
		p.clickToken("g5")
		p.waitTarget("d4") // now the placement: every empty square but f3
		p.clickToken("d4")
		moves := p.waitMoves(3)
		wantLastMove(t, moves, "g1g5,d4")
		if got := p.pieceOn("g5"); got != "N" {
			t.Errorf("g5 shows %q after the bounce, want the knight N", got)
		}
		if got := p.count(`#board [data-trampoline="white"][data-on="d4"]`); got != 1 {
			t.Errorf("White's trampoline is not drawn on d4")
		}
		if got := p.count("#board .path"); got == 0 {
			t.Errorf("no bounce path (.path) drawn for g1-f3-g5")
		}
		// Black's answer analysed, for the screenshot (docs/board.png is one of these).
		p.setSelect("multipv", "2")
		p.startAnalysis()
		p.waitFor("two analysis lines at depth 4 or more", `document.querySelectorAll("#pv-lines .pv-line").length === 2 &&
			parseInt(document.querySelector("#analysis-depth").textContent, 10) >= 4`)
		p.screenshot("hopchess-bounce")
		p.click("#analyze") // stop
		p.waitIdle()

		// Each side then leaves its trampoline where it stands by clicking its square.
		p.clickTokens("d8", "g5")
		p.waitTarget("f3")
		p.clickToken("f3")
		wantLastMove(t, p.waitMoves(4), "d8g5,f3")
		p.clickTokens("b1", "c3")
		p.waitTarget("d4")
		p.clickToken("d4")
		wantLastMove(t, p.waitMoves(5), "b1c3,d4")
		if p.count(`#board [data-trampoline="white"][data-on="d4"]`) != 1 || p.count(`#board [data-trampoline="black"][data-on="f3"]`) != 1 {
			t.Errorf("the trampolines left where they stood are not drawn on d4 (White) and f3 (Black)")
		}
	})
}

// TestBrowserJumpingKnightsHopCapture captures by jumping: the rook chooses its landing
// square beyond the victim; the pawn's only landing square is taken without a click.
func TestBrowserJumpingKnightsHopCapture(t *testing.T) {
	t.Parallel()
	const fen = "10/5k4/10/10/1p1p6/4P5/10/10/1R3K4/10 w - - 0 1"
	p := openBoard(t, hashFor("jumpingknights", fen))
	p.setSelect("mode", "two")
	p.clickToken("a1")
	p.waitTarget("a5") // the victim
	p.clickToken("a5")
	p.waitTargets("a6", "a7", "a8", "a9") // the landing squares, the edge square a9 included
	p.clickToken("a7")
	wantLastMove(t, p.waitMoves(1), "a1a5,a5a7")
	if got, gone := p.pieceOn("a7"), p.pieceOn("a5"); got != "R" || gone != "" {
		t.Errorf("after a1xa5-a7: a7 shows %q (want R), a5 shows %q (want nothing)", got, gone)
	}

	// Black: c5 jumps over d4; e3 is the only landing, so two clicks make the move.
	p.clickToken("c5")
	p.waitTarget("d4")
	p.clickToken("d4")
	wantLastMove(t, p.waitMoves(2), "c5d4,d4e3")
	if got, gone := p.pieceOn("e3"), p.pieceOn("d4"); got != "p" || gone != "" {
		t.Errorf("after c5xd4-e3: e3 shows %q (want p), d4 shows %q (want nothing)", got, gone)
	}
	p.screenshot("jumpingknights-hop-capture")
}

// TestBrowserWeakSquareJump makes a jump of the jumping phase that leaves a piece behind,
// chosen in the chooser.
func TestBrowserWeakSquareJump(t *testing.T) {
	t.Parallel()
	p := openBoard(t, hashFor("weaksquare", "", "a1c2", "f8d7"))
	p.setSelect("mode", "two")
	if got := p.count("#board [data-square].zone-weak"); got != 2 {
		t.Errorf("%d squares are marked as weak squares, want 2 (a1, f8)", got)
	}
	before := p.handCount("white", "B")
	p.clickToken("c2")
	p.waitTargets("a3", "b4", "d4", "e3")
	p.clickToken("e3")
	p.waitFor("the chooser with the four pieces to leave on c2",
		`!document.querySelector("#chooser").hidden && document.querySelectorAll("#chooser [data-move]").length === 4`)
	choices := evalJS[[]string](p, `[...document.querySelectorAll("#chooser [data-move]")].map(b => b.dataset.move).sort()`)
	if want := []string{"c2e3b", "c2e3n", "c2e3p", "c2e3r"}; !slices.Equal(choices, want) {
		t.Errorf("the chooser offers %q, want %q", choices, want)
	}
	p.screenshot("weaksquare-chooser")
	p.click(`#chooser [data-move="c2e3b"]`)
	wantLastMove(t, p.waitMoves(3), "c2e3b")
	if got := p.pieceOn("c2"); got != "B" {
		t.Errorf("c2 shows %q after the jump, want the bishop B left behind", got)
	}
	if got := p.pieceOn("e3"); got != "K" {
		t.Errorf("e3 shows %q after the jump, want the king K", got)
	}
	if after := p.handCount("white", "B"); before != "2" || after != "1" {
		t.Errorf("White's hand shows %q bishops before and %q after placing one, want 2 and 1", before, after)
	}
	if !evalJS[bool](p, `document.querySelector("#chooser").hidden`) {
		t.Errorf("the chooser is still shown after the choice")
	}
}

// TestBrowserPrechessDrops places pieces from the hands: a hand piece, then a square.
func TestBrowserPrechessDrops(t *testing.T) {
	t.Parallel()
	p := openBoard(t, hashFor("prechess", ""))
	p.setSelect("mode", "two")
	if got := p.handCount("white", "N"); got != "2" {
		t.Errorf("White's hand shows %q knights at the start, want 2", got)
	}
	p.clickToken("@N")
	p.waitTargets("a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1")
	p.clickToken("b1")
	wantLastMove(t, p.waitMoves(1), "N@b1")
	if got := p.pieceOn("b1"); got != "N" {
		t.Errorf("b1 shows %q after N@b1, want N", got)
	}
	if got := p.handCount("white", "N"); got != "1" {
		t.Errorf("White's hand shows %q knights after N@b1, want 1", got)
	}

	p.clickToken("@N") // Black's hand now
	p.waitTarget("g8")
	p.clickToken("g8")
	wantLastMove(t, p.waitMoves(2), "N@g8")
	if got := p.pieceOn("g8"); got != "n" {
		t.Errorf("g8 shows %q after Black's N@g8, want n", got)
	}
	if got := p.handCount("black", "N"); got != "1" {
		t.Errorf("Black's hand shows %q knights after N@g8, want 1", got)
	}

	p.drag("@B", "c1") // a hand piece dragged onto the board
	wantLastMove(t, p.waitMoves(3), "B@c1")
	if got := p.pieceOn("c1"); got != "B" {
		t.Errorf("c1 shows %q after dragging a bishop from the hand, want B", got)
	}
	p.screenshot("prechess-drops")
}

// TestBrowserPromotionChooser promotes a pawn to a knight through the chooser.
func TestBrowserPromotionChooser(t *testing.T) {
	t.Parallel()
	p := openBoard(t, hashFor("normal", "8/4P3/8/8/8/8/k7/4K3 w - - 0 1"))
	p.setSelect("mode", "two")
	p.clickTokens("e7", "e8")
	p.waitFor("the promotion chooser",
		`!document.querySelector("#chooser").hidden && document.querySelectorAll("#chooser [data-move]").length === 4`)
	choices := evalJS[[]string](p, `[...document.querySelectorAll("#chooser [data-move]")].map(b => b.dataset.move).sort()`)
	if want := []string{"e7e8b", "e7e8n", "e7e8q", "e7e8r"}; !slices.Equal(choices, want) {
		t.Errorf("the chooser offers %q, want %q", choices, want)
	}
	p.click(`#chooser [data-move="e7e8n"]`)
	wantLastMove(t, p.waitMoves(1), "e7e8n")
	if got := p.pieceOn("e8"); got != "N" {
		t.Errorf("e8 shows %q after e8=N, want N", got)
	}
	if got := p.text(`#moves [data-ply="0"]`); !strings.Contains(got, "e8=N") && !strings.Contains(got, "e7e8n") {
		t.Errorf("the record shows %q for the promotion, want e8=N (or e7e8n)", got)
	}
}

// TestBrowserAnalysisStreams runs the analysis with two lines: the lines, the depth, the
// score and the best-move arrow appear and the depth grows while the stream runs; the
// button stops it.
func TestBrowserAnalysisStreams(t *testing.T) {
	t.Parallel()
	p := openBoard(t, hashFor("normal", ""))
	p.setSelect("mode", "analysis")
	p.setSelect("multipv", "2")
	p.startAnalysis()
	depth := p.text("#analysis-depth")
	p.waitFor("the depth to change from "+depth,
		fmt.Sprintf(`document.querySelector("#analysis-depth").textContent.trim() !== %q`, depth))
	p.waitFor("two MultiPV lines", `document.querySelectorAll("#pv-lines .pv-line").length === 2`)
	p.waitFor("a score in #eval-score", `/\d/.test(document.querySelector("#eval-score").textContent)`)
	p.waitFor("a speed in #analysis-nps", `/\d/.test(document.querySelector("#analysis-nps").textContent)`)
	if p.count("#eval-bar") != 1 {
		t.Errorf("no #eval-bar")
	}
	p.waitFor("the best move drawn as an arrow", `document.querySelectorAll("#board .arrow").length > 0`)
	p.screenshot("analysis")
	p.click("#analyze") // stop
	p.waitIdle()
	stopped := p.text("#analysis-depth")
	time.Sleep(time.Second)
	if again := p.text("#analysis-depth"); again != stopped {
		t.Errorf("the depth went on from %q to %q after the stop", stopped, again)
	}
}

// TestBrowserGameToTheEnd plays short games against the engine to their end by clicks,
// and the page shows the result and its reason: 1.Ra7 Kg8 (forced) 2.Ra8# in normal chess,
// and a Weak Square king that steps onto the enemy's weak square.
func TestBrowserGameToTheEnd(t *testing.T) {
	t.Run("checkmate", func(t *testing.T) {
		t.Parallel()
		p := openBoard(t, hashFor("normal", "7k/8/6K1/8/8/8/8/R7 w - - 0 1"))
		p.setSelect("level", engineLevel)
		p.setSelect("mode", "white")
		p.waitIdle()
		p.clickTokens("a1", "a7")
		wantLastMove(t, p.waitMoves(2), "h8g8")
		p.clickTokens("a7", "a8")
		wantLastMove(t, p.waitMoves(3), "a7a8")
		p.wantResult("1-0", "checkmate")
		if got := p.count(`#board [data-square="g8"].check`); got != 1 {
			t.Errorf("the mated king's square g8 is not marked with the class check")
		}
		p.screenshot("normal-checkmate")
	})
	t.Run("weak square reached", func(t *testing.T) {
		t.Parallel()
		p := openBoard(t, hashFor("weaksquare", "*****1/k3K1/6/6/6/6/6/1*****[] w - - 0 1 MM"))
		p.setSelect("level", engineLevel)
		p.setSelect("mode", "white")
		p.waitIdle()
		p.clickTokens("e7", "f8")
		wantLastMove(t, p.waitMoves(1), "e7f8")
		p.wantResult("1-0", "weak square")
		p.screenshot("weaksquare-won")
	})
}

// wantResult waits for #result and checks that it shows the result and (in any case) the
// reason, and that the state says the game is over.
func (p *boardPage) wantResult(result, reason string) {
	p.t.Helper()
	p.waitFor("the result in #result", `document.querySelector("#result").textContent.trim() !== ""`)
	got := p.text("#result")
	if !strings.Contains(got, result) || !strings.Contains(strings.ToLower(got), reason) {
		p.t.Errorf("#result shows %q, want %s and %q", got, result, reason)
	}
	if !evalJS[bool](p, `window.varchess.state.outcome.over === true`) {
		p.t.Errorf("window.varchess.state.outcome.over is not true at the end of the game")
	}
	played := p.moves()
	time.Sleep(500 * time.Millisecond) // the engine must not move in a finished game
	p.waitIdle()
	if again := p.moves(); len(again) != len(played) {
		p.t.Errorf("moves were played after the end of the game: %q, then %q", played, again)
	}
}
