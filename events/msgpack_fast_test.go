package events

import (
	"bufio"
	"os"
	"path/filepath"
	"testing"
)

// The fast path must read exactly what the general decoder reads: every
// input of the fixture matches, encoded canonically, sealed and signed or
// not, decodes to the same event both ways, and most take the fast path.
func TestDecodeFastAgreesWithGeneral(t *testing.T) {
	total, fast, bodies := 0, 0, 0
	eachFixtureEvent(t, func(ev *Event) {
		for _, variant := range fastVariants(ev) {
			total++
			switch compareDecoders(t, variant) {
			case "fast":
				fast++
				bodies++
			case "reflect":
				fast++
			}
		}
	})
	t.Logf("%d inputs: %d took the fast path, %d of them with the body read without reflection", total, fast, bodies)
	// Everything but a few hand-written shapes (match_started, setup,
	// table effects) is read without reflection.
	if fast*2 < total || bodies*10 < total*9 {
		t.Errorf("only %d of %d inputs took the fast path, %d without reflection", fast, total, bodies)
	}
}

// eachFixtureEvent calls fn with every input of the fixture matches, as
// parsed from their JSON Lines.
func eachFixtureEvent(t *testing.T, fn func(ev *Event)) {
	t.Helper()
	files, err := filepath.Glob("../fixtures/matches/*.jsonl")
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixture matches: %v", err)
	}
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(nil, MaxInputSize)
		for sc.Scan() {
			ev, err := ParseJSON(sc.Bytes())
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			fn(ev)
		}
		fh.Close()
	}
}

// fastVariants gives ev's canonical encoding as recorded, sealed, with a
// signature, and sealed after another input.
func fastVariants(ev *Event) [][]byte {
	plain := ev.MarshalMsgpack()
	sealed := *ev
	sealed.Seal()
	signed := sealed
	signed.Sig = make([]byte, SigSize)
	for i := range signed.Sig {
		signed.Sig[i] = byte(i)
	}
	chained := *ev // as stored: after another input, sealed
	chained.Prev = Hash{0: 0xc4, 31: 0x20}
	chained.Seal()
	return [][]byte{plain, sealed.MarshalMsgpack(), signed.MarshalMsgpack(), chained.MarshalMsgpack()}
}

// compareDecoders decodes data both ways, fails t where they differ, and
// says which path read the body ("" when the fast path did not take data).
func compareDecoders(t *testing.T, data []byte) string {
	t.Helper()
	path, err := DecodeBothWays(data)
	if err != nil {
		t.Fatal(err)
	}
	return path
}

