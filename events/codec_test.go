package events_test

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/vmihailenco/msgpack/v5"
)

// TestValidCasesCoverEveryKind guards the round-trip table itself: a kind
// added to the vocabulary without a valid line would go untested.
func TestValidCasesCoverEveryKind(t *testing.T) {
	covered := map[events.Kind]bool{}
	for _, c := range validLines {
		covered[mustParse(t, c.line).Kind] = true
	}
	for _, k := range events.Kinds() {
		if !covered[k] {
			t.Errorf("no valid line of kind %s in validLines", k)
		}
	}
}

// TestRoundTrip guards the two encodings against drifting apart: JSON ->
// msgpack -> event -> JSON -> event keeps the same canonical bytes, the same
// digest and the same hash at every step, and the JSON line is stable.
func TestRoundTrip(t *testing.T) {
	for _, c := range validLines {
		t.Run(c.name, func(t *testing.T) {
			e1 := mustParse(t, c.line)
			canon := e1.MarshalMsgpack()

			e2, err := events.DecodeMsgpack(canon)
			if err != nil {
				t.Fatalf("DecodeMsgpack(canonical): %v", err)
			}
			if b := e2.MarshalMsgpack(); !bytes.Equal(b, canon) {
				t.Fatalf("msgpack -> msgpack changed the bytes:\n got %x\nwant %x", b, canon)
			}

			line, err := e2.MarshalJSONLine()
			if err != nil {
				t.Fatalf("MarshalJSONLine: %v", err)
			}
			again, err := e2.MarshalJSONLine()
			if err != nil || !bytes.Equal(line, again) {
				t.Fatalf("MarshalJSONLine is not stable:\n%s\n%s (err %v)", line, again, err)
			}
			if bytes.ContainsRune(line, '\n') {
				t.Fatalf("JSON line contains a newline: %q", line)
			}

			e3, err := events.ParseJSON(line)
			if err != nil {
				t.Fatalf("ParseJSON(%s): %v", line, err)
			}
			if b := e3.MarshalMsgpack(); !bytes.Equal(b, canon) {
				t.Fatalf("JSON -> msgpack changed the bytes:\n got %x\nwant %x\nline %s", b, canon, line)
			}
			if line3, _ := e3.MarshalJSONLine(); !bytes.Equal(line3, line) {
				t.Fatalf("second JSON line differs:\n got %s\nwant %s", line3, line)
			}

			for i, e := range []*events.Event{e2, e3} {
				if e.Digest() != e1.Digest() {
					t.Errorf("step %d: digest %s, want %s", i+2, e.Digest().Short(), e1.Digest().Short())
				}
				if e.ComputeHash() != e1.ComputeHash() {
					t.Errorf("step %d: hash %s, want %s", i+2, e.ComputeHash().Short(), e1.ComputeHash().Short())
				}
			}
		})
	}
}

// TestRecordedForms guards the two ways to write the recorded time: an RFC
// 3339 time (any offset) and Unix nanoseconds name the same instant, and the
// JSON line always writes it in UTC.
func TestRecordedForms(t *testing.T) {
	const nanos = 1714564800123456789
	forms := map[string]string{
		"nanos":      fmt.Sprint(nanos),
		"rfc3339":    `"2024-05-01T12:00:00.123456789Z"`,
		"offset":     `"2024-05-01T14:00:00.123456789+02:00"`,
		"nanos_zero": `0`,
	}
	for name, rec := range forms {
		t.Run(name, func(t *testing.T) {
			e := mustParse(t, `{"match":"m1","kind":"pass","actor":"p1","recorded":`+rec+`,"body":{"player":"p1"}}`)
			want := int64(nanos)
			if name == "nanos_zero" {
				want = 0
			}
			if e.Recorded != want {
				t.Fatalf("Recorded = %d, want %d", e.Recorded, want)
			}
			line, _ := e.MarshalJSONLine()
			switch {
			case want == 0 && bytes.Contains(line, []byte(`"recorded"`)):
				t.Errorf("unset recorded time written: %s", line)
			case want != 0 && !bytes.Contains(line, []byte(`"recorded":"2024-05-01T12:00:00.123456789Z"`)):
				t.Errorf("recorded time not written in UTC: %s", line)
			}
		})
	}
}

