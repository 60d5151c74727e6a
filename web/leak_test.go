package web_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/chronicle-mtg/chronicle/reducer"
	"github.com/chronicle-mtg/chronicle/replay"
)

// Hidden information never reaches a player's browser. The test finds what
// the judge sees in zones hidden from a player (the opponent's hand, every
// library) that the player never sees anywhere in the match, then checks
// that no answer the viewer gave that player holds any of it: no card name,
// no card id, no object id.

// secrets lists, for viewer as of match in the store in dir, the strings
// that would give hidden cards away: names and `"card":"cN"` ids seen only
// in zones hidden from as.
func secrets(t *testing.T, dir, match, as string) []string {
	t.Helper()
	src, err := replay.OpenStore(dir, replay.StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	c, err := replay.NewCursor(src, match)
	if err != nil {
		t.Fatal(err)
	}
	hidden, seen := map[string]bool{}, map[string]bool{}
	for seq := uint64(1); seq <= c.Len(); seq++ {
		pos, err := c.At(seq)
		if err != nil {
			t.Fatal(err)
		}
		j := pos.View(reducer.ViewJudge)
		for _, p := range j.Players {
			zone := p.Library
			if p.ID != as {
				zone = append(zone, p.Hand...)
			}
			for _, o := range zone {
				hidden[o.Name], hidden[`"card":"`+o.Card+`"`] = true, true
				for _, form := range idForms(o.ID) {
					hidden[form] = true
				}
			}
		}
		data, _ := json.Marshal(pos.View(as))
		var tree any
		json.Unmarshal(data, &tree)
		walkJSON(tree, func(o map[string]any) {
			if name, ok := o["name"].(string); ok && o["zone"] != nil {
				seen[name] = true
				seen[fmt.Sprintf(`"card":"%v"`, o["card"])] = true
			}
			if id, ok := o["id"].(string); ok {
				for _, form := range idForms(id) {
					seen[form] = true
				}
			}
		})
	}
	var out []string
	for s := range hidden {
		if !seen[s] && s != "" && s != `"card":""` {
			out = append(out, s)
		}
	}
	return out
}

// idForms are the ways an object id is written in answers: a JSON string,
// and in a narrative "(o33)" or "o33,".
func idForms(id string) []string {
	if id == "" {
		return nil
	}
	return []string{`"` + id + `"`, "(" + id + ")", id + ","}
}

func walkJSON(v any, fn func(map[string]any)) {
	switch t := v.(type) {
	case map[string]any:
		fn(t)
		for _, c := range t {
			walkJSON(c, fn)
		}
	case []any:
		for _, c := range t {
			walkJSON(c, fn)
		}
	}
}

// tap records every response body the viewer writes.
type tap struct {
	h      http.Handler
	mu     sync.Mutex
	bodies map[string][]byte
}

func (tp *tap) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rec := &teeWriter{ResponseWriter: w}
	tp.h.ServeHTTP(rec, r)
	tp.mu.Lock()
	defer tp.mu.Unlock()
	tp.bodies[r.URL.String()] = append(tp.bodies[r.URL.String()], rec.buf.Bytes()...)
}

type teeWriter struct {
	http.ResponseWriter
	buf bytes.Buffer
}

func (w *teeWriter) Write(b []byte) (int, error) {
	w.buf.Write(b)
	return w.ResponseWriter.Write(b)
}

func (w *teeWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// tapped serves like serve, recording what it answers.
func tapped(t *testing.T, dir, player string) (*httptest.Server, *tap) {
	t.Helper()
	inner, _ := serve(t, dir, false, player)
	tp := &tap{h: inner.Config.Handler, bodies: map[string][]byte{}}
	srv := httptest.NewServer(tp)
	t.Cleanup(func() {
		srv.CloseClientConnections()
		srv.Close()
	})
	return srv, tp
}

// checkNoSecrets fails for every answer that holds a secret.
func checkNoSecrets(t *testing.T, tp *tap, secrets []string) {
	t.Helper()
	tp.mu.Lock()
	defer tp.mu.Unlock()
	if len(tp.bodies) == 0 {
		t.Fatal("nothing was asked of the viewer")
	}
	for url, body := range tp.bodies {
		for _, s := range secrets {
			if bytes.Contains(body, []byte(s)) {
				i := bytes.Index(body, []byte(s))
				t.Errorf("%s gives away %s: ...%s...", url, s, body[max(i-80, 0):min(i+80, len(body))])
			}
		}
	}
}

func TestAPIGivesAPlayerNoHiddenCard(t *testing.T) {
	dir := recorded(t, "best-of-three.jsonl")
	sec := secrets(t, dir, "best-of-three", "p2")
	if !containsString(sec, "Divination") || !slices.ContainsFunc(sec, func(s string) bool { return strings.HasPrefix(s, `"o`) }) {
		t.Fatalf("the fixture has no card, or no object id, hidden from Dan all match long: secrets %v", sec)
	}
	srv, tp := tapped(t, dir, "Dan")
	for _, path := range []string{
		"/", "/m/best-of-three", "/api/config", "/api/matches", "/api/matches/best-of-three",
		"/api/matches/best-of-three/tree", "/api/matches/best-of-three/timeline",
		"/api/matches/best-of-three/log", "/api/matches/best-of-three/audit",
		"/api/matches/best-of-three/export?format=text", "/api/matches/best-of-three/export?format=html",
		"/api/diff?a=best-of-three&b=best-of-three",
	} {
		get(t, srv, path, nil)
	}
	for seq := 1; seq <= 179; seq++ {
		get(t, srv, fmt.Sprintf("/api/matches/best-of-three/state?seq=%d", seq), nil)
		get(t, srv, fmt.Sprintf("/api/matches/best-of-three/state?seq=%d&as=public", seq), nil)
	}
	checkNoSecrets(t, tp, sec)
	// The judge does see them: the check can fail.
	open, _ := serve(t, dir, false, "")
	var v reducer.View
	get(t, open, "/api/matches/best-of-three/state?seq=20&as=judge", &v)
	if data, _ := json.Marshal(v); !strings.Contains(string(data), "Divination") {
		t.Error("the judge's view at seq 20 lacks Divination: the secrets are wrong")
	}
}

func containsString(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}
