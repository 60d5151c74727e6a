package reducer

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Snapshots: a whole State as bytes, so that a replay can start from a
// stored position instead of from the match's first input.
//
// The encoding is msgpack, written field by field in a fixed order (no
// reflection, no map keys): an array [version, state]. Cards, tokens,
// abilities and waiting triggers name their card definition by name and get
// it back from the pool; objects are written by id, a left object (nil) as
// msgpack nil, so ids keep their places. Everything State.Digest covers is
// kept, so a snapshot decodes to a state with the same digest; a decoded
// state continues the game exactly as the original would.
//
// Each record (the state, a player, a trigger, ...) is an array of its
// fields, whose length is checked; an object, the bulk of a state, is an
// array of a field mask and the fields present (snapshot_object.go). A
// later version may append fields; it then bumps SnapshotVersion, and a
// decoder refuses a version it doesn't know rather than guess.
//
// A field added to State or to the types it holds must be added here too:
// TestSnapshotCoversEveryField lists the fields written and fails when a
// type has one more.

// SnapshotVersion is the snapshot encoding this code writes and reads.
const SnapshotVersion = 1

// Field counts of the records of version 1.
const (
	snapStateFields      = 25 // and Delayed after them when there are any
	snapPlayerFields     = 14
	snapTriggerFields    = 8
	snapLKIFields        = 6 // and Moved after them when it is set
	snapAskFields        = 10
	snapContinuousFields = 12
	snapDiscoveryFields  = 5
)

// MarshalSnapshot encodes the whole state.
func (s *State) MarshalSnapshot() []byte {
	w := newSnapWriter(256 + 48*len(s.Objects) + 24*len(s.Cards))
	if len(s.Declared) == 0 {
		w.arr(2)
		w.int(SnapshotVersion)
	} else {
		// A match that declares cards: [version, declared, state], the
		// declarations first so that the state's cards resolve.
		w.arr(3)
		w.int(SnapshotVersion)
		if w.err == nil {
			w.err = w.enc.Encode(s.Declared)
		}
	}
	s.writeSnapshot(w)
	if w.err != nil {
		panic(fmt.Sprintf("reducer: encoding a snapshot: %v", w.err)) // writing to memory never fails
	}
	return w.buf
}

// UnmarshalSnapshot decodes a state written by MarshalSnapshot. Card names
// are resolved in pool (nil: the default pool). A snapshot of another
// version, a card the pool doesn't have, or bytes that don't fit the format
// are errors.
func UnmarshalSnapshot(pool *cards.Pool, b []byte) (*State, error) {
	return unmarshalSnapshot(pool, b, nil)
}

// unmarshalSnapshot is UnmarshalSnapshot in m's memory when m is not nil
// (SnapshotMemory).
func unmarshalSnapshot(pool *cards.Pool, b []byte, m *SnapshotMemory) (*State, error) {
	if pool == nil {
		pool = cards.Default()
	}
	if m == nil {
		m = &SnapshotMemory{oneShot: true}
	}
	r := &snapReader{w: wireReader{b: b}, pool: pool, mem: m}
	n := r.arr()
	if n != 2 && n != 3 && r.err == nil {
		return nil, fmt.Errorf("reducer: snapshot: an array of %d, want [version, state] or [version, declared, state]", n)
	}
	if v := r.int(); r.err == nil && v != SnapshotVersion {
		return nil, fmt.Errorf("reducer: snapshot version %d, this build reads %d", v, SnapshotVersion)
	}
	s := m.state(pool)
	declares := n == 3 && r.err == nil
	res := m.resolution(pool, declares, r.w.b[r.w.off:])
	if declares {
		r.readDeclared(s, res)
		r.declared = s
	}
	r.slab, r.defs = m.objs, res.defs
	s.readSnapshot(r)
	if r.err != nil {
		return nil, fmt.Errorf("reducer: snapshot: %w", r.err)
	}
	if r.w.left() > 0 {
		return nil, errors.New("reducer: snapshot: trailing bytes")
	}
	return s, nil
}

// readDeclared reads the cards the match declares into s and builds their
// definitions: res's, when it has them (it was found by their bytes: a
// whole msgpack value's bytes tell where it ends, so the same bytes are
// the same value).
func (r *snapReader) readDeclared(s *State, res *resolution) {
	if res.decl != nil {
		r.w.off += len(res.decl)
		s.Declared = res.declared[:len(res.declared):len(res.declared)]
		s.declared = res.declDefs[:len(res.declDefs):len(res.declDefs)]
		return
	}
	start := r.w.off
	r.decode(&s.Declared)
	for i := range s.Declared {
		def, err := declareCard(&s.Declared[i])
		r.keep(err)
		s.declared = append(s.declared, def)
	}
	if r.err != nil {
		return
	}
	res.decl = bytes.Clone(r.w.b[start:r.w.off])
	res.declared, res.declDefs = s.Declared, s.declared
	s.Declared = s.Declared[:len(s.Declared):len(s.Declared)]
	s.declared = s.declared[:len(s.declared):len(s.declared)]
}

