package replay

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/chronicle-mtg/chronicle/events"
)

// ErrUnknownMatch means the source holds no match by that id.
var ErrUnknownMatch = errors.New("unknown match")

// Source is a log to replay from: a store or a JSON Lines file.
type Source interface {
	// Name says where the log is: the store's file or the .jsonl path.
	Name() string
	// Matches lists every match, sorted by match id.
	Matches() ([]Summary, error)
	// Match describes one match, or returns an error wrapping
	// ErrUnknownMatch.
	Match(id string) (Summary, error)
	// Events calls fn for each event of match in seq order; an error from fn
	// stops the walk and is returned.
	Events(match string, fn func(*events.Event) error) error
	// Close releases the source.
	Close() error
}

// RawSource is a Source that keeps events as encoded bytes, which Verify
// re-reads rather than trusting a decoder.
type RawSource interface {
	Source
	// RawEvents calls fn with each stored event's key and bytes in key
	// order. raw is valid only during the call.
	RawEvents(match string, fn func(seq uint64, raw []byte) error) error
}

// Summary describes a match, as list shows it and verify checks it.
type Summary struct {
	Match   string
	Format  string
	Event   string // tournament or event name; may be empty
	Players []Player
	// Status is the store's match status ("open", ...); a file has none.
	Status  string
	Events  uint64      // number of events
	HeadSeq uint64      // seq of the last event
	Head    events.Hash // hash of the last event; zero when unhashed
	Started time.Time   // recorded time of match_started; zero when unknown
	// A branch names its parent and the seq it branches after.
	Parent      string
	BranchPoint uint64
	Label       string
	// Share, when a lister filled it in (WithShares), counts the match's
	// inputs by how far the rules checked them.
	Share *Share
}

// Player is a seat of a match.
type Player struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// PlayerNames joins the players' names as people say it: "Alice v Bob".
func (s Summary) PlayerNames() string {
	names := make([]string, len(s.Players))
	for i, p := range s.Players {
		names[i] = p.Name
	}
	return strings.Join(names, " v ")
}

type summaryJSON struct {
	Match       string   `json:"match"`
	Players     []Player `json:"players"`
	Format      string   `json:"format"`
	Event       string   `json:"event,omitempty"`
	Events      uint64   `json:"events"`
	Status      string   `json:"status"`
	HeadSeq     uint64   `json:"head_seq"`
	HeadHash    string   `json:"head_hash,omitempty"`
	Started     string   `json:"started,omitempty"`
	Parent      string   `json:"parent,omitempty"`
	BranchPoint uint64   `json:"branch_point,omitempty"`
	Label       string   `json:"label,omitempty"`
	// The share of inputs verified by the rules, when filled in.
	Verified      *uint64  `json:"verified,omitempty"`
	Unverified    *uint64  `json:"unverified,omitempty"`
	Disputed      *uint64  `json:"disputed,omitempty"`
	Unchecked     *uint64  `json:"unchecked,omitempty"` // recorded without the rules
	VerifiedShare *float64 `json:"verified_share,omitempty"`
}

// MarshalJSON writes the summary with snake_case keys, the head hash in hex
// and the start time in RFC 3339 UTC; unset optional fields are omitted.
func (s Summary) MarshalJSON() ([]byte, error) {
	j := summaryJSON{
		Match: s.Match, Players: s.Players, Format: s.Format, Event: s.Event,
		Events: s.Events, Status: s.Status, HeadSeq: s.HeadSeq, HeadHash: s.Head.String(),
		Parent: s.Parent, BranchPoint: s.BranchPoint, Label: s.Label,
	}
	if j.Players == nil {
		j.Players = []Player{}
	}
	if !s.Started.IsZero() {
		j.Started = s.Started.UTC().Format(time.RFC3339Nano)
	}
	if sh := s.Share; sh != nil {
		f := sh.Fraction()
		j.Verified, j.Unverified, j.Disputed, j.VerifiedShare = &sh.Verified, &sh.Unverified, &sh.Disputed, &f
		if sh.Unchecked > 0 {
			j.Unchecked = &sh.Unchecked
		}
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads what MarshalJSON writes, as a client of the query
// service receives it.
func (s *Summary) UnmarshalJSON(b []byte) error {
	var j summaryJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	*s = Summary{
		Match: j.Match, Players: j.Players, Format: j.Format, Event: j.Event,
		Events: j.Events, Status: j.Status, HeadSeq: j.HeadSeq,
		Parent: j.Parent, BranchPoint: j.BranchPoint, Label: j.Label,
	}
	if len(s.Players) == 0 {
		s.Players = nil
	}
	if j.Verified != nil {
		s.Share = &Share{Inputs: s.HeadSeq, Verified: *j.Verified}
		if j.Unverified != nil {
			s.Share.Unverified = *j.Unverified
		}
		if j.Disputed != nil {
			s.Share.Disputed = *j.Disputed
		}
		if j.Unchecked != nil {
			s.Share.Unchecked = *j.Unchecked
		}
	}
	if j.HeadHash != "" {
		h, err := events.ParseHash(j.HeadHash)
		if err != nil {
			return fmt.Errorf("head_hash: %w", err)
		}
		s.Head = h
	}
	if j.Started != "" {
		t, err := time.Parse(time.RFC3339Nano, j.Started)
		if err != nil {
			return fmt.Errorf("started: %w", err)
		}
		s.Started = t
	}
	return nil
}

// summaryOf starts a summary from a match's first event.
func summaryOf(ev *events.Event) Summary {
	s := Summary{Match: ev.Match, Started: ev.RecordedTime()}
	if ms, ok := ev.Body.(*events.MatchStarted); ok {
		s.Format, s.Event = ms.Format, ms.Event
		for _, p := range ms.Players {
			s.Players = append(s.Players, Player{ID: p.ID, Name: p.Name})
		}
	}
	return s
}
