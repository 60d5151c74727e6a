// Package query is what the web viewer and the read commands ask of
// recorded matches, behind one interface (Reader, and Writer for branches)
// with two ends: Local answers from a store or a .jsonl file in this
// process, Client asks running recorders over NATS, which answer with a
// Service over their own stores (the recorder wires one in). A front end
// written against Reader works the same on either end, so `replay serve`
// and `replay --nats` need no code of their own per transport.
//
// Every answer is shaped for JSON: the same objects the HTTP API returns
// and the NATS service sends (see protocol.go). Errors carry a Code a front
// end maps to an exit status or an HTTP status.
//
// Views are made where the rest of Chronicle makes them: a position by
// reducer.State.View, a narrative by replay.Narrate, findings by
// replay.Report.SeenBy, each for the viewer named in the request, so nothing
// a player may not see is put into an answer for that player. Who may ask
// for which view is a Policy: a player reads only their own matches, only
// as themselves.
package query
