package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"runtime/metrics"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"varchess/movegen"
)

// randomGame plays plies random legal moves of v from its start and returns their texts.
func randomGame(v *movegen.Variant, plies int, rng *rand.Rand) []string {
	g := movegen.NewGame(v.Start(nil))
	var out []string
	var ml movegen.MoveList
	for len(out) < plies && !g.Outcome().Over() {
		ml.Reset()
		g.Position().LegalMoves(&ml)
		m := ml.At(rng.IntN(ml.Len()))
		out = append(out, g.Position().MoveText(m))
		g.Play(m)
	}
	return out
}

// BenchmarkStateHopChess measures one /api/state request of Hop Chess after 40 random
// plies (some 1000-1500 legal turns, each with its clicks, route and check), end to end
// through the handler with JSON in and out.
func BenchmarkStateHopChess(b *testing.B) {
	benchmarkState(b, movegen.HopChess, 40)
}

// BenchmarkStateHopChessLong is a Hop Chess state after 120 plies: the replay's share.
func BenchmarkStateHopChessLong(b *testing.B) {
	benchmarkState(b, movegen.HopChess, 120)
}

// BenchmarkStateNormal is the same for normal chess (SAN through notnil/chess included).
func BenchmarkStateNormal(b *testing.B) {
	benchmarkState(b, movegen.FIDE, 40)
}

func benchmarkState(b *testing.B, v *movegen.Variant, plies int) {
	s := New(Config{Searches: 1, NewEngine: smallEngine})
	moves := randomGame(v, plies, rand.New(rand.NewPCG(1, 2)))
	body := mustJSON(game{Variant: v.Name, Moves: moves})
	b.ReportAllocs()
	b.ResetTimer()
	size := 0
	for b.Loop() {
		code, _, out := call(b, s, http.MethodPost, "/api/state", body)
		if code != 200 {
			b.Fatalf("status %d: %s", code, out)
		}
		size = len(out)
	}
	b.ReportMetric(float64(size), "bytes/answer")
	b.ReportMetric(float64(len(moves)), "plies")
}

