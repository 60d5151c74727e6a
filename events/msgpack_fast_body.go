package events

import (
	"strings"
	"unicode/utf8"
)

// The fast path's bodies: every input but a setup in its
// canonical form (a map of its fields in the struct's order, the
// omitempty ones left out when empty) is read without reflection. A field
// out of that order, an unexpected form (nil, a float for an int, a bin
// for a string), invalid UTF-8 or a match's declared cards leave the body
// to the general decoder, which reads the same or words the error.

// bodyFields reads one map of a canonical body, key by key.
type bodyFields struct {
	r    *fastReader
	left int  // keys not consumed yet
	bad  bool // something was not in the forms the fast path reads
}

// fields starts reading the fixmap at r.
func fields(r *fastReader) bodyFields {
	if r.i >= len(r.b) || r.b[r.i]&0xf0 != 0x80 {
		return bodyFields{r: r, bad: true}
	}
	n := int(r.b[r.i] & 0x0f)
	r.i++
	return bodyFields{r: r, left: n}
}

// next consumes the next key when it is name (a constant), as a fixstr;
// the caller then reads its value. It is inlined: the header byte and
// the name are compared as constants, most keys settled by the header
// alone. A key in another form is consumed by no call, and done reports
// the map unread.
func (f *bodyFields) next(name string) bool {
	r := f.r
	i := r.i
	j := i + 1 + len(name)
	if f.left == 0 || uint(i) >= uint(j) || j > len(r.b) || r.b[i] != 0xa0|byte(len(name)) || string(r.b[i+1:j]) != name {
		return false
	}
	r.i = j
	f.left--
	return true
}

// done reports whether every key was read, each in its place.
func (f *bodyFields) done() bool { return !f.bad && f.left == 0 }

// text reads a string value.
func (f *bodyFields) text() string {
	b, j := fixstrAt(f.r.b, f.r.i)
	if j < 0 {
		if b, j = strAt(f.r.b, f.r.i); j < 0 {
			f.bad = true
			return ""
		}
	}
	f.r.i = j
	s, ok := internText(b)
	if !ok {
		f.bad = true
	}
	return s
}

// integer reads an int value.
func (f *bodyFields) integer() int {
	v, ok := f.r.int()
	if !ok {
		f.bad = true
	}
	return int(v)
}

// boolean reads a bool value.
func (f *bodyFields) boolean() bool {
	if f.r.i < len(f.r.b) {
		switch f.r.b[f.r.i] {
		case 0xc2:
			f.r.i++
			return false
		case 0xc3:
			f.r.i++
			return true
		}
	}
	f.bad = true
	return false
}

// list reads an array header. Its items are at least a byte each, so a
// claimed length allocates nothing the input does not hold. An empty list
// is read as the general decoder reads it: empty, not nil.
func (f *bodyFields) list() int {
	r := f.r
	n := -1
	switch {
	case r.i < len(r.b) && r.b[r.i]&0xf0 == 0x90:
		n = int(r.b[r.i] & 0x0f)
		r.i++
	case r.i+3 <= len(r.b) && r.b[r.i] == 0xdc:
		n = int(r.b[r.i+1])<<8 | int(r.b[r.i+2])
		r.i += 3
	}
	if n < 0 || n > len(r.b)-r.i {
		f.bad = true
		return 0
	}
	return n
}

// texts reads a list of strings; an object id, what most lists hold (a
// shuffled library's sixty), is read and shared in one step.
func (f *bodyFields) texts() []string {
	n := f.list()
	if f.bad {
		return nil
	}
	out := make([]string, n)
	for k := range out {
		if s, j := refAt(f.r.b, f.r.i); j >= 0 {
			out[k], f.r.i = s, j
		} else if out[k] = f.text(); f.bad {
			return nil
		}
	}
	return out
}

// names reads a list of strings that repeat within it (a deck's card
// names) as one string cut in pieces: one allocation for the text instead
// of one a name. The text is checked as UTF-8 once, whole: each name is
// valid when the whole is and none starts inside a character.
func (f *bodyFields) names() []string {
	n := f.list()
	if f.bad {
		return nil
	}
	out := make([]string, n)
	from, size := f.r.i, 0
	for range out {
		b, ok := f.r.str()
		if !ok || len(b) > 0 && !utf8.RuneStart(b[0]) {
			f.bad = true
			return nil
		}
		size += len(b)
	}
	var all strings.Builder
	all.Grow(size)
	f.r.i = from
	for range out {
		b, _ := f.r.str()
		all.Write(b)
	}
	text, at := all.String(), 0
	if !utf8.ValidString(text) {
		f.bad = true
		return nil
	}
	f.r.i = from
	for i := range out {
		b, _ := f.r.str()
		out[i] = text[at : at+len(b)]
		at += len(b)
	}
	return out
}

// ints reads a list of ints.
func (f *bodyFields) ints() []int {
	n := f.list()
	if f.bad {
		return nil
	}
	out := make([]int, n)
	for i := range out {
		if out[i] = f.integer(); f.bad {
			return nil
		}
	}
	return out
}

