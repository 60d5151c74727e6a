package replay

import (
	"bytes"
	"errors"
	"fmt"
	"slices"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/store"
	"github.com/chronicle-mtg/chronicle/reducer"
)

// Rule codes of the deep verify, beside RuleCanonical and RuleMeta.
const (
	RuleDamage  = "STORE-DAMAGE"  // a value fails its checksum, does not decode, or sits where it can't belong
	RuleIndex   = "STORE-INDEX"   // an index and the metas disagree
	RuleHead    = "STORE-HEAD"    // the commit head and its record beside the file disagree: a rolled-back commit
	RuleDerived = "STORE-DERIVED" // a snapshot, digest or status disagrees with the stored effects folded
)

// VerifyDeep is Verify and then everything else the store holds, checked
// against each other: the store's own cross-checks (store.Check: checksums,
// effects, snapshots and digests only at stored inputs, meta against
// match_started, indexes both ways, the rejection log, cursors, the commit
// head against its record beside the file, which finds a rolled-back
// commit), and, for each match, its stored effects folded from seq 1 with
// every snapshot, digest and the finished status compared with the state
// they give. matches limits it to those matches (store-wide problems are
// always reported); none means all. A match's first problem is its Result;
// each further problem, and each store-wide one (Match ""), is a Result of
// its own.
func VerifyDeep(src *Store, matches ...string) ([]Result, error) {
	if len(matches) == 0 {
		all, err := src.Matches()
		if err != nil {
			return nil, err
		}
		for _, s := range all {
			matches = append(matches, s.Match)
		}
	}
	var problems []store.Problem
	for _, st := range src.all() {
		ps, err := st.Check()
		if err != nil {
			return nil, err
		}
		problems = append(problems, ps...)
	}
	byMatch := map[string][]Result{}
	var storeWide []Result
	for _, p := range problems {
		r := problemResult(p)
		if p.Match == "" {
			storeWide = append(storeWide, r)
			continue
		}
		byMatch[p.Match] = append(byMatch[p.Match], r)
	}
	var out []Result
	for _, m := range matches {
		r, err := Verify(src, m)
		if err != nil {
			var rerr error
			if errors.Is(err, ErrUnknownMatch) {
				return out, err
			}
			// The match can't be read at all: that is the finding.
			r, rerr = Result{Match: m}, err
			r.fail(0, damageError("", rerr))
		}
		extra := byMatch[m]
		if r.OK() && len(extra) == 0 {
			extra = deepFold(src, r)
		}
		if r.OK() && len(extra) > 0 {
			r, extra = extra[0], extra[1:]
		}
		out = append(out, r)
		out = append(out, extra...)
	}
	holes, err := holeResults(src)
	out = append(out, storeWide...)
	return append(out, holes...), err
}

func problemResult(p store.Problem) Result {
	rule := RuleDamage
	switch {
	case p.Where == "head":
		rule = RuleHead
	case p.Where == "meta":
		rule = RuleMeta
	case p.Where == "index_player" || p.Where == "index_event" || p.Where == "index_date" || p.Where == "rejections_by_match":
		rule = RuleIndex
	}
	return Result{Match: p.Match, BadSeq: p.Seq, Field: p.Where, Reason: p.Reason, Rule: rule}
}

func damageError(field string, err error) *events.Error {
	return &events.Error{Field: field, Reason: err.Error(), Rule: RuleDamage}
}

// deepFold folds a sound match's stored effects from seq 1 and compares
// each snapshot, digest and the finished status with the state they give.
// A match recorded without the rules has nothing derived to compare.
func deepFold(src *Store, r Result) []Result {
	var out []Result
	bad := func(seq uint64, field, format string, args ...any) {
		out = append(out, Result{Match: r.Match, BadSeq: seq, Field: field, Reason: fmt.Sprintf(format, args...), Rule: RuleDerived})
	}
	snaps, err := src.of(r.Match).Snapshots(r.Match)
	if err != nil {
		bad(0, "snapshots", "%v", err)
		return out
	}
	digests, err := src.of(r.Match).Digests(r.Match)
	if err != nil {
		bad(0, "digests", "%v", err)
		return out
	}
	var effects uint64
	if err := src.of(r.Match).EffectsFrom(r.Match, 1, func(uint64, []byte) error { effects++; return nil }); err != nil {
		bad(0, "effects", "%v", err)
		return out
	}
	if effects == 0 && len(snaps) == 0 && len(digests) == 0 {
		return nil // recorded with --no-rules: nothing derived
	}
	want := map[uint64][]byte{}
	for _, d := range digests {
		want[d.Seq] = d.Digest
	}
	sum, err := src.Match(r.Match)
	if err != nil {
		bad(0, "meta", "%v", err)
		return out
	}
	// The game is the fold's only while fn runs: what the end needs is
	// kept as it passes.
	folded, over := false, false
	err = Fold(src, r.Match, func(g *reducer.Game, seq uint64) error {
		folded, over = true, g.S.Over
		if d, ok := want[seq]; ok {
			if now := g.S.Digest(); !bytes.Equal(d, now[:]) {
				bad(seq, "digests", "the digest stored at seq %d is %s; the stored effects folded to there give %s", seq, shortHex(d), shortHex(now[:]))
			}
		}
		if _, ok := slices.BinarySearch(snaps, seq); ok {
			_, data, err := src.of(r.Match).SnapshotAtOrBefore(r.Match, seq)
			if err != nil {
				bad(seq, "snapshots", "%v", err)
				return nil
			}
			s, err := reducer.UnmarshalSnapshot(nil, data)
			switch {
			case err != nil:
				bad(seq, "snapshots", "does not decode: %v", err)
			case s.Digest() != g.S.Digest():
				bad(seq, "snapshots", "the snapshot at seq %d is not the state the stored effects fold to there", seq)
			}
		}
		return nil
	})
	if err != nil {
		var ie *IllegalError
		if errors.As(err, &ie) {
			bad(ie.Seq, "effects", "the stored log does not replay: %v", err)
		} else {
			bad(0, "effects", "%v", err)
		}
		return out
	}
	if folded {
		switch {
		case over && sum.Status != store.StatusFinished:
			bad(0, "meta.status", "the game is over at seq %d but the meta says %q", sum.HeadSeq, sum.Status)
		case !over && sum.Status == store.StatusFinished:
			bad(0, "meta.status", "the meta says finished but the game is not over at seq %d", sum.HeadSeq)
		}
	}
	return out
}
