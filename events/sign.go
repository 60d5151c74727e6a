package events

import (
	"fmt"

	"github.com/nats-io/nkeys"
)

// Signed inputs. A match_started may name an Ed25519 public key for the
// table and for each player (nkey user keys, "U..."; `recorder keygen` or
// `recorder users` make them). Then every input of the match carries its
// actor's signature over SigningBytes, and the recorder refuses an input
// that is unsigned or signed by anyone else (RuleSignature): a player's
// decision comes from that player, a table fact from the table. The hash
// covers the signature, so it can't be stripped from a stored input.
//
// SigningBytes are the input's digest form (match, seq, kind, actor, body,
// table effects: what the actor decided, not when it was recorded or where
// it sits in the chain) behind a fixed prefix, so that a signature made
// for an input can never be taken for one made for anything else (the
// nonce a NATS server asks a key to sign, a verdict).

// SigSize is the length of an Ed25519 signature.
const SigSize = 64

// RuleSignature: when a match declares keys, each input is signed by its
// actor's key.
const RuleSignature = "LOG-SIGNATURE"

// inputSigPrefix is the prefix of SigningBytes.
const inputSigPrefix = "chronicle input v1\x00"

// SigningBytes are the bytes an input's actor signs.
func (e *Event) SigningBytes() []byte {
	c := Event{Schema: e.schema(), Match: e.Match, Seq: e.Seq, Kind: e.Kind, Actor: e.Actor, Body: e.Body, Effects: e.Effects}
	return c.AppendCanonical([]byte(inputSigPrefix))
}

// Sign sets Sig: kp's signature over SigningBytes. The seq must be set.
func (e *Event) Sign(kp nkeys.KeyPair) error {
	if e.Seq == 0 {
		return fmt.Errorf("events: %s: an input is signed with its seq, and this one has none", e.Match)
	}
	sig, err := kp.Sign(e.SigningBytes())
	if err != nil {
		return fmt.Errorf("events: %s seq %d: sign: %w", e.Match, e.Seq, err)
	}
	e.Sig = sig
	return nil
}

// VerifySig checks Sig against the public key pub.
func (e *Event) VerifySig(pub string) error {
	if len(e.Sig) == 0 {
		return fmt.Errorf("unsigned")
	}
	kp, err := nkeys.FromPublicKey(pub)
	if err != nil {
		return fmt.Errorf("key %q: %v", pub, err)
	}
	if err := kp.Verify(e.SigningBytes(), e.Sig); err != nil {
		return fmt.Errorf("the signature is not %s's (key %.12s…)", e.Actor, pub)
	}
	return nil
}

// Keys are the public keys a match_started declares, by actor: TableActor
// and player ids.
type Keys map[string]string

// Keys returns the keys the match declares, or nil when it declares none.
func (b *MatchStarted) Keys() Keys {
	if b.TableKey == "" && !b.anyPlayerKey() {
		return nil
	}
	k := Keys{TableActor: b.TableKey}
	for _, p := range b.Players {
		k[p.ID] = p.Key
	}
	return k
}

func (b *MatchStarted) anyPlayerKey() bool {
	for _, p := range b.Players {
		if p.Key != "" {
			return true
		}
	}
	return false
}

// checkKeys: keys for the table and every player, or for none; each an
// nkey user public key.
func (b *MatchStarted) checkKeys() *FieldError {
	if b.TableKey == "" && !b.anyPlayerKey() {
		return nil
	}
	if !nkeys.IsValidPublicUserKey(b.TableKey) {
		if b.TableKey == "" {
			return fieldErr("table_key", "missing: a match that names keys names the table's and every player's")
		}
		return fieldErr("table_key", "%q is not an Ed25519 public key in nkey form (U...)", b.TableKey)
	}
	for i, p := range b.Players {
		at := "players[" + itoa(i) + "].key"
		if p.Key == "" {
			return fieldErr(at, "missing: a match that names keys names the table's and every player's")
		}
		if !nkeys.IsValidPublicUserKey(p.Key) {
			return fieldErr(at, "%q is not an Ed25519 public key in nkey form (U...)", p.Key)
		}
	}
	return nil
}

// CheckSig checks an input of a match that declared keys (nil keys: none,
// and nothing to check): signed, by its actor's key.
func CheckSig(keys Keys, e *Event) *Error {
	if keys == nil {
		return nil
	}
	bad := func(format string, args ...any) *Error {
		return &Error{Match: e.Match, Seq: e.Seq, Field: "sig", Rule: RuleSignature, Reason: fmt.Sprintf(format, args...)}
	}
	pub := keys[e.Actor]
	switch {
	case pub == "":
		return bad("%q has no key in match_started, and the match declares keys", e.Actor)
	case len(e.Sig) == 0:
		return bad("unsigned: match %s declares keys, so every input carries its actor's signature", e.Match)
	}
	if err := e.VerifySig(pub); err != nil {
		return bad("%v", err)
	}
	return nil
}

// TableMaySpeak reports whether the table may be the actor of an input of
// kind k: its own facts (match_started, setup, random outcomes). A
// player's decision (cast, pass, concede, ...) comes from that player: the
// table may not make it for them, nor block it by getting there first.
func TableMaySpeak(k Kind) bool {
	switch k {
	case KindMatchStarted, KindSetup, KindRandom:
		return true
	}
	return false
}
