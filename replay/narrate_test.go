package replay_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/replay"
)

// narrate tells a match and returns its entries.
func narrate(t *testing.T, src replay.Source, match, as string) []replay.Entry {
	t.Helper()
	var out []replay.Entry
	if err := replay.Narrate(src, match, as, func(e replay.Entry) error {
		out = append(out, e)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

// text is the narrative as `replay log` prints it, without seqs.
func text(entries []replay.Entry) string {
	var b strings.Builder
	for _, e := range entries {
		b.WriteString(e.String() + "\n")
		for _, l := range e.Lines {
			b.WriteString("  " + l + "\n")
		}
	}
	return b.String()
}

func TestNarrateBoltRace(t *testing.T) {
	entries := narrate(t, openFile(t, fixture("bolt-race.jsonl")), "bolt-race", "")
	if len(entries) != 12 {
		t.Fatalf("%d entries, want 12", len(entries))
	}
	cast := entries[3]
	if cast.Seq != 4 || cast.Turn != 5 || cast.Step != "main1" || cast.Player != "p1" || cast.Kind != "cast" ||
		cast.Text != "p1 Alice casts Lightning Bolt (o31) targeting Bob (p2), paying {R}" || len(cast.Lines) != 0 {
		t.Errorf("the cast: %+v", cast)
	}
	if got := cast.String(); got != "T5 main1 p1 Alice casts Lightning Bolt (o31) targeting Bob (p2), paying {R}" {
		t.Errorf("the cast's line: %q", got)
	}
	if want := []string{"Lightning Bolt (o31) resolves", "Lightning Bolt deals 3 damage to Bob (5 -> 2)"}; !reflect.DeepEqual(entries[5].Lines, want) {
		t.Errorf("the second pass: %q, want %q", entries[5].Lines, want)
	}
	all := text(entries)
	for _, want := range []string{
		"pregame table starts the match: p1 Alice v p2 Bob (modern, best of 1, 20 life); p1 Alice plays first",
		"pregame table sets up a position: game 1, turn 5 main1, p1 Alice active",
		"p2 Bob: life 5; hand: Giant Growth (o26); library: Forest (o25); battlefield: Forest (o27), Forest (o28), Grizzly Bears (o29, tapped), Llanowar Elves (o30)",
		"T5 main1 p1 Alice taps Mountain (o21) for {R}",
		"T5 declare_attackers p1 Alice attacks Bob (p2) with Hill Giant (o24)",
		"T5 declare_attackers p2 Bob concedes\n  p2 Bob loses: conceded (CR 104.3a)\n  game 1 is over: p1 Alice wins\n  the match is over; games won: p1 Alice 1, p2 Bob 0",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("the narrative lacks %q:\n%s", want, all)
		}
	}
}

// A counter war: spells countered and resolving in turn, the draws of
// Divination.
func TestNarrateCounterWar(t *testing.T) {
	all := text(narrate(t, openFile(t, fixture("counter-war.jsonl")), "counter-war", ""))
	want := "T6 main1 p2 Dan passes\n" +
		"  Counterspell (o33) resolves\n" +
		"  Counterspell (o32) is countered\n" +
		"T6 main1 p1 Carol passes\n" +
		"T6 main1 p2 Dan passes\n" +
		"  Divination (o31) resolves\n" +
		"  p1 Carol draws 2 cards: Island (o36), Serra Angel (o37)\n"
	if !strings.Contains(all, want) {
		t.Errorf("the narrative lacks\n%s\nin\n%s", want, all)
	}
}

// combat: Grizzly Bears attack into a blocker and a Shock, then the bears
// and a Giant Growth finish the game.
const combat = `{"match":"c","kind":"match_started","actor":"table","body":{"format":"modern","first_player":"p1","players":[{"id":"p1","name":"Alice","deck":["Forest","Grizzly Bears","Grizzly Bears","Giant Growth","Forest"]},{"id":"p2","name":"Bob","deck":["Mountain","Llanowar Elves","Shock","Mountain"]}]}}
{"match":"c","kind":"setup","actor":"table","body":{"turn":3,"step":"main1","active_player":"p1","players":[{"id":"p1","life":20,"library":["Forest"],"hand":["Giant Growth"],"battlefield":[{"card":"Forest"},{"card":"Grizzly Bears"},{"card":"Grizzly Bears"}]},{"id":"p2","life":4,"library":["Mountain"],"hand":["Shock"],"battlefield":[{"card":"Mountain"},{"card":"Llanowar Elves"}]}]}}
{"match":"c","kind":"pass","actor":"p1","body":{"player":"p1"}}
{"match":"c","kind":"pass","actor":"p2","body":{"player":"p2"}}
{"match":"c","kind":"pass","actor":"p1","body":{"player":"p1"}}
{"match":"c","kind":"pass","actor":"p2","body":{"player":"p2"}}
{"match":"c","kind":"attack","actor":"p1","body":{"player":"p1","attackers":[{"creature":"Grizzly Bears","defender":"p2"},{"creature":"Grizzly Bears","defender":"p2"}]}}
{"match":"c","kind":"pass","actor":"p1","body":{"player":"p1"}}
{"match":"c","kind":"pass","actor":"p2","body":{"player":"p2"}}
{"match":"c","kind":"block","actor":"p2","body":{"player":"p2","blocks":[{"blocker":"Llanowar Elves","attacker":"Grizzly Bears"}]}}
{"match":"c","kind":"pass","actor":"p1","body":{"player":"p1"}}
{"match":"c","kind":"activate","actor":"p2","body":{"player":"p2","source":"Mountain"}}
`

func TestNarrateCombat(t *testing.T) {
	path := writeLog(t, combat+
		`{"match":"c","kind":"cast","actor":"p2","body":{"player":"p2","card":"Shock","targets":["o14"]}}
{"match":"c","kind":"pass","actor":"p2","body":{"player":"p2"}}
{"match":"c","kind":"pass","actor":"p1","body":{"player":"p1"}}
{"match":"c","kind":"pass","actor":"p1","body":{"player":"p1"}}
{"match":"c","kind":"pass","actor":"p2","body":{"player":"p2"}}
`)
	entries := narrate(t, openFile(t, path), "c", "")
	all := text(entries)
	for _, want := range []string{
		"T3 declare_attackers p1 Alice attacks Bob (p2) with Grizzly Bears (o13), Grizzly Bears (o14)",
		"T3 declare_blockers p2 Bob blocks Grizzly Bears (o13) with Llanowar Elves (o18)",
		"p2 Bob casts Shock (o19) targeting Grizzly Bears (o14), paying {R}",
		"Shock (o19) resolves\n  Shock deals 2 damage to Grizzly Bears (o14)\n  Grizzly Bears (o14) dies",
		"Grizzly Bears (o13) deals 2 combat damage to Llanowar Elves (o18)",
		"Llanowar Elves (o18) deals 1 combat damage to Grizzly Bears (o13)",
		"Llanowar Elves (o18) dies",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("the narrative lacks %q:\n%s", want, all)
		}
	}

	// Without the Shock, the unblocked bear deals the last points.
	path = writeLog(t, combat+`{"match":"c","kind":"pass","actor":"p2","body":{"player":"p2"}}
{"match":"c","kind":"pass","actor":"p1","body":{"player":"p1"}}
`)
	all = text(narrate(t, openFile(t, path), "c", ""))
	for _, want := range []string{
		"p2 Bob's unused mana empties: {R}",
		"Grizzly Bears (o14) deals 2 combat damage to Bob (4 -> 2)",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("the narrative lacks %q:\n%s", want, all)
		}
	}
}

