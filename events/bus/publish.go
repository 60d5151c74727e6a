package bus

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/chronicle-mtg/chronicle/events"
)

// Outcome statuses beyond the verdict's own.
const (
	// StatusUnpublished: the publisher did not send the input, because an
	// earlier input of the match was refused or another writer got there first.
	StatusUnpublished = "unpublished"
	// StatusUnconfirmed: the publisher sent the input but no verdict came
	// before it gave up; the stream may hold it, and a publish again tells.
	StatusUnconfirmed = "unconfirmed"
	// StatusUntried: the publisher never sent the input: NATS or the
	// recorder could not be reached before it got there.
	StatusUntried = "untried"
)

// Outcome is what became of one input a Publisher was given.
type Outcome struct {
	Match   string
	Seq     uint64
	Status  string // StatusStored, StatusRejected or StatusUnpublished
	Already bool   // stored before this publisher ran (or by an earlier copy)
	Verdict Verdict
	Reason  string // why, when not stored
	Rule    string // the rule that refused it, when rejected
}

// Publisher sends a match's inputs as a game client would: message id
// <match>:<seq>, the expected last subject sequence so that two writers can't
// interleave, and then waits for the recorder's verdicts, because a
// JetStream acknowledgement alone is not durability.
type Publisher struct {
	NC     *nats.Conn
	JS     jetstream.JetStream
	Stream jetstream.Stream
	// Idle is how long to wait with no verdict arriving before giving up;
	// default 30s.
	Idle time.Duration
	// Now stamps an input's recorded time when it has none (and no hash).
	// Nil leaves it for the recorder, which uses the stream's timestamp.
	Now func() time.Time
	// OnOutcome, if set, is called as each input's fate is known.
	OnOutcome func(Outcome)
	// RecorderKey, when set, is the recorder's public key: only verdicts
	// and status replies it signed are believed (verdictsig.go); others
	// are ignored, and Forged counts them.
	RecorderKey string
	// Forged counts verdicts ignored for want of the recorder's signature.
	Forged atomic.Int64
	// Batch is how many inputs go in one atomic batch: 0 means
	// DefaultBatch, 1 input by input.
	Batch int
	// Atomic sends chained inputs (sealed, each naming the one before) in
	// atomic batches too, as publishers did before; by default they go by
	// plain async publish (chained.go).
	Atomic bool
	// Lose, when set, is asked before each chained input is handed to NATS
	// by async publish: true drops it, as a message lost on the way, its
	// acknowledgement failing. Fault-injection tests use it.
	Lose func(match string, seq uint64) bool
	// RequestTimeout bounds every request the publisher makes (a batch
	// commit, a publish, a status request, a stream lookup); default 5s.
	// A request that times out, or finds no responder while a cluster
	// elects a leader, is tried again with backoff until Idle passes with
	// no progress.
	RequestTimeout time.Duration

	noAtomic atomic.Bool  // the stream refused an atomic batch as disabled
	maxBatch atomic.Int64 // the server refused a batch this large; 0: none yet
	// noOrder: the user may not read the stream (a player), so the
	// subject's last sequence can't be known and inputs go without it; the
	// recorder's seq and digest checks still refuse an interleaving writer.
	noOrder atomic.Bool
	// heard: a recorder answered this publisher once; no recorder after
	// that is one restarting, not none at all.
	heard atomic.Bool
}

func (p *Publisher) batchSize() int {
	n := p.Batch
	if n <= 0 {
		n = DefaultBatch
	}
	if m := int(p.maxBatch.Load()); m > 0 {
		n = min(n, m)
	}
	return n
}

// shrinkBatch halves the batch size after the server refused a batch of
// refused inputs as too large.
func (p *Publisher) shrinkBatch(refused int) {
	for {
		cur := p.maxBatch.Load()
		next := int64(refused / 2)
		if cur > 0 && cur <= next {
			return
		}
		if p.maxBatch.CompareAndSwap(cur, next) {
			return
		}
	}
}

