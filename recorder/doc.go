// Package recorder is the consumer loop that turns published inputs into
// stored logs: fetch a batch from the durable JetStream consumer, decode and
// validate each input (a message carries one, or a pack of them:
// bus.SplitPack), commit the batch to bbolt in one transaction together
// with the stream cursor, ack, and then publish a verdict for each input
// (grouped by match into arrays when the publisher asks: batch.go). The
// next inputs are validated while a batch commits (pipeline.go): the fsync
// costs the throughput nothing, and batches grow with the load.
//
// Nothing is acked before its commit, and nothing is lost or doubled: every
// message ends either in its match's log or in the rejection log. A message
// redelivered after a crash is recognised by the stream cursor stored with
// the events; an input published twice is recognised by its digest; a
// different input at a stored seq is a conflict, rejected, and the stored one
// is untouched.
//
// Validation has two layers. The log's own rules (events.Link: the match
// started, seq gapless, hashes chained; bodies well-formed; actors are
// players of the match) always run. A Validator adds the rules of the game;
// the reducer plugs in there (Rules). What it derives from an input (Derive:
// effects, turn digests, a snapshot every SnapshotEvery inputs and at every
// game start) is committed with the input.
package recorder
