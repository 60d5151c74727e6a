package reducer

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/vmihailenco/msgpack/v5"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/events"
)

// The hand-written effect codec covers every Effect field: a field added
// to Effect without a place in the codec would be lost when stored.
func TestEffectCodecCoversEveryField(t *testing.T) {
	if n := reflect.TypeOf(Effect{}).NumField() - 1; n != effectFields {
		t.Fatalf("Effect has %d fields besides Op, the codec writes %d: update reducer/codec.go", n, effectFields)
	}
}

// Every effect of every fixture game round-trips through the stored form.
func TestEffectCodecRoundTrip(t *testing.T) {
	for _, name := range []string{"bolt-race", "green-red", "discover", "populate", "adventure-enablers", "mana-abilities", "table-effects", "table-bowmasters"} {
		for _, effs := range fixtureEffects(t, name) {
			got, err := DecodeEffects(EncodeEffects(effs))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if !reflect.DeepEqual(normalEffects(got), normalEffects(effs)) {
				t.Fatalf("%s: effects changed in the round trip:\n%+v\n%+v", name, effs, got)
			}
		}
	}
}

// normalEffects treats nil and empty slices alike.
func normalEffects(effs []Effect) []Effect {
	out := make([]Effect, len(effs))
	for i, e := range effs {
		if len(e.List) == 0 {
			e.List = nil
		}
		if len(e.Targets) == 0 {
			e.Targets = nil
		}
		if e.Ask != nil && len(e.Ask.Options) == 0 {
			q := *e.Ask
			q.Options = nil
			e.Ask = &q
		}
		out[i] = e
	}
	return out
}

