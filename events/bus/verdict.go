package bus

import (
	"bytes"
	"encoding/json"
)

// Verdict statuses.
const (
	StatusStored   = "stored"   // committed to the match log
	StatusRejected = "rejected" // kept in the rejection log, not applied
	StatusPending  = "pending"  // status replies only: nothing decided yet
)

// Verdict is what the recorder says of one input, as JSON on
// chronicle.match.<match>.out. The field names are a public interface.
type Verdict struct {
	Match     string `json:"match"`
	Seq       uint64 `json:"seq,omitempty"`
	Status    string `json:"status"`
	Duplicate bool   `json:"duplicate,omitempty"` // stored earlier; this copy changed nothing
	Hash      string `json:"hash,omitempty"`      // the stored event's hash
	Digest    string `json:"digest,omitempty"`    // the stored input's digest (see events.Event.Digest)
	StreamSeq uint64 `json:"stream_seq,omitempty"`
	Field     string `json:"field,omitempty"`
	Reason    string `json:"reason,omitempty"`
	Rule      string `json:"rule,omitempty"`
	Error     string `json:"error,omitempty"` // the whole message, for people
	// How far the rules checked a stored input (absent when the recorder
	// runs without rules): "verified", "unverified" (the table's effects
	// stand for what the unmodelled Cards do) or "disputed" (the rules
	// refused it or derive another game: VerificationRule and
	// VerificationReason say why; the table's version was applied).
	Verification       string   `json:"verification,omitempty"`
	Cards              []string `json:"cards,omitempty"`
	VerificationRule   string   `json:"verification_rule,omitempty"`
	VerificationReason string   `json:"verification_reason,omitempty"`
}

// Verification statuses.
const (
	Verified   = "verified"
	Unverified = "unverified"
	Disputed   = "disputed"
)

// StatusRequest asks the recorder about a match. With no Seqs it reports
// the head only.
type StatusRequest struct {
	Seqs []uint64 `json:"seqs,omitempty"`
}

// MaxStatusSeqs bounds the seqs one status request may ask about.
const MaxStatusSeqs = 1000

// StatusReply is the recorder's answer to a StatusRequest.
type StatusReply struct {
	Match    string    `json:"match"`
	Started  bool      `json:"started"`
	HeadSeq  uint64    `json:"head_seq"`
	HeadHash string    `json:"head_hash,omitempty"`
	Verdicts []Verdict `json:"verdicts,omitempty"`
	Error    string    `json:"error,omitempty"`
}

// Grouped verdicts. A verdict per message costs the recorder, the server
// and the publisher about as much as the input itself did to publish; a
// publisher that sets HeaderVerdicts to VerdictsGrouped on its inputs gets
// their verdicts as a JSON array instead, each message holding up to
// MaxGroupedVerdicts verdicts of one match, those of one commit together.
// Inputs without the header (older publishers, other clients) get one
// verdict per message as before. ParseVerdicts reads either form.
const (
	HeaderVerdicts  = "Chronicle-Verdicts"
	VerdictsGrouped = "grouped"
	// MaxGroupedVerdicts bounds the verdicts in one message: a few hundred
	// bytes each, well under NATS's default 1 MB payload.
	MaxGroupedVerdicts = 256
)

// ParseVerdicts reads a message on a match's verdict subject: one verdict
// (a JSON object) or several (an array of them).
func ParseVerdicts(data []byte) ([]Verdict, error) { return parseVerdictsInto(nil, data) }

// parseVerdictsInto is ParseVerdicts appending to dst.
func parseVerdictsInto(dst []Verdict, data []byte) ([]Verdict, error) {
	if vs, ok := parseVerdictsFast(dst, data); ok {
		return vs, nil
	}
	t := bytes.TrimLeft(data, " \t\r\n")
	if len(t) > 0 && t[0] == '[' {
		var vs []Verdict
		if err := json.Unmarshal(t, &vs); err != nil {
			return nil, err
		}
		if dst == nil {
			return vs, nil
		}
		return append(dst, vs...), nil
	}
	var v Verdict
	if err := json.Unmarshal(t, &v); err != nil {
		return nil, err
	}
	return append(dst, v), nil
}
