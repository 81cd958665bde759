package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"varchess/movegen"
)

// The samples file keeps the tuner's positions, one a line: "FEN;result" or, judged,
// "FEN;result;judge" (the game's result from White's point of view, 0..1, and the judge's
// score in centipawns from White's point of view), so that a tuning run on other weights or
// other terms need not play and judge the games again: judging a hundred thousand
// positions takes longer than every tuning pass together.

// writeSamples writes samples to w in the samples file's form.
func writeSamples(w io.Writer, samples []sample) error {
	bw := bufio.NewWriter(w)
	for i := range samples {
		s := &samples[i]
		fmt.Fprintf(bw, "%s;%s", s.pos.FEN(), strconv.FormatFloat(s.result, 'g', -1, 64))
		if s.judged {
			fmt.Fprintf(bw, ";%s", strconv.FormatFloat(s.judgeCP, 'g', -1, 64))
		}
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// readSamples reads the samples of v written by writeSamples.
func readSamples(v *movegen.Variant, r io.Reader) ([]sample, error) {
	var out []sample
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		f := strings.Split(sc.Text(), ";")
		if len(f) != 2 && len(f) != 3 {
			return nil, fmt.Errorf("line %d: want FEN;result or FEN;result;judge", line)
		}
		p, err := v.ParseFEN(f[0])
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		s := sample{pos: *p}
		if s.result, err = strconv.ParseFloat(f[1], 64); err != nil || s.result < 0 || s.result > 1 {
			return nil, fmt.Errorf("line %d: result %q is not a number from 0 to 1", line, f[1])
		}
		if len(f) == 3 {
			if s.judgeCP, err = strconv.ParseFloat(f[2], 64); err != nil || math.IsNaN(s.judgeCP) || math.IsInf(s.judgeCP, 0) {
				return nil, fmt.Errorf("line %d: judge's score %q is not a number", line, f[2])
			}
			s.judged = true
		}
		out = append(out, s)
	}
	return out, sc.Err()
}

// loadSamples reads the samples file name, if it exists: ok is false when it does not.
func loadSamples(v *movegen.Variant, name string) (samples []sample, ok bool, err error) {
	f, err := os.Open(name)
	if errors.Is(err, os.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	defer f.Close()
	samples, err = readSamples(v, f)
	if err != nil {
		return nil, false, fmt.Errorf("%s: %w", name, err)
	}
	return samples, true, nil
}

// saveSamples writes samples to the file name.
func saveSamples(name string, samples []sample) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := writeSamples(f, samples); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
