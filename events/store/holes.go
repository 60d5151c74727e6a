package store

import (
	"fmt"

	"github.com/vmihailenco/msgpack/v5"
	bolt "go.etcd.io/bbolt"
)

// holeKey is stream 0x00 from(8).
func holeKey(stream string, from uint64) []byte {
	k := make([]byte, 0, len(stream)+9)
	k = append(k, stream...)
	k = append(k, 0)
	return append(k, u64(from)...)
}

func putHole(tx *bolt.Tx, c *commitLog, h *Hole) error {
	b, err := tx.CreateBucketIfNotExists(bucketHoles)
	if err != nil {
		return err
	}
	v, err := msgpack.Marshal(h)
	if err != nil {
		return err
	}
	c.note(v)
	key := holeKey(h.Stream, h.From)
	return b.Put(key, seal(key, v))
}

func decodeHole(k, v []byte) (*Hole, error) {
	p, err := unseal(k, v)
	if err != nil {
		return nil, fmt.Errorf("store: hole: %w", err)
	}
	h := &Hole{}
	if err := msgpack.Unmarshal(p, h); err != nil {
		return nil, fmt.Errorf("store: hole: %w: %v", ErrDamaged, err)
	}
	return h, nil
}

// Holes returns the stretches of the input stream the recorder found gone
// before it read them, by stream and sequence.
func (s *Store) Holes() ([]*Hole, error) {
	var out []*Hole
	err := s.view(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketHoles)
		if b == nil {
			return nil
		}
		return b.ForEach(func(k, v []byte) error {
			h, err := decodeHole(k, v)
			if err != nil {
				return err
			}
			out = append(out, h)
			return nil
		})
	})
	return out, err
}

// String says what was lost: "CHRONICLE_IN@2024-05-01T12:00:00Z messages
// 5 to 7: deleted before the recorder read them".
func (h *Hole) String() string {
	span := fmt.Sprintf("messages %d to %d", h.From, h.To)
	switch {
	case h.To == 0:
		span = fmt.Sprintf("messages from %d on", h.From)
	case h.To == h.From:
		span = fmt.Sprintf("message %d", h.From)
	}
	return fmt.Sprintf("%s %s: %s", h.Stream, span, h.Reason)
}