// fastShapes are inputs with every field of every body the fast path
// reads without reflection, in canonical maps of at most 15 keys.
var fastShapes = []string{
	`{"schema":1,"match":"m-1","seq":7,"kind":"pass","actor":"p1","recorded":"2026-01-01T09:00:12Z","body":{"player":"p1"}}`,
	`{"schema":1,"match":"m-1","seq":8,"kind":"activate","actor":"p2","body":{"player":"p2","source":"o95"}}`,
	`{"schema":1,"match":"m-1","seq":8,"kind":"activate","actor":"p2","body":{"player":"p2","source":"Llanowar Elves","ability":1,"targets":["p1","o4095"],"x":2,"choice":"G","pay":[{"mana":"G","source":"o12"},{"mana":"C"}],"tap":"o4096","sacrifice":["o1"],"discard":["o2"],"exile":["o3"],"return":["o4"],"tap_others":["o5"],"reveal":["o6"]}}`,
	`{"schema":1,"match":"m-1","seq":8,"kind":"activate","actor":"p1","body":{"player":"p1","source":"o07","ability_text":"{T}"}}`,
	`{"schema":1,"match":"m-1","seq":8,"kind":"activate","actor":"p1","body":{"player":"p1","source":"o8","special":"plot","pay":[{"mana":"R"}]}}`,
	`{"schema":1,"match":"m-1","seq":9,"kind":"cast","actor":"p2","body":{"player":"p2","card":"o9","targets":["p1"]}}`,
	`{"schema":1,"match":"m-1","seq":9,"kind":"cast","actor":"p1","body":{"player":"p1","card":"Fire // Ice","face":"Fire","x":1,"targets":["o1","p2"],"modes":[0,2],"delve":["o10"],"improvise":["o11"],"harmonize":"o12","pay":[{"mana":"U","source":"o13"}],"kicked":true,"kicks":2,"entwine":true,"convoke":["o14"],"conspire":["o15","o16"]}}`,
	`{"schema":1,"match":"m-1","seq":9,"kind":"cast","actor":"p2","body":{"player":"p2","card":"Æther Vial","permission":"o21","replicate":2,"prototype":true,"alternative":"evoke","sacrifice":["o22"],"discard":["o23"],"exile":["o24"],"return":["o25"],"tap_others":["o26"],"reveal":["o27"]}}`,
	`{"schema":1,"match":"m-1","seq":10,"kind":"play_land","actor":"p1","body":{"player":"p1","card":"o30","face":"Hengegate Pathway"}}`,
	`{"schema":1,"match":"m-1","seq":10,"kind":"play_land","actor":"p1","body":{"player":"p1","card":"o30"}}`,
	`{"schema":1,"match":"m-1","seq":10,"kind":"play_land","actor":"p1","body":{"player":"p1","card":"Forest"}}`,
	`{"schema":1,"match":"m-1","seq":9,"kind":"cast","actor":"p4","body":{"player":"p4","card":"o4095"}}`,
	`{"schema":1,"match":"m-1","seq":9,"kind":"cast","actor":"p4","body":{"player":"p4","card":"o4096"}}`,
	`{"schema":1,"match":"m-1","seq":8,"kind":"activate","actor":"p5","body":{"player":"p5","source":"o95"}}`,
	`{"schema":1,"match":"m-1","seq":8,"kind":"activate","actor":"p1","body":{"player":"p1","source":"Llanowar Elves"}}`,
	`{"schema":1,"match":"m-1","seq":11,"kind":"choose","actor":"p1","body":{"player":"p1","answer":["draw"]}}`,
	`{"schema":1,"match":"m-1","seq":11,"kind":"choose","actor":"p2","body":{"player":"p2","answer":["1","o3","yes"]}}`,
	`{"schema":1,"match":"m-1","seq":11,"kind":"choose","actor":"p2","body":{"player":"p2","answer":[]}}`,
	`{"schema":1,"match":"m-1","seq":12,"kind":"attack","actor":"p2","body":{"player":"p2","attackers":[{"creature":"o97","defender":"p1"},{"creature":"o98","defender":"o5"}]}}`,
	`{"schema":1,"match":"m-1","seq":12,"kind":"attack","actor":"p2","body":{"player":"p2"}}`,
	`{"schema":1,"match":"m-1","seq":13,"kind":"block","actor":"p1","body":{"player":"p1","blocks":[{"blocker":"o129","attacker":"o118"}]}}`,
	`{"schema":1,"match":"m-1","seq":13,"kind":"block","actor":"p1","body":{"player":"p1"}}`,
	`{"schema":1,"match":"m-1","seq":14,"kind":"random","actor":"table","body":{"of":"shuffle","player":"p1","order":["o3","o1","o2"],"salt":"00112233445566778899aabbccddeeff"}}`,
	`{"schema":1,"match":"m-1","seq":14,"kind":"random","actor":"table","body":{"of":"coin","coin":"heads"}}`,
	`{"schema":1,"match":"m-1","seq":14,"kind":"random","actor":"table","body":{"of":"die","roll":6}}`,
	`{"schema":1,"match":"m-1","seq":15,"kind":"keep","actor":"p2","body":{"player":"p2","bottom":["o413"]}}`,
	`{"schema":1,"match":"m-1","seq":15,"kind":"keep","actor":"player-5","body":{"player":"player-5"}}`,
	`{"schema":1,"match":"m-1","seq":7,"kind":"pass","actor":"p5","body":{"player":"p5"}}`,
	`{"schema":1,"match":"m-1","seq":7,"kind":"pass","actor":"p0","body":{"player":"p0"}}`,
	`{"schema":1,"match":"m-1","seq":7,"kind":"pass","actor":"table","body":{"player":"p4"}}`,
	`{"schema":1,"match":"m-1","seq":7,"kind":"pass","actor":"player-3","body":{"player":"player-3"}}`,
	`{"schema":1,"match":"a-match-id-of-more-than-thirty-one-bytes","seq":70000,"kind":"pass","actor":"p1","body":{"player":"p1"}}`,
	`{"schema":1,"match":"m-1","seq":7,"kind":"pass","actor":"a-player-id-of-more-than-thirty-one-bytes","body":{"player":"a-player-id-of-more-than-thirty-one-bytes"}}`,
	`{"schema":1,"match":"m-1","seq":16,"kind":"mulligan","actor":"p2","body":{"player":"p2"}}`,
	`{"schema":1,"match":"m-1","seq":17,"kind":"concede","actor":"p1","body":{"player":"p1"}}`,
	`{"schema":1,"match":"m-1","seq":1,"kind":"match_started","actor":"table","body":{"format":"modern","players":[{"id":"p1","name":"Alice","deck":["Island","Island","Æther Vial","Island"],"sideboard":["Negate"],"key":"UBMPPZ5ONXBQPRNEAP6SWYEDNPRZD22CD7TLWL3RPX3GTKKLJQZZYM7D"},{"id":"p2","name":"Bob","deck":[],"key":"UCL24BB4HF6RCMH3BHRQEOUY4MXTKEECQPHHXNECZH2XR7ZCJIQBE6EW"}],"starting_life":20,"first_player":"p2","event":"FNM","best_of":3,"table_key":"UCL24BB4HF6RCMH3BHRQEOUY4MXTKEECQPHHXNECZH2XR7ZCJIQBE6EW"}}`,
	`{"schema":1,"match":"m-1","seq":1,"kind":"match_started","actor":"table","body":{"format":"standard","players":[{"id":"p1","name":"Alice"}]}}`,
}

