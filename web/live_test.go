package web_test

import (
	"fmt"
	"net/http/httptest"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/nats-io/nats.go"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/query"
	"github.com/chronicle-mtg/chronicle/replay/replaytest"
	"github.com/chronicle-mtg/chronicle/web"
)

func fixtureEvents(t *testing.T, name string) []*events.Event {
	t.Helper()
	lines, err := events.ReadJSONLFile(fixture(name), events.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	evs := make([]*events.Event, len(lines))
	for i, l := range lines {
		evs[i] = l.Event
	}
	return evs
}

// serveLive serves the viewer over the recorders on NATS.
func serveLive(t *testing.T, url string) *httptest.Server {
	t.Helper()
	nc, err := nats.Connect(url)
	if err != nil {
		t.Fatal(err)
	}
	c := query.NewClient(nc)
	srv := httptest.NewServer(web.New(web.Options{Reader: c, Watcher: c, Source: "NATS"}))
	t.Cleanup(func() {
		srv.CloseClientConnections()
		srv.Close()
		nc.Close()
	})
	return srv
}

func TestAPIOverNATS(t *testing.T) {
	r := replaytest.StartLive(t, t.TempDir())
	r.Publish(t, "bolt-race", fixtureEvents(t, "bolt-race.jsonl"))
	srv := serveLive(t, r.URL)
	var page web.ListPage
	if s := get(t, srv, "/api/matches", &page); s != 200 || page.Total != 1 || page.Matches[0].Result == nil {
		t.Fatalf("list over NATS: %d %+v", s, page)
	}
	var tl query.Timeline
	if s := get(t, srv, "/api/matches/bolt-race/timeline?as=Bob", &tl); s != 200 || tl.As != "p2" || len(tl.Entries) != 12 {
		t.Fatalf("timeline over NATS: %d, as %s, %d entries", s, tl.As, len(tl.Entries))
	}
	if s := get(t, srv, "/api/matches/bolt-race/timeline?as=Bob&audit=later", &tl); s != 200 || !tl.AuditPending || len(tl.Entries) != 12 {
		t.Fatalf("timeline over NATS, the audit later: %d, pending %v, %d entries", s, tl.AuditPending, len(tl.Entries))
	}
	var e query.Error
	if s := get(t, srv, "/api/matches/nope/state", &e); s != 404 || e.Code != query.CodeUnknownMatch {
		t.Fatalf("an unknown match over NATS: %d %+v", s, e)
	}
}

// A match being recorded moves the page standing at its end with each
// verdict.
func TestBrowserFollowsARecordingMatch(t *testing.T) {
	ctx := tab(t)
	r := replaytest.StartLive(t, t.TempDir())
	evs := fixtureEvents(t, "bolt-race.jsonl")
	r.Publish(t, "bolt-race", evs[:5])
	srv := serveLive(t, r.URL)
	wait(t, ctx, chromedp.Navigate(srv.URL+"/m/bolt-race"), at(5, "judge"), until(`document.getElementById("live").textContent.includes("live")`))
	for i := 5; i < len(evs); i++ {
		r.Publish(t, "bolt-race", evs[i:i+1])
		wait(t, ctx, at(i+1, "judge"))
	}
	if n := eval[string](t, ctx, `document.documentElement.dataset.entries`); n != fmt.Sprint(len(evs)) {
		t.Errorf("%s entries at the end, want %d", n, len(evs))
	}
	shot(t, ctx, "bolt-race-live")
}
