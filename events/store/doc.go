// Package store keeps Chronicle's logs in a bbolt file: each match's events
// by sequence, its meta, the rejection log, indexes by player, event and date,
// and the cursor of the NATS stream the recorder consumes.
//
// The cursor is written in the same transaction as the events it covers (as
// etcd keeps its consistent index): after a crash the store says exactly which
// stream messages it holds, so a redelivered message is recognised and becomes
// a no-op. Every bucket and key layout is declared in schema.go.
//
// Values read from bbolt are copied (decoded) before a transaction ends; no
// slice handed out aliases the memory-mapped file.
package store
