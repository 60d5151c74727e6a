package recorder

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nkeys"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/bus"
)

// keyedMatch is match_started of a match declaring keys for the table, p1
// and p2, signed by the table, and the three key pairs.
func keyedMatch(t *testing.T, id string) (start *events.Event, table, p1, p2 nkeys.KeyPair) {
	t.Helper()
	kps := make([]nkeys.KeyPair, 3)
	pubs := make([]string, 3)
	for i := range kps {
		kps[i], _ = nkeys.CreateUser()
		pubs[i], _ = kps[i].PublicKey()
	}
	start = matchInputs(id, 0)[0]
	ms := start.Body.(*events.MatchStarted)
	ms.TableKey, ms.Players[0].Key, ms.Players[1].Key = pubs[0], pubs[1], pubs[2]
	if err := start.Sign(kps[0]); err != nil {
		t.Fatal(err)
	}
	return start, kps[0], kps[1], kps[2]
}

func pass(match string, seq uint64, actor, player string) *events.Event {
	return &events.Event{Match: match, Seq: seq, Kind: events.KindPass, Actor: actor, Body: &events.Pass{Player: player}}
}

func signed(t *testing.T, ev *events.Event, kp nkeys.KeyPair) *events.Event {
	t.Helper()
	if err := ev.Sign(kp); err != nil {
		t.Fatal(err)
	}
	return ev
}

// TestSignedMatch: in a match that declares keys, an input stands only
// when its actor signed it. Another player speaking for p2, an unsigned
// input and the table making a player's decision are all refused and kept
// in the rejection log, and none of them blocks p2's own input at that seq.
func TestSignedMatch(t *testing.T) {
	h := newHarness(t)
	start, table, p1, p2 := keyedMatch(t, "k1")
	w := h.watch("k1")
	publish := func(ev *events.Event) { h.publishRaw("k1", ev.MarshalMsgpack()) }
	publish(start)
	publish(signed(t, pass("k1", 2, "p1", "p1"), p1))
	publish(signed(t, pass("k1", 3, "p2", "p2"), p1))       // p1 speaking as p2
	publish(pass("k1", 3, "p2", "p2"))                      // unsigned
	publish(signed(t, pass("k1", 3, "table", "p2"), table)) // the table deciding for p2
	publish(signed(t, pass("k1", 3, "p2", "p2"), p2))       // p2 itself
	vs := w.wait(t, 6)
	want := []struct {
		status, rule string
	}{{bus.StatusStored, ""}, {bus.StatusStored, ""}, {bus.StatusRejected, events.RuleSignature},
		{bus.StatusRejected, events.RuleSignature}, {bus.StatusRejected, events.RuleActor}, {bus.StatusStored, ""}}
	for i, v := range vs {
		if v.Status != want[i].status || v.Rule != want[i].rule {
			t.Errorf("verdict %d: %s %s (%s), want %s %s", i+1, v.Status, v.Rule, v.Reason, want[i].status, want[i].rule)
		}
	}
	if got := h.storedEvents("k1"); len(got) != 3 || got[2].Actor != "p2" || len(got[2].Sig) == 0 {
		t.Fatalf("stored %v", got)
	}
	if n := len(h.rejections()); n != 3 {
		t.Errorf("%d rejections kept, want 3", n)
	}
}

// TestTableMayNotDecideForPlayers: even in a match without keys the table
// speaks for itself only.
func TestTableMayNotDecideForPlayers(t *testing.T) {
	h := newHarness(t)
	w := h.watch("u1")
	ev := matchInputs("u1", 0)[0]
	h.publishRaw("u1", ev.MarshalMsgpack())
	h.publishRaw("u1", pass("u1", 2, "table", "p1").MarshalMsgpack())
	vs := w.wait(t, 2)
	if vs[1].Status != bus.StatusRejected || vs[1].Rule != events.RuleActor {
		t.Fatalf("the table's pass for p1: %+v", vs[1])
	}
}

// TestForgedVerdictsIgnored: someone publishes verdicts on the match's
// out subject (a server without permissions lets them). A publisher that
// knows the recorder's key ignores every verdict the recorder did not sign
// and reports what was really stored.
func TestForgedVerdictsIgnored(t *testing.T) {
	h := newHarness(t)
	h.stopRecorder()
	key, _ := nkeys.CreateUser()
	pub, _ := key.PublicKey()
	h.key = key
	h.startRecorder()
	evs := matchInputs("f1", 20)
	stop := make(chan struct{})
	done := make(chan struct{})
	forger, err := nats.Connect(h.srv.ClientURL())
	if err != nil {
		t.Fatal(err)
	}
	defer forger.Close()
	go func() { // "rejected", for every seq, again and again
		defer close(done)
		for {
			for _, ev := range evs {
				v, _ := json.Marshal(bus.Verdict{Match: "f1", Seq: ev.Seq, Status: bus.StatusRejected, Reason: "forged", Rule: "LOG-SEQ"})
				forger.Publish(bus.OutSubject("f1"), v)
			}
			select {
			case <-stop:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	p := h.publisher()
	p.RecorderKey = pub
	outs, err := p.PublishMatch(context.Background(), "f1", evs)
	close(stop)
	<-done
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range outs {
		if o.Status != bus.StatusStored {
			t.Errorf("seq %d: %s (%s)", o.Seq, o.Status, o.Reason)
		}
	}
	if p.Forged.Load() == 0 {
		t.Error("no forged verdict was seen")
	}
}
