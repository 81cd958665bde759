package protocol

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The tests here click in a real XBoard 4.9.1 as a person does: XBoard runs with its window
// on a virtual X server (Xvfb), the engine as its only engine, and xdotool sends the mouse
// clicks through XTest. What XBoard sends the engine on each click is read from its debug
// log. They skip with -short, and when Xvfb, XBoard or xdotool is missing (the skip names
// the Debian packages).

// clickPrograms are the programs of the click tests, each with its Debian package.
var clickPrograms = []struct{ program, pkg string }{
	{"xboard", "xboard"}, {"Xvfb", "xvfb"}, {"xdotool", "xdotool"},
}

// programPath is where a program is: on PATH or in /usr/games (where Debian puts XBoard);
// "" if in neither.
func programPath(name string) string {
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	if _, err := os.Stat("/usr/games/" + name); err == nil {
		return "/usr/games/" + name
	}
	return ""
}

// clickBoard is one XBoard window under Xvfb, played by clicks.
type clickBoard struct {
	t       *testing.T
	display string
	log     string       // XBoard's debug log
	files   int          // board files (without holdings)
	hold    int          // holdings columns on each side (2 with holdings, else 0)
	sq      int          // XBoard's square size in pixels
	height  int          // the window's height: the board is drawn at its bottom
	output  bytes.Buffer // XBoard's own output, for a failure's message
}

// clickBoardSize is XBoard's -size: the square size of an 8-file board; wider boards (with
// holdings) get narrower squares of the same total width (gtk/xboard.c, InitDrawingSizes).
const clickBoardSize = 49

// startClickBoard starts Xvfb and XBoard with the engine on variant, with extra XBoard
// arguments, and waits until the engine has answered XBoard's first ping. It ends both
// when the test ends.
func startClickBoard(t *testing.T, variant string, files int, holdings bool, extra ...string) *clickBoard {
	t.Helper()
	if testing.Short() {
		t.Skip("clicks in a real XBoard (about 15 s); run without -short")
	}
	var missing, pkgs []string
	for _, p := range clickPrograms {
		if programPath(p.program) == "" {
			missing, pkgs = append(missing, p.program), append(pkgs, p.pkg)
		}
	}
	if len(missing) > 0 {
		t.Skipf("clicking in XBoard needs %s: apt-get install %s", strings.Join(missing, ", "), strings.Join(pkgs, " "))
	}
	dir := t.TempDir()
	engine := filepath.Join(dir, "engine")
	if out, err := exec.Command("go", "build", "-o", engine, "varchess/cmd/engine").CombinedOutput(); err != nil {
		t.Fatalf("building the engine: %v\n%s", err, out)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 55*time.Second)
	t.Cleanup(cancel)

	// a display of our own: a number no server holds (xvfb-run counts down from 99), and
	// ready when xdotool can talk to it
	display := ""
	for n := 200 + os.Getpid()%300; display == "" && n < 600; n++ {
		if _, err := os.Stat(fmt.Sprintf("/tmp/.X%d-lock", n)); err == nil {
			continue
		}
		display = fmt.Sprintf(":%d", n)
	}
	xvfb := exec.CommandContext(ctx, programPath("Xvfb"), display, "-screen", "0", "1280x1024x24", "-nolisten", "tcp")
	if err := xvfb.Start(); err != nil {
		t.Fatalf("Xvfb: %v", err)
	}
	t.Cleanup(func() { xvfb.Process.Signal(os.Interrupt); xvfb.Wait() }) // so it removes its socket
	b := &clickBoard{t: t, display: display}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(200 * time.Millisecond) {
		if _, err := b.xdotool("getdisplaygeometry"); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("Xvfb %s did not come up", display)
		}
	}
	b.log, b.files = filepath.Join(dir, "debug.txt"), files
	if holdings {
		b.hold = 2
	}
	cols := files + 2*b.hold
	b.sq = clickBoardSize
	if cols != 8 {
		b.sq = (clickBoardSize*8 + cols/2) / cols
	}

	home := filepath.Join(dir, "home")
	os.Mkdir(home, 0o755)
	args := append([]string{"-variant", variant, "-testLegality", "false", "-fcp", engine,
		"-debug", "-nameOfDebugFile", b.log, "-saveSettingsOnExit", "false", "-soundMove", "",
		"-startupMessage", "", "-size", strconv.Itoa(clickBoardSize), "-searchDepth", "2"}, extra...)
	xb := exec.CommandContext(ctx, programPath("xboard"), args...)
	xb.Dir = dir
	xb.Env = append(os.Environ(), "DISPLAY="+b.display, "HOME="+home, "PATH="+os.Getenv("PATH")+":/usr/games")
	xb.Stdout, xb.Stderr = &b.output, &b.output
	if err := xb.Start(); err != nil {
		t.Fatalf("xboard: %v", err)
	}
	t.Cleanup(func() { xb.Process.Kill(); xb.Wait() })
	b.waitLog("<first : pong 1", 20*time.Second)
	// the window maps a little after the engine's answer
	deadline := time.Now().Add(15 * time.Second)
	for b.height == 0 && time.Now().Before(deadline) {
		time.Sleep(300 * time.Millisecond)
		out, _ := b.xdotool("search", "--class", "Xboard", "getwindowgeometry", "%@")
		for _, l := range strings.Split(out, "\n") {
			var wd, ht int
			if _, err := fmt.Sscanf(strings.TrimSpace(l), "Geometry: %dx%d", &wd, &ht); err == nil && ht > 100 {
				b.height = ht
			}
		}
	}
	if b.height == 0 {
		t.Fatalf("XBoard's window did not appear")
	}
	time.Sleep(time.Second) // let it draw the board before the first click
	return b
}

