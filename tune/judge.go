package main

import (
	"bufio"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"sync"

	"varchess/movegen"
)

// A judge is a stronger UCI engine whose scores replace (or temper) the games' results as
// the tuner's targets. Self-play results teach the evaluation only what the engine itself
// already understands: against Stockfish it rated its own side about a pawn better than
// Stockfish did in the moves after the opening, a misjudgement its games against itself
// cannot reveal. A judge's score at a fixed depth, one thread, is deterministic, so the
// targets stay reproducible from the seed.

// judgeScale is the scale of the judge's centipawns in its target, an expected result: a
// pawn ahead 64% (the same logistic as the tuner's, k = 1). The tuner fits its own
// scale k to the targets afterwards, so this only fixes the shape.
const judgeScale = 1.0

// judgeSamples scores every sample with the UCI engine command (run by sh -c) at depth,
// in procs processes side by side, into its judgeCP. The variant is sent as UCI_Variant
// unless it is FIDE chess. progress is called after each sample scored.
func judgeSamples(v *movegen.Variant, samples []sample, command string, depth, procs int, progress func(done int)) error {
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		firstErr error
		done     int
	)
	procs = max(1, min(procs, len(samples)))
	for w := range procs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			j, err := startJudge(command, v)
			if err == nil {
				defer j.close()
				for i := w; i < len(samples) && err == nil; i += procs {
					var cp float64
					cp, err = j.score(&samples[i].pos, depth)
					if err == nil {
						samples[i].judgeCP, samples[i].judged = cp, true
						mu.Lock()
						done++
						if progress != nil {
							progress(done)
						}
						mu.Unlock()
					}
				}
			}
			if err != nil {
				mu.Lock()
				if firstErr == nil {
					firstErr = err
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return firstErr
}

// judge is one running UCI engine.
type judge struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

// startJudge starts command and brings it to a ready state for v: one thread, a small
// hash, the variant set.
func startJudge(command string, v *movegen.Variant) (*judge, error) {
	cmd := exec.Command("sh", "-c", command)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("judge %q: %w", command, err)
	}
	j := &judge{cmd: cmd, in: in, out: bufio.NewScanner(out)}
	j.out.Buffer(make([]byte, 64*1024), 1<<20)
	setup := "uci\nsetoption name Threads value 1\nsetoption name Hash value 16\n"
	if v != movegen.FIDE {
		setup += "setoption name UCI_Variant value " + v.Name + "\n"
	}
	if err := j.send(setup); err != nil {
		return nil, err
	}
	if _, err := j.until("uciok"); err != nil {
		return nil, err
	}
	return j, nil
}

func (j *judge) send(s string) error {
	if _, err := io.WriteString(j.in, s); err != nil {
		return fmt.Errorf("judge: %w", err)
	}
	return nil
}

// until reads lines until one starts with word and returns the lines before it.
func (j *judge) until(word string) ([]string, error) {
	var lines []string
	for j.out.Scan() {
		line := j.out.Text()
		if line == word || strings.HasPrefix(line, word+" ") {
			return lines, nil
		}
		lines = append(lines, line)
	}
	return nil, fmt.Errorf("judge: its output ended before %q (%v)", word, j.out.Err())
}

// score is the judge's score of p at depth, in centipawns from White's point of view; a
// mate counts as 100 pawns.
func (j *judge) score(p *movegen.Position, depth int) (float64, error) {
	if err := j.send(fmt.Sprintf("position fen %s\ngo depth %d\n", p.FEN(), depth)); err != nil {
		return 0, err
	}
	lines, err := j.until("bestmove")
	if err != nil {
		return 0, err
	}
	cp, ok := lastScore(lines)
	if !ok {
		return 0, fmt.Errorf("judge: no score for %s", p.FEN())
	}
	if p.SideToMove() == movegen.Black {
		cp = -cp
	}
	return cp, nil
}

// lastScore is the score of the last info line with one ("score cp N" or "score mate N"),
// from the side to move's point of view.
func lastScore(lines []string) (float64, bool) {
	for i := len(lines) - 1; i >= 0; i-- {
		f := strings.Fields(lines[i])
		for k := 0; k+2 < len(f); k++ {
			if f[k] != "score" {
				continue
			}
			n, err := strconv.Atoi(f[k+2])
			if err != nil {
				break
			}
			switch f[k+1] {
			case "cp":
				return float64(n), true
			case "mate": // "mate 0" and "mate -N": the side to move is mated
				if n > 0 {
					return 10000, true
				}
				return -10000, true
			}
		}
	}
	return 0, false
}

// blendTargets sets each judged sample's target to weight times the judge's expected
// result plus 1-weight times the game's.
func blendTargets(samples []sample, weight float64) {
	for i := range samples {
		if s := &samples[i]; s.judged {
			s.result = weight*sigmoid(judgeScale, s.judgeCP) + (1-weight)*s.result
		}
	}
}

func (j *judge) close() {
	_ = j.send("quit\n")
	_ = j.in.Close()
	_ = j.cmd.Wait()
}
