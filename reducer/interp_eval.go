package reducer

import (
	"slices"
	"strings"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Reading an ability's parts against the game: filters, amounts, player
// references, selectors and conditions, all relative to the ability's
// controller and source.

// evalCtx is what an ability's parts are read against.
type evalCtx struct {
	g   *Game
	you int   // the controller of the spell or ability
	src ObjID // its source: the spell itself, or the ability's source permanent
	// res is the resolving stack object (nil while casting or checking a
	// trigger); its Lang holds the bindings and its Targets the targets.
	res *Object
	x   int
	// slots: the start in targets of each target slot of the ability or
	// mode in effect, and the targets still legal (CR 608.2b), by slot.
	slots [][]Target
	// event: a triggered ability's event object and player.
	event     ObjID
	eventSeat int
	eventLKI  *LKI
}

// title is a filter word as the engine spells it: "creature" -> "Creature".
// Filters are read at every check, so the card types and supertypes are
// spelled from a table, and a word that starts with a capital as it is:
// neither allocates.
func title(w string) string {
	if w == "" || 'A' <= w[0] && w[0] <= 'Z' {
		return w
	}
	if t, ok := titled[w]; ok {
		return t
	}
	return strings.ToUpper(w[:1]) + w[1:]
}

var titled = map[string]string{}

func init() {
	for _, t := range []string{"Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred", "Land",
		"Planeswalker", "Sorcery", "Tribal", "Basic", "Legendary", "Snow", "World", "Token"} {
		titled[strings.ToLower(t)] = t
	}
}

// matches reports whether o passes filter f.
func (c *evalCtx) matches(f *ability.Filter, o *Object) bool {
	if f == nil {
		return true
	}
	if o == nil {
		return false
	}
	zone := ZoneBattlefield
	switch {
	case f.Zone != "":
		zone = zoneOf(f.Zone)
	case slices.Contains(f.Types, "spell") || slices.Contains(f.Types, "ability"):
		zone = ZoneStack
	case slices.Contains(f.Types, "card"):
		zone = o.Zone // "a card": wherever the context looks
	}
	return c.matchesIn(f, o, zone)
}

// matchesWherever reports whether o passes filter f in the zone it is
// in, unless f names a zone: the part of objects an earlier effect bound
// ("a permanent card from among them").
func (c *evalCtx) matchesWherever(f *ability.Filter, o *Object) bool {
	if f == nil || f.Zone != "" {
		return c.matches(f, o)
	}
	return o != nil && c.matchesIn(f, o, o.Zone)
}

// matchesIn reports whether o, which must be in zone, passes filter f.
func (c *evalCtx) matchesIn(f *ability.Filter, o *Object, zone Zone) bool {
	s := c.g.S
	if o.Zone != zone {
		return false
	}
	if len(f.Types) > 0 && !slices.ContainsFunc(f.Types, func(t string) bool { return c.isType(o, t) }) {
		return false
	}
	if slices.ContainsFunc(f.NotTypes, func(t string) bool { return c.isType(o, t) }) {
		return false
	}
	if len(f.Supertypes) > 0 && !slices.ContainsFunc(f.Supertypes, func(t string) bool { return o.HasSupertype(title(t)) }) {
		return false
	}
	if slices.ContainsFunc(f.NotSupertypes, func(t string) bool { return o.HasSupertype(title(t)) }) {
		return false
	}
	if len(f.Subtypes) > 0 && !slices.ContainsFunc(f.Subtypes, func(t string) bool { return o.HasSubtype(title(t)) }) {
		return false
	}
	if slices.ContainsFunc(f.NotSubtypes, func(t string) bool { return o.HasSubtype(title(t)) }) {
		return false
	}
	colors := o.Colors()
	hasColor := func(l string) bool {
		col, ok := cards.ParseColor(l)
		return ok && slices.Contains(colors, col)
	}
	switch {
	case len(f.Colors) > 0 && !slices.ContainsFunc(f.Colors, hasColor),
		slices.ContainsFunc(f.NotColors, hasColor),
		f.Colorless && len(colors) > 0,
		f.Multicolored && len(colors) < 2,
		f.Monocolored && len(colors) != 1:
		return false
	}
	if !c.whose(f.Controller, o.Controller) || !c.whose(f.Owner, o.Owner) {
		return false
	}
	if f.ControllerRef != nil && !slices.Contains(c.players(f.ControllerRef), o.Controller) {
		return false
	}
	switch {
	case f.Other && o.ID == c.src,
		f.Tapped && !o.Tapped, f.Untapped && o.Tapped,
		f.Attacking && o.Attacking == 0, f.Blocking && o.Blocking == 0,
		f.Token && !o.Token, f.Nontoken && o.Token,
		f.Name != "" && !strings.EqualFold(o.Name(), f.Name),
		f.Counter != "" && o.counter(f.Counter) == 0:
		return false
	}
	if f.ChosenName && !chosenNameMatches(s.Obj(c.src), o) { // interp_chosen_name.go
		return false
	}
	if f.ChosenType && !chosenTypeMatches(s.Obj(c.src), o) { // interp_chosen_type.go
		return false
	}
	if f.NameBound != "" {
		b := c.binding(f.NameBound)
		if b == nil || !strings.EqualFold(o.Name(), b.Text) {
			return false
		}
	}
	if len(f.Keywords) > 0 && !slices.ContainsFunc(f.Keywords, o.Has) {
		return false
	}
	if slices.ContainsFunc(f.NotKeywords, o.Has) {
		return false
	}
	if f.Power != nil && !c.compare(o.Power(), f.Power) ||
		f.Toughness != nil && !c.compare(o.Toughness(), f.Toughness) ||
		f.ManaValue != nil && !c.compare(o.ManaValue(), f.ManaValue) {
		return false
	}
	if len(f.ManaCosts) > 0 && (o.def() == nil || !slices.Contains(f.ManaCosts, o.def().Cost.String())) { // "with mana cost {0} or {1}"
		return false
	}
	if f.Ability != "" && !(f.Ability == "activated" && o.Ability > 0 || f.Ability == "triggered" && o.Trigger > 0) {
		return false
	}
	if len(f.AnyOf) > 0 && !slices.ContainsFunc(f.AnyOf, func(sub ability.Filter) bool { return c.matches(&sub, o) }) {
		return false
	}
	if slices.ContainsFunc(f.Not, func(sub ability.Filter) bool { return c.matches(&sub, o) }) {
		return false
	}
	_ = s
	return true
}

// isType: a card type, or "permanent", "spell", "card", "ability".
func (c *evalCtx) isType(o *Object, t string) bool {
	switch t {
	case "permanent":
		return o.Zone == ZoneBattlefield
	case "spell":
		return o.Zone == ZoneStack && !o.isAbility()
	case "ability":
		return o.Zone == ZoneStack && o.isAbility()
	case "card":
		return o.Card != 0 && !o.isAbility()
	}
	return o.Is(title(t))
}

// whose checks "you"/"opponent" relative to the controller.
func (c *evalCtx) whose(rel string, seat int) bool {
	switch rel {
	case "you":
		return seat == c.you
	case "opponent":
		return seat != c.you
	}
	return true
}

func (c *evalCtx) compare(v int, cmp *ability.Compare) bool {
	return compareInts(v, cmp.Op, c.amount(&cmp.Amount))
}

func compareInts(a int, op string, b int) bool {
	switch op {
	case "<":
		return a < b
	case "<=":
		return a <= b
	case "==":
		return a == b
	case "!=":
		return a != b
	case ">=":
		return a >= b
	case ">":
		return a > b
	}
	return false
}

// zoneOf maps the language's zone to the engine's.
func zoneOf(z ability.Zone) Zone {
	switch z {
	case ability.ZoneBattlefield:
		return ZoneBattlefield
	case ability.ZoneHand:
		return ZoneHand
	case ability.ZoneLibrary:
		return ZoneLibrary
	case ability.ZoneGraveyard:
		return ZoneGraveyard
	case ability.ZoneExile:
		return ZoneExile
	case ability.ZoneStack:
		return ZoneStack
	case ability.ZoneCommand:
		return ZoneCommand
	}
	return ZoneNone
}

// binding finds a name the resolving object's effects bound.
func (c *evalCtx) binding(name string) *Binding {
	if c.res == nil {
		return nil
	}
	return c.res.Lang.binding(name)
}

// amount evaluates an amount now.
func (c *evalCtx) amount(a *ability.Amount) int {
	if a == nil {
		return 0
	}
	v, variable := 0, true
	switch a.Var {
	case "":
		variable = false
	case "x":
		v = c.x
	case "count":
		v = len(c.all(a.Count, a.Player))
	case "power", "toughness", "mana_value", "loyalty", "counters":
		v = c.stat(a)
	case "life":
		for _, p := range c.players(a.Player) {
			v += c.g.S.Players[p].Life
		}
	case "hand":
		for _, p := range c.players(a.Player) {
			v += len(c.g.S.Players[p].Hand)
		}
	case "graveyard":
		for _, p := range c.players(a.Player) {
			v += len(c.g.S.Players[p].Graveyard)
		}
	case "bound_count":
		if b := c.binding(a.Name); b != nil {
			v = len(b.Items)
			if a.Count != nil { // those of them Count accepts where they are now ("returned to your hand this way")
				v = 0
				for _, t := range b.Items {
					if o := c.g.S.Obj(ObjID(t.Obj)); t.Obj != 0 && o != nil && c.matchesWherever(a.Count, o) {
						v++
					}
				}
			}
		}
	case "chosen":
		if b := c.binding(a.Name); b != nil {
			v = atoiOr(b.Text, 0)
		}
	case "devotion":
		v = c.devotion(a.Colors)
	case "spells_cast":
		v = c.spellsCast(a.Player) // interp_turnfacts.go
	case "noncreature_spells_cast":
		v = c.noncreatureCast(a.Player) // interp_nthcast.go
	case "mana_spent", "colors_spent":
		v = c.spentOf(a) // interp_spent.go
	case "kicks": // "for each time it was kicked" (interp_multikicker.go)
		v = timesKicked(c.g.S.Obj(c.src))
	case "greatest_mana_value": // "the greatest mana value among Elementals you control"
		for _, id := range c.all(a.Count, a.Player) {
			v = max(v, c.g.S.Obj(id).ManaValue())
		}
	}
	if variable {
		if a.Times != 0 {
			v *= a.Times
		}
		switch a.Half {
		case "up":
			v = (v + 1) / 2
		case "down":
			v /= 2
		}
	}
	return a.N + v
}

// stat reads a number of the amount's object: as it is, or as it last
// existed (CR 608.2h).
func (c *evalCtx) stat(a *ability.Amount) int {
	ids := c.objects(a.Of)
	if len(ids) == 0 {
		if l := c.lkiOf(a.Of); l != nil {
			switch a.Var {
			case "power":
				return l.Power
			case "toughness":
				return l.Toughness
			case "counters":
				for _, ct := range l.Counters {
					if ct.Kind == a.Counter {
						return ct.N
					}
				}
			}
		}
		return 0
	}
	o := c.g.S.Obj(ids[0])
	switch a.Var {
	case "power":
		return o.Power()
	case "toughness":
		return o.Toughness()
	case "mana_value":
		return o.ManaValue()
	case "loyalty":
		return o.counter("loyalty")
	case "counters":
		return o.counter(a.Counter)
	}
	return 0
}

// lkiOf is the last known information of a gone object a selector names:
// the ability's source or its event's object.
func (c *evalCtx) lkiOf(s *ability.Selector) *LKI {
	if s == nil || c.res == nil {
		return nil
	}
	switch s.Ref {
	case ability.Self:
		if c.res.isAbility() {
			return c.res.LKI
		}
	case ability.EventObject:
		return c.eventLKI
	}
	return nil
}

func (c *evalCtx) devotion(colors []string) int {
	n := 0
	for _, id := range c.g.S.Battlefield {
		o := c.g.S.Objects[id]
		if o.Controller != c.you || o.def() == nil {
			continue
		}
		for _, sym := range o.def().Cost {
			for _, l := range colors {
				col, _ := cards.ParseColor(l)
				if (sym.Kind == cards.SymColored || sym.Kind == cards.SymPhyrexian || sym.Kind == cards.SymTwoHybrid) && sym.Color == col ||
					sym.Kind == cards.SymHybrid && (sym.Color == col || sym.Alt == col) {
					n++
					break
				}
			}
		}
	}
	return n
}

func atoiOr(s string, d int) int {
	n := 0
	if s == "" {
		return d
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return d
		}
		n = 10*n + int(r-'0')
	}
	return n
}