// Told as a player, the narrative names no card of the opponent's hand or
// of a library: draws are counted.
func TestNarrateAsPlayerHides(t *testing.T) {
	src := openFile(t, fixture("opening-hands.jsonl"))
	judge := text(narrate(t, src, "opening-hands", ""))
	p1 := text(narrate(t, src, "opening-hands", "p1"))
	for _, name := range []string{"Plains", "Savannah Lions", "Serra Angel"} {
		if !strings.Contains(judge, name) {
			t.Errorf("the judge's narrative lacks %q", name)
		}
		if strings.Contains(p1, name) {
			t.Errorf("p1's narrative names %q, a card of p2's:\n%s", name, p1)
		}
	}
	for _, want := range []string{"p2 Frank draws 7 cards\n", "p2 Frank puts a card from hand on the bottom of the library", "p1 Erin draws 7 cards: "} {
		if !strings.Contains(p1, want) {
			t.Errorf("p1's narrative lacks %q:\n%s", want, p1)
		}
	}
	byName := text(narrate(t, src, "opening-hands", "erin"))
	if byName != p1 {
		t.Errorf("as erin and as p1 differ")
	}
	if err := replay.Narrate(src, "opening-hands", "zed", func(replay.Entry) error { return nil }); err == nil || !strings.Contains(err.Error(), `"zed" is not a player of match opening-hands (p1 Erin, p2 Frank)`) {
		t.Errorf("as zed: %v", err)
	}
}