// fixtureEffects replays a fixture match and returns each input's effects.
func fixtureEffects(t testing.TB, name string) [][]Effect {
	t.Helper()
	lines, err := events.ReadJSONLFile("../fixtures/matches/"+name+".jsonl", events.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	g := New(nil)
	var out [][]Effect
	for _, l := range lines {
		effs, err := g.Submit(l.Event)
		if err != nil {
			t.Fatalf("%s line %d: %v", name, l.Line, err)
		}
		out = append(out, effs)
	}
	return out
}

// The question's array form covers every Question field.
func TestQuestionCodecCoversEveryField(t *testing.T) {
	if n := reflect.TypeOf(Question{}).NumField(); n != questionFields {
		t.Fatalf("Question has %d fields, the codec writes %d: update reducer/codec_question.go", n, questionFields)
	}
}

// Effects stored before questions had their array form (a map by field
// name) still read back the same.
func TestEffectCodecReadsMapQuestions(t *testing.T) {
	q := &Question{Ask: AskChoose, Player: 1, Random: "shuffle", Of: 1, Resolving: 7, N: 2, Max: 3,
		Prompt: "discard", What: "discard", Options: []string{"a", "b"}}
	var buf bytes.Buffer
	enc := msgpack.NewEncoder(&buf)
	enc.UseCompactInts(true)
	for _, err := range []error{enc.EncodeArrayLen(1), enc.EncodeUint(uint64(OpAsk)), enc.EncodeUint(fAsk), enc.Encode(q)} {
		if err != nil {
			t.Fatal(err)
		}
	}
	got, err := DecodeEffects(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || !reflect.DeepEqual(got[0].Ask, q) {
		t.Fatalf("read back %+v, want the question %+v", got, q)
	}
	again, err := DecodeEffects(EncodeEffects(got))
	if err != nil || !reflect.DeepEqual(again, got) {
		t.Fatalf("array form: %+v (%v), want %+v", again, err, got)
	}
}

// A question is stored up to its last field set, and every length reads
// back the same, including the ten fields every question had before.
func TestQuestionCodecLeavesOutZeroTail(t *testing.T) {
	full := Question{Ask: AskChoose, Player: 1, Random: "shuffle", Of: 1, Resolving: 7, N: 2, Max: 3,
		Prompt: "discard", What: "discard", Options: []string{"a", "b"}}
	cases := []struct {
		q    Question
		want int // fields written
	}{
		{Question{}, 0},
		{Question{Ask: AskPriority}, 1},
		{Question{Ask: AskPriority, Player: 1}, 2},
		{Question{Ask: AskChoose, N: 2}, 6},
		{Question{What: "x"}, 9},
		{full, 10},
	}
	for _, c := range cases {
		q := c.q
		b := EncodeEffects([]Effect{{Op: OpAsk, Ask: &q}})
		// [effect count, op, mask, question...]
		dec := msgpack.NewDecoder(bytes.NewReader(b))
		dec.DecodeArrayLen()
		dec.DecodeUint64()
		dec.DecodeUint64()
		if n, err := dec.DecodeArrayLen(); err != nil || n != c.want {
			t.Errorf("%+v: written with %d fields (%v), want %d", q, n, err, c.want)
		}
		got, err := DecodeEffects(b)
		if err != nil || len(got) != 1 || !reflect.DeepEqual(normalEffects(got)[0].Ask, normalEffects([]Effect{{Ask: &q}})[0].Ask) {
			t.Errorf("%+v: read back %+v (%v)", q, got, err)
		}
	}
	// The ten-field form stores hold from before.
	var buf bytes.Buffer
	enc := msgpack.NewEncoder(&buf)
	enc.UseCompactInts(true)
	q := Question{Ask: AskPriority, Player: 1}
	for _, err := range []error{enc.EncodeArrayLen(1), enc.EncodeUint(uint64(OpAsk)), enc.EncodeUint(fAsk),
		enc.EncodeArrayLen(10), enc.EncodeUint(uint64(q.Ask)), enc.EncodeInt(1), enc.EncodeString(""), enc.EncodeInt(0),
		enc.EncodeUint(0), enc.EncodeInt(0), enc.EncodeInt(0), enc.EncodeString(""), enc.EncodeString(""), enc.EncodeArrayLen(0)} {
		if err != nil {
			t.Fatal(err)
		}
	}
	got, err := DecodeEffects(buf.Bytes())
	if err != nil || len(got) != 1 || !reflect.DeepEqual(*got[0].Ask, q) {
		t.Fatalf("ten-field form read back %+v (%v), want %+v", got, err, q)
	}
	if now := EncodeEffects(got); len(now) != buf.Len()-8 {
		t.Fatalf("stored again in %d bytes, want %d (the eight zero fields left out)", len(now), buf.Len()-8)
	}
}

// Decoding into reused memory gives what decoding into new memory gives:
// nothing of the effects decoded there before is left.
func TestDecodeEffectsIntoReuses(t *testing.T) {
	var buf []Effect
	for _, name := range []string{"bolt-race", "table-effects", "table-bowmasters"} {
		for _, effs := range fixtureEffects(t, name) {
			b := EncodeEffects(effs)
			want, err := DecodeEffects(b)
			if err != nil {
				t.Fatal(err)
			}
			got, err := DecodeEffectsInto(buf, b)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%s: decoded into reused memory:\n%+v\nwant\n%+v", name, got, want)
			}
			asked := map[*Question]bool{}
			for _, e := range got {
				if e.Ask != nil && asked[e.Ask] {
					t.Fatalf("%s: two effects share one question's memory", name)
				}
				asked[e.Ask] = true
			}
			buf = got // as a fold does
		}
	}
}

// A fold reads an input's effects into the memory of the one before,
// questions included: a pass's effects, read again and again, allocate
// nothing.
func TestDecodeEffectsIntoAllocatesNothing(t *testing.T) {
	b := EncodeEffects([]Effect{
		{Op: OpPriority, Seat: 1, N: 1},
		{Op: OpAsk, Ask: &Question{Ask: AskPriority, Player: 1}},
	})
	buf, err := DecodeEffects(b)
	if err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(100, func() {
		if buf, err = DecodeEffectsInto(buf, b); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Errorf("%.1f allocations a decode into reused memory, want 0", n)
	}
}

// Decoding over memory that held effects with every field set leaves
// nothing of them, whether the effects are within dst's length (where
// their questions are read over) or past it.
func TestDecodeEffectsIntoOverwritesEveryField(t *testing.T) {
	full := func() Effect {
		return Effect{Op: OpCard, Seat: 1, Obj: 2, To: 3, Card: 4, Zone: 5, Step: 6, N: 7, Color: 8, Kind: "k", Name: "n",
			List: []ObjID{1}, Targets: []Target{{Obj: 1}},
			Ask: &Question{Ask: AskChoose, Player: 1, Random: "r", Of: 1, Resolving: 2, N: 3, Max: 4, Prompt: "p", What: "w", Options: []string{"o"}},
			LKI: &LKI{Card: 1}, Event: 9, EventSeat: 1, EventLKI: &LKI{Card: 2}, Cont: &Continuous{P: 1}, Decl: &Declared{},
			Ints: []int{1}, Facts: &events.Characteristics{Name: "x"}, Spend: &ability.Filter{}}
	}
	e := full()
	for i, v := 0, reflect.ValueOf(e); i < v.NumField(); i++ {
		if v.Field(i).IsZero() {
			t.Fatalf("the full effect leaves %s zero: set it", v.Type().Field(i).Name)
		}
	}
	for i, v := 0, reflect.ValueOf(*e.Ask); i < v.NumField(); i++ {
		if v.Field(i).IsZero() {
			t.Fatalf("the full question leaves %s zero: set it", v.Type().Field(i).Name)
		}
	}
	for _, name := range []string{"bolt-race", "table-effects", "table-bowmasters"} {
		for _, effs := range fixtureEffects(t, name) {
			b := EncodeEffects(effs)
			want, err := DecodeEffects(b)
			if err != nil {
				t.Fatal(err)
			}
			for _, length := range []int{len(effs), 0} {
				dst := make([]Effect, len(effs))
				for i := range dst {
					dst[i] = full()
				}
				got, err := DecodeEffectsInto(dst[:length], b)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("%s: decoded over full effects (dst length %d):\n%+v\nwant\n%+v", name, length, got, want)
				}
			}
		}
	}
}