// The envelope's usual forms are read in one straight path (schema 1,
// both hashes set) and the others key by key: each reads the same as with
// the general decoder.
func TestDecodeFastEnvelopeForms(t *testing.T) {
	ev, err := ParseJSON([]byte(fastShapes[0]))
	if err != nil {
		t.Fatal(err)
	}
	prevOnly := *ev
	prevOnly.Prev = Hash{1, 2, 3}
	sealed := prevOnly
	sealed.Seal()
	hashOnly := sealed
	hashOnly.Prev = Hash{}
	for _, e := range []Event{*ev, prevOnly, sealed, hashOnly} {
		data := e.MarshalMsgpack()
		if path := compareDecoders(t, data); path != "fast" {
			t.Errorf("%x: read by %q", data, path)
		}
		zero := append([]byte(nil), data...) // schema 0: read as the newest
		if zero[8] != SchemaVersion {
			t.Fatalf("%x: the schema is not at byte 8", data)
		}
		zero[8] = 0
		if path := compareDecoders(t, zero); path != "fast" {
			t.Errorf("%x: read by %q", zero, path)
		}
	}
}

// Inputs the fast path leaves to the general decoder, whole or their body.
var generalShapes = []string{
	`{"schema":1,"match":"m-1","seq":1,"kind":"match_started","actor":"table","body":{"format":"standard","players":[{"id":"p1","name":"Alice","deck":["Grizzly Bears"]}],"cards":[{"name":"Grizzly Bears","types":["Creature"],"power":"2","toughness":"2"}]}}`,
	`{"schema":1,"match":"m-1","seq":2,"kind":"cast","actor":"p2","body":{"player":"p2","card":"Consider"},"effects":[{"op":"move","object":"Consider","from":"hand","to":"stack"},{"op":"spend_mana","player":"p2","mana":"U"}]}`,
}

// Every field of every body the fast path reads is read there, each
// giving what the general decoder gives.
func TestDecodeFastEveryField(t *testing.T) {
	for _, line := range fastShapes {
		ev, err := ParseJSON([]byte(line))
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		for _, v := range fastVariants(ev) {
			if path := compareDecoders(t, v); path != "fast" {
				t.Errorf("%s: the body went to the msgpack library (%q)", line, path)
			}
		}
	}
	for _, line := range generalShapes {
		ev, err := ParseJSON([]byte(line))
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		for _, v := range fastVariants(ev) {
			if path := compareDecoders(t, v); path == "fast" {
				t.Errorf("%s: the fast path read a body it does not know whole", line)
			}
		}
	}
}

// FuzzDecodeFast: whatever the fast path takes, the general decoder reads
// the same.
//
//	go test ./events -run XXX -fuzz FuzzDecodeFast -fuzztime 30s
func FuzzDecodeFast(f *testing.F) {
	for _, line := range append(fastShapes, generalShapes...) {
		ev, err := ParseJSON([]byte(line))
		if err != nil {
			f.Fatal(err)
		}
		for _, v := range fastVariants(ev) {
			f.Add(v)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > MaxInputSize {
			return
		}
		compareDecoders(t, data)
	})
}

