package replay

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer"
)

// Auditing a match: everything recorded is checked again, with today's code
// and today's rules.
//
//   - chain: the log itself, as Verify checks it (hash chain, gapless seqs,
//     canonical bytes, the meta). A file whose seqs or chain are broken can't
//     be read at all; AuditFile reports that as the file's one finding.
//   - illegal: every input is submitted again through the rules' validating
//     door; an input they forbid is reported with the rule (a CR number or a
//     RULINGS.md ID) and the facts that made it illegal.
//   - divergence: where the store kept the effects derived when the input was
//     recorded, today's effects must be the same, and where it kept a state
//     digest at a turn start, today's state must hash to it. The first
//     divergent seq is reported with the state difference there, as key
//     paths from the recorded position (the recorded effects folded) to
//     today's (see DiffViews); later divergent inputs are counted in its
//     reason.
//   - playtest: a playtest card in a deck list or a setup of a match whose
//     format isn't a Mystery Booster limited format (PT-1, see
//     PlaytestFormats), a card the match declared as playtest included.
//   - unverified and disputed: an input that carried the table's effects
//     and that today's rules can't verify: the table's effects stand for a
//     card the engine doesn't model (TABLE-UNVERIFIED, naming it), or the
//     rules refuse the input or derive another game (TABLE-DISPUTE or the
//     refusing rule, with both versions). The report counts the inputs by
//     how far the rules checked them (Share).
//
// Beside the findings, the report lists the cards the match declared for
// itself (Report.Declared).
//
// The audit keeps two games side by side: the recorded one, folding the
// stored effects, and the re-derived one, submitting the inputs. After a
// finding the re-derived game starts again from the recorded position, so
// every later input is still judged where the table really was. An input
// the rules forbid for which nothing recorded says what it did (any input of
// a file, an input stored with --no-rules) ends the re-derivation: what
// follows depends on it.

// Finding kinds.
const (
	FindingChain      = "chain"      // the log's chain, seqs, bytes or meta are broken
	FindingIllegal    = "illegal"    // the rules forbid the input
	FindingDivergence = "divergence" // the recorded effects or digest differ from today's
	FindingPlaytest   = "playtest"   // a playtest card outside its formats
	FindingUnverified = "unverified" // the table's effects stand for unmodelled cards
	FindingDisputed   = "disputed"   // the rules refuse the input or derive another game than the table's
)

// Rule codes of the audit's own findings, beside the CR numbers, RULINGS.md
// IDs and LOG-*/STORE-* codes the others carry.
const (
	RuleEffects  = "AUDIT-EFFECTS" // the effects recorded for an input differ from today's
	RuleDigest   = "AUDIT-DIGEST"  // a turn-start digest differs from today's state
	RulePlaytest = "PT-1"          // playtest cards only in Mystery Booster limited formats
)

// Finding is one thing an audit found, at an input.
type Finding struct {
	// Seq is the input it is about; 0 when it is about the whole match
	// (a meta that disagrees with the events).
	Seq  uint64 `json:"seq"`
	Kind string `json:"kind"`
	Rule string `json:"rule"`
	// Reason is the facts: "p2 can't pass priority: p1 has priority".
	Reason string `json:"reason"`
	// Changes is, for a divergence, the state difference at Seq, from the
	// recorded position to today's.
	Changes []Change `json:"changes"`
	// Line is the line of a .jsonl file the input is on; 0 for a store.
	Line int `json:"line,omitempty"`
	// SignedBy names who signed the input, in a match that declares keys:
	// "p2 (key UABC12345678…)". Empty when the input is unsigned or its
	// signature is not its actor's (Verify reports that).
	SignedBy string `json:"signed_by,omitempty"`
	// Cards are the unmodelled cards an unverified input's table effects
	// stood for; Table and Engine a dispute's two versions, in the table's
	// vocabulary.
	Cards  []string             `json:"cards,omitempty"`
	Table  []events.TableEffect `json:"table,omitempty"`
	Engine []events.TableEffect `json:"engine,omitempty"`
}

// String reads like "seq 5: illegal: p2 can't pass priority: p1 has
// priority (CR 117.3)".
func (f Finding) String() string {
	var b strings.Builder
	if f.Seq > 0 {
		fmt.Fprintf(&b, "seq %d: ", f.Seq)
	}
	b.WriteString(f.Kind)
	if len(f.Cards) > 0 {
		b.WriteString(" (" + strings.Join(f.Cards, ", ") + ")")
	}
	b.WriteString(": " + f.Reason)
	if f.Rule != "" {
		fmt.Fprintf(&b, " (%s)", f.Rule)
	}
	if f.SignedBy != "" {
		b.WriteString("; signed by " + f.SignedBy)
	}
	return b.String()
}

