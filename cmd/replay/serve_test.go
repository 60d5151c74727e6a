package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"
)

// startServe runs `replay serve` with args until the test ends and returns
// its URL.
func startServe(t *testing.T, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	urls := make(chan string, 1)
	done := make(chan int, 1)
	var stderr bytes.Buffer
	e := &env{stdout: &bytes.Buffer{}, stderr: &stderr, ctx: ctx, serving: func(u string) { urls <- u }}
	go func() { done <- runEnv(append([]string{"serve", "--listen", "127.0.0.1:0"}, args...), e) }()
	t.Cleanup(func() {
		cancel()
		if code := <-done; code != exitOK {
			t.Errorf("serve exited %d: %s", code, stderr.String())
		}
	})
	select {
	case u := <-urls:
		return u
	case code := <-done:
		done <- code
		t.Fatalf("serve exited %d before listening: %s", code, stderr.String())
	case <-time.After(time.Minute):
		t.Fatal("serve did not listen within a minute")
	}
	return ""
}

func TestServeListsTheStore(t *testing.T) {
	dir := storeDir(t)
	url := startServe(t, "--data", dir)
	resp, err := http.Get(url + "api/matches?player=Carol")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var page struct {
		Total   int `json:"total"`
		Matches []struct {
			Match string `json:"match"`
		} `json:"matches"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&page); err != nil || page.Total != 2 || page.Matches[0].Match != "m2" {
		t.Fatalf("list: %+v, %v", page, err)
	}
	for path, want := range map[string]int{"": 200, "m/m1?seq=2": 200, "static/app.js": 200, "api/config": 200} {
		r, err := http.Get(url + path)
		if err != nil {
			t.Fatal(err)
		}
		r.Body.Close()
		if r.StatusCode != want {
			t.Errorf("GET /%s: %d, want %d", path, r.StatusCode, want)
		}
	}
}

func TestServeWritesOnlyWhenAllowed(t *testing.T) {
	dir := storeDir(t)
	post := func(url string) int {
		r, err := http.Post(url+"api/matches/m1/branches", "application/json", bytes.NewReader([]byte(`{"at":2,"name":"b1"}`)))
		if err != nil {
			t.Fatal(err)
		}
		r.Body.Close()
		return r.StatusCode
	}
	t.Run("read-only", func(t *testing.T) {
		if s := post(startServe(t, "--data", dir)); s != http.StatusForbidden {
			t.Errorf("a branch made without --allow-write: %d", s)
		}
	})
	t.Run("allow-write", func(t *testing.T) {
		if s := post(startServe(t, "--data", dir, "--allow-write")); s != http.StatusCreated {
			t.Errorf("a branch with --allow-write: %d", s)
		}
	})
}

func TestServeUsageErrors(t *testing.T) {
	_, stderr, code := runCLI(t, "serve", "--data", t.TempDir())
	wantCode(t, code, exitUsage, "", stderr)
	dir := storeDir(t)
	_, stderr, code = runCLI(t, "serve", "--data", dir, "--listen", "127.0.0.1:notaport")
	wantCode(t, code, exitUsage, "", stderr)
}

func TestExportHTML(t *testing.T) {
	stdout, stderr, code := runCLI(t, "export", fixture("bolt-race.jsonl"), "--format", "html", "--as", "Bob", "--at", "3")
	wantCode(t, code, exitOK, stdout, stderr)
	start := strings.Index(stdout, `<script id="chronicle-data" type="application/json">`)
	end := strings.Index(stdout[max(start, 0):], "</script>")
	if start < 0 || end < 0 {
		t.Fatalf("no data in the page: %.300s", stdout)
	}
	var data struct {
		Timeline struct {
			As      string            `json:"as"`
			Entries []json.RawMessage `json:"entries"`
		} `json:"timeline"`
		Frames struct {
			Frames []json.RawMessage `json:"frames"`
		} `json:"frames"`
	}
	raw := stdout[start+len(`<script id="chronicle-data" type="application/json">`) : start+end]
	if err := json.Unmarshal([]byte(raw), &data); err != nil {
		t.Fatal(err)
	}
	if data.Timeline.As != "p2" || len(data.Timeline.Entries) != 3 || len(data.Frames.Frames) != 3 {
		t.Errorf("as %s, %d entries, %d frames; want p2, 3, 3", data.Timeline.As, len(data.Timeline.Entries), len(data.Frames.Frames))
	}
	_, stderr, code = runCLI(t, "export", fixture("bolt-race.jsonl"), "--format", "pdf")
	wantCode(t, code, exitUsage, "", stderr)
	if !strings.Contains(stderr, "jsonl, text, setup, forge, xmage-test, html") {
		t.Errorf("the formats named: %s", stderr)
	}
}

// httpGet fetches url and returns the status.
func httpGet(url string) (int, error) {
	r, err := http.Get(url)
	if err != nil {
		return 0, err
	}
	r.Body.Close()
	return r.StatusCode, nil
}
