package reducer

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"sync"
)

// Digest is a canonical hash of the whole state: everything the rules can
// see, written in a fixed order (slices in their order, objects by id), so
// the same position gives the same digest on every run and machine.
type Digest [sha256.Size]byte

func (d Digest) String() string { return hex.EncodeToString(d[:]) }

// Digest hashes the state.
func (s *State) Digest() Digest {
	bp := digestBufs.Get().(*[]byte)
	w := digestWriter{buf: (*bp)[:0], spent: s.readsSpent()}
	w.str(s.Match)
	w.str(s.Format)
	w.ints(s.StartingLife, s.BestOf, s.Game, s.Turn, int(s.Step), s.Active, s.Priority, s.Passes, s.Winner)
	w.bools(s.Over, s.GameOver)
	w.ints(s.GameWins...)
	w.ints(len(s.Cards))
	for _, c := range s.Cards {
		name := ""
		if c.Def != nil {
			name = c.Def.Name
		}
		w.str(name)
		w.ints(c.Owner)
		w.bools(c.Sideboard)
	}
	w.ints(len(s.Players))
	for _, p := range s.Players {
		w.str(p.ID)
		w.str(p.Name)
		w.ints(p.Life, p.LandsPlayed, p.Mulligans)
		w.bools(p.Kept, p.Decided, p.Lost)
		w.str(p.LossReason)
		w.ids(p.Library)
		w.ids(p.Hand)
		w.ids(p.Graveyard)
		w.ids(p.Command)
		w.ints(len(p.Pool))
		for _, m := range p.Pool {
			w.ints(int(m.Color), int(m.Source))
			w.bools(m.Legendary)
			if m.Spend != nil { // only then: other pools keep their digests
				w.str("spend " + spendKey(m.Spend))
			}
			if m.Uncounterable {
				w.str("uncounterable")
			}
		}
	}
	if s.readsDrawCounts() { // only then: interp_zonetriggers.go
		w.str("drawn")
		for _, p := range s.Players {
			w.ints(p.Drawn)
		}
	}
	if s.readsSpellCounts() { // only then: interp_spellcount.go
		w.str("spells")
		for _, p := range s.Players {
			w.ints(p.Spells)
		}
	}
	if s.readsNoncreature() { // only then: interp_spellcount.go
		w.str("noncreature spells")
		for _, p := range s.Players {
			w.ints(p.Noncreature)
		}
	}
	if s.readsLeft() { // only then: interp_turnfacts.go
		w.str("left")
		for _, p := range s.Players {
			w.bools(p.Left)
		}
	}
	w.ids(s.Battlefield)
	w.ids(s.Stack)
	w.ids(s.Exile)
	w.ints(len(s.Objects))
	for _, o := range s.Objects {
		if o == nil {
			continue
		}
		w.ints(int(o.ID), int(o.Card), o.Owner, o.Controller, int(o.Zone), o.Damage, o.X, o.PumpP, o.PumpT, o.Attacking, int(o.Blocking))
		w.ints(o.Ability, o.Trigger, int(o.Source), o.Step, int(o.Event), o.EventSeat)
		w.lki(o.EventLKI)
		w.str(o.ExiledBy)
		w.ints(len(o.MayCast))
		for _, p := range o.MayCast {
			w.ints(p.Seat)
			w.str(p.Kind)
		}
		if o.Def != nil && (o.Card == 0 || o.Copy) { // a copy: what it copies
			w.str(o.Def.Name) // tokens and abilities: what they are
		}
		w.lki(o.LKI)
		w.bools(o.Token, o.Tapped, o.Sick, o.Deathtouched, o.Blocked, o.Cast)
		w.str(o.Face)
		w.ints(len(o.Counters))
		for _, c := range o.Counters {
			w.str(c.Kind)
			w.ints(c.N)
		}
		w.ints(len(o.Targets))
		for _, t := range o.Targets {
			w.ints(int(t.Obj), t.Player)
		}
		w.ints(int(o.AttackingPW), int(o.CastFrom), len(o.Used))
		w.bools(o.FaceDown, o.Copy, o.Kicked)
		w.ints(o.SkipUntap, o.Regen)
		w.ints(int(o.AttachedTo)) // aura.go
		w.str(o.Chosen)
		for _, u := range o.Used {
			w.str(u.Kind)
			w.ints(u.Turn)
		}
		if l := o.Lang; l != nil { // absent from objects the language doesn't drive
			w.ints(len(l.Modes), len(l.Slots), len(l.Pc), len(l.Bound))
			w.strs(l.Enter)
			w.ints(l.Modes...)
			w.ints(l.Slots...)
			w.ints(l.Pc...)
			for _, b := range l.Bound {
				w.str(b.Name)
				w.str(b.Text)
				w.bools(b.Did)
				w.ints(len(b.Items))
				for _, t := range b.Items {
					w.ints(int(t.Obj), t.Player)
				}
			}
		}
		if o.CastWith != "" {
			w.str("cast with " + o.CastWith) // only then, as Melded
		}
		if o.Kicks != 0 { // only then: interp_multikicker.go
			w.str("kicks")
			w.ints(o.Kicks)
		}
		if o.Times != 0 {
			w.str("times")
			w.ints(o.Times)
		}
		if o.ClassLevel != 0 {
			w.str("class level") // only then: other digests stay as they were
			w.ints(o.ClassLevel)
		}
		if o.Uncounterable { // only then: interp_chosen_type.go
			w.str("uncounterable")
		}
		if o.Spent != 0 && w.spent { // only then: interp_spent.go
			w.str("spent")
			w.ints(o.Spent, o.SpentColors)
		}
		if o.Melded != 0 {
			w.ints(-1, int(o.Melded)) // only when melded: other digests stay as they were
		}
	}
	if len(s.ExtraTurns) > 0 { // only then: interp_extraturn.go
		w.str("extra turns")
		w.ints(s.ExtraTurns...)
	}
	w.ints(s.Timestamp, len(s.Continuous))
	for _, c := range s.Continuous {
		w.ints(c.Timestamp, int(c.Source), c.Controller, c.P, c.T)
		w.ids(c.Objects)
		w.str(c.Until)
		w.strs(c.AddSupertypes)
		w.strs(c.AddSubtypes)
		w.strs(c.AddKeywords)
		w.bools(c.AnyColorMana)
		w.str(c.Rule)
		digestBecoming(&w, c.Becomes)
	}
	if len(s.Declared) > 0 { // absent from the digests of matches that declare nothing
		for _, h := range s.declaredHashes() {
			w.str(string(h[:]))
		}
	}
	w.ints(len(s.Triggers))
	for _, t := range s.Triggers {
		w.ints(int(t.Source), t.Index, t.Controller, int(t.Event), t.EventSeat)
		w.str(t.Def.Name)
		w.lki(&t.LKI)
		w.lki(t.EventLKI)
	}
	if len(s.Delayed) > 0 { // absent from the digests of games with none
		w.ints(-3, len(s.Delayed))
		for _, t := range s.Delayed {
			w.ints(int(t.Source), t.Index, t.Controller, int(t.Event))
			w.str(t.Def.Name)
			w.lki(&t.LKI)
		}
	}
	if d := s.Discovery; d != nil {
		w.ints(1, int(d.Resolving), d.Seat, d.N, int(d.Card))
		w.ids(d.Rest)
		if d.Cascade { // only then: discoveries keep their digests
			w.str("cascade")
		}
		if d.Rebound {
			w.str("rebound")
		}
		if d.Madness {
			w.str("madness")
		}
	} else {
		w.ints(0)
	}
	q := s.Pending
	w.ints(int(q.Ask), q.Player, q.Of, q.N, q.Max, int(q.Resolving))
	w.str(q.Random)
	w.str(q.Prompt)
	w.str(q.What)
	w.ints(len(q.Options))
	for _, o := range q.Options {
		w.str(o)
	}
	s.digestTable(&w) // table_state.go: nothing unless the table added state
	d := Digest(sha256.Sum256(w.buf))
	*bp = w.buf[:0]
	digestBufs.Put(bp)
	return d
}

