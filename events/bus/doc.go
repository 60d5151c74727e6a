// Package bus is Chronicle's side of NATS: an embedded nats-server with
// JetStream, the input stream and the recorder's durable consumer, the
// verdict and status messages, and the publisher a game client uses.
//
// Subjects:
//
//	chronicle.match.<match>.in      inputs (stream CHRONICLE_IN), one or a pack to a message
//	chronicle.match.<match>.out     one verdict per input, after it is committed
//	chronicle.match.<match>.status  request: what the recorder has stored
//
// A JetStream publish acknowledgement means the stream has the message, and
// by default the server acknowledges before it fsyncs its file store (it
// syncs every two minutes unless sync_interval is "always"). A client must
// trust the recorder's verdict instead: it is sent only after the bbolt
// transaction that stores the input has committed with fsync.
//
// The publisher sends a match's inputs in atomic batches (batch.go): the
// stream stores a batch whole or not at all, and the first input of each
// carries the expected last subject sequence, so two writers can't
// interleave one match. Where batches are refused it goes input by input.
// Inputs that carry their own hash chain go by plain async publish instead
// (chained.go), in packs of several to a message (pack.go).
package bus
