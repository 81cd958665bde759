package bench

import (
	"strings"
	"testing"
	"time"
)

// TestStallWatchWorst: a late tick is recorded as a gap, and worst gives the part of the
// longest gap inside the interval asked about; ticks on time and gaps outside it count
// for nothing.
func TestStallWatchWorst(t *testing.T) {
	w := &stallWatch{period: stallPeriod}
	t0 := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	w.observe(t0, t0.Add(5*time.Millisecond))                                      // on time: not recorded
	w.observe(t0.Add(time.Second), t0.Add(2200*time.Millisecond))                  // 1.2 s stall
	w.observe(t0.Add(10*time.Second), t0.Add(10*time.Second+300*time.Millisecond)) // 0.3 s stall
	cases := []struct {
		from, to time.Duration
		want     time.Duration
	}{
		{0, 500 * time.Millisecond, 0},
		{0, 3 * time.Second, 1200 * time.Millisecond},
		{1500 * time.Millisecond, 3 * time.Second, 700 * time.Millisecond},
		{5 * time.Second, 20 * time.Second, 300 * time.Millisecond},
		{0, 20 * time.Second, 1200 * time.Millisecond},
	}
	for _, c := range cases {
		if got := w.worst(t0.Add(c.from), t0.Add(c.to)); got != c.want {
			t.Errorf("worst(%v, %v) = %v, want %v", c.from, c.to, got, c.want)
		}
	}
	if got, want := w.summary(), "machine: 2 stall(s) of 0.25 s or more, the longest 1.200 s"; !strings.HasPrefix(got, want) {
		t.Errorf("summary %q, want %q...", got, want)
	}
	// The ring keeps the latest gaps.
	for i := range 2 * stallGaps {
		at := t0.Add(time.Duration(100+i) * time.Second)
		w.observe(at, at.Add(200*time.Millisecond))
	}
	if got := w.worst(t0, t0.Add(3*time.Second)); got != 0 {
		t.Errorf("an old gap outlived %d newer ones: %v", 2*stallGaps, got)
	}
}

// TestTimeForfeitNamesAMachineStall: a time forfeit during which the referee itself was
// not run says so in its reason, and one without such a gap does not.
func TestTimeForfeitNamesAMachineStall(t *testing.T) {
	w := &stallWatch{period: stallPeriod}
	if s := w.summary(); s != "" {
		t.Errorf("a run without stalls has the summary %q", s)
	}
	asked := time.Now()
	if note := w.note(asked); note != "" {
		t.Fatalf("no stall, yet the note %q", note)
	}
	w.observe(asked.Add(-time.Second), asked.Add(-100*time.Millisecond)) // before the move
	if note := w.note(asked); note != "" {
		t.Fatalf("a stall before the move was asked for is named: %q", note)
	}
	now := time.Now()
	w.observe(now.Add(-800*time.Millisecond), now)
	if note := w.note(asked.Add(-800 * time.Millisecond)); !strings.Contains(note, "the machine stalled: the referee itself did not run for 0.8") {
		t.Errorf("note %q", note)
	}
}