// The narrative is the same from the store and from the file, and the same
// every time.
func TestNarrateStoreAgreesWithFile(t *testing.T) {
	path := fixture("opening-hands.jsonl")
	file := narrate(t, openFile(t, path), "opening-hands", "p2")
	if again := narrate(t, openFile(t, path), "opening-hands", "p2"); !reflect.DeepEqual(again, file) {
		t.Errorf("two narratives differ")
	}
	if store := narrate(t, recorded(t, path), "opening-hands", "p2"); !reflect.DeepEqual(store, file) {
		t.Errorf("store:\n%s\nfile:\n%s", text(store), text(file))
	}
}

// abilities: Walking Ballista pings Bob and a Hangarback Walker, which dies
// and makes a Thopter.
const abilities = `{"match":"a","kind":"match_started","actor":"table","body":{"format":"modern","first_player":"p1","players":[{"id":"p1","name":"Alice","deck":["Walking Ballista","Forest"]},{"id":"p2","name":"Bob","deck":["Hangarback Walker","Island"]}]}}
{"match":"a","kind":"setup","actor":"table","body":{"turn":4,"step":"main1","active_player":"p1","players":[{"id":"p1","life":20,"library":["Forest"],"battlefield":[{"card":"Walking Ballista","counters":{"+1/+1":2}}]},{"id":"p2","life":20,"library":["Island"],"battlefield":[{"card":"Hangarback Walker","counters":{"+1/+1":1}}]}]}}
{"match":"a","kind":"activate","actor":"p1","body":{"player":"p1","source":"Walking Ballista","ability":1,"targets":["p2"]}}
{"match":"a","kind":"activate","actor":"p1","body":{"player":"p1","source":"Walking Ballista","ability":1,"targets":["Hangarback Walker"]}}
{"match":"a","kind":"pass","actor":"p1","body":{"player":"p1"}}
{"match":"a","kind":"pass","actor":"p2","body":{"player":"p2"}}
{"match":"a","kind":"pass","actor":"p1","body":{"player":"p1"}}
{"match":"a","kind":"pass","actor":"p2","body":{"player":"p2"}}
{"match":"a","kind":"pass","actor":"p1","body":{"player":"p1"}}
{"match":"a","kind":"pass","actor":"p2","body":{"player":"p2"}}
`

func TestNarrateAbilities(t *testing.T) {
	src := openFile(t, writeLog(t, abilities))
	all := text(narrate(t, src, "a", ""))
	for _, want := range []string{
		"T4 main1 p1 Alice activates Walking Ballista (o6): Walking Ballista's ability (o9) targeting Bob (p2)\n  Walking Ballista (o6) loses a +1/+1 counter\n",
		"targeting Hangarback Walker (o8)\n  Walking Ballista (o6) loses a +1/+1 counter\n  Walking Ballista (o6) dies\n",
		"  Walking Ballista's ability (o10) resolves\n  Walking Ballista deals 1 damage to Hangarback Walker (o8)\n",
		"  an ability of Hangarback Walker (o8) triggers\n",
		"  Hangarback Walker (o8) dies\n  an ability of Hangarback Walker (o8) triggers\n  Hangarback Walker's ability goes on the stack (o13)\n",
		"  Hangarback Walker's ability (o13) resolves\n  p2 Bob creates a Thopter Token (o14)\n",
		"  Walking Ballista's ability (o9) resolves\n  Walking Ballista deals 1 damage to Bob (20 -> 19)\n",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("the narrative lacks %q:\n%s", want, all)
		}
	}
	v := seek(t, src, "a", replay.At{Seq: 4}).View("p2")
	if len(v.Stack) != 2 || v.Stack[0].Ability != "activated" || v.Stack[0].Source != "o6" || v.Stack[0].Power != nil ||
		len(v.Stack[0].Types) != 0 || v.Stack[0].Name != "Walking Ballista's ability" || v.Stack[0].Targets[0] != "o8" {
		t.Errorf("the stack at seq 4: %+v", v.Stack)
	}
	v = seek(t, src, "a", replay.At{Seq: 6}).View("p2")
	if len(v.Stack) != 2 || v.Stack[0].Ability != "triggered" || v.Stack[0].Name != "Hangarback Walker's ability" {
		t.Errorf("the stack at seq 6: %+v", v.Stack)
	}
	v = seek(t, src, "a", replay.At{}).View("p2")
	if bf := v.Battlefield; len(bf) != 1 || bf[0].Name != "Thopter Token" || !bf[0].Token || bf[0].Card != "" || *bf[0].Power != 1 {
		t.Errorf("the battlefield at the end: %+v", bf)
	}
}
