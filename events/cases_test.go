package events_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/vmihailenco/msgpack/v5"
)

// The tables in this file are shared by the codec, rejection and fuzz tests:
// every valid line must round-trip, every invalid input must be refused with
// the field, rule and reason listed, and all of them seed the fuzzers.

// validCase is one JSON line that ParseJSON must accept.
type validCase struct {
	name string
	line string
}

// validLines has at least one line per kind (TestValidCasesCoverEveryKind
// checks), with the optional fields each kind allows.
var validLines = []validCase{
	{"match_started/minimal", `{"match":"m1","kind":"match_started","actor":"table","body":{"format":"standard","players":[{"id":"p1","name":"Alice","deck":["Forest","Llanowar Elves"]},{"id":"p2","name":"Bob","deck":["Island"]}]}}`},
	{"match_started/full", `{"schema":1,"match":"m1","seq":1,"kind":"match_started","actor":"table","recorded":"2024-05-01T12:00:00Z","body":{"format":"modern","players":[{"id":"p1","name":"Alice","deck":["Forest"],"sideboard":["Naturalize"]},{"id":"p2","name":"Bob","deck":[]}],"starting_life":20,"first_player":"p2","event":"FNM 2024-05-01","best_of":3}}`},
	{"match_started/recorded_nanos", `{"match":"m-2_b","kind":"match_started","actor":"table","recorded":1714564800123456789,"body":{"format":"commander","players":[{"id":"p1","name":"Élodie \"the judge\" <x>","deck":["Sol Ring"]}],"starting_life":40}}`},
	{"match_started/declared", `{"match":"m1","kind":"match_started","actor":"table","body":{"format":"playtest","players":[{"id":"p1","name":"A","deck":["Test Shock"]},{"id":"p2","name":"B","deck":[]}],"cards":[{"name":"Test Shock","mana_cost":"{R}","types":["Instant"],"oracle_text":"Test Shock deals 2 damage to any target.","abilities":[{"kind":"spell","targets":[{"min":1,"max":1,"players":"any","filter":{"types":["creature","planeswalker","battle"]}}],"effects":[{"verb":"damage","amount":{"n":2},"to":{"ref":"target"}}]}]},{"name":"Test Elf","mana_cost":"{G}","types":["Creature"],"subtypes":["Elf"],"power":"1","toughness":"1","oracle_text":"{T}: Add {G}."},{"name":"Test Spirit","types":["Creature"],"colors":["W"],"power":"1","toughness":"1","token":true}]}}`},
	{"setup/counters", `{"match":"m1","kind":"setup","actor":"table","recorded":"2024-05-01T12:00:00.5+02:00","body":{"game":2,"turn":5,"step":"main1","active_player":"p1","priority":"p2","players":[{"id":"p1","life":17,"library":["Forest","Island"],"hand":["Giant Growth"],"graveyard":["Shock"],"exile":["Bonecrusher Giant"],"command":["Emblem"],"battlefield":[{"card":"Walking Ballista","tapped":true,"summoning_sick":true,"counters":{"+1/+1":2,"charge":1,"lore":0}},{"card":"Rancor","attached_to":"Walking Ballista"}]},{"id":"p2","life":20}]}}`},
	{"setup/life_zero", `{"match":"m1","kind":"setup","actor":"table","body":{"turn":1,"step":"upkeep","active_player":"p2","players":[{"id":"p2","life":0}]}}`},
	{"random/shuffle", `{"match":"m1","kind":"random","actor":"table","body":{"of":"shuffle","player":"p1","order":["c3","c1","c2"]}}`},
	{"random/order", `{"match":"m1","kind":"random","actor":"table","body":{"of":"order","order":["o7","o5"]}}`},
	{"random/coin", `{"match":"m1","kind":"random","actor":"table","body":{"of":"coin","coin":"tails"}}`},
	{"random/die", `{"match":"m1","kind":"random","actor":"table","body":{"of":"die","player":"p2","roll":20}}`},
	{"mulligan", `{"match":"m1","kind":"mulligan","actor":"p1","body":{"player":"p1"}}`},
	{"keep/bottom", `{"match":"m1","kind":"keep","actor":"p1","body":{"player":"p1","bottom":["c4","c9"]}}`},
	{"keep/plain", `{"match":"m1","kind":"keep","actor":"p2","body":{"player":"p2"}}`},
	{"pass", `{"match":"m1","seq":7,"kind":"pass","actor":"p2","body":{"player":"p2"}}`},
	{"pass/by_table", `{"match":"m1","kind":"pass","actor":"table","body":{"player":"p1"}}`},
	{"play_land", `{"match":"m1","kind":"play_land","actor":"p1","body":{"player":"p1","card":"c12"}}`},
	{"cast/full", `{"match":"m1","kind":"cast","actor":"p1","body":{"player":"p1","card":"c7","face":"Stomp","x":3,"targets":["o4","p2"],"modes":[0,2],"pay":[{"mana":"R","source":"o1"},{"mana":"C"}]}}`},
	{"cast/costs", `{"match":"m1","kind":"cast","actor":"p1","body":{"player":"p1","card":"Force of Will","alternative":"alternative","exile":["o14"],"targets":["o40"]}}`},
	{"activate/costs", `{"match":"m1","kind":"activate","actor":"p1","body":{"player":"p1","source":"o9","sacrifice":["o12"],"discard":["o3","o4"],"return":["o5"],"tap_others":["o6"],"reveal":["o7"]}}`},
	{"cast/plain", `{"match":"m1","kind":"cast","actor":"p1","body":{"player":"p1","card":"Lightning Bolt"}}`},
	{"cast/unicode", `{"match":"m1","kind":"cast","actor":"p1","recorded":-1,"body":{"player":"p1","card":"Lim-Dûl's Vault \u2028 🐉 <&> \"q\" \u0000"}}`},
	{"cast/recorded_min", `{"match":"m1","kind":"cast","actor":"p1","recorded":-9223372036854775808,"body":{"player":"p1","card":"c1"}}`},
	{"cast/recorded_max", `{"match":"m1","kind":"cast","actor":"p1","recorded":9223372036854775807,"body":{"player":"p1","card":"c1"}}`},
	{"activate", `{"match":"m1","kind":"activate","actor":"p2","body":{"player":"p2","source":"o9","ability":1,"targets":["o3"],"x":2,"choice":"blue","pay":[{"mana":"U","source":"o2"}]}}`},
	{"choose/number", `{"match":"m1","kind":"choose","actor":"p1","body":{"player":"p1","answer":2}}`},
	{"choose/string", `{"match":"m1","kind":"choose","actor":"p1","body":{"player":"p1","answer":"o17"}}`},
	{"choose/array", `{"match":"m1","kind":"choose","actor":"p1","body":{"player":"p1","answer":["o1",2,"o3",4.5]}}`},
	{"choose/empty", `{"match":"m1","kind":"choose","actor":"p1","body":{"player":"p1","answer":[]}}`},
	{"attack", `{"match":"m1","kind":"attack","actor":"p1","body":{"player":"p1","attackers":[{"creature":"o5","defender":"p2"},{"creature":"o6","defender":"o40"}]}}`},
	{"attack/none", `{"match":"m1","kind":"attack","actor":"p1","body":{"player":"p1","attackers":[]}}`},
	{"block", `{"match":"m1","kind":"block","actor":"p2","body":{"player":"p2","blocks":[{"blocker":"o8","attacker":"o5"}]}}`},
	{"concede", `{"match":"m1","kind":"concede","actor":"p2","body":{"player":"p2"}}`},
	{"effects/cast", `{"match":"m1","kind":"cast","actor":"p1","body":{"player":"p1","card":"Fylamarid"},"effects":[{"op":"move","object":"c12","from":"hand","to":"stack"},{"op":"spend_mana","player":"p1","mana":"U","n":3}]}`},
	{"effects/every_op", `{"match":"m1","kind":"pass","actor":"p2","body":{"player":"p2"},"effects":[{"op":"move","object":"o4","from":"battlefield","to":"library","position":"bottom"},{"op":"move","object":"c3","from":"graveyard","to":"exile","face_down":true},{"op":"tap","object":"o5"},{"op":"untap","object":"o5"},{"op":"add_counters","object":"o5","kind":"+1/+1","n":2},{"op":"remove_counters","player":"p1","kind":"poison","n":1},{"op":"damage","source":"o9","target":"p1","n":3},{"op":"gain_life","player":"p2","n":1},{"op":"lose_life","player":"p1","n":1},{"op":"add_mana","player":"p2","mana":"G","source":"o6"},{"op":"spend_mana","player":"p2","mana":"G"},{"op":"create_token","player":"p2","token":"Soldier","n":2,"tapped":true},{"op":"create_token","player":"p2","characteristics":{"name":"Kraken","types":["Creature"],"subtypes":["Kraken"],"colors":["U"],"power":"8","toughness":"8","keywords":["Hexproof"]}},{"op":"attach","object":"o7","target":"o5"},{"op":"unattach","object":"o7"},{"op":"reveal","object":"c8","players":["p1"]},{"op":"shuffle","player":"p2"},{"op":"control","object":"o5","player":"p1"},{"op":"continuous","object":"o5","until":"end_of_turn","power":2,"toughness":-1,"keywords":["Flying"],"abilities":["{T}: Add {U}."],"types":["Artifact"],"subtypes":["Golem"],"supertypes":["Legendary"],"colors":["U","B"]},{"op":"ability","source":"o5","text":"When this enters, draw a card.","targets":["p2"]},{"op":"resolve","object":"o40"},{"op":"lose","player":"p1","text":"Platinum Angel left"},{"op":"win","player":"p2","text":"Approach of the Second Sun"}]}`},
	{"effects/empty_list", `{"match":"m1","kind":"pass","actor":"p1","body":{"player":"p1"},"effects":[]}`},
	{"chained", `{"match":"m1","seq":2,"kind":"concede","actor":"p1","recorded":"2024-05-01T12:00:01.000000001Z","body":{"player":"p1"},"prev":"00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff","hash":"FFEEDDCCBBAA99887766554433221100ffeeddccbbaa99887766554433221100"}`},
}

