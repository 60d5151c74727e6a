package query

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer"
	"github.com/chronicle-mtg/chronicle/replay"
)

// Local answers from a source in this process: a store or a .jsonl file.
// It keeps a cursor per match it was asked about, so that stepping through a
// match folds one input per step, and each viewer's timeline until the
// match grows. It is safe for concurrent use.
type Local struct {
	src replay.Source
	st  *replay.Store // for writes; nil when read-only

	mu        sync.Mutex
	cursors   map[string]*cursorSlot
	timelines map[timelineKey]*Timeline
	audits    map[string]*auditSlot
	watchers  map[string][]chan struct{}
}

var (
	_ Reader  = (*Local)(nil)
	_ Writer  = (*Local)(nil)
	_ Watcher = (*Local)(nil)
)

// Cache bounds: positions of this many matches, timelines of this many
// (match, viewer) pairs.
const (
	maxCursors   = 32
	maxTimelines = 64
)

// cursorSlot is one match's cursor, used by one request at a time.
type cursorSlot struct {
	mu  sync.Mutex
	cur *replay.Cursor
}

type timelineKey struct {
	match, as string
	noAudit   bool
}

// NewLocal answers from src, read-only. It does not close src.
func NewLocal(src replay.Source) *Local {
	l := &Local{src: src, cursors: map[string]*cursorSlot{}, timelines: map[timelineKey]*Timeline{}, audits: map[string]*auditSlot{}, watchers: map[string][]chan struct{}{}}
	return l
}

// NewLocalWriter answers from st and also makes branches and appends to
// them.
func NewLocalWriter(st *replay.Store) *Local {
	l := NewLocal(st)
	l.st = st
	return l
}

// Source is what l answers from.
func (l *Local) Source() replay.Source { return l.src }

// List is replay.List.
func (l *Local) List(_ context.Context, f replay.Filter) ([]replay.Summary, error) {
	if err := f.Check(); err != nil {
		return nil, Errorf(CodeBadRequest, "%v", err)
	}
	ms, err := replay.List(l.src, f)
	if ms == nil && err == nil {
		ms = []replay.Summary{}
	}
	if err == nil {
		err = replay.WithShares(l.src, ms)
	}
	return ms, wrap(err)
}

// Match describes one match.
func (l *Local) Match(_ context.Context, match string) (replay.Summary, error) {
	s, err := l.src.Match(match)
	return s, wrap(err)
}

// viewer resolves as for match.
func (l *Local) viewer(match, as string) (replay.Summary, string, error) {
	sum, err := l.src.Match(match)
	if err != nil {
		return sum, "", wrap(err)
	}
	v, err := replay.Viewer(sum, as)
	if err != nil {
		return sum, "", Errorf(CodeBadRequest, "as: %v", err)
	}
	return sum, v, nil
}

// At reads the point a StateRequest names.
func (r StateRequest) At() (replay.At, error) {
	at := replay.At{Seq: r.Seq, Game: r.Game}
	if r.Turn != "" {
		turn, step, err := replay.ParseTurn(r.Turn)
		if err != nil {
			return at, Errorf(CodeBadRequest, "turn: %v", err)
		}
		at.Turn, at.Step = turn, step
	}
	if err := at.Check(); err != nil {
		return at, Errorf(CodeBadRequest, "%v", err)
	}
	return at, nil
}

// State is the position r names as its viewer sees it.
func (l *Local) State(_ context.Context, r StateRequest) (*reducer.View, error) {
	at, err := r.At()
	if err != nil {
		return nil, err
	}
	sum, as, err := l.viewer(r.Match, r.As)
	if err != nil {
		return nil, err
	}
	var v *reducer.View
	err = l.withCursor(sum, func(c *replay.Cursor) error {
		pos, err := c.Seek(at)
		if err != nil {
			return err
		}
		v = pos.View(as)
		sh, err := replay.ShareUpTo(l.src, sum.Match, pos.Seq)
		if err != nil {
			return err
		}
		sh.Into(v)
		return nil
	})
	return v, wrap(err)
}

