package store_test

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nkeys"
	"github.com/vmihailenco/msgpack/v5"
	bolt "go.etcd.io/bbolt"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/store"
)

// sameAsMsgpack holds store.ReadMeta to msgpack.Unmarshal on p: the same
// Meta, or both an error.
func sameAsMsgpack(t *testing.T, p []byte) {
	t.Helper()
	var got, want store.Meta
	gotErr := store.ReadMeta(p, &got)
	// The head alone is read as the whole meta is, and checked as Meta
	// checks it.
	head, headErr := store.ReadMetaHead(p)
	badHash := gotErr == nil && len(got.HeadHash) != 0 && len(got.HeadHash) != len(events.Hash{})
	if (headErr != nil) != (gotErr != nil || badHash) || headErr == nil && head != got.HeadSeq {
		t.Fatalf("% x: head %d (%v), the meta's %d (%v)", p, head, headErr, got.HeadSeq, gotErr)
	}
	if gotErr == store.ErrLongList {
		return // msgpack would allocate the list before it failed
	}
	wantErr := msgpack.Unmarshal(p, &want)
	switch {
	case (gotErr == nil) != (wantErr == nil):
		t.Fatalf("% x: hand reader's error %v, msgpack's %v", p, gotErr, wantErr)
	case gotErr == nil && !reflect.DeepEqual(got, want):
		t.Fatalf("% x:\nhand reader %#v\n    msgpack %#v", p, got, want)
	}
}

// oldMeta and oldPlayer are the meta as stores wrote it before matches
// declared keys.
type oldMeta struct {
	Match       string      `msgpack:"match"`
	Format      string      `msgpack:"format"`
	Event       string      `msgpack:"event,omitempty"`
	Players     []oldPlayer `msgpack:"players"`
	Status      string      `msgpack:"status"`
	Events      uint64      `msgpack:"events"`
	HeadSeq     uint64      `msgpack:"head_seq"`
	HeadHash    []byte      `msgpack:"head_hash"`
	Started     int64       `msgpack:"started"`
	Updated     int64       `msgpack:"updated"`
	Parent      string      `msgpack:"parent,omitempty"`
	BranchPoint uint64      `msgpack:"branch_point,omitempty"`
	Label       string      `msgpack:"label,omitempty"`
}

type oldPlayer struct {
	ID   string `msgpack:"id"`
	Name string `msgpack:"name"`
}

// metaForms are metas in every form the store wrote and others msgpack
// reads: fields in another order, missing, unknown, twice, nil, in other
// widths; an array; nil.
func metaForms(t testing.TB) [][]byte {
	hash := bytes.Repeat([]byte{7}, 32)
	full := &store.Meta{
		Match: "m1", Format: "standard", Event: "cup", Status: store.StatusFinished,
		Players: []store.PlayerMeta{{ID: "p1", Name: "Alice", Key: "UA"}, {ID: "p2", Name: "Bob", Key: "UB"}},
		Events:  300, HeadSeq: 1 << 40, HeadHash: hash, Started: -5, Updated: time.Date(2024, 5, 1, 0, 0, 0, 0, time.UTC).UnixNano(),
		Parent: "m0", BranchPoint: 70000, Label: strings.Repeat("l", 300), TableKey: "UT",
	}
	old := &oldMeta{Match: "m2", Format: "modern", Players: []oldPlayer{{ID: "a", Name: "A"}}, Status: store.StatusOpen,
		Events: 3, HeadSeq: 3, HeadHash: hash, Started: 1, Updated: 2}
	var out [][]byte
	for _, v := range []any{full, &store.Meta{}, old, &oldMeta{}} {
		b, err := msgpack.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, b)
	}
	// By hand: a map with the encoder's own values reordered, odd forms.
	kv := func(pairs ...any) []byte {
		var buf bytes.Buffer
		enc := msgpack.NewEncoder(&buf)
		enc.UseCompactInts(true)
		if err := enc.EncodeMapLen(len(pairs) / 2); err != nil {
			t.Fatal(err)
		}
		for _, p := range pairs {
			if err := enc.Encode(p); err != nil {
				t.Fatal(err)
			}
		}
		return buf.Bytes()
	}
	out = append(out,
		kv("head_seq", 9, "match", "x", "unknown", map[string]any{"a": []any{1, 2.5, "s", nil, true}}, "events", -1),
		kv("players", []any{map[string]any{"name": "N", "id": "I", "extra": []byte{1}}, nil, []any{"i", "n", "k"}}),
		kv("players", []any{map[string]any{"id": "1"}, map[string]any{"id": "2"}}, "players", []any{map[string]any{"name": "n"}}),
		kv("players", []any{}, "head_hash", []byte{}, "status", nil, "format", nil),
		kv("players", nil, "head_hash", nil, "started", uint64(1<<63), "updated", int8(-3)),
		kv("head_hash", "0123456789abcdef0123456789abcdef", "status", "open", "match", []byte("bin")),
		kv("label", 5),
		kv("players", []any{[]any{"only two", "fields"}}),
		kv(nil, 1, "match", "after a nil key"),
		[]byte{0xc0},
		[]byte{0x90},
		[]byte{0x91, 0xc0},
		[]byte{0xc7, 1, 5, 0},
		append([]byte{0xde, 0, 1, 0xa1, 'z', 0xd8, 1}, make([]byte, 16)...),
	)
	arr := []any{"m", "f", "e", []any{[]any{"i", "n", "k"}}, "open", 1, 2, []byte{}, 3, 4, "p", 5, "l", "t"}
	b, err := msgpack.Marshal(arr)
	if err != nil {
		t.Fatal(err)
	}
	out = append(out, b, b[:len(b)-2], append(b, 0xc0))
	return out
}

