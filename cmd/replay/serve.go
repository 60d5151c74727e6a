package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/chronicle-mtg/chronicle/query"
	"github.com/chronicle-mtg/chronicle/replay"
	"github.com/chronicle-mtg/chronicle/web"
)

// serveCmd is the web viewer: the store (or running recorders, with
// --nats) over HTTP, until SIGINT or SIGTERM.
type serveCmd struct {
	storeFlags
	Listen     string   `default:"127.0.0.1:8080" placeholder:"HOST:PORT" help:"Address to serve the viewer on; port 0 picks a free one."`
	AllowWrite bool     `name:"allow-write" help:"Let the viewer make branches (and append to them): the store is opened for writing, which no other process may then open."`
	Player     string   `name:"player" placeholder:"NAME" help:"Serve only this player's matches (by name), only as them: no judge's view, no rejection log."`
	Match      []string `name:"match" placeholder:"M" help:"List only these matches (repeat it, or M1,M2), each asked for by itself: for a NATS user that may not ask for the whole list, as a player's may not."`
}

func (c *serveCmd) Run(e *env) error {
	if e.nats != "" {
		return c.live(e)
	}
	ctx, stop := e.context()
	defer stop()
	var st *replay.Store
	var err error
	if c.AllowWrite {
		st, err = c.openForWriting()
	} else {
		st, err = c.open()
	}
	if err != nil {
		return err
	}
	defer st.Close()
	var local *query.Local
	opt := web.Options{Player: c.Player, Matches: c.Match, Source: st.Name()}
	if c.AllowWrite {
		local = query.NewLocalWriter(st)
		opt.Writer = local
	} else {
		local = query.NewLocal(st)
	}
	opt.Reader, opt.Watcher = local, local
	return serveHTTP(ctx, e, c.Listen, opt)
}

// serveHTTP serves the viewer on listen until ctx ends.
func serveHTTP(ctx context.Context, e *env, listen string, opt web.Options) error {
	opt.Logger = slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	ln, err := net.Listen("tcp", listen)
	if err != nil {
		return fail(exitUsage, "--listen %s: %v", listen, err)
	}
	if host, _, _ := net.SplitHostPort(listen); !loopback(host) && opt.Player == "" {
		fmt.Fprintf(e.stderr, "replay: warning: %s is reachable from other machines and serves every match as the judge sees it; use --player NAME to serve one player\n", listen)
	}
	srv := &http.Server{Handler: web.New(opt), ReadHeaderTimeout: 10 * time.Second}
	url := "http://" + ln.Addr().String() + "/"
	fmt.Fprintf(e.stderr, "replay: serving %s on %s (Ctrl-C stops)\n", opt.Source, url)
	if e.serving != nil {
		e.serving(url)
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return fail(exitUsage, "serve: %v", err)
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	srv.Shutdown(sctx) // live follows end with their requests' contexts
	if err := <-done; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fail(exitUsage, "serve: %v", err)
	}
	return nil
}

// loopback reports whether host is a loopback address or name.
func loopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
