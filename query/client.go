package query

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/chronicle-mtg/chronicle/reducer"
	"github.com/chronicle-mtg/chronicle/replay"
)

// Client asks running recorders over NATS (see protocol.go): a list goes to
// every recorder and their answers are merged; a question about a match
// goes to the recorder that holds it. It answers as Local does, with the
// same errors. The connection's NATS user decides what it may ask.
type Client struct {
	nc *nats.Conn
	// Timeout bounds the wait for each message of an answer; default 60s
	// (an audit of a long match takes a while).
	Timeout time.Duration
	// Stall is how long a list waits, after the last recorder answered, for
	// another one; default 300ms.
	Stall time.Duration
}

var (
	_ Reader  = (*Client)(nil)
	_ Writer  = (*Client)(nil)
	_ Watcher = (*Client)(nil)
)

// NewClient asks over nc.
func NewClient(nc *nats.Conn) *Client {
	return &Client{nc: nc, Timeout: 60 * time.Second, Stall: 300 * time.Millisecond}
}

// answer is one recorder's reply, reassembled.
type answer struct {
	responder string
	body      []byte
	isErr     bool
}

func (a *answer) decode(into any) error {
	if a.isErr {
		var e Error
		if err := json.Unmarshal(a.body, &e); err != nil || e.Code == "" {
			return Errorf(CodeInternal, "a recorder answered with an error that can't be read: %.200s", a.body)
		}
		return &e
	}
	if raw, ok := into.(*[]byte); ok {
		*raw = a.body
		return nil
	}
	if err := json.Unmarshal(a.body, into); err != nil {
		return Errorf(CodeInternal, "a recorder's answer can't be read: %v", err)
	}
	return nil
}

// connected is an unavailable error while the connection is down: a
// request would wait in the reconnect buffer until it timed out, and no
// answer could come meanwhile.
func (c *Client) connected() error {
	if c.nc.IsConnected() {
		return nil
	}
	return Errorf(CodeUnavailable, "the NATS connection is down (%s): no recorder can be asked until it is back", strings.ToLower(c.nc.Status().String()))
}

