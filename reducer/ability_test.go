package reducer

import (
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// play submits JSON input lines for match m after the given setup and
// returns the game; a line prefixed with "!" must be rejected with an error
// containing the rest of that line's "want" part (after " => ").
func play(t *testing.T, decks, setup string, lines ...string) *Game {
	t.Helper()
	g := New(nil)
	seq := uint64(0)
	submit := func(raw string) error {
		ev, err := events.ParseJSON([]byte(raw))
		if err != nil {
			t.Fatalf("%s: %v", raw, err)
		}
		seq++
		ev.Seq = seq
		_, err = g.Submit(ev)
		if err != nil {
			seq--
		}
		return err
	}
	if err := submit(`{"match":"m","kind":"match_started","actor":"table","body":{"format":"standard","first_player":"p1","players":[` + decks + `]}}`); err != nil {
		t.Fatal(err)
	}
	if err := submit(`{"match":"m","kind":"setup","actor":"table","body":` + setup + `}`); err != nil {
		t.Fatal(err)
	}
	for _, l := range lines {
		raw, want, reject := strings.Cut(l, " => ")
		err := submit(raw)
		switch {
		case reject && (err == nil || !strings.Contains(err.Error(), want)):
			t.Fatalf("%s: want rejection %q, got %v", raw, want, err)
		case !reject && err != nil:
			t.Fatalf("%s: %v", raw, err)
		}
	}
	return g
}

func in(kind, player, body string) string {
	return `{"match":"m","kind":"` + kind + `","actor":"` + player + `","body":{"player":"` + player + `"` + body + `}}`
}

func permanent(g *Game, name string) *Object {
	for _, id := range g.S.Battlefield {
		if o := g.S.Objects[id]; o.Name() == name {
			return o
		}
	}
	return nil
}

const twoDecks = `{"id":"p1","name":"Alice","deck":[]},{"id":"p2","name":"Bob","deck":[]}`

// Walking Ballista enters with X +1/+1 counters (CR 107.3m); removing a
// counter is a cost, the ping uses the stack and kills a 1/1 (CR 602.2,
// 704.5g); with its last counter gone it dies as a 0/0 (CR 704.5f).
func TestWalkingBallista(t *testing.T) {
	setup := `{"turn":3,"step":"main1","active_player":"p1","players":[
		{"id":"p1","life":20,"hand":["Walking Ballista"],"battlefield":[{"card":"Sol Ring"},{"card":"Mountain"},{"card":"Mountain"},{"card":"Mountain"},{"card":"Mountain"}]},
		{"id":"p2","life":20,"battlefield":[{"card":"Llanowar Elves"}]}]}`
	g := play(t, twoDecks, setup,
		in("activate", "p1", `,"source":"Sol Ring"`),
		in("activate", "p1", `,"source":"Mountain"`),
		in("activate", "p1", `,"source":"Mountain"`),
		in("cast", "p1", `,"card":"Walking Ballista","x":2`),
		in("pass", "p1", ``), in("pass", "p2", ``),
	)
	wb := permanent(g, "Walking Ballista")
	if wb == nil || wb.counter("+1/+1") != 2 || wb.Power() != 2 {
		t.Fatalf("Walking Ballista: %+v", wb)
	}
	g = play(t, twoDecks, setup,
		in("activate", "p1", `,"source":"Sol Ring"`),
		in("activate", "p1", `,"source":"Mountain"`),
		in("activate", "p1", `,"source":"Mountain"`),
		in("cast", "p1", `,"card":"Walking Ballista","x":2`),
		in("pass", "p1", ``), in("pass", "p2", ``),
		in("activate", "p1", `,"source":"Walking Ballista","ability":1,"targets":["Llanowar Elves"]`),
		in("pass", "p1", ``), in("pass", "p2", ``),
		in("activate", "p1", `,"source":"Walking Ballista","ability":1,"targets":["p2"]`),
		in("pass", "p1", ``), in("pass", "p2", ``),
		in("activate", "p1", `,"source":"Walking Ballista","ability":1,"targets":["p2"]`)+" => is not a permanent on the battlefield",
	)
	if permanent(g, "Llanowar Elves") != nil || g.S.Players[1].Life != 19 {
		t.Fatalf("after the pings: elves %v, p2 life %d", permanent(g, "Llanowar Elves"), g.S.Players[1].Life)
	}
	if wb := permanent(g, "Walking Ballista"); wb != nil {
		t.Fatalf("a 0/0 Walking Ballista stays on the battlefield (CR 704.5f): %+v", wb)
	}
}

// Fireball costs {1} more for each target beyond the first (CR 601.2f) and
// divides X evenly, rounded down, among its targets.
func TestFireballDividesDamage(t *testing.T) {
	setup := `{"turn":3,"step":"main1","active_player":"p1","players":[
		{"id":"p1","life":20,"hand":["Fireball"],"battlefield":[{"card":"Mountain"},{"card":"Mountain"},{"card":"Mountain"},{"card":"Mountain"},{"card":"Mountain"}]},
		{"id":"p2","life":20,"battlefield":[{"card":"Grizzly Bears"}]}]}`
	tap := in("activate", "p1", `,"source":"Mountain"`)
	g := play(t, twoDecks, setup, tap, tap, tap, tap,
		in("cast", "p1", `,"card":"Fireball","x":3,"targets":["p2","Grizzly Bears"]`)+" => missing {1}",
		tap,
		in("cast", "p1", `,"card":"Fireball","x":3,"targets":["p2","p2"]`)+" => chosen twice",
		in("cast", "p1", `,"card":"Fireball","x":3,"targets":["p2","Grizzly Bears"]`),
		in("pass", "p1", ``), in("pass", "p2", ``),
	)
	if g.S.Players[1].Life != 19 || permanent(g, "Grizzly Bears") == nil || permanent(g, "Grizzly Bears").Damage != 1 {
		t.Fatalf("3 damage divided between two targets: p2 life %d, bears %+v", g.S.Players[1].Life, permanent(g, "Grizzly Bears"))
	}
}

// Walking Ballista's {4} ability puts a +1/+1 counter on it when it resolves;
// unpaid, it is refused naming what is missing (CR 601.2h via 602.2b).
func TestWalkingBallistaGrows(t *testing.T) {
	setup := `{"turn":3,"step":"main1","active_player":"p1","players":[
		{"id":"p1","life":20,"battlefield":[{"card":"Walking Ballista","counters":{"+1/+1":1}},{"card":"Mountain"},{"card":"Mountain"},{"card":"Mountain"},{"card":"Mountain"}]},
		{"id":"p2","life":20}]}`
	tap := in("activate", "p1", `,"source":"Mountain"`)
	g := play(t, twoDecks, setup, tap, tap, tap,
		in("activate", "p1", `,"source":"Walking Ballista"`)+" => missing {1}",
		tap,
		in("activate", "p1", `,"source":"Walking Ballista"`),
		in("pass", "p1", ``), in("pass", "p2", ``),
	)
	if wb := permanent(g, "Walking Ballista"); wb == nil || wb.counter("+1/+1") != 2 {
		t.Fatalf("Walking Ballista after {4}: %+v", wb)
	}
}

// Hangarback Walker's dies trigger uses its last known information (CR
// 608.2h): killed with two +1/+1 counters, it makes two 1/1 flying Thopter
// tokens (named "Thopter Token", CR 111.4); the trigger waits until a player would receive priority and then
// uses the stack (CR 603.3).
func TestHangarbackWalkerDies(t *testing.T) {
	setup := `{"turn":3,"step":"main1","active_player":"p1","players":[
		{"id":"p1","life":20,"battlefield":[{"card":"Hangarback Walker","counters":{"+1/+1":2}}]},
		{"id":"p2","life":20,"hand":["Murder"],"battlefield":[{"card":"Swamp"},{"card":"Swamp"},{"card":"Swamp"}]}]}`
	tap := in("activate", "p2", `,"source":"Swamp"`)
	g := play(t, twoDecks, setup,
		in("pass", "p1", ``), tap, tap, tap,
		in("cast", "p2", `,"card":"Murder","targets":["Hangarback Walker"]`),
		in("pass", "p2", ``), in("pass", "p1", ``),
	)
	if permanent(g, "Hangarback Walker") != nil || len(g.S.Stack) != 1 || g.S.Objects[g.S.Stack[0]].Trigger != 1 {
		t.Fatalf("after Murder resolves the dies trigger should be on the stack: %v", g.S.Stack)
	}
	// Both pass: the trigger resolves.
	g = play(t, twoDecks, setup,
		in("pass", "p1", ``), tap, tap, tap,
		in("cast", "p2", `,"card":"Murder","targets":["Hangarback Walker"]`),
		in("pass", "p2", ``), in("pass", "p1", ``),
		in("pass", "p1", ``), in("pass", "p2", ``),
	)
	thopters := 0
	for _, id := range g.S.Battlefield {
		if o := g.S.Objects[id]; o.Name() == "Thopter Token" && o.Token && o.Has("Flying") && o.Power() == 1 && o.Controller == 0 {
			thopters++
		}
	}
	if thopters != 2 || len(g.S.Stack) != 0 {
		t.Fatalf("thopters %d, stack %v", thopters, g.S.Stack)
	}
}

// The legend rule (CR 704.5j): with two Chimil, the Inner Sun, its
// controller is asked which to keep before anyone gets priority; the other
// goes to the graveyard, then priority follows. An answer that isn't one of
// the offered permanents is refused.
func TestLegendRule(t *testing.T) {
	setup := `{"turn":3,"step":"main1","active_player":"p1","players":[
		{"id":"p1","life":20,"battlefield":[{"card":"Chimil, the Inner Sun"},{"card":"Chimil, the Inner Sun"}]},
		{"id":"p2","life":20}]}`
	g := play(t, twoDecks, setup)
	q := g.S.Pending
	if q.Ask != AskChoose || q.What != whatLegendRule || q.Player != 0 || len(q.Options) != 2 {
		t.Fatalf("pending %+v", q)
	}
	keep := q.Options[1]
	g = play(t, twoDecks, setup,
		in("pass", "p1", ``)+" => nobody has priority",
		in("choose", "p1", `,"answer":"o99"`)+" => answer one of",
		in("choose", "p1", `,"answer":"`+keep+`"`),
	)
	if len(g.S.Battlefield) != 1 || g.S.Battlefield[0].String() != keep || len(g.S.Players[0].Graveyard) != 1 {
		t.Fatalf("battlefield %v, graveyard %v", g.S.Battlefield, g.S.Players[0].Graveyard)
	}
	if g.S.Pending.Ask != AskPriority || g.S.Priority != 0 {
		t.Fatalf("after the legend rule: %+v", g.S.Pending)
	}
}

// Stonecoil Serpent's protection from multicolored (CR 702.16): a
// multicolored creature can't block it, and damage a multicolored creature
// would deal to it is prevented.
func TestStonecoilProtection(t *testing.T) {
	setup := `{"turn":3,"step":"main1","active_player":"p1","players":[
		{"id":"p1","life":20,"battlefield":[{"card":"Stonecoil Serpent","counters":{"+1/+1":2}}]},
		{"id":"p2","life":20,"battlefield":[{"card":"Shambleshark"}]}]}`
	pass := func(p string) string { return in("pass", p, ``) }
	g := play(t, twoDecks, setup, pass("p1"), pass("p2"), pass("p1"), pass("p2"),
		in("attack", "p1", `,"attackers":[{"creature":"Stonecoil Serpent","defender":"p2"}]`),
		pass("p1"), pass("p2"),
		in("block", "p2", `,"blocks":[{"blocker":"Shambleshark","attacker":"Stonecoil Serpent"}]`)+" => has protection from Shambleshark",
		in("block", "p2", ``),
	)
	if g.S.Step != StepDeclareBlockers {
		t.Fatalf("step %s", g.S.Step)
	}
	// Shambleshark attacks next turn and Stonecoil blocks: no damage to it.
	setup2 := `{"turn":4,"step":"main1","active_player":"p2","players":[
		{"id":"p1","life":20,"battlefield":[{"card":"Stonecoil Serpent","counters":{"+1/+1":1}}]},
		{"id":"p2","life":20,"battlefield":[{"card":"Shambleshark"}]}]}`
	g = play(t, twoDecks, setup2, pass("p2"), pass("p1"), pass("p2"), pass("p1"),
		in("attack", "p2", `,"attackers":[{"creature":"Shambleshark","defender":"p1"}]`),
		pass("p2"), pass("p1"),
		in("block", "p1", `,"blocks":[{"blocker":"Stonecoil Serpent","attacker":"Shambleshark"}]`),
		pass("p2"), pass("p1"),
	)
	sc := permanent(g, "Stonecoil Serpent")
	if sc == nil || sc.Damage != 0 {
		t.Fatalf("Stonecoil after blocking a multicolored attacker: %+v", sc)
	}
	if permanent(g, "Shambleshark") != nil {
		t.Fatal("Shambleshark (2/1) should have died to Stonecoil's 1 damage")
	}
}

// Two targets named by the same card name mean two different objects of
// that name (refs.go): Fireball at "Grizzly Bears" twice hits both Bears.
func TestSameNameTargets(t *testing.T) {
	setup := `{"turn":3,"step":"main1","active_player":"p1","players":[
		{"id":"p1","life":20,"hand":["Fireball"],"battlefield":[{"card":"Mountain"},{"card":"Mountain"},{"card":"Mountain"},{"card":"Mountain"},{"card":"Mountain"},{"card":"Mountain"}]},
		{"id":"p2","life":20,"battlefield":[{"card":"Grizzly Bears"},{"card":"Grizzly Bears"}]}]}`
	tap := in("activate", "p1", `,"source":"Mountain"`)
	g := play(t, twoDecks, setup, tap, tap, tap, tap, tap, tap,
		in("cast", "p1", `,"card":"Fireball","x":4,"targets":["Grizzly Bears","Grizzly Bears"]`),
		in("pass", "p1", ``), in("pass", "p2", ``),
	)
	if permanent(g, "Grizzly Bears") != nil {
		t.Fatal("both Grizzly Bears should have taken 2 and died")
	}
}

// ADV-14: Keeper of the Crown is green in every zone by its colour
// indicator (CR 204) and has mana value 3, {L} counting as one (CR 202.3).
func TestADV14KeeperGreenEverywhere(t *testing.T) {
	setup := `{"turn":3,"step":"main1","active_player":"p1","players":[
		{"id":"p1","life":20,"library":["Keeper of the Crown"],"hand":["Keeper of the Crown"],"graveyard":["Keeper of the Crown"]},
		{"id":"p2","life":20}]}`
	g := play(t, twoDecks, setup)
	n := 0
	for _, o := range g.S.Objects {
		if o == nil || o.Name() != "Keeper of the Crown" {
			continue
		}
		n++
		if c := o.Colors(); len(c) != 1 || c[0] != cards.Green {
			t.Errorf("%s in %s: colours %v, want green", o.ID, o.Zone, c)
		}
		if o.ManaValue() != 3 {
			t.Errorf("%s in %s: mana value %d, want 3", o.ID, o.Zone, o.ManaValue())
		}
	}
	if n != 3 {
		t.Fatalf("found %d Keepers", n)
	}
}