// NewPublisher returns a publisher on nc; the input stream must exist.
func NewPublisher(ctx context.Context, nc *nats.Conn) (*Publisher, error) {
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, err
	}
	s, err := js.Stream(ctx, StreamName)
	if err != nil {
		return nil, fmt.Errorf("bus: stream %s: %w (is a recorder running?)", StreamName, err)
	}
	p := &Publisher{NC: nc, JS: js, Stream: s, Now: time.Now}
	if !atomicBatches(nc.ConnectedServerVersion()) {
		p.noAtomic.Store(true) // a server older than the batch API ignores its headers
	}
	return p, nil
}

// MinAtomicVersion is the first nats-server version with atomic batch
// publishing; older servers get inputs one by one.
const MinAtomicVersion = "2.12.0"

// atomicBatches reports whether a server of version v (as the server
// announces it, "2.9.25") publishes atomic batches. An unknown version is
// assumed to, and a reply that ignored the batch says otherwise.
func atomicBatches(v string) bool {
	var major, minor int
	if _, err := fmt.Sscanf(v, "%d.%d", &major, &minor); err != nil {
		return true
	}
	return major > 2 || major == 2 && minor >= 12
}

func (p *Publisher) requestTimeout() time.Duration {
	if p.RequestTimeout > 0 {
		return p.RequestTimeout
	}
	return 5 * time.Second
}

func (p *Publisher) idle() time.Duration {
	if p.Idle > 0 {
		return p.Idle
	}
	return 30 * time.Second
}

// ErrNoRecorder means no recorder answered a status request.
var ErrNoRecorder = errors.New("no recorder answers status requests")

// PublishMatch publishes one match's inputs, which must carry seqs in order,
// and returns an outcome for each, in seq order. A request that times out
// or finds no responder (a cluster electing a leader, a server restarting)
// is tried again, idempotently, until Idle passes with no progress. An
// error means the publisher gave up on NATS or the recorder; every input
// still has its outcome then: stored or rejected as the verdicts said,
// unconfirmed if sent without a verdict, untried if never sent.
func (p *Publisher) PublishMatch(ctx context.Context, match string, evs []*events.Event) ([]Outcome, error) {
	for i, ev := range evs {
		if ev.Match != match || ev.Seq == 0 || (i > 0 && ev.Seq != evs[i-1].Seq+1) {
			return nil, fmt.Errorf("bus: %s: inputs must be of this match with consecutive seqs (at index %d)", match, i)
		}
		if p.Now != nil && ev.Recorded == 0 && ev.Hash.IsZero() {
			ev.Recorded = p.Now().UnixNano()
		}
	}
	run := newMatchRun(p, match, evs)
	if err := ctx.Err(); err != nil {
		return run.result(evs), err
	}
	sub, err := p.NC.Subscribe(OutSubject(match), run.onVerdict)
	if err != nil {
		return run.result(evs), fmt.Errorf("bus: subscribe %s: %w", OutSubject(match), err)
	}
	defer sub.Unsubscribe()
	err = run.ride(ctx, evs)
	return run.result(evs), err
}

// ride publishes and waits, and after a transient failure publishes again
// what has no outcome yet: inputs the stream holds already are recognised
// by their message ids and by the recorder's status, so nothing is doubled.
func (r *matchRun) ride(ctx context.Context, evs []*events.Event) error {
	backoff := 100 * time.Millisecond
	for {
		err := r.publish(ctx, r.unsettled(evs))
		if err == nil {
			err = r.wait(ctx)
		}
		if err == nil && r.takeHeld() {
			err = errResend
		}
		if err == nil || ctx.Err() != nil || !r.transient(err) {
			return err
		}
		quiet := time.Since(r.lastProgress())
		if quiet >= r.p.idle() {
			return fmt.Errorf("bus: %s: gave up after %s without progress: %w", r.match, r.p.idle().Round(time.Second), err)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(min(backoff, r.p.idle()-quiet)):
		}
		backoff = min(2*backoff, 2*time.Second)
	}
}

// transient reports whether err may pass by itself: a request that timed
// out or found no responder, a connection being re-established, JetStream
// answering that it is unavailable (503) while a leader is elected. No
// recorder at all is transient only once one has answered this publisher.
func (r *matchRun) transient(err error) bool {
	var apiErr *jetstream.APIError
	var be *batchError
	switch {
	case errors.Is(err, errResend):
		return true
	case errors.Is(err, ErrNoRecorder):
		return r.p.heard.Load()
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, nats.ErrTimeout),
		errors.Is(err, nats.ErrNoResponders), errors.Is(err, jetstream.ErrNoStreamResponse),
		errors.Is(err, nats.ErrNoStreamResponse),
		errors.Is(err, nats.ErrConnectionReconnecting), errors.Is(err, nats.ErrDisconnected):
		return true
	case errors.As(err, &apiErr):
		return apiErr.Code == 503
	case errors.As(err, &be):
		return be.Code == 503
	}
	return false
}

