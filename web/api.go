package web

import (
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/chronicle-mtg/chronicle/query"
	"github.com/chronicle-mtg/chronicle/replay"
)

// The JSON API, all under /api (documented in the README):
//
//	GET  /api/config                    what this server allows
//	GET  /api/matches                   the match list, filtered, a page at a time
//	GET  /api/matches/{m}               one match's summary
//	GET  /api/matches/{m}/tree          the branches of its root, nested
//	GET  /api/matches/{m}/timeline      entries, times, lives, marks, findings
//	GET  /api/matches/{m}/state         the board at ?seq= or ?turn= (&game=)
//	GET  /api/matches/{m}/log           the narrative
//	GET  /api/matches/{m}/audit         the audit report
//	GET  /api/matches/{m}/export        ?format=jsonl|text|setup|html, ?at=
//	GET  /api/matches/{m}/follow        server-sent events as the match grows
//	POST /api/matches/{m}/branches      {"at","name","label"}: a branch (--allow-write)
//	POST /api/matches/{m}/inputs        JSON Lines appended to a branch (--allow-write)
//	GET  /api/diff?a=&b=                where two matches part, the state difference
//	GET  /api/rejections                the rejection log (?match=), judge only
//	GET  /api/cards/{name}              a card's printed facts and Oracle text
//
// Every read that shows a match takes ?as= (judge, public, a player id or
// name). Errors are {"code","message"} with a status for the code.

func (s *Server) routeAPI() {
	s.mux.HandleFunc("GET /api/config", s.config)
	s.mux.HandleFunc("GET /api/matches", s.list)
	s.mux.HandleFunc("GET /api/matches/{match}", s.match)
	s.mux.HandleFunc("GET /api/matches/{match}/tree", s.tree)
	s.mux.HandleFunc("GET /api/matches/{match}/timeline", s.timeline)
	s.mux.HandleFunc("GET /api/matches/{match}/state", s.state)
	s.mux.HandleFunc("GET /api/matches/{match}/log", s.narrative)
	s.mux.HandleFunc("GET /api/matches/{match}/audit", s.audit)
	s.mux.HandleFunc("GET /api/matches/{match}/export", s.export)
	s.mux.HandleFunc("GET /api/matches/{match}/follow", s.follow)
	s.mux.HandleFunc("POST /api/matches/{match}/branches", s.branch)
	s.mux.HandleFunc("POST /api/matches/{match}/inputs", s.appendInputs)
	s.mux.HandleFunc("GET /api/diff", s.diff)
	s.mux.HandleFunc("GET /api/rejections", s.rejections)
	s.mux.HandleFunc("GET /api/cards/{name}", s.card)
	s.mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		s.fail(w, r, query.Errorf(query.CodeNotFound, "no API %s %s (see the README's JSON API)", r.Method, r.URL.Path))
	})
}

// Config is what the pages need to know of the server.
type Config struct {
	Write  bool   `json:"write"`  // branches may be made
	Live   bool   `json:"live"`   // matches are followed as they grow
	Player string `json:"player"` // the only player served, or ""
	Source string `json:"source"` // where the matches come from
}

func (s *Server) config(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, Config{Write: s.opt.Writer != nil, Live: s.opt.Watcher != nil, Player: s.opt.Player, Source: s.opt.Source})
}

func (s *Server) match(w http.ResponseWriter, r *http.Request) {
	sum, err := s.r.Match(r.Context(), r.PathValue("match"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, sum)
}

// tree answers the root of the match's lineage with every branch below it.
func (s *Server) tree(w http.ResponseWriter, r *http.Request) {
	match := r.PathValue("match")
	if _, err := s.r.Match(r.Context(), match); err != nil {
		s.fail(w, r, err)
		return
	}
	all, err := s.r.List(r.Context(), replay.Filter{})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	for _, root := range replay.Tree(all) {
		found := false
		root.Walk(func(n *replay.Node) { found = found || n.Match == match })
		if found {
			writeJSON(w, http.StatusOK, root)
			return
		}
	}
	s.fail(w, r, query.Errorf(query.CodeUnknownMatch, "match %s is not in the list", match))
}

func (s *Server) timeline(w http.ResponseWriter, r *http.Request) {
	later := false
	switch a := r.URL.Query().Get("audit"); a {
	case "", "now":
	case "later":
		later = true
	default:
		s.fail(w, r, badRequest("audit: %q: want now or later", a))
		return
	}
	t, err := s.r.Timeline(r.Context(), query.ViewRequest{Match: r.PathValue("match"), As: viewParam(r), NoAudit: later})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, t)
}

