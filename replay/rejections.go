package replay

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"time"
	"unicode/utf8"

	"github.com/chronicle-mtg/chronicle/events/store"
)

// Rejection is an input the recorder refused, as the rejection log keeps it.
type Rejection struct {
	ID        uint64    // position in the rejection log, from 1
	Time      time.Time // when the recorder refused it
	Stream    string    // JetStream stream; empty when not from one
	StreamSeq uint64    // its stream sequence
	Subject   string
	Match     string // as far as the input could be read
	Seq       uint64
	Kind      string
	Field     string
	Reason    string
	Rule      string
	Raw       []byte // the message exactly as received
}

// Rejections lists the rejection log, oldest first; only match's entries
// when match is not empty (in seq order then).
func (s *Store) Rejections(match string) ([]Rejection, error) {
	var out []Rejection
	for _, st := range s.all() {
		// store.Rejections and RejectionsFor assume the rejection buckets
		// exist, which a file no recorder finished creating lacks; Counts
		// copes.
		if _, n, err := st.Counts(); err == nil && n == 0 {
			continue
		}
		if match != "" {
			rs, err := st.RejectionsFor(match, 0)
			for _, r := range rs {
				out = append(out, rejectionOf(r))
			}
			if err != nil {
				return out, err
			}
			continue
		}
		if err := st.Rejections(func(r *store.Rejection) error {
			out = append(out, rejectionOf(r))
			return nil
		}); err != nil {
			return out, err
		}
	}
	return out, nil
}

func rejectionOf(r *store.Rejection) Rejection {
	v := Rejection{
		ID: r.ID, Stream: r.Stream, StreamSeq: r.StreamSeq, Subject: r.Subject,
		Match: r.Match, Seq: r.Seq, Kind: r.Kind, Field: r.Field, Reason: r.Reason,
		Rule: r.Rule, Raw: r.Raw,
	}
	if r.Time != 0 {
		v.Time = time.Unix(0, r.Time).UTC()
	}
	return v
}

type rejectionJSON struct {
	ID        uint64  `json:"id"`
	Time      string  `json:"time,omitempty"`
	Stream    string  `json:"stream,omitempty"`
	StreamSeq uint64  `json:"stream_seq,omitempty"`
	Subject   string  `json:"subject,omitempty"`
	Match     string  `json:"match"`
	Seq       uint64  `json:"seq"`
	Kind      string  `json:"kind"`
	Rule      string  `json:"rule"`
	Field     string  `json:"field"`
	Reason    string  `json:"reason"`
	Raw       *string `json:"raw,omitempty"`
	RawBase64 string  `json:"raw_base64,omitempty"`
}

// MarshalJSON writes the rejection with snake_case keys and the time in
// RFC 3339 UTC. The raw message is "raw", a string, when it is valid UTF-8,
// else "raw_base64".
func (r Rejection) MarshalJSON() ([]byte, error) {
	j := rejectionJSON{
		ID: r.ID, Stream: r.Stream, StreamSeq: r.StreamSeq, Subject: r.Subject,
		Match: r.Match, Seq: r.Seq, Kind: r.Kind, Rule: r.Rule, Field: r.Field, Reason: r.Reason,
	}
	if !r.Time.IsZero() {
		j.Time = r.Time.UTC().Format(time.RFC3339Nano)
	}
	if utf8.Valid(r.Raw) {
		s := string(r.Raw)
		j.Raw = &s
	} else {
		j.RawBase64 = base64.StdEncoding.EncodeToString(r.Raw)
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads what MarshalJSON writes.
func (r *Rejection) UnmarshalJSON(b []byte) error {
	var j rejectionJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	*r = Rejection{
		ID: j.ID, Stream: j.Stream, StreamSeq: j.StreamSeq, Subject: j.Subject,
		Match: j.Match, Seq: j.Seq, Kind: j.Kind, Field: j.Field, Reason: j.Reason, Rule: j.Rule,
	}
	if j.Time != "" {
		t, err := time.Parse(time.RFC3339Nano, j.Time)
		if err != nil {
			return fmt.Errorf("time: %w", err)
		}
		r.Time = t
	}
	switch {
	case j.Raw != nil:
		r.Raw = []byte(*j.Raw)
	case j.RawBase64 != "":
		raw, err := base64.StdEncoding.DecodeString(j.RawBase64)
		if err != nil {
			return fmt.Errorf("raw_base64: %w", err)
		}
		r.Raw = raw
	}
	return nil
}
