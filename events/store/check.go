package store

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"slices"
	"sort"
	"time"

	"github.com/vmihailenco/msgpack/v5"
	bolt "go.etcd.io/bbolt"
)

// Problem is one thing Check found wrong in the store file.
type Problem struct {
	Match  string // the match it is about; "" for the store as a whole
	Seq    uint64 // the input it is about; 0 for the whole match
	Where  string // the part of the layout: "meta", "effects", "index_player", ...
	Reason string
}

func (p Problem) String() string {
	s := ""
	if p.Match != "" {
		s = p.Match + ": "
	}
	if p.Seq > 0 {
		s += fmt.Sprintf("seq %d: ", p.Seq)
	}
	return s + p.Where + ": " + p.Reason
}

// Check reads every value of the store and checks the layout's parts
// against each other: each match's meta against its match_started and its
// events' keys; effects, snapshots and digests only at stored inputs, each
// sealed value's checksum (every value unsealed, in a store created
// sealed), each snapshot delta's base; the indexes against the metas both
// ways; the rejection log against its index; the stream cursors; and the
// commit head against its record beside the file (CheckHead). It does not
// check the events' hash chain or what the effects mean: replay's deep
// verify does. The error is for a store that can't be read at all.
func (s *Store) Check() ([]Problem, error) {
	var out []Problem
	add := func(match string, seq uint64, where, format string, args ...any) {
		out = append(out, Problem{Match: match, Seq: seq, Where: where, Reason: fmt.Sprintf(format, args...)})
	}
	err := s.view(func(tx *bolt.Tx) error {
		rootParts(tx, add)
		for _, name := range rootBuckets {
			if tx.Bucket(name) == nil {
				add("", 0, string(name), "bucket missing")
			}
		}
		if len(out) > 0 {
			return nil
		}
		c := &checker{tx: tx, strict: s.sealed, add: add, index: map[string]map[string]bool{}}
		c.matches()
		c.indexes()
		c.rejections()
		c.cursors()
		c.holes()
		return nil
	})
	if err != nil {
		return out, err
	}
	hc, err := s.CheckHead()
	if err != nil {
		return out, err
	}
	if hc.Problem != "" {
		add("", 0, "head", "%s", hc.Problem)
	}
	return out, nil
}

type checker struct {
	tx     *bolt.Tx
	strict bool
	add    func(match string, seq uint64, where, format string, args ...any)
	// index holds, per index bucket, the keys the metas call for.
	index map[string]map[string]bool
}

// value unseals a value, reporting damage and, in a strict store, a value
// stored without a seal. ok is false when the payload can't be trusted.
func (c *checker) value(match string, seq uint64, where string, key, v []byte) ([]byte, bool) {
	if c.strict && !isSealed(v) {
		c.add(match, seq, where, "stored without its checksum in a store that seals every value")
		return nil, false
	}
	p, err := unseal(key, v)
	if err != nil {
		c.add(match, seq, where, "%v", err)
		return nil, false
	}
	return p, true
}

func (c *checker) want(index []byte, key []byte) {
	m := c.index[string(index)]
	if m == nil {
		m = map[string]bool{}
		c.index[string(index)] = m
	}
	m[string(key)] = true
}

func (c *checker) matches() {
	mb := c.tx.Bucket(bucketMatches)
	_ = mb.ForEach(func(k, v []byte) error {
		id := string(k)
		if v != nil {
			c.add(id, 0, "matches", "a value where a match's bucket belongs")
			return nil
		}
		c.match(id, mb.Bucket(k))
		return nil
	})
}