// TestDigestIgnoresPlacement guards Digest's promise: the same decision
// recorded at another time or chained elsewhere has the same digest, while
// the hash covers everything.
func TestDigestIgnoresPlacement(t *testing.T) {
	a := mustParse(t, `{"match":"m1","seq":4,"kind":"pass","actor":"p1","recorded":1,"body":{"player":"p1"}}`)
	b := mustParse(t, `{"match":"m1","seq":4,"kind":"pass","actor":"p1","recorded":2,"body":{"player":"p1"},"prev":"00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"}`)
	if a.Digest() != b.Digest() {
		t.Errorf("digests differ: %s vs %s", a.Digest().Short(), b.Digest().Short())
	}
	if a.ComputeHash() == b.ComputeHash() {
		t.Errorf("hashes equal although recorded and prev differ")
	}
	c := mustParse(t, `{"match":"m1","seq":5,"kind":"pass","actor":"p1","recorded":1,"body":{"player":"p1"}}`)
	if a.Digest() == c.Digest() {
		t.Errorf("digest ignores seq")
	}
}

// TestCanonicalCounters guards canonical map encoding: a counters map encodes
// the same however the JSON orders its keys, with the keys sorted.
func TestCanonicalCounters(t *testing.T) {
	orders := [][]string{
		{`"+1/+1":2`, `"charge":1`, `"loyalty":4`, `"lore":0`, `"-1/-1":1`},
		{`"lore":0`, `"loyalty":4`, `"charge":1`, `"-1/-1":1`, `"+1/+1":2`},
		{`"charge":1`, `"-1/-1":1`, `"lore":0`, `"+1/+1":2`, `"loyalty":4`},
	}
	var want []byte
	for i, keys := range orders {
		t.Run(fmt.Sprintf("order%d", i), func(t *testing.T) {
			line := `{"match":"m1","kind":"setup","actor":"table","body":{"turn":3,"step":"main1","active_player":"p1",` +
				`"players":[{"id":"p1","life":20,"battlefield":[{"card":"Vivien","counters":{` + strings.Join(keys, ",") + `}}]}]}}`
			got := mustParse(t, line).MarshalMsgpack()
			if want == nil {
				want = got
			} else if !bytes.Equal(got, want) {
				t.Fatalf("encoding depends on JSON key order:\n got %x\nwant %x", got, want)
			}
			last := -1
			for _, k := range []string{"+1/+1", "-1/-1", "charge", "lore", "loyalty"} {
				at := bytes.Index(got, []byte(k))
				if at <= last {
					t.Fatalf("counter %q not in sorted position in %x", k, got)
				}
				last = at
			}
		})
	}
}

// TestBodiesHaveNoUnsortedMaps guards canonicality for kinds added later: the
// msgpack library sorts only a few map types, so every map inside a body must
// be a type with its own sorted EncodeMsgpack, as Counters is.
func TestBodiesHaveNoUnsortedMaps(t *testing.T) {
	custom := reflect.TypeOf((*msgpack.CustomEncoder)(nil)).Elem()
	seen := map[reflect.Type]bool{}
	var walk func(path string, typ reflect.Type)
	walk = func(path string, typ reflect.Type) {
		if seen[typ] {
			return
		}
		seen[typ] = true
		switch typ.Kind() {
		case reflect.Map:
			if !typ.Implements(custom) {
				t.Errorf("%s: %s encodes in random key order; give it a sorted EncodeMsgpack", path, typ)
			}
		case reflect.Pointer, reflect.Slice, reflect.Array:
			walk(path+"[]", typ.Elem())
		case reflect.Struct:
			for i := 0; i < typ.NumField(); i++ {
				f := typ.Field(i)
				walk(path+"."+f.Name, f.Type)
			}
		case reflect.Interface:
			t.Errorf("%s: interface field; its encoding cannot be checked", path)
		}
	}
	for _, k := range events.Kinds() {
		b, _ := events.NewBody(k)
		walk(string(k), reflect.TypeOf(b))
	}
}

// TestCanonicalEnvelopeOrder guards DecodeMsgpack's tolerance and the
// encoder's canonicality: an envelope with its keys in another order, or with
// a longer map header, decodes to the same event and re-encodes to the
// canonical bytes.
func TestCanonicalEnvelopeOrder(t *testing.T) {
	for _, c := range validLines {
		t.Run(c.name, func(t *testing.T) {
			e := mustParse(t, c.line)
			e.Hash = e.ComputeHash()
			canon := e.MarshalMsgpack()
			pairs := envelopePairs(t, canon)

			reversed := make([][2][]byte, len(pairs))
			for i, p := range pairs {
				reversed[len(pairs)-1-i] = p
			}
			map16 := append([]byte{0xde, 0, byte(len(pairs))}, canon[1:]...)

			for name, in := range map[string][]byte{"reversed": msgpackMap(reversed), "map16": map16} {
				if bytes.Equal(in, canon) {
					t.Fatalf("%s: test input is already canonical", name)
				}
				got, err := events.DecodeMsgpack(in)
				if err != nil {
					t.Fatalf("%s: DecodeMsgpack: %v", name, err)
				}
				if b := got.MarshalMsgpack(); !bytes.Equal(b, canon) {
					t.Fatalf("%s: re-encoded\n %x\nwant\n %x", name, b, canon)
				}
				if got.ComputeHash() != e.Hash {
					t.Fatalf("%s: hash changed", name)
				}
			}
		})
	}
}

