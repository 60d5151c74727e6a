package reducer

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// TableActions on a hand-built position: the inputs that need the table's
// effects are listed, those the rules play alone are not, and each listed
// input with the effects a table sends is stored unverified.

// tableGame starts a match that declares cards no template reads (so the
// engine doesn't model them, whatever the compiler learns), then a
// position with them in p1's hand beside cards the engine models.
func tableGame(t *testing.T) *Game {
	t.Helper()
	g := New(nil)
	unread := "This card does something no template of the compiler reads."
	start := fmt.Sprintf(`{"kind":"match_started","body":{"format":"standard","first_player":"p1","players":[{"id":"p1","name":"Alice"},{"id":"p2","name":"Bob"}],"cards":[
{"name":"Test Vale","types":["Land"],"oracle_text":%[1]q},
{"name":"Test Ponder","mana_cost":"{U}","types":["Sorcery"],"oracle_text":%[1]q},
{"name":"Test Trick","mana_cost":"{U}","types":["Instant"],"oracle_text":%[1]q},
{"name":"Test Golem","mana_cost":"{2}","types":["Artifact","Creature"],"power":"2","toughness":"2","oracle_text":%[1]q}]}}`, unread)
	for _, l := range []string{start, `{"kind":"setup","body":{"turn":3,"step":"main1","active_player":"p1","players":[
{"id":"p1","life":20,"library":["Island"],"hand":["Test Vale","Test Ponder","Test Trick","Test Golem","Island","Grizzly Bears"],"battlefield":[{"card":"Island"},{"card":"Island"}]},
{"id":"p2","life":20,"library":["Island"],"hand":["Test Trick"],"battlefield":[{"card":"Island"}]}]}}`} {
		submitJSON(t, g, l)
	}
	return g
}

// tableLines lists the table actions as "kind body", objects named
// "Name (o12)".
func tableLines(g *Game) []string {
	var out []string
	for _, ev := range g.TableActions() {
		body, _ := json.Marshal(ev.Body)
		line := objRef.ReplaceAllStringFunc(string(body), func(ref string) string {
			return fmt.Sprintf("%q", g.S.objName(parseObj(strings.Trim(ref, `"`))))
		})
		out = append(out, string(ev.Kind)+" "+line)
	}
	return out
}

func TestTableActions(t *testing.T) {
	g := tableGame(t)
	// Every unmodelled card of the hand is listed, whatever the pool can
	// pay (the table pays a cost the card changes); Island and Grizzly
	// Bears are LegalActions'.
	wantLines(t, tableLines(g),
		`play_land {"player":"p1","card":"Test Vale (o2)"}`,
		`cast {"player":"p1","card":"Test Ponder (o3)"}`,
		`cast {"player":"p1","card":"Test Trick (o4)"}`,
		`cast {"player":"p1","card":"Test Golem (o5)"}`,
	)
	for _, line := range legalLines(g) {
		if strings.Contains(line, "Test ") {
			t.Errorf("LegalActions lists %s", line)
		}
	}
	// The listed inputs, with what a table sends, are stored unverified.
	submitTable(t, g, `{"kind":"play_land","body":{"player":"p1","card":"o2"},"effects":[{"op":"move","object":"c2","from":"hand","to":"battlefield"}]}`)
	submitJSON(t, g, `{"kind":"activate","body":{"player":"p1","source":"o8"}}`)
	submitTable(t, g, `{"kind":"cast","body":{"player":"p1","card":"o4"},"effects":[{"op":"move","object":"c4","from":"hand","to":"stack"},{"op":"spend_mana","player":"p1","mana":"U","source":"o8"}]}`)
	// A sorcery can't be cast with Test Trick on the stack (CR 307.1);
	// nothing needs the table until the trick resolves.
	wantLines(t, tableLines(g))
	submitJSON(t, g, `{"kind":"pass","body":{"player":"p1"}}`)
	// p2 may answer with its own trick; its pass resolves p1's, which the
	// rules alone can't do: the pass is the table's, and LegalActions
	// doesn't list it.
	wantLines(t, tableLines(g),
		`pass {"player":"p2"}`,
		`cast {"player":"p2","card":"Test Trick (o11)"}`,
	)
	for _, line := range legalLines(g) {
		if strings.HasPrefix(line, "pass") {
			t.Errorf("LegalActions lists %s", line)
		}
	}
	submitTable(t, g, `{"kind":"pass","body":{"player":"p2"},"effects":[{"op":"move","object":"c4","from":"stack","to":"graveyard"}]}`)
	wantLines(t, tableLines(g),
		`cast {"player":"p1","card":"Test Ponder (o3)"}`,
		`cast {"player":"p1","card":"Test Golem (o5)"}`,
	)
	// p2, with priority in p1's main phase, may cast only the instant.
	submitJSON(t, g, `{"kind":"pass","body":{"player":"p1"}}`)
	wantLines(t, tableLines(g), `cast {"player":"p2","card":"Test Trick (o11)"}`)
	// Nothing is listed to the table asked for a random outcome, nor where
	// every card in sight is modelled.
	if g := legalGame(t); g.S.Pending.Ask != AskRandom || len(g.TableActions()) != 0 {
		t.Errorf("waiting for %s: %v", g.S.Pending.Ask, tableLines(g))
	}
	if got := legalGame(t, boltPosition).TableActions(); len(got) != 0 {
		t.Errorf("a position of modelled cards lists %v", got)
	}
	if !Modelled(g.S.Objects[6].Def) || Modelled(g.S.Objects[5].Def) {
		t.Errorf("Modelled: Island %v, Test Golem %v", Modelled(g.S.Objects[6].Def), Modelled(g.S.Objects[5].Def))
	}
}

// submitTable submits an input with the table's effects; it must be
// stored unverified.
func submitTable(t *testing.T, g *Game, line string) {
	t.Helper()
	submitJSON(t, g, line)
	if v := g.Verification(); v.Status != Unverified {
		t.Fatalf("%s: %s %s: %s", line, v.Status, v.Rule, v.Reason)
	}
}

// PayDefault is the payment the rules make of a cast that names none.
func TestPayDefault(t *testing.T) {
	g := legalGame(t, boltPosition)
	submitJSON(t, g, `{"kind":"activate","body":{"player":"p1","source":"o5"}}`)
	submitJSON(t, g, `{"kind":"activate","body":{"player":"p1","source":"o6"}}`)
	pool := g.S.Players[0].Pool
	bolt := g.S.Objects[2].Def
	if plan, ok := PayDefault(pool, bolt.Cost, 0); !ok || len(plan) != 1 || pool[plan[0]].Source != 5 {
		t.Errorf("Lightning Bolt from {R}{R}: plan %v, ok %v", plan, ok)
	}
	giant := g.S.Objects[3].Def // Hill Giant, {3}{R}
	if _, ok := PayDefault(pool, giant.Cost, 0); ok {
		t.Error("Hill Giant paid from two mana")
	}
	submitJSON(t, g, `{"kind":"cast","body":{"player":"p1","card":"o2","targets":["p2"]}}`)
	if len(g.S.Players[0].Pool) != 1 || g.S.Players[0].Pool[0].Source != 6 {
		t.Errorf("the rules paid otherwise: pool %v", g.S.Players[0].Pool)
	}
}
