package web_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chronicle-mtg/chronicle/query"
	"github.com/chronicle-mtg/chronicle/reducer"
	"github.com/chronicle-mtg/chronicle/replay"
	"github.com/chronicle-mtg/chronicle/replay/replaytest"
	"github.com/chronicle-mtg/chronicle/web"
)

func fixture(name string) string { return filepath.Join("..", "fixtures", "matches", name) }

// recorded is a store holding fixtures, recorded as the recorder records.
func recorded(t testing.TB, names ...string) string {
	t.Helper()
	dir := t.TempDir()
	for _, n := range names {
		replaytest.Record(t, dir, fixture(n))
	}
	return dir
}

// serve starts the viewer over the store in dir; write opens it for
// writing. The server stops when the test ends.
func serve(t testing.TB, dir string, write bool, player string) (*httptest.Server, *query.Local) {
	t.Helper()
	var st *replay.Store
	var err error
	if write {
		st, err = replay.OpenStoreForWriting(dir, replay.StoreOptions{})
	} else {
		st, err = replay.OpenStore(dir, replay.StoreOptions{})
	}
	if err != nil {
		t.Fatal(err)
	}
	l := query.NewLocal(st)
	opt := web.Options{Reader: l, Watcher: l, Player: player, Source: st.Name()}
	if write {
		l = query.NewLocalWriter(st)
		opt.Reader, opt.Watcher, opt.Writer = l, l, l
	}
	srv := httptest.NewServer(web.New(opt))
	t.Cleanup(func() {
		srv.CloseClientConnections()
		srv.Close()
		st.Close()
	})
	return srv, l
}

// get fetches path and decodes the JSON answer into out; it returns the
// status.
func get(t testing.TB, srv *httptest.Server, path string, out any) int {
	t.Helper()
	resp, err := http.Get(srv.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if out != nil {
		if err := json.Unmarshal(body, out); err != nil {
			t.Fatalf("GET %s: %v: %s", path, err, body)
		}
	}
	return resp.StatusCode
}

func TestListFiltersAndResults(t *testing.T) {
	srv, _ := serve(t, recorded(t, "bolt-race.jsonl", "best-of-three.jsonl", "green-red.jsonl"), false, "")
	var page web.ListPage
	if s := get(t, srv, "/api/matches", &page); s != 200 || page.Total != 3 || len(page.Matches) != 3 {
		t.Fatalf("list: %d, %+v", s, page)
	}
	bo3 := page.Matches[0]
	if bo3.Match != "best-of-three" || bo3.Result == nil || !bo3.Result.Over || bo3.Result.Text == "" {
		t.Fatalf("best-of-three: %+v %+v", bo3.Summary, bo3.Result)
	}
	for q, want := range map[string][]string{
		"?player=Alice":                 {"bolt-race", "green-red"},
		"?format=modern":                {"bolt-race"},
		"?status=finished&player=Carol": {"best-of-three"},
		"?event=nope":                   {},
		"?limit=1&offset=1":             {"bolt-race"},
	} {
		var p web.ListPage
		if s := get(t, srv, "/api/matches"+q, &p); s != 200 {
			t.Fatalf("%s: status %d", q, s)
		}
		var got []string
		for _, m := range p.Matches {
			got = append(got, m.Match)
		}
		if strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("%s: %v, want %v", q, got, want)
		}
	}
	var e query.Error
	if s := get(t, srv, "/api/matches?date=yesterday", &e); s != 400 || e.Code != query.CodeBadRequest || !strings.Contains(e.Message, "YYYY-MM-DD") {
		t.Errorf("a bad date: %d %+v", s, e)
	}
}

