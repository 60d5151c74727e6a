package recorder

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/bus"
	"github.com/chronicle-mtg/chronicle/events/store"
)

// admitted is a run of messages validated and not yet committed: the
// store batch, the verdicts to send once it is committed, and the last
// message, whose ack covers the run.
type admitted struct {
	batch    *store.Batch
	verdicts []bus.Verdict
	grouped  []bool // verdicts[i] goes in an array with others of its match
	// digestOf[i], when set, is the input stored whose hash and digest
	// verdicts[i] is sent with: the digest worked out by the committer
	// (tell), off the admitting path, and both written from their bytes.
	digestOf []*events.Event
	sealedOf [][]byte // digestOf[i]'s sealed encoding, when known
	last     jetstream.Msg
	msgs     int // messages taken whole
	inputs   int // inputs admitted, of those messages and of a pack begun
	stats    Stats
}

// newAdmitted returns an empty run: the last one committed (committed),
// its memory kept, or a new one.
func (r *Recorder) newAdmitted() *admitted {
	a := r.free
	if a == nil {
		return &admitted{batch: &store.Batch{Stream: r.cursor}}
	}
	r.free = nil
	a.batch.Stream = r.cursor
	return a
}

// reset empties a for the next run, keeping its lists' memory: once a is
// committed and told, nothing reads what it held.
func (a *admitted) reset() {
	b := a.batch
	clear(b.Events)
	clear(b.Derived)
	clear(b.Rejections)
	clear(b.Holes)
	clear(b.Sealed)
	*b = store.Batch{Events: b.Events[:0], Derived: b.Derived[:0], Rejections: b.Rejections[:0],
		Holes: b.Holes[:0], Sealed: b.Sealed[:0]}
	clear(a.verdicts)
	clear(a.digestOf)
	clear(a.sealedOf)
	*a = admitted{batch: b, verdicts: a.verdicts[:0], grouped: a.grouped[:0], digestOf: a.digestOf[:0],
		sealedOf: a.sealedOf[:0]}
}

// empty reports whether a holds nothing to commit.
func (a *admitted) empty() bool { return a.msgs == 0 && a.inputs == 0 }

// stop says why admitAll stopped before the end of its messages.
type stop int

const (
	stopNone   stop = iota
	stopGap         // a message went missing on the way: pull again
	stopSettle      // the rules failed on an input: store what is admitted first
)

// resume is where admitting a pack of inputs (bus.SplitPack) goes on
// after the rules failed on one of them and what was admitted was
// stored first: the pack at stream seq seq, from its input at.
type resume struct {
	seq uint64
	at  int
}

// admitAll validates msgs into a and returns how many it took. Messages
// come in stream order, one after another: stopGap means one went missing
// before reaching us (the stream still holds it), so admitting stops there,
// for the caller to pull again. stopSettle follows an input on which the
// rules failed: its game is to be rebuilt from the store, which must first
// hold everything admitted. When that input is not the last of its pack,
// the pack is not counted as taken: a covers the stream up to the message
// before it, and admitting it again goes on after that input (r.resume).
func (r *Recorder) admitAll(a *admitted, msgs []jetstream.Msg) (n int, why stop, err error) {
	for i, msg := range msgs {
		md, err := msg.Metadata()
		if err != nil {
			return i, stopNone, fmt.Errorf("recorder: message without JetStream metadata: %w", err)
		}
		seq := md.Sequence.Stream
		next := r.admittedSeq + 1
		if seq < next {
			a.last, a.msgs = msg, a.msgs+1
			continue // redelivered: admitted already
		}
		if seq > next {
			lost, hole := r.missed(next, seq)
			if lost {
				return i, stopGap, nil
			}
			a.batch.Holes = append(a.batch.Holes, hole)
		}
		r.admittedSeq = seq
		a.batch.StreamSeq = seq
		if !r.cfg.Share.Owns(bus.MatchOfSubject(msg.Subject())) {
			a.last, a.msgs = msg, a.msgs+1
			continue // another recorder's match: it records it
		}
		grouped := msg.Headers().Get(bus.HeaderVerdicts) == bus.VerdictsGrouped
		data := msg.Data()
		if !bus.IsPack(data) {
			r.admitInput(a, msg, md, data, grouped)
		} else if at, stopped := r.admitPack(a, msg, md, data, grouped); stopped {
			r.resume = resume{seq: seq, at: at}
			r.admittedSeq, a.batch.StreamSeq = seq-1, seq-1
			return i, stopSettle, nil
		}
		a.last, a.msgs = msg, a.msgs+1
		if r.rulesFailed {
			r.rulesFailed = false
			return i + 1, stopSettle, nil
		}
	}
	return len(msgs), stopNone, nil
}

