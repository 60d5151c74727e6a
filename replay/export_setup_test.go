package replay_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer"
	"github.com/chronicle-mtg/chronicle/replay"
	"github.com/chronicle-mtg/chronicle/replay/replaytest"
)

func matchFixture(name string) string { return filepath.Join("..", "fixtures", "matches", name) }

// recordedFixture records a fixture into a fresh store, as the recorder would, and
// opens the store.
func recordedFixture(t *testing.T, name string) *replay.Store {
	t.Helper()
	dir := t.TempDir()
	replaytest.Record(t, dir, matchFixture(name))
	src, err := replay.OpenStore(dir, replay.StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { src.Close() })
	return src
}

// ids matches object and card ids in a view's JSON.
var ids = regexp.MustCompile(`"[oc][1-9][0-9]*"`)

// normal is a judge's view with what a setup doesn't keep taken out: object
// and card ids (a setup makes new objects), the seq, mulligans taken (history,
// not position), and the interleaving of the players' permanents and exiled
// cards (a setup places each player's in turn, keeping their order).
func normal(t *testing.T, v *reducer.View) string {
	t.Helper()
	c := *v
	c.Seq = 0
	c.Players = slices.Clone(v.Players)
	for i := range c.Players {
		c.Players[i].Mulligans = 0
	}
	byPlayer := func(objs []reducer.ObjectView, who func(reducer.ObjectView) string) []reducer.ObjectView {
		out := slices.Clone(objs)
		slices.SortStableFunc(out, func(a, b reducer.ObjectView) int { return strings.Compare(who(a), who(b)) })
		return out
	}
	c.Battlefield = byPlayer(v.Battlefield, func(o reducer.ObjectView) string { return o.Controller })
	c.Exile = byPlayer(v.Exile, func(o reducer.ObjectView) string { return o.Owner })
	b, err := json.MarshalIndent(&c, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return ids.ReplaceAllString(string(b), `"id"`)
}

// TestExportSetupRoundTrip exports every position of the fixtures as a
// setup. Where a setup can place it, replaying the exported file reaches the
// same position (its judge's view equal but for ids) and, going on with the
// inputs that followed, the same end. Where it can't, the refusal says what
// and points at positions that can be placed.
func TestExportSetupRoundTrip(t *testing.T) {
	for _, name := range []string{"bolt-race.jsonl", "counter-war.jsonl", "green-red.jsonl", "opening-hands.jsonl", "best-of-three.jsonl"} {
		t.Run(name, func(t *testing.T) {
			src := recordedFixture(t, name)
			ms, _ := src.Matches()
			match := ms[0].Match
			end, err := replay.Seek(src, match, replay.At{})
			if err != nil {
				t.Fatal(err)
			}
			wantEnd := normal(t, end.View(reducer.ViewJudge))
			placed := 0
			for seq := uint64(1); seq <= ms[0].HeadSeq; seq++ {
				var buf bytes.Buffer
				err := replay.ExportWith(&buf, src, match, replay.FormatSetup, replay.ExportOptions{At: seq})
				var se *replay.SetupError
				if errors.As(err, &se) {
					checkRefusal(t, src, match, se)
					continue
				}
				if err != nil {
					t.Fatalf("seq %d: %v", seq, err)
				}
				placed++
				checkSetupFile(t, src, match, seq, buf.Bytes(), wantEnd)
			}
			t.Logf("%s: %d of %d positions exported as a setup", name, placed, ms[0].HeadSeq)
			if placed == 0 && name != "opening-hands.jsonl" {
				t.Errorf("no position of %s could be exported", name)
			}
		})
	}
}

// checkSetupFile replays an exported file: the setup reaches the position
// after seq, the rest reaches the match's end.
func checkSetupFile(t *testing.T, src replay.Source, match string, seq uint64, file []byte, wantEnd string) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(string(file), "\n"), "\n")
	if !strings.Contains(lines[0], `"kind":"match_started"`) || !strings.Contains(lines[1], `"kind":"setup"`) {
		t.Fatalf("seq %d: the file doesn't start with match_started and setup:\n%s", seq, file)
	}
	if strings.Contains(string(file), `"hash"`) || strings.Contains(string(file), `"seq"`) {
		t.Errorf("seq %d: the file has seqs or hashes:\n%s", seq, file)
	}
	path := filepath.Join(t.TempDir(), "report.jsonl")
	if err := os.WriteFile(path, file, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := replay.OpenFile(path)
	if err != nil {
		t.Fatalf("seq %d: %v\n%s", seq, err, file)
	}
	orig, err := replay.Seek(src, match, replay.At{Seq: seq})
	if err != nil {
		t.Fatal(err)
	}
	got, err := replay.Seek(f, match, replay.At{Seq: 2})
	if err != nil {
		t.Fatalf("seq %d: the setup doesn't replay: %v\n%s", seq, err, lines[1])
	}
	if a, b := normal(t, got.View(reducer.ViewJudge)), normal(t, orig.View(reducer.ViewJudge)); a != b {
		t.Fatalf("seq %d: the setup reaches another position\ngot:\n%s\nwant:\n%s", seq, a, b)
	}
	if diff := positionDiff(got.Game.S, orig.Game.S); diff != "" {
		t.Fatalf("seq %d: the setup reaches another state:\n%s", seq, diff)
	}
	last, err := replay.Seek(f, match, replay.At{})
	if err != nil {
		t.Fatalf("seq %d: the inputs after the setup don't replay: %v", seq, err)
	}
	if a := normal(t, last.View(reducer.ViewJudge)); a != wantEnd {
		t.Fatalf("seq %d: the file ends elsewhere\ngot:\n%s\nwant:\n%s", seq, a, wantEnd)
	}
}