// ask sends a request to subject and collects answers: the first complete
// one, or with gather every recorder's until none more comes within Stall.
func (c *Client) ask(ctx context.Context, subject string, req any, gather bool) ([]*answer, error) {
	var data []byte
	if req != nil {
		var err error
		if data, err = json.Marshal(req); err != nil {
			return nil, err
		}
	}
	if err := c.connected(); err != nil {
		return nil, err
	}
	inbox := c.nc.NewInbox()
	sub, err := c.nc.SubscribeSync(inbox)
	if err != nil {
		return nil, Errorf(CodeUnavailable, "NATS: %v", err)
	}
	defer sub.Unsubscribe()
	if err := c.nc.PublishMsg(&nats.Msg{Subject: subject, Reply: inbox, Data: data}); err != nil {
		return nil, Errorf(CodeUnavailable, "NATS: %v", err)
	}
	type partial struct {
		chunks [][]byte
		got    int
		isErr  bool
	}
	parts := map[string]*partial{}
	var done []*answer
	deadline := time.Now().Add(c.Timeout) // for the next message
	var last time.Time                    // when the last answer completed
	for {
		wait := time.Until(deadline)
		if gather && len(done) > 0 && len(parts) == len(done) {
			wait = min(wait, time.Until(last.Add(c.Stall))) // nobody is midway
		}
		if wait <= 0 {
			break
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		// Short waits, so that a refusal by the server is seen early.
		m, err := sub.NextMsg(min(wait, 100*time.Millisecond))
		switch {
		case errors.Is(err, nats.ErrTimeout):
			if perr := c.refused(subject); perr != nil {
				return nil, perr
			}
			if cerr := c.connected(); cerr != nil {
				return nil, cerr
			}
			continue
		case errors.Is(err, nats.ErrNoResponders):
			if len(done) > 0 {
				continue
			}
			return nil, noResponders(subject)
		case err != nil:
			return nil, Errorf(CodeUnavailable, "NATS: %v", err)
		}
		if len(m.Data) == 0 && m.Header.Get("Status") == "503" {
			if len(done) > 0 {
				continue
			}
			return nil, noResponders(subject)
		}
		i, n, err := chunkOf(m)
		if err != nil {
			return nil, Errorf(CodeInternal, "%s: %v", subject, err)
		}
		who := m.Header.Get(HeaderResponder)
		p := parts[who]
		if p == nil {
			p = &partial{chunks: make([][]byte, n), isErr: m.Header.Get(HeaderError) == "1"}
			parts[who] = p
		}
		if len(p.chunks) != n || p.chunks[i-1] != nil {
			return nil, Errorf(CodeInternal, "%s: a reply's chunks don't fit together", subject)
		}
		p.chunks[i-1], p.got = m.Data, p.got+1
		deadline = time.Now().Add(c.Timeout)
		if p.got < n {
			continue
		}
		done = append(done, &answer{responder: who, body: joinChunks(p.chunks), isErr: p.isErr})
		last = time.Now()
		if !gather {
			return done, nil
		}
	}
	if len(done) == 0 {
		return nil, Errorf(CodeUnavailable, "no answer on %s within %v", subject, c.Timeout)
	}
	return done, nil
}

func joinChunks(chunks [][]byte) []byte {
	if len(chunks) == 1 {
		return chunks[0]
	}
	var n int
	for _, c := range chunks {
		n += len(c)
	}
	out := make([]byte, 0, n)
	for _, c := range chunks {
		out = append(out, c...)
	}
	return out
}

// refused is a forbidden error when the server refused this user the
// request's subject (NATS reports that apart from the request).
func (c *Client) refused(subject string) error {
	err := c.nc.LastError()
	if err == nil || !strings.Contains(strings.ToLower(err.Error()), "permissions violation") || !strings.Contains(err.Error(), subject) {
		return nil
	}
	return Errorf(CodeForbidden, "this NATS user may not ask %s: %v", subject, err)
}

func noResponders(subject string) error {
	if p, err := parseSubject(subject); err == nil {
		return Errorf(CodeUnknownMatch, "unknown match %q: no recorder on NATS holds it", p.match)
	}
	return Errorf(CodeUnavailable, "no recorder answers on NATS (%s)", subject)
}

// one asks subject and decodes the answer into out.
func (c *Client) one(ctx context.Context, subject string, req, out any) error {
	as, err := c.ask(ctx, subject, req, false)
	if err != nil {
		return err
	}
	return as[0].decode(out)
}

// view resolves as to the view token of a subject: judge, public or a
// player id of the match (a name is looked up in its summary).
func (c *Client) view(ctx context.Context, match, as string) (string, error) {
	switch as {
	case "", reducer.ViewJudge:
		return reducer.ViewJudge, nil
	case reducer.ViewPublic:
		return reducer.ViewPublic, nil
	}
	sum, err := c.Match(ctx, match)
	if err != nil {
		return "", err
	}
	v, err := replay.Viewer(sum, as)
	if err != nil {
		return "", Errorf(CodeBadRequest, "as: %v", err)
	}
	return v, nil
}

// List asks every recorder and merges their matches by id.
func (c *Client) List(ctx context.Context, f replay.Filter) ([]replay.Summary, error) {
	if err := f.Check(); err != nil {
		return nil, Errorf(CodeBadRequest, "%v", err)
	}
	as, err := c.ask(ctx, SubjectList, f, true)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	out := []replay.Summary{}
	for _, a := range as {
		var ms []replay.Summary
		if err := a.decode(&ms); err != nil {
			return nil, err
		}
		for _, m := range ms {
			if !seen[m.Match] {
				seen[m.Match] = true
				out = append(out, m)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Match < out[j].Match })
	return out, nil
}

// Match asks the recorder holding match for its summary (as the public
// view: every player's user may ask it).
func (c *Client) Match(ctx context.Context, match string) (replay.Summary, error) {
	var s replay.Summary
	err := c.one(ctx, ReadSubject(match, reducer.ViewPublic, OpSummary), nil, &s)
	return s, err
}

func (c *Client) State(ctx context.Context, r StateRequest) (*reducer.View, error) {
	if _, err := r.At(); err != nil {
		return nil, err
	}
	view, err := c.view(ctx, r.Match, r.As)
	if err != nil {
		return nil, err
	}
	var v reducer.View
	if err := c.one(ctx, ReadSubject(r.Match, view, OpState), r, &v); err != nil {
		return nil, err
	}
	return &v, nil
}

func (c *Client) Log(ctx context.Context, r ViewRequest) (*LogReply, error) {
	view, err := c.view(ctx, r.Match, r.As)
	if err != nil {
		return nil, err
	}
	var out LogReply
	return &out, c.one(ctx, ReadSubject(r.Match, view, OpLog), r, &out)
}

func (c *Client) Timeline(ctx context.Context, r ViewRequest) (*Timeline, error) {
	view, err := c.view(ctx, r.Match, r.As)
	if err != nil {
		return nil, err
	}
	var out Timeline
	if err := c.one(ctx, ReadSubject(r.Match, view, OpTimeline), r, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) Frames(ctx context.Context, r FramesRequest) (*Frames, error) {
	view, err := c.view(ctx, r.Match, r.As)
	if err != nil {
		return nil, err
	}
	var out Frames
	if err := c.one(ctx, ReadSubject(r.Match, view, OpFrames), r, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) Audit(ctx context.Context, r ViewRequest) (*replay.Report, error) {
	view, err := c.view(ctx, r.Match, r.As)
	if err != nil {
		return nil, err
	}
	var out replay.Report
	if err := c.one(ctx, ReadSubject(r.Match, view, OpAudit), r, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) Verify(ctx context.Context, match string) (replay.Result, error) {
	var out replay.Result
	err := c.one(ctx, ReadSubject(match, reducer.ViewPublic, OpVerify), nil, &out)
	return out, err
}

func (c *Client) Export(ctx context.Context, r ExportRequest) ([]byte, error) {
	view, err := c.view(ctx, r.Match, r.As)
	if err != nil {
		return nil, err
	}
	var out []byte
	if err := c.one(ctx, ReadSubject(r.Match, view, OpExport), r, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// Rejections asks every recorder for its rejection log, or the one holding
// match for the match's entries; judge only.
func (c *Client) Rejections(ctx context.Context, match string) ([]replay.Rejection, error) {
	if match != "" {
		out := []replay.Rejection{}
		return out, c.one(ctx, ReadSubject(match, reducer.ViewJudge, OpRejections), nil, &out)
	}
	as, err := c.ask(ctx, SubjectRejections, nil, true)
	if err != nil {
		return nil, err
	}
	out := []replay.Rejection{}
	for _, a := range as {
		var rs []replay.Rejection
		if err := a.decode(&rs); err != nil {
			return nil, err
		}
		out = append(out, rs...)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Time.Before(out[j].Time) })
	return out, nil
}

// Diff asks the recorder holding r.A; both matches must be in its store.
func (c *Client) Diff(ctx context.Context, r DiffRequest) (*DiffReply, error) {
	view, err := c.view(ctx, r.A, r.As)
	if err != nil {
		return nil, err
	}
	var out DiffReply
	if err := c.one(ctx, ReadSubject(r.A, view, OpDiff), r, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) Branch(ctx context.Context, r BranchRequest) (replay.Summary, error) {
	var out replay.Summary
	err := c.one(ctx, WriteSubject(r.Parent, OpBranch), r, &out)
	return out, err
}

func (c *Client) Append(ctx context.Context, r AppendRequest) (*AppendReply, error) {
	var out AppendReply
	if err := c.one(ctx, WriteSubject(r.Match, OpAppend), r, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// Watch ticks on each head notice of the match.
func (c *Client) Watch(ctx context.Context, match string) (<-chan struct{}, error) {
	ch := make(chan struct{}, 1)
	sub, err := c.nc.Subscribe(HeadSubject(match), func(*nats.Msg) {
		select {
		case ch <- struct{}{}:
		default:
		}
	})
	if err != nil {
		return nil, Errorf(CodeUnavailable, "NATS: %v", err)
	}
	go func() {
		<-ctx.Done()
		sub.Unsubscribe()
	}()
	return ch, nil
}

// String names what the client reads, for messages.
func (c *Client) String() string {
	return fmt.Sprintf("recorders on NATS %s", c.nc.ConnectedUrlRedacted())
}