// unsettled is evs without an outcome yet.
func (r *matchRun) unsettled(evs []*events.Event) []*events.Event {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []*events.Event
	for _, ev := range evs {
		if r.slots.outcome(ev.Seq) == nil {
			out = append(out, ev)
		}
	}
	return out
}

// moved notes progress: a verdict, an acknowledgement, an answer.
func (r *matchRun) moved() {
	r.mu.Lock()
	r.progress = time.Now()
	r.mu.Unlock()
}

func (r *matchRun) lastProgress() time.Time {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.progress
}

type matchRun struct {
	p     *Publisher
	match string
	mu    sync.Mutex
	slots slots // the inputs by seq, and what is known of each
	// streamed: inputs went by chained async publish; held is how many
	// were held back for a gap and wait to go again.
	streamed bool
	held     int
	progress time.Time // the last verdict, acknowledgement or answer
	over     bool      // the result is out (result): nothing more is settled
	wake     chan struct{}
	verdicts []Verdict // onVerdict's, read again for each message
}

// newMatchRun is a run publishing evs, of consecutive seqs, of match.
func newMatchRun(p *Publisher, match string, evs []*events.Event) *matchRun {
	return &matchRun{p: p, match: match, slots: newSlots(evs), wake: make(chan struct{}, 1), progress: time.Now()}
}

func (r *matchRun) onVerdict(m *nats.Msg) {
	if r.p.RecorderKey != "" && VerifyReply(r.p.RecorderKey, m) != nil {
		r.p.Forged.Add(1)
		return
	}
	// Read into the verdicts of the message before (NATS hands one
	// subscription its messages in turn), copied to their outcomes.
	vs, ok := parseVerdictsOwned(r.verdicts[:0], m.Data)
	if !ok {
		var err error
		if vs, err = parseVerdictsInto(r.verdicts[:0], m.Data); err != nil {
			return
		}
	}
	r.verdicts = vs
	now := time.Now()
	r.mu.Lock()
	defer r.mu.Unlock()
	for i := range vs {
		if vs[i].Match == r.match {
			r.settleLocked(&vs[i], now)
		}
	}
}

// settle records a verdict for one of our seqs, once.
func (r *matchRun) settle(v Verdict) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.settleLocked(&v, time.Now())
}

// settleLocked is settle with r.mu held, the verdict heard at now.
func (r *matchRun) settleLocked(v *Verdict, now time.Time) {
	sl := r.slots.at(v.Seq)
	if sl == nil || sl.done || r.over || v.Status == StatusPending {
		return
	}
	ev := sl.ev
	r.progress = now
	if r.streamed && r.heldForGap(v) {
		return
	}
	// A duplicate of an input this run sent is our own earlier copy,
	// stored after a retry, not an input stored before the run.
	sl.settle(Outcome{Match: r.match, Seq: v.Seq, Status: v.Status, Verdict: *v, Already: v.Duplicate && !sl.sent})
	o := sl.out
	switch {
	case v.Status == StatusStored && !storedOurs(v, ev):
		o.Status, o.Rule = StatusRejected, events.RuleConflict
		o.Reason = fmt.Sprintf("conflict: seq %d holds a different input (digest %.12s, ours %.12s), written by another publisher (%s)",
			v.Seq, v.Digest, ev.Digest().String(), events.RuleConflict)
	case v.Status == StatusRejected:
		o.Reason, o.Rule = v.Error, v.Rule
		if o.Reason == "" {
			o.Reason = v.Reason
		}
	}
	r.slots.await(v.Seq, false)
	if r.p.OnOutcome != nil {
		r.p.OnOutcome(*o)
	}
	select {
	case r.wake <- struct{}{}:
	default:
	}
}