// withCursor runs fn with the match's cursor, made anew when the match has
// grown since it was made.
func (l *Local) withCursor(sum replay.Summary, fn func(*replay.Cursor) error) error {
	l.mu.Lock()
	slot := l.cursors[sum.Match]
	if slot == nil {
		if len(l.cursors) >= maxCursors {
			for k := range l.cursors {
				delete(l.cursors, k) // any one: a cursor is cheap to make again
				break
			}
		}
		slot = &cursorSlot{}
		l.cursors[sum.Match] = slot
	}
	l.mu.Unlock()
	slot.mu.Lock()
	defer slot.mu.Unlock()
	if slot.cur == nil || slot.cur.Summary().HeadSeq != sum.HeadSeq || slot.cur.Summary().Head != sum.Head {
		c, err := replay.NewCursor(l.src, sum.Match)
		if err != nil {
			return err
		}
		slot.cur = c
	}
	return fn(slot.cur)
}

// Log tells the match as the viewer sees it.
func (l *Local) Log(_ context.Context, r ViewRequest) (*LogReply, error) {
	_, as, err := l.viewer(r.Match, r.As)
	if err != nil {
		return nil, err
	}
	rep := &LogReply{Entries: []replay.Entry{}}
	err = replay.Narrate(l.src, r.Match, as, func(e replay.Entry) error {
		rep.Entries = append(rep.Entries, e)
		return nil
	})
	var ie *replay.IllegalError
	if asIllegal(err, &ie) {
		rep.Stopped = &Stopped{Seq: ie.Seq, Message: ie.Error()}
		return rep, nil
	}
	return rep, wrap(err)
}

// Timeline is the match's outline as the viewer sees it, kept until the
// match grows.
func (l *Local) Timeline(_ context.Context, r ViewRequest) (*Timeline, error) {
	sum, as, err := l.viewer(r.Match, r.As)
	if err != nil {
		return nil, err
	}
	key := timelineKey{sum.Match, as, r.NoAudit}
	l.mu.Lock()
	t := l.timelines[key]
	l.mu.Unlock()
	if t != nil && t.Match.HeadSeq == sum.HeadSeq && t.Match.Head == sum.Head {
		return t, nil
	}
	o, err := replay.NewOutlineUnaudited(l.src, sum.Match, as)
	if err != nil {
		return nil, wrap(err)
	}
	pending := false
	if len(o.Entries) > 0 {
		if r.NoAudit {
			pending = true
		} else {
			rep, err := l.audit(sum)
			if err != nil {
				return nil, wrap(err)
			}
			o.AddAudit(l.src, rep)
		}
	}
	t = timelineOf(o)
	t.AuditPending = pending
	l.mu.Lock()
	if len(l.timelines) >= maxTimelines {
		for k := range l.timelines {
			delete(l.timelines, k)
			break
		}
	}
	l.timelines[key] = t
	l.mu.Unlock()
	return t, nil
}

func timelineOf(o *replay.Outline) *Timeline {
	t := &Timeline{
		Match: o.Summary, As: o.As, Entries: o.Entries, Times: make([]int64, len(o.Times)),
		Lives: o.Lives, Marks: o.Marks, Findings: o.Findings,
	}
	for i, tm := range o.Times {
		if !tm.IsZero() {
			t.Times[i] = tm.UnixMilli()
		}
	}
	if t.Entries == nil {
		t.Entries = []replay.Entry{}
	}
	if t.Lives == nil {
		t.Lives = [][]int{}
	}
	if t.Marks == nil {
		t.Marks = []replay.Mark{}
	}
	if t.Findings == nil {
		t.Findings = []replay.Finding{}
	}
	if o.Stopped != nil {
		t.Stopped = &Stopped{Seq: o.Stopped.Seq, Message: o.Stopped.Error()}
	}
	return t
}

