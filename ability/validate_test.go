package ability

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/vmihailenco/msgpack/v5"
)

// Real cards' abilities in the JSON form a match may declare them in.
var wellFormed = map[string]string{
	"Lightning Bolt: ~ deals 3 damage to any target.": `{"kind":"spell",
		"targets":[{"min":1,"max":1,"players":"any","filter":{"types":["creature","planeswalker","battle"]}}],
		"effects":[{"verb":"damage","amount":{"n":3},"to":{"ref":"target","index":0}}]}`,
	"Llanowar Elves: {T}: Add {G}.": `{"kind":"mana","cost":{"tap":true},
		"effects":[{"verb":"add_mana","mana":{"fixed":"{G}"}}]}`,
	"Counterspell: Counter target spell.": `{"kind":"spell",
		"targets":[{"min":1,"max":1,"filter":{"types":["spell"],"zone":"stack"}}],
		"effects":[{"verb":"counter","object":{"ref":"target"}}]}`,
	"Elvish Visionary: When ~ enters, draw a card.": `{"kind":"triggered","trigger":{"event":"enters","self":true},
		"effects":[{"verb":"draw","amount":{"n":1}}]}`,
	"Glorious Anthem: Creatures you control get +1/+1.": `{"kind":"static",
		"static":{"affected":{"ref":"all","filter":{"types":["creature"],"controller":"you"}},"mods":{"p":1,"t":1}}}`,
	"Steam Vents: As ~ enters, you may pay 2 life. If you don't, it enters tapped.": `{"kind":"replacement",
		"replace":{"event":"enters","self":true,"tapped":true,"unless_pay":{"life":{"n":2}}}}`,
	"Ponder (part): Look at the top three cards; put them back in any order.": `{"kind":"spell","effects":[
		{"verb":"look","amount":{"n":3},"bind":"top"},
		{"verb":"move","object":{"ref":"bound","name":"top"},"zone":"library","position":"top","order":"any"},
		{"verb":"shuffle","optional":true},
		{"verb":"draw","amount":{"n":1}}]}`,
	"Thoughtseize": `{"kind":"spell",
		"targets":[{"min":1,"max":1,"players":"any"}],
		"effects":[
		{"verb":"reveal","player":{"who":"target"},"object":{"ref":"all","filter":{"types":["card"],"zone":"hand"},"player":{"who":"target"}},"bind":"hand"},
		{"verb":"discard","player":{"who":"target"},"object":{"ref":"bound","name":"hand","filter":{"not_types":["land"]},"choose":{"min":1,"max":1,"by":{"who":"you"}}}},
		{"verb":"lose_life","amount":{"n":2}}]}`,
	"Polluted Delta: {T}, Pay 1 life, Sacrifice ~: Search ... then shuffle.": `{"kind":"activated",
		"cost":{"tap":true,"life":{"n":1},"sacrifice":{"ref":"self"}},
		"effects":[{"verb":"search","filter":{"types":["card"],"subtypes":["Island","Swamp"]},"zone":"battlefield"},{"verb":"shuffle"}]}`,
	"Kolaghan's Command: Choose two —": `{"kind":"spell","modes":{"min":2,"max":2,"list":[
		{"effects":[{"verb":"move","object":{"ref":"target"},"zone":"hand"}],"targets":[{"min":1,"max":1,"filter":{"types":["creature"],"zone":"graveyard","owner":"you"}}]},
		{"effects":[{"verb":"discard","player":{"who":"target"},"object":{"ref":"choose","choose":{"min":1,"max":1}}}],"targets":[{"min":1,"max":1,"players":"any"}]},
		{"effects":[{"verb":"destroy","object":{"ref":"target"}}],"targets":[{"min":1,"max":1,"filter":{"types":["artifact"]}}]},
		{"effects":[{"verb":"damage","amount":{"n":2},"to":{"ref":"target"}}],"targets":[{"min":1,"max":1,"players":"any","filter":{"types":["creature","planeswalker","battle"]}}]}]}}`,
	"Flying": `{"kind":"keyword","keyword":{"name":"Flying"}}`,
	"Banishing Light: When ~ enters, exile target nonland permanent an opponent controls until ~ leaves the battlefield.": `{"kind":"triggered",
		"trigger":{"event":"enters","self":true},
		"targets":[{"min":1,"max":1,"filter":{"not_types":["land"],"controller":"opponent"}}],
		"effects":[{"verb":"exile","object":{"ref":"target"},"duration":"source_leaves"}]}`,
	"Kicker {1}{G}": `{"kind":"keyword","keyword":{"name":"Kicker","cost":{"mana":"{1}{G}"}}}`,
	"Urza's Saga: III — Search your library for an artifact card with mana cost {0} or {1}, put it onto the battlefield, then shuffle.": `{"kind":"triggered",
		"trigger":{"event":"chapter","chapters":[3]},
		"effects":[{"verb":"search","filter":{"types":["artifact"],"mana_costs":["{0}","{1}"]},"zone":"battlefield"},{"verb":"shuffle"}]}`,
	"Vexing Bauble: Whenever a player casts a spell, if no mana was spent to cast it, counter that spell.": `{"kind":"triggered",
		"trigger":{"event":"cast"},
		"if":{"kind":"compare","left":{"var":"mana_spent","of":{"ref":"event"}},"op":"==","right":{"n":0}},
		"effects":[{"verb":"counter","object":{"ref":"event"}}]}`,
	"Seasoned Dungeoneer: When ~ enters, you take the initiative.": `{"kind":"triggered","trigger":{"event":"enters","self":true},
		"effects":[{"verb":"take_initiative"}]}`,
	"Exalted (CR 702.83a): Whenever a creature you control attacks alone, it gets +1/+1 until end of turn.": `{"kind":"triggered",
		"trigger":{"event":"attacks","subject":{"types":["creature"],"controller":"you"},"alone":true},
		"effects":[{"verb":"pump","object":{"ref":"event"},"mods":{"p":1,"t":1},"duration":"end_of_turn"}]}`,
	"Thorn of the Black Rose: When ~ enters, you become the monarch.": `{"kind":"triggered","trigger":{"event":"enters","self":true},
		"effects":[{"verb":"become_monarch"}]}`,
}

