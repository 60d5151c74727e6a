package replay_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer"
	"github.com/chronicle-mtg/chronicle/replay"
	"github.com/chronicle-mtg/chronicle/replay/replaytest"
)

// Positions a setup once couldn't place, reached by the reducer's
// scenarios (reducer/testdata): each scenario's first match, its setup and
// the inputs the rules accept make a log; every position of it from the
// setup on is exported as a setup, which must replay to the same state
// and on to the same end, and some position's setup must use the field
// that places the feature.
func TestExportSetupLater(t *testing.T) {
	for _, c := range []struct {
		scenario string
		want     []string
	}{
		{"lang_delayed.txt", []string{`"delayed":[{"source":`}},
		{"lang_dash.txt", []string{`"delayed":[{"source":`, `"lki":{`}},
		{"lang_earthbend.txt", []string{`"about":"o`}},
		{"lang_extra_turn.txt", []string{`"extra_turns":["p1","p1"]`, `"extra_turns":["p1"]`}},
		{"setup_later.txt", []string{`"delayed":[{"source":"o5","card":"Test Teferi","index":0,"controller":"p1"}]`, `"extra_turns":["p2"]`, `"emblems":[{"id":"o9"`,
			`"choices":{"modes":[],"slots":[1]},"progress":{"step":1,"pc":[0,1],"bound":[{"name":"it","items":["o20","p2"],"text":"G","did":true}]},"times":2`,
			`"progress":{"bound":[{"name":"x","items":["-"]}]}`,
			`"source":"o5","card":"Test Food","characteristics":{"name":"Test Food","types":["Artifact"],"subtypes":["Food"],"text":"{T}: You gain 2 life."}`,
			`"trigger":0,"source":"o6","card":"Test Cheerleader","characteristics":{"name":"Test Cheerleader"`,
			`"token":true,"characteristics":{"name":"Test Changeling","types":["Creature"],"power":"0","toughness":"0"},"copy_of":"Test Giant"`,
			`{"id":"o20","card":"Test Giant","blocking":"o9"}`}},
		{"mulligan.txt", []string{`"turn":0,"step":"pregame"`, `"pending":{"ask":"random","random":"coin"}`,
			`"pending":{"ask":"choose","player":"p2","what":"play_or_draw","options":["play","draw"]}`, `"mulliganed":true`,
			`"mulligans":1,"mulliganed":true`, `"kept":true`, `"pending":{"ask":"mulligan","player":"p1","n":1}`}},
		{"lang_costs.txt", nil},
		{"lang_put_from_hand.txt", nil},
		{"lang_attach.txt", nil},
		{"lang_cost_targets.txt", nil},
		{"table_token_triggers.txt", []string{`"trigger":0,"source":"o12","card":"Test Spirit","characteristics":{"name":"Test Spirit","types":["Creature"],"subtypes":["Spirit"],"power":"1","toughness":"1","text":"At the beginning of your upkeep, you gain 2 life."}`}},
		{"lang_lifegain.txt", nil},
		{"setup_cards.txt", []string{`"cards":[{"player":"p1","card":"Test Elk"},{"player":"p1","card":"Test Bear"}]`, `"hand":["c8","c7"]`}},
		{"setup_command.txt", []string{`"emblems":[{"id":"o9","emblem":"Emblem (Test Teferi)","before":0},{"id":"o11","emblem":"Emblem (Test Teferi)"}]`}},
		{"lang_emblem.txt", []string{`"emblems":[{"id":"o34","emblem":"Emblem (Test Teferi)"}]`, `"delayed":[`,
			`"declare":[{"name":"Emblem (Test Teferi)","types":[],`}},
	} {
		t.Run(c.scenario, func(t *testing.T) {
			found := map[string]bool{}
			for _, w := range c.want {
				found[w] = false
			}
			for _, evs := range scenarioLogs(t, filepath.Join("..", "reducer", "testdata", c.scenario)) {
				checkEveryPosition(t, evs, found)
			}
			for _, w := range c.want {
				if !found[w] {
					t.Errorf("no exported setup holds %s: the feature is not exercised", w)
				}
			}
		})
	}
}