// payments reads a Pay list.
func (f *bodyFields) payments() []Payment {
	n := f.list()
	if f.bad {
		return nil
	}
	out := make([]Payment, n)
	for i := range out {
		p := fields(f.r)
		if p.next("mana") {
			out[i].Mana = p.text()
		}
		if p.next("source") {
			out[i].Source = p.text()
		}
		if !p.done() {
			f.bad = true
			return nil
		}
	}
	return out
}

// attackers reads an Attack's list.
func (f *bodyFields) attackers() []Attacker {
	n := f.list()
	if f.bad {
		return nil
	}
	out := make([]Attacker, n)
	for i := range out {
		a := fields(f.r)
		if a.next("creature") {
			out[i].Creature = a.text()
		}
		if a.next("defender") {
			out[i].Defender = a.text()
		}
		if !a.done() {
			f.bad = true
			return nil
		}
	}
	return out
}

// blocks reads a Block's list.
func (f *bodyFields) blocks() []BlockAssign {
	n := f.list()
	if f.bad {
		return nil
	}
	out := make([]BlockAssign, n)
	for i := range out {
		a := fields(f.r)
		if a.next("blocker") {
			out[i].Blocker = a.text()
		}
		if a.next("attacker") {
			out[i].Attacker = a.text()
		}
		if !a.done() {
			f.bad = true
			return nil
		}
	}
	return out
}

// costChoices reads the fields CostChoices inlines, which come last.
func (f *bodyFields) costChoices(c *CostChoices) {
	if f.left == 0 {
		return // most costs choose nothing
	}
	if f.next("sacrifice") {
		c.Sacrifice = f.texts()
	}
	if f.next("discard") {
		c.Discard = f.texts()
	}
	if f.next("exile") {
		c.Exile = f.texts()
	}
	if f.next("return") {
		c.Return = f.texts()
	}
	if f.next("tap_others") {
		c.TapOthers = f.texts()
	}
	if f.next("reveal") {
		c.Reveal = f.texts()
	}
}

// withBody is an event and its body in one allocation: they live and die
// together, and allocating was most of what the fast path cost.
type withBody[B any] struct {
	ev   Event
	body B
}

// with gives an empty event with an empty body of type B, to be read in
// place (the caller writes the envelope): a new one, or with keep the one
// kept in keep.slot[slot], written over.
func with[B any](keep *kept, slot int) *withBody[B] {
	if keep == nil {
		return new(withBody[B])
	}
	return reused[B](keep, slot)
}

// reused is with for a Decoder. It is not inlined: the empty bodies it
// writes from would take room in fastBody's frame (216 bytes to 1,480),
// which DecodeMsgpack's calls would carry too.
//
//go:noinline
func reused[B any](keep *kept, slot int) *withBody[B] {
	x, ok := keep.slot[slot].(*withBody[B])
	if !ok {
		x = new(withBody[B])
		keep.slot[slot] = x
		return x
	}
	*x = withBody[B]{}
	return x
}

// event is x's event carrying its body.
func event[B any, P interface {
	*B
	Body
}](x *withBody[B]) *Event {
	x.ev.Body = P(&x.body)
	return &x.ev
}

// fastBody reads the body at r, of kind, when it is in canonical form and
// returns an event carrying it (its envelope left for the caller to
// write), and the player a decision names ("" for a table fact); nil
// sends the body to the general decoder. checked says the body's Check
// finds nothing, known from reading it. With keep, the event and body are
// the ones kept there for the kind, written over.
func fastBody(kind Kind, r *fastReader, keep *kept) (out *Event, player string, checked bool) {
	if out, player, ok := usualBody(kind, r, keep); ok {
		return out, player, true
	}
	f := fields(r)
	switch kind {
	case KindPass:
		x := with[Pass](keep, slotPass)
		if f.next("player") {
			x.body.Player = f.text()
		}
		out, player = event(x), x.body.Player
	case KindActivate:
		x := with[Activate](keep, slotActivate)
		readActivate(&f, &x.body)
		out, player = event(x), x.body.Player
	case KindPlayLand:
		x := with[PlayLand](keep, slotPlayLand)
		if f.next("player") {
			x.body.Player = f.text()
		}
		if f.next("card") {
			x.body.Card = f.text()
		}
		if f.next("face") {
			x.body.Face = f.text()
		}
		out, player = event(x), x.body.Player
	case KindCast:
		x := with[Cast](keep, slotCast)
		readCast(&f, &x.body)
		out, player = event(x), x.body.Player
	case KindChoose:
		x := with[Choose](keep, slotChoose)
		if f.next("player") {
			x.body.Player = f.text()
		}
		if f.next("answer") {
			x.body.Answer = f.texts()
		}
		out, player = event(x), x.body.Player
	case KindAttack:
		x := with[Attack](keep, slotAttack)
		if f.next("player") {
			x.body.Player = f.text()
		}
		if f.next("attackers") {
			x.body.Attackers = f.attackers()
		}
		out, player = event(x), x.body.Player
	case KindBlock:
		x := with[Block](keep, slotBlock)
		if f.next("player") {
			x.body.Player = f.text()
		}
		if f.next("blocks") {
			x.body.Blocks = f.blocks()
		}
		out, player = event(x), x.body.Player
	case KindRandom: // a table fact: its player is whose library, not the actor
		x := with[Random](keep, slotRandom)
		readRandom(&f, &x.body)
		out = event(x)
	case KindKeep:
		x := with[Keep](keep, slotKeep)
		if f.next("player") {
			x.body.Player = f.text()
		}
		if f.next("bottom") {
			x.body.Bottom = f.texts()
		}
		out, player = event(x), x.body.Player
	case KindMulligan:
		x := with[Mulligan](keep, slotMulligan)
		if f.next("player") {
			x.body.Player = f.text()
		}
		out, player = event(x), x.body.Player
	case KindConcede:
		x := with[Concede](keep, slotConcede)
		if f.next("player") {
			x.body.Player = f.text()
		}
		out, player = event(x), x.body.Player
	case KindMatchStarted: // a table fact
		x := with[MatchStarted](keep, slotMatchStarted)
		readMatchStarted(&f, &x.body)
		out = event(x)
	default:
		return nil, "", false // setup: the general decoder
	}
	if !f.done() {
		return nil, "", false
	}
	return out, player, false
}

