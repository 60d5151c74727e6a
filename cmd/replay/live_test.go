package main

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/events/bus"
	"github.com/chronicle-mtg/chronicle/replay/replaytest"
)

// liveRecorder runs a recorder with its read service over the store in
// dir until the test ends, and returns its NATS URL.
func liveRecorder(t *testing.T, dir string) string {
	t.Helper()
	return replaytest.StartLive(t, dir).URL
}

// Every read command says the same over --nats as it says from a copy of
// the store: same output, same exit status.
func TestLiveReadsMatchTheStore(t *testing.T) {
	fixtures := []string{"bolt-race.jsonl", "best-of-three.jsonl"}
	local := recordedDir(t, fixtures...)
	url := liveRecorder(t, recordedDir(t, fixtures...))
	for _, args := range [][]string{
		{"list"},
		{"list", "--json", "--player", "Dan"},
		{"list", "--tree"},
		{"verify"},
		{"verify", "bolt-race", "--json"},
		{"show", "bolt-race", "--at", "4", "--as", "Bob"},
		{"show", "best-of-three", "--turn", "3", "--game", "2", "--json"},
		{"show", "bolt-race", "--at", "99"},
		{"show", "nope"},
		{"log", "bolt-race", "--as", "p2"},
		{"log", "best-of-three", "--json"},
		{"audit", "bolt-race"},
		{"audit", "--all", "--json"},
		{"export", "bolt-race", "--format", "text", "--as", "Alice"},
		{"export", "best-of-three", "--at", "20"},
		{"export", "bolt-race", "--format", "setup", "--at", "3"},
		{"export", "bolt-race", "--format", "jsonl", "--as", "p1"},
		{"rejections"},
		{"rejections", "--match", "bolt-race", "--json"},
		{"diff", "bolt-race", "best-of-three"},
	} {
		wantOut, wantErr, wantCode := runCLI(t, append(args, "--data", local)...)
		out, errOut, code := runCLI(t, append(args, "--nats", url)...)
		if code != wantCode || out != wantOut {
			t.Errorf("replay %s:\n--nats: exit %d\n%s%s\n--data: exit %d\n%s%s", strings.Join(args, " "), code, out, errOut, wantCode, wantOut, wantErr)
		}
		if (errOut == "") != (wantErr == "") {
			t.Errorf("replay %s: stderr %q over --nats, %q from the store", strings.Join(args, " "), errOut, wantErr)
		}
	}
}

// Branches and appends go to the recorder holding the match, as validated
// as from a store; the viewer over --nats reads them.
func TestLiveBranchAndAppend(t *testing.T) {
	url := liveRecorder(t, recordedDir(t, "bolt-race.jsonl"))
	out, errOut, code := runCLI(t, "branch", "bolt-race", "--at", "2", "--name", "shock-first", "--nats", url)
	wantCode(t, code, exitOK, out, errOut)
	out, errOut, code = runCLI(t, "append", "shock-first", filepath.Join("..", "..", "fixtures", "branches", "shock-first.jsonl"), "--nats", url)
	wantCode(t, code, exitOK, out, errOut)
	if !strings.Contains(out, "shock-first: appended") {
		t.Errorf("append said %q", out)
	}
	bad := filepath.Join(t.TempDir(), "bad.jsonl")
	os.WriteFile(bad, []byte(`{"match":"shock-first","kind":"pass","actor":"p2","body":{"player":"p2"}}`+"\n"), 0o644)
	_, errOut, code = runCLI(t, "append", "shock-first", bad, "--nats", url)
	wantCode(t, code, exitFailed, "", errOut)
	if !strings.Contains(errOut, "refused") {
		t.Errorf("an illegal input: %s", errOut)
	}
	_, errOut, code = runCLI(t, "append", "bolt-race", bad, "--nats", url)
	wantCode(t, code, exitUsage, "", errOut)
	out, errOut, code = runCLI(t, "diff", "bolt-race", "shock-first", "--nats", url)
	wantCode(t, code, exitFailed, out, errOut)
	if !strings.Contains(out, "part at seq 4") {
		t.Errorf("diff: %s", out)
	}
	url2 := startServe(t, "--nats", url)
	for _, path := range []string{"api/matches/shock-first/state", "api/matches/shock-first/timeline?as=Bob"} {
		r, err := httpGet(url2 + path)
		if err != nil || r != 200 {
			t.Errorf("serve --nats: GET /%s: %d, %v", path, r, err)
		}
	}
}