// admitPack admits the inputs of a pack, from where an earlier attempt
// stopped. It stops after an input the rules failed on when more follow,
// and returns where to go on. A malformed pack is refused whole, as one
// message.
func (r *Recorder) admitPack(a *admitted, msg jetstream.Msg, md *jetstream.MsgMetadata, data []byte, grouped bool) (at int, stopped bool) {
	from := 0
	if r.resume.seq == md.Sequence.Stream {
		from = r.resume.at
	}
	r.resume = resume{}
	err := bus.SplitPack(data, func(i int, input []byte) {
		if i < from || stopped {
			return
		}
		r.admitInput(a, msg, md, input, grouped)
		if r.rulesFailed {
			stopped, at = true, i+1
		}
	})
	if err != nil {
		v, rej := r.reject(msg, md, data, &events.Error{Rule: events.RuleDecode, Reason: err.Error()}, "")
		a.add(v, nil, nil, rej, nil, grouped)
		return 0, false
	}
	if stopped && at == bus.PackCount(data) {
		stopped = false // the last: the pack is taken whole, as any message
	}
	if stopped {
		r.rulesFailed = false
	}
	return at, stopped
}

// admitInput validates one input, data, of msg into a.
func (r *Recorder) admitInput(a *admitted, msg jetstream.Msg, md *jetstream.MsgMetadata, data []byte, grouped bool) {
	v, ev, rej := r.admitSafely(msg, md, data)
	d, sealed := r.derived, r.sealed
	r.derived, r.sealed = nil, nil
	a.add(v, ev, sealed, rej, d, grouped)
}

// add notes one input's outcome in a: its verdict, and the input stored
// (its canonical encoding, sealed, when known; with what was derived
// beside it, d) or its rejection; neither, a duplicate.
func (a *admitted) add(v bus.Verdict, ev *events.Event, sealed []byte, rej *store.Rejection, d *store.Derived, grouped bool) {
	switch {
	case rej != nil:
		a.batch.Rejections = append(a.batch.Rejections, rej)
		a.stats.Rejected++
	case ev != nil:
		a.batch.Events = append(a.batch.Events, ev)
		a.batch.Sealed = append(a.batch.Sealed, sealed)
		if d != nil {
			a.batch.Derived = append(a.batch.Derived, d)
		}
		a.stats.Stored++
	default:
		a.stats.Duplicates++
	}
	a.inputs++
	a.verdicts = append(a.verdicts, v)
	a.grouped = append(a.grouped, grouped)
	a.digestOf = append(a.digestOf, ev)
	a.sealedOf = append(a.sealedOf, sealed)
}

// commitAdmitted commits a, acks it and sends its verdicts. It touches
// nothing admitting uses, so it may run beside it.
func (r *Recorder) commitAdmitted(a *admitted) error {
	if a.batch.StreamSeq > 0 || a.inputs > 0 {
		if r.cfg.BeforeCommit != nil {
			r.cfg.BeforeCommit(a.msgs)
		}
		if err := r.commit(a.batch); err != nil {
			return err
		}
	}
	// One ack for the run: the consumer's acks are cumulative (AckAll).
	if a.last != nil {
		if err := a.last.Ack(); err != nil {
			// The commit stands; a redelivery will be recognised by the cursor.
			r.log.Warn("ack", "err", err)
		}
	}
	r.own(a.batch)
	r.tell(a)
	r.moved(a.batch)
	st := a.stats
	r.statsMu.Lock()
	r.stats.Batches++
	r.stats.Stored += st.Stored
	r.stats.Duplicates += st.Duplicates
	r.stats.Rejected += st.Rejected
	r.statsMu.Unlock()
	return nil
}