// invalidCase is an input that must be refused with this field, rule and a
// reason containing this text.
type invalidCase struct {
	name    string
	in      []byte
	msgpack bool // decode with DecodeMsgpack rather than ParseJSON
	field   string
	rule    string
	reason  string
}

// invalidJSON lists refused JSON inputs.
var invalidJSON = []invalidCase{
	{name: "unknown_kind", in: []byte(`{"match":"m1","kind":"cst","actor":"p1","body":{"player":"p1"}}`), field: "kind", rule: events.RuleKind, reason: `unknown kind "cst"`},
	{name: "missing_kind", in: []byte(`{"match":"m1","actor":"p1","body":{"player":"p1"}}`), field: "kind", rule: events.RuleKind, reason: "missing"},
	{name: "unknown_envelope_field", in: []byte(`{"match":"m1","kind":"pass","actor":"p1","colour":"red","body":{"player":"p1"}}`), field: "colour", rule: events.RuleDecode, reason: "unknown field"},
	{name: "unknown_body_field", in: []byte(`{"match":"m1","kind":"pass","actor":"p1","body":{"player":"p1","colour":"red"}}`), field: "body.colour", rule: events.RuleBody, reason: "unknown field"},
	{name: "starting_life_string", in: []byte(`{"match":"m1","kind":"match_started","actor":"table","body":{"format":"standard","players":[{"id":"p1","name":"A","deck":[]}],"starting_life":"20"}}`), field: "body.starting_life", rule: events.RuleBody, reason: "want an integer, got string"},
	{name: "deck_string", in: []byte(`{"match":"m1","kind":"match_started","actor":"table","body":{"format":"standard","players":[{"id":"p1","name":"A","deck":"Forest"}]}}`), field: "body.players.deck", rule: events.RuleBody, reason: "want an array, got string"},
	{name: "seq_negative", in: []byte(`{"match":"m1","seq":-1,"kind":"pass","actor":"p1","body":{"player":"p1"}}`), field: "seq", rule: events.RuleDecode, reason: "want an integer"},
	{name: "answer_object", in: []byte(`{"match":"m1","kind":"choose","actor":"p1","body":{"player":"p1","answer":{"a":1}}}`), field: "body", rule: events.RuleBody, reason: "got an object"},
	{name: "control_char_in_name", in: []byte(`{"match":"m1","kind":"match_started","actor":"table","body":{"format":"standard","players":[{"id":"p1","name":"A\u0000B","deck":[]}]}}`), field: "body.players[0].name", rule: events.RuleBody, reason: "control characters"},
	{name: "control_char_in_event", in: []byte(`{"match":"m1","kind":"match_started","actor":"table","body":{"format":"standard","event":"cup\n","players":[{"id":"p1","name":"A","deck":[]}]}}`), field: "body.event", rule: events.RuleBody, reason: "control characters"},
	{name: "declared_bad_ability", in: []byte(`{"match":"m1","kind":"match_started","actor":"table","body":{"format":"playtest","players":[{"id":"p1","name":"A","deck":[]}],"cards":[{"name":"Bad","types":["Instant"],"abilities":[{"kind":"spell","effects":[{"verb":"damage","amount":{"n":2},"to":{"ref":"target","index":0}}]}]}]}}`), field: "body.cards[0].abilities[0].effects[0].to.index", rule: events.RuleBody, reason: "target slot 0: the ability has 0"},
	{name: "declared_unknown_verb", in: []byte(`{"match":"m1","kind":"match_started","actor":"table","body":{"format":"playtest","players":[{"id":"p1","name":"A","deck":[]}],"cards":[{"name":"Bad","types":["Sorcery"],"abilities":[{"kind":"spell","effects":[{"verb":"explode"}]}]}]}}`), field: "body.cards[0].abilities[0].effects[0].verb", rule: events.RuleBody, reason: `unknown verb "explode"`},
	{name: "declared_unknown_ability_field", in: []byte(`{"match":"m1","kind":"match_started","actor":"table","body":{"format":"playtest","players":[{"id":"p1","name":"A","deck":[]}],"cards":[{"name":"Bad","types":["Sorcery"],"abilities":[{"kind":"spell","power":3}]}]}}`), field: "body.power", rule: events.RuleBody, reason: "unknown field"},
	{name: "declared_twice", in: []byte(`{"match":"m1","kind":"match_started","actor":"table","body":{"format":"playtest","players":[{"id":"p1","name":"A","deck":[]}],"cards":[{"name":"Twin","types":["Land"]},{"name":"twin","types":["Land"]}]}}`), field: "body.cards[1].name", rule: events.RuleBody, reason: `"twin" is declared twice`},
	{name: "declared_bad_type", in: []byte(`{"match":"m1","kind":"match_started","actor":"table","body":{"format":"playtest","players":[{"id":"p1","name":"A","deck":[]}],"cards":[{"name":"Odd","types":["creature"]}]}}`), field: "body.cards[0].types[0]", rule: events.RuleBody, reason: `unknown card type "creature"`},
	{name: "missing_players", in: []byte(`{"match":"m1","kind":"match_started","actor":"table","body":{"format":"standard"}}`), field: "body.players", rule: events.RuleBody, reason: "missing"},
	{name: "missing_format", in: []byte(`{"match":"m1","kind":"match_started","actor":"table","body":{"players":[{"id":"p1","name":"A","deck":[]}]}}`), field: "body.format", rule: events.RuleBody, reason: "missing"},
	{name: "missing_player", in: []byte(`{"match":"m1","kind":"pass","actor":"p1","body":{}}`), field: "body.player", rule: events.RuleBody, reason: "missing"},
	{name: "missing_card", in: []byte(`{"match":"m1","kind":"play_land","actor":"p1","body":{"player":"p1"}}`), field: "body.card", rule: events.RuleBody, reason: "missing"},
	{name: "missing_source", in: []byte(`{"match":"m1","kind":"activate","actor":"p1","body":{"player":"p1","ability":1}}`), field: "body.source", rule: events.RuleBody, reason: "missing"},
	{name: "missing_answer", in: []byte(`{"match":"m1","kind":"choose","actor":"p1","body":{"player":"p1"}}`), field: "body.answer", rule: events.RuleBody, reason: "missing"},
	{name: "missing_random_of", in: []byte(`{"match":"m1","kind":"random","actor":"table","body":{"order":["c1"]}}`), field: "body.of", rule: events.RuleBody, reason: "missing"},
	{name: "missing_life", in: []byte(`{"match":"m1","kind":"setup","actor":"table","body":{"turn":1,"step":"upkeep","active_player":"p1","players":[{"id":"p1"}]}}`), field: "body.players[0].life", rule: events.RuleBody, reason: "missing"},
	{name: "missing_body", in: []byte(`{"match":"m1","kind":"pass","actor":"p1"}`), field: "body", rule: events.RuleBody, reason: "missing"},
	{name: "bad_mana", in: []byte(`{"match":"m1","kind":"cast","actor":"p1","body":{"player":"p1","card":"c1","pay":[{"mana":"X"}]}}`), field: "body.pay[0].mana", rule: events.RuleBody, reason: `got "X"`},
	{name: "bad_match_id", in: []byte(`{"match":"m 1","kind":"pass","actor":"p1","body":{"player":"p1"}}`), field: "match", rule: events.RuleBody, reason: `"m 1" is not a valid match id`},
	{name: "actor_mismatch", in: []byte(`{"match":"m1","kind":"pass","actor":"p2","body":{"player":"p1"}}`), field: "actor", rule: events.RuleActor, reason: `"p2" submitted a decision of player "p1"`},
	{name: "table_fact_by_player", in: []byte(`{"match":"m1","kind":"random","actor":"p1","body":{"of":"coin","coin":"heads"}}`), field: "actor", rule: events.RuleActor, reason: "random is a table fact"},
	{name: "duplicate_player_ids", in: []byte(`{"match":"m1","kind":"match_started","actor":"table","body":{"format":"standard","players":[{"id":"p1","name":"A","deck":[]},{"id":"p1","name":"B","deck":[]}]}}`), field: "body.players[1].id", rule: events.RuleBody, reason: `"p1" is used twice`},
	{name: "schema_too_new", in: []byte(`{"schema":2,"match":"m1","kind":"pass","actor":"p1","body":{"player":"p1"}}`), field: "schema", rule: events.RuleDecode, reason: "version 2 is not supported"},
	{name: "invalid_json_truncated", in: []byte(`{"match":"m1","kind":`), rule: events.RuleDecode, reason: "unexpected end of input"},
	{name: "invalid_json_syntax", in: []byte(`{"match" "m1"}`), rule: events.RuleDecode, reason: "invalid JSON at byte"},
	{name: "trailing_json", in: []byte(`{"match":"m1","kind":"pass","actor":"p1","body":{"player":"p1"}} {}`), rule: events.RuleDecode, reason: "trailing data"},
	{name: "empty", in: []byte(``), rule: events.RuleDecode, reason: "empty: want a JSON object"},
	{name: "bad_hex_prev", in: []byte(`{"match":"m1","kind":"pass","actor":"p1","body":{"player":"p1"},"prev":"zz112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"}`), field: "prev", rule: events.RuleDecode, reason: "not hex"},
	{name: "short_hash", in: []byte(`{"match":"m1","kind":"pass","actor":"p1","body":{"player":"p1"},"hash":"0011"}`), field: "hash", rule: events.RuleDecode, reason: "want 64 hex digits, got 4"},
	{name: "recorded_not_time", in: []byte(`{"match":"m1","kind":"pass","actor":"p1","recorded":"yesterday","body":{"player":"p1"}}`), field: "recorded", rule: events.RuleDecode, reason: "want an RFC 3339 time"},
	{name: "recorded_out_of_range", in: []byte(`{"match":"m1","kind":"pass","actor":"p1","recorded":"9999-12-31T23:59:59Z","body":{"player":"p1"}}`), field: "recorded", rule: events.RuleDecode, reason: "outside the years"},
	{name: "effects_unknown_op", in: []byte(`{"match":"m1","kind":"pass","actor":"p1","body":{"player":"p1"},"effects":[{"op":"tap","object":"o1"},{"op":"destroy","object":"o2"}]}`), field: "effects[1].op", rule: events.RuleTableForm, reason: `unknown op "destroy"`},
	{name: "effects_missing_from", in: []byte(`{"match":"m1","kind":"pass","actor":"p1","body":{"player":"p1"},"effects":[{"op":"tap","object":"o1"},{"op":"tap","object":"o1"},{"op":"move","object":"o2","to":"hand"}]}`), field: "effects[2].from", rule: events.RuleTableForm, reason: "missing: move needs it"},
	{name: "effects_bad_zone", in: []byte(`{"match":"m1","kind":"pass","actor":"p1","body":{"player":"p1"},"effects":[{"op":"move","object":"o2","from":"deck","to":"hand"}]}`), field: "effects[0].from", rule: events.RuleTableForm, reason: `unknown zone "deck"`},
	{name: "effects_negative_mana", in: []byte(`{"match":"m1","kind":"pass","actor":"p1","body":{"player":"p1"},"effects":[{"op":"add_mana","player":"p1","mana":"G","n":-2}]}`), field: "effects[0].n", rule: events.RuleTableForm, reason: "negative"},
	{name: "effects_negative_counters", in: []byte(`{"match":"m1","kind":"pass","actor":"p1","body":{"player":"p1"},"effects":[{"op":"remove_counters","object":"o3","kind":"+1/+1","n":-1}]}`), field: "effects[0].n", rule: events.RuleTableForm, reason: "negative"},
	{name: "effects_n_string", in: []byte(`{"match":"m1","kind":"pass","actor":"p1","body":{"player":"p1"},"effects":[{"op":"damage","source":"o1","target":"p2","n":"3"}]}`), field: "effects[0].n", rule: events.RuleTableForm, reason: "want an integer, got string"},
	{name: "effects_unknown_field", in: []byte(`{"match":"m1","kind":"pass","actor":"p1","body":{"player":"p1"},"effects":[{"op":"tap","obj":"o1"}]}`), field: "effects[0].obj", rule: events.RuleTableForm, reason: "unknown field"},
	{name: "effects_not_list", in: []byte(`{"match":"m1","kind":"pass","actor":"p1","body":{"player":"p1"},"effects":{"op":"tap"}}`), field: "effects", rule: events.RuleTableForm, reason: "want an array"},
	{name: "effects_token_undescribed", in: []byte(`{"match":"m1","kind":"pass","actor":"p1","body":{"player":"p1"},"effects":[{"op":"create_token","player":"p1"}]}`), field: "effects[0].token", rule: events.RuleTableForm, reason: "give its characteristics"},
	{name: "effects_token_no_types", in: []byte(`{"match":"m1","kind":"pass","actor":"p1","body":{"player":"p1"},"effects":[{"op":"create_token","player":"p1","characteristics":{"name":"Thopter","types":[]}}]}`), field: "effects[0].characteristics.types", rule: events.RuleTableForm, reason: "at least one card type"},
	{name: "effects_bad_until", in: []byte(`{"match":"m1","kind":"pass","actor":"p1","body":{"player":"p1"},"effects":[{"op":"continuous","object":"o1","until":"forever","power":1}]}`), field: "effects[0].until", rule: events.RuleTableForm, reason: `got "forever"`},
	{name: "effects_position_not_library", in: []byte(`{"match":"m1","kind":"pass","actor":"p1","body":{"player":"p1"},"effects":[{"op":"move","object":"o1","from":"hand","to":"graveyard","position":"bottom"}]}`), field: "effects[0].position", rule: events.RuleTableForm, reason: "not to the graveyard"},
	{name: "effects_on_match_started", in: []byte(`{"match":"m1","kind":"match_started","actor":"table","body":{"format":"standard","players":[{"id":"p1","name":"A","deck":[]}]},"effects":[{"op":"tap","object":"o1"}]}`), field: "effects", rule: events.RuleTableForm, reason: "can't carry table effects"},
	{name: "recorded_float", in: []byte(`{"match":"m1","kind":"pass","actor":"p1","recorded":1.5e18,"body":{"player":"p1"}}`), field: "recorded", rule: events.RuleDecode, reason: "Unix nanoseconds"},
}

