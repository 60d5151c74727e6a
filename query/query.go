package query

import (
	"context"
	"encoding/json"

	"github.com/chronicle-mtg/chronicle/reducer"
	"github.com/chronicle-mtg/chronicle/replay"
)

// Reader answers questions about recorded matches. Every method that shows a
// match takes the viewer (As: "" or "judge", "public", a player id or name)
// and answers as that viewer sees it.
type Reader interface {
	// List is the matches that pass f, sorted by match id.
	List(ctx context.Context, f replay.Filter) ([]replay.Summary, error)
	// Match describes one match.
	Match(ctx context.Context, match string) (replay.Summary, error)
	// State is the position at a point, as the viewer sees it.
	State(ctx context.Context, r StateRequest) (*reducer.View, error)
	// Log tells the match input by input.
	Log(ctx context.Context, r ViewRequest) (*LogReply, error)
	// Timeline is what a viewer shows of a match besides its boards.
	Timeline(ctx context.Context, r ViewRequest) (*Timeline, error)
	// Frames are the views of every position, for a viewer without a
	// server (the HTML export).
	Frames(ctx context.Context, r FramesRequest) (*Frames, error)
	// Audit checks the match again with today's rules.
	Audit(ctx context.Context, r ViewRequest) (*replay.Report, error)
	// Verify checks the match's hash chain and seqs.
	Verify(ctx context.Context, match string) (replay.Result, error)
	// Export writes the match in a replay export format.
	Export(ctx context.Context, r ExportRequest) ([]byte, error)
	// Rejections is the rejection log, match's entries only when match is
	// set. Only the judge reads it: it holds the inputs as sent.
	Rejections(ctx context.Context, match string) ([]replay.Rejection, error)
	// Diff says where two matches part and how their states differ.
	Diff(ctx context.Context, r DiffRequest) (*DiffReply, error)
}

// Writer adds branches and their inputs.
type Writer interface {
	// Branch makes a branch of a stored match after an input.
	Branch(ctx context.Context, r BranchRequest) (replay.Summary, error)
	// Append adds inputs to a branch, validated as recorded ones are.
	Append(ctx context.Context, r AppendRequest) (*AppendReply, error)
}

// Watcher tells when matches change.
type Watcher interface {
	// Watch sends on the channel each time the match's head may have
	// moved, until ctx ends; a tick may be dropped when one is pending.
	Watch(ctx context.Context, match string) (<-chan struct{}, error)
}

// ViewRequest names a match and a viewer.
type ViewRequest struct {
	Match string `json:"match"`
	As    string `json:"as,omitempty"`
	// NoAudit, for Timeline only, leaves the audit's findings and marks
	// out (AuditPending says so): the audit replays the match with the
	// rules and takes far longer than the rest, so a viewer shows the
	// match first and asks Audit after.
	NoAudit bool `json:"no_audit,omitempty"`
}

// StateRequest names a position: after input Seq, at the start of Turn
// ("5", or "5.declare_blockers" for a step of it) of Game, or the end when
// neither is set.
type StateRequest struct {
	Match string `json:"match"`
	As    string `json:"as,omitempty"`
	Seq   uint64 `json:"seq,omitempty"`
	Turn  string `json:"turn,omitempty"`
	Game  int    `json:"game,omitempty"`
}

// LogReply is a match told; Stopped names the input the rules forbid that
// ended the telling early, if one did.
type LogReply struct {
	Entries []replay.Entry `json:"entries"`
	Stopped *Stopped       `json:"stopped,omitempty"`
}

// Stopped is an input the rules forbid, where a replay stopped.
type Stopped struct {
	Seq     uint64 `json:"seq"`
	Message string `json:"message"` // names the seq, the reason and the rule
}

// Timeline is a match as a viewer steps through it, everything but the
// boards: each input told, when it was recorded, the life totals after it,
// the marks to jump between and the audit's findings, all as the viewer may
// see them.
type Timeline struct {
	Match replay.Summary `json:"match"`
	As    string         `json:"as"`
	// Entries tell the inputs in seq order. Times are when each was
	// recorded, in Unix milliseconds, 0 when unknown; Lives the players'
	// life totals after each, in seat order.
	Entries []replay.Entry `json:"entries"`
	Times   []int64        `json:"times"`
	Lives   [][]int        `json:"lives"`
	// Marks are in seq order: turn starts, spells, life changes,
	// rejections and findings.
	Marks    []replay.Mark    `json:"marks"`
	Findings []replay.Finding `json:"findings"`
	Stopped  *Stopped         `json:"stopped,omitempty"`
	// AuditPending: the findings and their marks were left out (NoAudit).
	AuditPending bool `json:"audit_pending,omitempty"`
}

// FramesRequest asks for the views of inputs 1 to To (0: the end).
type FramesRequest struct {
	Match string `json:"match"`
	As    string `json:"as,omitempty"`
	To    uint64 `json:"to,omitempty"`
}

// ExportRequest is `replay export`: Format jsonl, text or setup; At the last
// input (0: the end); As the viewer of a text export.
type ExportRequest struct {
	Match  string `json:"match"`
	Format string `json:"format"`
	At     uint64 `json:"at,omitempty"`
	As     string `json:"as,omitempty"`
}

// DiffRequest compares matches A and B where they part, or after input At.
type DiffRequest struct {
	A  string `json:"a"`
	B  string `json:"b"`
	At uint64 `json:"at,omitempty"`
	As string `json:"as,omitempty"`
}

// DiffInput is an input as a diff shows it. Body is left out of a
// player's view: a table's input may hold a library's order.
type DiffInput struct {
	Seq   uint64          `json:"seq"`
	Kind  string          `json:"kind"`
	Actor string          `json:"actor"`
	Body  json.RawMessage `json:"body,omitempty"`
}

// DiffReply is `replay diff --json`. Before is A's value, After B's.
type DiffReply struct {
	A         string          `json:"a"`
	B         string          `json:"b"`
	Identical bool            `json:"identical"`
	PartedAt  uint64          `json:"parted_at,omitempty"`
	InputA    *DiffInput      `json:"input_a"`
	InputB    *DiffInput      `json:"input_b"`
	At        uint64          `json:"at,omitempty"`
	SeqA      uint64          `json:"seq_a,omitempty"`
	SeqB      uint64          `json:"seq_b,omitempty"`
	Changes   []replay.Change `json:"changes"`
	// HeadA and HeadB are the matches' last inputs.
	HeadA uint64 `json:"head_a"`
	HeadB uint64 `json:"head_b"`
}

// BranchRequest is `replay branch`.
type BranchRequest struct {
	Parent string `json:"parent"`
	At     uint64 `json:"at"`
	Name   string `json:"name"`
	Label  string `json:"label,omitempty"`
}

// AppendRequest is `replay append`: Inputs are JSON Lines, named Name in
// messages.
type AppendRequest struct {
	Match  string `json:"match"`
	Name   string `json:"name,omitempty"`
	Inputs string `json:"inputs"`
}

// AppendReply is what Append stored.
type AppendReply struct {
	Match  string `json:"match"`
	From   uint64 `json:"from"`
	To     uint64 `json:"to"`
	Head   string `json:"head"`
	Status string `json:"status"`
}
