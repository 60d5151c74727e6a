package store

import (
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// Reads for seeking: the snapshot nearest a seq, then the effects and
// events after it, each through a cursor positioned at its first key, so
// neither time nor memory depends on how much of the log lies before it.
// A branch's reads follow its lineage (see branch.go): a seq up to the
// branch point is the parent's.

// SnapshotAtOrBefore returns the snapshot stored at the greatest seq at or
// before seq, copied out of the transaction. With none (a store written
// before snapshots, or a match recorded without the rules) it returns at 0
// and nil data. An unknown match is ErrNotFound.
func (s *Store) SnapshotAtOrBefore(match string, seq uint64) (at uint64, data []byte, err error) {
	return s.SnapshotAtOrBeforeInto(match, seq, nil)
}

// SnapshotAtOrBeforeInto is SnapshotAtOrBefore decompressing into buf's
// memory when it is large enough (data then shares it), so that a reader
// that decodes each snapshot at once (a seek) reuses one buffer.
func (s *Store) SnapshotAtOrBeforeInto(match string, seq uint64, buf []byte) (at uint64, data []byte, err error) {
	err = s.view(func(tx *bolt.Tx) error {
		segs, err := lineage(tx, match)
		if err != nil {
			return err
		}
		for i := len(segs) - 1; i >= 0; i-- {
			sg := segs[i]
			hi := seq
			if sg.to != 0 {
				hi = min(hi, sg.to)
			}
			if hi < sg.from {
				continue
			}
			b := sg.b.Bucket(bucketSnapshots)
			if b == nil {
				continue
			}
			k, v := lastAtOrBefore(b.Cursor(), hi)
			if k != nil && readU64(k) >= sg.from {
				seq := readU64(k)
				if kept, ok := keptSnapshot(b, sg.match, seq, v, buf[:0]); ok {
					data, at = kept, seq
					return nil
				}
				p, err := unseal(k, v)
				if err != nil {
					return fmt.Errorf("store: %s seq %d: snapshot: %w", sg.match, seq, err)
				}
				if data, err = buildSnapshot(b, sg.match, seq, v, p, buf[:0]); err != nil {
					return fmt.Errorf("store: %s seq %d: snapshot: %w", sg.match, seq, err)
				}
				at = seq
				return nil
			}
		}
		return nil
	})
	return at, data, err
}

// lastAtOrBefore positions c at the greatest key at or before seq.
func lastAtOrBefore(c *bolt.Cursor, seq uint64) (k, v []byte) {
	k, v = c.Seek(u64(seq))
	switch {
	case k == nil:
		return c.Last()
	case readU64(k) > seq:
		return c.Prev()
	}
	return k, v
}

// Snapshots lists the seqs at which match has a snapshot, in order.
func (s *Store) Snapshots(match string) ([]uint64, error) {
	var out []uint64
	err := s.view(func(tx *bolt.Tx) error {
		return eachStored(tx, match, bucketSnapshots, 1, func(_ string, seq uint64, _ []byte) error {
			out = append(out, seq)
			return nil
		})
	})
	return out, err
}

// EffectsFrom calls fn with the stored effects of each input of match from
// seq from on that has them, in seq order, inside one read transaction. The
// slice is valid only during the call; an error from fn stops the walk and
// is returned.
func (s *Store) EffectsFrom(match string, from uint64, fn func(seq uint64, effects []byte) error) error {
	return s.view(func(tx *bolt.Tx) error {
		var g callouts
		defer g.catch()
		return eachSealedOut(tx, match, bucketEffects, from, 0, false, &g, fn)
	})
}