// invalidInputs is invalidJSON plus the oversize input and the msgpack cases,
// which are built from valid events.
func invalidInputs(tb testing.TB) []invalidCase {
	tb.Helper()
	cases := append([]invalidCase(nil), invalidJSON...)

	big := []byte(`{"match":"m1","kind":"cast","actor":"p1","body":{"player":"p1","card":"` +
		strings.Repeat("x", events.MaxInputSize) + `"}}`)
	cases = append(cases, invalidCase{name: "oversize_json", in: big, rule: events.RuleSize, reason: "input limit"})

	good := mustParse(tb, validLines[0].line)
	good.Hash = events.Hash{1, 2, 3}
	canon := good.MarshalMsgpack()
	pairs := envelopePairs(tb, canon)
	withKey := func(k string, raw []byte) []byte {
		return msgpackMap(append(append([][2][]byte(nil), pairs...), [2][]byte{mpString(k), raw}))
	}
	cases = append(cases,
		invalidCase{name: "msgpack_truncated", in: canon[:len(canon)-5], msgpack: true, field: "hash", rule: events.RuleDecode, reason: "EOF"},
		invalidCase{name: "msgpack_unknown_key", in: withKey("extra", []byte{0x01}), msgpack: true, field: "extra", rule: events.RuleDecode, reason: "unknown envelope key"},
		invalidCase{name: "msgpack_trailing_bytes", in: append(append([]byte(nil), canon...), 0xc0), msgpack: true, rule: events.RuleDecode, reason: "1 trailing bytes"},
		// The key is named in the reason only; Field stays empty.
		invalidCase{name: "msgpack_repeated_key", in: withKey("match", mpString("m2")), msgpack: true, rule: events.RuleDecode, reason: "match: repeated key"},
		invalidCase{name: "msgpack_not_a_map", in: []byte{0x93, 0x01, 0x02, 0x03}, msgpack: true, rule: events.RuleDecode, reason: "not a msgpack map"},
		invalidCase{name: "msgpack_nil", in: []byte{0xc0}, msgpack: true, rule: events.RuleDecode, reason: "not a msgpack map: nil"},
		invalidCase{name: "msgpack_empty", in: nil, msgpack: true, rule: events.RuleDecode, reason: "not a msgpack map"},
		invalidCase{name: "msgpack_short_hash", in: replacePair(tb, canon, "hash", mpBin(make([]byte, 31))), msgpack: true, field: "hash", rule: events.RuleDecode, reason: "want 32 bytes, got 31"},
		invalidCase{name: "msgpack_wrong_type_seq", in: replacePair(tb, canon, "seq", mpString("1")), msgpack: true, field: "seq", rule: events.RuleDecode, reason: "msgpack"},
		invalidCase{name: "msgpack_unknown_body_field", in: replacePair(tb, canon, "body", msgpackMap([][2][]byte{{mpString("colour"), mpString("red")}})), msgpack: true, field: "body", rule: events.RuleBody, reason: "colour"},
		invalidCase{name: "msgpack_body_missing_players", in: replacePair(tb, canon, "body", msgpackMap([][2][]byte{{mpString("format"), mpString("standard")}})), msgpack: true, field: "body.players", rule: events.RuleBody, reason: "missing"},
		invalidCase{name: "msgpack_unknown_kind", in: replacePair(tb, canon, "kind", mpString("cst")), msgpack: true, field: "kind", rule: events.RuleKind, reason: `unknown kind "cst"`},
		invalidCase{name: "msgpack_schema_too_new", in: replacePair(tb, canon, "schema", []byte{0x02}), msgpack: true, field: "schema", rule: events.RuleDecode, reason: "version 2 is not supported"},
		invalidCase{name: "msgpack_oversize", in: withKey("pad", mpBin(make([]byte, events.MaxInputSize))), msgpack: true, rule: events.RuleSize, reason: "input limit"},
		// JSON cannot carry invalid UTF-8 (encoding/json writes U+FFFD), so
		// msgpack must not accept it either.
		invalidCase{name: "msgpack_invalid_utf8", in: replacePair(tb, canon, "body", msgpackMap([][2][]byte{
			{mpString("format"), mpString("standard\xff")},
			{mpString("players"), append([]byte{0x91, 0x83}, bytes.Join([][]byte{mpString("id"), mpString("p1"), mpString("name"), mpString("A"), mpString("deck"), {0x90}}, nil)...)},
		})), msgpack: true, field: "body", rule: events.RuleBody, reason: "not valid UTF-8"},
		invalidCase{name: "msgpack_invalid_utf8_counter", in: setupWithCounter(tb, "\xc3("), msgpack: true, field: "body", rule: events.RuleBody, reason: "not valid UTF-8"},
		// A claimed length far beyond the input must fail without
		// allocating it (see TestDecodeMsgpackBoundedAllocation).
		invalidCase{name: "msgpack_huge_hash_length", in: replacePair(tb, canon, "prev", []byte{0xc6, 0xff, 0xff, 0xff, 0xff}), msgpack: true, field: "prev", rule: events.RuleDecode, reason: "want 32 bytes"},
		invalidCase{name: "msgpack_huge_body_array", in: replacePair(tb, canon, "body", []byte{0x81, 0xa7, 'p', 'l', 'a', 'y', 'e', 'r', 's', 0xdd, 0xff, 0xff, 0xff, 0xff}), msgpack: true, field: "body", rule: events.RuleDecode, reason: "EOF"},
	)
	return cases
}

