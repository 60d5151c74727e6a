package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"sync"

	"github.com/chronicle-mtg/chronicle/query"
	"github.com/chronicle-mtg/chronicle/replay"
)

// The match list: summaries filtered by the query's indexes (player, event,
// date) and then by format and status, a page at a time, each with its
// result as the public sees it at the match's end.

// Page sizes of the list.
const (
	defaultLimit = 100
	maxLimit     = 1000
)

// ListPage is GET /api/matches.
type ListPage struct {
	Matches []ListItem `json:"matches"`
	Total   int        `json:"total"` // matches that pass the filter
	Offset  int        `json:"offset"`
	Limit   int        `json:"limit"`
}

// ListItem is a match of the list: its summary's fields, and its result.
type ListItem struct {
	replay.Summary
	Result *Result `json:"result,omitempty"`
}

// MarshalJSON writes the summary's fields with "result" beside them.
func (it ListItem) MarshalJSON() ([]byte, error) {
	sum, err := json.Marshal(it.Summary)
	if err != nil || it.Result == nil {
		return sum, err
	}
	res, err := json.Marshal(it.Result)
	if err != nil {
		return nil, err
	}
	out := append(sum[:len(sum)-1:len(sum)-1], `,"result":`...)
	return append(append(out, res...), '}'), nil
}

// UnmarshalJSON reads what MarshalJSON writes.
func (it *ListItem) UnmarshalJSON(b []byte) error {
	if err := json.Unmarshal(b, &it.Summary); err != nil {
		return err
	}
	var r struct {
		Result *Result `json:"result"`
	}
	if err := json.Unmarshal(b, &r); err != nil {
		return err
	}
	it.Result = r.Result
	return nil
}

// Result is how a match stands at its end, as every player sees it.
type Result struct {
	Over     bool           `json:"over"`             // the match is over
	Winner   string         `json:"winner,omitempty"` // who won it, by games won; "" for a draw or while it goes on
	GameWins map[string]int `json:"game_wins"`
	Game     int            `json:"game"` // the game played last
	Turn     int            `json:"turn"` // its turn at the end
	Text     string         `json:"text"` // "Alice wins 2-1", "game 2, turn 5", ...
}

func (s *Server) list(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	f := replay.Filter{Player: q.Get("player"), Event: q.Get("event"), Date: q.Get("date"), Format: q.Get("format"), Status: q.Get("status")}
	offset, err := intParam(q.Get("offset"), "offset", 0)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	limit, err := intParam(q.Get("limit"), "limit", defaultLimit)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	limit = min(max(limit, 1), maxLimit)
	ms, err := s.r.List(r.Context(), f)
	if query.CodeOf(err) == query.CodeForbidden && len(s.opt.Matches) == 0 {
		err = query.Errorf(query.CodeForbidden, "%v; name the matches this user may read with `replay serve --match M`", err)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	page := ListPage{Matches: []ListItem{}, Total: len(ms), Offset: offset, Limit: limit}
	for i := offset; i < len(ms) && i < offset+limit; i++ {
		page.Matches = append(page.Matches, ListItem{Summary: ms[i], Result: s.result(r.Context(), ms[i])})
	}
	writeJSON(w, http.StatusOK, page)
}

// result is the match's result, kept while its head stays.
func (s *Server) result(ctx context.Context, sum replay.Summary) *Result {
	if sum.HeadSeq == 0 {
		return nil
	}
	key := sum.Match + "@" + strconv.FormatUint(sum.HeadSeq, 10) + ":" + sum.Head.String()
	if res, ok := s.results.get(key); ok {
		return res
	}
	v, err := s.r.State(ctx, query.StateRequest{Match: sum.Match, As: "public"})
	res := &Result{GameWins: map[string]int{}}
	switch {
	case err != nil && query.CodeOf(err) == query.CodeIllegal:
		res.Text = "stops early: " + err.Error()
	case err != nil:
		return nil // not kept: it may be a passing failure
	default:
		res.Over, res.GameWins, res.Game, res.Turn = v.GameOver.MatchOver, v.GameOver.GameWins, max(v.Game, 1), v.Turn
		res.Text = fmt.Sprintf("game %d, turn %d", res.Game, res.Turn)
		if res.Over {
			res.Winner, res.Text = matchWinner(sum, res.GameWins)
		}
	}
	s.results.put(key, res)
	return res
}

// matchWinner names who won more games: "Alice wins 2-1", or a draw.
func matchWinner(sum replay.Summary, wins map[string]int) (string, string) {
	if len(sum.Players) != 2 {
		return "", "over"
	}
	a, b := sum.Players[0], sum.Players[1]
	wa, wb := wins[a.ID], wins[b.ID]
	switch {
	case wa > wb:
		return a.ID, fmt.Sprintf("%s wins %d-%d", a.Name, wa, wb)
	case wb > wa:
		return b.ID, fmt.Sprintf("%s wins %d-%d", b.Name, wb, wa)
	}
	return "", fmt.Sprintf("a draw, %d-%d", wa, wb)
}

// resultCache keeps results by match and head.
type resultCache struct {
	mu sync.Mutex
	m  map[string]*Result
}

// maxResults bounds the cache; it is emptied when full.
const maxResults = 20000

func newResultCache() *resultCache { return &resultCache{m: map[string]*Result{}} }

func (c *resultCache) get(key string) (*Result, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	r, ok := c.m[key]
	return r, ok
}

func (c *resultCache) put(key string, r *Result) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.m) >= maxResults {
		clear(c.m)
	}
	c.m[key] = r
}

// intParam reads an optional non-negative number, def when "".
func intParam(v, name string, def int) (int, error) {
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return 0, badRequest("%s: %q is not a count", name, v)
	}
	return n, nil
}
