package replay_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vmihailenco/msgpack/v5"
	bolt "go.etcd.io/bbolt"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/store"
	"github.com/chronicle-mtg/chronicle/reducer"
	"github.com/chronicle-mtg/chronicle/replay"
	"github.com/chronicle-mtg/chronicle/replay/replaytest"
)

// fixtureNames are the sample matches every audit must find clean.
var fixtureNames = []string{"bolt-race.jsonl", "counter-war.jsonl", "opening-hands.jsonl", "green-red.jsonl", "best-of-three.jsonl"}

func fixturePath(name string) string { return filepath.Join("..", "fixtures", "matches", name) }

// auditStored records the fixture into a fresh store, lets damage change the
// bbolt file, and audits the match.
func auditStored(t *testing.T, fixture, match string, damage func(dir string)) replay.Report {
	t.Helper()
	dir := t.TempDir()
	replaytest.Record(t, dir, fixturePath(fixture))
	if damage != nil {
		damage(dir)
	}
	src, err := replay.OpenStore(dir, replay.StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	rep, err := replay.Audit(src, match)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// findings lists the report's findings one a line, for failure messages.
func findings(r replay.Report) string {
	var b bytes.Buffer
	if err := r.WriteText(&b); err != nil {
		return err.Error()
	}
	return b.String()
}

func TestAuditCleanFixtures(t *testing.T) {
	for _, name := range fixtureNames {
		match := strings.TrimSuffix(name, ".jsonl")
		t.Run(match, func(t *testing.T) {
			rep := auditStored(t, name, match, nil)
			if !rep.OK || len(rep.Findings) != 0 || rep.Rederived != rep.Inputs || rep.Inputs == 0 {
				t.Errorf("stored: %+v\n%s", rep, findings(rep))
			}
			reps, err := replay.AuditFile(fixturePath(name))
			if err != nil {
				t.Fatal(err)
			}
			if len(reps) != 1 || !reps[0].OK || reps[0].Rederived != reps[0].Inputs {
				t.Errorf("file: %+v", reps)
			}
		})
	}
}

// lifeSeq is the first seq of bolt-race whose recorded effects take 3 life:
// Lightning Bolt resolving.
func lifeSeq(t *testing.T) uint64 {
	t.Helper()
	dir := t.TempDir()
	replaytest.Record(t, dir, fixturePath("bolt-race.jsonl"))
	src, err := replay.OpenStore(dir, replay.StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	effs, err := src.Effects("bolt-race")
	if err != nil {
		t.Fatal(err)
	}
	for seq := uint64(1); seq <= uint64(len(effs)); seq++ {
		es, err := reducer.DecodeEffects(effs[seq])
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range es {
			if e.Op == reducer.OpLife && e.N == -3 {
				return seq
			}
		}
	}
	t.Fatal("no life change in bolt-race")
	return 0
}

func TestAuditTamperedEffects(t *testing.T) {
	seq := lifeSeq(t)
	rep := auditStored(t, "bolt-race.jsonl", "bolt-race", func(dir string) {
		replaytest.RewriteEffects(t, dir, "bolt-race", seq, func(effs []reducer.Effect) []reducer.Effect {
			for i := range effs {
				if effs[i].Op == reducer.OpLife && effs[i].N == -3 {
					effs[i].N = -1 // Lightning Bolt dealt 1, says the record
				}
			}
			return effs
		})
	})
	if rep.OK || len(rep.Findings) == 0 {
		t.Fatalf("tampered effects audit clean:\n%s", findings(rep))
	}
	f := rep.Findings[0]
	if f.Seq != seq || f.Kind != replay.FindingDivergence || f.Rule != replay.RuleEffects {
		t.Fatalf("first finding %v, want a divergence at seq %d\n%s", f, seq, findings(rep))
	}
	// The record says Bob went 5 -> 4; today's rules say 5 -> 2.
	want := replay.Change{Path: "players.p2.life", Before: "4", After: "2"}
	found := false
	for _, c := range f.Changes {
		found = found || c == want
	}
	if !found {
		t.Errorf("changes %v, want %v\n%s", f.Changes, want, findings(rep))
	}
	if !strings.Contains(f.Reason, "was recorded as") {
		t.Errorf("reason %q doesn't say which effect differs", f.Reason)
	}
	for _, g := range rep.Findings[1:] {
		if g.Kind == replay.FindingDivergence {
			t.Errorf("a second divergence finding: %v (later ones are counted in the first)", g)
		}
	}
}

func TestAuditUnreadableEffects(t *testing.T) {
	rep := auditStored(t, "counter-war.jsonl", "counter-war", func(dir string) {
		replaytest.PutSealed(t, dir, "counter-war", "effects", 4, []byte{0xc1})
	})
	if len(rep.Findings) != 1 || rep.Findings[0].Seq != 4 || rep.Findings[0].Kind != replay.FindingDivergence ||
		!strings.Contains(rep.Findings[0].Reason, "can't be read") {
		t.Errorf("findings:\n%s", findings(rep))
	}
}

// A byte flipped in stored effects fails their checksum: the audit says
// so at that input and goes on with today's effects.
func TestAuditFlippedEffects(t *testing.T) {
	rep := auditStored(t, "counter-war.jsonl", "counter-war", func(dir string) {
		replaytest.EditMatch(t, dir, "counter-war", func(mb *bolt.Bucket) error {
			eb := mb.Bucket([]byte("effects"))
			v := bytes.Clone(eb.Get(replaytest.SeqKey(4)))
			v[len(v)-1] ^= 0x01
			return eb.Put(replaytest.SeqKey(4), v)
		})
	})
	if len(rep.Findings) != 1 || rep.Findings[0].Seq != 4 || rep.Findings[0].Kind != replay.FindingDivergence ||
		!strings.Contains(rep.Findings[0].Reason, "checksum") {
		t.Errorf("findings:\n%s", findings(rep))
	}
}

func TestAuditTamperedDigest(t *testing.T) {
	var seq uint64
	rep := auditStored(t, "green-red.jsonl", "green-red", func(dir string) {
		st, err := store.OpenDir(dir, store.Options{})
		if err != nil {
			t.Fatal(err)
		}
		ds, err := st.Digests("green-red")
		st.Close()
		if err != nil || len(ds) < 2 {
			t.Fatalf("digests %v, %v", ds, err)
		}
		d := ds[1]
		seq = d.Seq
		d.Digest = bytes.Repeat([]byte{0xab}, len(d.Digest))
		raw, err := msgpack.Marshal(&d)
		if err != nil {
			t.Fatal(err)
		}
		replaytest.PutRaw(t, dir, "green-red", "digests", d.Seq, raw)
	})
	if len(rep.Findings) != 1 {
		t.Fatalf("findings:\n%s", findings(rep))
	}
	f := rep.Findings[0]
	if f.Seq != seq || f.Rule != replay.RuleDigest || !strings.Contains(f.Reason, "abababababab") {
		t.Errorf("finding %v, want a digest divergence at seq %d", f, seq)
	}
}

func TestAuditIllegalInputInFile(t *testing.T) {
	lines, err := os.ReadFile(fixturePath("bolt-race.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	head := strings.SplitAfterN(string(lines), "\n", 3)[:2] // match_started, setup
	bad := `{"match":"bolt-race","kind":"pass","actor":"p2","body":{"player":"p2"}}` + "\n"
	path := filepath.Join(t.TempDir(), "illegal.jsonl")
	if err := os.WriteFile(path, []byte(head[0]+head[1]+bad), 0o644); err != nil {
		t.Fatal(err)
	}
	reps, err := replay.AuditFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(reps) != 1 || len(reps[0].Findings) != 1 {
		t.Fatalf("reports %+v", reps)
	}
	f := reps[0].Findings[0]
	if f.Seq != 3 || f.Line != 3 || f.Kind != replay.FindingIllegal || f.Rule != "CR 117.3" ||
		!strings.Contains(f.Reason, "p2 can't pass priority") || !strings.Contains(f.Reason, "p1") {
		t.Errorf("finding %+v", f)
	}
	var out bytes.Buffer
	if err := reps[0].WriteText(&out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "line 3, seq 3: illegal: p2 can't pass priority") {
		t.Errorf("text:\n%s", out.String())
	}
}

func TestAuditBrokenChain(t *testing.T) {
	for _, c := range []struct {
		name   string
		damage func(t *testing.T, dir string)
		seq    uint64
		rule   string
	}{
		{"time changed, hash kept", func(t *testing.T, dir string) {
			replaytest.RewriteEvent(t, dir, "bolt-race", 5, replaytest.Reencode(t, func(ev *events.Event) { ev.Recorded++ }))
		}, 5, events.RuleChain},
		{"event removed", func(t *testing.T, dir string) {
			replaytest.DeleteRaw(t, dir, "bolt-race", "events", 12)
		}, 12, replay.RuleMeta},
	} {
		t.Run(c.name, func(t *testing.T) {
			rep := auditStored(t, "bolt-race.jsonl", "bolt-race", func(dir string) { c.damage(t, dir) })
			if rep.OK || len(rep.Findings) == 0 {
				t.Fatalf("audit clean:\n%s", findings(rep))
			}
			f := rep.Findings[0]
			if f.Kind != replay.FindingChain || f.Seq != c.seq || f.Rule != c.rule {
				t.Errorf("first finding %v, want a chain finding at seq %d (%s)\n%s", f, c.seq, c.rule, findings(rep))
			}
		})
	}
}

func TestAuditBrokenChainInFile(t *testing.T) {
	evs := replaytest.Match(replaytest.Spec{Match: "m1", Passes: 2})
	evs[4].Prev = evs[2].Hash
	path := filepath.Join(t.TempDir(), "chain.jsonl")
	replaytest.WriteJSONL(t, path, evs)
	reps, err := replay.AuditFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(reps) != 1 || len(reps[0].Findings) != 1 || reps[0].Findings[0].Kind != replay.FindingChain ||
		reps[0].Findings[0].Seq != 5 || reps[0].Findings[0].Line != 5 {
		t.Errorf("reports %+v", reps)
	}
}

// playtestMatch is a match whose deck lists hold both playtest cards of the
// pool, one by its first face's name.
func playtestMatch(format string) string {
	return `{"match":"pt","kind":"match_started","actor":"table","body":{"format":"` + format + `","players":[` +
		`{"id":"p1","name":"Alice","deck":["Forest","Keeper of the Crown","Forest"]},` +
		`{"id":"p2","name":"Bob","deck":["Island"],"sideboard":["Starting Town NPC"]}],"first_player":"p1"}}` + "\n"
}

func TestAuditPlaytest(t *testing.T) {
	for _, c := range []struct {
		format string
		flag   bool
	}{
		{"standard", true},
		{"Mystery Booster Draft", false},
		{"mystery-booster-2-sealed", false},
		{"MYSTERY_BOOSTER_DRAFT", false},
		{"mystery booster constructed", true},
	} {
		t.Run(c.format, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "pt.jsonl")
			if err := os.WriteFile(path, []byte(playtestMatch(c.format)), 0o644); err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			replaytest.Record(t, dir, path)
			src, err := replay.OpenStore(dir, replay.StoreOptions{})
			if err != nil {
				t.Fatal(err)
			}
			defer src.Close()
			rep, err := replay.Audit(src, "pt")
			if err != nil {
				t.Fatal(err)
			}
			if !c.flag {
				if !rep.OK {
					t.Errorf("findings in a Mystery Booster format:\n%s", findings(rep))
				}
				return
			}
			if len(rep.Findings) != 2 {
				t.Fatalf("findings:\n%s", findings(rep))
			}
			for i, want := range []string{"Keeper of the Crown (in p1's deck)", "Starting Town NPC (in p2's sideboard)"} {
				f := rep.Findings[i]
				if f.Seq != 1 || f.Kind != replay.FindingPlaytest || f.Rule != "PT-1" || !strings.HasPrefix(f.Reason, want) ||
					!strings.Contains(f.Reason, c.format) {
					t.Errorf("finding %d: %v, want one starting %q", i, f, want)
				}
			}
		})
	}
}

func TestPlaytestLegal(t *testing.T) {
	for in, want := range map[string]bool{
		"mystery_booster_draft": true, " Mystery  Booster - Sealed ": true, "Mystery-Booster-2-Draft": true,
		"mystery_booster": false, "standard": false, "": false, "mystery booster 3 draft": false,
	} {
		if got := replay.PlaytestLegal(in); got != want {
			t.Errorf("PlaytestLegal(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestAuditJSON(t *testing.T) {
	rep := auditStored(t, "bolt-race.jsonl", "bolt-race", nil)
	b, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	if got["match"] != "bolt-race" || got["ok"] != true {
		t.Errorf("json %s", b)
	}
	if fs, ok := got["findings"].([]any); !ok || len(fs) != 0 {
		t.Errorf("findings %s, want []", b)
	}
}

// A match's declared cards are listed in its audit, and a declared
// playtest card in a tournament format is a PT-1 finding like any other.
func TestAuditListsDeclaredCards(t *testing.T) {
	lines := []string{
		`{"match":"d1","kind":"match_started","actor":"table","body":{"format":"modern","first_player":"p1","players":[{"id":"p1","name":"A","deck":["Test Bear","Forest"]},{"id":"p2","name":"B","deck":["Forest"]}],` +
			`"cards":[{"name":"Test Bear","mana_cost":"{1}{G}","types":["Creature"],"power":"2","toughness":"2","abilities":[],"playtest":true},` +
			`{"name":"Test Wall","types":["Creature"],"power":"0","toughness":"4","token":true,"oracle_text":"Defender"}]}}`,
	}
	path := filepath.Join(t.TempDir(), "declared.jsonl")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	reps, err := replay.AuditFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r := reps[0]
	want := []replay.DeclaredCard{
		{Name: "Test Bear", From: "abilities", Playtest: true},
		{Name: "Test Wall", From: "oracle_text", Token: true},
	}
	if fmt.Sprint(r.Declared) != fmt.Sprint(want) {
		t.Errorf("declared %+v, want %+v", r.Declared, want)
	}
	if len(r.Findings) != 1 || r.Findings[0].Rule != replay.RulePlaytest || !strings.Contains(r.Findings[0].Reason, "Test Bear (in p1's deck) is a playtest card") {
		t.Errorf("findings %+v", r.Findings)
	}
	var out bytes.Buffer
	if err := r.WriteText(&out); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"declares Test Bear (a playtest card, 0 abilities given as data)", "declares Test Wall (a token, its Oracle text compiled)"} {
		if !strings.Contains(out.String(), s) {
			t.Errorf("text lacks %q:\n%s", s, out.String())
		}
	}
}