func readActivate(f *bodyFields, b *Activate) {
	if f.next("player") {
		b.Player = f.text()
	}
	if f.next("source") {
		b.Source = f.text()
	}
	if f.next("ability") {
		b.Ability = f.integer()
	}
	if f.next("ability_text") {
		b.AbilityText = f.text()
	}
	if f.next("targets") {
		b.Targets = f.texts()
	}
	if f.next("x") {
		b.X = f.integer()
	}
	if f.next("choice") {
		b.Choice = f.text()
	}
	if f.next("pay") {
		b.Pay = f.payments()
	}
	if f.next("tap") {
		b.Tap = f.text()
	}
	if f.next("special") {
		b.Special = f.text()
	}
	f.costChoices(&b.CostChoices)
}

func readCast(f *bodyFields, b *Cast) {
	if f.next("player") {
		b.Player = f.text()
	}
	if f.next("card") {
		b.Card = f.text()
	}
	if f.next("face") {
		b.Face = f.text()
	}
	if f.next("x") {
		b.X = f.integer()
	}
	if f.next("targets") {
		b.Targets = f.texts()
	}
	if f.next("modes") {
		b.Modes = f.ints()
	}
	if f.next("delve") {
		b.Delve = f.texts()
	}
	if f.next("improvise") {
		b.Improvise = f.texts()
	}
	if f.next("harmonize") {
		b.Harmonize = f.text()
	}
	if f.next("pay") {
		b.Pay = f.payments()
	}
	if f.next("kicked") {
		b.Kicked = f.boolean()
	}
	if f.next("kicks") {
		b.Kicks = f.integer()
	}
	if f.next("entwine") {
		b.Entwine = f.boolean()
	}
	if f.next("convoke") {
		b.Convoke = f.texts()
	}
	if f.next("conspire") {
		b.Conspire = f.texts()
	}
	if f.next("permission") {
		b.Permission = f.text()
	}
	if f.next("replicate") {
		b.Replicate = f.integer()
	}
	if f.next("prototype") {
		b.Prototype = f.boolean()
	}
	if f.next("alternative") {
		b.Alternative = f.text()
	}
	f.costChoices(&b.CostChoices)
}

func readRandom(f *bodyFields, b *Random) {
	if f.next("of") {
		b.Of = f.text()
	}
	if f.next("player") {
		b.Player = f.text()
	}
	if f.next("order") {
		b.Order = f.texts()
	}
	if f.next("coin") {
		b.Coin = f.text()
	}
	if f.next("roll") {
		b.Roll = f.integer()
	}
	if f.next("salt") {
		b.Salt = f.text()
	}
}

func readMatchStarted(f *bodyFields, b *MatchStarted) {
	if f.next("format") {
		b.Format = f.text()
	}
	if f.next("players") {
		n := f.list()
		if f.bad {
			return
		}
		b.Players = make([]Player, n)
		for i := range b.Players {
			p, q := fields(f.r), &b.Players[i]
			if p.next("id") {
				q.ID = p.text()
			}
			if p.next("name") {
				q.Name = p.text()
			}
			if p.next("deck") {
				q.Deck = p.names()
			}
			if p.next("sideboard") {
				q.Sideboard = p.names()
			}
			if p.next("key") {
				q.Key = p.text()
			}
			if !p.done() {
				f.bad = true
				return
			}
		}
	}
	if f.next("starting_life") {
		b.StartingLife = f.integer()
	}
	if f.next("first_player") {
		b.FirstPlayer = f.text()
	}
	if f.next("event") {
		b.Event = f.text()
	}
	if f.next("best_of") {
		b.BestOf = f.integer()
	}
	// cards (declared cards) are left to the general decoder.
	if f.next("table_key") {
		b.TableKey = f.text()
	}
}
