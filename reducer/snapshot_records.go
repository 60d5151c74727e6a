package reducer

import "github.com/chronicle-mtg/chronicle/reducer/cards"

// The snapshot's records below the state: players, objects, waiting
// triggers, last known information, the pending question, continuous
// effects and a discover under way. Each writer and its reader list the
// same fields in the same order.

func writePlayer(w *snapWriter, p *Player) {
	// Optional trailing fields, each written when it or a later one is
	// set: counters (table_state.go), restricted mana (interp_spend.go),
	// spells cast this turn (interp_spellcount.go), the flags of a
	// player's choices (ChosePlay, DrewEmpty), cards drawn this turn
	// (interp_zonetriggers.go); the flags include revolt (Left);
	// the noncreature spells cast this turn.
	spends := poolSpends(p.Pool)
	flags := optional(p.ChosePlay) | optional(p.DrewEmpty)<<1 | optional(p.Left)<<2
	extra := 0
	switch {
	case p.Noncreature > 0:
		extra = 6
	case p.Drawn > 0:
		extra = 5
	case flags != 0:
		extra = 4
	case p.Spells > 0:
		extra = 3
	case spends > 0:
		extra = 2
	case len(p.Counters) > 0:
		extra = 1
	}
	w.arr(snapPlayerFields + extra)
	w.str(p.ID)
	w.str(p.Name)
	w.int(p.Life)
	w.ids(p.Library)
	w.ids(p.Hand)
	w.ids(p.Graveyard)
	w.ids(p.Command)
	w.arr(3 * len(p.Pool))
	for _, m := range p.Pool {
		w.int(int(m.Color))
		w.int(int(m.Source))
		w.bool(m.Legendary)
	}
	w.int(p.LandsPlayed)
	w.int(p.Mulligans)
	w.bool(p.Kept)
	w.bool(p.Decided)
	w.bool(p.Lost)
	w.str(p.LossReason)
	if extra > 0 {
		w.counters(p.Counters)
	}
	if extra > 1 {
		writeSpends(w, p.Pool, spends)
	}
	if extra > 2 {
		w.int(p.Spells)
	}
	if extra > 3 {
		w.int(flags)
	}
	if extra > 4 {
		w.int(p.Drawn)
	}
	if extra > 5 {
		w.int(p.Noncreature)
	}
}

// manaMore is the room a decoded mana pool has for mana added, in a
// SnapshotMemory: a turn of the bench's long match taps dozens of lands.
const manaMore = 64

func readPlayer(r *snapReader) *Player {
	extra := r.fieldsUpTo(snapPlayerFields, 6, "player")
	p := &r.mem.players.take(1, 0)[0]
	p.ID, p.Name, p.Life = r.str(), r.str(), r.int()
	p.Library = r.ids()
	p.Hand = r.idsRoom(zoneMore)
	p.Graveyard = r.idsRoom(zoneMore)
	p.Command = r.ids()
	if n := r.arr(); n > 0 || !r.mem.oneShot {
		if n%3 != 0 {
			r.fail("a mana pool of %d items", n)
			return p
		}
		p.Pool = r.mem.mana.take(n/3, manaMore)
		for i := range p.Pool {
			p.Pool[i] = Mana{Color: cards.Color(r.int()), Source: ObjID(r.int()), Legendary: r.bool()}
		}
	}
	p.LandsPlayed = r.int()
	p.Mulligans = r.int()
	p.Kept = r.bool()
	p.Decided = r.bool()
	p.Lost = r.bool()
	p.LossReason = r.str()
	if extra > 0 {
		p.Counters = r.counters()
	}
	if extra > 1 {
		readSpends(r, p.Pool)
	}
	if extra > 2 {
		p.Spells = r.int()
	}
	if extra > 3 {
		flags := r.int()
		p.ChosePlay, p.DrewEmpty, p.Left = flags&1 != 0, flags&2 != 0, flags&4 != 0
	}
	if extra > 4 {
		p.Drawn = r.int()
	}
	if extra > 5 {
		p.Noncreature = r.int()
	}
	return p
}

func writeTrigger(w *snapWriter, t *Trigger) {
	w.arr(snapTriggerFields)
	w.int(int(t.Source))
	w.def(t.Def)
	w.int(t.Index)
	w.int(t.Controller)
	w.lki(&t.LKI)
	w.int(int(t.Event))
	w.int(t.EventSeat)
	w.lki(t.EventLKI)
}

func readTrigger(r *snapReader, t *Trigger) {
	r.fields(snapTriggerFields, "trigger")
	t.Source = ObjID(r.int())
	t.Def = r.def()
	t.Index = r.int()
	t.Controller = r.int()
	if l := r.lki(); l != nil {
		t.LKI = *l
	}
	t.Event = ObjID(r.int())
	t.EventSeat = r.int()
	t.EventLKI = r.lki()
}

