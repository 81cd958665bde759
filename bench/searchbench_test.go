package bench

import (
	"bytes"
	"strings"
	"testing"

	"varchess/movegen"
)

// TestSearchSignatureStable: the bench's total node count is a signature only if it is
// the same in every run. Run it twice (shallow, to stay fast) and compare every variant.
func TestSearchSignatureStable(t *testing.T) {
	positions := SearchPositions()
	a, err := RunSearch(positions, -4, 1)
	if err != nil {
		t.Fatal(err)
	}
	b, err := RunSearch(positions, -4, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(a) != len(b) || len(a) != len(movegen.All) {
		t.Fatalf("%d and %d variant lines, want %d", len(a), len(b), len(movegen.All))
	}
	for i := range a {
		if a[i].Variant != b[i].Variant || a[i].Nodes != b[i].Nodes || a[i].Nodes == 0 {
			t.Errorf("run 1 %s %d nodes, run 2 %s %d nodes", a[i].Variant, a[i].Nodes, b[i].Variant, b[i].Nodes)
		}
	}
}

// TestSearchBenchEveryVariant: every variant of the registry has a bench position, so
// that new variants join the signature without editing the bench.
func TestSearchBenchEveryVariant(t *testing.T) {
	seen := map[string]bool{}
	for _, sp := range SearchPositions() {
		seen[sp.Variant] = true
	}
	for _, v := range movegen.All {
		if !seen[v.Name] {
			t.Errorf("variant %s has no bench position", v.Name)
		}
	}
}

// TestBenchMain: the command prints a line per variant and the total, and rejects an
// unknown variant.
func TestBenchMain(t *testing.T) {
	var out, errw bytes.Buffer
	if code := Main([]string{"-depth", "-6"}, &out, &errw); code != 0 {
		t.Fatalf("exit %d: %s", code, errw.String())
	}
	if !strings.Contains(out.String(), "normal ") || !strings.Contains(out.String(), "total nodes ") {
		t.Fatalf("output:\n%s", out.String())
	}
	if code := Main([]string{"-variant", "nosuch"}, &out, &errw); code != 2 {
		t.Fatalf("unknown variant: exit %d", code)
	}
}