// checkEveryPosition exports every position of the log evs but the
// match's end: each must be placed and round-trip. It marks in found the
// strings (its keys) some exported setup holds.
func checkEveryPosition(t *testing.T, evs []*events.Event, found map[string]bool) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "log.jsonl")
	replaytest.WriteJSONL(t, path, evs)
	src, err := replay.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	match := evs[0].Match
	end, err := replay.Seek(src, match, replay.At{})
	if err != nil {
		t.Fatal(err)
	}
	wantEnd := normal(t, end.View(reducer.ViewJudge))
	var setups []string
	for seq := uint64(1); seq <= uint64(len(evs)); seq++ {
		var buf bytes.Buffer
		err := replay.ExportWith(&buf, src, match, replay.FormatSetup, replay.ExportOptions{At: seq})
		var se *replay.SetupError
		if errors.As(err, &se) {
			if at, err := replay.Seek(src, match, replay.At{Seq: seq}); err == nil && (at.Game.S.GameOver || at.Game.S.Over) {
				continue
			}
			t.Fatalf("seq %d: %v", seq, err)
		}
		if err != nil {
			t.Fatalf("seq %d: %v", seq, err)
		}
		checkSetupFile(t, src, match, seq, buf.Bytes(), wantEnd)
		setups = append(setups, strings.Split(buf.String(), "\n")[1])
	}
	t.Logf("%d positions exported and replayed", len(setups))
	all := strings.Join(setups, "\n")
	if strings.Contains(all, `"types":null`) {
		t.Errorf("a setup declares a card with \"types\":null (an emblem has no types: [])")
	}
	for w := range found {
		found[w] = found[w] || strings.Contains(all, w)
	}
}

// scenarioLog makes a log of a reducer scenario file's first match: its
// match_started (declared cards and decks), its setup, and the inputs
// that follow which the rules accept.
func scenarioLog(t *testing.T, path string) []*events.Event {
	t.Helper()
	return scenarioLogs(t, path)[0]
}

// scenarioLogs makes a log of each match of a reducer scenario file.
func scenarioLogs(t *testing.T, path string) [][]*events.Event {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	const match = "scenario"
	var g *reducer.Game
	var logs [][]*events.Event
	submit := func(ev *events.Event) {
		out := &logs[len(logs)-1]
		if _, err := g.Submit(ev); err == nil {
			*out = append(*out, ev)
		} else if len(*out) == 0 {
			t.Fatalf("%s: %s refused: %v", path, ev.Kind, err)
		}
	}
	lines := strings.Split(string(data), "\n")
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		cmd := strings.Fields(l)[0]
		var block []string
		for i++; i < len(lines) && lines[i] != "----"; i++ {
			block = append(block, lines[i])
		}
		for i++; i < len(lines) && strings.TrimSpace(lines[i]) != ""; i++ {
		}
		switch {
		case cmd == "match":
			g = reducer.New(nil)
			logs = append(logs, nil)
			submit(&events.Event{Match: match, Kind: events.KindMatchStarted, Actor: events.TableActor, Body: scenarioStart(t, l, block)})
		case g == nil:
		case cmd == "setup":
			submit(scenarioEvent(t, match, `{"kind":"setup","body":`+strings.Join(block, "\n")+`}`))
		case cmd == "input":
			for _, in := range block {
				if strings.HasPrefix(in, "{") {
					submit(scenarioEvent(t, match, in))
				}
			}
		}
	}
	return logs
}

func scenarioStart(t *testing.T, head string, block []string) *events.MatchStarted {
	b := &events.MatchStarted{Format: "standard"}
	for _, a := range strings.Fields(head)[1:] {
		k, v, _ := strings.Cut(a, "=")
		switch k {
		case "first":
			b.FirstPlayer = v
		case "format":
			b.Format = v
		case "best_of":
			b.BestOf, _ = strconv.Atoi(v)
		case "life":
			b.StartingLife, _ = strconv.Atoi(v)
		}
	}
	for _, l := range block {
		if strings.HasPrefix(l, "{") {
			var d events.DeclaredCard
			if err := json.Unmarshal([]byte(l), &d); err != nil {
				t.Fatal(err)
			}
			b.Cards = append(b.Cards, d)
			continue
		}
		head, deck, _ := strings.Cut(l, ":")
		id, name, _ := strings.Cut(strings.TrimSpace(head), " ")
		p := events.Player{ID: id, Name: name}
		deck, side, _ := strings.Cut(deck, "|")
		for k, list := range []string{deck, side} {
			for _, entry := range strings.Split(list, ",") {
				if entry = strings.TrimSpace(entry); entry == "" {
					continue
				}
				n := 1
				if card, count, ok := strings.Cut(entry, "*"); ok {
					n, _ = strconv.Atoi(strings.TrimSpace(count))
					entry = strings.TrimSpace(card)
				}
				for range n {
					if k == 0 {
						p.Deck = append(p.Deck, entry)
					} else {
						p.Sideboard = append(p.Sideboard, entry)
					}
				}
			}
		}
		b.Players = append(b.Players, p)
	}
	return b
}

func scenarioEvent(t *testing.T, match, line string) *events.Event {
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(line), &m); err != nil {
		t.Fatal(err)
	}
	var kind string
	var body struct {
		Player string `json:"player"`
	}
	json.Unmarshal(m["kind"], &kind)
	json.Unmarshal(m["body"], &body)
	actor := body.Player
	if k := events.Kind(kind); k == events.KindSetup || k == events.KindRandom || actor == "" {
		actor = events.TableActor
	}
	m["match"], m["actor"] = json.RawMessage(strconv.Quote(match)), json.RawMessage(strconv.Quote(actor))
	data, _ := json.Marshal(m)
	ev, err := events.ParseJSON(data)
	if err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	return ev
}