func (s *Server) state(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	req := query.StateRequest{Match: r.PathValue("match"), As: viewParam(r), Turn: q.Get("turn")}
	var err error
	if req.Seq, err = uintParam(q.Get("seq"), "seq"); err != nil {
		s.fail(w, r, err)
		return
	}
	game, err := uintParam(q.Get("game"), "game")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	req.Game = int(game)
	v, err := s.r.State(r.Context(), req)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

func (s *Server) narrative(w http.ResponseWriter, r *http.Request) {
	l, err := s.r.Log(r.Context(), query.ViewRequest{Match: r.PathValue("match"), As: viewParam(r)})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, l)
}

func (s *Server) audit(w http.ResponseWriter, r *http.Request) {
	rep, err := s.r.Audit(r.Context(), query.ViewRequest{Match: r.PathValue("match"), As: viewParam(r)})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, rep)
}

// export answers a download: the replay export formats, and html.
func (s *Server) export(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	match, format := r.PathValue("match"), q.Get("format")
	if format == "" {
		format = replay.FormatJSONL
	}
	at, err := uintParam(q.Get("at"), "at")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var body []byte
	ctype, ext := "text/plain; charset=utf-8", "txt"
	switch format {
	case FormatHTML:
		body, err = ExportHTML(r.Context(), s.r, query.FramesRequest{Match: match, As: viewParam(r), To: at})
		ctype, ext = "text/html; charset=utf-8", "html"
	default:
		body, err = s.r.Export(r.Context(), query.ExportRequest{Match: match, Format: format, At: at, As: viewParam(r)})
		if format == replay.FormatJSONL || format == replay.FormatSetup {
			ctype, ext = "application/jsonl", "jsonl"
		}
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("Content-Disposition", `attachment; filename="`+match+"-"+format+"."+ext+`"`)
	w.Write(body)
}

// branchBody is what POST /api/matches/{m}/branches takes.
type branchBody struct {
	At    uint64 `json:"at"`
	Name  string `json:"name"`
	Label string `json:"label"`
}

func (s *Server) branch(w http.ResponseWriter, r *http.Request) {
	if s.opt.Writer == nil {
		s.fail(w, r, query.Errorf(query.CodeForbidden, "this viewer is read-only: start it with --allow-write to make branches"))
		return
	}
	match := r.PathValue("match")
	if _, err := s.r.Match(r.Context(), match); err != nil {
		s.fail(w, r, err) // unknown, or not this player's
		return
	}
	var b branchBody
	if err := json.NewDecoder(io.LimitReader(r.Body, 64<<10)).Decode(&b); err != nil {
		s.fail(w, r, badRequest("branch: want a JSON object {\"at\", \"name\", \"label\"}: %v", err))
		return
	}
	sum, err := s.opt.Writer.Branch(r.Context(), query.BranchRequest{Parent: match, At: b.At, Name: strings.TrimSpace(b.Name), Label: b.Label})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, sum)
}

// maxAppend bounds the inputs one POST may append.
const maxAppend = 8 << 20

func (s *Server) appendInputs(w http.ResponseWriter, r *http.Request) {
	if s.opt.Writer == nil {
		s.fail(w, r, query.Errorf(query.CodeForbidden, "this viewer is read-only: start it with --allow-write to append to branches"))
		return
	}
	match := r.PathValue("match")
	if _, err := s.r.Match(r.Context(), match); err != nil {
		s.fail(w, r, err)
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxAppend+1))
	if err != nil {
		s.fail(w, r, badRequest("inputs: %v", err))
		return
	}
	if len(body) > maxAppend {
		s.fail(w, r, badRequest("inputs: more than %d bytes in one request", maxAppend))
		return
	}
	rep, err := s.opt.Writer.Append(r.Context(), query.AppendRequest{Match: match, Name: "request body", Inputs: string(body)})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, rep)
}

func (s *Server) diff(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	at, err := uintParam(q.Get("at"), "at")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if q.Get("a") == "" || q.Get("b") == "" {
		s.fail(w, r, badRequest("diff: give two matches, ?a=MATCH&b=MATCH"))
		return
	}
	d, err := s.r.Diff(r.Context(), query.DiffRequest{A: q.Get("a"), B: q.Get("b"), At: at, As: viewParam(r)})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, d)
}

func (s *Server) rejections(w http.ResponseWriter, r *http.Request) {
	rs, err := s.r.Rejections(r.Context(), r.URL.Query().Get("match"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, rs)
}

// uintParam reads an optional unsigned number; "" is 0.
func uintParam(v, name string) (uint64, error) {
	if v == "" {
		return 0, nil
	}
	n, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		return 0, badRequest("%s: %q is not a number", name, v)
	}
	return n, nil
}
