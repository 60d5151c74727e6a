package reducer

// Objects are many: every card of every game is created at its start, and
// every zone change makes a new object (CR 400.7). One allocation each was
// the rules' largest share of the collector's work, so most come out of
// slabs instead. A slab stays in memory while any object in it is
// referenced, so objects share one only where they die at about the same
// time, and the heap of a long game stays what its live objects need:
//
//   - a game's library: one slab of exactly its cards, made as the game
//     begins (newGame) and taken by the OpCreates that follow; the game
//     holds its library until it ends, and a new game drops every object,
//     so the next game of the match clears the slab and takes it again;
//   - objects that come into a hand, onto the stack or into exile: slabs
//     of briefSlab, as these leave soon (a spell resolves, a card in hand
//     is played or discarded at cleanup) or are few; the first keptBriefs
//     of a game's are kept, and the next game clears and takes them again;
//   - the first keptFields*briefSlab objects of a game that come onto the
//     battlefield, into a graveyard, or into a library after the game's
//     start (a mulligan's): slabs of their own, which the next game clears
//     and takes again, as the brief ones; a short game's all fit (a game
//     of the quick bench corpus makes about 30), and in a long game these
//     few are all that may pin dead neighbours;
//   - the rest (the battlefield, graveyards and libraries after those)
//     one by one: these may stay for the rest of a long game, each
//     pinning whatever dead objects shared its slab.
//
// An object is never shared between states: Clone copies every object
// into a slab of its own and drops the original's spare slabs (a clone
// that carved from them would write over the original's next objects).

// briefSlab is how many objects a slab of short-lived objects holds.
const briefSlab = 16

// keptBriefs is how many of a game's brief slabs the next game takes again:
// a game of the quick bench corpus carves two or three; a long game's
// later ones are left to the collector, so what is kept stays small.
const keptBriefs = 4

// keptFields is how many slabs of objects on the battlefield or in a
// graveyard a game carves and the next takes again.
const keptFields = 4

// objSlabs are a state's spare zero objects (see above): an allocation
// cache, dropped by Clone.
type objSlabs struct {
	library, brief, field []Object
	// game is the whole of this game's library slab, for the next game.
	game []Object
	// briefs are the first brief slabs made, whole; the game has carved
	// the first used of them (the next game takes them again). fields and
	// fieldsUsed are the same for the battlefield's and graveyards'.
	briefs     [keptBriefs][]Object
	used       int
	fields     [keptFields][]Object
	fieldsUsed int
}

// newObject returns a copy of v, from a slab when v's zone has one.
func (s *State) newObject(v Object) *Object {
	o := s.zeroObject(v.Zone)
	*o = v
	return o
}

// zeroObject returns a zero object for zone, from a slab when the zone
// has one. The objects made most often, a game's library and a card
// changing zones, have their fields set in it one by one, not copied in
// whole from an Object built beside it (some 350 bytes, with write
// barriers while the collector runs).
func (s *State) zeroObject(zone Zone) *Object {
	var o *Object
	switch zone {
	case ZoneLibrary:
		if len(s.slabs.library) == 0 {
			o = s.fieldObject() // a card put back (a mulligan)
			break
		}
		o, s.slabs.library = &s.slabs.library[0], s.slabs.library[1:]
	case ZoneHand, ZoneStack, ZoneExile:
		if len(s.slabs.brief) == 0 {
			s.slabs.brief = s.takeBrief()
		}
		o, s.slabs.brief = &s.slabs.brief[0], s.slabs.brief[1:]
	case ZoneBattlefield, ZoneGraveyard:
		o = s.fieldObject()
	default:
		o = new(Object)
	}
	return o
}

// fieldObject returns a zero object from the kept slabs of long-lived
// objects while the game has not used them up, else a new one.
func (s *State) fieldObject() *Object {
	if len(s.slabs.field) == 0 {
		if s.slabs.fieldsUsed == keptFields {
			return new(Object)
		}
		s.slabs.field = s.takeField()
	}
	o := &s.slabs.field[0]
	s.slabs.field = s.slabs.field[1:]
	return o
}

// takeField returns the next of the kept slabs of objects on the
// battlefield or in a graveyard: one a game before this one carved,
// cleared, or a new one.
func (s *State) takeField() []Object {
	sl := &s.slabs
	b := sl.fields[sl.fieldsUsed]
	if b == nil {
		b = make([]Object, briefSlab)
		sl.fields[sl.fieldsUsed] = b
	} else {
		clear(b)
	}
	sl.fieldsUsed++
	return b
}

// librarySlab makes the slab the OpCreates of a new game take: one object
// for each card not in a sideboard (beginGame); and each library, empty,
// the room its cards take, as they are added one by one. The last game's
// slab is taken again, cleared, when it is large enough: every object of
// that game was dropped with it (newGame), and a clone never has it.
func (s *State) librarySlab() {
	n := 0
	for _, c := range s.Cards {
		if c.Def != nil && !c.Sideboard {
			n++
			if c.Owner >= len(s.Players) {
				continue
			}
			if p := s.Players[c.Owner]; cap(p.Library) == 0 {
				p.Library = make([]ObjID, 0, s.deckSize(c.Owner))
			}
		}
	}
	s.zoneRoom()
	s.slabs.brief, s.slabs.used = nil, 0 // the brief slabs are taken again
	s.slabs.field, s.slabs.fieldsUsed = nil, 0
	if cap(s.slabs.game) < n {
		s.slabs.game = make([]Object, n)
	} else {
		s.slabs.game = s.slabs.game[:n]
		clear(s.slabs.game)
	}
	s.slabs.library = s.slabs.game
}

// Room the zone lists of a new game start with, in ids: most games fit,
// and a list that outgrows it is moved as any is (slices.Insert).
const handRoom, graveRoom, fieldRoom = 16, 16, 32

// zoneRoom gives each player's hand and graveyard, empty, their room in
// one allocation, and the battlefield its own: grown one by one from
// nothing, they took some ten allocations a game.
func (s *State) zoneRoom() {
	for _, p := range s.Players {
		if cap(p.Hand) == 0 && cap(p.Graveyard) == 0 {
			room := make([]ObjID, handRoom+graveRoom)
			p.Hand, p.Graveyard = room[:0:handRoom], room[handRoom:handRoom:handRoom+graveRoom]
		}
	}
	if cap(s.Battlefield) == 0 {
		s.Battlefield = make([]ObjID, 0, fieldRoom)
	}
}

// takeBrief returns a slab of briefSlab zero objects: one a game before
// this one carved, cleared (every object of that game was dropped with it,
// newGame), or a new one, kept while fewer than keptBriefs are.
func (s *State) takeBrief() []Object {
	sl := &s.slabs
	if sl.used < keptBriefs {
		b := sl.briefs[sl.used]
		if b == nil {
			b = make([]Object, briefSlab)
			sl.briefs[sl.used] = b
		} else {
			clear(b)
		}
		sl.used++
		return b
	}
	return make([]Object, briefSlab)
}

// deckSize is how many of seat's cards are not in its sideboard.
func (s *State) deckSize(seat int) int {
	n := 0
	for _, c := range s.Cards {
		if c.Def != nil && !c.Sideboard && c.Owner == seat {
			n++
		}
	}
	return n
}
