package bus

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/chronicle-mtg/chronicle/events"
)

// Chained inputs go by plain async publish. Inputs that carry their own
// hash chain (each sealed, each naming the hash of the one before) can't
// be interleaved with another writer's: the recorder refuses an input
// whose prev is not the hash of the match's last stored input. So they
// need neither an atomic batch (which the server stages in a store of its
// own before storing it again: the larger part of the server's work) nor
// the expected last subject sequence on each input. The first input of a
// run goes on its own with that expectation, so that a writer that got
// there first is found before anything is sent; the rest follow without
// waiting, their acknowledgements collected at the end.
//
// A message lost on the way (a connection dropped, a leader elected)
// while the ones after it were stored shows as the recorder refusing
// those for a gap in the seqs. Such a refusal, while an earlier input of
// the run has no verdict, is the transport's doing, not the input's: it
// is held back, and the input is sent again, after the lost one, with a
// message id of its own (the stream would drop a second copy under the
// first id); the recorder's seq and digest checks keep a copy that did
// arrive from being stored twice.

// ackEvery: one chained input in so many asks for the stream's
// acknowledgement, and the last of a run; the others go without (no
// acknowledgement to send, parse and match for each input), the next
// acknowledgement vouching for them.
const ackEvery = 128

// chained reports whether evs carry their own chain: each sealed, each
// naming the one before, the first naming some input before it (or being
// the match's first).
func chained(evs []*events.Event) bool {
	for i, ev := range evs {
		if ev.Hash.IsZero() {
			return false
		}
		switch {
		case i > 0 && ev.Prev != evs[i-1].Hash:
			return false
		case i == 0 && ev.Seq > 1 && ev.Prev.IsZero():
			return false
		}
	}
	return len(evs) > 0
}

// msgID is the message id for seq's next sending: MsgID the first time,
// MsgID and the attempt after a gap held it back.
func (r *matchRun) msgID(seq uint64) string {
	r.mu.Lock()
	n := 0
	if sl := r.slots.at(seq); sl != nil {
		n = sl.tries
	}
	r.mu.Unlock()
	if n == 0 {
		return MsgID(r.match, seq)
	}
	return MsgID(r.match, seq) + "." + strconv.Itoa(n)
}

// publishChained sends evs, chained, after the subject's message at
// stream sequence last. stop means the rest of the match is not to be
// sent (and has its outcome).
func (r *matchRun) publishChained(ctx context.Context, evs []*events.Event, last uint64) (bool, error) {
	last, stop, err := r.publishEach(ctx, evs[:1], evs, last)
	if err != nil || stop || len(evs) == 1 {
		return stop, err
	}
	rest := evs[1:]
	subject := InSubject(r.match)
	futs := make([]jetstream.PubAckFuture, 0, len(rest)/ackEvery+1)
	acked := make([]uint64, 0, cap(futs)) // the seq of each of futs
	// The inputs go in packs (pack.go) of up to PackInputs, each sent when
	// full, at PackBytes, or with an input that asks the acknowledgement.
	pk := packer{r: r, plain: &nats.Msg{Subject: subject, Header: nats.Header{HeaderVerdicts: {VerdictsGrouped}, jetstream.MsgIDHeader: {""}}}}
	var sendErr error
	send := func(ack bool) bool {
		f, err := pk.send(ack)
		if err != nil {
			r.await(pk.evs, false)
			sendErr = fmt.Errorf("bus: publish %s seq %d: %w", r.match, pk.evs[0].Seq, err)
			return false
		}
		if f != nil {
			futs, acked = append(futs, f), append(acked, pk.evs[len(pk.evs)-1].Seq)
		}
		pk.reset()
		return true
	}
	for i, ev := range rest {
		ack := (i+1)%ackEvery == 0 || i == len(rest)-1
		if r.p.Lose != nil && r.p.Lose(r.match, ev.Seq) {
			r.awaitOne(ev.Seq)
			if ack && len(pk.evs) > 0 && !send(true) {
				break
			}
			if ack {
				futs, acked = append(futs, lostAck{}), append(acked, ev.Seq)
			}
			continue
		}
		if !pk.add(ev) { // no room for ev: the pack goes, and ev begins the next
			if !send(false) {
				break
			}
			pk.add(ev)
		}
		if (ack || len(pk.evs) == PackInputs || len(pk.buf) >= PackBytes) && !send(ack) {
			break
		}
	}
	// Every acknowledgement, or the request timeout with none coming.
	var ackErr error
	timer := time.NewTimer(r.p.requestTimeout())
	defer timer.Stop()
	for i, f := range futs {
		select {
		case <-f.Ok():
			r.moved()
			timer.Reset(r.p.requestTimeout())
			continue
		case err := <-f.Err():
			if ackErr == nil {
				ackErr = fmt.Errorf("bus: publish %s seq %d: %w", r.match, acked[i], err)
			}
		case <-timer.C:
			ackErr = fmt.Errorf("bus: publish %s seq %d: no acknowledgement: %w", r.match, acked[i], nats.ErrTimeout)
		case <-ctx.Done():
			return true, ctx.Err()
		}
		break
	}
	if sendErr != nil {
		return true, sendErr
	}
	if ackErr != nil {
		return true, ackErr
	}
	return false, nil
}

