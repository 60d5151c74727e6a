package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/replay/replaytest"
)

func TestVerifyStore(t *testing.T) {
	dir := storeDir(t)
	m1, m2, m3 := matches()
	out, errOut, code := runCLI(t, "verify", "--data", dir)
	wantCode(t, code, exitOK, out, errOut)
	want := "m1: ok, 10 events, chain verified, head " + m1[9].Hash.Short() + "\n" +
		"m2: ok, 7 events, chain verified, head " + m2[6].Hash.Short() + "\n" +
		"m3: ok, 8 events, chain verified, head " + m3[7].Hash.Short() + "\n"
	if out != want {
		t.Errorf("got:\n%s\nwant:\n%s", out, want)
	}
	out, errOut, code = runCLI(t, "verify", "m2", "--data", dir)
	wantCode(t, code, exitOK, out, errOut)
	if !strings.HasPrefix(out, "m2: ok") || strings.Count(out, "\n") != 1 {
		t.Errorf("verify m2:\n%s", out)
	}
}

func TestVerifyCorruptStore(t *testing.T) {
	for _, c := range []struct {
		name   string
		damage func(t *testing.T, dir string)
		want   string // the line of m1
	}{
		{"body changed, hash kept", func(t *testing.T, dir string) {
			replaytest.RewriteEvent(t, dir, "m1", 9, replaytest.Reencode(t, func(ev *events.Event) {
				ev.Actor, ev.Body = "p1", &events.Pass{Player: "p1"}
			}))
		}, "m1: seq 9: hash "},
		{"not canonical", func(t *testing.T, dir string) {
			replaytest.RewriteEvent(t, dir, "m1", 5, replaytest.NonCanonicalSeq(t))
		}, "m1: seq 5: stored bytes are not the canonical encoding"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := storeDir(t)
			c.damage(t, dir)
			out, errOut, code := runCLI(t, "verify", "--data", dir)
			wantCode(t, code, exitFailed, out, errOut)
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			if len(lines) != 3 || !strings.HasPrefix(lines[0], c.want) || !strings.HasPrefix(lines[1], "m2: ok") {
				t.Errorf("got:\n%s\nwant the first line to start %q", out, c.want)
			}
			if !strings.Contains(errOut, "1 of 3 matches failed") {
				t.Errorf("stderr: %s", errOut)
			}
		})
	}
}

func TestVerifyFiles(t *testing.T) {
	data := storeDir(t)
	dir := t.TempDir()
	file := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	export, errOut, code := runCLI(t, "export", "m1", "--data", data, "--format", "jsonl")
	wantCode(t, code, exitOK, export, errOut)
	exported := file("m1.jsonl", export)
	hand := file("hand.jsonl", `{"match":"h1","kind":"match_started","actor":"table","body":{"format":"standard","players":[{"id":"p1","name":"A","deck":[]}]}}
{"match":"h1","kind":"pass","actor":"p1","body":{"player":"p1"}}
`)
	gap := file("gap.jsonl", `{"match":"g1","seq":1,"kind":"match_started","actor":"table","body":{"format":"standard","players":[{"id":"p1","name":"A","deck":[]}]}}
{"match":"g1","seq":3,"kind":"pass","actor":"p1","body":{"player":"p1"}}
`)
	noSuffix := file("log", export)

	m1, _, _ := matches()
	out, errOut, code := runCLI(t, "verify", exported, hand, noSuffix, "m2", "--data", data)
	wantCode(t, code, exitOK, out, errOut)
	want := exported + ": m1: ok, 10 events, chain verified, head " + m1[9].Hash.Short() + "\n" +
		hand + ": h1: ok, 2 events, seq gapless, unhashed (hand-written)\n" +
		noSuffix + ": m1: ok, 10 events, chain verified, head " + m1[9].Hash.Short() + "\n" +
		"m2: ok, 7 events, chain verified"
	if !strings.HasPrefix(out, want) {
		t.Errorf("got:\n%s\nwant:\n%s", out, want)
	}

	out, errOut, code = runCLI(t, "verify", hand, gap)
	wantCode(t, code, exitFailed, out, errOut)
	if want := gap + ":2: g1: seq 3: gap: expected seq 2, got 3 (LOG-SEQ)\n"; !strings.HasSuffix(out, want) {
		t.Errorf("got:\n%s\nwant it to end with:\n%s", out, want)
	}

	out, errOut, code = runCLI(t, "verify", "--json", gap)
	wantCode(t, code, exitFailed, out, errOut)
	var rs []map[string]any
	if err := json.Unmarshal([]byte(out), &rs); err != nil {
		t.Fatalf("%v in:\n%s", err, out)
	}
	if len(rs) != 1 || rs[0]["ok"] != false || rs[0]["bad_seq"] != 3.0 || rs[0]["line"] != 2.0 || rs[0]["rule"] != "LOG-SEQ" ||
		rs[0]["file"] != gap || rs[0]["match"] != "g1" {
		t.Errorf("JSON: %v", rs)
	}
}

func TestVerifyJSON(t *testing.T) {
	dir := storeDir(t)
	m1, _, _ := matches()
	out, errOut, code := runCLI(t, "verify", "--json", "--data", dir, "m1")
	wantCode(t, code, exitOK, out, errOut)
	var rs []map[string]any
	if err := json.Unmarshal([]byte(out), &rs); err != nil {
		t.Fatalf("%v in:\n%s", err, out)
	}
	if len(rs) != 1 || rs[0]["match"] != "m1" || rs[0]["ok"] != true || rs[0]["hashed"] != true || rs[0]["events"] != 10.0 ||
		rs[0]["head_hash"] != m1[9].Hash.String() || rs[0]["bad_seq"] != nil {
		t.Errorf("JSON: %v", rs)
	}
}

func TestVerifyErrors(t *testing.T) {
	dir := storeDir(t)
	for _, c := range []struct {
		args []string
		err  string
	}{
		{[]string{"m9"}, `unknown match "m9"`},
		{[]string{"m1", "m9"}, `unknown match "m9"`},
		{[]string{filepath.Join(t.TempDir(), "missing.jsonl")}, "no such file"},
	} {
		out, errOut, code := runCLI(t, append([]string{"verify", "--data", dir}, c.args...)...)
		if code != exitUsage || !strings.Contains(errOut, c.err) {
			t.Errorf("verify %q: exit %d\nstdout:\n%s\nstderr:\n%s\nwant exit 2 and %q", c.args, code, out, errOut, c.err)
		}
	}
	// A file alone needs no store.
	hand := filepath.Join(t.TempDir(), "h.jsonl")
	replaytest.WriteJSONL(t, hand, replaytest.Match(replaytest.Spec{Match: "h"}))
	out, errOut, code := runCLI(t, "verify", "--data", t.TempDir(), hand)
	wantCode(t, code, exitOK, out, errOut)
}
