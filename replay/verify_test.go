package replay_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/store"
	"github.com/chronicle-mtg/chronicle/replay"
	"github.com/chronicle-mtg/chronicle/replay/replaytest"
)

func TestVerifyStoreFindings(t *testing.T) {
	for _, c := range []struct {
		name   string
		damage func(t *testing.T, dir string)
		seq    uint64
		field  string
		rule   string
		reason string
	}{
		{
			name: "body changed, hash kept",
			damage: func(t *testing.T, dir string) {
				replaytest.RewriteEvent(t, dir, "m1", 9, replaytest.Reencode(t, func(ev *events.Event) {
					ev.Actor, ev.Body = "p1", &events.Pass{Player: "p1"}
				}))
			},
			seq: 9, field: "hash", rule: events.RuleChain, reason: "does not match the content",
		},
		{
			name: "not canonical",
			damage: func(t *testing.T, dir string) {
				replaytest.RewriteEvent(t, dir, "m1", 5, replaytest.NonCanonicalSeq(t))
			},
			seq: 5, rule: replay.RuleCanonical, reason: "not the canonical encoding",
		},
		{
			name: "resealed, prev broken",
			damage: func(t *testing.T, dir string) {
				replaytest.RewriteEvent(t, dir, "m1", 6, replaytest.Reencode(t, func(ev *events.Event) {
					ev.Body = &events.Attack{Player: "p1", Attackers: []events.Attacker{{Creature: "o9", Defender: "p2"}}}
					ev.Seal()
				}))
			},
			seq: 7, field: "prev", rule: events.RuleChain, reason: "does not match the hash of seq 6",
		},
		{
			name: "prev dropped",
			damage: func(t *testing.T, dir string) {
				replaytest.RewriteEvent(t, dir, "m1", 3, replaytest.Reencode(t, func(ev *events.Event) { ev.Prev = events.Hash{}; ev.Seal() }))
			},
			seq: 3, field: "prev", rule: events.RuleChain, reason: "missing",
		},
		{
			name: "unsealed",
			damage: func(t *testing.T, dir string) {
				replaytest.RewriteEvent(t, dir, "m1", 4, replaytest.Reencode(t, func(ev *events.Event) { ev.Hash = events.Hash{} }))
			},
			seq: 4, field: "hash", rule: events.RuleChain, reason: "missing",
		},
		{
			name: "garbage",
			damage: func(t *testing.T, dir string) {
				replaytest.RewriteEvent(t, dir, "m1", 2, func([]byte) []byte { return []byte("hello") })
			},
			seq: 2, rule: events.RuleDecode, reason: "do not decode",
		},
		{
			name: "stored under another seq",
			damage: func(t *testing.T, dir string) {
				replaytest.EditMatch(t, dir, "m1", func(mb *bolt.Bucket) error {
					eb := replaytest.Events(mb)
					return eb.Put(replaytest.SeqKey(3), append([]byte(nil), eb.Get(replaytest.SeqKey(4))...))
				})
			},
			seq: 3, field: "seq", rule: events.RuleSeq, reason: "stored under seq 3",
		},
		{
			name: "gap",
			damage: func(t *testing.T, dir string) {
				replaytest.EditMatch(t, dir, "m1", func(mb *bolt.Bucket) error { return replaytest.Events(mb).Delete(replaytest.SeqKey(4)) })
			},
			seq: 5, field: "seq", rule: events.RuleSeq, reason: "gap: expected seq 4, got 5",
		},
		{
			name: "last event lost",
			damage: func(t *testing.T, dir string) {
				replaytest.EditMatch(t, dir, "m1", func(mb *bolt.Bucket) error { return replaytest.Events(mb).Delete(replaytest.SeqKey(10)) })
			},
			seq: 10, field: "meta.head_seq", rule: replay.RuleMeta, reason: "the last stored event is seq 9",
		},
		{
			name: "meta head hash",
			damage: func(t *testing.T, dir string) {
				replaytest.RewriteMeta(t, dir, "m1", func(m *store.Meta) { m.HeadHash[0] ^= 1 })
			},
			seq: 10, field: "meta.head_hash", rule: replay.RuleMeta, reason: "is not the hash of seq 10",
		},
		{
			name: "meta count",
			damage: func(t *testing.T, dir string) {
				replaytest.RewriteMeta(t, dir, "m1", func(m *store.Meta) { m.Events = 11 })
			},
			field: "meta.events", rule: replay.RuleMeta, reason: "meta counts 11 events, 10 are stored",
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			m1, m2, _ := threeMatches()
			dir := t.TempDir()
			replaytest.Commit(t, dir, replaytest.Concat(m1, m2))
			c.damage(t, dir)
			src, err := replay.OpenStore(dir, replay.StoreOptions{})
			if err != nil {
				t.Fatal(err)
			}
			defer src.Close()
			rs, err := replay.VerifyAll(src)
			if err != nil {
				t.Fatal(err)
			}
			r := rs[0]
			if r.OK() || r.Hashed || r.BadSeq != c.seq || r.Field != c.field || r.Rule != c.rule || !strings.Contains(r.Reason, c.reason) {
				t.Errorf("got %+v\nwant seq %d, field %q, rule %s, reason with %q", r, c.seq, c.field, c.rule, c.reason)
			}
			if c.seq > 0 && !strings.HasPrefix(r.String(), "m1: seq ") {
				t.Errorf("String = %q, want it to name the seq", r)
			}
			if !rs[1].OK() {
				t.Errorf("m2 is sound, got %s", rs[1])
			}
		})
	}
}

func TestVerifyFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	m1, _, _ := threeMatches()
	var lines []string
	for _, ev := range m1 {
		l, err := ev.MarshalJSONLine()
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, string(l))
	}
	exported := strings.Join(lines, "\n") + "\n"
	hand := `{"match":"h1","kind":"match_started","actor":"table","body":{"format":"standard","players":[{"id":"p1","name":"A","deck":[]},{"id":"p2","name":"B","deck":[]}]}}

{"match":"h1","kind":"pass","actor":"p1","body":{"player":"p1"}}
{"match":"h1","kind":"pass","actor":"p2","body":{"player":"p2"}}
`
	gap := `{"match":"g1","seq":1,"kind":"match_started","actor":"table","body":{"format":"standard","players":[{"id":"p1","name":"A","deck":[]}]}}
{"match":"g1","seq":2,"kind":"pass","actor":"p1","body":{"player":"p1"}}
{"match":"g1","seq":4,"kind":"pass","actor":"p1","body":{"player":"p1"}}
`
	tampered := strings.Replace(exported, `"card":"c1"`, `"card":"c2"`, 1)
	for _, c := range []struct {
		name, text string
		want       string // String of the one result, after the path
		ok, hashed bool
	}{
		{"export.jsonl", exported, ": m1: ok, 10 events, chain verified, head " + m1[9].Hash.Short(), true, true},
		{"hand.jsonl", hand, ": h1: ok, 3 events, seq gapless, unhashed (hand-written)", true, false},
		{"partly.jsonl", exported + `{"match":"m1","kind":"concede","actor":"p2","body":{"player":"p2"}}` + "\n",
			": m1: ok, 11 events, seq gapless, partly hashed (1 of 11 events not chained)", true, false},
		{"gap.jsonl", gap, ":3: g1: seq 4: gap: expected seq 3, got 4 (LOG-SEQ)", false, false},
		{"tampered.jsonl", tampered, ":4: m1: seq 4: hash " + m1[3].Hash.Short() + " does not match the content", false, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := write(c.name, c.text)
			rs, err := replay.VerifyFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if len(rs) != 1 {
				t.Fatalf("got %d results: %v", len(rs), rs)
			}
			r := rs[0]
			got := strings.TrimPrefix(r.String(), path)
			if !strings.HasPrefix(got, c.want) || r.OK() != c.ok || r.Hashed != c.hashed {
				t.Errorf("got %s (ok %v, hashed %v)\nwant %s%s (ok %v, hashed %v)", r, r.OK(), r.Hashed, path, c.want, c.ok, c.hashed)
			}
		})
	}
	if _, err := replay.VerifyFile(filepath.Join(dir, "missing.jsonl")); err == nil {
		t.Error("missing file: no error")
	}
	if _, err := replay.VerifyFile(dir); err == nil {
		t.Error("directory: no error")
	}
}
