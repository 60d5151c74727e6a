package replay_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/replay"
	"github.com/chronicle-mtg/chronicle/replay/replaytest"
)

// scenarioNarrative tells each match of a reducer scenario file as `replay
// log` does, one after the other.
func scenarioNarrative(t *testing.T, scenario string) string {
	t.Helper()
	var b strings.Builder
	for _, evs := range scenarioLogs(t, filepath.Join("..", "reducer", "testdata", scenario)) {
		path := filepath.Join(t.TempDir(), "log.jsonl")
		replaytest.WriteJSONL(t, path, evs)
		src, err := replay.OpenFile(path)
		if err != nil {
			t.Fatal(err)
		}
		b.WriteString(text(narrate(t, src, evs[0].Match, "")))
	}
	return b.String()
}

// What a judge reads of copies of spells (CR 707.10a: a copy leaving the
// stack ceases to exist, told as nothing else) and tokens ceasing to exist,
// named as they were; life lost that is no damage; a land that enters
// tapped; a cast's kicker, replicate and free cast, the permission it
// uses (Omniscience, Johann), entwine and the creatures conspire taps; the
// objects a choice names.
func TestNarrateFidelity(t *testing.T) {
	for _, c := range []struct {
		scenario  string
		want, not []string
	}{
		{"lang_copies.txt", []string{
			"  Test Grapeshot (o36) resolves\n  Test Grapeshot deals 1 damage to Alice (20 -> 19)\n  the copy Test Grapeshot (o36) ceases to exist (CR 707.10a)\n"},
			[]string{"Test Grapeshot (o36) is put into", "the copy Test Grapeshot (o37)"}},
		{"copies.txt", []string{"the copy Stomp (o48) ceases to exist (CR 707.10a)"}, []string{"Stomp (o48) is put into exile", "Stomp (o48) is exiled on an adventure"}},
		{"table_token_triggers.txt", []string{"  Bob loses 1 life (20 -> 19)\n"}, []string{"deals 1 damage to Bob", "deals 1 to Bob"}},
		{"lang_enters_tapped.txt", []string{"p2 Bob plays Test Vista (o16)\n  Test Vista (o16) enters tapped\n"}, []string{"Test Vista (o16) becomes tapped"}},
		{"lang_sacrifice.txt", []string{"  Eldrazi Spawn Token (o22) dies\n", "the token Eldrazi Spawn Token (o22) ceases to exist (CR 704.5d)"}, nil},
		{"copies.txt", []string{"p1 Alice chooses Trumpeting Carnosaur (o30) for Wake the Reflections (o35)"}, []string{"chooses o30 for"}},
		{"lang_free_kicker.txt", []string{
			"p1 Alice chooses to cast the card without paying its mana cost, for Test Outburst's ability (o23) (cascade)",
			"p1 Alice casts Test Bushwhacker (o25) without paying its mana cost, kicked, paying {R}",
			"p1 Alice casts Test Spree (o31) targeting Test Relic (o26), replicated once, paying {R}{R}{R}{R}"}, nil},
		{"lang_permissions.txt", []string{
			"p1 Alice casts Test Giant (o43) by the permission of Test Omniscience (o31)\n",
			"p1 Alice casts Test Shock (o36) targeting Bob (p2) by the permission of Johann, Apprentice Sorcerer (o29), paying {R}"}, nil},
		{"lang_entwine.txt", []string{"p1 Alice casts Test Tide (o40), entwined, paying {R}"}, nil},
		{"lang_conspire.txt", []string{"p1 Alice casts Test Trail (o34) targeting Bob (p2), conspiring by tapping Test Cub (o25) and Test Cub (o26), paying {R}"}, nil},
	} {
		t.Run(c.scenario, func(t *testing.T) {
			all := scenarioNarrative(t, c.scenario)
			for _, w := range c.want {
				if !strings.Contains(all, w) {
					t.Errorf("the narrative lacks %q:\n%s", w, all)
				}
			}
			for _, n := range c.not {
				if strings.Contains(all, n) {
					t.Errorf("the narrative has %q:\n%s", n, all)
				}
			}
		})
	}
}
