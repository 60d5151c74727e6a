package web

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"io/fs"
	"log/slog"
	"net/http"
	"strings"

	"github.com/chronicle-mtg/chronicle/query"
)

//go:embed assets
var assets embed.FS

// Options configure a Server. Reader is required.
type Options struct {
	Reader query.Reader
	// Writer makes branches; nil serves read-only (the default of `replay
	// serve` without --allow-write).
	Writer query.Writer
	// Watcher tells when matches grow, for live follow; nil: pages only
	// see a match grow when reloaded.
	Watcher query.Watcher
	// Player, when set, is the only player served: their matches, as them.
	Player string
	// Matches, when set, are the only matches listed, each asked for by
	// itself (query.Only): for a NATS user that may not ask for the list,
	// as a player's may not.
	Matches []string
	// Source says where the matches come from, for the page footer.
	Source string
	Logger *slog.Logger
}

// Server is the viewer's HTTP handler.
type Server struct {
	opt     Options
	r       query.Reader
	mux     *http.ServeMux
	log     *slog.Logger
	results *resultCache
}

// New returns the viewer over opt.Reader.
func New(opt Options) *Server {
	if opt.Logger == nil {
		opt.Logger = slog.New(slog.DiscardHandler)
	}
	s := &Server{opt: opt, r: query.Guard(query.Only(opt.Reader, opt.Matches), opt.Player), mux: http.NewServeMux(), log: opt.Logger, results: newResultCache()}
	static, err := fs.Sub(assets, "assets")
	if err != nil {
		panic("web: embedded assets: " + err.Error())
	}
	s.mux.Handle("GET /static/", http.StripPrefix("/static/", noCache(http.FileServerFS(static))))
	s.mux.HandleFunc("GET /{$}", s.page)
	s.mux.HandleFunc("GET /m/{match}", s.page)
	s.mux.HandleFunc("GET /diff", s.page)
	s.routeAPI()
	return s
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Content-Type-Options", "nosniff")
	s.mux.ServeHTTP(w, r)
}

// noCache makes a browser ask again for the modules, so that a rebuilt
// server is never paired with stale scripts.
func noCache(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		h.ServeHTTP(w, r)
	})
}

// page serves the one HTML page; the modules route by the URL.
func (s *Server) page(w http.ResponseWriter, r *http.Request) {
	html, err := pageHTML(serverImports, "")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.Write(html)
}

// writeJSON sends v as JSON with status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	if w.Header().Get("Cache-Control") == "" {
		w.Header().Set("Cache-Control", "no-store")
	}
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.Encode(v)
}

// fail answers an error as {"code","message"} with the HTTP status its code
// calls for.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	if errors.Is(err, context.Canceled) {
		return // the browser went away
	}
	code := query.CodeOf(err)
	status := query.HTTPStatus(code)
	if status >= 500 {
		s.log.Warn("request failed", "path", r.URL.Path, "err", err)
	}
	writeJSON(w, status, &query.Error{Code: code, Message: err.Error()})
}

// badRequest is a query.Error of code bad_request.
func badRequest(format string, args ...any) error {
	return query.Errorf(query.CodeBadRequest, format, args...)
}

// viewParam is the ?as= of a request, trimmed.
func viewParam(r *http.Request) string { return strings.TrimSpace(r.URL.Query().Get("as")) }
