package reducer

import (
	"reflect"
	"testing"

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
	for _, name := range []string{"bolt-race", "green-red", "discover", "populate", "adventure-enablers", "mana-abilities"} {
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
func fixtureEffects(t *testing.T, name string) [][]Effect {
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
