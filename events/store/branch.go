package store

import (
	"errors"
	"fmt"
	"strings"
	"unicode"

	bolt "go.etcd.io/bbolt"

	"github.com/chronicle-mtg/chronicle/events"
)

// Branches. The recorded log of a match is its main line and never changes.
// A branch is a match of its own whose meta names a parent match and a
// branch point: the last seq it shares with the parent. It is not a copy:
// its bucket holds only its own events (and their effects and digests),
// seq branch point+1 on, and the first of them chains onto the parent's
// event at the branch point. Reading a branch (Event, Events, RawEvents,
// Effects, Digests) reads the parent's log up to the branch point, the
// parent's parent's up to its own branch point, and so on, then the
// branch's own events: the whole game, seq 1 to the head. A branch's meta
// counts that whole log in Events and HeadSeq, and has the parent's
// players, format, event and start.

// Errors of CreateBranch and AppendBranch, for errors.Is.
var (
	// ErrExists means a match by that name is stored already.
	ErrExists = errors.New("exists already")
	// ErrPastEnd means a branch point after the parent's last event.
	ErrPastEnd = errors.New("past the end")
	// ErrMainLine means an append to a match that is not a branch.
	ErrMainLine = errors.New("is a recorded main line: it never changes; branch it first")
)

// maxBranchDepth bounds a chain of branches of branches; deeper than this a
// meta naming parents in a loop is assumed.
const maxBranchDepth = 1000

// segment is the part of a match's log that one match bucket holds: seqs
// from to to (to 0: to the end).
type segment struct {
	match    string
	b        *bolt.Bucket
	from, to uint64
}

// lineage returns the buckets that hold match's log in seq order: for a main
// line its own bucket; for a branch its parent's lineage cut at the branch
// point, then its own bucket. nil, ErrNotFound when match is not stored.
func lineage(tx *bolt.Tx, match string) ([]segment, error) {
	var rev []segment
	to := uint64(0)
	for id := match; ; {
		mb := matchBucket(tx, id)
		if mb == nil {
			if id == match {
				return nil, ErrNotFound
			}
			return nil, fmt.Errorf("store: branch %s names parent %s, which is not stored: the file is damaged", rev[len(rev)-1].match, id)
		}
		m, err := decodeLine(mb.Get(keyMeta))
		if err != nil {
			return nil, fmt.Errorf("store: match %s: %w", id, err)
		}
		seg := segment{match: id, b: mb, from: 1, to: to}
		if m.Parent == "" {
			rev = append(rev, seg)
			break
		}
		seg.from = m.BranchPoint + 1
		rev = append(rev, seg)
		if len(rev) > maxBranchDepth {
			return nil, fmt.Errorf("store: match %s: branches nested over %d deep (parents in a loop?): the file is damaged", match, maxBranchDepth)
		}
		id, to = m.Parent, m.BranchPoint
	}
	out := make([]segment, len(rev))
	for i, s := range rev {
		out[len(rev)-1-i] = s
	}
	return out, nil
}

// line is what lineage reads of a match's meta: whether it branches, and
// where. Every read of a match walks its lineage first, and the whole
// meta, decoded by reflection (players, hashes, times), was a fifth of
// the reading of a short match's stored effects.
type line struct {
	Parent      string `msgpack:"parent,omitempty"`
	BranchPoint uint64 `msgpack:"branch_point,omitempty"`
}

// decodeLine reads a meta's line, its seal checked as decodeMeta checks
// it.
func decodeLine(v []byte) (line, error) {
	var m line
	if v == nil {
		return m, fmt.Errorf("meta missing: %w", ErrDamaged)
	}
	p, err := unseal(keyMeta, v)
	if err != nil {
		return m, fmt.Errorf("meta: %w", err)
	}
	if err := readLine(p, &m); err != nil {
		return m, fmt.Errorf("meta: %w: %v", ErrDamaged, err)
	}
	return m, nil
}