// Report is what an audit found in one match.
type Report struct {
	Match string `json:"match"`
	File  string `json:"file,omitempty"` // the .jsonl file; empty for a store
	OK    bool   `json:"ok"`
	// Inputs counts the match's inputs; Rederived, those submitted again
	// to the rules (fewer when an illegal input or unreadable bytes ended
	// the re-derivation).
	Inputs    uint64    `json:"inputs"`
	Rederived uint64    `json:"rederived"`
	Findings  []Finding `json:"findings"`
	// Share counts the re-derived inputs by how far today's rules checked
	// them: verified, unverified, disputed.
	Share Share `json:"share"`
	// Declared lists the cards the match declared for itself (not
	// findings: a judge should know the match relies on them).
	Declared []DeclaredCard `json:"declared,omitempty"`
}

// DeclaredCard is a card a match declared in match_started: its name, and
// whether its abilities were given as data or come from its Oracle text.
type DeclaredCard struct {
	Name      string `json:"name"`
	Abilities int    `json:"abilities"` // given as data; 0 with From "oracle_text"
	From      string `json:"from"`      // "abilities" or "oracle_text"
	Token     bool   `json:"token,omitempty"`
	Playtest  bool   `json:"playtest,omitempty"`
}

func (r *Report) add(f Finding) {
	if f.Changes == nil {
		f.Changes = []Change{}
	}
	r.Findings = append(r.Findings, f)
}

// finish sorts the findings by seq (stable: kinds keep the order they were
// found in) and sets OK.
func (r *Report) finish() {
	if r.Findings == nil {
		r.Findings = []Finding{}
	}
	sort.SliceStable(r.Findings, func(i, j int) bool { return r.Findings[i].Seq < r.Findings[j].Seq })
	r.OK = len(r.Findings) == 0
}

// Audit checks one match of src: its log (Verify), every input against
// today's rules, the recorded effects and digests against today's, and its
// playtest cards. The error is for a source that can't be read or a match it
// doesn't hold; what the audit found is in the Report.
func Audit(src Source, match string) (Report, error) {
	sum, err := src.Match(match)
	if err != nil {
		return Report{}, err
	}
	rep := Report{Match: match, Inputs: sum.Events}
	if f, ok := src.(*File); ok {
		rep.File = f.Name()
	}
	vr, err := Verify(src, match)
	if err != nil {
		return rep, err
	}
	if !vr.OK() {
		rep.add(chainFinding(vr.BadSeq, vr.Line, vr.Field, vr.Reason, vr.Rule))
	}
	a, err := newAuditor(src, match, &rep)
	if err != nil {
		return rep, err
	}
	// Bytes Verify found broken may not read back: its finding says so,
	// and the re-derivation ends there.
	if err := eventsInPlace(src, match, a.input); err != nil && vr.OK() {
		return rep, err
	}
	a.done()
	for i, f := range rep.Findings {
		rep.Findings[i].SignedBy = a.signers[f.Seq]
	}
	rep.finish()
	return rep, nil
}

// AuditFile audits every match of the JSON Lines file at path. A file whose
// seqs or hash chain are broken can't be replayed: it gives one Report with
// that chain finding. A file that isn't a log (bad JSON, unknown kinds,
// missing fields) or can't be read is an error.
func AuditFile(path string) ([]Report, error) {
	f, err := OpenFile(path)
	var ee *events.Error
	if errors.As(err, &ee) && (ee.Rule == events.RuleSeq || ee.Rule == events.RuleChain) {
		rep := Report{Match: ee.Match, File: path}
		rep.add(chainFinding(ee.Seq, ee.Line, ee.Field, ee.Reason, ee.Rule))
		rep.finish()
		return []Report{rep}, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	all, err := f.Matches()
	if err != nil {
		return nil, err
	}
	out := make([]Report, 0, len(all))
	for _, s := range all {
		r, err := Audit(f, s.Match)
		if err != nil {
			return out, err
		}
		out = append(out, r)
	}
	return out, nil
}

// chainFinding words a Verify problem as a finding, with the field in front
// of the reason unless the reason names it already.
func chainFinding(seq uint64, line int, field, reason, rule string) Finding {
	if field != "" && field != "seq" && !strings.HasPrefix(reason, field+" ") {
		reason = field + ": " + reason
	}
	return Finding{Seq: seq, Line: line, Kind: FindingChain, Rule: rule, Reason: reason}
}

// illegalFinding words an input the rules forbid.
func illegalFinding(ev *events.Event, err error) Finding {
	f := Finding{Seq: ev.Seq, Kind: FindingIllegal, Reason: err.Error()}
	var re *reducer.RuleError
	var ee *events.Error
	switch {
	case errors.As(err, &re):
		f.Rule, f.Reason = re.Rule, re.EventError(ev.Match).Reason
	case errors.As(err, &ee):
		f.Rule, f.Reason = ee.Rule, ee.Reason
		if ee.Field != "" && !strings.HasPrefix(ee.Reason, ee.Field+" ") {
			f.Reason = ee.Field + ": " + ee.Reason
		}
	}
	return f
}
