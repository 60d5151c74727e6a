package store

import (
	"bytes"
	"encoding/binary"
	"fmt"

	"github.com/vmihailenco/msgpack/v5"
	bolt "go.etcd.io/bbolt"

	"github.com/chronicle-mtg/chronicle/events"
)

// Meta returns a match's meta, or ErrNotFound.
func (s *Store) Meta(match string) (*Meta, error) {
	var m *Meta
	err := s.view(func(tx *bolt.Tx) error {
		mb := matchBucket(tx, match)
		if mb == nil {
			return ErrNotFound
		}
		var err error
		m, err = decodeMeta(mb.Get(keyMeta))
		return err
	})
	return m, err
}

// Matches returns every match's meta, sorted by match id.
func (s *Store) Matches() ([]*Meta, error) {
	var out []*Meta
	err := s.view(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketMatches)
		if b == nil {
			return nil
		}
		return b.ForEachBucket(func(k []byte) error {
			m, err := decodeMeta(b.Bucket(k).Get(keyMeta))
			if err != nil {
				return fmt.Errorf("store: match %s: %w", k, err)
			}
			out = append(out, m)
			return nil
		})
	})
	return out, err
}

// Event returns one stored event, or ErrNotFound.
func (s *Store) Event(match string, seq uint64) (*events.Event, error) {
	var ev *events.Event
	err := s.view(func(tx *bolt.Tx) error {
		owner, v, err := storedAt(tx, match, bucketEvents, seq) // branch-aware: see branch.go
		if err != nil {
			return err
		}
		if v == nil {
			return ErrNotFound
		}
		ev, err = decodeStored(owner, seq, v)
		return err
	})
	return ev, err
}

// Events calls fn for each stored event of match from seq from on, in order,
// inside one read transaction; a branch's log includes the events it shares
// with its parent (see branch.go). fn must not write to the store.
func (s *Store) Events(match string, from uint64, fn func(*events.Event) error) error {
	return s.view(func(tx *bolt.Tx) error {
		return eachStored(tx, match, bucketEvents, max(from, 1), func(owner string, seq uint64, v []byte) error {
			ev, err := decodeStored(owner, seq, v)
			if err != nil {
				return err
			}
			return callOut(func() error { return fn(ev) })
		})
	})
}

// EventsInPlace is Events for a caller done with each event when fn
// returns, reading a log in order (the rules checking it, a count): each
// event is decoded into the memory of the last one of its kind
// (events.Decoder), so fn must not keep the event or its body past the
// call. The strings and slices they hold it may keep.
func (s *Store) EventsInPlace(match string, from uint64, fn func(*events.Event) error) error {
	var dc events.Decoder
	return s.view(func(tx *bolt.Tx) error {
		return eachStored(tx, match, bucketEvents, max(from, 1), func(owner string, seq uint64, v []byte) error {
			ev, err := dc.Decode(v)
			if err != nil {
				return damagedEvent(owner, seq, err)
			}
			return callOut(func() error { return fn(ev) })
		})
	})
}

// RawEvents calls fn with each stored event's canonical bytes, without
// decoding them. The slice is valid only during the call.
func (s *Store) RawEvents(match string, fn func(seq uint64, raw []byte) error) error {
	return s.view(func(tx *bolt.Tx) error {
		return eachStored(tx, match, bucketEvents, 1, func(_ string, seq uint64, v []byte) error {
			return callOut(func() error { return fn(seq, v) })
		})
	})
}

// Effects calls fn with the stored effects of each input of match that has
// them, in seq order, inside one read transaction. The slice is valid only
// during the call.
func (s *Store) Effects(match string, fn func(seq uint64, effects []byte) error) error {
	return s.view(func(tx *bolt.Tx) error {
		return eachSealed(tx, match, bucketEffects, 1, func(_ string, seq uint64, v []byte) error {
			return callOut(func() error { return fn(seq, v) })
		})
	})
}

// EffectsEach is Effects for a reader that goes on past damage: a value
// whose checksum fails is passed with a nil payload and an error wrapping
// ErrDamaged, and the walk goes on.
func (s *Store) EffectsEach(match string, fn func(seq uint64, effects []byte, damage error) error) error {
	return s.view(func(tx *bolt.Tx) error {
		key := make([]byte, 8)
		return eachStored(tx, match, bucketEffects, 1, func(owner string, seq uint64, v []byte) error {
			binary.BigEndian.PutUint64(key, seq)
			p, err := unseal(key, v)
			if err != nil {
				err = fmt.Errorf("store: %s seq %d: effects: %w", owner, seq, err)
			}
			return callOut(func() error { return fn(seq, p, err) })
		})
	})
}

// Verifications returns what the rules said of the match's inputs they
// could not verify, in seq order (a branch's include its parent's up to
// the branch point); every input not listed was verified.
func (s *Store) Verifications(match string) ([]Verification, error) {
	var out []Verification
	err := s.view(func(tx *bolt.Tx) error {
		return eachSealed(tx, match, bucketVerif, 1, func(owner string, seq uint64, v []byte) error {
			var c Verification
			if err := msgpack.Unmarshal(v, &c); err != nil {
				return fmt.Errorf("store: %s seq %d: verification: %w: %v", owner, seq, ErrDamaged, err)
			}
			out = append(out, c)
			return nil
		})
	})
	return out, err
}

// Checked counts the inputs of match stored with the effects the rules
// derived (the others were recorded without the rules: --no-rules).
func (s *Store) Checked(match string) (uint64, error) {
	var n uint64
	err := s.view(func(tx *bolt.Tx) error {
		return eachStored(tx, match, bucketEffects, 1, func(string, uint64, []byte) error {
			n++
			return nil
		})
	})
	return n, err
}

