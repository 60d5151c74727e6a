package reducer

import "github.com/chronicle-mtg/chronicle/reducer/cards"

// Recycle returns a new game, as New(pool) makes one, built in old's
// memory: the game and state themselves, the slabs old's objects were
// carved from (object_slab.go), the room its object and card lists had,
// and the chunk its effects were written to (some 55 KB). A reader that
// goes through match after match (a tournament's replay or audit) would
// otherwise allocate a match's library slabs again for every match, some
// hundred kilobytes each. old is gone once this returns: nothing read
// from it may be used again (its objects are written over by the next
// match's, and its effects by the next effects). A nil old gives
// New(pool).
func Recycle(old *Game, pool *cards.Pool) *Game {
	if old == nil || old.S == nil {
		return New(pool)
	}
	if pool == nil {
		pool = cards.Default()
	}
	s := old.S
	slabs := s.slabs
	// The last game's slabs are cleared as the next game takes them
	// (librarySlab, takeBrief); until it begins, objects are made one by
	// one, as in a new state.
	slabs.library, slabs.brief, slabs.used = nil, nil, 0
	slabs.field, slabs.fieldsUsed = nil, 0
	objs, cs := s.Objects[:cap(s.Objects)], s.Cards[:cap(s.Cards)]
	clear(objs)
	clear(cs)
	*s = State{pool: pool, Priority: -1, Winner: -1, slabs: slabs, Objects: objs[:0], Cards: cs[:0]}
	// The effects' chunk is kept too (Game.arena): only what the game may
	// write next is in it, and old's effects are gone with old.
	*old = Game{S: s, arena: old.arena[:0], idScratch: old.idScratch[:0]}
	return old
}