func TestStateTimelineAndErrors(t *testing.T) {
	srv, _ := serve(t, recorded(t, "bolt-race.jsonl"), false, "")
	var v reducer.View
	if s := get(t, srv, "/api/matches/bolt-race/state?seq=4&as=Bob", &v); s != 200 || v.Seq != 4 || v.As != "p2" || len(v.Stack) != 1 {
		t.Fatalf("state: %d, seq %d as %s stack %v", s, v.Seq, v.As, v.Stack)
	}
	if !v.Players[0].Hand[0].Hidden {
		t.Error("Bob sees Alice's hand")
	}
	var tl query.Timeline
	if s := get(t, srv, "/api/matches/bolt-race/timeline?as=p1", &tl); s != 200 || len(tl.Entries) != 12 || tl.As != "p1" {
		t.Fatalf("timeline: %d, %d entries as %s", s, len(tl.Entries), tl.As)
	}
	var rep replay.Report
	if s := get(t, srv, "/api/matches/bolt-race/audit", &rep); s != 200 || !rep.OK {
		t.Fatalf("audit: %d %+v", s, rep)
	}
	var lr query.LogReply
	if s := get(t, srv, "/api/matches/bolt-race/log?as=judge", &lr); s != 200 || len(lr.Entries) != 12 {
		t.Fatalf("log: %d %d entries", s, len(lr.Entries))
	}
	var tree replay.Summary
	if s := get(t, srv, "/api/matches/bolt-race/tree", &tree); s != 200 || tree.Match != "bolt-race" {
		t.Fatalf("tree: %d %+v", s, tree)
	}
	var card web.CardFacts
	if s := get(t, srv, "/api/cards/Lightning%20Bolt", &card); s != 200 || !strings.Contains(card.Oracle, "3 damage") || card.ManaCost != "{R}" {
		t.Fatalf("card: %d %+v", s, card)
	}
	for path, want := range map[string]struct {
		status int
		code   query.Code
	}{
		"/api/matches/nope/state":                          {404, query.CodeUnknownMatch},
		"/api/matches/bolt-race/state?seq=99":              {404, query.CodeNotReached},
		"/api/matches/bolt-race/state?seq=x":               {400, query.CodeBadRequest},
		"/api/matches/bolt-race/state?turn=5.up":           {400, query.CodeBadRequest},
		"/api/matches/bolt-race/state?as=Carol":            {400, query.CodeBadRequest},
		"/api/matches/bolt-race/export?format=jsonl&as=p1": {403, query.CodeForbidden},
		"/api/cards/Nothing%20Such":                        {404, query.CodeNotFound},
		"/api/nothing":                                     {404, query.CodeNotFound},
		"/api/diff?a=bolt-race":                            {400, query.CodeBadRequest},
	} {
		var e query.Error
		if s := get(t, srv, path, &e); s != want.status || e.Code != want.code || e.Message == "" {
			t.Errorf("%s: %d %+v, want %d %s", path, s, e, want.status, want.code)
		}
	}
}

// A timeline asked with audit=later comes without the audit (a long
// match's takes seconds); the audit then gives the same findings as a
// timeline asked whole, and their marks.
func TestTimelineAuditLater(t *testing.T) {
	srv, _ := serve(t, recorded(t, "table-effects.jsonl"), false, "")
	for _, as := range []string{"judge", "p2"} {
		var later, whole query.Timeline
		if s := get(t, srv, "/api/matches/table-effects/timeline?audit=later&as="+as, &later); s != 200 || !later.AuditPending || len(later.Findings) != 0 || len(later.Entries) != 18 {
			t.Fatalf("as %s, audit later: %d, pending %v, %d findings, %d entries", as, s, later.AuditPending, len(later.Findings), len(later.Entries))
		}
		for _, m := range later.Marks {
			if m.Kind == replay.MarkAudit {
				t.Errorf("as %s, audit later: an audit mark %+v", as, m)
			}
		}
		if s := get(t, srv, "/api/matches/table-effects/timeline?as="+as, &whole); s != 200 || whole.AuditPending || len(whole.Findings) != 6 {
			t.Fatalf("as %s, whole: %d, pending %v, %d findings", as, s, whole.AuditPending, len(whole.Findings))
		}
		var rep replay.Report
		if s := get(t, srv, "/api/matches/table-effects/audit?as="+as, &rep); s != 200 {
			t.Fatalf("as %s, audit: %d", as, s)
		}
		for i, f := range rep.Findings {
			if f.String() != whole.Findings[i].String() {
				t.Errorf("as %s, finding %d: the audit says %q, the timeline %q", as, i, f, whole.Findings[i])
			}
		}
		if len(whole.Marks) != len(later.Marks)+len(rep.Findings) {
			t.Errorf("as %s: %d marks, want %d and a mark per finding", as, len(whole.Marks), len(later.Marks))
		}
	}
	var e query.Error
	if s := get(t, srv, "/api/matches/table-effects/timeline?audit=soon", &e); s != 400 || e.Code != query.CodeBadRequest {
		t.Errorf("audit=soon: %d %+v", s, e)
	}
}

func TestExportDownloads(t *testing.T) {
	srv, _ := serve(t, recorded(t, "bolt-race.jsonl"), false, "")
	for format, want := range map[string]string{
		"jsonl": `"kind":"match_started"`,
		"text":  "Lightning Bolt",
		"html":  `<script id="chronicle-data" type="application/json">`,
	} {
		resp, err := http.Get(srv.URL + "/api/matches/bolt-race/export?format=" + format)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(body), want) || !strings.Contains(resp.Header.Get("Content-Disposition"), "bolt-race-"+format) {
			t.Errorf("%s: %d %q: %.200s", format, resp.StatusCode, resp.Header.Get("Content-Disposition"), body)
		}
	}
}

