// Package events defines Chronicle's log: the envelope every input travels in,
// one Go type per input kind, the canonical msgpack encoding, the SHA-256 hash
// chain, and the JSON Lines form that people and game clients write.
//
// The log is the product's ground truth, so the encoding is canonical: the same
// event always encodes to the same bytes (struct fields in a fixed order, map
// keys sorted, integers in their smallest form). An event's hash is SHA-256 over
// that encoding with the hash field left empty, and each event names the hash of
// the one before it, so a changed, dropped or reordered event shows.
//
// Recorded time is information for people; nothing that rebuilds a game reads it.
//
// This package knows the shape of inputs, not the rules of Magic: a body is
// well-formed here when its required fields are present and typed right. Whether
// a cast is legal is the reducer's business.
package events