func TestReadMetaAsMsgpack(t *testing.T) {
	for _, p := range metaForms(t) {
		sameAsMsgpack(t, p)
		for i := range p { // and every prefix: an error for both
			sameAsMsgpack(t, p[:i])
		}
	}
}

// The hand reader knows every field of Meta by its msgpack name, in
// field order (the array form), and no other.
func TestReadMetaKnowsEveryField(t *testing.T) {
	mt := reflect.TypeFor[store.Meta]()
	if mt.NumField() != store.MetaFields || reflect.TypeFor[store.PlayerMeta]().NumField() != store.PlayerFields {
		t.Fatalf("Meta has %d fields, PlayerMeta %d; the reader reads %d and %d", mt.NumField(),
			reflect.TypeFor[store.PlayerMeta]().NumField(), store.MetaFields, store.PlayerFields)
	}
	for i := range mt.NumField() {
		name, _, _ := strings.Cut(mt.Field(i).Tag.Get("msgpack"), ",")
		if got := store.MetaFieldNumber(name); got != i {
			t.Errorf("field %s (%q) is read as field %d", mt.Field(i).Name, name, got)
		}
	}
}

// Every meta a store writes reads as msgpack reads it: a match open and
// finished, a branch with its label, a match that declares keys.
func TestStoredMetasReadAsMsgpack(t *testing.T) {
	path := tempPath(t)
	s := openStore(t, path)
	m1 := sealedChain(defaultSpec("m1"), 4)
	m2 := sealedChain(matchSpec{match: "m2", players: [2]string{"Carol", "Dan"}, start: day1}, 2)
	signed := sealedChain(defaultSpec("m3"), 1)
	ms := signed[0].Body.(*events.MatchStarted)
	ms.TableKey, ms.Players[0].Key, ms.Players[1].Key = publicKey(t), publicKey(t), publicKey(t)
	signed[0].Seal()
	mustCommit(t, s, &store.Batch{Events: append(append(m1, m2...), signed...),
		Derived: []*store.Derived{{Match: "m2", Seq: 2, Effects: []byte("e"), Status: store.StatusFinished}}})
	if _, err := s.CreateBranch("m1", 2, "b1", "what if"); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"m1", "m2", "m3", "b1", "none"} {
		m, err := s.Meta(id)
		head, headErr := s.HeadSeq(id)
		if (err != nil) != (headErr != nil) || err == nil && head != m.HeadSeq || id == "none" && !errors.Is(headErr, store.ErrNotFound) {
			t.Errorf("%s: head seq %d (%v), meta %+v (%v)", id, head, headErr, m, err)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	db, err := bolt.Open(path, 0o644, &bolt.Options{ReadOnly: true, Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	n := 0
	err = db.View(func(tx *bolt.Tx) error {
		return tx.Bucket([]byte("matches")).ForEachBucket(func(k []byte) error {
			p, err := store.Unseal([]byte("meta"), tx.Bucket([]byte("matches")).Bucket(k).Get([]byte("meta")))
			if err != nil {
				return err
			}
			sameAsMsgpack(t, p)
			n++
			return nil
		})
	})
	if err != nil || n != 4 {
		t.Fatalf("%d metas read: %v", n, err)
	}
}

// publicKey is a new user's public key, in nkey form.
func publicKey(t *testing.T) string {
	kp, err := nkeys.CreateUser()
	if err != nil {
		t.Fatal(err)
	}
	pub, err := kp.PublicKey()
	if err != nil {
		t.Fatal(err)
	}
	return pub
}

// FuzzReadMeta holds the hand reader to msgpack on any bytes.
func FuzzReadMeta(f *testing.F) {
	for _, p := range metaForms(f) {
		f.Add(p)
	}
	f.Fuzz(func(t *testing.T, p []byte) {
		sameAsMsgpack(t, p)
	})
}