func TestLiveNeedsARecorder(t *testing.T) {
	_, errOut, code := runCLI(t, "list", "--nats", "nats://127.0.0.1:1")
	wantCode(t, code, exitUsage, "", errOut)
	if !strings.Contains(errOut, "connect to NATS") {
		t.Errorf("no server: %s", errOut)
	}
	_, errOut, code = runCLI(t, "verify", "--deep", "--nats", "nats://127.0.0.1:1")
	wantCode(t, code, exitUsage, "", errOut)
	_, errOut, code = runCLI(t, "list", "--nats", "nats://judge:secret@127.0.0.1:1")
	wantCode(t, code, exitUsage, "", errOut)
	if strings.Contains(errOut, "secret") || !strings.Contains(errOut, "carries a password") {
		t.Errorf("a password in the URL: %s", errOut)
	}
}

// On a deployment with users (recorder users init), a judge's user reads
// every match as anyone; a player's user reads its own match, as itself or
// the public, and nothing else.
func TestLiveReadsFollowTheUsers(t *testing.T) {
	users := t.TempDir()
	u, err := bus.InitUsers(users)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := u.AddPlayer(users, "bolt-race", "p2"); err != nil {
		t.Fatal(err)
	}
	url := replaytest.StartLiveUsers(t, recordedDir(t, "bolt-race.jsonl", "best-of-three.jsonl"), users).URL
	judge := []string{"--nats", url, "--nkey", bus.SeedFile(users, bus.RoleJudge)}
	bob := []string{"--nats", url, "--nkey", bus.PlayerSeedFile(users, "bolt-race", "p2")}
	for _, c := range []struct {
		args []string
		code int
		want string // in stdout, or in stderr when code isn't 0
	}{
		{append([]string{"list"}, judge...), exitOK, "best-of-three"},
		{append([]string{"show", "bolt-race", "--at", "4", "--as", "Alice"}, judge...), exitOK, "hand (1): Shock"},
		{append([]string{"rejections"}, judge...), exitOK, ""},
		{append([]string{"branch", "bolt-race", "--at", "2", "--name", "b1"}, judge...), exitOK, "b1: a branch of bolt-race"},
		{append([]string{"show", "bolt-race", "--at", "4", "--as", "Bob"}, bob...), exitOK, "seen by p2"},
		{append([]string{"log", "bolt-race", "--as", "public"}, bob...), exitOK, "Lightning Bolt"},
		{append([]string{"show", "bolt-race", "--as", "judge"}, bob...), exitUsage, "may not ask"},
		{append([]string{"show", "bolt-race", "--as", "Alice"}, bob...), exitUsage, "may not ask"},
		{append([]string{"show", "best-of-three", "--as", "public"}, bob...), exitUsage, "may not ask"},
		{append([]string{"list"}, bob...), exitUsage, "may not ask"},
		{append([]string{"branch", "bolt-race", "--at", "2", "--name", "b2"}, bob...), exitUsage, "may not ask"},
	} {
		out, errOut, code := runCLI(t, c.args...)
		where := out
		if c.code != exitOK {
			where = errOut
		}
		if code != c.code || !strings.Contains(where, c.want) {
			t.Errorf("replay %s: exit %d\nstdout: %.300s\nstderr: %s\nwant exit %d and %q", strings.Join(c.args, " "), code, out, errOut, c.code, c.want)
		}
	}

	// Bob's viewer lists the match it is told, which his user may read,
	// and says how when told none.
	for _, c := range []struct {
		args   []string
		status int
		want   string
	}{
		{append([]string{"--player", "Bob", "--match", "bolt-race"}, bob...), 200, `"match":"bolt-race"`},
		{append([]string{"--player", "Bob"}, bob...), 403, "--match"},
	} {
		url := startServe(t, c.args...)
		resp, err := http.Get(url + "api/matches")
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != c.status || !strings.Contains(string(body), c.want) {
			t.Errorf("serve %s: the list: %d %s, want %d and %q", strings.Join(c.args, " "), resp.StatusCode, body, c.status, c.want)
		}
	}
}