// lki writes nil or the record.
func (w *snapWriter) lki(l *LKI) {
	if l == nil {
		w.nil()
		return
	}
	switch { // appended: Moved, then the mana spent (interp_spent.go)
	case l.Spent != 0:
		w.arr(snapLKIFields + 2)
	case l.Moved != 0:
		w.arr(snapLKIFields + 1)
	default:
		w.arr(snapLKIFields)
	}
	w.int(int(l.Card))
	w.int(l.Power)
	w.int(l.Toughness)
	w.counters(l.Counters)
	w.int(l.X)
	w.bool(l.Cast)
	if l.Moved != 0 || l.Spent != 0 {
		w.int(int(l.Moved))
	}
	if l.Spent != 0 {
		w.int(l.Spent)
	}
}

func (r *snapReader) lki() *LKI {
	if r.isNil() {
		return nil
	}
	more := r.fieldsUpTo(snapLKIFields, 2, "last known information")
	l := &r.mem.lkis.take(1, 0)[0]
	l.Card, l.Power, l.Toughness, l.Counters, l.X, l.Cast = CardID(r.int()), r.int(), r.int(), r.counters(), r.int(), r.bool()
	if more > 0 {
		l.Moved = ObjID(r.int())
	}
	if more > 1 {
		l.Spent = r.int()
	}
	return l
}

func writeQuestion(w *snapWriter, q *Question) {
	w.arr(snapAskFields)
	w.int(int(q.Ask))
	w.int(q.Player)
	w.str(q.Random)
	w.int(q.Of)
	w.int(int(q.Resolving))
	w.int(q.N)
	w.int(q.Max)
	w.str(q.Prompt)
	w.str(q.What)
	w.strs(q.Options)
}

func readQuestion(r *snapReader, q *Question) {
	r.fields(snapAskFields, "pending question")
	q.Ask = Ask(r.int())
	q.Player = r.int()
	q.Random = r.str()
	q.Of = r.int()
	q.Resolving = ObjID(r.int())
	q.N = r.int()
	q.Max = r.int()
	q.Prompt = r.str()
	q.What = r.str()
	q.Options = r.strs()
}

func writeContinuous(w *snapWriter, c *Continuous) {
	w.arr(snapContinuousFields + optional(c.Table != nil || c.Becomes != nil) + optional(c.Becomes != nil)) // table_state.go, interp_becomes.go
	w.int(c.Timestamp)
	w.int(int(c.Source))
	w.int(c.Controller)
	w.ids(c.Objects)
	w.str(c.Until)
	w.strs(c.AddSupertypes)
	w.strs(c.AddSubtypes)
	w.strs(c.AddKeywords)
	w.bool(c.AnyColorMana)
	w.int(c.P)
	w.int(c.T)
	w.str(c.Rule)
	switch {
	case c.Table != nil:
		writeTableGrant(w, c.Table)
	case c.Becomes != nil:
		w.nil()
	}
	if c.Becomes != nil {
		writeBecoming(w, c.Becomes)
	}
}

func readContinuous(r *snapReader, c *Continuous) {
	extra := r.fieldsUpTo(snapContinuousFields, 2, "continuous effect")
	c.Timestamp = r.int()
	c.Source = ObjID(r.int())
	c.Controller = r.int()
	c.Objects = r.ids()
	c.Until = r.str()
	c.AddSupertypes = r.strs()
	c.AddSubtypes = r.strs()
	c.AddKeywords = r.strs()
	c.AnyColorMana = r.bool()
	c.P = r.int()
	c.T = r.int()
	c.Rule = r.str()
	if extra > 0 && !r.isNil() {
		c.Table = readTableGrant(r)
	}
	if extra > 1 {
		c.Becomes = readBecoming(r)
	}
}

// writeDiscovery writes nil or the record.
func writeDiscovery(w *snapWriter, d *Discovery) {
	if d == nil {
		w.nil()
		return
	}
	extra := 0
	switch {
	case d.Madness:
		extra = 3
	case d.Rebound:
		extra = 2
	case d.Cascade:
		extra = 1 // only then: discoveries keep their form
	}
	w.arr(snapDiscoveryFields + extra)
	w.int(int(d.Resolving))
	w.int(d.Seat)
	w.int(d.N)
	w.int(int(d.Card))
	w.ids(d.Rest)
	if extra > 0 {
		w.bool(d.Cascade)
	}
	if extra > 1 {
		w.bool(d.Rebound)
	}
	if extra > 2 {
		w.bool(d.Madness)
	}
}

func readDiscovery(r *snapReader) *Discovery {
	if r.isNil() {
		return nil
	}
	extra := r.fieldsUpTo(snapDiscoveryFields, 3, "discovery")
	d := &Discovery{Resolving: ObjID(r.int()), Seat: r.int(), N: r.int(), Card: ObjID(r.int()), Rest: r.ids()}
	if extra > 0 {
		d.Cascade = r.bool()
	}
	if extra > 1 {
		d.Rebound = r.bool()
	}
	if extra > 2 {
		d.Madness = r.bool()
	}
	return d
}
