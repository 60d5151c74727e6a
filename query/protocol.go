package query

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/nats-io/nats.go"

	"github.com/chronicle-mtg/chronicle/events/bus"
)

// The NATS protocol of the read service (the subjects are declared in
// events/bus, beside the roles that may use them). Recorders answer
// requests on these subjects, each from its own store:
//
//	chronicle.read.list                    every recorder answers with its matches (body: a Filter)
//	chronicle.read.rejections              every recorder answers with its rejection log
//	chronicle.read.m.<match>.<view>.<op>   only the recorder holding the match answers
//	chronicle.write.m.<match>.<op>         branch, append: only that recorder
//	chronicle.head.<match>                 published by the recorder each time the match's head moves
//
// <view> is judge, public or a player id of the match: the answer is made
// for that view whatever the body says, so a deployment grants a player's
// NATS user chronicle.read.m.<match>.<their id>.> (and .public.>) and
// nothing else of chronicle.read. The <op>s: summary, state, log,
// timeline, frames, audit, verify, export, rejections (judge only) and
// diff. A request's body is the op's request as JSON (StateRequest, ...).
//
// A reply is one message or several: each carries the headers
// Chronicle-Responder (the answering recorder) and Chronicle-Chunk ("i/n",
// from 1), the body's chunks in order; Chronicle-Error: 1 marks a body that
// is an Error ({"code","message"}). A request to a match no recorder holds
// gets NATS's "no responders" at once.

// Subjects and headers of the protocol.
const (
	SubjectList       = bus.ReadList
	SubjectRejections = bus.ReadRejections
	matchReadPrefix   = bus.ReadMatchPrefix
	matchWritePrefix  = bus.WriteMatchPrefix

	HeaderResponder = "Chronicle-Responder"
	HeaderChunk     = "Chronicle-Chunk"
	HeaderError     = "Chronicle-Error"
)

// Ops of the per-match subjects.
const (
	OpSummary    = "summary"
	OpState      = "state"
	OpLog        = "log"
	OpTimeline   = "timeline"
	OpFrames     = "frames"
	OpAudit      = "audit"
	OpVerify     = "verify"
	OpExport     = "export"
	OpRejections = "rejections"
	OpDiff       = "diff"
	OpBranch     = "branch"
	OpAppend     = "append"
)

// ReadSubject is where a read of match as view goes.
func ReadSubject(match, view, op string) string { return bus.ReadSubject(match, view, op) }

// WriteSubject is where a write to match goes.
func WriteSubject(match, op string) string { return bus.WriteSubject(match, op) }

// HeadSubject is where a match's head notices are published.
func HeadSubject(match string) string { return bus.HeadSubject(match) }

// parsed is a per-match request's subject, read.
type parsed struct {
	match, view, op string
	write           bool
}

func parseSubject(subject string) (parsed, error) {
	var p parsed
	var rest string
	switch {
	case strings.HasPrefix(subject, matchReadPrefix):
		rest = subject[len(matchReadPrefix):]
		parts := strings.Split(rest, ".")
		if len(parts) != 3 {
			return p, fmt.Errorf("subject %q: want %s<match>.<view>.<op>", subject, matchReadPrefix)
		}
		p.match, p.view, p.op = parts[0], parts[1], parts[2]
	case strings.HasPrefix(subject, matchWritePrefix):
		rest = subject[len(matchWritePrefix):]
		parts := strings.Split(rest, ".")
		if len(parts) != 2 {
			return p, fmt.Errorf("subject %q: want %s<match>.<op>", subject, matchWritePrefix)
		}
		p.match, p.op, p.write = parts[0], parts[1], true
	default:
		return p, fmt.Errorf("subject %q is not the read service's", subject)
	}
	return p, nil
}

// chunkHeadroom is what a reply's headers may take of a message.
const chunkHeadroom = 4 << 10

// replyMsgs cuts body into messages to reply, each within maxPayload.
func replyMsgs(reply, responder string, body []byte, isErr bool, maxPayload int64) []*nats.Msg {
	size := int(max(maxPayload-chunkHeadroom, 1024))
	n := max((len(body)+size-1)/size, 1)
	out := make([]*nats.Msg, 0, n)
	for i := 0; i < n; i++ {
		m := nats.NewMsg(reply)
		m.Header.Set(HeaderResponder, responder)
		m.Header.Set(HeaderChunk, strconv.Itoa(i+1)+"/"+strconv.Itoa(n))
		if isErr {
			m.Header.Set(HeaderError, "1")
		}
		m.Data = body[min(i*size, len(body)):min((i+1)*size, len(body))]
		out = append(out, m)
	}
	return out
}

// chunkOf reads a reply message's chunk header.
func chunkOf(m *nats.Msg) (i, n int, err error) {
	h := m.Header.Get(HeaderChunk)
	a, b, ok := strings.Cut(h, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || i < 1 || i > n {
		return 0, 0, fmt.Errorf("reply with a bad %s header %q", HeaderChunk, h)
	}
	return i, n, nil
}
