// Package web is the viewer of `replay serve`: a JSON API over a
// query.Reader (a local store or running recorders over NATS) and the pages
// that use it, plain ES modules embedded in the binary with no build step.
//
// The pages are a match list with filters, and a viewer per match: the
// board at the cursor for the chosen view, the events grouped by turn and
// step, a scrub bar segmented by turns with marks, a life-total chart, the
// audit's findings, the tree of branches and a diff of two of them. Every
// position has a link (/m/MATCH?seq=N&as=VIEW) that opens exactly there.
// A match that grows (being recorded, or appended to) is followed live with
// server-sent events.
//
// Hidden information never reaches a browser that may not see it: boards,
// narratives and findings come from the query package made for the view
// asked for, and a server started for one player (Options.Player) answers
// only that player's matches, only as them (query.Guard).
//
// ExportHTML writes one self-contained page (the same modules, with the
// match's timeline and the views of every position inside it) that opens
// from disk with no server.
package web
