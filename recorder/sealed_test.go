package recorder

import (
	"bytes"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
)

// TestStoredAsCanonical: whatever form an input came in, the store holds
// its canonical encoding. A sealed msgpack input is stored as the bytes
// its client sent; a sealed JSON input, and an input the recorder seals,
// are encoded.
func TestStoredAsCanonical(t *testing.T) {
	h := newHarness(t)
	evs := sealChain(matchInputs("sc", 3))
	evs[3].Prev, evs[3].Hash = events.Hash{}, events.Hash{} // the recorder seals it
	line, err := evs[2].MarshalJSONLine()
	if err != nil {
		t.Fatal(err)
	}
	sent := [][]byte{evs[0].MarshalMsgpack(), evs[1].MarshalMsgpack(), line, evs[3].MarshalMsgpack()}
	v := h.watch("sc")
	for i, data := range sent {
		h.publishRaw("sc", data, msgID(evs[i]))
	}
	for _, got := range v.wait(t, len(sent)) {
		if got.Status != "stored" {
			t.Fatalf("seq %d: %s: %s", got.Seq, got.Status, got.Reason)
		}
	}
	stored := h.storedEvents("sc")
	err = h.store.RawEvents("sc", func(seq uint64, raw []byte) error {
		sum, want := stored[seq-1].SealedCanonical()
		if sum != stored[seq-1].Hash || !bytes.Equal(raw, want) {
			t.Errorf("seq %d: stored % x, its canonical encoding is % x", seq, raw, want)
		}
		if seq <= 2 && !bytes.Equal(raw, sent[seq-1]) {
			t.Errorf("seq %d: stored bytes differ from the canonical ones sent", seq)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestSealedForm: the bytes a client sent are stored only when they are
// exactly the input's sealed canonical encoding; otherwise the store gets
// that encoding.
func TestSealedForm(t *testing.T) {
	ev := sealChain(matchInputs("sc", 1))[1]
	raw := ev.MarshalMsgpack()
	c := *ev
	c.Hash = events.Hash{}
	b := c.MarshalMsgpack()
	if got := sealedForm(raw, b, ev.Hash); &got[0] != &raw[0] {
		t.Fatal("the canonical bytes sent were not kept")
	}
	other := ev.Hash
	other[0] ^= 1
	changed := bytes.Clone(raw)
	changed[len(changed)-40] ^= 1 // a byte before the hash
	line, _ := ev.MarshalJSONLine()
	for name, c := range map[string]struct {
		raw []byte
		h   events.Hash
	}{
		"another hash":   {raw, other},
		"a byte changed": {changed, ev.Hash},
		"cut short":      {raw[:len(raw)-1], ev.Hash},
		"json":           {line, ev.Hash},
		"empty":          {nil, ev.Hash},
	} {
		got := sealedForm(c.raw, b, c.h)
		if len(c.raw) > 0 && &got[0] == &c.raw[0] {
			t.Errorf("%s: kept as sent", name)
		}
		want := append(append(bytes.Clone(b[:len(b)-1]), 0xc4, 32), c.h[:]...)
		if !bytes.Equal(got, want) {
			t.Errorf("%s: % x, want % x", name, got, want)
		}
	}
}