func (b *clickBoard) xdotool(args ...string) (string, error) {
	cmd := exec.Command(programPath("xdotool"), args...)
	cmd.Env = append(os.Environ(), "DISPLAY="+b.display)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// click clicks the square (file letter and rank from 1, as XBoard names the squares of a
// board that does not have 10 ranks) with a press and release 50 ms apart, as a hand does.
func (b *clickBoard) click(square string) {
	b.t.Helper()
	col := b.hold + int(square[0]-'a')
	row, _ := strconv.Atoi(square[1:])
	cell := b.sq + 1 // squares and the one-pixel lines between them
	x := 2 + col*cell + b.sq/2
	y := b.height - 3 - (row-1)*cell - b.sq/2
	if out, err := b.xdotool("mousemove", strconv.Itoa(x), strconv.Itoa(y), "mousedown", "1", "sleep", "0.05", "mouseup", "1"); err != nil {
		b.t.Fatalf("xdotool: %v %s", err, out)
	}
	time.Sleep(400 * time.Millisecond)
}

// read is XBoard's debug log so far.
func (b *clickBoard) read() string {
	data, _ := os.ReadFile(b.log)
	return string(data)
}

// waitLog waits until XBoard's debug log has want, and fails the test with the log's tail
// if it does not come within d.
func (b *clickBoard) waitLog(want string, d time.Duration) string {
	b.t.Helper()
	deadline := time.Now().Add(d)
	for {
		log := b.read()
		if strings.Contains(log, want) {
			return log
		}
		if time.Now().After(deadline) {
			b.t.Fatalf("XBoard's debug log has no %q within %v:\n%s\nXBoard's output:\n%s", want, d, tail(log, 2500), tail(b.output.String(), 1000))
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// sentAfter lists the commands XBoard sent the engine after the log offset from ("usermove"
// and its move are two log entries; they are joined here).
func sentAfter(log string, from int) []string {
	var out []string
	for _, l := range strings.Split(log[min(from, len(log)):], "\n") {
		_, cmd, ok := strings.Cut(l, ">first : ")
		if !ok {
			continue
		}
		if rest, ok := strings.CutPrefix(cmd, "usermove "); ok {
			_, mv, _ := strings.Cut(rest, ">first : ")
			cmd = "usermove " + mv
		}
		out = append(out, strings.TrimSpace(cmd))
	}
	return out
}

// TestXBoardGUIWeakSquareClick: in a real XBoard 4.9.1 with Debian's sweep selection, a
// plain click on a Weak Square jump target places the strongest piece in hand (the rook),
// not the pawn XBoard's sweep used to pick (issue 20, item 14).
func TestXBoardGUIWeakSquareClick(t *testing.T) {
	b := startClickBoard(t, "weaksquare", 6, true, "-sweepPromotions", "true")
	b.click("a1")
	b.click("c2") // the first jump places nothing
	b.waitLog("<first : move ", 20*time.Second)
	from := len(b.read())
	b.click("c2")
	b.click("e3")
	log := b.waitLog("usermove", 10*time.Second)
	sent := sentAfter(log, from)
	if !contains(sent, "usermove c2e3r") {
		t.Errorf("XBoard sent %q after clicks on c2 and e3, want usermove c2e3r (the rook, the strongest piece in hand)", sent)
	}
	if strings.Contains(log[from:], "Illegal move") {
		t.Errorf("the click was refused:\n%s", tail(log, 1500))
	}
}

// TestXBoardGUIBunkerLoadAndCastle: a bunker position loaded with -lpf at start-up is the
// one XBoard shows and the engine plays (XBoard used to replace it with the engine's
// start), and there the king on c1 castles onto its rook on b1 by two clicks, king then
// rook, which XBoard applies as king b1, rook c1 (issue 20, item 14).
func TestXBoardGUIBunkerLoadAndCastle(t *testing.T) {
	dir := t.TempDir()
	pos := filepath.Join(dir, "pos.fen")
	if err := os.WriteFile(pos, []byte("1rk4r/pppppppp/8/8/8/8/PPPPPPPP/1RK4R w - - 0 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	b := startClickBoard(t, "bunker", 8, false, "-lpf", pos)
	// the engine puts XBoard on the loaded position with setups of its own (resetupLines):
	// the last one under bunker's parent
	log := b.waitLog("<first : setup (PNBRQ.....K.pnbrq.....k.) 8x8+0_nocastle 1rk4r/", 10*time.Second)
	if !strings.Contains(log, ">first : setboard 1rk4r/pppppppp/8/8/8/8/PPPPPPPP/1RK4R w") {
		t.Errorf("XBoard did not send the loaded position:\n%s", tail(log, 2500))
	}
	from := len(log)
	b.click("c1")
	b.click("b1")
	log = b.waitLog("<first : move ", 20*time.Second)
	sent := sentAfter(log, from)
	if !contains(sent, "lift c1") || !contains(sent, "usermove c1b1") || strings.Contains(log[from:], "Illegal move") {
		t.Fatalf("XBoard sent %q after clicks on c1 and b1, want lift c1 and usermove c1b1, accepted:\n%s", sent, tail(log, 1500))
	}
	// XBoard's board: a piece of White's on b1 and on c1 (a click on an empty square or on
	// the other side's piece lifts nothing), so the king did not take its rook
	from = len(log)
	b.click("c1")
	b.click("b1")
	b.click("b1") // put it down again
	time.Sleep(500 * time.Millisecond)
	sent = sentAfter(b.read(), from)
	if !contains(sent, "lift c1") || !contains(sent, "lift b1") {
		t.Errorf("XBoard sent %q after clicks on c1 and b1, want a lift of each: its board lost the rook", sent)
	}
}

// TestXBoardGUIPrechessHands: in Pre-chess a captured piece does not go into the capturer's
// hand on XBoard's board, as it did under the crazyhouse-style holdings of XBoard's other
// parents (issue 20, item 14): after d4xe5 from a loaded position, XBoard's own copy of the
// position (Edit > Copy Position, read with xclip) has empty hands.
func TestXBoardGUIPrechessHands(t *testing.T) {
	if programPath("xclip") == "" {
		t.Skip("reading XBoard's position needs xclip: apt-get install xclip")
	}
	dir := t.TempDir()
	pos := filepath.Join(dir, "pos.fen")
	if err := os.WriteFile(pos, []byte("nrkqbbnr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/NRKQBBNR w - - 0 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	b := startClickBoard(t, "prechess", 8, true, "-lpf", pos)
	b.waitLog("8x8+6_bughouse nrkqbbnr/", 10*time.Second) // the loaded position (resetupLines)
	b.click("d4")
	b.click("e5")
	log := b.waitLog("<first : move ", 20*time.Second)
	if !strings.Contains(log, ">first : d4e5") || strings.Contains(log, "Illegal move") {
		t.Fatalf("the capture d4e5 was not played:\n%s", tail(log, 1500))
	}
	if out, err := b.xdotool("key", "ctrl+shift+c"); err != nil {
		t.Fatalf("xdotool: %v %s", err, out)
	}
	time.Sleep(500 * time.Millisecond)
	cmd := exec.Command(programPath("xclip"), "-o", "-selection", "clipboard")
	cmd.Env = append(os.Environ(), "DISPLAY="+b.display)
	fen, err := cmd.Output()
	if err != nil {
		t.Fatalf("xclip: %v", err)
	}
	board, _, _ := strings.Cut(string(fen), " ")
	if !strings.HasPrefix(board, "nrk") || !strings.Contains(board, "/4P") {
		t.Fatalf("XBoard's position %q is not the game's", fen)
	}
	if _, hand, ok := strings.Cut(board, "["); ok && hand != "-]" && hand != "]" {
		t.Errorf("XBoard's hands after a capture: [%s, want empty (%s)", hand, fen)
	}
}