// BenchmarkLoad runs 50 simulated games against a real server on a loopback port for
// VARCHESS_LOAD_DURATION (default 5s; 60s for the figure docs/web.md quotes): each game
// asks for the state after its moves, picks a random legal move, asks the engine for a
// reply at depth 1 (/api/move), and so on until the game ends or reaches 120 plies, then
// starts again in the next variant; VARCHESS_LOAD_THINK (default 100ms) is the pause
// before each request, a fast person's. It reports the errors and the p50/p99 latency of
// each kind of request. Run it once:
//
//	VARCHESS_LOAD_DURATION=60s go test -run='^$' -bench=BenchmarkLoad -benchtime=1x ./protocol/web
func BenchmarkLoad(b *testing.B) {
	duration := envDuration(b, "VARCHESS_LOAD_DURATION", 5*time.Second)
	think := envDuration(b, "VARCHESS_LOAD_THINK", 100*time.Millisecond)
	const games = 50
	s := New(Config{Searches: 2})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	srv := s.HTTPServer("")
	go srv.Serve(ln)
	defer srv.Close()
	base := "http://" + ln.Addr().String()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: games}, Timeout: 30 * time.Second}

	type sample struct {
		kind, variant string
		d             time.Duration
		err           string
	}
	var mu sync.Mutex
	var samples []sample
	record := func(kind, variant string, d time.Duration, err string) {
		mu.Lock()
		samples = append(samples, sample{kind, variant, d, err})
		mu.Unlock()
	}
	post := func(path string, body []byte, out any) (time.Duration, error) {
		start := time.Now()
		resp, err := client.Post(base+path, "application/json", bytes.NewReader(body))
		if err != nil {
			return time.Since(start), err
		}
		b, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		d := time.Since(start)
		if err != nil {
			return d, err
		}
		if resp.StatusCode != 200 {
			return d, fmt.Errorf("status %d: %.200s", resp.StatusCode, b)
		}
		return d, json.Unmarshal(b, out)
	}

	cpuBefore := processCPU()
	b.ResetTimer()
	deadline := time.Now().Add(duration)
	var wg sync.WaitGroup
	for i := range games {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(i), 7))
			variant := i % len(movegen.All)
			var moves []string
			for time.Now().Before(deadline) {
				v := movegen.All[variant]
				time.Sleep(think)
				// The client reads only what it needs, so that its own decoding takes as
				// little as possible of the CPU the server is measured on.
				var st struct {
					Moves []struct {
						Text string `json:"text"`
					} `json:"moves"`
					Outcome Outcome `json:"outcome"`
				}
				d, err := post("/api/state", []byte(mustJSON(game{Variant: v.Name, Moves: moves})), &st)
				if err != nil {
					record("state", v.Name, d, err.Error())
					moves = nil
					continue
				}
				record("state", v.Name, d, "")
				if st.Outcome.Over || len(moves) >= 120 {
					moves, variant = nil, (variant+1)%len(movegen.All)
					continue
				}
				moves = append(moves, st.Moves[rng.IntN(len(st.Moves))].Text)
				time.Sleep(think)
				var ans struct {
					Move struct {
						Text string `json:"text"`
					} `json:"move"`
				}
				body := mustJSON(struct {
					game
					Depth int `json:"depth"`
				}{game{Variant: v.Name, Moves: moves}, 1})
				d, err = post("/api/move", []byte(body), &ans)
				if err != nil {
					// a game over after the person's move is no error
					if !bytes.Contains([]byte(err.Error()), []byte("The game is over")) {
						record("move", v.Name, d, err.Error())
					}
					moves, variant = nil, (variant+1)%len(movegen.All)
					continue
				}
				record("move", v.Name, d, "")
				moves = append(moves, ans.Move.Text)
			}
		})
	}
	wg.Wait()
	b.StopTimer()
	cpu := processCPU() - cpuBefore
	b.Logf("CPU: %.1f s in %v for %d requests, %.2f ms per request (server and client together)",
		cpu.Seconds(), duration, len(samples), float64(cpu.Microseconds())/1000/float64(max(len(samples), 1)))
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(max(len(samples), 1)), "cpu-ms/request")

	// The slowest requests by game, to see where a tail comes from.
	for _, kind := range []string{"state", "move"} {
		byVariant := map[string][]time.Duration{}
		for _, s := range samples {
			if s.kind == kind && s.err == "" {
				byVariant[s.variant] = append(byVariant[s.variant], s.d)
			}
		}
		line := ""
		for _, v := range movegen.All {
			ds := byVariant[v.Name]
			if len(ds) == 0 {
				continue
			}
			slices.Sort(ds)
			line += fmt.Sprintf(" %s p99 %v;", v.Name, ds[min(len(ds)-1, len(ds)*99/100)].Round(100*time.Microsecond))
		}
		b.Logf("%s by game:%s", kind, line)
	}
	for _, kind := range []string{"state", "move"} {
		var ds []time.Duration
		errs := 0
		var firstErr string
		for _, s := range samples {
			if s.kind != kind {
				continue
			}
			if s.err != "" {
				errs++
				if firstErr == "" {
					firstErr = s.err
				}
				continue
			}
			ds = append(ds, s.d)
		}
		slices.Sort(ds)
		q := func(f float64) time.Duration {
			if len(ds) == 0 {
				return 0
			}
			return ds[min(len(ds)-1, int(f*float64(len(ds))))]
		}
		b.Logf("%s: %d requests (%.1f/s), %d errors, p50 %v, p99 %v, max %v %s", kind, len(ds), float64(len(ds))/duration.Seconds(),
			errs, q(0.50).Round(10*time.Microsecond), q(0.99).Round(10*time.Microsecond), q(1).Round(10*time.Microsecond), firstErr)
		b.ReportMetric(float64(q(0.50).Microseconds())/1000, kind+"-p50-ms")
		b.ReportMetric(float64(q(0.99).Microseconds())/1000, kind+"-p99-ms")
		b.ReportMetric(float64(errs), kind+"-errors")
		if errs > 0 {
			b.Errorf("%s: %d errors, the first: %s", kind, errs, firstErr)
		}
	}
	if n := s.panics.Load(); n != 0 {
		b.Errorf("%d panics", n)
	}
}

// processCPU is the CPU time the process has used so far (the runtime's estimate, which
// is the same on every system), so that the load benchmark can give a cost per request that
// does not depend on what else the machine runs.
func processCPU() time.Duration {
	sample := []metrics.Sample{{Name: "/cpu/classes/total:cpu-seconds"}, {Name: "/cpu/classes/idle:cpu-seconds"}}
	metrics.Read(sample)
	busy := sample[0].Value.Float64() - sample[1].Value.Float64()
	return time.Duration(busy * float64(time.Second))
}

// envDuration reads a duration from the environment variable name, def if unset.
func envDuration(b *testing.B, name string, def time.Duration) time.Duration {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		if n, err2 := strconv.Atoi(s); err2 == nil {
			return time.Duration(n) * time.Second
		}
		b.Fatalf("%s=%q: %v", name, s, err)
	}
	return d
}