// all lists the objects a filter accepts now, in a deterministic order:
// the battlefield in the order permanents entered, the stack bottom first,
// exile, then each player's zones in seat order (libraries top first).
// player narrows zones that belong to players.
func (c *evalCtx) all(f *ability.Filter, player *ability.PlayerRef) []ObjID {
	s := c.g.S
	var seats []int
	if player != nil {
		seats = c.players(player)
	}
	mine := func(o *Object) bool {
		if player == nil {
			return true
		}
		if o.Zone == ZoneBattlefield || o.Zone == ZoneStack {
			return slices.Contains(seats, o.Controller)
		}
		return slices.Contains(seats, o.Owner)
	}
	var out []ObjID
	scan := func(ids []ObjID) {
		for _, id := range ids {
			if o := s.Objects[id]; mine(o) && c.matches(f, o) {
				out = append(out, id)
			}
		}
	}
	zone := ZoneBattlefield
	if f != nil && f.Zone != "" {
		zone = zoneOf(f.Zone)
	} else if f != nil && (slices.Contains(f.Types, "spell") || slices.Contains(f.Types, "ability")) {
		zone = ZoneStack
	}
	switch zone {
	case ZoneBattlefield:
		scan(s.Battlefield)
	case ZoneStack:
		scan(s.Stack)
	case ZoneExile:
		scan(s.Exile)
	default:
		for _, p := range s.Players {
			scan(*s.zoneList(zone, slices.Index(s.Players, p)))
		}
	}
	return out
}