// tell sends a's verdicts: one message each, or, for inputs whose
// publisher asked (bus.HeaderVerdicts), arrays of a match's verdicts in
// seq order, up to bus.MaxGroupedVerdicts to a message.
func (r *Recorder) tell(a *admitted) {
	buf := verdictBufs.Get().(*[]byte)
	defer verdictBufs.Put(buf)
	var order []string
	var groups map[string][]int
	for i := range a.verdicts {
		v := &a.verdicts[i]
		if !a.grouped[i] {
			*buf = a.appendVerdict((*buf)[:0], i)
			r.send(v.Match, v.Seq, *buf)
			continue
		}
		if groups == nil {
			groups = map[string][]int{}
		}
		if groups[v.Match] == nil {
			order = append(order, v.Match)
		}
		groups[v.Match] = append(groups[v.Match], i)
	}
	for _, match := range order {
		is := groups[match]
		for len(is) > 0 {
			n := min(len(is), bus.MaxGroupedVerdicts)
			b := append((*buf)[:0], '[')
			for k, i := range is[:n] {
				if k > 0 {
					b = append(b, ',')
				}
				b = a.appendVerdict(b, i)
			}
			*buf = append(b, ']')
			r.send(match, a.verdicts[is[0]].Seq, *buf)
			is = is[n:]
		}
	}
}

// appendVerdict appends a's verdict i as JSON (bus.AppendVerdict); a
// stored input's hash and digest are written from their bytes.
func (a *admitted) appendVerdict(dst []byte, i int) []byte {
	v, ev := &a.verdicts[i], a.digestOf[i]
	if ev == nil {
		return bus.AppendVerdict(dst, v)
	}
	d, ok := digestOfSealed(a.sealedOf[i], ev)
	if !ok {
		d = ev.Digest()
	}
	return bus.AppendVerdictHashes(dst, v, &ev.Hash, &d)
}

// send publishes data, a verdict or an array of them, on match's
// subject, signed when the recorder has a key; a failure is logged (the
// publisher asks the status for verdicts it missed). The connection
// copies data.
func (r *Recorder) send(match string, seq uint64, data []byte) {
	m, err := bus.SignReply(r.cfg.Key, bus.OutSubject(match), data)
	if err == nil {
		err = r.cfg.Conn.PublishMsg(m)
	}
	if err != nil {
		r.log.Warn("verdict", "match", match, "seq", seq, "err", err)
	}
}

// verdictBufs holds buffers verdicts are written into.
var verdictBufs = sync.Pool{New: func() any { b := make([]byte, 0, 64<<10); return &b }}

// committed notes, on the admitting side, that a is stored: its inputs
// leave the matches' pending sets, the caches may shrink, and a's memory
// serves the next run (newAdmitted).
func (r *Recorder) committed(a *admitted) {
	if a.batch.StreamSeq > 0 {
		r.lastApplied = a.batch.StreamSeq
	}
	for _, ev := range a.batch.Events {
		if m := r.matches[ev.Match]; m != nil {
			m.pending.storedTo(ev.Seq)
		}
	}
	r.trimCaches()
	a.reset()
	r.free = a
}