func TestValidateWellFormed(t *testing.T) {
	for name, js := range wellFormed {
		var a Ability
		dec := json.NewDecoder(strings.NewReader(js))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&a); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := Validate(&a, "ability"); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		// The msgpack form round-trips to the same value.
		b, err := msgpack.Marshal(&a)
		if err != nil {
			t.Fatal(err)
		}
		var back Ability
		if err := msgpack.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		b2, _ := msgpack.Marshal(&back)
		if string(b) != string(b2) {
			t.Errorf("%s: msgpack round trip changed the bytes", name)
		}
	}
}

func TestValidateRejects(t *testing.T) {
	cases := []struct{ js, want string }{
		{`{"kind":"spel"}`, `ability.kind: unknown kind "spel" (want spell, activated, mana, triggered, static, replacement or keyword)`},
		{`{"kind":"spell","effects":[{"verb":"dmg"}]}`, `ability.effects[0].verb: unknown verb "dmg"`},
		{`{"kind":"spell","effects":[{"verb":"damage","amount":{"n":3},"to":{"ref":"target","index":1}}]}`, `ability.effects[0].to.index: target slot 1: the ability has 0`},
		{`{"kind":"spell","effects":[{"verb":"draw","counter":"+1/+1"}]}`, `ability.effects[0].counter: draw takes no counter`},
		{`{"kind":"spell","effects":[{"verb":"move","object":{"ref":"bound","name":"it"},"zone":"hand"}]}`, `ability.effects[0].object.name: "it" is not bound by an earlier effect`},
		{`{"kind":"activated","effects":[{"verb":"draw"}]}`, `ability.cost: an activated ability needs a cost`},
		{`{"kind":"mana","cost":{"tap":true},"effects":[{"verb":"add_mana","mana":{"fixed":"{Q}"}}]}`, `ability.effects[0].mana.fixed: mana "{Q}": unknown symbol {Q}`},
		{`{"kind":"static","static":{"mods":{"p":1}}}`, `ability.static.affected: which objects does it change?`},
		{`{"kind":"spell","targets":[{"min":1,"max":1}],"effects":[{"verb":"destroy","object":{"ref":"target"}}]}`, `ability.targets[0]: a target slot accepts objects (filter) or players`},
		{`{"kind":"spell","effects":[{"verb":"destroy","object":{"ref":"all","filter":{"colors":["P"]}}}]}`, `ability.effects[0].object.filter.colors[0]: want W, U, B, R or G, got "P"`},
		{`{"kind":"spell","effects":[{"verb":"exile","object":{"ref":"self","amount":{"n":2}}}]}`, `ability.effects[0].object.amount: only library_top takes an amount (how many cards from the top)`},
		{`{"kind":"static","static":{"rule":"cant_cast","player":"each","filter":{"cast_from":["battlefield"]}}}`, `ability.static.filter.cast_from[0]: a spell is cast from a hand, library, graveyard, exile or the command zone, not "battlefield"`},
		{`{"kind":"triggered","trigger":{"event":"enters","self":true,"also_self":true},"effects":[{"verb":"draw"}]}`, `ability.trigger.also_self: "~ or another" needs the others' subject and not self`},
		{`{"kind":"triggered","trigger":{"event":"enters","self":true,"or":[{"event":"dies","self":true,"or":[{"event":"attacks"}]}]},"effects":[{"verb":"draw"}]}`, `ability.trigger.or[0].or: an alternative event has no alternatives of its own`},
		{`{"kind":"triggered","trigger":{"event":"level","self":true},"effects":[{"verb":"draw"}]}`, `ability.trigger.level: which level?`},
		{`{"kind":"triggered","trigger":{"event":"enters","self":true,"alone":true},"effects":[{"verb":"draw"}]}`, `ability.trigger.alone: only an attack trigger asks for a creature attacking alone`},
		{`{"kind":"spell","level":2,"effects":[{"verb":"draw"}]}`, `ability.level: a spell ability has no level`},
		{`{"kind":"static","level":1,"static":{"rule":"no_max_hand_size","player":"you"}}`, `ability.level: a Class's ability of level 1: want 2 or more (0 for every level)`},
		{`{"kind":"spell","effects":[{"verb":"pay"}]}`, `ability.effects[0].cost: pay needs a cost to pay`},
		{`{"kind":"spell","effects":[{"verb":"draw","cost":{"mana":"{1}"}}]}`, `ability.effects[0].cost: draw takes no cost`},
		{`{"kind":"spell","effects":[{"verb":"exile","object":{"ref":"self"},"no_regenerate":true}]}`, `ability.effects[0].no_regenerate: exile takes no no_regenerate`},
		{`{"kind":"spell","effects":[{"verb":"search","filter":{"mana_costs":["0"]}}]}`, `ability.effects[0].filter.mana_costs[0]: mana "0": want {`},
		{`{"kind":"spell","effects":[{"verb":"draw","amount":{"var":"colors_spent"}}]}`, `ability.effects[0].amount.of: whose colors_spent?`},
		{`{"kind":"spell","effects":[{"verb":"take_initiative","amount":{"n":1}}]}`, `ability.effects[0].amount: take_initiative takes no amount`},
		{`{"kind":"spell","effects":[{"verb":"exile","object":{"ref":"self"},"duration":"end_of_turn"}]}`, `ability.effects[0].duration: an exile lasts for ever or until its source leaves the battlefield (source_leaves), not "end_of_turn"`},
	}
	for _, c := range cases {
		var a Ability
		if err := json.Unmarshal([]byte(c.js), &a); err != nil {
			t.Fatal(err)
		}
		err := Validate(&a, "ability")
		if err == nil || err.Error() != c.want {
			t.Errorf("%s:\n got %v\nwant %s", c.js, err, c.want)
		}
	}
}

func TestParseMana(t *testing.T) {
	for _, ok := range []string{"{0}", "{2}{W}{W}", "{X}{R}", "{W/U}", "{2/G}", "{B/P}", "{G/U/P}", "{C}", "{S}", "{15}", "{L}", "{C/W}"} {
		if _, err := ParseMana(ok); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
	for _, bad := range []string{"", "2W", "{W/W}", "{Q}", "{2}{", "{-1}", "{W/U/G}"} {
		if _, err := ParseMana(bad); err == nil {
			t.Errorf("%s: accepted", bad)
		}
	}
}