// setupWithCounter is the canonical msgpack of a setup with one counter
// named name, which need not be valid UTF-8.
func setupWithCounter(tb testing.TB, name string) []byte {
	tb.Helper()
	e := mustParse(tb, `{"match":"m1","kind":"setup","actor":"table","body":{"turn":1,"step":"main1","active_player":"p1","players":[{"id":"p1","life":20,"battlefield":[{"card":"Ballista","counters":{"QQ":1}}]}]}}`)
	b := e.MarshalMsgpack()
	if !bytes.Contains(b, mpString("QQ")) || len(name) != 2 {
		tb.Fatalf("setupWithCounter: placeholder not found or name not 2 bytes")
	}
	return bytes.Replace(b, mpString("QQ"), mpString(name), 1)
}

// mustParse parses a line that the test expects to be valid.
func mustParse(tb testing.TB, line string) *events.Event {
	tb.Helper()
	e, err := events.ParseJSON([]byte(line))
	if err != nil {
		tb.Fatalf("ParseJSON(%s): %v", line, err)
	}
	return e
}

// decode runs the decoder an invalid case names.
func (c invalidCase) decode() (*events.Event, error) {
	if c.msgpack {
		return events.DecodeMsgpack(c.in)
	}
	return events.ParseJSON(c.in)
}