// packer fills a pack of chained inputs and sends it. A pack of one
// input goes as that input alone.
type packer struct {
	r     *matchRun
	buf   []byte
	evs   []*events.Event // in the pack
	tries int             // the most sendings of an input in it, held back for a gap
	plain *nats.Msg       // reused for packs sent without an acknowledgement
}

// add puts ev in the pack; false when the pack, holding others, has no
// room for it: nothing is added then.
func (p *packer) add(ev *events.Event) bool {
	if len(p.evs) == 0 {
		p.buf = StartPack(p.buf)
	}
	mark := len(p.buf)
	buf, start := StartPackInput(p.buf)
	buf = ev.AppendCanonical(buf)
	if len(p.evs) > 0 && len(buf) > PackBytes {
		p.buf = buf[:mark]
		return false
	}
	EndPackInput(buf, start)
	p.buf = buf
	p.evs = append(p.evs, ev)
	p.r.mu.Lock()
	if sl := p.r.slots.at(ev.Seq); sl != nil {
		p.tries = max(p.tries, sl.tries)
	}
	p.r.mu.Unlock()
	return true
}

func (p *packer) reset() {
	p.evs, p.tries = p.evs[:0], 0
}

// send publishes the pack, asking the stream's acknowledgement when ack.
// A message sent without one is written out by PublishMsg before it
// returns: its buffer and header are reused.
func (p *packer) send(ack bool) (jetstream.PubAckFuture, error) {
	p.r.await(p.evs, true)
	data := p.buf
	first, last := p.evs[0].Seq, p.evs[len(p.evs)-1].Seq
	id := PackID(p.r.match, first, last, p.tries)
	if len(p.evs) == 1 {
		data, id = data[packHeader+binHeader:], p.r.msgID(first)
	}
	if !ack {
		// No acknowledgement asked: the stream takes a connection's
		// messages in order, so the next one acknowledged vouches for
		// it, and the recorder's verdict is the receipt.
		p.plain.Data = data
		p.plain.Header[jetstream.MsgIDHeader][0] = id
		return nil, p.r.p.NC.PublishMsg(p.plain)
	}
	m := &nats.Msg{Subject: p.plain.Subject, Data: append([]byte(nil), data...), Header: nats.Header{
		HeaderVerdicts: {VerdictsGrouped}, jetstream.MsgIDHeader: {id}}}
	return p.r.p.JS.PublishMsgAsync(m, jetstream.WithRetryAttempts(0), jetstream.WithStallWait(p.r.p.requestTimeout()))
}

// heldForGap reports whether v, a refusal for a gap in the seqs, is the
// transport's doing: an earlier input of the run, sent, has no outcome.
// It is then noted for sending again. r.mu is held.
func (r *matchRun) heldForGap(v *Verdict) bool {
	if v.Status != StatusRejected || v.Rule != events.RuleSeq {
		return false
	}
	for i := range r.slots.s {
		sl := &r.slots.s[i]
		if r.slots.first+uint64(i) >= v.Seq {
			break
		}
		if sl.sent && !sl.done {
			held := r.slots.at(v.Seq)
			held.tries++
			r.held++
			r.slots.await(v.Seq, false)
			return true
		}
	}
	return false
}

// errResend says inputs were held back for a gap and go again.
var errResend = errors.New("inputs refused for a gap behind a lost message: sending them again")

// heldQuiet reports whether inputs are held back for a gap and no
// verdict came for a while: the recorder has passed the gap, and the lost
// inputs, which will never have a verdict, are to be sent again.
func (r *matchRun) heldQuiet() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.held > 0 && time.Since(r.progress) >= heldQuiet
}

// heldQuiet is how long without a verdict, with inputs held back, before
// they go again.
const heldQuiet = 500 * time.Millisecond

// takeHeld reports whether inputs were held back for a gap since it was
// last asked.
func (r *matchRun) takeHeld() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := r.held
	r.held = 0
	return n > 0
}

// lostAck is the acknowledgement of a message Publisher.Lose dropped: it
// fails as one that never came.
type lostAck struct{ jetstream.PubAckFuture }

func (lostAck) Ok() <-chan *jetstream.PubAck { return nil }

func (lostAck) Err() <-chan error {
	c := make(chan error, 1)
	c <- fmt.Errorf("lost on the way: %w", nats.ErrTimeout)
	return c
}
