package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"varchess/protocol/web"
	"varchess/search"
)

// shutdownGrace is how long `engine serve` lets running requests finish after SIGINT or
// SIGTERM before it closes their connections (an analysis stream never finishes by itself).
const shutdownGrace = 5 * time.Second

// maxSearches bounds -searches: each search has an engine of its own, with its table.
const maxSearches = 64

// runServe is `engine serve`: the browser board on addr until SIGINT or SIGTERM.
func runServe(args []string, out, errOut io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return serve(ctx, args, out, errOut, nil)
}

// serve runs the server until ctx is done. ready, if not nil, receives the address the
// server listens on (tests listen on port 0).
func serve(ctx context.Context, args []string, out, errOut io.Writer, ready chan<- string) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(errOut)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on (host:port)")
	threads := fs.Int("threads", 1, "search threads per engine")
	hash := fs.Int("hash", 64, "transposition table per engine, in MB")
	searches := fs.Int("searches", 2, "searches that may run at once (each has its own engine)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	threadsLo, threadsHi := optionRange("Threads")
	hashLo, hashHi := optionRange("Hash")
	if fs.NArg() > 0 || *threads < threadsLo || *threads > threadsHi || *hash < hashLo ||
		*hash > hashHi || *searches < 1 || *searches > maxSearches {
		fmt.Fprintf(errOut, "engine serve: bad settings (threads %d..%d, hash %d..%d, searches 1..%d)\n",
			threadsLo, threadsHi, hashLo, hashHi, maxSearches)
		return 2
	}
	host, _, err := net.SplitHostPort(*addr)
	if err != nil {
		fmt.Fprintf(errOut, "engine serve: bad address %q: %v\n", *addr, err)
		return 2
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(errOut, "engine serve: %v\n", err)
		return 1
	}
	if !loopback(host) {
		fmt.Fprintf(out, "varchess: warning: listening on %s, which is not a loopback address: anyone who can reach this machine can use the board and its engines\n", *addr)
	}
	srv := web.New(web.Config{NewEngine: engineFactory(*hash, *threads, errOut), Searches: *searches}).HTTPServer(*addr)
	fmt.Fprintf(out, "varchess: open http://%s/\n", ln.Addr())
	if ready != nil {
		ready <- ln.Addr().String()
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		fmt.Fprintf(errOut, "engine serve: %v\n", err)
		return 1
	case <-ctx.Done():
	}
	fmt.Fprintln(out, "varchess: shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		fmt.Fprintf(errOut, "engine serve: %v\n", err)
	}
	srv.Close() // the streams that outlived the grace
	if err := <-served; err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(errOut, "engine serve: %v\n", err)
		return 1
	}
	return 0
}

// engineFactory builds the browser board's engines, each with hashMB MB of table and
// threads search threads, reporting a stalled search to stallLog: the engines are built
// here, as for every front end, and the server only pools them.
func engineFactory(hashMB, threads int, stallLog io.Writer) func() *search.Engine {
	return func() *search.Engine {
		e := search.NewEngine()
		e.SetHashMB(hashMB)
		e.SetThreads(threads)
		e.SetStallLog(stallLog)
		return e
	}
}

// loopback reports whether host names only this machine: localhost or a loopback IP. An
// empty host (":8080") listens on every interface.
func loopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
