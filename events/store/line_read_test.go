package store_test

import (
	"bytes"
	"testing"

	"github.com/vmihailenco/msgpack/v5"

	"github.com/chronicle-mtg/chronicle/events/store"
)

// msgpackLine is what lineage reads of a meta, decoded by msgpack.
type msgpackLine struct {
	Parent      string `msgpack:"parent,omitempty"`
	BranchPoint uint64 `msgpack:"branch_point,omitempty"`
}

// sameLineAsMsgpack holds store.ReadLine to msgpack.Unmarshal on p: the
// same parent and branch point, or both an error.
func sameLineAsMsgpack(t *testing.T, p []byte) {
	t.Helper()
	parent, at, gotErr := store.ReadLine(p)
	var want msgpackLine
	wantErr := msgpack.Unmarshal(p, &want)
	switch {
	case (gotErr == nil) != (wantErr == nil):
		t.Fatalf("% x: hand reader's error %v, msgpack's %v", p, gotErr, wantErr)
	case gotErr == nil && (parent != want.Parent || at != want.BranchPoint):
		t.Fatalf("% x: hand reader %q %d, msgpack %q %d", p, parent, at, want.Parent, want.BranchPoint)
	}
}

// lineForms are the metas of metaForms and others that hold a line in odd
// forms: twice, nil, in other widths, of other types; arrays of two.
func lineForms(t testing.TB) [][]byte {
	out := metaForms(t)
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
	for _, v := range []any{[]any{"p", 7}, []any{nil, nil}, []any{"p"}, []any{"p", 7, 8}, []any{7, "p"}} {
		b, err := msgpack.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, b)
	}
	return append(out,
		kv("parent", "a", "branch_point", 3, "parent", "b", "branch_point", uint64(1<<40)),
		kv("branch_point", int8(-1), "parent", nil),
		kv("branch_point", int64(-1<<40), "players", []any{1, 2}, "parent", []byte("bin")),
		kv("branch_point", "7"),
		kv("parent", 7),
		kv("branch_point", 1.5),
		kv("branch_point", nil, "parent", ""),
	)
}

func TestReadLineAsMsgpack(t *testing.T) {
	for _, p := range lineForms(t) {
		sameLineAsMsgpack(t, p)
		for i := range p { // and every prefix
			sameLineAsMsgpack(t, p[:i])
		}
	}
}

func FuzzReadLine(f *testing.F) {
	for _, p := range lineForms(f) {
		f.Add(p)
	}
	f.Fuzz(func(t *testing.T, p []byte) {
		sameLineAsMsgpack(t, p)
	})
}
