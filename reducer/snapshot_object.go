package reducer

import (
	"math/bits"
	"slices"
	"unsafe"

	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Objects in a snapshot. Most of an object's fields are zero most of the
// time (a land on the battlefield has an id, a card, an owner, a zone and
// little else), so an object is written as [mask, fields...]: bit i of the
// mask says field i of objectFields is present, and only present fields
// follow, in table order. A gone object (a nil id) is msgpack nil. The
// table keeps each field's zero test, writer and reader side by side; new
// fields are appended, never inserted.

// objectField is one field of Object in a snapshot.
type objectField struct {
	name  string // the Object field, for the coverage test
	zero  func(s *State, o *Object) bool
	write func(w *snapWriter, s *State, o *Object)
	read  func(r *snapReader, s *State, o *Object)
}

var objectFields = []objectField{
	{"ID", func(_ *State, o *Object) bool { return o.ID == 0 },
		func(w *snapWriter, _ *State, o *Object) { w.int(int(o.ID)) },
		func(r *snapReader, _ *State, o *Object) { o.ID = ObjID(r.int()) }},
	{"Card", func(_ *State, o *Object) bool { return o.Card == 0 },
		func(w *snapWriter, _ *State, o *Object) { w.int(int(o.Card)) },
		func(r *snapReader, _ *State, o *Object) { o.Card = CardID(r.int()) }},
	// Def is absent when it is the card's own (or nil without a card), ""
	// when nil though the object has a card, else the definition's name.
	{"Def", func(s *State, o *Object) bool { return o.Def == s.cardDefOf(o.Card) || o.Facts != nil },
		func(w *snapWriter, _ *State, o *Object) { w.def(o.Def) },
		func(r *snapReader, _ *State, o *Object) { o.Def = r.def() }},
	{"Owner", func(_ *State, o *Object) bool { return o.Owner == 0 },
		func(w *snapWriter, _ *State, o *Object) { w.int(o.Owner) },
		func(r *snapReader, _ *State, o *Object) { o.Owner = r.int() }},
	{"Controller", func(_ *State, o *Object) bool { return o.Controller == 0 },
		func(w *snapWriter, _ *State, o *Object) { w.int(o.Controller) },
		func(r *snapReader, _ *State, o *Object) { o.Controller = r.int() }},
	{"Zone", func(_ *State, o *Object) bool { return o.Zone == ZoneNone },
		func(w *snapWriter, _ *State, o *Object) { w.int(int(o.Zone)) },
		func(r *snapReader, _ *State, o *Object) { o.Zone = Zone(r.int()) }},
	{"Token", func(_ *State, o *Object) bool { return !o.Token },
		func(w *snapWriter, _ *State, o *Object) { w.bool(o.Token) },
		func(r *snapReader, _ *State, o *Object) { o.Token = r.bool() }},
	{"Tapped", func(_ *State, o *Object) bool { return !o.Tapped },
		func(w *snapWriter, _ *State, o *Object) { w.bool(o.Tapped) },
		func(r *snapReader, _ *State, o *Object) { o.Tapped = r.bool() }},
	{"Sick", func(_ *State, o *Object) bool { return !o.Sick },
		func(w *snapWriter, _ *State, o *Object) { w.bool(o.Sick) },
		func(r *snapReader, _ *State, o *Object) { o.Sick = r.bool() }},
	{"Damage", func(_ *State, o *Object) bool { return o.Damage == 0 },
		func(w *snapWriter, _ *State, o *Object) { w.int(o.Damage) },
		func(r *snapReader, _ *State, o *Object) { o.Damage = r.int() }},
	{"Deathtouched", func(_ *State, o *Object) bool { return !o.Deathtouched },
		func(w *snapWriter, _ *State, o *Object) { w.bool(o.Deathtouched) },
		func(r *snapReader, _ *State, o *Object) { o.Deathtouched = r.bool() }},
	{"Counters", func(_ *State, o *Object) bool { return len(o.Counters) == 0 },
		func(w *snapWriter, _ *State, o *Object) { w.counters(o.Counters) },
		func(r *snapReader, _ *State, o *Object) { o.Counters = r.counters() }},
	{"Ability", func(_ *State, o *Object) bool { return o.Ability == 0 },
		func(w *snapWriter, _ *State, o *Object) { w.int(o.Ability) },
		func(r *snapReader, _ *State, o *Object) { o.Ability = r.int() }},
	{"Trigger", func(_ *State, o *Object) bool { return o.Trigger == 0 },
		func(w *snapWriter, _ *State, o *Object) { w.int(o.Trigger) },
		func(r *snapReader, _ *State, o *Object) { o.Trigger = r.int() }},
	{"Source", func(_ *State, o *Object) bool { return o.Source == 0 },
		func(w *snapWriter, _ *State, o *Object) { w.int(int(o.Source)) },
		func(r *snapReader, _ *State, o *Object) { o.Source = ObjID(r.int()) }},
	{"LKI", func(_ *State, o *Object) bool { return o.LKI == nil },
		func(w *snapWriter, _ *State, o *Object) { w.lki(o.LKI) },
		func(r *snapReader, _ *State, o *Object) { o.LKI = r.lki() }},
	{"Event", func(_ *State, o *Object) bool { return o.Event == 0 },
		func(w *snapWriter, _ *State, o *Object) { w.int(int(o.Event)) },
		func(r *snapReader, _ *State, o *Object) { o.Event = ObjID(r.int()) }},
	{"EventSeat", func(_ *State, o *Object) bool { return o.EventSeat == 0 },
		func(w *snapWriter, _ *State, o *Object) { w.int(o.EventSeat) },
		func(r *snapReader, _ *State, o *Object) { o.EventSeat = r.int() }},
	{"EventLKI", func(_ *State, o *Object) bool { return o.EventLKI == nil },
		func(w *snapWriter, _ *State, o *Object) { w.lki(o.EventLKI) },
		func(r *snapReader, _ *State, o *Object) { o.EventLKI = r.lki() }},
	{"X", func(_ *State, o *Object) bool { return o.X == 0 },
		func(w *snapWriter, _ *State, o *Object) { w.int(o.X) },
		func(r *snapReader, _ *State, o *Object) { o.X = r.int() }},
	{"Targets", func(_ *State, o *Object) bool { return len(o.Targets) == 0 },
		func(w *snapWriter, _ *State, o *Object) { w.targets(o.Targets) },
		func(r *snapReader, _ *State, o *Object) { o.Targets = r.targets() }},
	{"Face", func(_ *State, o *Object) bool { return o.Face == "" },
		func(w *snapWriter, _ *State, o *Object) { w.str(o.Face) },
		func(r *snapReader, _ *State, o *Object) { o.Face = r.str() }},
	{"Step", func(_ *State, o *Object) bool { return o.Step == 0 },
		func(w *snapWriter, _ *State, o *Object) { w.int(o.Step) },
		func(r *snapReader, _ *State, o *Object) { o.Step = r.int() }},
	{"MayCast", func(_ *State, o *Object) bool { return len(o.MayCast) == 0 },
		func(w *snapWriter, _ *State, o *Object) {
			w.arr(2 * len(o.MayCast))
			for _, p := range o.MayCast {
				w.int(p.Seat)
				w.str(p.Kind)
			}
		},
		func(r *snapReader, _ *State, o *Object) {
			if n := r.pairs("permissions"); n > 0 {
				o.MayCast = make([]Permission, n)
				for i := range o.MayCast {
					o.MayCast[i] = Permission{Seat: r.int(), Kind: r.str()}
				}
			}
		}},
	{"ExiledBy", func(_ *State, o *Object) bool { return o.ExiledBy == "" },
		func(w *snapWriter, _ *State, o *Object) { w.str(o.ExiledBy) },
		func(r *snapReader, _ *State, o *Object) { o.ExiledBy = r.str() }},
	{"PumpP", func(_ *State, o *Object) bool { return o.PumpP == 0 },
		func(w *snapWriter, _ *State, o *Object) { w.int(o.PumpP) },
		func(r *snapReader, _ *State, o *Object) { o.PumpP = r.int() }},
	{"PumpT", func(_ *State, o *Object) bool { return o.PumpT == 0 },
		func(w *snapWriter, _ *State, o *Object) { w.int(o.PumpT) },
		func(r *snapReader, _ *State, o *Object) { o.PumpT = r.int() }},
	{"Attacking", func(_ *State, o *Object) bool { return o.Attacking == 0 },
		func(w *snapWriter, _ *State, o *Object) { w.int(o.Attacking) },
		func(r *snapReader, _ *State, o *Object) { o.Attacking = r.int() }},
	{"Blocking", func(_ *State, o *Object) bool { return o.Blocking == 0 },
		func(w *snapWriter, _ *State, o *Object) { w.int(int(o.Blocking)) },
		func(r *snapReader, _ *State, o *Object) { o.Blocking = ObjID(r.int()) }},
	{"Blocked", func(_ *State, o *Object) bool { return !o.Blocked },
		func(w *snapWriter, _ *State, o *Object) { w.bool(o.Blocked) },
		func(r *snapReader, _ *State, o *Object) { o.Blocked = r.bool() }},
	{"Cast", func(_ *State, o *Object) bool { return !o.Cast },
		func(w *snapWriter, _ *State, o *Object) { w.bool(o.Cast) },
		func(r *snapReader, _ *State, o *Object) { o.Cast = r.bool() }},
	{"AttackingPW", func(_ *State, o *Object) bool { return o.AttackingPW == 0 },
		func(w *snapWriter, _ *State, o *Object) { w.int(int(o.AttackingPW)) },
		func(r *snapReader, _ *State, o *Object) { o.AttackingPW = ObjID(r.int()) }},
	{"FaceDown", func(_ *State, o *Object) bool { return !o.FaceDown },
		func(w *snapWriter, _ *State, o *Object) { w.bool(o.FaceDown) },
		func(r *snapReader, _ *State, o *Object) { o.FaceDown = r.bool() }},
	{"CastFrom", func(_ *State, o *Object) bool { return o.CastFrom == ZoneNone },
		func(w *snapWriter, _ *State, o *Object) { w.int(int(o.CastFrom)) },
		func(r *snapReader, _ *State, o *Object) { o.CastFrom = Zone(r.int()) }},
	{"Used", func(_ *State, o *Object) bool { return len(o.Used) == 0 },
		func(w *snapWriter, _ *State, o *Object) {
			w.arr(2 * len(o.Used))
			for _, u := range o.Used {
				w.str(u.Kind)
				w.int(u.Turn)
			}
		},
		func(r *snapReader, _ *State, o *Object) {
			if n := r.pairs("uses"); n > 0 {
				o.Used = make([]Use, n)
				for i := range o.Used {
					o.Used[i] = Use{Kind: r.str(), Turn: r.int()}
				}
			}
		}},
	{"Copy", func(_ *State, o *Object) bool { return !o.Copy },
		func(w *snapWriter, _ *State, o *Object) { w.bool(o.Copy) },
		func(r *snapReader, _ *State, o *Object) { o.Copy = r.bool() }},
	{"Kicked", func(_ *State, o *Object) bool { return !o.Kicked },
		func(w *snapWriter, _ *State, o *Object) { w.bool(o.Kicked) },
		func(r *snapReader, _ *State, o *Object) { o.Kicked = r.bool() }},
	{"SkipUntap", func(_ *State, o *Object) bool { return o.SkipUntap == 0 },
		func(w *snapWriter, _ *State, o *Object) { w.int(o.SkipUntap) },
		func(r *snapReader, _ *State, o *Object) { o.SkipUntap = r.int() }},
	{"Regen", func(_ *State, o *Object) bool { return o.Regen == 0 },
		func(w *snapWriter, _ *State, o *Object) { w.int(o.Regen) },
		func(r *snapReader, _ *State, o *Object) { o.Regen = r.int() }},
	{"AttachedTo", func(_ *State, o *Object) bool { return o.AttachedTo == 0 },
		func(w *snapWriter, _ *State, o *Object) { w.int(int(o.AttachedTo)) },
		func(r *snapReader, _ *State, o *Object) { o.AttachedTo = ObjID(r.int()) }},
	{"Chosen", func(_ *State, o *Object) bool { return o.Chosen == "" },
		func(w *snapWriter, _ *State, o *Object) { w.str(o.Chosen) },
		func(r *snapReader, _ *State, o *Object) { o.Chosen = r.str() }},
	// Lang: rare (a language spell or ability on the stack), written by
	// reflection.
	{"Lang", func(_ *State, o *Object) bool { return o.Lang == nil },
		func(w *snapWriter, _ *State, o *Object) {
			if w.err == nil {
				w.err = w.enc.Encode(o.Lang)
			}
		},
		func(r *snapReader, _ *State, o *Object) { r.decode(&o.Lang) }},
	{"Melded", func(_ *State, o *Object) bool { return o.Melded == 0 },
		func(w *snapWriter, _ *State, o *Object) { w.int(int(o.Melded)) },
		func(r *snapReader, _ *State, o *Object) { o.Melded = CardID(r.int()) }},
	{"Text", func(_ *State, o *Object) bool { return o.Text == "" }, // table_state.go
		func(w *snapWriter, _ *State, o *Object) { w.str(o.Text) },
		func(r *snapReader, _ *State, o *Object) { o.Text = r.str() }},
	{"Facts", func(_ *State, o *Object) bool { return o.Facts == nil },
		func(w *snapWriter, _ *State, o *Object) { writeFacts(w, o.Facts) },
		func(r *snapReader, _ *State, o *Object) { o.Facts = readFacts(r) }},
	{"CastWith", func(_ *State, o *Object) bool { return o.CastWith == "" },
		func(w *snapWriter, _ *State, o *Object) { w.str(o.CastWith) },
		func(r *snapReader, _ *State, o *Object) { o.CastWith = r.str() }},
	{"Times", func(_ *State, o *Object) bool { return o.Times == 0 },
		func(w *snapWriter, _ *State, o *Object) { w.int(o.Times) },
		func(r *snapReader, _ *State, o *Object) { o.Times = r.int() }},
	{"ClassLevel", func(_ *State, o *Object) bool { return o.ClassLevel == 0 }, // interp_class.go
		func(w *snapWriter, _ *State, o *Object) { w.int(o.ClassLevel) },
		func(r *snapReader, _ *State, o *Object) { o.ClassLevel = r.int() }},
	{"Spent", func(_ *State, o *Object) bool { return o.Spent == 0 }, // interp_spent.go
		func(w *snapWriter, _ *State, o *Object) { w.int(o.Spent) },
		func(r *snapReader, _ *State, o *Object) { o.Spent = r.int() }},
	{"SpentColors", func(_ *State, o *Object) bool { return o.SpentColors == 0 },
		func(w *snapWriter, _ *State, o *Object) { w.int(o.SpentColors) },
		func(r *snapReader, _ *State, o *Object) { o.SpentColors = r.int() }},
	{"Uncounterable", func(_ *State, o *Object) bool { return !o.Uncounterable }, // interp_chosen_type.go
		func(w *snapWriter, _ *State, o *Object) { w.bool(o.Uncounterable) },
		func(r *snapReader, _ *State, o *Object) { o.Uncounterable = r.bool() }},
	{"Kicks", func(_ *State, o *Object) bool { return o.Kicks == 0 }, // interp_multikicker.go
		func(w *snapWriter, _ *State, o *Object) { w.int(o.Kicks) },
		func(r *snapReader, _ *State, o *Object) { o.Kicks = r.int() }},
}

// cardDefOf is the definition an object of card id has unless the snapshot
// says otherwise: the card's; nil for a token or an ability (no card).
func (s *State) cardDefOf(id CardID) *cards.Card {
	if id == 0 || int(id) >= len(s.Cards) {
		return nil
	}
	return s.Cards[id].Def
}

// writeObject writes o, or nil for an id whose object is gone.
func (s *State) writeObject(w *snapWriter, o *Object) {
	if o == nil {
		w.nil()
		return
	}
	var mask uint64
	for i := range objectFields {
		if !objectFields[i].zero(s, o) {
			mask |= 1 << i
		}
	}
	w.arr(1 + bits.OnesCount64(mask))
	w.uint(mask)
	for i := range objectFields {
		if mask&(1<<i) != 0 {
			objectFields[i].write(w, s, o)
		}
	}
}

// readObject reads an object, one of left still to read (gone ones among
// them).
func (s *State) readObject(r *snapReader, left int) *Object {
	if r.isNil() {
		return nil
	}
	n := r.arr()
	mask := r.uint()
	if r.err != nil {
		return nil
	}
	if n != 1+bits.OnesCount64(mask) || mask>>len(objectFields) != 0 {
		r.fail("an object of %d items with field mask %b", n, mask)
		return nil
	}
	o := r.newObject(left)
	for m := mask; m != 0; m &= m - 1 { // the fields present, in order
		// The fields every object has, and a permanent's flags, read
		// here; the rest through the table.
		switch i := bits.TrailingZeros64(m); i {
		case objID:
			o.ID = ObjID(r.int())
		case objCard:
			o.Card = CardID(r.int())
		case objOwner:
			o.Owner = r.int()
		case objController:
			o.Controller = r.int()
		case objZone:
			o.Zone = Zone(r.int())
		case objTapped:
			o.Tapped = r.bool()
		case objSick:
			o.Sick = r.bool()
		default:
			objectFields[i].read(r, s, o)
		}
	}
	if mask&(1<<objDefField) == 0 {
		o.Def = s.cardDefOf(o.Card)
	}
	if o.Facts != nil {
		o.Def = factsDef(o.Facts) // a token the table described (table_state.go)
	}
	return o
}

// newObject hands out a zero Object from a slab, so that decoding a state
// allocates its objects a few dozen at a time: as many as fill a 32 KiB
// size class (slabObjects), or the entries left to read when fewer. A seek
// decodes a snapshot of hundreds of objects; every byte it allocates the
// collector pays for, and a page it allocates on that the process has not
// touched yet costs a page fault.
func (r *snapReader) newObject(left int) *Object {
	if len(r.slab) == 0 {
		r.slab = make([]Object, min(max(left, 1), slabObjects))
	}
	o := &r.slab[0]
	r.slab = r.slab[1:]
	return o
}

// slabObjects is how many objects a slab of newObject holds at most.
var slabObjects = max(1, 32<<10/int(unsafe.Sizeof(Object{})))

// The indexes in objectFields of the fields readObject reads itself
// (TestSnapshotObjectFieldIndexes checks them against the table).
const (
	objID         = 0
	objCard       = 1
	objOwner      = 3
	objController = 4
	objZone       = 5
	objTapped     = 7
	objSick       = 8
)

// objDefField is the index of Def in objectFields.
var objDefField = slices.IndexFunc(objectFields, func(f objectField) bool { return f.name == "Def" })
