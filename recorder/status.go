package recorder

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/nats-io/nats.go"

	"github.com/chronicle-mtg/chronicle/events/bus"
	"github.com/chronicle-mtg/chronicle/events/store"
)

// serveStatus answers what the store holds of a match: its head, and the
// verdict of each seq asked about. It reads committed data only.
func (r *Recorder) serveStatus(msg *nats.Msg) {
	if !r.cfg.Share.Owns(bus.MatchOfSubject(msg.Subject)) {
		return // its owner answers
	}
	rep := r.status(bus.MatchOfSubject(msg.Subject), msg.Data)
	data, _ := json.Marshal(rep)
	m, err := bus.SignReply(r.cfg.Key, msg.Reply, data)
	if err == nil {
		err = msg.RespondMsg(m)
	}
	if err != nil {
		r.log.Warn("status reply", "err", err)
	}
}

// status reports the match's head whatever the request, so that a bad
// request is an error beside the truth, never a "not started" for a match
// that exists. A request with fields a status request doesn't have is bad.
func (r *Recorder) status(match string, req []byte) *bus.StatusReply {
	rep := &bus.StatusReply{Match: match}
	meta, err := r.cfg.Store.Meta(match)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		rep.Error = err.Error()
		return rep
	}
	if meta != nil {
		rep.Started, rep.HeadSeq, rep.HeadHash = true, meta.HeadSeq, meta.Head().String()
	}
	var sr bus.StatusRequest
	if len(bytes.TrimSpace(req)) > 0 {
		dec := json.NewDecoder(bytes.NewReader(req))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&sr); err != nil {
			rep.Error = `bad status request (want {"seqs":[1,2,...]}): ` + err.Error()
			return rep
		}
	}
	if len(sr.Seqs) > bus.MaxStatusSeqs {
		rep.Error = fmt.Sprintf("at most %d seqs per status request", bus.MaxStatusSeqs)
		return rep
	}
	for _, seq := range sr.Seqs {
		v, err := r.verdictOf(match, seq, meta)
		if err != nil {
			rep.Error = err.Error()
			return rep
		}
		rep.Verdicts = append(rep.Verdicts, v)
	}
	return rep
}

func (r *Recorder) verdictOf(match string, seq uint64, meta *store.Meta) (bus.Verdict, error) {
	v := bus.Verdict{Match: match, Seq: seq, Status: bus.StatusPending}
	if meta != nil && seq >= 1 && seq <= meta.HeadSeq {
		ev, err := r.cfg.Store.Event(match, seq)
		if err != nil {
			return v, err
		}
		v.Status, v.Hash, v.Digest = bus.StatusStored, ev.Hash.String(), ev.Digest().String()
		if r.cfg.Validator != nil {
			c, err := r.cfg.Store.VerificationAt(match, seq)
			if err != nil {
				return v, err
			}
			setVerification(&v, c)
		}
		return v, nil
	}
	rejs, err := r.cfg.Store.RejectionsFor(match, seq)
	if err != nil {
		return v, err
	}
	if n := len(rejs); n > 0 {
		last := rejs[n-1]
		v.Status, v.StreamSeq, v.Field, v.Reason, v.Rule = bus.StatusRejected, last.StreamSeq, last.Field, last.Reason, last.Rule
		v.Error = fmt.Sprintf("%s seq %d: %s (%s)", match, seq, last.Reason, last.Rule)
	}
	return v, nil
}
