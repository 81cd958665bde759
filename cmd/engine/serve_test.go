package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"varchess/internal/syncbuf"
	"varchess/search"
)

// startServe runs serve with args until the returned stop is called, and returns the
// address it listens on.
func startServe(t *testing.T, args ...string) (addr string, out *syncbuf.Buffer, stop func() int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	out = &syncbuf.Buffer{}
	ready := make(chan string, 1)
	done := make(chan int, 1)
	go func() { done <- serve(ctx, args, out, out, ready) }()
	select {
	case addr = <-ready:
	case code := <-done:
		t.Fatalf("serve %v ended with %d: %s", args, code, out)
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not start")
	}
	return addr, out, func() int {
		cancel()
		select {
		case code := <-done:
			return code
		case <-time.After(10 * time.Second):
			t.Fatal("serve did not shut down")
			return -1
		}
	}
}

// TestServe starts the board on a free loopback port, prints its URL, answers the API and
// shuts down cleanly when its context ends (as SIGINT or SIGTERM end it).
func TestServe(t *testing.T) {
	addr, out, stop := startServe(t, "-addr", "127.0.0.1:0", "-hash", "1", "-searches", "1")
	resp, err := http.Get("http://" + addr + "/api/variants")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), `"hopchess"`) {
		t.Errorf("variants: %d %.100s", resp.StatusCode, body)
	}
	// An open analysis stream does not hold the shutdown: its search is cancelled.
	stream, err := http.Get("http://" + addr + "/api/analyze?variant=normal")
	if err != nil {
		t.Fatal(err)
	}
	defer stream.Body.Close()
	first := make([]byte, 64)
	if _, err := stream.Body.Read(first); err != nil || stream.StatusCode != 200 {
		t.Fatalf("stream: %d %v", stream.StatusCode, err)
	}
	start := time.Now()
	if code := stop(); code != 0 {
		t.Errorf("exit status %d", code)
	}
	if d := time.Since(start); d > shutdownGrace/2 {
		t.Errorf("shutdown with an open stream took %v", d)
	}
	if got := out.String(); !strings.Contains(got, "varchess: open http://"+addr+"/") || strings.Contains(got, "warning") {
		t.Errorf("output %q", got)
	}
}

// TestServeWarnsOffLoopback: bound to every interface, serve says so first.
func TestServeWarnsOffLoopback(t *testing.T) {
	_, out, stop := startServe(t, "-addr", "0.0.0.0:0", "-hash", "1", "-searches", "1")
	stop()
	got := out.String()
	if w, u := strings.Index(got, "warning"), strings.Index(got, "open http://"); w < 0 || u < w {
		t.Errorf("output %q: want a warning line before the URL", got)
	}
}

// TestServeBadSettings: bad flags exit with status 2 and a message.
func TestServeBadSettings(t *testing.T) {
	for _, args := range [][]string{{"-threads", "0"}, {"-hash", "0"}, {"-searches", "0"}, {"-addr", "nonsense"}, {"extra"}} {
		var out bytes.Buffer
		if code := serve(context.Background(), args, &out, &out, nil); code != 2 || out.Len() == 0 {
			t.Errorf("serve %v: status %d, output %q", args, code, out.String())
		}
	}
}

// TestServeEngineFactory: the engines handed to the browser board have the -hash and
// -threads of the command line, and each search gets an engine of its own.
func TestServeEngineFactory(t *testing.T) {
	newEngine := engineFactory(2, 3, io.Discard)
	a, b := newEngine(), newEngine()
	if a == b {
		t.Fatal("the factory handed out one engine twice")
	}
	for _, e := range []*search.Engine{a, b} {
		if e.HashMB() != 2 || e.Threads() != 3 {
			t.Errorf("engine with %d MB and %d threads; want 2 and 3", e.HashMB(), e.Threads())
		}
	}
}
