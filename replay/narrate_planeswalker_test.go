package replay_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Combat damage to planeswalkers, told for a judge with the attacker that
// dealt it and the amount: the effect that takes the loyalty (CR 120.3c)
// names no source, so the narrative finds it as the rules dealt it,
// attacker by attacker in battlefield order, each one's blockers first and
// then what it tramples over (CR 702.19c), first and double strikers in
// the first-strike step (CR 510.4). Two attackers on one planeswalker are
// each told with their own damage; a blocked trampler's excess over its
// blocker takes a planeswalker's last loyalty; a double striker deals its
// first-strike damage alone, though another attacker of the same
// planeswalker comes first on the battlefield. The setup's position tells
// who attacks what and who blocks.
func TestNarratePlaneswalkerCombatDamage(t *testing.T) {
	const start = `{"match":"pw","kind":"match_started","actor":"table","body":{"format":"legacy","players":[` +
		`{"id":"p1","name":"Alice","deck":["Forest"]},{"id":"p2","name":"Bob","deck":["Forest"]}],"first_player":"p1"}}` + "\n"
	const passes = `{"match":"pw","kind":"pass","actor":"p1","body":{"player":"p1"}}` + "\n" +
		`{"match":"pw","kind":"pass","actor":"p2","body":{"player":"p2"}}` + "\n"
	for _, c := range []struct {
		name, battlefields string
		passes             int
		want               []string
	}{
		{"two attackers and a trampler",
			`[{"id":"o10","card":"Grizzly Bears","tapped":true,"attacking":"o21"},{"id":"o11","card":"Hill Giant","tapped":true,"attacking":"o21"},` +
				`{"id":"o12","card":"Colossal Dreadmaw","tapped":true,"attacking":"o22","blocked":true}]},` +
				`{"id":"p2","life":20,"battlefield":[{"id":"o21","card":"Vivien, Champion of the Wilds","counters":{"loyalty":9}},` +
				`{"id":"o22","card":"Quintorius Kand","counters":{"loyalty":3}},{"id":"o23","card":"Grizzly Bears","blocking":"o12"}]`, 1,
			[]string{
				"p1 Alice: life 20; hand: none; library: none; battlefield: Grizzly Bears (o10, tapped, attacking Vivien, Champion of the Wilds (o21)), " +
					"Hill Giant (o11, tapped, attacking Vivien, Champion of the Wilds (o21)), Colossal Dreadmaw (o12, tapped, attacking Quintorius Kand (o22), blocked)",
				"Grizzly Bears (o23, blocking Colossal Dreadmaw (o12))",
				"Grizzly Bears (o10) deals 2 combat damage to Vivien, Champion of the Wilds (o21)\n" +
					"  Hill Giant (o11) deals 3 combat damage to Vivien, Champion of the Wilds (o21)\n" +
					"  Colossal Dreadmaw (o12) deals 2 combat damage to Grizzly Bears (o23)\n" +
					"  Colossal Dreadmaw (o12) deals combat damage to Quintorius Kand (o22), which loses its last 3 loyalty counters (CR 120.3c)",
			}},
		{"a double striker",
			`[{"id":"o10","card":"Grizzly Bears","tapped":true,"attacking":"o21"},{"id":"o11","card":"Fencing Ace","tapped":true,"attacking":"o21"}]},` +
				`{"id":"p2","life":20,"battlefield":[{"id":"o21","card":"Vivien, Champion of the Wilds","counters":{"loyalty":9}}]`, 2,
			[]string{
				"declare_blockers p2 Bob passes\n  Fencing Ace (o11) deals 1 combat damage to Vivien, Champion of the Wilds (o21)\n",
				"first_strike_damage p2 Bob passes\n  Grizzly Bears (o10) deals 2 combat damage to Vivien, Champion of the Wilds (o21)\n" +
					"  Fencing Ace (o11) deals 1 combat damage to Vivien, Champion of the Wilds (o21)",
			}},
	} {
		t.Run(c.name, func(t *testing.T) {
			file := start + `{"match":"pw","kind":"setup","actor":"table","body":{"turn":5,"step":"declare_blockers","active_player":"p1","players":[` +
				`{"id":"p1","life":20,"battlefield":` + c.battlefields + `}]}}` + "\n" + strings.Repeat(passes, c.passes+1)
			path := filepath.Join(t.TempDir(), "pw.jsonl")
			if err := os.WriteFile(path, []byte(file), 0o644); err != nil {
				t.Fatal(err)
			}
			all := text(narrate(t, openFile(t, path), "pw", ""))
			for _, w := range c.want {
				if !strings.Contains(all, w) {
					t.Errorf("the narrative lacks\n%s\nin\n%s", w, all)
				}
			}
		})
	}
}
