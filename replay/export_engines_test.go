package replay_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/replay"
)

// engineExport exports a fixture to another engine and returns the file
// and the fidelity report.
func engineExport(t *testing.T, name, format string, at uint64) (string, string) {
	t.Helper()
	var out, report bytes.Buffer
	err := replay.ExportWith(&out, openFile(t, fixture(name+".jsonl")), name, format, replay.ExportOptions{At: at, Report: &report})
	if err != nil {
		t.Fatal(err)
	}
	return out.String(), report.String()
}

// A Forge game state holds the position: life, zones, tapped permanents;
// what it can't hold (mana in a pool, the inputs after) is named in the
// file and in the report, never dropped silently.
func TestExportForge(t *testing.T) {
	file, report := engineExport(t, "bolt-race", replay.FormatForge, 3)
	for _, want := range []string{"[state]\n", "activeplayer=human\n", "activephase=MAIN1\n", "humanlife=7\n", "ailife=5\n",
		"humanhand=Lightning Bolt;Shock\n", "humanbattlefield=Mountain|Tapped;Mountain;Mountain;Hill Giant\n",
		"aibattlefield=Forest;Forest;Grizzly Bears|Tapped;Llanowar Elves\n", "# dropped: p1's mana pool (1 mana)\n"} {
		if !strings.Contains(file, want) {
			t.Errorf("the Forge file lacks %q:\n%s", want, file)
		}
	}
	if !strings.Contains(report, "dropped: p1's mana pool") || !strings.Contains(report, "dropped: the 9 inputs after seq 3") {
		t.Errorf("the report: %s", report)
	}
	// The end of the match: the game over and p2's concession are named
	// as dropped, not left out silently.
	_, report = engineExport(t, "bolt-race", replay.FormatForge, 0)
	for _, want := range []string{"dropped: the end of game 1 (p1 won it; the match is over)", "dropped: p2's loss (conceded (CR 104.3a))"} {
		if !strings.Contains(report, want) {
			t.Errorf("the report of the match's end lacks %q:\n%s", want, report)
		}
	}
	// Tokens and counters: populate's Bird tokens are named as dropped.
	file, report = engineExport(t, "populate", replay.FormatForge, 0)
	if !strings.Contains(report, "dropped: the token Bird Token") || !strings.Contains(file, "# dropped: the token Bird Token") {
		t.Errorf("populate's tokens are not reported dropped:\n%s", report)
	}
}

// An XMage test places the position and replays the decisions that
// followed with the test API, then asserts what Chronicle says the game
// came to.
func TestExportXMage(t *testing.T) {
	file, report := engineExport(t, "bolt-race", replay.FormatXMage, 2)
	for _, want := range []string{
		"public class ChronicleBoltRaceSeq2Test extends CardTestPlayerBase {",
		`setLife(playerB, 5);`, `addCard(Zone.BATTLEFIELD, playerB, "Grizzly Bears", 1, true);`,
		`castSpell(1, PhaseStep.PRECOMBAT_MAIN, playerA, "Lightning Bolt", playerB); // seq 4`,
		`attack(1, playerA, "Hill Giant"); // seq 11`,
		`assertLife(playerB, 2);`, `assertPermanentCount(playerA, "Hill Giant", 1);`,
	} {
		if !strings.Contains(file, want) {
			t.Errorf("the XMage test lacks %q:\n%s", want, file)
		}
	}
	if !strings.Contains(report, "dropped: the concession at seq 12") || !strings.Contains(file, " * dropped: the concession at seq 12") {
		t.Errorf("the report: %s", report)
	}
	if _, report = engineExport(t, "bolt-race", replay.FormatXMage, 12); !strings.Contains(report, "dropped: the end of game 1 (p1 won it; the match is over)") {
		t.Errorf("the report of the match's end: %s", report)
	}
}
