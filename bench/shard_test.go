package bench

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestParseShard: K/N and its errors.
func TestParseShard(t *testing.T) {
	if k, n, err := ParseShard("2/4"); k != 2 || n != 4 || err != nil {
		t.Errorf("2/4: %d/%d %v", k, n, err)
	}
	for _, bad := range []string{"0/4", "5/4", "1/0", "x/2", "2", "1/2/3"} {
		if _, _, err := ParseShard(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// TestShardsPartitionSchedule: the shards of a schedule are disjoint, cover it, keep
// each opening's two games together and differ in size by one pairing at most.
func TestShardsPartitionSchedule(t *testing.T) {
	all := makeSchedule(2, 3, roundRobin, 5) // odd games: lone last games too
	seen := map[int]int{}
	for k := 1; k <= 4; k++ {
		part := shardOf(all, k, 4)
		pairings := map[int]bool{}
		for _, j := range part {
			seen[j.Index]++
			pairings[j.Pairing] = true
		}
		for _, j := range all {
			if pairings[j.Pairing] && !slices.ContainsFunc(part, func(x job) bool { return x.Index == j.Index }) {
				t.Errorf("shard %d has pairing %d without game %d", k, j.Pairing, j.Index)
			}
		}
	}
	if len(seen) != len(all) {
		t.Errorf("the shards play %d of %d games", len(seen), len(all))
	}
	for i, n := range seen {
		if n != 1 {
			t.Errorf("game %d in %d shards", i, n)
		}
	}
}

// summaryPart is the output of a run or a merge from its tables on (the per-game lines and
// the headers differ).
func summaryPart(t *testing.T, out string) string {
	t.Helper()
	i := strings.Index(out, "\nScore of ")
	if j := strings.Index(out, "\nRank "); i < 0 || j >= 0 && j < i {
		i = j
	}
	if i < 0 {
		t.Fatalf("no tables in:\n%s", out)
	}
	s := out[i+1:]
	if k := strings.Index(s, "report: "); k >= 0 {
		s = s[:k]
	}
	return s
}

// TestShardsMergeEqualOneRun: a campaign split into 4 shards (each its own process of the
// same command with -shard K/4), merged with -merge, gives exactly the games of one run
// with the same seed (the same rounds, openings, moves and results) and prints the same
// tables and SPRT state, for a match and for a round robin of three engines. The fake
// engines choose their moves from the position alone (pick=hash), so a game does not
// depend on which process played it.
func TestShardsMergeEqualOneRun(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	engines := []string{
		"-engine", "name=A proto=uci cmd=" + quoteCommand([]string{quoteCommand(fakeCmd("uci", "pick=hash", "seed=1", "name=A"))}),
		"-engine", "name=B proto=xboard cmd=" + quoteCommand([]string{quoteCommand(fakeCmd("xboard", "pick=hash", "seed=2", "name=B"))}),
		"-engine", "name=C proto=xboard cmd=" + quoteCommand([]string{quoteCommand(fakeCmd("xboard", "pick=hash", "seed=3", "name=C", "at=30", "act=resign"))}),
	}
	for _, c := range []struct {
		name  string
		flags []string
	}{
		{"match", append(slices.Clone(engines[:4]), "-games", "12", "-sprt", "-20,20,0.05,0.05")},
		{"round robin", append(slices.Clone(engines), "-games", "4", "-anchor", "B")},
	} {
		common := append(c.flags, "-tc", "20+0", "-openings", "random:3", "-seed", "77", "-maxmoves", "60", "-concurrency", "2")
		run := func(name string, extra ...string) string {
			var out, errb bytes.Buffer
			args := append(slices.Clone(common), extra...)
			if code := RunCommand(args, &out, &errb); code != 0 {
				t.Fatalf("%s %s: exit %d: %s\n%s", c.name, name, code, errb.String(), out.String())
			}
			return out.String()
		}
		one := filepath.Join(dir, c.name+"-one.pgn")
		oneOut := run("one run", "-pgn", one)
		var shards []string
		for k := 1; k <= 4; k++ {
			p := filepath.Join(dir, fmt.Sprintf("%s-%d.pgn", c.name, k))
			out := run(fmt.Sprintf("shard %d", k), "-shard", fmt.Sprintf("%d/4", k), "-pgn", p)
			if !strings.Contains(out, fmt.Sprintf("shard %d/4: ", k)) {
				t.Errorf("shard %d output:\n%s", k, out)
			}
			shards = append(shards, p)
		}
		var out, errb bytes.Buffer
		report := filepath.Join(dir, c.name+".html")
		mergeArgs := append([]string{"-merge"}, shards...)
		mergeArgs = append(mergeArgs, "-report", report)
		if slices.Contains(common, "-sprt") {
			mergeArgs = append(mergeArgs, "-sprt", "-20,20,0.05,0.05")
		}
		if slices.Contains(common, "-anchor") {
			mergeArgs = append(mergeArgs, "-anchor", "B")
		}
		if code := RunCommand(mergeArgs, &out, &errb); code != 0 {
			t.Fatalf("%s merge: exit %d: %s", c.name, code, errb.String())
		}
		if a, b := summaryPart(t, oneOut), summaryPart(t, out.String()); a != b {
			t.Errorf("%s: one run and the merged shards differ:\n--- one run\n%s--- merged\n%s", c.name, a, b)
		}
		// the same games, move for move
		read := func(paths ...string) []pgnGame {
			var all []pgnGame
			for _, p := range paths {
				f, err := os.Open(p)
				if err != nil {
					t.Fatal(err)
				}
				g, err := readPGNGames(f)
				f.Close()
				if err != nil {
					t.Fatal(err)
				}
				all = append(all, g...)
			}
			return all
		}
		sa, err := mergeGames(read(one), SummaryOptions{})
		if err != nil {
			t.Fatal(err)
		}
		sb, err := mergeGames(read(shards...), SummaryOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if len(sa.Games) != len(sb.Games) || len(sa.Games) == 0 {
			t.Fatalf("%s: %d games in one run, %d merged", c.name, len(sa.Games), len(sb.Games))
		}
		for i := range sa.Games {
			a, b := sa.Games[i], sb.Games[i]
			if a.Round != b.Round || a.Start != b.Start || !slices.Equal(a.Moves, b.Moves) || a.Result != b.Result || a.Reason != b.Reason ||
				a.Names[a.White] != b.Names[b.White] {
				t.Errorf("%s: game %d differs: %v %s / %v %s", c.name, a.Round, a.Moves, a.Result, b.Moves, b.Result)
			}
		}
		if st, err := os.Stat(report); err != nil || st.Size() < 1000 {
			t.Errorf("%s: no report: %v", c.name, err)
		}
		t.Logf("%s: %d games, merged tables:\n%s", c.name, len(sa.Games), summaryPart(t, out.String()))
	}
}

// TestMergeErrors: files that cannot be merged say why.
func TestMergeErrors(t *testing.T) {
	dir := t.TempDir()
	game := "[Round \"1\"]\n[Pairing \"1\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n[Variant \"normal\"]\n\n1. e2e4 {White wins} 1-0\n\n"
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(text), 0o644)
		return p
	}
	a := write("a.pgn", game)
	for _, c := range []struct {
		files []string
		want  string
	}{
		{[]string{a, a}, "game 1 is in the files twice"},
		{[]string{write("b.pgn", strings.Replace(game, "[Pairing \"1\"]\n", "", 1))}, "no Pairing tag"},
		{[]string{write("c.pgn", strings.Replace(game, "normal", "nosuch", 1))}, `unknown variant "nosuch"`},
		{[]string{filepath.Join(dir, "none.pgn")}, "no such file"},
		{[]string{write("d.pgn", "")}, "no games"},
	} {
		var out, errb bytes.Buffer
		args := append([]string{"-merge"}, c.files...)
		if code := RunCommand(args, &out, &errb); code != 1 || !strings.Contains(errb.String(), c.want) {
			t.Errorf("%v: exit %d, %q; want %q", c.files, code, errb.String(), c.want)
		}
	}
	var out, errb bytes.Buffer
	if code := RunCommand([]string{"-merge"}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "-merge needs the PGN files") {
		t.Errorf("-merge alone: exit %d, %q", code, errb.String())
	}
}
