package store

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"sort"

	"github.com/vmihailenco/msgpack/v5"
	bolt "go.etcd.io/bbolt"

	"github.com/chronicle-mtg/chronicle/events"
)

// writer appends events and what was derived from them inside one write
// transaction. It reads each match's meta once and writes it back once, at
// flush: a batch of hundreds of inputs of a few matches would otherwise
// decode and encode the meta for every input.
type writer struct {
	tx      *bolt.Tx
	log     *commitLog
	matches map[string]*openMatch
	mem     []byte // what the values sealed so far were carved from (sealed)
}

// openMatch is a match's bucket and meta while the transaction runs.
type openMatch struct {
	bucket *bolt.Bucket
	meta   *Meta
	dirty  bool
	// put: the seqs put in this transaction, from putFirst to the head
	// (none while putFirst is 0).
	putFirst uint64

	// The last snapshot written in this transaction, which the next one
	// is a delta from (snapchain.go): its seq, bytes and chain depth.
	snapSeq   uint64
	snap      []byte
	snapDepth int

	// The events and effects buckets, once looked up (bbolt's lookup
	// copies the name each time), set up for appends.
	events, effects *bolt.Bucket
}

func newWriter(tx *bolt.Tx, c *commitLog) *writer {
	return &writer{tx: tx, log: c, matches: map[string]*openMatch{}}
}

// open returns the match's bucket and meta; ErrNotFound if it has none.
func (w *writer) open(match string) (*openMatch, error) {
	if om := w.matches[match]; om != nil {
		return om, nil
	}
	mb := matchBucket(w.tx, match)
	if mb == nil {
		return nil, ErrNotFound
	}
	meta, err := decodeMeta(mb.Get(keyMeta))
	if err != nil {
		return nil, err
	}
	om := &openMatch{bucket: mb, meta: meta}
	w.matches[match] = om
	return om, nil
}

// putEvent appends a sealed event at its match's head; a match_started
// event creates the match. sealed, when set, is its canonical encoding
// (Batch.Sealed).
func (w *writer) putEvent(ev *events.Event, sealed []byte) error {
	if ev.Seq == 0 || ev.Hash.IsZero() {
		return errors.New("event is not sealed (seq and hash are required)")
	}
	canonical := sealed
	if canonical == nil {
		var sum events.Hash
		if sum, canonical = ev.SealedCanonical(); sum != ev.Hash {
			return errors.New("hash does not match the content")
		}
	} else if !carriesHash(sealed, ev.Hash) {
		return errors.New("the encoding given is not the event's: it does not end with its hash")
	}
	if ce := ev.Check(); ce != nil {
		return ce
	}
	var om *openMatch
	var err error
	if ev.Kind == events.KindMatchStarted {
		om, err = w.create(ev)
	} else {
		om, err = w.open(ev.Match)
	}
	if err != nil {
		return err
	}
	meta := om.meta
	if ev.Seq != meta.HeadSeq+1 {
		return fmt.Errorf("does not follow the head (seq %d)", meta.HeadSeq)
	}
	if !bytes.Equal(ev.Prev[:], zeroIfEmpty(meta.HeadHash)) {
		return fmt.Errorf("prev does not match the head hash")
	}
	if om.events == nil {
		om.events = appending(om.bucket.Bucket(bucketEvents))
	}
	if err := om.events.Put(w.key(ev.Seq), canonical); err != nil {
		return err
	}
	w.log.note(ev.Hash[:])
	if om.putFirst == 0 {
		om.putFirst = ev.Seq
	}
	meta.HeadSeq = ev.Seq
	meta.HeadHash = append(meta.HeadHash[:0], ev.Hash[:]...)
	meta.Events++
	meta.Updated = ev.Recorded
	om.dirty = true
	return nil
}

// create makes a new match's buckets, meta and index entries.
func (w *writer) create(ev *events.Event) (*openMatch, error) {
	matches := w.tx.Bucket(bucketMatches)
	if matches.Bucket([]byte(ev.Match)) != nil {
		return nil, errors.New("match exists already")
	}
	mb, err := matches.CreateBucket([]byte(ev.Match))
	if err != nil {
		return nil, err
	}
	for _, name := range [][]byte{bucketEvents, bucketEffects, bucketDigests, bucketSnapshots} {
		if _, err = mb.CreateBucket(name); err != nil {
			return nil, err
		}
	}
	meta, err := newMeta(ev)
	if err != nil {
		return nil, err
	}
	if err := indexMatch(w.tx, meta); err != nil {
		return nil, err
	}
	om := &openMatch{bucket: mb, meta: meta, dirty: true}
	w.matches[ev.Match] = om
	return om, nil
}

