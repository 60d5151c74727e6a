package store

import (
	"reflect"
	"testing"

	"github.com/vmihailenco/msgpack/v5"
)

// A digest is stored as an array; the map form older stores hold reads
// back the same.
func TestDigestCodecReadsBothForms(t *testing.T) {
	d := Digest{Seq: 70_000, Turn: 12, Game: 2, Active: 1, Digest: make([]byte, 32)}
	d.Digest[0], d.Digest[31] = 7, 9
	now, err := msgpack.Marshal(&d)
	if err != nil {
		t.Fatal(err)
	}
	old, err := msgpack.Marshal((*digestMap)(&d))
	if err != nil {
		t.Fatal(err)
	}
	if len(now) >= len(old)-20 {
		t.Fatalf("array form %d bytes, map form %d: want the names saved", len(now), len(old))
	}
	for name, b := range map[string][]byte{"array": now, "map": old} {
		var got Digest
		if err := msgpack.Unmarshal(b, &got); err != nil || !reflect.DeepEqual(got, d) {
			t.Errorf("%s form read back %+v (%v), want %+v", name, got, err, d)
		}
	}
	// A later field, appended, is skipped.
	longer := append([]byte{0x96}, now[1:]...)
	longer = append(longer, 0x2a)
	var got Digest
	if err := msgpack.Unmarshal(longer, &got); err != nil || !reflect.DeepEqual(got, d) {
		t.Errorf("six fields read back %+v (%v)", got, err)
	}
	if err := msgpack.Unmarshal([]byte{0x92, 0x01, 0x02}, &got); err == nil {
		t.Error("two fields read without error")
	}
}