// TestCanonicalOmitsAbsentHashes guards that a zero prev and hash encode as
// nil, so an unsealed event is not mistaken for one with an all-zero hash.
func TestCanonicalOmitsAbsentHashes(t *testing.T) {
	e := mustParse(t, validLines[0].line)
	b := e.MarshalMsgpack()
	if !bytes.HasSuffix(b, []byte("\xa4prev\xc0\xa4hash\xc0")) {
		t.Errorf("unsealed envelope does not end with nil prev and hash: %x", b)
	}
	zero := mustParse(t, `{"match":"m1","kind":"pass","actor":"p1","body":{"player":"p1"},"prev":"`+strings.Repeat("0", 64)+`"}`)
	if !zero.Prev.IsZero() || !bytes.HasSuffix(zero.MarshalMsgpack(), []byte("\xa4prev\xc0\xa4hash\xc0")) {
		t.Errorf("an all-zero prev is not treated as absent")
	}
}

// TestDecodeInput guards the sniffing door: JSON (even after spaces) and
// msgpack both reach the right decoder.
func TestDecodeInput(t *testing.T) {
	e := mustParse(t, validLines[0].line)
	want := e.MarshalMsgpack()
	for name, in := range map[string][]byte{
		"json":        []byte(validLines[0].line),
		"json_spaced": []byte(" \r\n\t" + validLines[0].line),
		"msgpack":     want,
	} {
		t.Run(name, func(t *testing.T) {
			got, err := events.DecodeInput(in)
			if err != nil {
				t.Fatalf("DecodeInput: %v", err)
			}
			if !bytes.Equal(got.MarshalMsgpack(), want) {
				t.Errorf("decoded to a different event")
			}
		})
	}
}

// TestEmptyListsAreCanonical guards that an empty list, null and an absent
// field give the same bytes, so a resent decision is recognised as the same.
func TestEmptyListsAreCanonical(t *testing.T) {
	forms := []string{
		`{"match":"m1","kind":"attack","actor":"p1","body":{"player":"p1","attackers":[]}}`,
		`{"match":"m1","kind":"attack","actor":"p1","body":{"player":"p1","attackers":null}}`,
		`{"match":"m1","kind":"attack","actor":"p1","body":{"player":"p1"}}`,
	}
	var want []byte
	for _, f := range forms {
		ev, err := events.ParseJSON([]byte(f))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		got := ev.MarshalMsgpack()
		if want == nil {
			want = got
		} else if !bytes.Equal(got, want) {
			t.Fatalf("%s encodes differently from %s", f, forms[0])
		}
	}
}

// TestRandomSalt: a salt changes a random input's digest (so a player who
// sees the digest can't find a hidden order by trying each), leaves an
// unsalted input's bytes as they were (the golden files hold those), and
// must be hex of 16 to 64 bytes.
func TestRandomSalt(t *testing.T) {
	plain := mustParse(t, `{"match":"m1","seq":3,"kind":"random","actor":"table","body":{"of":"shuffle","player":"p1","order":["c3","c1","c2"]}}`)
	salted := mustParse(t, `{"match":"m1","seq":3,"kind":"random","actor":"table","body":{"of":"shuffle","player":"p1","order":["c3","c1","c2"],"salt":"8f14e45fceea167a5a36dedd4bea2543"}}`)
	if plain.Digest() == salted.Digest() {
		t.Error("the salt does not change the digest")
	}
	if line, _ := plain.MarshalJSONLine(); bytes.Contains(line, []byte("salt")) {
		t.Errorf("an unsalted input writes a salt: %s", line)
	}
	line, _ := salted.MarshalJSONLine()
	again := mustParse(t, string(line))
	if again.Digest() != salted.Digest() {
		t.Errorf("a salted input does not round-trip: %s", line)
	}
	for _, bad := range []string{"abc", "zz14e45fceea167a5a36dedd4bea2543", "8f14e45fceea167a5a36dedd4bea254"} {
		_, err := events.ParseJSON([]byte(`{"match":"m1","seq":3,"kind":"random","actor":"table","body":{"of":"coin","coin":"heads","salt":"` + bad + `"}}`))
		var ee *events.Error
		if !errors.As(err, &ee) || ee.Field != "body.salt" {
			t.Errorf("salt %q: %v, want refused naming body.salt", bad, err)
		}
	}
}