// readLine reads a meta's msgpack into m as msgpack.Unmarshal(p, m) does,
// by hand in place (meta_read.go): decoded by msgpack's reflection, the
// line was a quarter of opening a short match's effects, after the walk.
func readLine(p []byte, m *line) error {
	r := msgReader{b: p}
	n, asArray, err := r.structLen()
	switch {
	case err != nil:
		return err
	case n < 0 || asArray && n == 0:
		*m = line{}
		return nil
	case asArray:
		if n != 2 {
			return errArrayStruct
		}
		if m.Parent, err = r.str(); err != nil {
			return err
		}
		m.BranchPoint, err = r.uint()
		return err
	}
	for range n {
		key, err := r.key()
		if err != nil {
			return err
		}
		switch string(key) {
		case "parent":
			m.Parent, err = r.str()
		case "branch_point":
			m.BranchPoint, err = r.uint()
		default:
			err = r.skip()
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// eachStored calls fn with each key and value that the sub-bucket sub holds
// across match's lineage, from seq from on, in seq order; owner is the match
// whose bucket holds it. A missing events bucket is damage; other missing
// sub-buckets hold nothing.
func eachStored(tx *bolt.Tx, match string, sub []byte, from uint64, fn func(owner string, seq uint64, v []byte) error) error {
	segs, err := lineage(tx, match)
	if err != nil {
		return err
	}
	for _, sg := range segs {
		b := sg.b.Bucket(sub)
		if b == nil {
			if string(sub) == string(bucketEvents) {
				return errNoEvents(sg.match)
			}
			continue
		}
		start := max(from, sg.from)
		c := b.Cursor()
		var k, v []byte
		if start <= 1 {
			k, v = c.First() // every key of a main line, as stored
		} else {
			k, v = c.Seek(u64(start))
		}
		for ; k != nil; k, v = c.Next() {
			seq := readU64(k)
			if sg.to != 0 && seq > sg.to {
				break
			}
			if err := fn(sg.match, seq, v); err != nil {
				return err
			}
		}
	}
	return nil
}

// eachSealed is eachStored over a bucket of sealed values: fn gets each
// value's payload, checked against its checksum.
func eachSealed(tx *bolt.Tx, match string, sub []byte, from uint64, fn func(owner string, seq uint64, v []byte) error) error {
	return eachStored(tx, match, sub, from, func(owner string, seq uint64, v []byte) error {
		p, err := unsealSeq(seq, v)
		if err != nil {
			return fmt.Errorf("store: %s seq %d: %s: %w", owner, seq, sub, err)
		}
		return fn(owner, seq, p)
	})
}

// eachSealedOut is eachSealed for a walk that hands each payload to a
// caller's fn (EffectsFrom, a fold's every input): in one loop over each
// leaf page (leafwalk.go), without a call between it and fn for each
// value, fn marked as the caller's by g. It walks seqs from from to to (0:
// to the end); a run stops before the first seq that does not follow the
// one before it (a fold's input stored without effects).
func eachSealedOut(tx *bolt.Tx, match string, sub []byte, from, to uint64, run bool, g *callouts, fn func(seq uint64, v []byte) error) error {
	segs, err := lineage(tx, match)
	if err != nil {
		return err
	}
	if to == 0 {
		to = ^uint64(0)
	}
	// A seq more than gap past next, the seq after the last one handed
	// out, ends a run; every seq follows for a walk that is not one.
	next, gap := from, ^uint64(0)
	if run {
		gap = 0
	}
	pages, pageSize := mappedPages(tx)
	for _, sg := range segs {
		if next > to {
			break
		}
		b := sg.b.Bucket(sub)
		if b == nil {
			continue
		}
		start, last := max(from, sg.from), to
		if sg.to != 0 {
			last = min(last, sg.to)
		}
		if root := uint64(b.Root()); root != 0 && pages != nil {
			w := leafWalk{data: pages, pageSize: pageSize, from: start, to: last, next: next, gap: gap,
				owner: sg.match, sub: sub, g: g, fn: fn}
			err := w.walk(root)
			if err == errGap {
				return nil
			}
			if err != nil {
				return err
			}
			next = w.next
			continue
		}
		// An inline bucket, or one a write transaction may have changed.
		c := b.Cursor()
		var k, v []byte
		if start <= 1 {
			k, v = c.First()
		} else {
			k, v = c.Seek(u64(start))
		}
		for ; k != nil; k, v = c.Next() {
			seq := readU64(k)
			if seq > last {
				break
			}
			if seq-next > gap {
				return nil
			}
			next = seq + 1
			p, err := unsealSeq(seq, v)
			if err != nil {
				return fmt.Errorf("store: %s seq %d: %s: %w", sg.match, seq, sub, err)
			}
			g.in = true
			err = fn(seq, p)
			g.in = false
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// storedAt returns the value at seq of the sub-bucket sub in the bucket of
// match's lineage that holds seq; nil if none does.
func storedAt(tx *bolt.Tx, match string, sub []byte, seq uint64) (owner string, v []byte, err error) {
	segs, err := lineage(tx, match)
	if err != nil {
		return "", nil, err
	}
	for _, sg := range segs {
		if seq < sg.from || sg.to != 0 && seq > sg.to {
			continue
		}
		b := sg.b.Bucket(sub)
		if b == nil {
			if string(sub) == string(bucketEvents) {
				return "", nil, errNoEvents(sg.match)
			}
			return sg.match, nil, nil
		}
		return sg.match, b.Get(u64(seq)), nil
	}
	return "", nil, nil
}

// CreateBranch stores a new match name that branches parent after seq at:
// it shares the parent's events 1 to at and continues from there with
// events AppendBranch (or the recorder) adds. label says what the branch
// explores; it may be empty. It fails, storing nothing, for a name that is
// not a valid match id or is taken (ErrExists), an unknown parent
// (ErrNotFound), or at past the parent's last event (ErrPastEnd). The
// branch is indexed like its parent.
func (s *Store) CreateBranch(parent string, at uint64, name, label string) (*Meta, error) {
	if !events.ValidMatchID(name) {
		return nil, fmt.Errorf("store: branch name %q is not a valid match id (letters, digits, '-' and '_', 1 to 64 characters)", name)
	}
	if strings.ContainsFunc(label, unicode.IsControl) {
		return nil, fmt.Errorf("store: branch label: control characters are not allowed")
	}
	if at == 0 {
		return nil, fmt.Errorf("store: branch %s: the branch point is a seq, from 1", name)
	}
	var meta *Meta
	err := s.update(func(tx *bolt.Tx, c *commitLog) error {
		pb := matchBucket(tx, parent)
		if pb == nil {
			return fmt.Errorf("store: parent %s: %w", parent, ErrNotFound)
		}
		pm, err := decodeMeta(pb.Get(keyMeta))
		if err != nil {
			return fmt.Errorf("store: match %s: %w", parent, err)
		}
		if at > pm.HeadSeq {
			return fmt.Errorf("store: branch point seq %d of %s: %w (its last event is seq %d)", at, parent, ErrPastEnd, pm.HeadSeq)
		}
		if matchBucket(tx, name) != nil {
			return fmt.Errorf("store: match %s %w", name, ErrExists)
		}
		owner, raw, err := storedAt(tx, parent, bucketEvents, at)
		if err != nil {
			return err
		}
		if raw == nil {
			return fmt.Errorf("store: %s seq %d is not stored: the file is damaged", parent, at)
		}
		ev, err := decodeStored(owner, at, raw)
		if err != nil {
			return err
		}
		mb, err := tx.Bucket(bucketMatches).CreateBucket([]byte(name))
		if err != nil {
			return err
		}
		for _, sub := range [][]byte{bucketEvents, bucketEffects, bucketDigests} {
			if _, err := mb.CreateBucket(sub); err != nil {
				return err
			}
		}
		meta = &Meta{
			Match: name, Format: pm.Format, Event: pm.Event, Players: append([]PlayerMeta(nil), pm.Players...),
			Status: StatusOpen, Events: at, HeadSeq: at, HeadHash: append([]byte(nil), ev.Hash[:]...),
			Started: pm.Started, Updated: ev.Recorded, Parent: parent, BranchPoint: at, Label: label,
			TableKey: pm.TableKey,
		}
		if at == pm.HeadSeq && pm.Status == StatusFinished {
			meta.Status = StatusFinished // nothing can follow the end of a match
		}
		if err := putMeta(mb, c, meta); err != nil {
			return err
		}
		return indexMatch(tx, meta)
	})
	if err != nil {
		return nil, err
	}
	return meta, nil
}

// AppendBranch commits sealed events after the head of the branch match, and
// what the rules derived from them, in one transaction: all of it or none.
// The events must follow the head (seq and prev) in order. A match that is
// not a branch is refused with an error wrapping ErrMainLine: a recorded
// main line never changes.
func (s *Store) AppendBranch(match string, evs []*events.Event, derived []*Derived) error {
	update := s.update
	if len(evs) == 0 && len(derived) == 0 {
		// Nothing to write: only the checks.
		update = func(fn func(*bolt.Tx, *commitLog) error) error {
			return s.view(func(tx *bolt.Tx) error { return fn(tx, newCommitLog()) })
		}
	}
	return update(func(tx *bolt.Tx, c *commitLog) error {
		mb := matchBucket(tx, match)
		if mb == nil {
			return fmt.Errorf("store: match %s: %w", match, ErrNotFound)
		}
		m, err := decodeMeta(mb.Get(keyMeta))
		if err != nil {
			return fmt.Errorf("store: match %s: %w", match, err)
		}
		if m.Parent == "" {
			return fmt.Errorf("%s %w", match, ErrMainLine)
		}
		w := newWriter(tx, c)
		for _, ev := range evs {
			if ev.Match != match {
				return fmt.Errorf("store: appending to %s: seq %d names match %s", match, ev.Seq, ev.Match)
			}
			if ev.Kind == events.KindMatchStarted {
				return fmt.Errorf("store: appending to %s: seq %d: a branch can't start a match", match, ev.Seq)
			}
			if err := w.putEvent(ev, nil); err != nil {
				return fmt.Errorf("store: %s seq %d: %w", match, ev.Seq, err)
			}
		}
		for _, d := range derived {
			if d.Match != match {
				return fmt.Errorf("store: appending to %s: effects of seq %d name match %s", match, d.Seq, d.Match)
			}
			if err := w.putDerived(d); err != nil {
				return fmt.Errorf("store: %s seq %d: effects: %w", match, d.Seq, err)
			}
		}
		return w.flush()
	})
}
