package main

import (
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nats-io/nkeys"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/replay"
	"github.com/chronicle-mtg/chronicle/replay/replaytest"
)

// keygen runs `recorder keygen` and returns the seed file and public key.
func keygen(t *testing.T, dir, name string) (string, string) {
	t.Helper()
	path := filepath.Join(dir, name+".nk")
	r := runCLI(t, "keygen", "--out", path)
	if r.code != exitOK || !nkeys.IsValidPublicUserKey(strings.TrimSpace(r.stdout)) {
		t.Fatalf("keygen: %v", r)
	}
	return path, strings.TrimSpace(r.stdout)
}

// TestPublishSigned: keys from `recorder keygen` named in match_started;
// publish --key signs each actor's inputs, the recorder stores them and
// signs its verdicts, and publish --recorder-key believes only those. The
// first input of a player whose key is not given is refused
// (LOG-SIGNATURE), and nothing after it is stored.
func TestPublishSigned(t *testing.T) {
	keys := t.TempDir()
	recSeed, recPub := keygen(t, keys, "recorder")
	if r := runCLI(t, "keygen", "--out", recSeed); r.code != exitUsage {
		t.Fatalf("keygen over an existing key: %v", r)
	}
	seeds, pubs := map[string]string{}, map[string]string{}
	for _, actor := range []string{"table", "p1", "p2"} {
		seeds[actor], pubs[actor] = keygen(t, keys, actor)
	}
	evs, _ := replaytest.Keyed(t, fixture(t, "bolt-race.jsonl"), "table", "p1", "p2") // unsigned
	ms := evs[0].Body.(*events.MatchStarted)
	ms.TableKey, ms.Players[0].Key, ms.Players[1].Key = pubs["table"], pubs["p1"], pubs["p2"]
	file := filepath.Join(t.TempDir(), "keyed.jsonl")
	writeEvents(t, file, evs)

	dataDir := t.TempDir()
	kp, err := recorderKey(recSeed, "", "")
	if err != nil {
		t.Fatal(err)
	}
	svc, err := startService(context.Background(), serviceOptions{storeDir: dataDir, natsDir: t.TempDir(), listen: "127.0.0.1:0",
		key: kp, log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer svc.stop()
	url := svc.srv.ClientURL()
	r := runCLI(t, "publish", "-q", "--json", "--nats", url, "--recorder-key", recPub,
		"--key", seeds["table"], "--key", seeds["p1"], "--key", "p2="+seeds["p2"], file)
	if r.code != exitOK {
		t.Fatalf("publish signed: %v", r)
	}

	// The same match again under another id, p2's key left out.
	for _, ev := range evs {
		ev.Match, ev.Sig = "keyed-2", nil
	}
	file2 := filepath.Join(t.TempDir(), "keyed2.jsonl")
	writeEvents(t, file2, evs)
	r = runCLI(t, "publish", "-q", "--json", "--nats", url, "--recorder-key", recPub, "--key", seeds["table"], "--key", seeds["p1"], file2)
	s := decodeSummary(t, r.stdout)
	if first := s.Files[0].Matches[0].Problems; r.code != exitRejected || s.Stored != 5 || len(first) == 0 ||
		first[0].Seq != 6 || first[0].Rule != events.RuleSignature {
		t.Fatalf("publish without p2's key: %v", r)
	}
	if err := svc.stop(); err != nil {
		t.Fatal(err)
	}
	src, err := replay.OpenStore(dataDir, replay.StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	res, err := replay.Verify(src, "bolt-race")
	if err != nil || !res.OK() {
		t.Fatalf("verify the signed match: %v %v", res, err)
	}
}

func writeEvents(t *testing.T, path string, evs []*events.Event) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := events.WriteJSONL(f, evs); err != nil {
		t.Fatal(err)
	}
}

// TestRecorderKeyDefaults: serve signs with --key when given, else with its
// own key: the users folder's recorder key with --users, its --nkey with
// --nats; with none of them its verdicts go unsigned.
func TestRecorderKeyDefaults(t *testing.T) {
	keys := t.TempDir()
	keySeed, keyPub := keygen(t, keys, "key")
	nkeySeed, nkeyPub := keygen(t, keys, "nkey")
	for _, c := range []struct{ key, nkey, want string }{
		{keySeed, nkeySeed, keyPub},
		{"", nkeySeed, nkeyPub},
		{"", "", ""},
	} {
		kp, err := recorderKey(c.key, "", c.nkey)
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		if kp != nil {
			got, _ = kp.PublicKey()
		}
		if got != c.want {
			t.Errorf("--key %q --nkey %q: signs as %q, want %q", c.key, c.nkey, got, c.want)
		}
	}
}