func (c *checker) match(id string, b *bolt.Bucket) {
	raw := b.Get(keyMeta)
	if raw == nil {
		c.add(id, 0, "meta", "missing")
		return
	}
	p, ok := c.value(id, 0, "meta", keyMeta, raw)
	if !ok {
		return
	}
	m := &Meta{}
	if err := msgpack.Unmarshal(p, m); err != nil {
		c.add(id, 0, "meta", "does not decode: %v", err)
		return
	}
	if m.Match != id {
		c.add(id, 0, "meta", "names match %q", m.Match)
	}
	from := uint64(1)
	if m.Parent != "" {
		from = m.BranchPoint + 1
		if matchBucket(c.tx, m.Parent) == nil {
			c.add(id, 0, "meta", "names parent %s, which is not stored", m.Parent)
		}
	}
	c.knownParts(id, b)
	eb := b.Bucket(bucketEvents)
	if eb == nil {
		c.add(id, 0, "events", "bucket missing")
		return
	}
	keys := map[uint64]bool{}
	var last uint64
	_ = eb.ForEach(func(k, _ []byte) error {
		seq := readU64(k)
		if len(k) != 8 || seq < from {
			c.add(id, seq, "events", "a key outside the match's own seqs (%x)", k)
			return nil
		}
		keys[seq] = true
		last = max(last, seq)
		return nil
	})
	if want := m.HeadSeq - from + 1; m.HeadSeq >= from && uint64(len(keys)) != want || m.HeadSeq < from && len(keys) > 0 {
		c.add(id, 0, "events", "%d events stored from seq %d; the meta's head seq %d calls for %d", len(keys), from, m.HeadSeq, int64(m.HeadSeq)-int64(from)+1)
	}
	if last > m.HeadSeq {
		c.add(id, last, "events", "stored past the meta's head seq %d", m.HeadSeq)
	}
	if m.Parent == "" {
		c.metaAgainstStart(id, m, eb)
	}
	c.derived(id, b, bucketEffects, keys, nil)
	c.derived(id, b, bucketSnapshots, keys, func(seq uint64, p []byte) {
		if !isDelta(p) {
			return
		}
		if base, k := binary.Uvarint(p[1:]); k <= 0 || base >= seq {
			c.add(id, seq, "snapshots", "a delta that names no earlier snapshot it builds on")
		} else if b.Bucket(bucketSnapshots).Get(u64(base)) == nil {
			c.add(id, seq, "snapshots", "a delta from seq %d, which has no snapshot", base)
		}
	})
	c.derived(id, b, bucketDigests, keys, func(seq uint64, p []byte) {
		var d Digest
		if err := msgpack.Unmarshal(p, &d); err != nil {
			c.add(id, seq, "digests", "does not decode: %v", err)
		} else if d.Seq != seq {
			c.add(id, seq, "digests", "the digest says seq %d", d.Seq)
		}
	})
	c.derived(id, b, bucketVerif, keys, func(seq uint64, p []byte) {
		var v Verification
		if err := msgpack.Unmarshal(p, &v); err != nil {
			c.add(id, seq, "verification", "does not decode: %v", err)
		} else if v.Seq != seq {
			c.add(id, seq, "verification", "the record says seq %d", v.Seq)
		}
	})
	for _, pl := range m.Players {
		c.want(bucketByPlayer, indexKey(pl.Name, id))
	}
	if m.Event != "" {
		c.want(bucketByEvent, indexKey(m.Event, id))
	}
	if m.Started != 0 {
		c.want(bucketByDate, indexKey(time.Unix(0, m.Started).UTC().Format(time.DateOnly), id))
	}
}

// metaAgainstStart checks what a main line's meta copies from its events.
func (c *checker) metaAgainstStart(id string, m *Meta, eb *bolt.Bucket) {
	first := eb.Get(u64(1))
	if first == nil {
		return // counted above
	}
	ev, err := decodeStored(id, 1, first)
	if err != nil {
		c.add(id, 1, "events", "%v", err)
		return
	}
	want, err := newMeta(ev)
	if err != nil {
		c.add(id, 1, "events", "%v", err)
		return
	}
	switch {
	case m.Format != want.Format:
		c.add(id, 0, "meta", "format %q, match_started says %q", m.Format, want.Format)
	case m.Event != want.Event:
		c.add(id, 0, "meta", "event %q, match_started says %q", m.Event, want.Event)
	case m.Started != want.Started:
		c.add(id, 0, "meta", "started %d, match_started was recorded at %d", m.Started, want.Started)
	case fmt.Sprint(m.Players) != fmt.Sprint(want.Players):
		c.add(id, 0, "meta", "players %v, match_started says %v", m.Players, want.Players)
	case m.TableKey != want.TableKey:
		c.add(id, 0, "meta", "table key %q, match_started says %q", m.TableKey, want.TableKey)
	}
	if m.Status != StatusOpen && m.Status != StatusFinished {
		c.add(id, 0, "meta", "unknown status %q", m.Status)
	}
	if head := eb.Get(u64(m.HeadSeq)); head != nil {
		if hev, err := decodeStored(id, m.HeadSeq, head); err == nil && hev.Recorded != m.Updated {
			c.add(id, 0, "meta", "updated %d, the head event was recorded at %d", m.Updated, hev.Recorded)
		}
	}
}

// derived checks a bucket of what was derived from the match's inputs:
// each key an input of the match's own, each value sealed and sound.
func (c *checker) derived(id string, b *bolt.Bucket, name []byte, events map[uint64]bool, decode func(seq uint64, p []byte)) {
	db := b.Bucket(name)
	if db == nil {
		return
	}
	_ = db.ForEach(func(k, v []byte) error {
		seq := readU64(k)
		if len(k) != 8 || !events[seq] {
			c.add(id, seq, string(name), "stored for seq %d, which is not one of the match's own inputs", seq)
			return nil
		}
		if v == nil {
			c.add(id, seq, string(name), "a bucket where a value belongs")
			return nil
		}
		p, ok := c.value(id, seq, string(name), k, v)
		if ok && decode != nil {
			decode(seq, p)
		}
		return nil
	})
}

