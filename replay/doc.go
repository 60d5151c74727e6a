// Package replay reads Chronicle's logs back: it opens a log, lists the
// matches in it, verifies their hash chains and exports them, rebuilds a
// match's game at any input or turn (Seek), and tells a match input by input
// (Narrate), each as the judge or one player sees it.
//
// A log comes from a Source. Two kinds exist: the recorder's bbolt store
// (OpenStore, read-only, so a judge can't change what was recorded; only
// Branch and Append, through OpenStoreForWriting, add to it, and never to a
// recorded match) and
// a JSON Lines file (OpenFile), the form people write by hand and that
// exports produce. Both list the same Summary per match and hand out events in
// seq order, so every command works on either.
//
// Verify trusts nothing it reads. For a stored match it goes back to the raw
// bytes: each must decode, re-encode to exactly the same canonical bytes, sit
// under its own seq, carry a hash that matches its content and name the hash
// of the event before it; and the match's meta (head seq, head hash, event
// count) must agree with the events. A file's events are checked the same way,
// but a file may be hand-written: events without hashes are allowed there, and
// Verify then says "seq gapless, unhashed" instead of claiming a chain.
//
// Findings carry the rule codes of package events (LOG-SEQ, LOG-CHAIN, ...)
// plus two of the store's own: RuleCanonical and RuleMeta.
//
// A branch (branch.go) is a stored match that shares its parent's inputs up
// to a branch point and continues with inputs of its own, which Append
// validates as the recorder validates inputs; every reader sees it as a whole
// match from seq 1.
//
// Exports (ExportWith) write JSON Lines, a judge's text report, or a setup:
// a bug report placing one position with a setup input (setupgen.go).
// Exports are byte-stable: exporting a match, recording the export into a
// fresh store and exporting again gives the same bytes, because the envelope
// keeps seq, recorded time, prev and hash.
//
// Games are rebuilt input by input (Replay). From the store, the effects the
// rules derived when the input was recorded are folded in without consulting
// the rules (fast, and what was recorded whatever today's rules say); an
// input stored without effects, and every input of a file, goes through the
// rules, and an input they forbid stops the replay with an *IllegalError
// naming the seq, the reason and the rule.
//
// Seeking and stepping go through a Cursor (cursor.go): from the store it
// starts at the nearest snapshot the recorder kept (every 64 inputs and at
// every game start) and folds the stored effects forward, read with bbolt
// cursors from there, so a position costs the same at seq 10 as at seq
// 10,000 and memory doesn't grow with the log; a step forward folds one
// input, a step back is a seek. Seek, show's --at and --turn N[.STEP], and
// the terminal stepper use it.
//
// Diff (diff.go) finds the first seq where two matches' inputs part and
// lists the state difference there as key paths (statediff.go).
//
// Audit (audit.go) checks a match again with today's code and rules: its
// chain (Verify), every input through the rules, the recorded effects and
// turn digests against the ones derived now (the first divergence with its
// state difference as key paths), and playtest cards outside Mystery
// Booster limited formats (PT-1). NewOutline (outline.go) is a match as the
// terminal stepper walks it: every input told, when it was recorded, and
// marks (turn starts, spells, life changes, rejections, audit findings).
package replay
