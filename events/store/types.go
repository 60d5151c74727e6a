package store

import (
	"errors"

	"github.com/chronicle-mtg/chronicle/events"
)

// ErrNotFound is returned for a match or event the store does not hold.
var ErrNotFound = errors.New("not found")

// Match statuses.
const (
	StatusOpen     = "open"     // recording; the match has not ended
	StatusFinished = "finished" // the rules say the match is over
)

// Meta describes a stored match. It is rewritten with every commit that
// touches the match.
type Meta struct {
	Match    string       `msgpack:"match" json:"match"`
	Format   string       `msgpack:"format" json:"format"`
	Event    string       `msgpack:"event,omitempty" json:"event,omitempty"`
	Players  []PlayerMeta `msgpack:"players" json:"players"`
	Status   string       `msgpack:"status" json:"status"`
	Events   uint64       `msgpack:"events" json:"events"`     // events stored, = HeadSeq on a main line
	HeadSeq  uint64       `msgpack:"head_seq" json:"head_seq"` // last stored seq
	HeadHash []byte       `msgpack:"head_hash" json:"-"`
	Started  int64        `msgpack:"started" json:"-"` // recorded time of match_started, Unix ns
	Updated  int64        `msgpack:"updated" json:"-"` // recorded time of the last event, Unix ns
	// A branch (replay issue) names its parent and the seq it branches after.
	Parent      string `msgpack:"parent,omitempty" json:"parent,omitempty"`
	BranchPoint uint64 `msgpack:"branch_point,omitempty" json:"branch_point,omitempty"`
	Label       string `msgpack:"label,omitempty" json:"label,omitempty"`
	// TableKey and each player's Key are the public keys match_started
	// declares; with them every input must be signed by its actor.
	TableKey string `msgpack:"table_key,omitempty" json:"-"`
}

// PlayerMeta is a player as listed in a match's meta.
type PlayerMeta struct {
	ID   string `msgpack:"id" json:"id"`
	Name string `msgpack:"name" json:"name"`
	Key  string `msgpack:"key,omitempty" json:"-"`
}

// Head is the hash of the last stored event.
func (m *Meta) Head() events.Hash {
	var h events.Hash
	copy(h[:], m.HeadHash)
	return h
}

// Keys are the public keys the match declares, by actor; nil when none.
func (m *Meta) Keys() events.Keys {
	if m.TableKey == "" {
		return nil
	}
	k := events.Keys{events.TableActor: m.TableKey}
	for _, p := range m.Players {
		k[p.ID] = p.Key
	}
	return k
}

// HasPlayer reports whether id is a player of the match.
func (m *Meta) HasPlayer(id string) bool {
	for _, p := range m.Players {
		if p.ID == id {
			return true
		}
	}
	return false
}

// Rejection is an input the recorder refused, kept whole with the reason.
type Rejection struct {
	ID        uint64 `msgpack:"id"`         // position in the rejection log, from 1
	Stream    string `msgpack:"stream"`     // JetStream stream, empty when not from one
	StreamSeq uint64 `msgpack:"stream_seq"` // its stream sequence
	Subject   string `msgpack:"subject"`
	Match     string `msgpack:"match"` // as far as it could be read
	Seq       uint64 `msgpack:"seq"`
	Kind      string `msgpack:"kind"`
	Raw       []byte `msgpack:"raw"` // the message exactly as received
	Field     string `msgpack:"field"`
	Reason    string `msgpack:"reason"`
	Rule      string `msgpack:"rule"`
	Time      int64  `msgpack:"time"` // when the recorder refused it, Unix ns
}

// Batch is what one consumer batch commits, in one transaction.
type Batch struct {
	Stream     string          // the stream the batch came from
	StreamSeq  uint64          // the highest stream sequence it covers
	Events     []*events.Event // sealed: seq, prev and hash all set
	Derived    []*Derived      // what the rules derived from some of Events
	Rejections []*Rejection
	Holes      []*Hole
	// Sealed[i], when set, is Events[i]'s canonical encoding, hash
	// included, which the caller has checked hashes to it (the bytes a
	// client sent, say): stored as it is instead of encoded and hashed
	// again. It may be shorter than Events, or nil at i: then the store
	// encodes.
	Sealed [][]byte
}

// Hole is a stretch of the input stream that was gone before the recorder
// read it: messages deleted or purged, or the whole stream deleted. What
// they held is lost; the hole keeps that loss on record, so that verify and
// audit show it.
type Hole struct {
	Stream string `msgpack:"stream"` // the stream's cursor name (name@created)
	From   uint64 `msgpack:"from"`   // first stream sequence missing
	To     uint64 `msgpack:"to"`     // last one missing; 0: unknown, to the stream's end
	Reason string `msgpack:"reason"`
	Time   int64  `msgpack:"time"` // when the recorder found it, Unix ns
}

// Derived is what the rules derived from one stored input: its effects, the
// state digest when the input began a game or a turn, and now and then a
// snapshot of the whole state. The store keeps the bytes as given; the
// reducer owns their encoding.
type Derived struct {
	Match   string
	Seq     uint64
	Effects []byte
	// Turn and Digest are set when the input began turn Turn (0: began a
	// game) of game Game, whose active player is seat Active.
	Turn   int
	Game   int
	Active int
	Digest []byte
	// Snapshot, when set, is the state after the input, stored in the same
	// transaction; replays start from the nearest one.
	Snapshot []byte
	// Status, when set, becomes the match's status (StatusFinished).
	Status string
	// Verification, when set, is how far the rules could check an input
	// that carried the table's effects: stored for an unverified or
	// disputed one, nil for a verified one.
	Verification *Verification
}

// Verification is what the rules said of an input whose table effects
// they could not verify (reducer.Verification): Status is "unverified"
// (the table supplied what unmodelled Cards do) or "disputed" (the rules
// refused the input, or derive another game; Rule says which), with the
// facts in Reason and, for a dispute, both versions in the table's
// vocabulary.
type Verification struct {
	Seq    uint64               `msgpack:"seq"`
	Status string               `msgpack:"status"`
	Cards  []string             `msgpack:"cards,omitempty"`
	Rule   string               `msgpack:"rule,omitempty"`
	Reason string               `msgpack:"reason,omitempty"`
	Table  []events.TableEffect `msgpack:"table,omitempty"`
	Engine []events.TableEffect `msgpack:"engine,omitempty"`
}

// Digest is a state digest recorded where a game or a turn began. Game and
// Active are 0 in records written before they were kept.
type Digest struct {
	Seq    uint64 `msgpack:"seq"`
	Turn   int    `msgpack:"turn"`
	Game   int    `msgpack:"game,omitempty"`
	Active int    `msgpack:"active,omitempty"` // the active player's seat
	Digest []byte `msgpack:"digest"`
}