// players lists the seats a player reference names now, in turn order
// from the active player where it names several (APNAP).
func (c *evalCtx) players(p *ability.PlayerRef) []int {
	s := c.g.S
	if p == nil {
		return []int{c.you}
	}
	inGame := func(seat int) bool { return !s.Players[seat].Lost }
	switch p.Who {
	case ability.You:
		return []int{c.you}
	case ability.Opponents, ability.AnOpponent, ability.Each:
		var out []int
		for k := range s.Players {
			seat := (s.Active + k) % len(s.Players)
			if inGame(seat) && (p.Who == ability.Each || seat != c.you) {
				out = append(out, seat)
			}
		}
		if p.Who == ability.AnOpponent && len(out) > 1 {
			out = out[:1]
		}
		return out
	case ability.TargetPlayer:
		var out []int
		for _, t := range c.slot(p.Index) {
			if t.Obj == 0 {
				out = append(out, t.Player)
			}
		}
		return out
	case ability.Controller, ability.Owner:
		var out []int
		for _, id := range c.objects(p.Of) {
			o := s.Obj(id)
			if p.Who == ability.Controller {
				out = append(out, o.Controller)
			} else {
				out = append(out, o.Owner)
			}
		}
		if len(out) == 0 && p.Of != nil && p.Of.Ref == ability.TargetRef {
			// A gone target: the controller it had as the resolution
			// began (interp_target_lki.go). A target that is a player
			// has none.
			if p.Who == ability.Controller {
				return c.goneTargetControllers(p.Of.Index)
			}
			return nil
		}
		if len(out) == 0 && p.Of != nil && p.Of.Ref == ability.Self && c.res != nil {
			out = append(out, c.you) // a gone source: its last controller
		}
		return out
	case ability.EventPlayer:
		return []int{c.eventSeat}
	case ability.Active:
		return []int{s.Active}
	case ability.Defending:
		if src := s.Obj(c.src); src != nil && src.Attacking > 0 {
			return []int{src.Attacking - 1}
		}
		return nil
	case ability.BoundPlayer:
		var out []int
		if b := c.binding(p.Name); b != nil {
			for _, t := range b.Items {
				if t.Obj == 0 {
					out = append(out, t.Player)
				}
			}
		}
		return out
	}
	return nil
}