// checkRefusal: a refused position names what a setup can't place, and the
// positions it suggests can be placed.
func checkRefusal(t *testing.T, src replay.Source, match string, se *replay.SetupError) {
	t.Helper()
	if len(se.Reasons) == 0 || !strings.Contains(se.Error(), "can't be a setup: a setup can't express") {
		t.Errorf("refusal without reasons: %v", se)
	}
	for _, s := range []uint64{se.Before, se.After} {
		if s == 0 {
			continue
		}
		if s == se.Seq || (s == se.Before) != (s < se.Seq) {
			t.Errorf("seq %d: suggestions %d before, %d after", se.Seq, se.Before, se.After)
		}
		var buf bytes.Buffer
		if err := replay.ExportWith(&buf, src, match, replay.FormatSetup, replay.ExportOptions{At: s}); err != nil {
			t.Errorf("seq %d: suggested seq %d can't be exported either: %v", se.Seq, s, err)
		}
	}
}

// The end of a finished match is a position too (CR 104.1): the setup at
// bolt-race's last seq places the board as the game ended, p2 having
// conceded, with "over" naming p1 the winner; it replays to the same state,
// and an input after it is refused, the match being over. The last game of
// best-of-three's setup counts the games won before it in game_wins, the
// winner's last in "over". Before the first turn, the setup's step is
// pregame.
func TestExportSetupMatchOver(t *testing.T) {
	src := recordedFixture(t, "bolt-race.jsonl")
	end, err := replay.Seek(src, "bolt-race", replay.At{})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := replay.ExportWith(&buf, src, "bolt-race", replay.FormatSetup, replay.ExportOptions{At: 12}); err != nil {
		t.Fatalf("seq 12, the match over: %v", err)
	}
	file := buf.String()
	setup := strings.Split(file, "\n")[1]
	for _, w := range []string{`"over":{"winner":"p1"}`, `"lost":"conceded (CR 104.3a)"`} {
		if !strings.Contains(setup, w) {
			t.Errorf("seq 12: the setup lacks %s:\n%s", w, setup)
		}
	}
	if n := strings.Count(file, "\n"); n != 2 {
		t.Errorf("seq 12: %d lines, want 2 (match_started, setup): nothing follows the end", n)
	}
	checkSetupFile(t, src, "bolt-race", 12, buf.Bytes(), normal(t, end.View(reducer.ViewJudge)))

	var told []string
	overPath := filepath.Join(t.TempDir(), "over.jsonl")
	if err := os.WriteFile(overPath, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	of, err := replay.OpenFile(overPath)
	if err != nil {
		t.Fatal(err)
	}
	if err := replay.Narrate(of, "bolt-race", "", func(e replay.Entry) error {
		told = append(told, e.Lines...)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"; lost: conceded (CR 104.3a)", "game 1 is over, p1 Alice won it; the match is over; games won: p1 Alice 1, p2 Bob 0"} {
		if !strings.Contains(strings.Join(told, "\n"), w) {
			t.Errorf("the narrative of the setup lacks %q:\n%s", w, strings.Join(told, "\n"))
		}
	}

	after := file + `{"match":"bolt-race","kind":"pass","actor":"p1","body":{"player":"p1"}}` + "\n"
	path := filepath.Join(t.TempDir(), "after.jsonl")
	if err := os.WriteFile(path, []byte(after), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := replay.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	_, err = replay.Seek(f, "bolt-race", replay.At{})
	var ie *replay.IllegalError
	if !errors.As(err, &ie) || ie.Seq != 3 || !strings.Contains(err.Error(), "the match is over (CR 104.1)") {
		t.Errorf("an input after the setup of a match that is over: %v, want refused at seq 3 citing CR 104.1", err)
	}

	bo3 := recordedFixture(t, "best-of-three.jsonl")
	ms, _ := bo3.Matches()
	last, err := replay.Seek(bo3, "best-of-three", replay.At{})
	if err != nil {
		t.Fatal(err)
	}
	buf.Reset()
	if err := replay.ExportWith(&buf, bo3, "best-of-three", replay.FormatSetup, replay.ExportOptions{At: ms[0].HeadSeq}); err != nil {
		t.Fatalf("best-of-three's end: %v", err)
	}
	s := last.Game.S
	w := s.Players[s.Winner].ID
	setup = strings.Split(buf.String(), "\n")[1]
	for _, want := range []string{`"game":` + strconv.Itoa(s.Game), `"over":{"winner":"` + w + `"}`, `"id":"` + w + `","life":` + strconv.Itoa(s.Players[s.Winner].Life) + `,`} {
		if !strings.Contains(setup, want) {
			t.Errorf("best-of-three's end: the setup lacks %s:\n%s", want, setup)
		}
	}
	if wins := s.GameWins[s.Winner]; wins != 2 || !strings.Contains(setup, `"game_wins":1`) {
		t.Errorf("best-of-three's end: %s won %d games; the setup should count 1 before the last:\n%s", w, wins, setup)
	}
	checkSetupFile(t, bo3, "best-of-three", ms[0].HeadSeq, buf.Bytes(), normal(t, last.View(reducer.ViewJudge)))

	buf.Reset()
	if err := replay.ExportWith(&buf, src, "bolt-race", replay.FormatSetup, replay.ExportOptions{At: 1}); err != nil {
		t.Fatalf("seq 1: %v", err)
	}
	setup = strings.Split(buf.String(), "\n")[1]
	for _, w := range []string{`"turn":0,"step":"pregame"`, `"pending":{"ask":"random","random":"shuffle","what":"opening"}`} {
		if !strings.Contains(setup, w) {
			t.Errorf("seq 1: the setup lacks %s:\n%s", w, setup)
		}
	}
}

// Positions of bolt-race that setups once couldn't place: mana in a pool
// (seq 3), Lightning Bolt on the stack targeting p2 (seq 4), a pass made
// with it there (seq 5), a spell cast this turn and an attacker (seq 11).
func TestExportSetupPlacesMore(t *testing.T) {
	src := recordedFixture(t, "bolt-race.jsonl")
	for _, c := range []struct {
		seq  uint64
		want []string
	}{
		{3, []string{`"pool":[{"mana":"R","source":"o21"}]`, `{"id":"o21","card":"Mountain","tapped":true}`}},
		{4, []string{`"stack":[{"id":"o31","controller":"p1","spell":"Lightning Bolt","targets":["p2"]`}},
		{5, []string{`"priority":"p2"`, `"passes":1`, `"spell":"Lightning Bolt"`}},
		{11, []string{`{"id":"o24","card":"Hill Giant","tapped":true,"attacking":"p2"}`, `"spells_cast":1`, `"step":"declare_attackers"`}},
	} {
		var buf bytes.Buffer
		if err := replay.ExportWith(&buf, src, "bolt-race", replay.FormatSetup, replay.ExportOptions{At: c.seq}); err != nil {
			t.Fatalf("seq %d: %v", c.seq, err)
		}
		setup := strings.Split(buf.String(), "\n")[1]
		for _, w := range c.want {
			if !strings.Contains(setup, w) {
				t.Errorf("seq %d: the setup lacks %s:\n%s", c.seq, w, setup)
			}
		}
	}
}

// The setup of bolt-race after its own setup names cards as a person would,
// and is small.
func TestExportSetupReadable(t *testing.T) {
	src := recordedFixture(t, "bolt-race.jsonl")
	var buf bytes.Buffer
	if err := replay.ExportWith(&buf, src, "bolt-race", replay.FormatSetup, replay.ExportOptions{At: 2}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 12 {
		t.Fatalf("%d lines, want 12 (match_started, setup, 10 inputs):\n%s", len(lines), buf.String())
	}
	for _, want := range []string{`"turn":5`, `"step":"main1"`, `"active_player":"p1"`, `"hand":["Lightning Bolt","Shock"]`,
		`{"id":"o29","card":"Grizzly Bears","tapped":true}`, `"life":5`} {
		if !strings.Contains(lines[1], want) {
			t.Errorf("setup lacks %s:\n%s", want, lines[1])
		}
	}
}

// Inputs after the position that name objects by id keep naming them: the
// setup gives every object the id the match gave it. green-red names its
// mana sources by name; here each activate names its source by the object
// id the match gave it, and every exported file must still replay to the
// same end with those ids as they were.
func TestExportSetupKeepsIDs(t *testing.T) {
	lines, err := events.ReadJSONLFile(matchFixture("green-red.jsonl"), events.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	orig, err := replay.OpenFile(matchFixture("green-red.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	tapped := map[uint64]string{} // seq -> the object its activate tapped
	if err := replay.Replay(orig, "green-red", func(_ *reducer.Game, in replay.Input) error {
		for _, e := range in.Effects {
			if e.Op == reducer.OpTap && in.Event.Kind == events.KindActivate {
				tapped[in.Event.Seq] = e.Obj.String()
				break
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	var evs []*events.Event
	for _, l := range lines {
		if a, ok := l.Event.Body.(*events.Activate); ok && tapped[l.Event.Seq] != "" {
			a.Source = tapped[l.Event.Seq]
		}
		evs = append(evs, l.Event)
	}
	path := filepath.Join(t.TempDir(), "by-id.jsonl")
	replaytest.WriteJSONL(t, path, evs)
	src, err := replay.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	end, err := replay.Seek(src, "green-red", replay.At{})
	if err != nil {
		t.Fatalf("the file naming sources by id doesn't replay: %v", err)
	}
	wantEnd := normal(t, end.View(reducer.ViewJudge))
	named := 0
	for seq := uint64(1); seq <= uint64(len(evs)); seq++ {
		var buf bytes.Buffer
		err := replay.ExportWith(&buf, src, "green-red", replay.FormatSetup, replay.ExportOptions{At: seq})
		if errors.As(err, new(*replay.SetupError)) {
			continue
		}
		if err != nil {
			t.Fatalf("seq %d: %v", seq, err)
		}
		checkSetupFile(t, src, "green-red", seq, buf.Bytes(), wantEnd)
		for _, ev := range evs[seq:] {
			if a, ok := ev.Body.(*events.Activate); ok && strings.HasPrefix(a.Source, "o") {
				if !strings.Contains(buf.String(), `"source":"`+a.Source+`"`) {
					t.Errorf("seq %d: the activate of seq %d no longer names %s", seq, ev.Seq, a.Source)
				}
				named++
			}
		}
	}
	if named == 0 {
		t.Error("no exported file has an input naming an object by id: the test shows nothing")
	}
}