// missed reports whether the stream holds a message from seq next up to
// before seq, which came after next: one delivered to us and lost on the
// way (a pull cut short). Messages deleted from the stream leave a hole
// that is not a loss of delivery but of the inputs themselves: it is
// returned, to be stored, so that the loss shows in verify and audit.
// When the stream can't be asked, it is treated as a lost delivery:
// pulling again costs a moment, skipping would lose an input, since an ack
// covers every message before it.
func (r *Recorder) missed(next, seq uint64) (bool, *store.Hole) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	m, err := r.stream.GetMsg(ctx, next, jetstream.WithGetMsgSubject(bus.InWildcard))
	if err != nil {
		r.log.Warn("gap in delivery: can't look it up; pulling again", "expected", next, "got", seq, "err", err)
		return true, nil
	}
	if m.Sequence < seq {
		r.log.Warn("gap in delivery: pulling again", "expected", next, "got", seq, "stream_has", m.Sequence)
		return true, nil
	}
	r.log.Error("input messages were deleted from the stream before the recorder read them; recorded as a hole",
		"from", next, "to", seq-1)
	return false, &store.Hole{Stream: r.cursor, From: next, To: seq - 1,
		Reason: "deleted from the stream before the recorder read them", Time: r.cfg.Now().UnixNano()}
}

// commit writes the batch, retrying a failed transaction a bounded number of
// times.
func (r *Recorder) commit(b *store.Batch) error {
	var err error
	delay := 100 * time.Millisecond
	for attempt := 1; attempt <= r.cfg.CommitRetries; attempt++ {
		if err = r.cfg.Store.Commit(b); err == nil {
			return nil
		}
		r.log.Error("commit failed", "attempt", attempt, "err", err)
		time.Sleep(delay)
		delay *= 2
	}
	return fmt.Errorf("recorder: commit failed %d times, stopping without ack: %w", r.cfg.CommitRetries, err)
}

// maxCachedMatches bounds the per-match view kept between batches; past it
// the view is rebuilt from the store's meta as matches come up.
const maxCachedMatches = 50000

// busy reports whether a match has inputs admitted and not yet committed:
// its view and its game can't be rebuilt from the store until they are.
func (r *Recorder) busy(match string) bool {
	m := r.matches[match]
	return m != nil && m.pending.len() > 0
}

// trimCaches lets go of the views (and the validator's games) of matches
// with nothing uncommitted, once there are too many.
func (r *Recorder) trimCaches() {
	if len(r.matches) > maxCachedMatches {
		for id, m := range r.matches {
			if m.pending.len() == 0 {
				delete(r.matches, id)
			}
		}
	}
	if t, ok := r.cfg.Validator.(trimmer); ok {
		t.Trim(r.busy)
	}
}

// trimmer is a Validator that caches per match and can let go of matches
// that busy says nothing of.
type trimmer interface {
	Trim(busy func(match string) bool)
}

// forgetAll drops the in-memory view of every match after a failed commit.
func (r *Recorder) forgetAll(b *store.Batch) {
	r.matches = map[string]*Match{}
	if r.cfg.Validator == nil {
		return
	}
	for _, ev := range b.Events {
		r.cfg.Validator.Forget(ev.Match)
	}
}

// admitSafely is admit with a panic turned into a rejection: no input can
// stop the recorder or loop through redelivery.
func (r *Recorder) admitSafely(msg jetstream.Msg, md *jetstream.MsgMetadata, raw []byte) (v bus.Verdict, ev *events.Event, rej *store.Rejection) {
	r.derived, r.sealed = nil, nil
	defer func() {
		if p := recover(); p != nil {
			r.derived, r.sealed = nil, nil
			if r.cfg.Validator != nil {
				// The rules may have stopped half-way: rebuild the game,
				// once the store holds what was admitted before.
				r.cfg.Validator.Forget(bus.MatchOfSubject(msg.Subject()))
				r.rulesFailed = true
			}
			r.log.Error("panic while validating", "stream_seq", md.Sequence.Stream, "panic", p)
			e := &events.Error{Reason: fmt.Sprintf("internal error while validating: %v", p), Rule: "LOG-INTERNAL"}
			kind := ""
			if in, err := events.DecodeInput(raw); err == nil {
				e.Match, e.Seq, kind = in.Match, in.Seq, string(in.Kind) // name the input
			}
			v, rej = r.reject(msg, md, raw, e, kind)
			ev = nil
		}
	}()
	return r.admit(msg, md, raw)
}

