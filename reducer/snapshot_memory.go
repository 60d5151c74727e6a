package reducer

import "github.com/chronicle-mtg/chronicle/reducer/cards"

// SnapshotMemory is memory that snapshots are decoded into one after
// another, each written over the last: a viewer's cursor seeks again and
// again, and each seek decoded its snapshot's objects (some 600 of 416
// bytes on a long match's board) into fresh memory, a quarter of a
// megabyte the collector then had to take back, and that a loaded machine
// faulted in page by page. The zero SnapshotMemory is ready to use.
type SnapshotMemory struct {
	objs []Object // the objects of the last state decoded
}

// UnmarshalSnapshot is UnmarshalSnapshot with the state's objects in m's
// memory. The state decoded before from m is gone once this is called:
// its objects are written over (clone it, State.Clone, to keep it).
func (m *SnapshotMemory) UnmarshalSnapshot(pool *cards.Pool, b []byte) (*State, error) {
	clear(m.objs)
	s, err := unmarshalSnapshot(pool, b, m.objs)
	if err != nil {
		return nil, err
	}
	n := 0
	for _, o := range s.Objects {
		if o != nil {
			n++
		}
	}
	if n > len(m.objs) {
		// Carved from slabs of its own past m's: the next state has room
		// for as many, and a few more.
		m.objs = make([]Object, n+n/8)
	}
	return s, nil
}