// kindOf knows every kind, and nothing else.
func TestKindOf(t *testing.T) {
	for _, k := range Kinds() {
		if got, ok := kindOf([]byte(k)); !ok || got != k {
			t.Errorf("kindOf(%q) = %q, %v", k, got, ok)
		}
	}
	for _, s := range []string{"", "Pass", "pass ", "effects"} {
		if got, ok := kindOf([]byte(s)); ok {
			t.Errorf("kindOf(%q) = %q", s, got)
		}
	}
}

// The shared strings are the strings they stand for.
func TestSharedStrings(t *testing.T) {
	for _, s := range []string{"o0", "o7", "o95", "o4095"} {
		if got, ok := objectRef([]byte(s)); !ok || got != s {
			t.Errorf("objectRef(%q) = %q, %v", s, got, ok)
		}
	}
	for _, s := range []string{"o", "o01", "o4096", "o12345", "p1", "o1x", "O1"} {
		if got, ok := objectRef([]byte(s)); ok {
			t.Errorf("objectRef(%q) = %q", s, got)
		}
	}
	for _, s := range []string{"p1", "p4", TableActor, "W", "C", RandomShuffle, "heads"} {
		if got, ok := sharedWord([]byte(s)); !ok || got != s {
			t.Errorf("sharedWord(%q) = %q, %v", s, got, ok)
		}
	}
	for _, s := range []string{"p0", "p1", "p4", "p5", "p:", "p", "pp", "o", "oo", "o1", "play", TableActor, "x"} {
		if got, ok := internText([]byte(s)); !ok || got != s {
			t.Errorf("internText(%q) = %q, %v", s, got, ok)
		}
		if got := actorName([]byte(s)); got != s {
			t.Errorf("actorName(%q) = %q", s, got)
		}
	}
	if got, ok := internText([]byte("\xff")); ok {
		t.Errorf("internText took invalid UTF-8 as %q", got)
	}
}

// A deck's names are checked as UTF-8 whole: a character split between
// two names, valid once joined, is still refused, as the general decoder
// refuses it.
func TestDecodeFastNamesSplitCharacter(t *testing.T) {
	ev, err := ParseJSON([]byte(fastShapes[len(fastShapes)-2]))
	if err != nil {
		t.Fatal(err)
	}
	for _, deck := range [][]string{{"\xc3", "\x86ther Vial"}, {"Island", "A\xc3", "B"}, {"\x86"}} {
		body := *ev.Body.(*MatchStarted)
		body.Players = append([]Player(nil), body.Players...)
		body.Players[0].Deck = deck
		e := *ev
		e.Body = &body
		data := e.MarshalMsgpack()
		compareDecoders(t, data)
		if _, err := DecodeMsgpack(data); err == nil {
			t.Errorf("deck %q: decoded", deck)
		}
	}
}

// A stored pass by one of the usual players is read as a template; one
// that differs anywhere (another player, an actor not its player, a time
// of another form, a hash missing) is read key by key, and each reads as
// the general decoder reads it.
func TestDecodeFastPassTemplate(t *testing.T) {
	pass := func(actor, player string, recorded int64, prev Hash) []byte {
		ev := Event{Schema: 1, Match: "m-1", Seq: 300, Kind: KindPass, Actor: actor, Recorded: recorded, Body: &Pass{Player: player}, Prev: prev}
		ev.Seal()
		return ev.MarshalMsgpack()
	}
	const at = 1 + len(keySchema) + 1 + len(keyMatch) + 4 + len(keySeq) + 3 // the kind key, for match "m-1" and seq 300
	for _, c := range []struct {
		data     []byte
		template bool
	}{
		{pass("p1", "p1", 1767258012000000000, Hash{1}), true},
		{pass("p4", "p4", 1767258012000000000, Hash{1}), true},
		{pass("p5", "p5", 1767258012000000000, Hash{1}), false},
		{pass("p1", "p2", 1767258012000000000, Hash{1}), false},
		{pass(TableActor, "p2", 1767258012000000000, Hash{1}), false},
		{pass("p2", "p2", 12, Hash{1}), false},
		{pass("p2", "p2", 1767258012000000000, Hash{}), false},
	} {
		if _, _, _, _, ok := passAt(c.data, at); ok != c.template {
			t.Errorf("%x: read as a template: %v", c.data, ok)
		}
		if path := compareDecoders(t, c.data); path != "fast" {
			t.Errorf("%x: read by %q", c.data, path)
		}
	}
}
