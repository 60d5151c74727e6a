package bus

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
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
	// Batch is how many inputs go in one atomic batch: 0 means
	// DefaultBatch, 1 input by input.
	Batch int

	noAtomic atomic.Bool  // the stream refused an atomic batch as disabled
	maxBatch atomic.Int64 // the server refused a batch this large; 0: none yet
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
	return &Publisher{NC: nc, JS: js, Stream: s, Now: time.Now}, nil
}

// ErrNoRecorder means no recorder answered a status request.
var ErrNoRecorder = errors.New("no recorder answers status requests")

// PublishMatch publishes one match's inputs, which must carry seqs in order,
// and returns an outcome for each, in seq order. An error means the publisher
// could not talk to NATS or the recorder; outcomes known so far are returned
// with it.
func (p *Publisher) PublishMatch(ctx context.Context, match string, evs []*events.Event) ([]Outcome, error) {
	run := &matchRun{p: p, match: match, outcomes: map[uint64]*Outcome{}, digests: map[uint64]events.Hash{}, wake: make(chan struct{}, 1)}
	for i, ev := range evs {
		if ev.Match != match || ev.Seq == 0 || (i > 0 && ev.Seq != evs[i-1].Seq+1) {
			return nil, fmt.Errorf("bus: %s: inputs must be of this match with consecutive seqs (at index %d)", match, i)
		}
		if p.Now != nil && ev.Recorded == 0 && ev.Hash.IsZero() {
			ev.Recorded = p.Now().UnixNano()
		}
		run.digests[ev.Seq] = ev.Digest()
	}
	sub, err := p.NC.Subscribe(OutSubject(match), run.onVerdict)
	if err != nil {
		return nil, fmt.Errorf("bus: subscribe %s: %w", OutSubject(match), err)
	}
	defer sub.Unsubscribe()
	err = run.publish(ctx, evs)
	if err == nil {
		err = run.wait(ctx)
	}
	return run.result(evs), err
}

type matchRun struct {
	p        *Publisher
	match    string
	mu       sync.Mutex
	outcomes map[uint64]*Outcome
	digests  map[uint64]events.Hash
	awaiting map[uint64]bool // published, no verdict yet
	wake     chan struct{}
}

func (r *matchRun) onVerdict(m *nats.Msg) {
	var v Verdict
	if json.Unmarshal(m.Data, &v) != nil || v.Match != r.match {
		return
	}
	r.settle(v)
}

// settle records a verdict for one of our seqs, once.
func (r *matchRun) settle(v Verdict) {
	r.mu.Lock()
	defer r.mu.Unlock()
	want, ours := r.digests[v.Seq]
	if !ours || r.outcomes[v.Seq] != nil || v.Status == StatusPending {
		return
	}
	o := &Outcome{Match: r.match, Seq: v.Seq, Status: v.Status, Verdict: v, Already: v.Duplicate}
	switch {
	case v.Status == StatusStored && v.Digest != want.String():
		o.Status, o.Rule = StatusRejected, events.RuleConflict
		o.Reason = fmt.Sprintf("conflict: seq %d holds a different input (digest %.12s, ours %.12s), written by another publisher (%s)",
			v.Seq, v.Digest, want.String(), events.RuleConflict)
	case v.Status == StatusRejected:
		o.Reason, o.Rule = v.Error, v.Rule
		if o.Reason == "" {
			o.Reason = v.Reason
		}
	}
	r.outcomes[v.Seq] = o
	delete(r.awaiting, v.Seq)
	if r.p.OnOutcome != nil {
		r.p.OnOutcome(*o)
	}
	select {
	case r.wake <- struct{}{}:
	default:
	}
}

func (r *matchRun) abandon(from []*events.Event, reason string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, ev := range from {
		if r.outcomes[ev.Seq] != nil {
			continue
		}
		o := &Outcome{Match: r.match, Seq: ev.Seq, Status: StatusUnpublished, Reason: reason}
		r.outcomes[ev.Seq] = o
		if r.p.OnOutcome != nil {
			r.p.OnOutcome(*o)
		}
	}
}

