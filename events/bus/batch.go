package bus

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/nats-io/nuid"

	"github.com/chronicle-mtg/chronicle/events"
)

// Atomic batches. A publisher sends a match's inputs in batches that the
// stream stores whole or not at all (JetStream atomic batch publish), the
// first input carrying the expected last subject sequence: a batch can't
// interleave with another writer's inputs, exactly as when each input
// carried it, and a batch costs one round trip instead of one per input.

// DefaultBatch is how many inputs a publisher sends in one atomic batch: a
// server allows 1,000 unless configured otherwise; a publisher told its
// batch is too large halves it.
const DefaultBatch = 1000

// Headers of atomic batch publishing.
const (
	hdrBatchID     = "Nats-Batch-Id"
	hdrBatchSeq    = "Nats-Batch-Sequence"
	hdrBatchCommit = "Nats-Batch-Commit"
)

// JetStream error codes a batch commit may answer with.
const (
	errCodeAtomicDisabled = 10174 // the stream does not allow atomic batches
	errCodeWrongLast      = 10071 // expected last subject sequence not met
	errCodeWrongLastConst = 10164
	errCodeBatchTooLarge  = 10199 // over the server's max_batch_size
)

// batchError is a batch commit's error from the server.
type batchError struct {
	Code        int    `json:"code"`
	ErrCode     int    `json:"err_code"`
	Description string `json:"description"`
}

func (e *batchError) Error() string {
	return fmt.Sprintf("%s (error %d)", e.Description, e.ErrCode)
}

// anotherWriter reports whether err says the match's subject moved on
// since the publisher looked: another writer got there first.
func anotherWriter(err error) bool {
	var be *batchError
	if errors.As(err, &be) {
		return be.ErrCode == errCodeWrongLast || be.ErrCode == errCodeWrongLastConst
	}
	var apiErr *jetstream.APIError
	return errors.As(err, &apiErr) && (apiErr.ErrorCode == jetstream.JSErrCodeStreamWrongLastSequence ||
		apiErr.ErrorCode == jetstream.JSErrCodeStreamWrongLastSequenceConstant)
}

// publishBatch sends evs as one atomic batch after the subject's message
// at stream sequence last, and returns the stream sequence of the batch's
// last message. A *batchError is the server refusing the batch: nothing of
// it was stored.
func (r *matchRun) publishBatch(ctx context.Context, evs []*events.Event, last uint64) (uint64, error) {
	id := nuid.Next()
	subject := InSubject(r.match)
	for i, ev := range evs {
		m := nats.NewMsg(subject)
		m.Data = ev.MarshalMsgpack()
		m.Header.Set(jetstream.MsgIDHeader, MsgID(r.match, ev.Seq))
		m.Header.Set(HeaderVerdicts, VerdictsGrouped)
		m.Header.Set(hdrBatchID, id)
		m.Header.Set(hdrBatchSeq, strconv.Itoa(i+1))
		if i == 0 && !r.p.noOrder.Load() {
			m.Header.Set(jetstream.ExpectedLastSubjSeqHeader, strconv.FormatUint(last, 10))
		}
		if i < len(evs)-1 {
			if err := r.p.NC.PublishMsg(m); err != nil {
				return 0, fmt.Errorf("bus: publish %s seq %d: %w", r.match, ev.Seq, err)
			}
			continue
		}
		m.Header.Set(hdrBatchCommit, "1")
		rctx, cancel := context.WithTimeout(ctx, r.p.requestTimeout())
		resp, err := r.p.NC.RequestMsgWithContext(rctx, m)
		cancel()
		if err != nil {
			return 0, fmt.Errorf("bus: publish %s seqs %d to %d: %w", r.match, evs[0].Seq, ev.Seq, err)
		}
		var ack struct {
			Seq   uint64      `json:"seq"`
			Batch string      `json:"batch"`
			Count int         `json:"count"`
			Error *batchError `json:"error"`
		}
		if err := json.Unmarshal(resp.Data, &ack); err != nil {
			return 0, fmt.Errorf("bus: publish %s: bad acknowledgement %q: %w", r.match, resp.Data, err)
		}
		if ack.Error != nil {
			return 0, ack.Error
		}
		r.moved()
		if ack.Batch == "" && ack.Count == 0 {
			// A server older than the batch API stored each message as it
			// came: go on input by input; the verdicts say what was stored.
			r.p.noAtomic.Store(true)
			return ack.Seq, nil
		}
		if ack.Count != len(evs) {
			return 0, fmt.Errorf("bus: publish %s: the stream acknowledged %d of a batch of %d", r.match, ack.Count, len(evs))
		}
		return ack.Seq, nil
	}
	return last, nil
}
