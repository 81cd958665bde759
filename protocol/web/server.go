// Package web serves the browser board: the page (HTML, CSS and JavaScript modules embedded
// in the binary) and a JSON API through which the page learns everything about the rules.
// The engine is the only rules authority: legal moves, the clicks that enter them, SAN,
// check, the outcome and its reason all come from movegen; the page knows no chess rule.
// The API is stateless: every request carries the variant, the start FEN and the moves, and
// the analysis stream is the one long-lived request. docs/web.md is the contract.
package web

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"io/fs"
	"log"
	"net"
	"net/http"
	"runtime/debug"
	"sync/atomic"
	"time"

	"varchess/search"
)

// The limits of the server, in one place.
const (
	maxBodyBytes     = 256 << 10        // request body, bytes
	maxGameMoves     = 1000             // moves in one game of a request
	maxMoveTime      = 60 * time.Second // an engine move's think time
	maxSearchDepth   = 64               // an engine move's depth
	maxClock         = 24 * time.Hour   // a clock field of an engine move
	defaultMoveTime  = time.Second      // an engine move without any limit
	searchWait       = 5 * time.Second  // how long a search waits for a free engine before 503
	retryAfter       = "5"              // seconds, the Retry-After of that 503
	maxAnalysisTime  = 10 * time.Minute // one analysis stream
	maxStreams       = 8                // analysis streams at once
	maxMultiPV       = search.MaxMultiPV
	streamWriteGrace = 15 * time.Second // write deadline of each event of a stream
	maxPGNMoves      = maxGameMoves

	// HTTP server timeouts: a slow client cannot hold a connection forever. WriteTimeout
	// bounds every answer but the analysis stream, which extends its own deadline; an
	// engine move may think 60 s, so it must be longer than that.
	readHeaderTimeout = 5 * time.Second
	readTimeout       = 15 * time.Second
	writeTimeout      = maxMoveTime + 15*time.Second
	idleTimeout       = 120 * time.Second
	maxHeaderBytes    = 16 << 10
)

// contentSecurityPolicy allows only the page's own scripts, styles, images and requests:
// no inline script, no third-party origin.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"

//go:embed static/index.html static/css static/js
var staticFiles embed.FS

// Config are the server's settings.
type Config struct {
	// NewEngine builds one engine of the pool, with its threads and hash already set:
	// the engine is built in cmd/engine for every front end, and the server only pools
	// what it is given (nil: search.NewEngine, the package's defaults, as tests want).
	NewEngine func() *search.Engine
	Searches  int // engines, so searches at once
	// Logf logs a recovered panic (nil: the standard logger).
	Logf func(format string, args ...any)
}

// Server is the browser board's HTTP handler and its engines.
type Server struct {
	cfg     Config
	engines chan *search.Engine // the idle engines
	streams chan struct{}       // a token per running analysis stream
	mux     *http.ServeMux
	// searchWait is how long a search waits for an engine, analysisTime how long a stream
	// lasts (tests shorten them).
	searchWait   time.Duration
	analysisTime time.Duration
	// panics counts the requests the recover middleware caught, for tests that prove no
	// bad input reaches it.
	panics atomic.Int64
}

// New makes a server with cfg.Searches engines (at least one), each built by
// cfg.NewEngine.
func New(cfg Config) *Server {
	cfg.Searches = max(cfg.Searches, 1)
	if cfg.NewEngine == nil {
		cfg.NewEngine = search.NewEngine
	}
	if cfg.Logf == nil {
		cfg.Logf = log.Printf
	}
	s := &Server{
		cfg:     cfg,
		engines: make(chan *search.Engine, cfg.Searches),
		streams: make(chan struct{}, maxStreams),
		mux:     http.NewServeMux(),

		searchWait:   searchWait,
		analysisTime: maxAnalysisTime,
	}
	for range cfg.Searches {
		s.engines <- cfg.NewEngine()
	}
	s.routes()
	return s
}

// routes registers every endpoint of docs/web.md and the page's files.
func (s *Server) routes() {
	s.mux.HandleFunc("GET /api/variants", s.handleVariants)
	s.mux.HandleFunc("POST /api/start", s.handleStart)
	s.mux.HandleFunc("POST /api/state", s.handleState)
	s.mux.HandleFunc("POST /api/explain", s.handleExplain)
	s.mux.HandleFunc("POST /api/move", s.handleMove)
	s.mux.HandleFunc("GET /api/analyze", s.handleAnalyze)
	s.mux.HandleFunc("POST /api/pgn", s.handlePGN)
	s.mux.HandleFunc("POST /api/pgn/import", s.handlePGNImport)
	s.mux.HandleFunc("GET /api/rules/{variant}", s.handleRules)
	s.mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "No such API endpoint: "+r.Method+" "+r.URL.Path+".")
	})
	page, err := fs.Sub(staticFiles, "static")
	if err != nil {
		panic(err) // the embed pattern names the folder: it is always there
	}
	files := http.FileServerFS(page)
	s.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			writeError(w, http.StatusMethodNotAllowed, "The page's files are read with GET.")
			return
		}
		files.ServeHTTP(w, r)
	})
}

// ServeHTTP serves a request with the security headers, and turns a panic (a bug: no bad
// input may cause one) into a logged 500 instead of a dropped connection.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Security-Policy", contentSecurityPolicy)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Frame-Options", "DENY")
	defer func() {
		if v := recover(); v != nil {
			if v == http.ErrAbortHandler {
				panic(v)
			}
			s.panics.Add(1)
			s.cfg.Logf("web: panic serving %s %s: %v\n%s", r.Method, r.URL.Path, v, debug.Stack())
			writeError(w, http.StatusInternalServerError, "Internal error: the server has logged it.")
		}
	}()
	if r.Body != nil {
		r.Body = http.MaxBytesReader(w, r.Body, maxBodyBytes)
	}
	s.mux.ServeHTTP(w, r)
}

// HTTPServer is an http.Server for s on addr with the timeouts and header limit of a
// server that faces browsers. Its Shutdown also cancels the running requests' contexts, so
// that analysis streams and searches end at once instead of holding the shutdown.
func (s *Server) HTTPServer(addr string) *http.Server {
	base, cancel := context.WithCancel(context.Background())
	srv := &http.Server{
		Addr:              addr,
		Handler:           s,
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       idleTimeout,
		MaxHeaderBytes:    maxHeaderBytes,
		BaseContext:       func(net.Listener) context.Context { return base },
	}
	srv.RegisterOnShutdown(cancel)
	return srv
}

// apiError is an error with its HTTP status, and for a move list the index of the first
// bad move (-1: none).
type apiError struct {
	status int
	msg    string
	index  int
}

func (e *apiError) Error() string { return e.msg }

// badRequest is a 400 with msg.
func badRequest(msg string) *apiError {
	return &apiError{status: http.StatusBadRequest, msg: msg, index: -1}
}

// writeJSON answers v as JSON with status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// errorBody is every error's JSON.
type errorBody struct {
	Error string `json:"error"`
	Index *int   `json:"index,omitempty"`
}

// writeError answers an error with its sentence.
func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, errorBody{Error: msg})
}

// writeAPIError answers err: an *apiError with its status and index, anything else as 400.
func writeAPIError(w http.ResponseWriter, err error) {
	var ae *apiError
	if !errors.As(err, &ae) {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	body := errorBody{Error: ae.msg}
	if ae.index >= 0 {
		i := ae.index
		body.Index = &i
	}
	if ae.status == http.StatusServiceUnavailable {
		w.Header().Set("Retry-After", retryAfter)
	}
	writeJSON(w, ae.status, body)
}