// admit decides one input, raw, of msg: stored (ev set), duplicate
// (neither set) or rejected (rej set). v is the verdict to publish in
// every case.
func (r *Recorder) admit(msg jetstream.Msg, md *jetstream.MsgMetadata, raw []byte) (bus.Verdict, *events.Event, *store.Rejection) {
	subjMatch := bus.MatchOfSubject(msg.Subject())
	ev, err := events.DecodeInput(raw)
	if err != nil {
		v, rej := r.reject(msg, md, raw, asEventError(err), events.KindOf(raw)) // the kind it says, for the log
		return v, nil, rej
	}
	fail := func(field, rule, format string, args ...any) (bus.Verdict, *events.Event, *store.Rejection) {
		e := &events.Error{Match: ev.Match, Seq: ev.Seq, Field: field, Rule: rule, Reason: fmt.Sprintf(format, args...)}
		v, rej := r.reject(msg, md, raw, e, string(ev.Kind))
		return v, nil, rej
	}
	if ev.Match != subjMatch {
		e := &events.Error{Match: subjMatch, Seq: ev.Seq, Field: "match", Rule: events.RuleBody,
			Reason: fmt.Sprintf("names match %q but was published on the subject of match %q", ev.Match, subjMatch)}
		v, rej := r.reject(msg, md, raw, e, string(ev.Kind))
		return v, nil, rej
	}
	m, err := r.match(ev.Match)
	if err != nil {
		panic(err) // the store failed to read; recovered as a rejection
	}
	if m != nil && ev.Seq != 0 && ev.Seq <= m.Seq {
		return r.duplicateOrConflict(msg, md, raw, m, ev)
	}
	link := events.Link{}
	if m != nil {
		link.Seq, link.Hash = m.Seq, m.Hash
	} else if ev.Kind != events.KindMatchStarted {
		return fail("match", events.RuleStart, "match %s was never started: its first input must be match_started", ev.Match)
	}
	if ev.Recorded == 0 {
		ev.Recorded = md.Timestamp.UnixNano()
	}
	if ev.Prev.IsZero() && link.Seq > 0 {
		if !ev.Hash.IsZero() {
			return fail("prev", events.RuleChain, "hash given without prev: the chain can't be checked")
		}
		ev.Prev = link.Hash
	}
	// Encoded and hashed once, for the chain's check or the seal: the
	// store keeps these bytes (r.sealed).
	if le := link.NextHashing(ev, r.hashSealing(raw)); le != nil {
		v, rej := r.reject(msg, md, raw, le, string(ev.Kind))
		return v, nil, rej
	}
	if ev.Hash.IsZero() {
		ev.Hash, r.sealed = ev.SealedCanonical()
	}
	started := m == nil
	if started {
		m = matchFromStart(ev)
	}
	if pe := m.checkParticipants(ev); pe != nil {
		v, rej := r.reject(msg, md, raw, pe, string(ev.Kind))
		return v, nil, rej
	}
	if r.cfg.Validator != nil {
		d, err := r.cfg.Validator.Admit(m, ev)
		r.derived = d
		if err != nil {
			r.derived, r.sealed = nil, nil
			e := asEventError(err)
			e.Match, e.Seq = ev.Match, ev.Seq
			v, rej := r.reject(msg, md, raw, e, string(ev.Kind))
			return v, nil, rej
		}
	}
	if started {
		r.matches[ev.Match] = m
	}
	m.Seq, m.Hash = ev.Seq, ev.Hash
	m.pending.add(ev)
	// The hash and digest are written by the committer (tell).
	v := bus.Verdict{Match: ev.Match, Seq: ev.Seq, Status: bus.StatusStored, StreamSeq: md.Sequence.Stream}
	if r.cfg.Validator != nil {
		var c *store.Verification
		if d := r.derived; d != nil {
			c = d.Verification
		}
		setVerification(&v, c)
	}
	return v, ev, nil
}

