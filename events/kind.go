package events

import "sort"

// Kind names an input kind, as written in the "kind" field.
type Kind string

// The input vocabulary. These names are a public interface: extend it, never
// rename an entry.
const (
	KindMatchStarted Kind = "match_started"
	KindSetup        Kind = "setup"
	KindRandom       Kind = "random"
	KindMulligan     Kind = "mulligan"
	KindKeep         Kind = "keep"
	KindPass         Kind = "pass"
	KindPlayLand     Kind = "play_land"
	KindCast         Kind = "cast"
	KindActivate     Kind = "activate"
	KindChoose       Kind = "choose"
	KindAttack       Kind = "attack"
	KindBlock        Kind = "block"
	KindConcede      Kind = "concede"
)

// Body is the kind-specific part of an event.
type Body interface {
	// Kind is the kind this body belongs to.
	Kind() Kind
	// Check reports the first missing or malformed field, by its JSON path
	// below "body".
	Check() *FieldError
}

var bodyMakers = map[Kind]func() Body{
	KindMatchStarted: func() Body { return new(MatchStarted) },
	KindSetup:        func() Body { return new(Setup) },
	KindRandom:       func() Body { return new(Random) },
	KindMulligan:     func() Body { return new(Mulligan) },
	KindKeep:         func() Body { return new(Keep) },
	KindPass:         func() Body { return new(Pass) },
	KindPlayLand:     func() Body { return new(PlayLand) },
	KindCast:         func() Body { return new(Cast) },
	KindActivate:     func() Body { return new(Activate) },
	KindChoose:       func() Body { return new(Choose) },
	KindAttack:       func() Body { return new(Attack) },
	KindBlock:        func() Body { return new(Block) },
	KindConcede:      func() Body { return new(Concede) },
}

// NewBody returns an empty body for k, or false if k is not a known kind.
func NewBody(k Kind) (Body, bool) {
	mk, ok := bodyMakers[k]
	if !ok {
		return nil, false
	}
	return mk(), true
}

// Kinds lists every known kind in sorted order.
func Kinds() []Kind {
	ks := make([]Kind, 0, len(bodyMakers))
	for k := range bodyMakers {
		ks = append(ks, k)
	}
	sort.Slice(ks, func(i, j int) bool { return ks[i] < ks[j] })
	return ks
}

// PlayerOf returns the player a decision body names, if the kind has one.
func PlayerOf(b Body) (string, bool) {
	if p, ok := b.(interface{ actingPlayer() string }); ok {
		return p.actingPlayer(), true
	}
	return "", false
}