// Frames are the views of inputs 1 to r.To, stepped by the match's cursor.
func (l *Local) Frames(ctx context.Context, r FramesRequest) (*Frames, error) {
	sum, as, err := l.viewer(r.Match, r.As)
	if err != nil {
		return nil, err
	}
	to := r.To
	switch {
	case to == 0:
		to = sum.HeadSeq
	case to > sum.HeadSeq:
		return nil, Errorf(CodeNotReached, "seq %d is past the end of match %s: its last input is seq %d", to, sum.Match, sum.HeadSeq)
	}
	fb := newFrameBuilder(sum.Match, as)
	err = l.withCursor(sum, func(c *replay.Cursor) error {
		for seq := uint64(1); seq <= to; seq++ {
			if seq%256 == 0 && ctx.Err() != nil {
				return ctx.Err()
			}
			pos, err := c.At(seq)
			if err != nil {
				return err
			}
			if err := fb.add(pos.View(as)); err != nil {
				return err
			}
		}
		return nil
	})
	var ie *replay.IllegalError
	if asIllegal(err, &ie) {
		fb.f.Stopped = &Stopped{Seq: ie.Seq, Message: ie.Error()}
		return fb.f, nil
	}
	if err != nil {
		return nil, wrap(err)
	}
	return fb.f, nil
}

// Audit is replay.Audit, as the viewer may read it.
func (l *Local) Audit(_ context.Context, r ViewRequest) (*replay.Report, error) {
	_, as, err := l.viewer(r.Match, r.As)
	if err != nil {
		return nil, err
	}
	sum, err := l.src.Match(r.Match)
	if err != nil {
		return nil, wrap(err)
	}
	rep, err := l.audit(sum)
	if err != nil {
		return nil, wrap(err)
	}
	seen := rep.SeenBy(l.src, r.Match, as)
	return &seen, nil
}

// auditSlot is the audit of a match at one head, made once for every view
// and every request that asks while it is made.
type auditSlot struct {
	seq  uint64
	head events.Hash
	once sync.Once
	rep  replay.Report
	err  error
}

// audit is replay.Audit of the match sum describes, kept while its head
// stays: the findings every view reads (each as it may: SeenBy) come from
// one replay with the rules.
func (l *Local) audit(sum replay.Summary) (*replay.Report, error) {
	l.mu.Lock()
	slot := l.audits[sum.Match]
	if slot == nil || slot.seq != sum.HeadSeq || slot.head != sum.Head {
		if len(l.audits) >= maxTimelines {
			clear(l.audits)
		}
		slot = &auditSlot{seq: sum.HeadSeq, head: sum.Head}
		l.audits[sum.Match] = slot
	}
	l.mu.Unlock()
	slot.once.Do(func() { slot.rep, slot.err = replay.Audit(l.src, sum.Match) })
	if slot.err != nil {
		l.mu.Lock()
		if l.audits[sum.Match] == slot {
			delete(l.audits, sum.Match) // asked again next time
		}
		l.mu.Unlock()
		return nil, slot.err
	}
	return &slot.rep, nil
}

// Verify is replay.Verify.
func (l *Local) Verify(_ context.Context, match string) (replay.Result, error) {
	res, err := replay.Verify(l.src, match)
	return res, wrap(err)
}

// Export is replay.ExportWith.
func (l *Local) Export(_ context.Context, r ExportRequest) ([]byte, error) {
	var buf bytes.Buffer
	err := replay.ExportWith(&buf, l.src, r.Match, r.Format, replay.ExportOptions{At: r.At, As: r.As})
	if err != nil {
		return nil, wrap(err)
	}
	return buf.Bytes(), nil
}

// Rejections is the store's rejection log; a file has none.
func (l *Local) Rejections(_ context.Context, match string) ([]replay.Rejection, error) {
	st, ok := l.src.(*replay.Store)
	if !ok {
		return []replay.Rejection{}, nil
	}
	if match != "" {
		if _, err := st.Match(match); err != nil {
			return nil, wrap(err)
		}
	}
	rs, err := st.Rejections(match)
	if rs == nil {
		rs = []replay.Rejection{}
	}
	return rs, wrap(err)
}

// Diff compares two matches of the source.
func (l *Local) Diff(_ context.Context, r DiffRequest) (*DiffReply, error) {
	_, as, err := l.viewer(r.A, r.As)
	if err != nil {
		return nil, err
	}
	return Compare(l.src, r.A, l.src, r.B, r.At, as)
}