// setVerification reports how far the rules checked a stored input.
func setVerification(v *bus.Verdict, c *store.Verification) {
	v.Verification = bus.Verified
	if c != nil {
		v.Verification, v.Cards, v.VerificationRule, v.VerificationReason = c.Status, c.Cards, c.Rule, c.Reason
	}
}

// storedVerification reports on a duplicate what the store says of the
// input it repeats; nothing when the store can't say.
func (r *Recorder) storedVerification(v *bus.Verdict) {
	c, err := r.cfg.Store.VerificationAt(v.Match, v.Seq)
	if err != nil {
		r.log.Warn("verification", "match", v.Match, "seq", v.Seq, "err", err)
		return
	}
	setVerification(v, c)
}

// duplicateOrConflict handles an input at a seq the match already holds.
func (r *Recorder) duplicateOrConflict(msg jetstream.Msg, md *jetstream.MsgMetadata, raw []byte, m *Match, ev *events.Event) (bus.Verdict, *events.Event, *store.Rejection) {
	stored := m.pending.at(ev.Seq)
	if stored == nil {
		var err error
		if stored, err = r.cfg.Store.Event(ev.Match, ev.Seq); err != nil {
			panic(fmt.Errorf("reading %s seq %d: %w", ev.Match, ev.Seq, err))
		}
	}
	same := ev.Digest() == stored.Digest() && (ev.Hash.IsZero() || ev.Hash == stored.Hash)
	if same {
		v := bus.Verdict{Match: ev.Match, Seq: ev.Seq, Status: bus.StatusStored, Duplicate: true,
			Hash: stored.Hash.String(), Digest: stored.Digest().String(), StreamSeq: md.Sequence.Stream}
		if r.cfg.Validator != nil && m.pending.at(ev.Seq) == nil {
			r.storedVerification(&v)
		}
		return v, nil, nil
	}
	e := &events.Error{Match: ev.Match, Seq: ev.Seq, Rule: events.RuleConflict,
		Reason: fmt.Sprintf("conflict: seq %d is stored already with a different input (%s by %s, hash %s); the stored one stands",
			ev.Seq, stored.Kind, stored.Actor, stored.Hash.Short())}
	v, rej := r.reject(msg, md, raw, e, string(ev.Kind))
	return v, nil, rej
}

// match returns the recorder's view of a match, from the cache or the store;
// nil if the match was never started.
func (r *Recorder) match(id string) (*Match, error) {
	if m := r.matches[id]; m != nil {
		return m, nil
	}
	meta, err := r.cfg.Store.Meta(id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	m := matchFromMeta(meta)
	r.matches[id] = m
	return m, nil
}

// reject refuses raw, an input of msg (or all of it), for e.
func (r *Recorder) reject(msg jetstream.Msg, md *jetstream.MsgMetadata, raw []byte, e *events.Error, kind string) (bus.Verdict, *store.Rejection) {
	match := e.Match
	if match == "" {
		match = bus.MatchOfSubject(msg.Subject())
	}
	rej := &store.Rejection{
		Stream:    r.cursor,
		StreamSeq: md.Sequence.Stream,
		Subject:   msg.Subject(),
		Match:     match,
		Seq:       e.Seq,
		Kind:      kind,
		Raw:       append([]byte(nil), raw...),
		Field:     e.Field,
		Reason:    e.Reason,
		Rule:      e.Rule,
		Time:      r.cfg.Now().UnixNano(),
	}
	r.log.Info("rejected", "match", match, "seq", e.Seq, "stream_seq", md.Sequence.Stream, "reason", e.Error())
	return bus.Verdict{Match: match, Seq: e.Seq, Status: bus.StatusRejected, StreamSeq: md.Sequence.Stream,
		Field: e.Field, Reason: e.Reason, Rule: e.Rule, Error: e.Error()}, rej
}

func asEventError(err error) *events.Error {
	var ee *events.Error
	if errors.As(err, &ee) {
		c := *ee
		return &c
	}
	return &events.Error{Reason: err.Error()}
}
