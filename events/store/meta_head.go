package store

import (
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// HeadSeq is the last stored seq of a match, from its meta (Meta's
// HeadSeq), or ErrNotFound: what a fold needs of the meta. The meta is
// read whole, as Meta reads it, and fails where Meta fails, but none of
// its strings and lists is made.
func (s *Store) HeadSeq(match string) (uint64, error) {
	var head uint64
	err := s.view(func(tx *bolt.Tx) error {
		mb := matchBucket(tx, match)
		if mb == nil {
			return ErrNotFound
		}
		var err error
		head, err = decodeMetaHead(mb.Get(keyMeta))
		return err
	})
	return head, err
}

// decodeMetaHead is decodeMeta's HeadSeq, its checks and errors the same.
func decodeMetaHead(v []byte) (uint64, error) {
	if v == nil {
		return 0, fmt.Errorf("meta missing: %w", ErrDamaged)
	}
	p, err := unseal(keyMeta, v)
	if err != nil {
		return 0, fmt.Errorf("meta: %w", err)
	}
	return readMetaHead(p)
}

// readMetaHead reads a meta as readMeta does, keeping its head seq alone.
func readMetaHead(p []byte) (uint64, error) {
	r := msgReader{b: p, discard: true}
	var m Meta
	if err := r.meta(&m); err != nil {
		return 0, fmt.Errorf("meta: %w: %v", ErrDamaged, err)
	}
	if err := checkHeadHash(m.HeadHash); err != nil {
		return 0, err
	}
	return m.HeadSeq, nil
}
