package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chronicle-mtg/chronicle/events/store"
)

func TestListText(t *testing.T) {
	dir := storeDir(t)
	out, errOut, code := runCLI(t, "list", "--data", dir)
	wantCode(t, code, exitOK, out, errOut)
	// Recorded without the rules: no input was verified by them.
	want := `MATCH  FORMAT    PLAYERS        EVENTS  VERIFIED  STATUS  STARTED
m1     standard  Alice v Bob    10      no rules  open    2024-05-01 12:00:00 UTC
m2     modern    Carol v Dave   7       no rules  open    2024-05-02 12:00:00 UTC
m3     standard  Carol v Alice  8       no rules  open    2024-05-01 12:00:00 UTC
`
	if out != want {
		t.Errorf("got:\n%s\nwant:\n%s", out, want)
	}
}

// listed is the JSON list prints, as a client decodes it.
type listed struct {
	Match   string `json:"match"`
	Players []struct {
		ID   string `json:"id"`
		Name string `json:"name"`
	} `json:"players"`
	Format   string  `json:"format"`
	Event    *string `json:"event"`
	Events   int     `json:"events"`
	Status   string  `json:"status"`
	HeadSeq  int     `json:"head_seq"`
	HeadHash string  `json:"head_hash"`
	Started  string  `json:"started"`
}

func listJSON(t *testing.T, args ...string) []listed {
	t.Helper()
	out, errOut, code := runCLI(t, append([]string{"list", "--json"}, args...)...)
	wantCode(t, code, exitOK, out, errOut)
	var got []listed
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v in:\n%s", err, out)
	}
	return got
}

func TestListJSON(t *testing.T) {
	dir := storeDir(t)
	m1, _, _ := matches()
	got := listJSON(t, "--data", dir)
	if len(got) != 3 {
		t.Fatalf("got %d matches: %+v", len(got), got)
	}
	g := got[0]
	if g.Match != "m1" || g.Format != "standard" || g.Events != 10 || g.Status != "open" || g.HeadSeq != 10 ||
		g.HeadHash != m1[9].Hash.String() || g.Started != "2024-05-01T12:00:00Z" || g.Event == nil || *g.Event != "FNM" {
		t.Errorf("m1: %+v", g)
	}
	if len(g.Players) != 2 || g.Players[0].ID != "p1" || g.Players[0].Name != "Alice" || g.Players[1].ID != "p2" || g.Players[1].Name != "Bob" {
		t.Errorf("m1 players: %+v", g.Players)
	}
	if got[1].Event != nil {
		t.Errorf("m2 has no event, got %q", *got[1].Event)
	}
}

func TestListFilters(t *testing.T) {
	dir := storeDir(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--player", "Alice"}, "m1 m3"},
		{[]string{"--player=Carol", "--date", "2024-05-01"}, "m3"},
		{[]string{"--event", "FNM"}, "m1"},
		{[]string{"--date", "2024-05-02"}, "m2"},
		{[]string{"--player", "Nobody"}, ""},
	} {
		var ids []string
		for _, m := range listJSON(t, append(c.args, "--data", dir)...) {
			ids = append(ids, m.Match)
		}
		if strings.Join(ids, " ") != c.want {
			t.Errorf("list %q = %v, want %s", c.args, ids, c.want)
		}
	}
	out, errOut, code := runCLI(t, "list", "--data", dir, "--player", "Nobody")
	if code != exitOK || out != "" || !strings.Contains(errOut, "no matches") {
		t.Errorf("no matches: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	_, errOut, code = runCLI(t, "list", "--data", dir, "--date", "May 1")
	if code != exitUsage || !strings.Contains(errOut, "YYYY-MM-DD") {
		t.Errorf("bad date: exit %d, stderr %q", code, errOut)
	}
}

func TestDataFromEnvironment(t *testing.T) {
	t.Setenv("CHRONICLE_DATA", storeDir(t))
	if got := listJSON(t); len(got) != 3 {
		t.Errorf("got %d matches, want 3", len(got))
	}
}

func TestNoStore(t *testing.T) {
	dir := t.TempDir()
	out, errOut, code := runCLI(t, "list", "--data", dir)
	want := "no store at " + filepath.Join(dir, "chronicle.db") + " (record something first"
	if code != exitUsage || out != "" || !strings.Contains(errOut, want) {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 2 and %q", code, out, errOut, want)
	}
}

// A recorder holding the store makes a reader wait --wait, then give up.
func TestLockedStore(t *testing.T) {
	dir := storeDir(t)
	w, err := store.OpenDir(dir, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	start := time.Now()
	for _, args := range [][]string{
		{"list", "--wait", "50ms", "--data", dir},
		{"verify", "m1", "--wait", "50ms", "--data", dir},
		{"export", "m1", "--wait", "50ms", "--data", dir},
		{"rejections", "--wait", "50ms", "--data", dir},
	} {
		out, errOut, code := runCLI(t, args...)
		if code != exitUsage || out != "" || !strings.Contains(errOut, "locked by another process") || !strings.Contains(errOut, "--wait") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", args[0], code, out, errOut)
		}
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("took %v", d)
	}
}

func TestReadOnly(t *testing.T) {
	dir := storeDir(t)
	path := filepath.Join(dir, store.FileName)
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"list"}, {"verify"}, {"export", "m2"}, {"rejections"}} {
		out, errOut, code := runCLI(t, append(args, "--data", dir)...)
		wantCode(t, code, exitOK, out, errOut)
	}
	after, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(before) != string(after) {
		t.Error("reading changed the store file")
	}
}
