package replay

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/chronicle-mtg/chronicle/events"
)

// Rule codes for what only a store can get wrong, beside package events'
// LOG-* codes.
const (
	RuleCanonical = "STORE-CANONICAL" // stored bytes are not the canonical encoding
	RuleMeta      = "STORE-META"      // the match's meta disagrees with its events
)

// Result is what Verify found for one match. Reason is empty when the log is
// sound; otherwise BadSeq, Field, Reason and Rule describe the first problem.
type Result struct {
	Match string
	File  string // the .jsonl file the match was read from; empty for a store
	// Events counts the events checked and found sound.
	Events uint64
	// Hashed means every event carries a hash that matches its content and
	// names the hash of the event before it: the chain is verified.
	Hashed bool
	// Unhashed counts events of a file with no hash, or no prev linking them
	// to the event before; always 0 for a sound stored match.
	Unhashed uint64
	HeadSeq  uint64      // last seq checked
	Head     events.Hash // its hash
	BadSeq   uint64      // first bad seq; 0 when the problem is not one event's
	Line     int         // file line of the problem, when read from a file
	Field    string      // what is wrong: an envelope field or "meta.<field>"
	Reason   string
	Rule     string
}

// OK reports whether the match verified.
func (r Result) OK() bool { return r.Reason == "" }

// errStop ends a walk once a finding is recorded.
var errStop = errors.New("stop")

// Verify checks one match of src. A RawSource (the store) is checked from its
// raw bytes, strictly: every event must be canonical and sealed, and the
// meta must agree. Other sources are checked from their events, and may be
// unhashed. The error is for a source that can't be read or a match it
// doesn't hold; findings are in the Result.
func Verify(src Source, match string) (Result, error) {
	sum, err := src.Match(match)
	if err != nil {
		return Result{}, err
	}
	if rs, ok := src.(RawSource); ok {
		return verifyRaw(rs, sum)
	}
	return verifyEvents(src, sum)
}

// VerifyAll verifies every match of src, in match id order.
func VerifyAll(src Source) ([]Result, error) {
	all, err := src.Matches()
	if err != nil {
		return nil, err
	}
	out := make([]Result, 0, len(all))
	for _, s := range all {
		r, err := Verify(src, s.Match)
		if err != nil {
			return out, err
		}
		out = append(out, r)
	}
	if st, ok := src.(*Store); ok {
		holes, err := holeResults(st)
		if err != nil {
			return out, err
		}
		heads, err := headResults(st)
		return append(append(out, holes...), heads...), err
	}
	return out, nil
}

// headResults compares each store's commit head with its record beside
// the file: a commit bbolt rolled back (a damaged meta page) leaves every
// chain sound, so only this finds it. It reads one key and one small file.
func headResults(s *Store) ([]Result, error) {
	var out []Result
	for _, st := range s.all() {
		hc, err := st.CheckHead()
		if err != nil {
			return out, err
		}
		if hc.Problem != "" {
			out = append(out, Result{Field: "head", Reason: hc.Problem, Rule: RuleHead})
		}
	}
	return out, nil
}