// storedOurs reports whether the input v says is stored is ev: the same
// hash, when ev is sealed (the hash covers all of it), else the same
// digest, worked out only then.
func storedOurs(v *Verdict, ev *events.Event) bool {
	if !ev.Hash.IsZero() && hexIs(v.Hash, ev.Hash) {
		return true
	}
	return v.Digest == ev.Digest().String()
}

// hexIs reports whether s is h's hex form (h.String()), without writing
// it.
func hexIs(s string, h events.Hash) bool {
	const digits = "0123456789abcdef"
	if len(s) != 2*len(h) {
		return false
	}
	for i, b := range h {
		if s[2*i] != digits[b>>4] || s[2*i+1] != digits[b&15] {
			return false
		}
	}
	return true
}

func (r *matchRun) abandon(from []*events.Event, reason string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, ev := range from {
		sl := r.slots.at(ev.Seq)
		if sl == nil || sl.done || r.over {
			continue
		}
		sl.settle(Outcome{Match: r.match, Seq: ev.Seq, Status: StatusUnpublished, Reason: reason})
		if r.p.OnOutcome != nil {
			r.p.OnOutcome(*sl.out)
		}
	}
}

func (r *matchRun) publish(ctx context.Context, evs []*events.Event) error {
	if len(evs) == 0 {
		return nil
	}
	head, err := r.status(ctx, nil)
	if err != nil {
		return err
	}
	// Inputs the recorder holds already: check they are ours.
	i := 0
	for i < len(evs) && evs[i].Seq <= head.HeadSeq {
		j := i
		var seqs []uint64
		for j < len(evs) && evs[j].Seq <= head.HeadSeq && len(seqs) < MaxStatusSeqs {
			seqs = append(seqs, evs[j].Seq)
			j++
		}
		rep, err := r.status(ctx, seqs)
		if err != nil {
			return err
		}
		for _, v := range rep.Verdicts {
			v.Duplicate = true
			r.settle(v)
		}
		i = j
	}
	for _, ev := range evs[:i] {
		r.mu.Lock()
		o := r.slots.outcome(ev.Seq)
		r.mu.Unlock()
		if o == nil || o.Status != StatusStored {
			r.abandon(evs[i:], fmt.Sprintf("not sent: seq %d of %s was not stored as given", ev.Seq, r.match))
			return nil
		}
	}
	last, err := r.lastSubjectSeq(ctx)
	if err != nil {
		return err
	}
	r.mu.Lock()
	r.slots.awaitNone()
	r.mu.Unlock()
	if r.p.Batch != 1 && !r.p.Atomic && chained(evs[i:]) {
		r.mu.Lock()
		r.streamed = true
		r.mu.Unlock()
		_, err := r.publishChained(ctx, evs[i:], last)
		return err
	}
	for rest := evs[i:]; len(rest) > 0; {
		chunk := rest[:min(r.p.batchSize(), len(rest))]
		if len(chunk) > 1 && !r.p.noAtomic.Load() {
			r.await(chunk, true)
			seq, err := r.publishBatch(ctx, chunk, last)
			if err == nil {
				last, rest = seq, rest[len(chunk):]
				continue
			}
			r.await(chunk, false)
			var be *batchError
			switch {
			case anotherWriter(err):
				r.abandon(rest, fmt.Sprintf("not sent: another publisher wrote to match %s meanwhile (expected last subject sequence %d)", r.match, last))
				return nil
			case !errors.As(err, &be):
				return err
			case be.ErrCode == errCodeAtomicDisabled:
				r.p.noAtomic.Store(true) // the stream predates atomic batches
			case be.ErrCode == errCodeBatchTooLarge && len(chunk) > 2:
				r.p.shrinkBatch(len(chunk))
				continue // again, in smaller batches
			}
			// Refused whole (a message id the stream has seen, too many
			// batches open at once): input by input instead.
		}
		var stop bool
		var err error
		if last, stop, err = r.publishEach(ctx, chunk, rest, last); err != nil || stop {
			return err
		}
		rest = rest[len(chunk):]
	}
	return nil
}

// awaitOne is await(seq's input, true) for one input.
func (r *matchRun) awaitOne(seq uint64) {
	r.mu.Lock()
	r.slots.await(seq, true)
	r.mu.Unlock()
}

