package replay

import (
	"bytes"
	"encoding/hex"
	"fmt"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer"
)

// auditor re-derives one match input by input (see audit.go). Invariant:
// between inputs, rec and der hold the same position.
type auditor struct {
	src     Source
	match   string
	rep     *Report
	stored  map[uint64][]byte // recorded effects by seq
	keys    events.Keys       // the keys the match declares; nil: none
	signers map[uint64]string // who signed each input, where keys are declared
	// unreadable are the seqs whose stored effects fail their checksum.
	unreadable map[uint64]error
	digests    map[uint64]auditDigest
	play       *playtestCheck

	rec *reducer.Game // the recorded game: stored effects folded
	der *reducer.Game // the re-derived game: inputs submitted

	first *Finding // the first divergence, once found
	later []uint64 // later divergent seqs
	// stopped: an input nothing can be derived past ended the
	// re-derivation; the playtest check goes on reading.
	stopped bool
}

// auditDigest is a state digest the store recorded at a turn start.
type auditDigest struct {
	turn   int
	digest []byte
}

func newAuditor(src Source, match string, rep *Report) (*auditor, error) {
	a := &auditor{
		src: src, match: match, rep: rep,
		rec: reducer.New(nil), der: reducer.New(nil),
		play: &playtestCheck{},
	}
	if es, ok := src.(EffectSource); ok {
		var err error
		if st, ok := src.(*Store); ok {
			a.stored, a.unreadable, err = st.effectsPastDamage(match)
		} else {
			a.stored, err = es.Effects(match)
		}
		if err != nil {
			return nil, err
		}
	}
	if st, ok := src.(*Store); ok {
		ds, err := st.of(match).Digests(match)
		if err != nil {
			return nil, fmt.Errorf("match %s: digests: %w", match, err)
		}
		a.digests = map[uint64]auditDigest{}
		for _, d := range ds {
			a.digests[d.Seq] = auditDigest{turn: d.Turn, digest: d.Digest}
		}
	}
	return a, nil
}

// signer notes who signed ev, in a match that declares keys.
func (a *auditor) signer(ev *events.Event) {
	if ms, ok := ev.Body.(*events.MatchStarted); ok && ev.Seq == 1 {
		a.keys = ms.Keys()
	}
	if a.keys == nil || len(ev.Sig) == 0 || events.CheckSig(a.keys, ev) != nil {
		return
	}
	if a.signers == nil {
		a.signers = map[uint64]string{}
	}
	a.signers[ev.Seq] = fmt.Sprintf("%s (key %.12s…)", ev.Actor, a.keys[ev.Actor])
}

// input audits one input.
func (a *auditor) input(ev *events.Event) error {
	a.signer(ev)
	a.play.input(ev)
	if a.stopped {
		return nil
	}
	a.rep.Rederived++
	raw, has := a.stored[ev.Seq]
	derived, ver, err := a.der.SubmitVerified(ev)
	if err == nil {
		a.verified(ev.Seq, verificationOf(ev.Seq, ver))
	}
	// Recorded in today's form and the same: no need to read them.
	same := has && err == nil && bytes.Equal(raw, reducer.EncodeEffects(derived))
	var recorded []reducer.Effect
	var decodeErr error
	switch {
	case same:
		recorded = derived
	case has && a.unreadable[ev.Seq] != nil:
		decodeErr = a.unreadable[ev.Seq]
	case has:
		recorded, decodeErr = reducer.DecodeEffects(raw)
	}
	switch {
	case err != nil:
		a.add(illegalFinding(ev, err))
		if !has || decodeErr != nil {
			a.stopped = true // nothing says what the input did
			return nil
		}
		if aerr := applyStored(a.rec, recorded); aerr != nil {
			a.divergence(ev.Seq, RuleEffects, fmt.Sprintf("the recorded effects don't fit the recorded game: %v", aerr), nil)
			a.stopped = true
			return nil
		}
		a.der = a.rec.Clone()
	case !has:
		// Stored without effects (--no-rules), or a file: today's effects
		// are the record.
		if aerr := applyStored(a.rec, derived); aerr != nil {
			panic(fmt.Sprintf("replay: audit: %s seq %d: effects derived in the same position don't fit: %v", a.match, ev.Seq, aerr))
		}
	case decodeErr != nil:
		a.divergence(ev.Seq, RuleEffects, fmt.Sprintf("the recorded effects can't be read: %v", decodeErr), nil)
		a.rec = a.der.Clone()
	case !same && !bytes.Equal(reducer.EncodeEffects(recorded), reducer.EncodeEffects(derived)):
		a.effectsDiffer(ev.Seq, recorded, derived)
	default:
		if aerr := applyStored(a.rec, recorded); aerr != nil {
			panic(fmt.Sprintf("replay: audit: %s seq %d: recorded effects equal to today's don't fit: %v", a.match, ev.Seq, aerr))
		}
		a.checkDigest(ev.Seq)
	}
	return nil
}