// VerificationAt is what the rules said of input seq of match when they
// could not verify it; nil when they did.
func (s *Store) VerificationAt(match string, seq uint64) (*Verification, error) {
	var out *Verification
	err := s.view(func(tx *bolt.Tx) error {
		owner, v, err := storedAt(tx, match, bucketVerif, seq)
		if err != nil || v == nil {
			return err
		}
		p, err := unseal(u64(seq), v)
		if err != nil {
			return fmt.Errorf("store: %s seq %d: verification: %w", owner, seq, err)
		}
		out = &Verification{}
		if err := msgpack.Unmarshal(p, out); err != nil {
			return fmt.Errorf("store: %s seq %d: verification: %w: %v", owner, seq, ErrDamaged, err)
		}
		return nil
	})
	return out, err
}

// Digests returns the state digests recorded at turn starts, in seq order.
func (s *Store) Digests(match string) ([]Digest, error) {
	var out []Digest
	err := s.view(func(tx *bolt.Tx) error {
		return eachSealed(tx, match, bucketDigests, 1, func(owner string, seq uint64, v []byte) error {
			var d Digest
			if err := msgpack.Unmarshal(v, &d); err != nil {
				return fmt.Errorf("store: %s seq %d: digest: %w: %v", owner, seq, ErrDamaged, err)
			}
			out = append(out, d)
			return nil
		})
	})
	return out, err
}

func decodeStored(match string, seq uint64, v []byte) (*events.Event, error) {
	ev, err := events.DecodeMsgpack(v)
	if err != nil {
		return nil, damagedEvent(match, seq, err)
	}
	return ev, nil
}

// damagedEvent is the error of stored bytes that do not decode.
func damagedEvent(match string, seq uint64, err error) error {
	return fmt.Errorf("store: %s seq %d: stored bytes do not decode (%w): %w", match, seq, ErrDamaged, err)
}

// decodeRejection reads the rejection stored under id.
func decodeRejection(id, v []byte) (*Rejection, error) {
	p, err := unseal(id, v)
	if err != nil {
		return nil, fmt.Errorf("store: rejection %d: %w", readU64(id), err)
	}
	r := &Rejection{}
	if err := msgpack.Unmarshal(p, r); err != nil {
		return nil, fmt.Errorf("store: rejection %d: %w: %v", readU64(id), ErrDamaged, err)
	}
	return r, nil
}

// Rejections calls fn for each entry of the rejection log, oldest first.
func (s *Store) Rejections(fn func(*Rejection) error) error {
	return s.view(func(tx *bolt.Tx) error {
		rb := tx.Bucket(bucketRejections)
		if rb == nil {
			return nil
		}
		return rb.ForEach(func(k, v []byte) error {
			r, err := decodeRejection(k, v)
			if err != nil {
				return err
			}
			return callOut(func() error { return fn(r) })
		})
	})
}

// RejectionsFor returns the rejections of one match, at seq if seq > 0, in
// order.
func (s *Store) RejectionsFor(match string, seq uint64) ([]*Rejection, error) {
	var out []*Rejection
	err := s.view(func(tx *bolt.Tx) error {
		prefix := append([]byte(match), 0)
		if seq > 0 {
			prefix = append(prefix, u64(seq)...)
		}
		rb, ib := tx.Bucket(bucketRejections), tx.Bucket(bucketRejByMatch)
		if rb == nil || ib == nil {
			return nil
		}
		c := ib.Cursor()
		for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
			id := k[len(k)-8:]
			v := rb.Get(id)
			if v == nil {
				continue
			}
			r, err := decodeRejection(id, v)
			if err != nil {
				return err
			}
			out = append(out, r)
		}
		return nil
	})
	return out, err
}

// Counts returns how many events and rejections the store holds.
func (s *Store) Counts() (evs, rejections uint64, err error) {
	err = s.view(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketMatches)
		if b != nil {
			if err := b.ForEachBucket(func(k []byte) error {
				m, err := decodeMeta(b.Bucket(k).Get(keyMeta))
				if err != nil {
					return err
				}
				evs += m.Events - m.BranchPoint // a branch shares the events before its branch point
				return nil
			}); err != nil {
				return err
			}
		}
		if rb := tx.Bucket(bucketRejections); rb != nil {
			rejections = rb.Sequence() // ids come from NextSequence and are never deleted
		}
		return nil
	})
	return evs, rejections, err
}

// MatchesByPlayer lists the matches a player (by name) took part in.
func (s *Store) MatchesByPlayer(name string) ([]string, error) {
	return s.lookup(bucketByPlayer, name)
}

// MatchesByEvent lists the matches of a tournament or event.
func (s *Store) MatchesByEvent(event string) ([]string, error) {
	return s.lookup(bucketByEvent, event)
}

// MatchesByDate lists the matches started on a UTC day (YYYY-MM-DD).
func (s *Store) MatchesByDate(day string) ([]string, error) {
	return s.lookup(bucketByDate, day)
}

func (s *Store) lookup(bucket []byte, value string) ([]string, error) {
	var out []string
	err := s.view(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucket)
		if b == nil {
			return nil
		}
		prefix := append([]byte(value), 0)
		c := b.Cursor()
		for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
			out = append(out, string(k[len(prefix):]))
		}
		return nil
	})
	return out, err
}

func errNoEvents(match string) error {
	return fmt.Errorf("store: match %s has no events bucket: %w", match, ErrDamaged)
}

func matchBucket(tx *bolt.Tx, match string) *bolt.Bucket {
	b := tx.Bucket(bucketMatches)
	if b == nil {
		return nil
	}
	return b.Bucket([]byte(match))
}
