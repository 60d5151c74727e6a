package replay_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/coverage"
	"github.com/chronicle-mtg/chronicle/reducer"
	"github.com/chronicle-mtg/chronicle/replay"
	"github.com/chronicle-mtg/chronicle/replay/replaytest"
	"github.com/chronicle-mtg/chronicle/sim"
)

// TestSetupEveryPosition is the property of setups: for generated games,
// the setup `export --format setup` writes at a position replays to the
// same state (the same digest, once what a setup doesn't carry because it
// is history is set aside: see positionOf) and, fed the inputs that
// followed, on to the same end. The games are the driver's random decks of
// modelled cards and real decklists (fixtures/decklists), whose cards the
// engine doesn't model are played through the table's effects (tokens it
// describes, abilities by text, continuous effects). With -short it tries
// every third position of one game of each; without, every position of
// three of each. The last position of each, the match over, is always
// tried: a setup places it with "over" (who won the last game). Games of themed decks (themedDecks) meet delayed triggers
// and extra turns. Positions a setup can't place yet are counted by reason.
func TestSetupEveryPosition(t *testing.T) {
	f, err := os.Open(filepath.Join("..", "fixtures", "decklists", "decks.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	decks, err := coverage.ReadDecks(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	type game struct {
		name string
		seed int64
		opt  sim.Options
	}
	var games []game
	for _, seed := range []int64{11, 12, 13} {
		games = append(games, game{fmt.Sprint("random-", seed), seed, sim.Options{BestOf: 1, MaxGameInputs: 160}},
			game{fmt.Sprint("decks-", seed), seed, sim.Options{BestOf: 1, MaxGameInputs: 160, Decks: decks}})
	}
	for _, seed := range []int64{1, 2} { // decks of extra turns, dash and delayed triggers (themedDecks)
		games = append(games, game{fmt.Sprint("themed-", seed), seed, sim.Options{BestOf: 1, MaxGameInputs: 300, NoConcede: true, Decks: themedDecks}})
	}
	every := uint64(1)
	if testing.Short() {
		games, every = []game{games[0], games[1], games[len(games)-2]}, 3
	}
	later := 0 // positions with delayed triggers or extra turns to come
	for _, gm := range games {
		seed := gm.seed
		t.Run(gm.name, func(t *testing.T) {
			m, err := sim.Play(seed, gm.opt)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(t.TempDir(), "game.jsonl")
			replaytest.WriteJSONL(t, path, m.Inputs)
			src, err := replay.OpenFile(path)
			if err != nil {
				t.Fatal(err)
			}
			states := map[uint64]*reducer.State{}
			var end *reducer.State
			last := uint64(len(m.Inputs)) // the match is over: a setup places that too
			if err := replay.Replay(src, m.ID, func(g *reducer.Game, in replay.Input) error {
				if in.Event.Seq%every == 0 || in.Event.Seq == last {
					states[in.Event.Seq] = g.S.Clone()
					if len(g.S.Delayed)+len(g.S.ExtraTurns) > 0 {
						later++
					}
				}
				end = g.S
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			end = end.Clone()
			placed, refused := 0, map[string]int{}
			if !end.Over {
				t.Fatalf("the match isn't over after its %d inputs: its last position tests nothing", last)
			}
			var seqs []uint64
			for seq := every; seq < last; seq += every {
				seqs = append(seqs, seq)
			}
			for _, seq := range append(seqs, last) {
				var buf bytes.Buffer
				err := replay.ExportWith(&buf, src, m.ID, replay.FormatSetup, replay.ExportOptions{At: seq})
				var se *replay.SetupError
				if errors.As(err, &se) {
					if seq == last {
						t.Errorf("seq %d, the end of the match: %v", seq, err)
					}
					for _, r := range se.Reasons {
						refused[reasonKind(r)]++
					}
					continue
				}
				if err != nil {
					t.Fatalf("seq %d: %v", seq, err)
				}
				placed++
				checkSetupReplays(t, m.ID, seq, buf.Bytes(), states[seq], end)
			}
			var why []string
			for r, n := range refused {
				why = append(why, fmt.Sprintf("%s: %d", r, n))
			}
			sort.Strings(why)
			t.Logf("%s: %d inputs, %d positions tried (the last among them), %d placed by a setup; refused: %s", gm.name, len(m.Inputs),
				len(seqs)+1, placed, strings.Join(why, "; "))
			if placed == 0 {
				t.Error("no position was placed: the property is tested on nothing")
			}
		})
	}
	t.Logf("%d positions with delayed triggers or extra turns to come", later)
	if later == 0 {
		t.Error("no position had delayed triggers or extra turns: the themed decks test nothing")
	}
}

// themedDecks play cards that set up delayed triggered abilities (dash's
// return, Teferi's untap) and extra turns, so that the property meets them.
var themedDecks = []coverage.Deck{
	{Format: "Legacy", Main: []coverage.Entry{{Name: "Island", Count: 9}, {Name: "Mountain", Count: 9}, {Name: "Time Walk", Count: 4},
		{Name: "Temporal Manipulation", Count: 4}, {Name: "Lightning Berserker", Count: 4}, {Name: "Mardu Scout", Count: 4},
		{Name: "Screamreach Brawler", Count: 4}, {Name: "Capture of Jingzhou", Count: 2}}},
	{Format: "Legacy", Main: []coverage.Entry{{Name: "Swamp", Count: 9}, {Name: "Mountain", Count: 9}, {Name: "Kolaghan Skirmisher", Count: 4},
		{Name: "Reckless Imp", Count: 4}, {Name: "Mardu Shadowspear", Count: 4}, {Name: "Goblin Heelcutter", Count: 4},
		{Name: "Alesha's Vanguard", Count: 4}, {Name: "Pitiless Horde", Count: 2}}},
}

// reasonKind is a refusal's reason without its particulars.
func reasonKind(r string) string {
	if i := strings.IndexAny(r, ":("); i > 0 {
		r = r[:i]
	}
	return strings.TrimSpace(r)
}

// checkSetupReplays replays an exported file: its setup reaches want, the
// position after seq, and the rest reaches end.
func checkSetupReplays(t *testing.T, match string, seq uint64, file []byte, want, end *reducer.State) {
	t.Helper()
	path := filepath.Join(t.TempDir(), fmt.Sprintf("at-%d.jsonl", seq))
	if err := os.WriteFile(path, file, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := replay.OpenFile(path)
	if err != nil {
		t.Fatalf("seq %d: %v", seq, err)
	}
	got, err := replay.Seek(f, match, replay.At{Seq: 2})
	if err != nil {
		t.Fatalf("seq %d: the setup doesn't replay: %v\n%s", seq, err, strings.Split(string(file), "\n")[1])
	}
	if diff := positionDiff(got.Game.S, want); diff != "" {
		t.Fatalf("seq %d: the setup reaches another position:\n%s\nsetup: %s", seq, diff, strings.Split(string(file), "\n")[1])
	}
	last, err := replay.Seek(f, match, replay.At{})
	if err != nil {
		t.Fatalf("seq %d: the inputs after the setup don't replay: %v", seq, err)
	}
	if diff := positionDiff(last.Game.S, end); diff != "" {
		t.Fatalf("seq %d: the file ends elsewhere:\n%s", seq, diff)
	}
}

// positionOf is s without what a setup doesn't carry because it is history,
// not position: mulligans taken once the first turn began, who decided in the mulligan rounds and who
// chose to play first, uses
// of once-a-turn abilities in turns before this one, what exiled a card
// when nothing recorded it (a setup says "a setup position"), and the
// last timestamp given to continuous effects that have all ended.
func positionOf(s *reducer.State) *reducer.State {
	c := s.Clone()
	for _, p := range c.Players {
		if c.Turn > 0 { // before the first turn they are position: a setup places them
			p.Mulligans, p.Decided = 0, false
		}
		p.ChosePlay = false // not in the digest: who chose play or draw this game
	}
	for _, o := range c.Objects {
		if o == nil {
			continue
		}
		if o.Zone == reducer.ZoneExile && o.ExiledBy == "" {
			o.ExiledBy = reducer.ExiledBySetup
		}
		var used []reducer.Use
		for _, u := range o.Used {
			if u.Turn == c.Turn {
				used = append(used, u)
			}
		}
		o.Used = used
	}
	if len(c.Continuous) == 0 {
		c.Timestamp = 0
	}
	return c
}

// positionDiff is "" when a and b are the same position, else their
// digests and the fields that differ.
func positionDiff(a, b *reducer.State) string {
	pa, pb := positionOf(a), positionOf(b)
	if pa.Digest() == pb.Digest() {
		return ""
	}
	var out []string
	diffValue(&out, "state", reflect.ValueOf(pa).Elem(), reflect.ValueOf(pb).Elem(), 0)
	if len(out) == 0 {
		out = append(out, "(no field differs that reflection sees)")
	}
	return fmt.Sprintf("digest %s, want %s; differing: %s", pa.Digest(), pb.Digest(), strings.Join(out, "; "))
}

// diffValue lists the exported fields that differ, by path, descending into
// structs, slices and pointers to structs.
func diffValue(out *[]string, path string, a, b reflect.Value, depth int) {
	if len(*out) > 20 || depth > 6 {
		return
	}
	switch a.Kind() {
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() || a.Elem().Kind() != reflect.Struct {
			if !reflect.DeepEqual(a.Interface(), b.Interface()) {
				*out = append(*out, fmt.Sprintf("%s: %v, want %v", path, short(a), short(b)))
			}
			return
		}
		if a.Type().Elem().Name() == "Card" { // a card definition: by name
			if ca, cb := a.Elem().FieldByName("Name"), b.Elem().FieldByName("Name"); ca.String() != cb.String() {
				*out = append(*out, fmt.Sprintf("%s: %s, want %s", path, ca, cb))
			}
			return
		}
		diffValue(out, path, a.Elem(), b.Elem(), depth+1)
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			if !a.Type().Field(i).IsExported() {
				continue
			}
			diffValue(out, path+"."+a.Type().Field(i).Name, a.Field(i), b.Field(i), depth+1)
		}
	case reflect.Slice:
		if a.Len() != b.Len() {
			*out = append(*out, fmt.Sprintf("%s: %d items, want %d: %v, want %v", path, a.Len(), b.Len(), short(a), short(b)))
			return
		}
		for i := 0; i < a.Len(); i++ {
			diffValue(out, fmt.Sprintf("%s[%d]", path, i), a.Index(i), b.Index(i), depth+1)
		}
	default:
		if a.CanInterface() && !reflect.DeepEqual(a.Interface(), b.Interface()) {
			*out = append(*out, fmt.Sprintf("%s: %v, want %v", path, short(a), short(b)))
		}
	}
}

func short(v reflect.Value) string {
	s := fmt.Sprintf("%+v", v.Interface())
	if len(s) > 120 {
		s = s[:120] + "..."
	}
	return s
}