// await marks evs as published and waiting for verdicts (on), or no longer
// (off) where no verdict came.
func (r *matchRun) await(evs []*events.Event, on bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, ev := range evs {
		r.slots.await(ev.Seq, on) // not where its verdict came already
	}
}

// publishEach publishes chunk, the first inputs of rest, input by input,
// each with the expected last subject sequence, and returns the last one's
// stream sequence. stop means the rest of the match is not to be sent (and
// has its outcome).
func (r *matchRun) publishEach(ctx context.Context, chunk, rest []*events.Event, last uint64) (uint64, bool, error) {
	for k, ev := range chunk {
		r.await(chunk[k:k+1], true)
		rctx, cancel := context.WithTimeout(ctx, r.p.requestTimeout())
		m := nats.NewMsg(InSubject(r.match))
		m.Data = ev.MarshalMsgpack()
		m.Header.Set(HeaderVerdicts, VerdictsGrouped)
		opts := []jetstream.PublishOpt{jetstream.WithMsgID(r.msgID(ev.Seq))}
		if !r.p.noOrder.Load() {
			opts = append(opts, jetstream.WithExpectLastSequencePerSubject(last))
		}
		ack, err := r.p.JS.PublishMsg(rctx, m, opts...)
		cancel()
		if err != nil {
			r.await(chunk[k:k+1], false)
			if anotherWriter(err) {
				r.abandon(rest[k:], fmt.Sprintf("not sent: another publisher wrote to match %s meanwhile (expected last subject sequence %d)", r.match, last))
				return last, true, nil
			}
			return last, true, fmt.Errorf("bus: publish %s seq %d: %w", r.match, ev.Seq, err)
		}
		r.moved()
		if !ack.Duplicate {
			last = ack.Sequence
			continue
		}
		// The stream had this message id already: go on only if what it
		// holds at this seq is our input, and from the subject's true end.
		if err := r.waitFor(ctx, func() int { return len(r.missingOf(ev.Seq)) }, func() []uint64 { return r.missingOf(ev.Seq) }); err != nil {
			return last, true, err
		}
		r.mu.Lock()
		o := r.slots.outcome(ev.Seq)
		r.mu.Unlock()
		if o.Status != StatusStored {
			r.abandon(rest[k+1:], fmt.Sprintf("not sent: seq %d of %s was not stored as given", ev.Seq, r.match))
			return last, true, nil
		}
		if last, err = r.lastSubjectSeq(ctx); err != nil {
			return last, true, err
		}
	}
	return last, false, nil
}

// missingOf is seq if it has no outcome yet.
func (r *matchRun) missingOf(seq uint64) []uint64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.slots.outcome(seq) == nil {
		return []uint64{seq}
	}
	return nil
}

func (r *matchRun) lastSubjectSeq(ctx context.Context) (uint64, error) {
	if r.p.noOrder.Load() {
		return 0, nil
	}
	ctx, cancel := context.WithTimeout(ctx, r.p.requestTimeout())
	defer cancel()
	m, err := r.p.Stream.GetLastMsgForSubject(ctx, InSubject(r.match))
	if errors.Is(err, jetstream.ErrMsgNotFound) {
		return 0, nil
	}
	if err != nil && mayNotRead(r.p.NC) {
		r.p.noOrder.Store(true)
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("bus: last message of %s: %w", InSubject(r.match), err)
	}
	return m.Sequence, nil
}

// mayNotRead reports whether the server refused this user a read of the
// stream: the request was dropped as a permissions violation.
func mayNotRead(nc *nats.Conn) bool {
	err := nc.LastError()
	return errors.Is(err, nats.ErrPermissionViolation) && strings.Contains(err.Error(), "MSG.GET")
}

// wait blocks until every published input has a verdict.
func (r *matchRun) wait(ctx context.Context) error { return r.waitFor(ctx, r.left, r.missing) }