// slot is the legal targets of target slot i.
func (c *evalCtx) slot(i int) []Target {
	if i < 0 || i >= len(c.slots) {
		return nil
	}
	return c.slots[i]
}

// objects lists the objects a selector names now that are still where
// the selector expects them (a target that left is gone, CR 608.2b).
func (c *evalCtx) objects(sel *ability.Selector) []ObjID {
	if sel == nil {
		return nil
	}
	s := c.g.S
	live := func(id ObjID) bool { return s.Obj(id) != nil }
	var out []ObjID
	switch sel.Ref {
	case ability.Self:
		if live(c.src) {
			out = append(out, c.src)
		}
	case ability.LinkedExiled:
		out = s.exiledWith(c.src) // interp_linked_exile.go
	case ability.TargetRef:
		for _, t := range c.slot(sel.Index) {
			if t.Obj != 0 && live(ObjID(t.Obj)) {
				out = append(out, ObjID(t.Obj))
			}
		}
	case ability.Bound, ability.Rest:
		if b := c.binding(sel.Name); b != nil {
			for _, t := range b.Items {
				if t.Obj != 0 && live(ObjID(t.Obj)) && (sel.Filter == nil || c.matchesWherever(sel.Filter, s.Obj(ObjID(t.Obj)))) {
					out = append(out, ObjID(t.Obj))
				}
			}
		}
		if sel.Ref == ability.Rest {
			out = slices.DeleteFunc(out, func(id ObjID) bool { return c.moved(id) })
		}
	case ability.All:
		out = c.all(sel.Filter, sel.Player)
	case ability.EventObject:
		if live(c.event) {
			out = append(out, c.event)
		}
	case ability.Attached:
		if src := s.Obj(c.src); src != nil && src.AttachedTo != 0 && live(src.AttachedTo) {
			out = append(out, src.AttachedTo)
		}
	case ability.LibraryTop:
		out = c.libraryTop(sel) // interp_librarytop.go
	}
	return out
}

