// Package store keeps Chronicle's logs in a bbolt file: each match's events
// by sequence, its meta, the rejection log, indexes by player, event and date,
// and the cursor of the NATS stream the recorder consumes.
//
// The cursor is written in the same transaction as the events it covers (as
// etcd keeps its consistent index): after a crash the store says exactly which
// stream messages it holds, so a redelivered message is recognised and becomes
// a no-op. Every bucket and key layout is declared in schema.go.
//
// A branch (branch.go) is a match that shares a parent's events up to a
// branch point instead of copying them; the readers follow it back to its
// parent, so a branch reads as one whole log. AppendBranch never adds to a
// main line, a match that began with its own match_started.
//
// Beside each input the store keeps what the rules derived from it (effects,
// a digest where a game or turn began) and, now and then, a snapshot of the
// whole state, most of them as a delta from the one before (snapchain.go);
// SnapshotAtOrBefore and EffectsFrom read them from a seq on with cursors,
// so that seeking costs the same anywhere in a long log.
//
// Values read from bbolt are copied (decoded) before a transaction ends; no
// slice handed out aliases the memory-mapped file.
//
// A damaged file fails cleanly: every value but an event is sealed with a
// checksum (seal.go), bbolt's panics and faults on a damaged or truncated
// file become errors wrapping ErrDamaged at the boundary (guard.go), and
// each commit's head is recorded beside the file too, so that a commit
// bbolt rolled back is found (head.go). Check cross-checks the whole layout.
package store
