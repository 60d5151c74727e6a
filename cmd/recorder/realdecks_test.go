package main

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/chronicle-mtg/chronicle/coverage"
	"github.com/chronicle-mtg/chronicle/reducer"
	"github.com/chronicle-mtg/chronicle/replay"
	"github.com/chronicle-mtg/chronicle/sim"
)

// The bar of issue 10: every deck of fixtures/decklists/decks.jsonl (576
// real decklists) records, replays and audits, the cards the engine
// doesn't model played through the table's effects, with no rejection.
// Each deck plays a generated match (sim, `replay gen --decklists`); the
// files go through `recorder record` (an embedded NATS server, the
// recorder, bbolt in a temporary directory); then every match verifies,
// its stored effects fold to the state the rules reached, and its audit
// finds nothing but unverified inputs. go test plays a sample, the
// matches of seeds 1 and 2 (the second holds a card newer than the card
// data, declared as a stand-in) in one game each; CHRONICLE_REAL_DECKS=all
// plays every deck, best of three as `replay gen --decklists` does
// (.ci/run), CHRONICLE_REAL_DECKS=N the first N matches.
func TestRealDecksRecord(t *testing.T) {
	decks := readFixtureDecks(t)
	n, opt := 2, sim.Options{Decks: decks, BestOf: 1}
	switch v := os.Getenv("CHRONICLE_REAL_DECKS"); v {
	case "":
	case "all":
		opt.BestOf = 0
		n = sim.MatchesForDecks(len(decks))
	default:
		var err error
		opt.BestOf = 0
		if n, err = strconv.Atoi(v); err != nil || n < 1 {
			t.Fatalf("CHRONICLE_REAL_DECKS=%q: want all or a number of matches", v)
		}
	}
	out := t.TempDir()
	var files []string
	generated := map[string]*sim.Match{}
	played := map[int]bool{}
	err := sim.Generate(1, n, opt, func(m *sim.Match) error {
		path, err := sim.WriteFile(out, m)
		files = append(files, path)
		generated[m.ID] = m
		for _, d := range sim.PlayedDecks(m.Seed, len(decks)) {
			played[d] = true
		}
		m.Inputs = nil // the files hold them; the digest and counts are kept
		return err
	})
	if err != nil {
		t.Fatal(err)
	}

	data := t.TempDir()
	r := runCLI(t, append([]string{"record", "--json", "-q", "--data", data}, files...)...)
	if r.code != exitOK {
		t.Fatalf("record: %v", r)
	}
	s := decodeSummary(t, r.stdout)
	unverified := 0
	for _, m := range generated {
		unverified += m.Unverified
	}
	if s.Stored != s.Inputs || s.Rejected+s.Unpublished+s.Unconfirmed+s.Untried+s.Malformed+s.Disputed != 0 || s.Unverified != unverified {
		t.Fatalf("record: %+v; the generator counted %d unverified", s, unverified)
	}

	st, err := replay.OpenStore(data, replay.StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if rs, err := st.Rejections(""); err != nil || len(rs) != 0 {
		t.Fatalf("rejection log: %v, %v", rs, err)
	}
	var share replay.Share
	for id, m := range generated {
		if res, err := replay.Verify(st, id); err != nil || !res.OK() || !res.Hashed {
			t.Errorf("%s: verify: %+v, %v", id, res, err)
		}
		var folded reducer.Digest
		if err := replay.Fold(st, id, func(g *reducer.Game, _ uint64) error {
			folded = g.S.Digest()
			return nil
		}); err != nil || folded != m.Digest {
			t.Errorf("%s: the stored effects fold to %s, the rules reached %s (%v)", id, folded, m.Digest, err)
		}
	}
	ids := make([]string, 0, len(generated))
	for id := range generated {
		ids = append(ids, id)
	}
	err = replay.AuditEach(st, ids, 0, func(rep replay.Report) error {
		for _, f := range rep.Findings {
			if f.Kind != "unverified" {
				t.Errorf("%s: audit: seq %d: %s: %s (%s)", rep.Match, f.Seq, f.Kind, f.Reason, f.Rule)
			}
		}
		if rep.Rederived != rep.Inputs {
			t.Errorf("%s: audit re-derived %d of %d inputs", rep.Match, rep.Rederived, rep.Inputs)
		}
		share.Inputs += rep.Share.Inputs
		share.Verified += rep.Share.Verified
		share.Unverified += rep.Share.Unverified
		share.Disputed += rep.Share.Disputed
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if share.Inputs != uint64(s.Inputs) || share.Unverified != uint64(unverified) || share.Disputed != 0 {
		t.Errorf("audit share %+v, recorded %d inputs, %d unverified", share, s.Inputs, unverified)
	}
	t.Logf("%d decks in %d matches: %d inputs recorded, %d verified by the rules (%.1f%%), %d unverified",
		len(played), n, share.Inputs, share.Verified, 100*float64(share.Verified)/float64(share.Inputs), share.Unverified)
}

func readFixtureDecks(t *testing.T) []coverage.Deck {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", "fixtures", "decklists", "decks.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	decks, err := coverage.ReadDecks(f)
	if err != nil {
		t.Fatal(err)
	}
	return decks
}