// Compare is `replay diff`: where match a of srcA and match b of srcB part,
// and the state difference there (or after input at) as viewer as sees it.
func Compare(srcA replay.Source, a string, srcB replay.Source, b string, at uint64, as string) (*DiffReply, error) {
	p, err := replay.Part(srcA, a, srcB, b)
	if err != nil {
		return nil, wrap(err)
	}
	judge := as == "" || as == reducer.ViewJudge
	d := &DiffReply{A: a, B: b, Identical: p.Identical(), PartedAt: p.Seq,
		InputA: diffInput(p.InputA, judge), InputB: diffInput(p.InputB, judge), Changes: []replay.Change{},
		HeadA: p.A.HeadSeq, HeadB: p.B.HeadSeq}
	switch {
	case at > 0:
		d.At = at
		for _, s := range []replay.Summary{p.A, p.B} {
			if at > s.HeadSeq {
				return nil, Errorf(CodeNotReached, "seq %d is past the end of match %s: its last input is seq %d", at, s.Match, s.HeadSeq)
			}
		}
	case !p.Identical():
		d.At = p.Seq
	}
	if d.At > 0 {
		d.Changes, d.SeqA, d.SeqB, err = replay.StateDiff(srcA, a, srcB, b, d.At, as)
		if err != nil {
			return nil, wrap(err)
		}
		if d.Changes == nil {
			d.Changes = []replay.Change{}
		}
	}
	return d, nil
}

// diffInput shows an input; its body only to the judge.
func diffInput(ev *events.Event, judge bool) *DiffInput {
	if ev == nil {
		return nil
	}
	in := &DiffInput{Seq: ev.Seq, Kind: string(ev.Kind), Actor: ev.Actor}
	if judge {
		body, err := json.Marshal(ev.Body)
		if err != nil {
			body = []byte("null")
		}
		in.Body = body
	}
	return in
}

// Branch is replay.Branch, when l may write.
func (l *Local) Branch(_ context.Context, r BranchRequest) (replay.Summary, error) {
	if l.st == nil {
		return replay.Summary{}, errReadOnly
	}
	sum, err := replay.Branch(l.st, r.Parent, r.At, r.Name, r.Label)
	if err != nil {
		if CodeOf(err) == CodeInternal {
			err = Errorf(CodeBadRequest, "%v", err) // a bad name or branch point
		}
		return sum, wrap(err)
	}
	l.Changed(sum.Match)
	return sum, nil
}

// Append is replay.Append, when l may write.
func (l *Local) Append(_ context.Context, r AppendRequest) (*AppendReply, error) {
	if l.st == nil {
		return nil, errReadOnly
	}
	name := r.Name
	if name == "" {
		name = "inputs"
	}
	res, err := replay.Append(l.st, r.Match, strings.NewReader(r.Inputs), name, replay.AppendOptions{})
	if err != nil {
		return nil, wrap(err)
	}
	l.Changed(r.Match)
	return &AppendReply{Match: res.Match, From: res.From, To: res.To, Head: res.Head.String(), Status: res.Status}, nil
}

var errReadOnly = Errorf(CodeForbidden, "this reader doesn't write: branches and appends need write access (replay serve --allow-write)")

// Watch ticks each time l writes to the match.
func (l *Local) Watch(ctx context.Context, match string) (<-chan struct{}, error) {
	ch := make(chan struct{}, 1)
	l.mu.Lock()
	l.watchers[match] = append(l.watchers[match], ch)
	l.mu.Unlock()
	go func() {
		<-ctx.Done()
		l.mu.Lock()
		defer l.mu.Unlock()
		ws := l.watchers[match]
		for i, w := range ws {
			if w == ch {
				l.watchers[match] = append(ws[:i:i], ws[i+1:]...)
				break
			}
		}
		if len(l.watchers[match]) == 0 {
			delete(l.watchers, match)
		}
	}()
	return ch, nil
}

// Changed tells the match's watchers that it may have moved.
func (l *Local) Changed(match string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, ch := range l.watchers[match] {
		select {
		case ch <- struct{}{}:
		default:
		}
	}
}

func asIllegal(err error, ie **replay.IllegalError) bool {
	return err != nil && errors.As(err, ie)
}