// moved reports whether an object bound earlier has been acted on by a
// later effect of this resolution: it is no longer in the zone it was
// bound in, or a later binding holds it ("the rest" are the ones left).
func (c *evalCtx) moved(id ObjID) bool {
	if c.res == nil || c.res.Lang == nil {
		return false
	}
	for _, b := range c.res.Lang.Bound {
		if strings.HasPrefix(b.Name, "_moved") && slices.Contains(b.Items, Target{Obj: uint32(id)}) {
			return true
		}
	}
	return false
}

// holds evaluates a condition now.
func (c *evalCtx) holds(cond *ability.Condition) bool {
	if cond == nil {
		return true
	}
	s := c.g.S
	switch cond.Kind {
	case ability.CondCompare:
		return compareInts(c.amount(cond.Left), cond.Op, c.amount(cond.Right))
	case ability.CondIs:
		ids := c.objects(cond.Object)
		if len(ids) == 0 {
			return false
		}
		for _, id := range ids {
			if !c.matches(cond.Filter, s.Obj(id)) {
				return false
			}
		}
		return true
	case ability.CondExists:
		return len(c.all(cond.Filter, cond.Player)) > 0
	case ability.CondDid:
		name := cond.Name
		if name == "" {
			name = "_did"
		}
		b := c.binding(name)
		return b != nil && b.Did
	case ability.CondKicked:
		if o := s.Obj(c.src); o != nil && (cond.Text == conspired || cond.Text == replicated) {
			return o.Times > 0 // interp_conspire.go, interp_copies.go
		} else if o != nil {
			return o.Kicked
		}
		return false
	case ability.CondCastWith:
		if o := s.Obj(c.src); o != nil {
			return o.CastWith == cond.Text
		}
		return false
	case ability.CondYourTurn:
		return s.Active == c.you
	case ability.CondWasCast:
		if o := s.Obj(c.src); o != nil {
			return o.Cast || o.Zone == ZoneStack && !o.isAbility()
		}
		return c.res != nil && c.res.LKI != nil && c.res.LKI.Cast
	case ability.CondChosen:
		b := c.binding(cond.Name)
		return b != nil && strings.EqualFold(b.Text, cond.Text)
	case ability.CondAnd:
		for i := range cond.Sub {
			if !c.holds(&cond.Sub[i]) {
				return false
			}
		}
		return true
	case ability.CondOr:
		for i := range cond.Sub {
			if c.holds(&cond.Sub[i]) {
				return true
			}
		}
		return false
	case ability.CondNot:
		return !c.holds(&cond.Sub[0])
	case ability.CondTargets:
		return c.targetsMatch(cond.Filter)
	case ability.CondFact:
		h, _ := c.factHolds(cond.Text) // interp_turnfacts.go
		return h
	case ability.CondItsControllersTurn: // the spell a cost rule is about (changedCostOnly)
		return c.event != 0 && s.Active == c.eventSeat
	}
	return false
}