// waitFor blocks until left says nothing is missing, polling the
// recorder's status for the seqs missing lists, whose verdict message was
// missed. left is cheap: it runs at every verdict.
func (r *matchRun) waitFor(ctx context.Context, left func() int, missing func() []uint64) error {
	idle := r.p.idle()
	deadline := time.Now().Add(idle)
	poll := time.NewTicker(time.Second)
	defer poll.Stop()
	lastLeft := -1
	for {
		n := left()
		if n == 0 {
			return nil
		}
		if n != lastLeft {
			lastLeft = n
			deadline = time.Now().Add(idle)
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("bus: %s: no verdict for %d inputs after %s (first seq %d)", r.match, n, idle.Round(time.Millisecond), missing()[0])
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-r.wake:
		case <-poll.C:
			if r.heldQuiet() {
				return errResend
			}
			seqs := missing()
			if len(seqs) > MaxStatusSeqs {
				seqs = seqs[:MaxStatusSeqs]
			}
			rep, err := r.status(ctx, seqs)
			if err != nil && !r.transient(err) {
				return err
			}
			if err == nil {
				for _, v := range rep.Verdicts {
					r.settle(v)
				}
			}
		}
	}
}

// left is how many published inputs wait for a verdict: settle takes each
// out of awaiting as its verdict comes.
func (r *matchRun) left() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.slots.awaiting
}

// missing lists the seqs waiting for a verdict, in order.
func (r *matchRun) missing() []uint64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]uint64, 0, r.slots.awaiting)
	for i := range r.slots.s {
		if r.slots.s[i].awaiting {
			out = append(out, r.slots.first+uint64(i))
		}
	}
	return out
}

// result is the outcome of each of the run's inputs, evs, in seq order:
// the run's own list, the inputs without a verdict given theirs. The run
// is over then: a verdict that comes later changes nothing.
func (r *matchRun) result(evs []*events.Event) []Outcome {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.over = true
	for i := range r.slots.s {
		sl := &r.slots.s[i]
		seq := r.slots.first + uint64(i)
		switch {
		case sl.done:
		case sl.sent:
			*sl.out = Outcome{Match: r.match, Seq: seq, Status: StatusUnconfirmed,
				Reason: "sent, but no verdict came: the stream may hold it; publish again to learn its fate"}
		default:
			*sl.out = Outcome{Match: r.match, Seq: seq, Status: StatusUntried, Reason: "not sent: the publisher gave up before it"}
		}
	}
	return r.slots.outs[:len(evs)]
}

// status asks the recorder what it holds of the match, within the
// publisher's request timeout.
func (r *matchRun) status(ctx context.Context, seqs []uint64) (*StatusReply, error) {
	ctx, cancel := context.WithTimeout(ctx, r.p.requestTimeout())
	defer cancel()
	rep, err := requestStatus(ctx, r.p.NC, r.match, seqs, r.p.RecorderKey)
	if err == nil {
		r.p.heard.Store(true)
		r.moved()
	}
	return rep, err
}

// RequestStatus asks the recorder what it holds of a match, and the verdicts
// of seqs.
func RequestStatus(ctx context.Context, nc *nats.Conn, match string, seqs []uint64) (*StatusReply, error) {
	return requestStatus(ctx, nc, match, seqs, "")
}

// requestStatus is RequestStatus believing only a reply signed by
// recorderKey, when it is set.
func requestStatus(ctx context.Context, nc *nats.Conn, match string, seqs []uint64, recorderKey string) (*StatusReply, error) {
	req, _ := json.Marshal(StatusRequest{Seqs: seqs})
	rctx, cancel := context.WithTimeout(ctx, 10*time.Second) // or sooner, when ctx says so
	defer cancel()
	msg, err := nc.RequestWithContext(rctx, StatusSubject(match), req)
	if errors.Is(err, nats.ErrNoResponders) {
		return nil, fmt.Errorf("bus: %s: %w", StatusSubject(match), ErrNoRecorder)
	}
	if err != nil {
		return nil, fmt.Errorf("bus: status of %s: %w", match, err)
	}
	if recorderKey != "" {
		if err := VerifyReply(recorderKey, msg); err != nil {
			return nil, fmt.Errorf("bus: status of %s: the reply is %w", match, err)
		}
	}
	var rep StatusReply
	if err := json.Unmarshal(msg.Data, &rep); err != nil {
		return nil, fmt.Errorf("bus: status of %s: bad reply: %w", match, err)
	}
	if rep.Error != "" {
		return nil, fmt.Errorf("bus: status of %s: %s", match, rep.Error)
	}
	return &rep, nil
}