// verified counts an input the rules took by how far they checked it, and
// reports one they couldn't verify.
func (a *auditor) verified(seq uint64, v *Verification) {
	sh := &a.rep.Share
	sh.Inputs++
	if v == nil {
		sh.Verified++
		return
	}
	kind := FindingUnverified
	if v.Status == reducer.Disputed {
		kind = FindingDisputed
		sh.Disputed++
	} else {
		sh.Unverified++
	}
	a.add(Finding{Seq: seq, Kind: kind, Rule: v.Rule, Reason: v.Reason, Cards: v.Cards, Table: v.Table, Engine: v.Engine})
}

func (a *auditor) add(f Finding) {
	if f.Line == 0 {
		if file, ok := a.src.(*File); ok && f.Seq > 0 {
			f.Line = file.line(a.match, f.Seq)
		}
	}
	a.rep.add(f)
}

// effectsDiffer reports an input whose recorded effects differ from today's,
// then puts the re-derived game back where the table was.
func (a *auditor) effectsDiffer(seq uint64, recorded, derived []reducer.Effect) {
	detail := describeEffectDiff(a.rec, recorded, derived)
	if aerr := applyStored(a.rec, recorded); aerr != nil {
		a.divergence(seq, RuleEffects, fmt.Sprintf("the recorded effects don't fit the recorded game (%v); %s", aerr, detail), nil)
		a.rec = a.der.Clone()
		return
	}
	var changes []Change
	if a.first == nil { // only the first divergence carries its diff
		var err error
		changes, err = DiffViews(a.rec.S.View(reducer.ViewJudge), a.der.S.View(reducer.ViewJudge))
		if err != nil {
			panic(fmt.Sprintf("replay: audit: %v", err)) // views always marshal
		}
	}
	reason := "the recorded effects differ from today's rules: " + detail
	if len(changes) == 0 {
		reason += "; the positions they lead to look the same"
	}
	a.divergence(seq, RuleEffects, reason, changes)
	a.der = a.rec.Clone()
}

// checkDigest compares the digest recorded after input seq, if any, with
// today's state.
func (a *auditor) checkDigest(seq uint64) {
	d, ok := a.digests[seq]
	if !ok {
		return
	}
	now := a.der.S.Digest()
	if bytes.Equal(d.digest, now[:]) {
		return
	}
	a.divergence(seq, RuleDigest, fmt.Sprintf("the state digest recorded at the start of turn %d is %s, the state rebuilt now hashes to %s",
		d.turn, shortHex(d.digest), shortHex(now[:])), nil)
}

// divergence records the first divergence, and counts the later ones.
func (a *auditor) divergence(seq uint64, rule, reason string, changes []Change) {
	if a.first != nil {
		if len(a.later) == 0 || a.later[len(a.later)-1] != seq {
			a.later = append(a.later, seq)
		}
		return
	}
	a.first = &Finding{Seq: seq, Kind: FindingDivergence, Rule: rule, Reason: reason, Changes: changes}
}

// done adds the divergence and playtest findings.
func (a *auditor) done() {
	if a.first != nil {
		f := *a.first
		switch n := len(a.later); {
		case n == 1:
			f.Reason += fmt.Sprintf("; 1 later input diverges too (seq %d)", a.later[0])
		case n > 1:
			f.Reason += fmt.Sprintf("; %d later inputs diverge too (the first at seq %d)", n, a.later[0])
		}
		a.add(f)
	}
	for _, f := range a.play.findings() {
		a.add(f)
	}
	a.rep.Declared = a.play.list
}

// describeEffectDiff says where two effect lists part, each effect told
// against the recorded position at that point.
func describeEffectDiff(rec *reducer.Game, recorded, derived []reducer.Effect) string {
	k := 0
	for k < len(recorded) && k < len(derived) &&
		bytes.Equal(reducer.EncodeEffects(recorded[k:k+1]), reducer.EncodeEffects(derived[k:k+1])) {
		k++
	}
	g := rec.Clone()
	if err := applyStored(g, recorded[:k]); err != nil {
		return fmt.Sprintf("they part at effect %d", k+1)
	}
	switch {
	case k < len(recorded) && k < len(derived):
		out := fmt.Sprintf("effect %d of %d was recorded as %q, today's rules give %q",
			k+1, len(recorded), describeEffect(g.S, recorded[k]), describeEffect(g.S, derived[k]))
		if len(derived) != len(recorded) {
			out += fmt.Sprintf(" (and %d effects in all)", len(derived))
		}
		return out
	case k < len(recorded):
		return fmt.Sprintf("%d effects were recorded, today's rules give %d: the record goes on with %q",
			len(recorded), len(derived), describeEffect(g.S, recorded[k]))
	default:
		return fmt.Sprintf("%d effects were recorded, today's rules give %d, going on with %q",
			len(recorded), len(derived), describeEffect(g.S, derived[k]))
	}
}

// describeEffect tells an effect; one that doesn't fit the state (a damaged
// record) is told by its op.
func describeEffect(s *reducer.State, e reducer.Effect) (out string) {
	defer func() {
		if r := recover(); r != nil {
			out = fmt.Sprintf("op %d on %s", e.Op, e.Obj)
		}
	}()
	return reducer.DescribeEffect(s, e)
}

func shortHex(b []byte) string {
	s := hex.EncodeToString(b)
	if len(s) > 12 {
		return s[:12]
	}
	return s
}
