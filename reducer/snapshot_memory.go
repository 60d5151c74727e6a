package reducer

import "github.com/chronicle-mtg/chronicle/reducer/cards"

// SnapshotMemory is memory that snapshots are decoded into one after
// another, each written over the last: a viewer's cursor seeks again and
// again, and each seek decoded its snapshot's objects (some 600 of 416
// bytes on a long match's board), their list and the cards' into fresh
// memory, some 300 KB the collector then had to take back, and that a
// loaded machine faulted in page by page. The zero SnapshotMemory is ready
// to use.
type SnapshotMemory struct {
	objs []Object // the objects of the last state decoded
	// want is how many objects the last state had: a decode that does
	// not fit in objs has slabs of its own, and the next makes objs as
	// large (a reader that decodes once allocates no more than
	// UnmarshalSnapshot).
	want  int
	ptrs  []*Object // its Objects
	cards []Card    // its Cards
	// defs is the map of names to definitions its snapshot's reading
	// kept, emptied for the next: its names may resolve otherwise there
	// (another pool, or cards the match declares).
	defs map[string]*cards.Card
}

// UnmarshalSnapshot is UnmarshalSnapshot in m's memory. The state decoded
// before from m is gone once this is called: its objects and lists are
// written over (clone it, State.Clone, to keep it).
func (m *SnapshotMemory) UnmarshalSnapshot(pool *cards.Pool, b []byte) (*State, error) {
	if m.want > len(m.objs) {
		m.objs = make([]Object, m.want+m.want/8) // and room for a few more
	} else {
		clear(m.objs)
	}
	clear(m.defs)
	s, err := unmarshalSnapshot(pool, b, m)
	if err != nil {
		return nil, err
	}
	m.want = 0
	for _, o := range s.Objects {
		if o != nil {
			m.want++
		}
	}
	return s, nil
}

// cardRoom is the room for a state's n cards: m's, zeroed, when it has
// room.
func (r *snapReader) cardRoom(n int) []Card {
	m := r.mem
	if m == nil || cap(m.cards) < n {
		c := make([]Card, n)
		if m != nil {
			m.cards = c
		}
		return c
	}
	c := m.cards[:n]
	clear(c)
	return c
}

// objectRoom is the room for a state's n objects (nil for those gone): m's,
// zeroed, when it has room.
func (r *snapReader) objectRoom(n int) []*Object {
	m := r.mem
	if m == nil {
		return make([]*Object, n)
	}
	if cap(m.ptrs) < n {
		// Room for the objects the inputs after it make, too.
		m.ptrs = make([]*Object, n, n+n/4)
		return m.ptrs
	}
	p := m.ptrs[:n]
	clear(p)
	return p
}