// asError returns err as an *events.Error or fails the test.
func asError(tb testing.TB, err error) *events.Error {
	tb.Helper()
	var ee *events.Error
	if !errors.As(err, &ee) {
		tb.Fatalf("error %v (%T) is not an *events.Error", err, err)
	}
	return ee
}

// envelopePairs splits an encoded envelope map into raw key/value pairs.
func envelopePairs(tb testing.TB, b []byte) [][2][]byte {
	tb.Helper()
	dec := msgpack.NewDecoder(bytes.NewReader(b))
	n, err := dec.DecodeMapLen()
	if err != nil {
		tb.Fatalf("envelope: %v", err)
	}
	pairs := make([][2][]byte, n)
	for i := range pairs {
		k, err := dec.DecodeRaw()
		if err != nil {
			tb.Fatalf("envelope key %d: %v", i, err)
		}
		v, err := dec.DecodeRaw()
		if err != nil {
			tb.Fatalf("envelope value %d: %v", i, err)
		}
		pairs[i] = [2][]byte{k, v}
	}
	return pairs
}

// replacePair re-encodes an envelope with key's value replaced by raw.
func replacePair(tb testing.TB, b []byte, key string, raw []byte) []byte {
	tb.Helper()
	pairs := envelopePairs(tb, b)
	for i, p := range pairs {
		if bytes.Equal(p[0], mpString(key)) {
			pairs[i][1] = raw
			return msgpackMap(pairs)
		}
	}
	tb.Fatalf("no key %q", key)
	return nil
}

// msgpackMap encodes raw pairs as a map with a fixmap or map16 header.
func msgpackMap(pairs [][2][]byte) []byte {
	var out []byte
	if len(pairs) < 16 {
		out = []byte{0x80 | byte(len(pairs))}
	} else {
		out = []byte{0xde, byte(len(pairs) >> 8), byte(len(pairs))}
	}
	for _, p := range pairs {
		out = append(append(out, p[0]...), p[1]...)
	}
	return out
}

// mpString is the msgpack encoding of a short string (fixstr or str8).
func mpString(s string) []byte {
	if len(s) < 32 {
		return append([]byte{0xa0 | byte(len(s))}, s...)
	}
	return append([]byte{0xd9, byte(len(s))}, s...)
}

// mpBin is the msgpack encoding of b as bin32.
func mpBin(b []byte) []byte {
	n := len(b)
	return append([]byte{0xc6, byte(n >> 24), byte(n >> 16), byte(n >> 8), byte(n)}, b...)
}
