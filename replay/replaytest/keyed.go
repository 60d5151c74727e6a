package replaytest

import (
	"testing"

	"github.com/nats-io/nkeys"

	"github.com/chronicle-mtg/chronicle/events"
)

// Keyed reads the JSON Lines file at path (one match, from seq 1), makes a
// key for the table and for each player, names them in its match_started,
// and signs each input by its actor, unless skip lists the actor. Hashes,
// prevs and recorded times are dropped: the recorder or Seal sets them. It
// returns the inputs and the key pairs by actor.
func Keyed(t testing.TB, path string, skip ...string) ([]*events.Event, map[string]nkeys.KeyPair) {
	t.Helper()
	lines, err := events.ReadJSONLFile(path, events.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	keys := map[string]nkeys.KeyPair{}
	key := func(actor string) string {
		kp, err := nkeys.CreateUser()
		if err != nil {
			t.Fatal(err)
		}
		keys[actor] = kp
		pub, _ := kp.PublicKey()
		return pub
	}
	var out []*events.Event
	for _, l := range lines {
		ev := l.Event
		ev.Prev, ev.Hash, ev.Recorded, ev.Sig = events.Hash{}, events.Hash{}, 0, nil
		if ms, ok := ev.Body.(*events.MatchStarted); ok {
			ms.TableKey = key(events.TableActor)
			for i := range ms.Players {
				ms.Players[i].Key = key(ms.Players[i].ID)
			}
		}
		out = append(out, ev)
	}
	for _, ev := range out {
		if contains(skip, ev.Actor) {
			continue
		}
		if err := ev.Sign(keys[ev.Actor]); err != nil {
			t.Fatal(err)
		}
	}
	return out, keys
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