func (r *matchRun) publish(ctx context.Context, evs []*events.Event) error {
	head, err := r.p.status(ctx, r.match, nil)
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
		rep, err := r.p.status(ctx, r.match, seqs)
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
		o := r.outcomes[ev.Seq]
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
	r.awaiting = map[uint64]bool{}
	r.mu.Unlock()
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

// await marks evs as published and waiting for verdicts (on), or no longer
// (off) where no verdict came.
func (r *matchRun) await(evs []*events.Event, on bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, ev := range evs {
		if r.outcomes[ev.Seq] != nil {
			continue // its verdict came already
		}
		if on {
			r.awaiting[ev.Seq] = true
		} else {
			delete(r.awaiting, ev.Seq)
		}
	}
}

// publishEach publishes chunk, the first inputs of rest, input by input,
// each with the expected last subject sequence, and returns the last one's
// stream sequence. stop means the rest of the match is not to be sent (and
// has its outcome).
func (r *matchRun) publishEach(ctx context.Context, chunk, rest []*events.Event, last uint64) (uint64, bool, error) {
	for k, ev := range chunk {
		r.await(chunk[k:k+1], true)
		ack, err := r.p.JS.Publish(ctx, InSubject(r.match), ev.MarshalMsgpack(),
			jetstream.WithMsgID(MsgID(r.match, ev.Seq)),
			jetstream.WithExpectLastSequencePerSubject(last))
		if err != nil {
			r.await(chunk[k:k+1], false)
			if anotherWriter(err) {
				r.abandon(rest[k:], fmt.Sprintf("not sent: another publisher wrote to match %s meanwhile (expected last subject sequence %d)", r.match, last))
				return last, true, nil
			}
			return last, true, fmt.Errorf("bus: publish %s seq %d: %w", r.match, ev.Seq, err)
		}
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
		o := r.outcomes[ev.Seq]
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
	if r.outcomes[seq] == nil {
		return []uint64{seq}
	}
	return nil
}

func (r *matchRun) lastSubjectSeq(ctx context.Context) (uint64, error) {
	m, err := r.p.Stream.GetLastMsgForSubject(ctx, InSubject(r.match))
	if errors.Is(err, jetstream.ErrMsgNotFound) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("bus: last message of %s: %w", InSubject(r.match), err)
	}
	return m.Sequence, nil
}

// wait blocks until every published input has a verdict.
func (r *matchRun) wait(ctx context.Context) error { return r.waitFor(ctx, r.left, r.missing) }

// waitFor blocks until left says nothing is missing, polling the
// recorder's status for the seqs missing lists, whose verdict message was
// missed. left is cheap: it runs at every verdict.
func (r *matchRun) waitFor(ctx context.Context, left func() int, missing func() []uint64) error {
	idle := r.p.Idle
	if idle == 0 {
		idle = 30 * time.Second
	}
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
			return fmt.Errorf("bus: %s: no verdict for %d inputs after %s (first seq %d)", r.match, n, idle, missing()[0])
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-r.wake:
		case <-poll.C:
			seqs := missing()
			if len(seqs) > MaxStatusSeqs {
				seqs = seqs[:MaxStatusSeqs]
			}
			rep, err := r.p.status(ctx, r.match, seqs)
			if err != nil {
				return err
			}
			for _, v := range rep.Verdicts {
				r.settle(v)
			}
		}
	}
}

// left is how many published inputs wait for a verdict: settle takes each
// out of awaiting as its verdict comes.
func (r *matchRun) left() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.awaiting)
}

// missing lists the seqs waiting for a verdict, in order.
func (r *matchRun) missing() []uint64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]uint64, 0, len(r.awaiting))
	for s := range r.awaiting {
		out = append(out, s)
	}
	slices.Sort(out)
	return out
}

func (r *matchRun) result(evs []*events.Event) []Outcome {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]Outcome, 0, len(evs))
	for _, ev := range evs {
		if o := r.outcomes[ev.Seq]; o != nil {
			out = append(out, *o)
		} else {
			out = append(out, Outcome{Match: r.match, Seq: ev.Seq, Status: StatusUnpublished, Reason: "no verdict"})
		}
	}
	return out
}

// status asks the recorder what it holds of a match.
func (p *Publisher) status(ctx context.Context, match string, seqs []uint64) (*StatusReply, error) {
	return RequestStatus(ctx, p.NC, match, seqs)
}

// RequestStatus asks the recorder what it holds of a match, and the verdicts
// of seqs.
func RequestStatus(ctx context.Context, nc *nats.Conn, match string, seqs []uint64) (*StatusReply, error) {
	req, _ := json.Marshal(StatusRequest{Seqs: seqs})
	rctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	msg, err := nc.RequestWithContext(rctx, StatusSubject(match), req)
	if errors.Is(err, nats.ErrNoResponders) {
		return nil, fmt.Errorf("bus: %s: %w", StatusSubject(match), ErrNoRecorder)
	}
	if err != nil {
		return nil, fmt.Errorf("bus: status of %s: %w", match, err)
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
