package events

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"time"
)

// SchemaVersion is the envelope version this code writes. Decoders accept
// every version up to it.
const SchemaVersion = 1

// Hash is a SHA-256 digest. The zero Hash means "absent".
type Hash [sha256.Size]byte

// IsZero reports whether h is absent.
func (h Hash) IsZero() bool { return h == Hash{} }

// String is the lowercase hex form, or "" for the zero Hash.
func (h Hash) String() string {
	if h.IsZero() {
		return ""
	}
	return hex.EncodeToString(h[:])
}

// Short is the first 12 hex digits, for people.
func (h Hash) Short() string {
	s := h.String()
	if len(s) > 12 {
		return s[:12]
	}
	return s
}

// ShortPair shortens two hashes that differ as Short does, but each as
// long as it takes for the two to read differently (whole, when they are
// the same): a message that says two hashes differ must show it.
func ShortPair(a, b Hash) (string, string) {
	sa, sb := a.String(), b.String()
	n := 12
	for n < len(sa) && n < len(sb) && sa[:n] == sb[:n] {
		n += 4
	}
	return sa[:min(n, len(sa))], sb[:min(n, len(sb))]
}

// ParseHash reads the hex form; "" gives the zero Hash.
func ParseHash(s string) (Hash, error) {
	var h Hash
	if s == "" {
		return h, nil
	}
	if len(s) != 2*len(h) {
		return h, fmt.Errorf("want %d hex digits, got %d", 2*len(h), len(s))
	}
	if _, err := hex.Decode(h[:], []byte(s)); err != nil {
		return h, fmt.Errorf("not hex: %v", err)
	}
	return h, nil
}

// Event is one entry of a match's log: an input in its envelope.
//
// A client may leave Seq, Recorded, Prev and Hash at zero; the recorder fills
// them when it stores the event. Where a client sets them they are checked.
type Event struct {
	Schema   int    // envelope version; 0 on input means SchemaVersion
	Match    string // match id: letters, digits, '-' and '_'
	Seq      uint64 // 1, 2, 3, ... gapless per match
	Kind     Kind
	Actor    string // TableActor or a player id of the match
	Recorded int64  // Unix nanoseconds, UTC; information only, never read by the rules
	Body     Body
	// Effects are what the table says the input did (effects.go); nil
	// for most inputs, which then encode exactly as before effects existed.
	Effects []TableEffect
	// Sig, when set, is the actor's Ed25519 signature over SigningBytes
	// (sign.go); the hash covers it. An unsigned input encodes exactly as
	// before signatures existed.
	Sig  []byte
	Prev Hash // Hash of the event at Seq-1; zero at seq 1
	Hash Hash // SHA-256 of the canonical encoding with Hash left zero
}

// RecordedTime is Recorded as a time, or the zero time when unset.
func (e *Event) RecordedTime() time.Time {
	if e.Recorded == 0 {
		return time.Time{}
	}
	return time.Unix(0, e.Recorded).UTC()
}

// ComputeHash returns the hash e should carry: SHA-256 over its canonical
// encoding with the Hash field zero.
func (e *Event) ComputeHash() Hash {
	c := *e
	c.Hash = Hash{}
	var buf [encodeBuf]byte
	return sha256.Sum256(c.AppendCanonical(buf[:0]))
}

// SealedCanonical returns the hash e should carry and the canonical encoding
// of e carrying it, from one encoding: the hash is the envelope's last
// field, so the sealed form is the unsealed one with its final nil replaced
// by the hash's bytes.
func (e *Event) SealedCanonical() (Hash, []byte) {
	c := *e
	c.Hash = Hash{}
	b := c.AppendCanonical(make([]byte, 0, encodeBuf))
	sum := sha256.Sum256(b)
	b = append(b[:len(b)-1], msgpackBin8, byte(len(sum)))
	return sum, append(b, sum[:]...)
}

// encodeBuf is room for most inputs' canonical encoding (a pass takes
// about 150 bytes): hashing one on the stack allocates nothing.
const encodeBuf = 320

// msgpackBin8 starts a byte string of up to 255 bytes.
const msgpackBin8 = 0xc4

// Seal sets Hash from the event's content.
func (e *Event) Seal() { e.Hash = e.ComputeHash() }

// Digest identifies the input itself: match, seq, kind, actor, body and
// table effects, but not when it was recorded or where it sits in the
// chain. Two submissions of the same decision have the same digest even if
// their recorded times differ.
func (e *Event) Digest() Hash {
	c := Event{Schema: e.schema(), Match: e.Match, Seq: e.Seq, Kind: e.Kind, Actor: e.Actor, Body: e.Body, Effects: e.Effects}
	var buf [encodeBuf]byte
	return sha256.Sum256(c.AppendCanonical(buf[:0]))
}

func (e *Event) schema() int {
	if e.Schema == 0 {
		return SchemaVersion
	}
	return e.Schema
}

// Check validates the envelope and the body's shape, without any match
// context: fields present and well-formed, kind known, actor sensible.
func (e *Event) Check() *Error {
	bad := func(field, rule, format string, args ...any) *Error {
		return &Error{Match: e.Match, Seq: e.Seq, Field: field, Rule: rule, Reason: fmt.Sprintf(format, args...)}
	}
	if e.Schema < 0 || e.Schema > SchemaVersion {
		return bad("schema", RuleDecode, "version %d is not supported (newest is %d)", e.Schema, SchemaVersion)
	}
	if e.Match == "" {
		return bad("match", RuleBody, "missing")
	}
	if !validID(e.Match) {
		return bad("match", RuleBody, "%q is not a valid match id (%s)", e.Match, idRule)
	}
	if e.Kind == "" {
		return bad("kind", RuleKind, "missing")
	}
	if _, ok := bodyMakers[e.Kind]; !ok {
		return bad("kind", RuleKind, "unknown kind %q", e.Kind)
	}
	if e.Actor == "" {
		return bad("actor", RuleActor, "missing")
	}
	if e.Body == nil {
		return bad("body", RuleBody, "missing")
	}
	if e.Body.Kind() != e.Kind {
		return bad("body", RuleBody, "body is a %s, kind says %s", e.Body.Kind(), e.Kind)
	}
	if fe := e.Body.Check(); fe != nil {
		return bad("body."+fe.Field, RuleBody, "%s", fe.Reason)
	}
	if len(e.Effects) > 0 {
		if !TakesEffects(e.Kind) {
			return bad("effects", RuleTableForm, "%s places the game itself: it can't carry table effects", e.Kind)
		}
		if fe := checkEffects(e.Effects); fe != nil {
			return bad(fe.Field, RuleTableForm, "%s", fe.Reason)
		}
	}
	if p, ok := PlayerOf(e.Body); ok {
		if e.Actor != p && e.Actor != TableActor {
			return bad("actor", RuleActor, "%q submitted a decision of player %q", e.Actor, p)
		}
	} else if e.Actor != TableActor {
		return bad("actor", RuleActor, "%s is a table fact: actor must be %q, got %q", e.Kind, TableActor, e.Actor)
	}
	return nil
}