// digestBufs keep the buffers digests are written into: a turn's digest
// of a board of a hundred objects is some 10 KB.
var digestBufs = sync.Pool{New: func() any { b := make([]byte, 0, 16<<10); return &b }}

// digestWriter appends the state's fields to one buffer, hashed once at
// the end: far cheaper than many small writes to the hash.
type digestWriter struct {
	buf []byte
	// spent: the match reads the mana spent to cast spells
	// (interp_spent.go); only then is it in the digest.
	spent bool
}

func (w *digestWriter) ints(vs ...int) {
	for _, v := range vs {
		if uint(v) < 64 { // most are: a zigzag varint of one byte
			w.buf = append(w.buf, byte(v)<<1)
			continue
		}
		w.buf = binary.AppendVarint(w.buf, int64(v))
	}
}

func (w *digestWriter) bools(vs ...bool) {
	for _, v := range vs {
		b := byte(0)
		if v {
			b = 1
		}
		w.buf = append(w.buf, b)
	}
}

func (w *digestWriter) str(s string) {
	w.ints(len(s))
	w.buf = append(w.buf, s...)
}

func (w *digestWriter) lki(l *LKI) {
	if l == nil {
		w.ints(-1)
		return
	}
	w.ints(int(l.Card), l.Power, l.Toughness, len(l.Counters))
	for _, c := range l.Counters {
		w.str(c.Kind)
		w.ints(c.N)
	}
	w.ints(l.X)
	w.bools(l.Cast)
	if l.Moved != 0 {
		w.ints(-2, int(l.Moved)) // absent in digests written before it
	}
	if w.spent && l.Spent != 0 {
		w.str("spent")
		w.ints(l.Spent)
	}
}

func (w *digestWriter) ids(ids []ObjID) {
	w.ints(len(ids))
	for _, id := range ids {
		w.ints(int(id))
	}
}

func (w *digestWriter) strs(ss []string) {
	w.ints(len(ss))
	for _, x := range ss {
		w.str(x)
	}
}