// readCards reads the state's cards: a copy of those of the last snapshot
// whose names resolved as this one's, when it had the same.
func (r *snapReader) readCards(s *State) {
	res := r.mem.cur
	if len(res.cardBytes) > 0 && r.err == nil && bytes.HasPrefix(r.w.b[r.w.off:], res.cardBytes) {
		r.w.off += len(res.cardBytes)
		s.Cards = r.cardRoom(len(res.cardsWere))
		copy(s.Cards, res.cardsWere)
		return
	}
	start := r.w.off
	if n := r.arr(); n > 0 {
		s.Cards = r.cardRoom(n)
		for i := range s.Cards {
			r.fields(3, "card")
			s.Cards[i] = Card{Def: r.def(), Owner: r.int(), Sideboard: r.bool()}
		}
	}
	if r.mem.again && r.err == nil && len(s.Cards) > 0 { // kept once it decodes again
		res.cardBytes = append(res.cardBytes[:0], r.w.b[start:r.w.off]...)
		res.cardsWere = append(res.cardsWere[:0], s.Cards...)
	}
}

// NewFromState returns a game that continues from s, as if its inputs had
// been submitted to a new game.
func NewFromState(s *State) *Game {
	if s.pool == nil {
		s.pool = cards.Default()
	}
	return &Game{S: s, match: s.Match}
}

// Game is NewFromState for a state m decoded, in the memory of the game
// m made for the last one, which is gone with that state.
func (m *SnapshotMemory) Game(s *State) *Game {
	if m.game == nil {
		m.game = NewFromState(s)
		return m.game
	}
	if s.pool == nil {
		s.pool = cards.Default()
	}
	*m.game = Game{S: s, match: s.Match}
	return m.game
}

func (s *State) writeSnapshot(w *snapWriter) {
	switch { // appended: Delayed, then ExtraTurns (interp_extraturn.go)
	case len(s.ExtraTurns) > 0:
		w.arr(snapStateFields + 2)
	case len(s.Delayed) > 0:
		w.arr(snapStateFields + 1)
	default:
		w.arr(snapStateFields)
	}
	w.str(s.Match)
	w.str(s.Format)
	w.int(s.StartingLife)
	w.int(s.BestOf)
	w.int(s.Game)
	w.int(s.Turn)
	w.int(int(s.Step))
	w.int(s.Active)
	w.int(s.Priority)
	w.int(s.Passes)
	w.bool(s.Over)
	w.ints(s.GameWins)
	w.bool(s.GameOver)
	w.int(s.Winner)
	w.arr(len(s.Cards))
	for _, c := range s.Cards {
		w.arr(3)
		w.def(c.Def)
		w.int(c.Owner)
		w.bool(c.Sideboard)
	}
	w.arr(len(s.Players))
	for _, p := range s.Players {
		writePlayer(w, p)
	}
	w.arr(len(s.Objects))
	for _, o := range s.Objects {
		s.writeObject(w, o)
	}
	w.ids(s.Battlefield)
	w.ids(s.Stack)
	w.ids(s.Exile)
	w.arr(len(s.Triggers))
	for i := range s.Triggers {
		writeTrigger(w, &s.Triggers[i])
	}
	writeQuestion(w, &s.Pending)
	w.arr(len(s.Continuous))
	for i := range s.Continuous {
		writeContinuous(w, &s.Continuous[i])
	}
	w.int(s.Timestamp)
	writeDiscovery(w, s.Discovery)
	if len(s.Delayed) > 0 || len(s.ExtraTurns) > 0 {
		w.arr(len(s.Delayed))
		for i := range s.Delayed {
			writeTrigger(w, &s.Delayed[i])
		}
	}
	if len(s.ExtraTurns) > 0 {
		w.ints(s.ExtraTurns)
	}
}

// zoneMore is the room a decoded zone the game adds to has past its ids,
// in a SnapshotMemory: the inputs folded after a snapshot move cards in
// and out of hands, graveyards, the stack and the battlefield.
const zoneMore = 8

func (s *State) readSnapshot(r *snapReader) {
	more := r.fieldsUpTo(snapStateFields, 2, "state")
	s.Match = r.str()
	s.Format = r.str()
	s.StartingLife = r.int()
	s.BestOf = r.int()
	s.Game = r.int()
	s.Turn = r.int()
	s.Step = Step(r.int())
	s.Active = r.int()
	s.Priority = r.int()
	s.Passes = r.int()
	s.Over = r.bool()
	s.GameWins = r.ints()
	s.GameOver = r.bool()
	s.Winner = r.int()
	r.readCards(s)
	if n := r.arr(); n > 0 {
		s.Players = r.mem.pptrs.take(n, 0)
		for i := range s.Players {
			s.Players[i] = readPlayer(r)
		}
	}
	if n := r.arr(); n > 0 {
		s.Objects = r.objectRoom(n)
		for i := range s.Objects {
			s.Objects[i] = s.readObject(r, n-i)
		}
	}
	s.countSpecials()
	s.Battlefield = r.idsRoom(zoneMore)
	s.Stack = r.idsRoom(zoneMore)
	s.Exile = r.idsRoom(zoneMore)
	if n := r.arr(); n > 0 {
		s.Triggers = r.mem.triggers.take(n, 0)
		for i := range s.Triggers {
			readTrigger(r, &s.Triggers[i])
		}
	}
	readQuestion(r, &s.Pending)
	if n := r.arr(); n > 0 {
		s.Continuous = make([]Continuous, n)
		for i := range s.Continuous {
			readContinuous(r, &s.Continuous[i])
		}
	}
	s.Timestamp = r.int()
	s.Discovery = readDiscovery(r)
	if more > 0 {
		if n := r.arr(); n > 0 {
			s.Delayed = r.mem.triggers.take(n, 0)
			for i := range s.Delayed {
				readTrigger(r, &s.Delayed[i])
			}
		}
	}
	if more > 1 {
		s.ExtraTurns = r.ints()
	}
}