// putDerived stores the effects (and digest and snapshot) of an event
// committed in the same transaction or earlier.
func (w *writer) putDerived(d *Derived) error {
	om, err := w.open(d.Match)
	if err != nil {
		return err
	}
	mb := om.bucket
	// An event put in this transaction is known to be there; another is
	// looked up.
	put := om.putFirst > 0 && d.Seq >= om.putFirst && d.Seq <= om.meta.HeadSeq
	if !put && mb.Bucket(bucketEvents).Get(u64(d.Seq)) == nil {
		return errors.New("no event at that seq")
	}
	if om.effects == nil {
		if om.effects, err = appendBucket(mb, bucketEffects); err != nil {
			return err
		}
	}
	key := w.key(d.Seq)
	if err := om.effects.Put(key, w.seal(key, d.Effects)); err != nil {
		return err
	}
	if d.Status != "" {
		om.meta.Status = d.Status
		om.dirty = true
	}
	if v := d.Verification; v != nil {
		vb, err := appendBucket(mb, bucketVerif)
		if err != nil {
			return err
		}
		c := *v
		c.Seq = d.Seq
		p, err := msgpack.Marshal(&c)
		if err != nil {
			return err
		}
		if err := vb.Put(key, w.seal(key, p)); err != nil {
			return err
		}
	}
	if len(d.Snapshot) > 0 {
		sb, err := appendBucket(mb, bucketSnapshots)
		if err != nil {
			return err
		}
		if err := sb.Put(key, w.seal(key, om.packSnapshot(sb, d.Seq, d.Snapshot))); err != nil {
			return err
		}
	}
	if len(d.Digest) == 0 {
		return nil
	}
	db, err := appendBucket(mb, bucketDigests)
	if err != nil {
		return err
	}
	v, err := msgpack.Marshal(&Digest{Seq: d.Seq, Turn: d.Turn, Game: d.Game, Active: d.Active, Digest: d.Digest})
	if err != nil {
		return err
	}
	return db.Put(key, w.seal(key, v))
}

// sealChunk is how much memory values sealed in a transaction are carved
// from at a time: bbolt needs a value only until the transaction ends,
// and a chunk takes one allocation for hundreds of them.
const sealChunk = 16 << 10

// seal is seal (seal.go) into memory carved from w.mem.
func (w *writer) seal(key, payload []byte) []byte {
	n := sealHeader + len(payload)
	if n > sealChunk/8 {
		return seal(key, payload)
	}
	if cap(w.mem)-len(w.mem) < n {
		w.mem = make([]byte, 0, sealChunk)
	}
	start := len(w.mem)
	w.mem = binary.BigEndian.AppendUint32(append(w.mem, sealMarker), sealSum(key, payload))
	w.mem = append(w.mem, payload...)
	return w.mem[start:len(w.mem):len(w.mem)]
}

// key is seq's key (u64) in memory carved from w.mem, as seal's values:
// bbolt keeps a key until the transaction ends.
func (w *writer) key(seq uint64) []byte {
	if cap(w.mem)-len(w.mem) < 8 {
		w.mem = make([]byte, 0, sealChunk)
	}
	start := len(w.mem)
	w.mem = binary.BigEndian.AppendUint64(w.mem, seq)
	return w.mem[start:len(w.mem):len(w.mem)]
}

// flush writes back every meta that changed, in match order.
func (w *writer) flush() error {
	ids := make([]string, 0, len(w.matches))
	for id, om := range w.matches {
		if om.dirty {
			ids = append(ids, id)
		}
	}
	sort.Strings(ids)
	for _, id := range ids {
		om := w.matches[id]
		if err := putMeta(om.bucket, w.log, om.meta); err != nil {
			return fmt.Errorf("store: %s: %w", id, err)
		}
		om.dirty = false
	}
	return nil
}

// appendFill is how full a page of a bucket whose keys only grow (a
// match's events, effects, digests, snapshots) is filled before bbolt
// splits it: its default, half, suits inserts anywhere, and left every
// page of these buckets half empty, since nothing is ever inserted before
// their last key.
const appendFill = 1.0

// appending sets b up for appends (appendFill) in this transaction.
func appending(b *bolt.Bucket) *bolt.Bucket {
	b.FillPercent = appendFill
	return b
}

// appendBucket is the sub-bucket name of mb, created if missing, set up
// for appends.
func appendBucket(mb *bolt.Bucket, name []byte) (*bolt.Bucket, error) {
	b, err := mb.CreateBucketIfNotExists(name)
	if err != nil {
		return nil, err
	}
	return appending(b), nil
}

// packSnapshot is the stored form of the snapshot raw at seq, appended to
// the snapshots bucket sb: a delta from the match's last snapshot while
// its chain is shorter than snapshotChain, a keyframe otherwise. A last
// snapshot that does not read (a damaged file) starts a new chain.
func (om *openMatch) packSnapshot(sb *bolt.Bucket, seq uint64, raw []byte) []byte {
	if om.snap == nil || om.snapSeq >= seq {
		om.snap, om.snapSeq, om.snapDepth = nil, 0, 0
		if k, v := sb.Cursor().Last(); k != nil && readU64(k) < seq {
			if p, err := unseal(k, v); err == nil {
				if prev, depth, err := loadSnapshot(sb, readU64(k), p, nil); err == nil {
					om.snap, om.snapSeq, om.snapDepth = prev, readU64(k), depth
				}
			}
		}
	}
	var out []byte
	depth := 0
	if om.snap != nil && om.snapDepth+1 < snapshotChain {
		if out = packDelta(om.snapSeq, om.snap, raw); out != nil {
			depth = om.snapDepth + 1
		}
	}
	if out == nil {
		out = packSnapshot(raw)
	}
	om.snap, om.snapSeq, om.snapDepth = append(om.snap[:0], raw...), seq, depth
	return out
}
