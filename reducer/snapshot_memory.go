package reducer

import (
	"bytes"

	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// SnapshotMemory is memory that snapshots are decoded into one after
// another, each written over the last: a viewer's cursor seeks again and
// again, and each seek decoded its snapshot's objects (some 600 of 416
// bytes on a long match's board), their list and the cards' into fresh
// memory, some 300 KB the collector then had to take back, and that a
// loaded machine faulted in page by page. Every list of the state (zones,
// players, counters, targets, triggers, last known information), the
// state itself and the object slabs its game carves after it come from
// here too, and what is resolved from names (card definitions, declared
// cards, the cards) and the strings read are kept from one decode to the
// next: a seek that decodes into memory a seek made before allocates next
// to nothing, and a collection that ran on while it was under way asks it
// for no work. The zero SnapshotMemory is ready to use.
type SnapshotMemory struct {
	objs []Object // the objects of the last state decoded
	// want is the most objects a state decoded had: a decode that does
	// not fit in objs has slabs of its own, and the next makes objs as
	// large (a reader that decodes once allocates no more than
	// UnmarshalSnapshot).
	want  int
	used  int       // how many of objs the last decode handed out
	ptrs  []*Object // its Objects
	cards []Card    // its Cards
	last  *State    // the state decoded last, taken again by the next
	game  *Game     // the game made for it (Game)
	// oneShot: a decode of its own (UnmarshalSnapshot), whose memory
	// no other takes again: every list made to size as before, no
	// strings kept.
	oneShot bool
	// again: a decode before this one; what only a decode after it
	// would use is kept from then on (the first of a cursor may be its
	// last).
	again bool

	// res are the ways names resolved in the snapshots decoded last,
	// the latest first (at most keptResolutions); cur is this decode's.
	res []*resolution
	cur *resolution

	// names are the strings read, each kept once (at most maxKeptStrings).
	names map[string]string

	ids      arena[ObjID]
	ints     arena[int]
	strs     arena[string]
	players  arena[Player]
	pptrs    arena[*Player]
	mana     arena[Mana]
	counters arena[Counter]
	targets  arena[Target]
	lkis     arena[LKI]
	triggers arena[Trigger]
}

// maxKeptStrings bounds the strings a SnapshotMemory keeps: a state's are
// its players', its counters' kinds, a few choices; they repeat from one
// snapshot of a match to the next.
const maxKeptStrings = 4096

// UnmarshalSnapshot is UnmarshalSnapshot in m's memory. The state decoded
// before from m is gone once this is called: its objects and lists are
// written over (clone it, State.Clone, to keep it).
func (m *SnapshotMemory) UnmarshalSnapshot(pool *cards.Pool, b []byte) (*State, error) {
	if m.want > len(m.objs) {
		m.objs = make([]Object, m.want+m.want/8) // and room for a few more
	} else {
		clear(m.objs[:m.used]) // the rest were never handed out
	}
	m.reset()
	s, err := unmarshalSnapshot(pool, b, m)
	if err != nil {
		m.used = len(m.objs)
		m.cur.pool = nil // half made: never taken again
		return nil, err
	}
	n := 0
	for _, o := range s.Objects {
		if o != nil {
			n++
		}
	}
	m.want, m.used, m.again = max(m.want, n), min(n, len(m.objs)), true
	return s, nil
}

func (m *SnapshotMemory) reset() {
	m.ids.reset()
	m.ints.reset()
	m.strs.reset()
	m.players.reset()
	m.pptrs.reset()
	m.mana.reset()
	m.counters.reset()
	m.targets.reset()
	m.lkis.reset()
	m.triggers.reset()
}

// state is the State a decode fills: the last one's, zeroed, its game's
// kept object slabs (brief ones, the battlefield's) kept for the next
// game to carve (object_slab.go).
func (m *SnapshotMemory) state(pool *cards.Pool) *State {
	s := m.last
	if s == nil {
		s = new(State)
		m.last = s
	}
	briefs, fields := s.slabs.briefs, s.slabs.fields
	*s = State{pool: pool}
	s.slabs.briefs, s.slabs.fields = briefs, fields
	return s
}

// resolution is how a snapshot's names resolve, kept for the next
// snapshots of the same: the card pool, the cards the match declares, the
// definitions of the names read so far, and the snapshot's cards (they
// change only as a game begins). A match declares cards at its start and
// a few more later (the bench's long match, three over 10,000 inputs), so
// a seek meets a handful of these.
type resolution struct {
	pool     *cards.Pool
	decl     []byte        // the declared cards as they lie in the snapshot; nil: none
	declared []Declared    // decl decoded
	declDefs []*cards.Card // and built
	defs     map[string]*cards.Card
	// cardBytes are the cards of the last snapshot of these, as they
	// lie in it (empty: none yet), decoded to cardsWere.
	cardBytes []byte
	cardsWere []Card
}

// keptResolutions is how many resolutions a SnapshotMemory keeps.
const keptResolutions = 4

// resolution finds the resolution of a snapshot whose names resolve in
// pool and, when declared, in the cards declared at the start of rest; a
// new one (declared cards not yet read) when none was kept.
func (m *SnapshotMemory) resolution(pool *cards.Pool, declared bool, rest []byte) *resolution {
	for i, e := range m.res {
		if e.pool == pool && (e.decl == nil) != declared && (!declared || bytes.HasPrefix(rest, e.decl)) {
			copy(m.res[1:i+1], m.res[:i])
			m.res[0], m.cur = e, e
			return e
		}
	}
	var e *resolution
	if len(m.res) < keptResolutions {
		e = &resolution{defs: make(map[string]*cards.Card, 64)}
		m.res = append(m.res, nil)
	} else {
		e = m.res[len(m.res)-1]
		clear(e.defs)
		e.decl, e.declared, e.declDefs = nil, nil, nil
		e.cardBytes, e.cardsWere = e.cardBytes[:0], e.cardsWere[:0]
	}
	copy(m.res[1:], m.res[:len(m.res)-1])
	m.res[0], m.cur = e, e
	e.pool = pool
	return e
}

// name returns p as a string, kept from an earlier read when one had it.
func (m *SnapshotMemory) name(p []byte) string {
	if m.oneShot {
		return string(p)
	}
	if s, ok := m.names[string(p)]; ok {
		return s
	}
	s := string(p)
	if m.names == nil {
		m.names = make(map[string]string, 64)
	}
	if len(m.names) < maxKeptStrings {
		m.names[s] = s
	}
	return s
}

// arena hands out slices of one array, each with no room past its end
// but what it was given (an append beyond moves it out), so that a
// decode's lists take one allocation of each kind, none once an earlier
// decode has grown them. Its slices are written over by the decode after
// the next reset.
type arena[T any] struct {
	buf  []T
	need int // what the decode since reset took
	most int // the most a decode took
}

func (a *arena[T]) reset() {
	a.most = max(a.most, a.need)
	if a.most > cap(a.buf) {
		a.buf = make([]T, 0, a.most+a.most/4)
	}
	a.buf, a.need = a.buf[:0], 0
}

// take returns n zero values and room for more more after them; nil for
// none. Without room in the arena (the first decode, or one larger than
// any before) it makes the n alone.
func (a *arena[T]) take(n, more int) []T {
	k := n + more
	a.need += k
	if len(a.buf)+k > cap(a.buf) || k == 0 {
		if n == 0 {
			return nil
		}
		return make([]T, n)
	}
	at := len(a.buf)
	a.buf = a.buf[:at+k]
	s := a.buf[at : at+n : at+k]
	clear(a.buf[at : at+k])
	return s
}

// cardRoom is the room for a state's n cards: m's, zeroed, when it has
// room.
func (r *snapReader) cardRoom(n int) []Card {
	m := r.mem
	if cap(m.cards) < n {
		c := make([]Card, n)
		if !m.oneShot {
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
	if m.oneShot {
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
