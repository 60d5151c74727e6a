package events_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
)

// update rewrites the golden files: go test ./events -run Golden -update.
// Review the diff before committing it: a changed byte is a changed hash for
// every stored event of that shape.
var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// goldenEvent is a fixed event and the base name of its golden files.
type goldenEvent struct {
	name  string
	event *events.Event
}

// goldenEvents are fixed events covering the encoder's shapes: nested
// structs and lists, a sorted map, pointers, omitted fields, and a sealed
// event with prev, hash and a recorded time.
func goldenEvents() []goldenEvent {
	life := 14
	start := &events.Event{Match: "golden-1", Seq: 1, Kind: events.KindMatchStarted, Actor: events.TableActor,
		Recorded: 1714564800000000000, // 2024-05-01T12:00:00Z
		Body: &events.MatchStarted{
			Format: "standard", StartingLife: 20, FirstPlayer: "p1", Event: "FNM", BestOf: 3,
			Players: []events.Player{
				{ID: "p1", Name: "Alice", Deck: []events.Ref{"Forest", "Forest", "Llanowar Elves", "Giant Growth"}, Sideboard: []events.Ref{"Naturalize"}},
				{ID: "p2", Name: "Bob", Deck: []events.Ref{"Island", "Opt"}},
			},
		}}
	start.Seal()
	sealed := &events.Event{Match: "golden-1", Seq: 2, Kind: events.KindPlayLand, Actor: "p1",
		Recorded: 1714564801250000000, // 2024-05-01T12:00:01.25Z
		Body:     &events.PlayLand{Player: "p1", Card: "c1"},
		Prev:     start.Hash,
	}
	sealed.Seal()
	return []goldenEvent{
		{"match_started", start},
		{"setup_counters", &events.Event{Match: "golden-2", Seq: 1, Kind: events.KindSetup, Actor: events.TableActor,
			Body: &events.Setup{Turn: 4, Step: "combat_damage", ActivePlayer: "p2", Players: []events.SetupPlayer{
				{ID: "p1", Life: &life, Hand: []events.Ref{"Shock"}, Battlefield: []events.Permanent{
					{Card: "Walking Ballista", Tapped: true, Counters: events.Counters{"+1/+1": 3, "charge": 1, "-1/-1": 1, "lore": 2}},
					{Card: "Rancor", AttachedTo: "Walking Ballista"},
				}},
				{ID: "p2", Life: new(int), Library: []events.Ref{"Island"}},
			}}}},
		{"cast_pay_targets", &events.Event{Match: "golden-1", Seq: 9, Kind: events.KindCast, Actor: "p1",
			Body: &events.Cast{Player: "p1", Card: "c7", Face: "Stomp", X: 2, Targets: []events.Ref{"o4", "p2"}, Modes: []int{1},
				Pay: []events.Payment{{Mana: "R", Source: "o1"}, {Mana: "G", Source: "o2"}, {Mana: "C"}}}}},
		{"choose", &events.Event{Match: "golden-1", Seq: 10, Kind: events.KindChoose, Actor: "p2",
			Body: &events.Choose{Player: "p2", Answer: events.Answer{"o3", "2"}}}},
		{"attack", &events.Event{Match: "golden-1", Seq: 11, Kind: events.KindAttack, Actor: "p1",
			Body: &events.Attack{Player: "p1", Attackers: []events.Attacker{{Creature: "o5", Defender: "p2"}, {Creature: "o6", Defender: "o40"}}}}},
		{"sealed", sealed},
		{"table_effects", &events.Event{Match: "golden-1", Seq: 12, Kind: events.KindCast, Actor: "p1",
			Body: &events.Cast{Player: "p1", Card: "c9"},
			Effects: []events.TableEffect{
				{Op: events.EffMove, Object: "c9", From: "hand", To: "stack"},
				{Op: events.EffSpendMana, Player: "p1", Mana: "U", N: 2},
				{Op: events.EffCreateToken, Player: "p1", N: 1, Characteristics: &events.Characteristics{
					Name: "Thopter", Types: []string{"Artifact", "Creature"}, Subtypes: []string{"Thopter"}, Power: "1", Toughness: "1", Keywords: []string{"Flying"}}},
				{Op: events.EffContinuous, Object: "o4", Until: events.UntilEndOfTurn, Power: -2, Keywords: []string{"Trample"}},
			}}},
	}
}

// goldenFile reads testdata/golden/name, or rewrites it with want under
// -update.
func goldenFile(t *testing.T, name string, want []byte) []byte {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./events -run Golden -update to create it)", err)
	}
	return got
}

// firstDiff is the offset of the first differing byte of a and b.
func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// TestGolden guards the wire format: the canonical msgpack and the JSON line
// of fixed events must match the files under testdata/golden byte for byte,
// so an accidental encoding change (and with it every stored hash) fails
// loudly. The files must also decode back to the same events.
func TestGolden(t *testing.T) {
	for _, g := range goldenEvents() {
		t.Run(g.name, func(t *testing.T) {
			mp := g.event.MarshalMsgpack()
			line, err := g.event.MarshalJSONLine()
			if err != nil {
				t.Fatalf("MarshalJSONLine: %v", err)
			}
			line = append(line, '\n')

			if file := goldenFile(t, g.name+".msgpack", mp); !bytes.Equal(file, mp) {
				t.Errorf("msgpack differs from %s.msgpack at byte %d:\n got %x\nwant %x", g.name, firstDiff(mp, file), mp, file)
			}
			file := goldenFile(t, g.name+".jsonl", line)
			if !bytes.Equal(file, line) {
				t.Errorf("JSON line differs from %s.jsonl at byte %d:\n got %s want %s", g.name, firstDiff(line, file), line, file)
			}

			fromFile, err := events.ParseJSON(bytes.TrimSuffix(file, []byte("\n")))
			if err != nil {
				t.Fatalf("ParseJSON(%s.jsonl): %v", g.name, err)
			}
			if !bytes.Equal(fromFile.MarshalMsgpack(), mp) {
				t.Errorf("%s.jsonl does not parse to the golden event", g.name)
			}
			decoded, err := events.DecodeMsgpack(mp)
			if err != nil || !bytes.Equal(decoded.MarshalMsgpack(), mp) {
				t.Errorf("golden msgpack does not decode to itself (err %v)", err)
			}
		})
	}
}

// TestGoldenChain guards the sealed golden event's hash: it continues the
// sealed match_started and verifies against its own content.
func TestGoldenChain(t *testing.T) {
	byName := map[string]*events.Event{}
	for _, g := range goldenEvents() {
		byName[g.name] = g.event
	}
	var l events.Link
	for _, name := range []string{"match_started", "sealed"} {
		if err := l.Next(byName[name]); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	if l.Hash.IsZero() || l.Hash != byName["sealed"].Hash {
		t.Errorf("link hash %s, want the sealed event's", l.Hash.Short())
	}
}
