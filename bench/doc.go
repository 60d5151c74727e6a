// Package bench measures Chronicle on a generated tournament (package sim),
// each figure beside the baseline it is judged against:
//
//   - ingest: inputs published by a client (bus.Publisher) until the
//     recorder's verdict says stored, against raw JetStream async publish
//     of the same bytes to the same embedded server;
//   - tournament ingest and audit times, projected to 5,000 matches when
//     the corpus is smaller;
//   - effects-only replay and full rules re-derivation in inputs/s,
//     against raw msgpack decoding of the same stored events;
//   - seek median and p99 on a 10,000-input match, against replaying it
//     from the start without snapshots: through one cursor, as the viewer
//     seeks, and the first seeks of new cursors, in turn;
//   - audit peak heap, and the live heap of a replay over 10,000 inputs
//     against 1,000 (memory independent of log length);
//   - bytes per input on disk, against the raw msgpack bytes.
//
// Run does it all in one process: an embedded nats-server with JetStream,
// a recorder on a store in Options.Dir, then the store opened for reading,
// after the ingest's writes are flushed and its memory handed back. Each
// stage carries a pprof label (stage=generate, ingest, read), so one CPU
// profile of a run can be cut by stage. `replay bench` prints the Report.
package bench