// indexes checks every index both ways against what the metas call for.
func (c *checker) indexes() {
	for _, name := range [][]byte{bucketByPlayer, bucketByEvent, bucketByDate} {
		want := c.index[string(name)]
		seen := map[string]bool{}
		_ = c.tx.Bucket(name).ForEach(func(k, v []byte) error {
			seen[string(k)] = true
			if !want[string(k)] {
				c.add(matchOfIndexKey(k), 0, string(name), "entry %q names a match whose meta does not call for it", displayKey(k))
			} else if len(v) != 0 {
				c.add(matchOfIndexKey(k), 0, string(name), "entry %q has a value", displayKey(k))
			}
			return nil
		})
		var missing []string
		for k := range want {
			if !seen[k] {
				missing = append(missing, k)
			}
		}
		sort.Strings(missing)
		for _, k := range missing {
			c.add(matchOfIndexKey([]byte(k)), 0, string(name), "entry %q is missing", displayKey([]byte(k)))
		}
	}
}

func matchOfIndexKey(k []byte) string {
	if i := bytes.IndexByte(k, 0); i >= 0 {
		return string(k[i+1:])
	}
	return ""
}

func displayKey(k []byte) string { return string(bytes.ReplaceAll(k, []byte{0}, []byte(" / "))) }

// rejections checks the rejection log against its index by match.
func (c *checker) rejections() {
	rb, ib := c.tx.Bucket(bucketRejections), c.tx.Bucket(bucketRejByMatch)
	want := map[string]bool{}
	var top uint64
	_ = rb.ForEach(func(k, v []byte) error {
		id := readU64(k)
		top = max(top, id)
		p, ok := c.value("", 0, "rejections", k, v)
		if !ok {
			return nil
		}
		r := &Rejection{}
		if err := msgpack.Unmarshal(p, r); err != nil {
			c.add("", 0, "rejections", "rejection %d does not decode: %v", id, err)
			return nil
		}
		if r.ID != id || len(k) != 8 {
			c.add(r.Match, r.Seq, "rejections", "rejection stored under id %d says id %d", id, r.ID)
		}
		if r.Match != "" {
			want[string(rejMatchKey(r.Match, r.Seq, id))] = true
		}
		return nil
	})
	if top > rb.Sequence() {
		c.add("", 0, "rejections", "rejection %d is past the log's sequence %d", top, rb.Sequence())
	}
	_ = ib.ForEach(func(k, _ []byte) error {
		if !want[string(k)] {
			c.add(matchOfIndexKey(k), 0, "rejections_by_match", "an entry with no rejection behind it")
		}
		delete(want, string(k))
		return nil
	})
	if n := len(want); n > 0 {
		c.add("", 0, "rejections_by_match", "%d rejections are missing from the index", n)
	}
}

func (c *checker) cursors() {
	_ = c.tx.Bucket(bucketCursor).ForEach(func(k, v []byte) error {
		if c.strict && !isSealed(v) {
			c.add("", 0, "cursor", "%s stored without its checksum in a store that seals every value", k)
			return nil
		}
		if _, err := readCursor(k, v); err != nil {
			c.add("", 0, "cursor", "%v", err)
		}
		return nil
	})
}

func (c *checker) holes() {
	b := c.tx.Bucket(bucketHoles)
	if b == nil {
		return
	}
	_ = b.ForEach(func(k, v []byte) error {
		if _, ok := c.value("", 0, "holes", k, v); ok {
			if _, err := decodeHole(k, v); err != nil {
				c.add("", 0, "holes", "%v", err)
			}
		}
		return nil
	})
}

// matchParts are the keys a match's bucket may hold: its meta, a value,
// and the rest buckets.
var matchParts = [][]byte{keyMeta, bucketEvents, bucketEffects, bucketDigests, bucketSnapshots, bucketVerif}

// knownParts reports a key of a match's bucket that the layout has no
// place for, or one of the wrong kind. A damaged name hides the part it
// named, and so does a damaged flag that makes a bucket read as a value: a
// match recorded with the rules whose effects bucket is hidden would read
// as one recorded without them.
func (c *checker) knownParts(id string, b *bolt.Bucket) {
	_ = b.ForEach(func(k, v []byte) error {
		for _, p := range matchParts {
			if bytes.Equal(k, p) {
				if isBucket := v == nil; isBucket != !bytes.Equal(k, keyMeta) {
					c.add(id, 0, "layout", "the match's part %q is %s", k, kindName(isBucket))
				}
				return nil
			}
		}
		c.add(id, 0, "layout", "an unknown part %q in the match's bucket", k)
		return nil
	})
}

// rootParts reports a key at the file's root that is not one of the
// store's buckets, or that holds a value: a flipped flag hides a bucket
// that way (the holes, kept in a bucket made only when there is one,
// would vanish without a word).
func rootParts(tx *bolt.Tx, add func(match string, seq uint64, where, format string, args ...any)) {
	known := append([][]byte{bucketHoles}, rootBuckets...)
	cur := tx.Cursor()
	for k, v := cur.First(); k != nil; k, v = cur.Next() {
		if !slices.ContainsFunc(known, func(b []byte) bool { return bytes.Equal(b, k) }) {
			add("", 0, "layout", "an unknown part %q at the file's root", k)
		} else if v != nil {
			add("", 0, "layout", "the store's part %q is %s", k, kindName(false))
		}
	}
}

func kindName(isBucket bool) string {
	if isBucket {
		return "a bucket where a value belongs"
	}
	return "a value where a bucket belongs"
}
