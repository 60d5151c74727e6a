package events_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/nats-io/nkeys"

	"github.com/chronicle-mtg/chronicle/events"
)

func newKey(t *testing.T) (nkeys.KeyPair, string) {
	t.Helper()
	kp, err := nkeys.CreateUser()
	if err != nil {
		t.Fatal(err)
	}
	pub, _ := kp.PublicKey()
	return kp, pub
}

// A signed input round-trips through msgpack and JSON with its signature,
// the hash covers it, and the signature verifies against its actor's key
// only; any change to what the actor decided breaks it.
func TestSignedInput(t *testing.T) {
	kp, pub := newKey(t)
	_, other := newKey(t)
	ev := &events.Event{Match: "m1", Seq: 4, Kind: events.KindPass, Actor: "p1", Body: &events.Pass{Player: "p1"}}
	unsigned := ev.MarshalMsgpack()
	if err := ev.Sign(kp); err != nil {
		t.Fatal(err)
	}
	if len(ev.Sig) != events.SigSize {
		t.Fatalf("sig of %d bytes", len(ev.Sig))
	}
	ev.Seal()
	if bytes.Equal(ev.MarshalMsgpack(), unsigned) {
		t.Fatal("the signature is not in the encoding")
	}
	back, err := events.DecodeMsgpack(ev.MarshalMsgpack())
	if err != nil || !bytes.Equal(back.Sig, ev.Sig) || back.ComputeHash() != ev.Hash {
		t.Fatalf("msgpack round trip: %v %x", err, back.Sig)
	}
	line, err := ev.MarshalJSONLine()
	if err != nil {
		t.Fatal(err)
	}
	fromJSON, err := events.ParseJSON(line)
	if err != nil || !bytes.Equal(fromJSON.Sig, ev.Sig) || fromJSON.ComputeHash() != ev.Hash {
		t.Fatalf("JSON round trip: %v\n%s", err, line)
	}
	if err := back.VerifySig(pub); err != nil {
		t.Errorf("verify with the actor's key: %v", err)
	}
	if err := back.VerifySig(other); err == nil {
		t.Error("verified with another key")
	}
	back.Body = &events.Pass{Player: "p1"}
	back.Seq = 5
	if err := back.VerifySig(pub); err == nil {
		t.Error("verified after the seq changed")
	}
	stripped := *ev
	stripped.Sig = nil
	if stripped.ComputeHash() == ev.Hash {
		t.Error("the hash does not cover the signature")
	}
}

// A sig that is not 64 bytes does not decode, in either form.
func TestBadSigDoesNotDecode(t *testing.T) {
	ev := &events.Event{Match: "m1", Seq: 2, Kind: events.KindPass, Actor: "p1", Body: &events.Pass{Player: "p1"}, Sig: []byte{1, 2, 3}}
	if _, err := events.DecodeMsgpack(ev.MarshalMsgpack()); err == nil || !strings.Contains(err.Error(), "signature") {
		t.Errorf("msgpack: %v", err)
	}
	if _, err := events.ParseJSON([]byte(`{"match":"m1","seq":2,"kind":"pass","actor":"p1","body":{"player":"p1"},"sig":"abcd"}`)); err == nil || !strings.Contains(err.Error(), "sig") {
		t.Errorf("JSON: %v", err)
	}
}

// CheckSig: with keys, an input signed by its actor passes; unsigned,
// signed by another, or by an actor without a key, it is refused with
// LOG-SIGNATURE. Without keys nothing is checked.
func TestCheckSig(t *testing.T) {
	tableKP, tablePub := newKey(t)
	p1KP, p1Pub := newKey(t)
	_, p2Pub := newKey(t)
	ms := &events.MatchStarted{Format: "standard", TableKey: tablePub, Players: []events.Player{
		{ID: "p1", Name: "Alice", Key: p1Pub}, {ID: "p2", Name: "Bob", Key: p2Pub}}}
	if fe := ms.Check(); fe != nil {
		t.Fatal(fe)
	}
	keys := ms.Keys()
	pass := func(actor string) *events.Event {
		return &events.Event{Match: "m1", Seq: 3, Kind: events.KindPass, Actor: actor, Body: &events.Pass{Player: actor}}
	}
	good := pass("p1")
	good.Sign(p1KP)
	if e := events.CheckSig(keys, good); e != nil {
		t.Errorf("signed by its actor: %v", e)
	}
	forged := pass("p2")
	forged.Sign(p1KP) // p1 speaking as p2
	unsigned := pass("p1")
	byTable := &events.Event{Match: "m1", Seq: 3, Kind: events.KindRandom, Actor: "table", Body: &events.Random{Of: "coin", Coin: "heads"}}
	byTable.Sign(tableKP)
	if e := events.CheckSig(keys, byTable); e != nil {
		t.Errorf("a table fact signed by the table: %v", e)
	}
	for name, ev := range map[string]*events.Event{"forged": forged, "unsigned": unsigned} {
		if e := events.CheckSig(keys, ev); e == nil || e.Rule != events.RuleSignature {
			t.Errorf("%s: %v, want %s", name, e, events.RuleSignature)
		}
	}
	if e := events.CheckSig(nil, unsigned); e != nil {
		t.Errorf("no keys declared: %v", e)
	}
	half := &events.MatchStarted{Format: "standard", TableKey: tablePub, Players: []events.Player{{ID: "p1", Name: "Alice"}}}
	if fe := half.Check(); fe == nil || fe.Field != "players[0].key" {
		t.Errorf("keys for some only: %v", fe)
	}
	bad := &events.MatchStarted{Format: "standard", TableKey: "nope", Players: []events.Player{{ID: "p1", Name: "Alice", Key: p1Pub}}}
	if fe := bad.Check(); fe == nil || fe.Field != "table_key" {
		t.Errorf("a table key that is not a key: %v", fe)
	}
}