// A server for one player answers only that player's matches, only as them.
func TestPlayerServerReadsOnlyTheirOwn(t *testing.T) {
	srv, _ := serve(t, recorded(t, "bolt-race.jsonl", "best-of-three.jsonl"), false, "Bob")
	var page web.ListPage
	if get(t, srv, "/api/matches", &page); page.Total != 1 || page.Matches[0].Match != "bolt-race" {
		t.Fatalf("Bob's list: %+v", page)
	}
	var v reducer.View
	if s := get(t, srv, "/api/matches/bolt-race/state?seq=4", &v); s != 200 || v.As != "p2" {
		t.Fatalf("Bob's default view: %d as %q", s, v.As)
	}
	if s := get(t, srv, "/api/matches/bolt-race/state?seq=4&as=public", &v); s != 200 || v.As != "public" {
		t.Fatalf("the public view: %d as %q", s, v.As)
	}
	for _, path := range []string{
		"/api/matches/bolt-race/state?as=judge",
		"/api/matches/bolt-race/timeline?as=p1",
		"/api/matches/bolt-race/audit?as=Alice",
		"/api/matches/best-of-three/state",
		"/api/matches/best-of-three",
		"/api/rejections",
		"/api/matches/bolt-race/export?format=jsonl&as=p2",
	} {
		var e query.Error
		if s := get(t, srv, path, &e); s != 403 || e.Code != query.CodeForbidden {
			t.Errorf("%s: %d %+v, want 403", path, s, e)
		}
	}
}

func TestBranchesNeedWriteAccess(t *testing.T) {
	dir := recorded(t, "bolt-race.jsonl")
	ro, _ := serve(t, dir, false, "")
	resp, err := http.Post(ro.URL+"/api/matches/bolt-race/branches", "application/json", strings.NewReader(`{"at":2,"name":"b"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 403 {
		t.Fatalf("a read-only viewer made a branch: %d", resp.StatusCode)
	}
}

func TestBranchAppendAndFollow(t *testing.T) {
	dir := recorded(t, "bolt-race.jsonl")
	srv, _ := serve(t, dir, true, "")
	resp, err := http.Post(srv.URL+"/api/matches/bolt-race/branches", "application/json", strings.NewReader(`{"at":2,"name":"shock-first","label":"Shock first"}`))
	if err != nil {
		t.Fatal(err)
	}
	var sum replay.Summary
	json.NewDecoder(resp.Body).Decode(&sum)
	resp.Body.Close()
	if resp.StatusCode != 201 || sum.Parent != "bolt-race" || sum.BranchPoint != 2 {
		t.Fatalf("branch: %d %+v", resp.StatusCode, sum)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+"/api/matches/shock-first/follow?since=2", nil)
	stream, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer stream.Body.Close()
	if ct := stream.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("follow: %s", ct)
	}
	heads := make(chan string, 8)
	go func() {
		sc := bufio.NewScanner(stream.Body)
		for sc.Scan() {
			if id, ok := strings.CutPrefix(sc.Text(), "id: "); ok {
				heads <- id
			}
		}
		close(heads)
	}()
	inputs, err := os.ReadFile(filepath.Join("..", "fixtures", "branches", "shock-first.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	resp, err = http.Post(srv.URL+"/api/matches/shock-first/inputs", "application/jsonl", strings.NewReader(string(inputs)))
	if err != nil {
		t.Fatal(err)
	}
	var rep query.AppendReply
	json.NewDecoder(resp.Body).Decode(&rep)
	resp.Body.Close()
	if resp.StatusCode != 200 || rep.From != 3 {
		t.Fatalf("append: %d %+v", resp.StatusCode, rep)
	}
	select {
	case id := <-heads:
		if id != strings.TrimSpace(jsonNumber(rep.To)) {
			t.Errorf("follow said head %s, want %d", id, rep.To)
		}
	case <-ctx.Done():
		t.Fatal("no head event after the append")
	}
	// A browser that reconnects says the last head it heard and hears of a
	// newer one at once.
	req, _ = http.NewRequestWithContext(ctx, "GET", srv.URL+"/api/matches/shock-first/follow", nil)
	req.Header.Set("Last-Event-ID", "2")
	again, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Body.Close()
	sc := bufio.NewScanner(again.Body)
	for sc.Scan() {
		if id, ok := strings.CutPrefix(sc.Text(), "id: "); ok {
			if id != jsonNumber(rep.To) {
				t.Errorf("a resumed follow said head %s, want %d", id, rep.To)
			}
			break
		}
	}
	var d query.DiffReply
	if s := get(t, srv, "/api/diff?a=bolt-race&b=shock-first", &d); s != 200 || d.PartedAt != 4 || len(d.Changes) == 0 {
		t.Fatalf("diff: %d %+v", s, d)
	}
	cancel()
}

func jsonNumber(n uint64) string {
	b, _ := json.Marshal(n)
	return string(b)
}