// VerifyFile verifies every match of the JSON Lines file at path. A file
// whose events are malformed or out of order gives one failed Result naming
// the line; the error is for a file that can't be read.
func VerifyFile(path string) ([]Result, error) {
	f, err := OpenFile(path)
	var ee *events.Error
	if errors.As(err, &ee) {
		return []Result{{
			Match: ee.Match, File: path, BadSeq: ee.Seq, Line: ee.Line,
			Field: ee.Field, Reason: ee.Reason, Rule: ee.Rule,
		}}, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return VerifyAll(f)
}

func (r *Result) fail(seq uint64, e *events.Error) {
	r.BadSeq, r.Field, r.Reason, r.Rule = seq, e.Field, e.Reason, e.Rule
}

func verifyRaw(src RawSource, sum Summary) (Result, error) {
	r := Result{Match: sum.Match}
	owner, err := owners(src, sum) // a branch's shared seqs are its parent's events
	if err != nil {
		return r, err
	}
	var link events.Link
	var sigs sigCheck
	var sc storedCheck
	root := owner(1)
	err = src.RawEvents(sum.Match, func(key uint64, raw []byte) error {
		ev, e := sc.check(owner(key), key, raw, &link)
		if e == nil && owner(key) == root { // a branch's own inputs are nobody's record
			e = sigs.check(ev)
		}
		if e != nil {
			r.fail(key, e)
			return errStop
		}
		r.Events++
		return nil
	})
	if err != nil && err != errStop {
		return r, err
	}
	if !r.OK() {
		return r, nil
	}
	r.HeadSeq, r.Head, r.Hashed = link.Seq, link.Hash, true
	meta := func(seq uint64, field, format string, args ...any) {
		r.Hashed = false
		r.fail(seq, &events.Error{Field: "meta." + field, Reason: fmt.Sprintf(format, args...), Rule: RuleMeta})
	}
	switch {
	case r.Events == 0:
		r.Hashed = false
		r.fail(1, &events.Error{Field: "seq", Reason: "no events stored: seq 1 must be match_started", Rule: events.RuleStart})
	case sum.HeadSeq != link.Seq:
		meta(min(sum.HeadSeq, link.Seq)+1, "head_seq", "meta says the head is seq %d, the last stored event is seq %d", sum.HeadSeq, link.Seq)
	case sum.Head != link.Hash:
		head, want := events.ShortPair(sum.Head, link.Hash)
		meta(link.Seq, "head_hash", "meta's head hash %s is not the hash of seq %d (%s)", head, link.Seq, want)
	case sum.Events != r.Events:
		meta(0, "events", "meta counts %d events, %d are stored", sum.Events, r.Events)
	}
	return r, nil
}

// storedCheck checks a match's stored events in seq order, each decoded
// and encoded again over the memory of the one before.
type storedCheck struct {
	dc    events.Decoder
	canon []byte
}

// check checks one stored event's bytes as the next of the chain. The
// event it returns is good until the next check.
func (c *storedCheck) check(match string, key uint64, raw []byte, link *events.Link) (*events.Event, *events.Error) {
	bad := func(field, rule, format string, args ...any) *events.Error {
		return &events.Error{Field: field, Reason: fmt.Sprintf(format, args...), Rule: rule}
	}
	ev, err := c.dc.Decode(raw)
	if err != nil {
		var ee *events.Error
		if errors.As(err, &ee) {
			what := "stored event is invalid"
			if ee.Rule == events.RuleDecode || ee.Rule == events.RuleSize {
				what = "stored bytes do not decode"
			}
			return nil, bad(ee.Field, ee.Rule, "%s: %s", what, ee.Reason)
		}
		return nil, bad("", events.RuleDecode, "stored bytes do not decode: %v", err)
	}
	c.canon = ev.AppendCanonical(c.canon[:0])
	if canon := c.canon; !bytes.Equal(canon, raw) {
		return nil, bad("", RuleCanonical, "stored bytes are not the canonical encoding (%d bytes, canonical %d, first difference at byte %d)",
			len(raw), len(canon), firstDiff(raw, canon))
	}
	switch {
	case ev.Seq != key:
		return nil, bad("seq", events.RuleSeq, "event says seq %d but is stored under seq %d", ev.Seq, key)
	case ev.Match != match:
		return nil, bad("match", events.RuleBody, "event of match %q is stored under match %q", ev.Match, match)
	case ev.Hash.IsZero():
		return nil, bad("hash", events.RuleChain, "missing: a stored event must be sealed")
	case ev.Seq > 1 && ev.Prev.IsZero():
		return nil, bad("prev", events.RuleChain, "missing: a stored event after seq 1 must name the hash of the one before")
	}
	if le := link.Next(ev); le != nil {
		return nil, le
	}
	return ev, nil
}

// sigCheck checks the signatures of a match's inputs in seq order: when
// its match_started declares keys, every input must be signed by its
// actor's key, the match_started itself by the table's.
type sigCheck struct{ keys events.Keys }

func (c *sigCheck) check(ev *events.Event) *events.Error {
	if ms, ok := ev.Body.(*events.MatchStarted); ok && ev.Seq == 1 {
		c.keys = ms.Keys()
	}
	return events.CheckSig(c.keys, ev)
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// verifyEvents checks a decoded log, which may be unhashed.
func verifyEvents(src Source, sum Summary) (Result, error) {
	r := Result{Match: sum.Match}
	f, isFile := src.(*File)
	if isFile {
		r.File = f.Name()
	}
	var link events.Link
	var sigs sigCheck
	err := src.Events(sum.Match, func(ev *events.Event) error {
		before := link.Hash
		c := *ev
		le := link.Next(&c)
		if le == nil {
			le = sigs.check(&c)
		}
		if le != nil {
			r.fail(c.Seq, le)
			if isFile {
				r.Line = f.line(sum.Match, c.Seq)
			}
			return errStop
		}
		r.Events++
		if c.Hash.IsZero() || c.Seq > 1 && (before.IsZero() || c.Prev.IsZero()) {
			r.Unhashed++
		}
		return nil
	})
	if err != nil && err != errStop {
		return r, err
	}
	if r.OK() {
		r.HeadSeq, r.Head = link.Seq, link.Hash
		r.Hashed = r.Events > 0 && r.Unhashed == 0
	}
	return r, nil
}

// String is the one-line report verify prints:
//
//	m1: ok, 42 events, chain verified, head 1a2b3c4d5e6f
//	hand.jsonl: m3: ok, 5 events, seq gapless, unhashed (hand-written)
//	m2: seq 17: prev 0a1b2c3d4e5f does not match the hash of seq 16 (9f8e7d6c5b4a) (LOG-CHAIN)
//	gap.jsonl:4: m1: seq 5: gap: expected seq 4, got 5 (LOG-SEQ)
func (r Result) String() string {
	var b strings.Builder
	if r.File != "" {
		b.WriteString(r.File)
		if !r.OK() && r.Line > 0 {
			fmt.Fprintf(&b, ":%d", r.Line)
		}
		b.WriteString(": ")
	}
	if r.Match != "" {
		b.WriteString(r.Match + ": ")
	} else if r.File == "" {
		b.WriteString("store: ") // a deep verify's finding about the whole store
	}
	if r.OK() {
		fmt.Fprintf(&b, "ok, %s, ", plural(r.Events, "event"))
		switch {
		case r.Hashed:
			fmt.Fprintf(&b, "chain verified, head %s", r.Head.Short())
		case r.Unhashed == r.Events:
			b.WriteString("seq gapless, unhashed (hand-written)")
		default:
			fmt.Fprintf(&b, "seq gapless, partly hashed (%d of %d events not chained)", r.Unhashed, r.Events)
		}
		return b.String()
	}
	if r.BadSeq > 0 {
		fmt.Fprintf(&b, "seq %d: ", r.BadSeq)
	}
	// The field, unless the seq or the reason already names it.
	if r.Field != "" && r.Field != "seq" && !strings.HasPrefix(r.Reason, r.Field+" ") {
		b.WriteString(r.Field + ": ")
	}
	b.WriteString(r.Reason)
	if r.Rule != "" {
		fmt.Fprintf(&b, " (%s)", r.Rule)
	}
	return b.String()
}

func plural(n uint64, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

type resultJSON struct {
	Match    string `json:"match"`
	File     string `json:"file,omitempty"`
	OK       bool   `json:"ok"`
	Events   uint64 `json:"events"`
	Hashed   bool   `json:"hashed"`
	Unhashed uint64 `json:"unhashed,omitempty"`
	HeadSeq  uint64 `json:"head_seq,omitempty"`
	HeadHash string `json:"head_hash,omitempty"`
	BadSeq   uint64 `json:"bad_seq,omitempty"`
	Line     int    `json:"line,omitempty"`
	Field    string `json:"field,omitempty"`
	Reason   string `json:"reason,omitempty"`
	Rule     string `json:"rule,omitempty"`
	Message  string `json:"message"`
}

// MarshalJSON writes the result with snake_case keys, "ok", and the line
// String prints as "message".
func (r Result) MarshalJSON() ([]byte, error) {
	return json.Marshal(resultJSON{
		Match: r.Match, File: r.File, OK: r.OK(), Events: r.Events, Hashed: r.Hashed,
		Unhashed: r.Unhashed, HeadSeq: r.HeadSeq, HeadHash: r.Head.String(), BadSeq: r.BadSeq,
		Line: r.Line, Field: r.Field, Reason: r.Reason, Rule: r.Rule, Message: r.String(),
	})
}

// UnmarshalJSON reads what MarshalJSON writes.
func (r *Result) UnmarshalJSON(b []byte) error {
	var j resultJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	*r = Result{
		Match: j.Match, File: j.File, Events: j.Events, Hashed: j.Hashed, Unhashed: j.Unhashed,
		HeadSeq: j.HeadSeq, BadSeq: j.BadSeq, Line: j.Line, Field: j.Field, Reason: j.Reason, Rule: j.Rule,
	}
	if j.HeadHash != "" {
		h, err := events.ParseHash(j.HeadHash)
		if err != nil {
			return fmt.Errorf("head_hash: %w", err)
		}
		r.Head = h
	}
	return nil
}
