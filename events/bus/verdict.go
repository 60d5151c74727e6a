package bus

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
