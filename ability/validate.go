package ability

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Error is a malformed ability: Path says where ("abilities[2].effects[0].amount").
type Error struct {
	Path   string
	Reason string
}

func (e *Error) Error() string { return e.Path + ": " + e.Reason }

// Validate checks that an ability is well formed: a known kind with the
// fields it needs and none it can't have, known verbs with only the
// operands they read, target slots and bound names that exist, amounts,
// filters, costs and conditions of the documented forms. It says nothing
// of whether an engine can carry the ability out. path prefixes error
// paths ("abilities[0]").
func Validate(a *Ability, path string) error {
	v := validator{}
	v.ability(a, path, nil)
	if len(v.errs) > 0 {
		return v.errs[0]
	}
	return nil
}

type validator struct{ errs []*Error }

func (v *validator) fail(path, format string, args ...any) {
	v.errs = append(v.errs, &Error{Path: path, Reason: fmt.Sprintf(format, args...)})
}

// scope is what effects may refer to: target slots and bound names.
type scope struct {
	targets int
	bound   []string
	parent  *scope
}

func (s *scope) has(name string) bool {
	for ; s != nil; s = s.parent {
		if slices.Contains(s.bound, name) {
			return true
		}
	}
	return false
}

var kindFields = map[Kind]string{
	Spell:       "targets effects modes",
	Activated:   "cost limit targets effects modes level",
	Mana:        "cost limit effects level",
	Triggered:   "trigger if optional targets effects modes level",
	Static:      "static level",
	Replacement: "replace level",
	Keyword:     "keyword",
}

func (v *validator) ability(a *Ability, path string, outer *scope) {
	allowed, ok := kindFields[a.Kind]
	if !ok {
		v.fail(path+".kind", "unknown kind %q (want spell, activated, mana, triggered, static, replacement or keyword)", a.Kind)
		return
	}
	set := map[string]bool{
		"cost": a.Cost != nil, "limit": a.Limit != nil, "trigger": a.Trigger != nil, "if": a.If != nil,
		"optional": a.Optional, "targets": len(a.Targets) > 0, "effects": len(a.Effects) > 0, "modes": a.Modes != nil,
		"static": a.Static != nil, "replace": a.Replace != nil, "keyword": a.Keyword != nil, "level": a.Level != 0,
	}
	for _, f := range sortedKeys(set) {
		if set[f] && !strings.Contains(" "+allowed+" ", " "+f+" ") {
			v.fail(path+"."+f, "a %s ability has no %s", a.Kind, f)
		}
	}
	switch a.Kind {
	case Activated, Mana:
		if a.Cost == nil {
			v.fail(path+".cost", "an activated ability needs a cost")
		}
	case Triggered:
		if a.Trigger == nil {
			v.fail(path+".trigger", "a triggered ability needs a trigger")
		}
	case Static:
		if a.Static == nil {
			v.fail(path+".static", "a static ability needs its effect")
		}
	case Replacement:
		if a.Replace == nil {
			v.fail(path+".replace", "a replacement ability needs its effect")
		}
	case Keyword:
		if a.Keyword == nil || a.Keyword.Name == "" {
			v.fail(path+".keyword.name", "a keyword ability needs a name")
		}
	}
	if a.Level < 0 || a.Level == 1 {
		v.fail(path+".level", "a Class's ability of level %d: want 2 or more (0 for every level)", a.Level)
	}
	if a.Modes != nil && (len(a.Targets) > 0 || len(a.Effects) > 0) {
		v.fail(path+".modes", "a modal ability keeps its targets and effects in its modes")
	}
	if a.Kind == Spell && a.Modes == nil && len(a.Effects) == 0 {
		v.fail(path+".effects", "a spell ability does something")
	}
	v.cost(a.Cost, path+".cost")
	v.limit(a.Limit, path+".limit")
	if t := a.Trigger; t != nil {
		v.trigger(t, path+".trigger")
	}
	v.cond(a.If, path+".if", outer)
	sc := &scope{targets: len(a.Targets), parent: outer}
	v.targets(a.Targets, path+".targets")
	v.effects(a.Effects, path+".effects", sc)
	if m := a.Modes; m != nil {
		if m.Min < 0 || m.Max < m.Min || m.Max == 0 || len(m.List) == 0 || (!m.Repeat && m.Max > len(m.List)) {
			v.fail(path+".modes", "choose %d to %d of %d modes", m.Min, m.Max, len(m.List))
		}
		v.cond(m.MaxIf, path+".modes.max_if", outer)
		for i := range m.List {
			mp := path + ".modes.list[" + strconv.Itoa(i) + "]"
			md := &m.List[i]
			v.cost(md.Cost, mp+".cost")
			v.targets(md.Targets, mp+".targets")
			if len(md.Effects) == 0 {
				v.fail(mp+".effects", "a mode does something")
			}
			v.effects(md.Effects, mp+".effects", &scope{targets: len(md.Targets), parent: outer})
		}
	}
	if s := a.Static; s != nil {
		v.static(s, path+".static")
	}
	if r := a.Replace; r != nil {
		v.replace(r, path+".replace")
	}
	if k := a.Keyword; k != nil {
		v.cost(k.Cost, path+".keyword.cost")
		v.filter(k.Filter, path+".keyword.filter")
	}
}

func (v *validator) targets(ts []Target, path string) {
	for i, t := range ts {
		p := path + "[" + strconv.Itoa(i) + "]"
		if t.MaxX {
			if t.Min != 0 || t.Max != 0 {
				v.fail(p, "up to X targets: min and max 0, not %d and %d", t.Min, t.Max)
			}
		} else if t.Min < 0 || (t.Max != -1 && t.Max < t.Min) || t.Max == 0 {
			v.fail(p, "min %d, max %d: want 0 <= min <= max, max >= 1 or -1 (any number)", t.Min, t.Max)
		}
		switch t.Players {
		case "", "any", "opponent", "you":
		default:
			v.fail(p+".players", "want any, opponent or you, got %q", t.Players)
		}
		if t.Filter == nil && t.Players == "" {
			v.fail(p, "a target slot accepts objects (filter) or players")
		}
		v.filter(t.Filter, p+".filter")
	}
}

func (v *validator) effects(es []Effect, path string, sc *scope) {
	for i := range es {
		e := &es[i]
		p := path + "[" + strconv.Itoa(i) + "]"
		v.effect(e, p, sc)
		if e.Bind != "" {
			sc.bound = append(sc.bound, e.Bind)
		}
	}
}

// verbOperands lists the operands each verb reads, besides the ones every
// verb may use (optional, unless, if, else, bind).
var verbOperands = map[Verb]string{
	Damage: "source to amount", DivideDamage: "source to amount", Destroy: "object no_regenerate", Exile: "object text duration",
	Move: "object zone position order tapped control player", Sacrifice: "player object", Draw: "player amount",
	Discard: "player object", Mill: "player amount", GainLife: "player amount", LoseLife: "player amount",
	SetLife: "player amount", PutCounters: "object player amount counter", RemoveCounters: "object amount counter",
	Pump: "object mods duration", Grant: "object mods duration grant", CreateToken: "player control amount token tapped attacking",
	Counter: "object zone", Tap: "object", Untap: "object", Search: "player amount filter zone tapped text",
	Shuffle: "player", Scry: "player amount", Surveil: "player amount", Look: "player object amount",
	Reveal: "player object amount", GainControl: "player object duration", Copy: "player object amount",
	Fight: "object to", Attach: "object to", Transform: "object", AddMana: "player mana",
	Regenerate: "object", Prevent: "to source amount duration", Choose: "player choice filter",
	ForEach: "object amount player sub", CastFree: "player object", MayPlay: "player object duration text",
	DelayedTrigger: "delayed", Emblem: "player grant", FlipCoin: "player", ExtraTurn: "player amount", WinGame: "player", LoseGame: "player",
	TakeInitiative: "player", BecomeMonarch: "player", PlayerGains: "player text duration",
	Discover: "player amount", Populate: "player amount", Proliferate: "player", Investigate: "player amount",
	Explore: "object", Amass: "player amount text", Connive: "object", Learn: "player", Venture: "player",
	Manifest: "player amount", Adapt: "object amount", Bolster: "player amount", Support: "object amount",
	Monstrosity: "object amount", Incubate: "player amount", Collect: "player amount", Forage: "player",
	Earthbend: "player amount", Select: "player object", Replace: "object replace duration", Pay: "player cost",
}

func (v *validator) effect(e *Effect, p string, sc *scope) {
	ops, ok := verbOperands[e.Verb]
	if !ok {
		v.fail(p+".verb", "unknown verb %q", e.Verb)
		return
	}
	set := map[string]bool{
		"player": e.Player != nil, "object": e.Object != nil, "to": e.To != nil, "amount": e.Amount != nil,
		"source": e.Source != nil, "zone": e.Zone != "", "position": e.Position != "", "order": e.Order != "",
		"tapped": e.Tapped, "attacking": e.Attacking, "control": e.Control != nil, "counter": e.Counter != "",
		"mana": e.Mana != nil, "mods": e.Mods != nil, "duration": e.Duration != "", "token": e.Token != nil,
		"filter": e.Filter != nil, "choice": e.Choice != "", "text": e.Text != "", "sub": len(e.Sub) > 0,
		"delayed": e.Delayed != nil, "grant": len(e.Grant) > 0, "replace": e.Replace != nil,
		"no_regenerate": e.NoRegenerate, "cost": e.Cost != nil,
	}
	for _, f := range sortedKeys(set) {
		if set[f] && !strings.Contains(" "+ops+" ", " "+f+" ") {
			v.fail(p+"."+f, "%s takes no %s", e.Verb, f)
		}
	}
	need := func(ok bool, field, what string) {
		if !ok {
			v.fail(p+"."+field, "%s needs %s", e.Verb, what)
		}
	}
	switch e.Verb {
	case Damage, DivideDamage:
		need(e.To != nil, "to", "what is dealt damage")
		need(e.Amount != nil, "amount", "an amount")
	case Destroy, Exile, Tap, Untap, Transform, Regenerate, Counter, Explore, Connive:
		need(e.Object != nil, "object", "what it acts on")
	case Move:
		need(e.Object != nil, "object", "what it moves")
		need(e.Zone != "", "zone", "where it goes")
	case PutCounters, RemoveCounters:
		need(e.Object != nil || e.Verb == PutCounters && e.Player != nil, "object", "what gets counters")
		need(e.Counter != "", "counter", "a counter kind")
	case Pump, Grant:
		need(e.Object != nil, "object", "what it changes")
		need(e.Mods != nil || len(e.Grant) > 0, "mods", "what it gives")
	case CreateToken:
		need(e.Token != nil, "token", "a token description")
	case AddMana:
		need(e.Mana != nil, "mana", "the mana added")
	case Fight, Attach:
		need(e.To != nil, "to", "the other object")
	case Choose:
		need(e.Choice != "", "choice", "what is chosen")
		need(e.Bind != "", "bind", "a name for the choice")
	case ForEach:
		need(len(e.Sub) > 0, "sub", "what it does for each")
		need(e.Object != nil || e.Amount != nil, "object", "what it counts over")
	case DelayedTrigger:
		need(e.Delayed != nil, "delayed", "the delayed triggered ability")
	case Emblem:
		need(len(e.Grant) > 0, "grant", "the emblem's abilities")
	case Select:
		// a target is chosen as the spell is cast ("Choose target creature.")
		need(e.Object != nil && (e.Object.Choose != nil || e.Object.Ref == TargetRef), "object.choose", "how many are chosen")
		need(e.Bind != "" || e.Object != nil && e.Object.Ref == TargetRef, "bind", "a name for what is chosen")
	case Replace:
		need(e.Replace != nil, "replace", "the replacement effect")
	case Pay:
		need(!e.Cost.IsZero(), "cost", "a cost to pay")
	case Sacrifice, Discard, CastFree, MayPlay:
		need(e.Object != nil, "object", "what it acts on")
	}
	if e.Verb == Exile && e.Duration != Forever && e.Duration != SourceLeaves {
		v.fail(p+".duration", "an exile lasts for ever or until its source leaves the battlefield (source_leaves), not %q", e.Duration)
	}
	if e.Position != "" && e.Position != Top && e.Position != Bottom {
		if n, err := strconv.Atoi(string(e.Position)); err != nil || n < 1 {
			v.fail(p+".position", "want top, bottom or a number from the top, got %q", e.Position)
		}
	}
	switch e.Order {
	case "", "any", "random", "shuffle":
	default:
		v.fail(p+".order", "want any, random or shuffle, got %q", e.Order)
	}
	v.zone(e.Zone, p+".zone")
	v.duration(e.Duration, p+".duration")
	v.player(e.Player, p+".player", sc)
	v.player(e.Control, p+".control", sc)
	v.selector(e.Object, p+".object", sc)
	v.selector(e.To, p+".to", sc)
	v.selector(e.Source, p+".source", sc)
	v.amount(e.Amount, p+".amount", sc)
	v.mods(e.Mods, p+".mods")
	v.filter(e.Filter, p+".filter")
	v.cond(e.If, p+".if", sc)
	v.cost(e.Cost, p+".cost")
	if e.Unless != nil {
		v.player(e.Unless.Payer, p+".unless.payer", sc)
		v.cost(&e.Unless.Cost, p+".unless.cost")
	}
	if m := e.Mana; m != nil {
		if m.Fixed != "" {
			v.mana(m.Fixed, p+".mana.fixed")
		}
		for i, f := range m.OneOf {
			v.mana(f, p+".mana.one_of["+strconv.Itoa(i)+"]")
		}
		v.colors(m.Colors, p+".mana.colors")
		v.amount(m.Amount, p+".mana.amount", sc)
		v.filter(m.Spend, p+".mana.spend")
		if m.Fixed == "" && len(m.OneOf) == 0 && !m.Any && m.Among == "" {
			v.fail(p+".mana", "say what mana: fixed, one_of, any or among")
		}
	}
	if t := e.Token; t != nil {
		v.colors(t.Colors, p+".token.colors")
		v.selector(t.Copy, p+".token.copy", sc)
		v.mods(t.Mods, p+".token.mods")
		if t.Name == "" && t.Copy == nil && len(t.Types) == 0 {
			v.fail(p+".token", "a token needs a name, types or a copy")
		}
		for i := range t.Abilities {
			v.ability(&t.Abilities[i], p+".token.abilities["+strconv.Itoa(i)+"]", nil)
		}
	}
	if e.Replace != nil {
		v.replace(e.Replace, p+".replace")
	}
	for i := range e.Grant {
		v.ability(&e.Grant[i], p+".grant["+strconv.Itoa(i)+"]", nil)
	}
	if e.Delayed != nil {
		if e.Delayed.Kind != Triggered {
			v.fail(p+".delayed.kind", "a delayed ability is triggered")
		}
		v.ability(e.Delayed, p+".delayed", sc)
	}
	inner := &scope{targets: sc.targets, parent: sc}
	if e.Bind != "" && e.Verb == ForEach {
		inner.bound = append(inner.bound, e.Bind)
	}
	v.effects(e.Sub, p+".sub", inner)
	v.effects(e.Else, p+".else", &scope{targets: sc.targets, parent: sc})
}

func (v *validator) selector(s *Selector, p string, sc *scope) {
	if s == nil {
		return
	}
	switch s.Ref {
	case Self, All, ChooseRef, EventObject, Attached, LibraryTop, LinkedExiled:
	case TargetRef:
		if sc == nil || s.Index < 0 || s.Index >= sc.targets {
			n := 0
			if sc != nil {
				n = sc.targets
			}
			v.fail(p+".index", "target slot %d: the ability has %d", s.Index, n)
		}
	case Bound, Rest:
		if s.Name == "" || !sc.has(s.Name) {
			v.fail(p+".name", "%q is not bound by an earlier effect", s.Name)
		}
	case PlayerSel:
		if s.Player == nil {
			v.fail(p+".player", "a player selector names its player")
		}
	default:
		v.fail(p+".ref", "unknown ref %q", s.Ref)
	}
	if s.Ref == All && s.Filter == nil {
		v.fail(p+".filter", "\"all\" needs a filter")
	}
	if s.Ref == ChooseRef && s.Choose == nil {
		v.fail(p+".choose", "\"choose\" says how many")
	}
	if s.Amount != nil && s.Ref != LibraryTop {
		v.fail(p+".amount", "only library_top takes an amount (how many cards from the top)")
	}
	v.amount(s.Amount, p+".amount", sc)
	v.filter(s.Filter, p+".filter")
	v.player(s.Player, p+".player", sc)
	if c := s.Choose; c != nil {
		if c.Amount == nil && (c.Min < 0 || (c.Max != -1 && c.Max < c.Min)) {
			v.fail(p+".choose", "min %d, max %d", c.Min, c.Max)
		}
		v.amount(c.Amount, p+".choose.amount", sc)
		v.player(c.By, p+".choose.by", sc)
	}
}

func (v *validator) player(r *PlayerRef, p string, sc *scope) {
	if r == nil {
		return
	}
	switch r.Who {
	case You, Opponents, AnOpponent, Each, EventPlayer, Active, Defending:
	case TargetPlayer:
		if sc == nil || r.Index < 0 || r.Index >= sc.targets {
			v.fail(p+".index", "target slot %d doesn't exist", r.Index)
		}
	case Controller, Owner:
		if r.Of == nil {
			v.fail(p+".of", "whose %s?", r.Who)
		}
		v.selector(r.Of, p+".of", sc)
	case BoundPlayer:
		if !sc.has(r.Name) {
			v.fail(p+".name", "%q is not bound by an earlier effect", r.Name)
		}
	default:
		v.fail(p+".who", "unknown player %q", r.Who)
	}
}

var amountVars = " x count power toughness mana_value loyalty counters life hand graveyard damage life_gained cards_drawn spells_cast noncreature_spells_cast devotion domain party bound_count chosen mana_spent colors_spent greatest_mana_value kicks "

func (v *validator) amount(a *Amount, p string, sc *scope) {
	if a == nil {
		return
	}
	if a.Var != "" && !strings.Contains(amountVars, " "+a.Var+" ") {
		v.fail(p+".var", "unknown amount %q", a.Var)
	}
	switch a.Var {
	case "count", "greatest_mana_value":
		if a.Count == nil {
			v.fail(p+".count", "count of what?")
		}
	case "power", "toughness", "mana_value", "loyalty", "counters", "mana_spent", "colors_spent":
		if a.Of == nil {
			v.fail(p+".of", "whose %s?", a.Var)
		}
	}
	switch a.Half {
	case "", "up", "down":
	default:
		v.fail(p+".half", "want up or down, got %q", a.Half)
	}
	v.filter(a.Count, p+".count")
	v.selector(a.Of, p+".of", sc)
	v.player(a.Player, p+".player", sc)
	v.colors(a.Colors, p+".colors")
}

func (v *validator) filter(f *Filter, p string) {
	if f == nil {
		return
	}
	v.colors(f.Colors, p+".colors")
	v.colors(f.NotColors, p+".not_colors")
	for _, w := range []struct{ name, val string }{{"controller", f.Controller}, {"owner", f.Owner}} {
		switch w.val {
		case "", "you", "opponent":
		default:
			v.fail(p+"."+w.name, "want you or opponent, got %q", w.val)
		}
	}
	v.zone(f.Zone, p+".zone")
	for i, z := range f.CastFrom {
		if z == ZoneAny || z == ZoneStack || z == ZoneBattlefield {
			v.fail(p+".cast_from["+strconv.Itoa(i)+"]", "a spell is cast from a hand, library, graveyard, exile or the command zone, not %q", z)
		}
		v.zone(z, p+".cast_from["+strconv.Itoa(i)+"]")
	}
	for _, c := range []struct {
		name string
		c    *Compare
	}{{"power", f.Power}, {"toughness", f.Toughness}, {"mana_value", f.ManaValue}} {
		if c.c == nil {
			continue
		}
		v.op(c.c.Op, p+"."+c.name+".op")
		v.amount(&c.c.Amount, p+"."+c.name+".amount", nil)
	}
	for i, m := range f.ManaCosts {
		if _, err := ParseMana(m); err != nil {
			v.fail(p+".mana_costs["+strconv.Itoa(i)+"]", "%v", err)
		}
	}
	for i := range f.AnyOf {
		v.filter(&f.AnyOf[i], p+".any_of["+strconv.Itoa(i)+"]")
	}
	for i := range f.Not {
		v.filter(&f.Not[i], p+".not["+strconv.Itoa(i)+"]")
	}
}

func (v *validator) op(op, p string) {
	switch op {
	case "<", "<=", "==", "!=", ">=", ">":
	default:
		v.fail(p, "want one of < <= == != >= >, got %q", op)
	}
}

func (v *validator) colors(cs []string, p string) {
	for i, c := range cs {
		if len(c) != 1 || !strings.Contains("WUBRG", c) {
			v.fail(p+"["+strconv.Itoa(i)+"]", "want W, U, B, R or G, got %q", c)
		}
	}
}

func (v *validator) zone(z Zone, p string) {
	switch z {
	case ZoneAny, ZoneBattlefield, ZoneHand, ZoneLibrary, ZoneGraveyard, ZoneExile, ZoneStack, ZoneCommand:
	default:
		v.fail(p, "unknown zone %q", z)
	}
}

func (v *validator) duration(d Duration, p string) {
	switch d {
	case Forever, EndOfTurn, YourNextTurn, Leaves, SourceLeaves, EndOfCombat, ThisTurn, NextTurn:
	default:
		v.fail(p, "unknown duration %q", d)
	}
}

func (v *validator) mana(m, p string) {
	if _, err := ParseMana(m); err != nil {
		v.fail(p, "%v", err)
	}
}

func (v *validator) cost(c *Cost, p string) {
	if c == nil {
		return
	}
	if c.Mana != "" {
		v.mana(c.Mana, p+".mana")
	}
	if (c.RemoveCounters > 0 || c.PutCounters > 0 || c.CountersX) && c.Counter == "" {
		v.fail(p+".counter", "which kind of counter?")
	}
	for _, s := range []struct {
		name string
		s    *Selector
	}{{"sacrifice", c.Sacrifice}, {"discard", c.Discard}, {"exile", c.Exile}, {"return", c.Return}, {"tap_others", c.TapOthers}, {"reveal", c.Reveal}} {
		if s.s == nil {
			continue
		}
		if s.s.Ref != Self && s.s.Ref != ChooseRef {
			v.fail(p+"."+s.name+".ref", "a cost takes the source (self) or chosen objects (choose), not %q", s.s.Ref)
		}
		v.selector(s.s, p+"."+s.name, nil)
	}
	v.amount(c.Life, p+".life", nil)
	v.amount(c.Reduce, p+".reduce", nil)
	if c.Or != nil {
		rest := *c
		rest.Or = nil
		if len(c.Or.Options) < 2 || !rest.IsZero() {
			v.fail(p+".or", "an either/or cost has two or more options and nothing else")
		}
		for i := range c.Or.Options {
			v.cost(&c.Or.Options[i], p+".or.options["+strconv.Itoa(i)+"]")
		}
	}
}

func (v *validator) limit(l *Limit, p string) {
	if l == nil {
		return
	}
	if l.PerTurn < 0 {
		v.fail(p+".per_turn", "a negative count")
	}
	v.cond(l.If, p+".if", nil)
}

func (v *validator) trigger(t *Trigger, p string) {
	if t.Event == "" {
		v.fail(p+".event", "missing")
	}
	if t.Self && t.Subject != nil {
		v.fail(p+".subject", "a trigger about its own source has no other subject")
	}
	if t.Attached && (t.Self || t.AlsoSelf) {
		v.fail(p+".attached", "a trigger about the attached permanent is not about its source")
	}
	if t.AlsoSelf && (t.Self || t.Subject == nil) {
		v.fail(p+".also_self", "\"~ or another\" needs the others' subject and not self")
	}
	if t.Event == StepBegins && t.Step == "" {
		v.fail(p+".step", "which step?")
	}
	if t.Event == Chapter && len(t.Chapters) == 0 {
		v.fail(p+".chapters", "which chapters?")
	}
	switch t.Player {
	case "", "you", "opponent":
	default:
		v.fail(p+".player", "want you or opponent, got %q", t.Player)
	}
	if t.Event == LevelReached && t.Level < 1 {
		v.fail(p+".level", "which level?")
	}
	if t.Level != 0 && t.Event != LevelReached {
		v.fail(p+".level", "only a level trigger has a level")
	}
	if t.NotFirstDrawStepDraw && t.Event != Draws {
		v.fail(p+".not_first_draw_step_draw", "only a draw trigger excepts a draw step's first draw")
	}
	if t.Alone && t.Event != Attacks {
		v.fail(p+".alone", "only an attack trigger asks for a creature attacking alone")
	}
	v.filter(t.Subject, p+".subject")
	v.zone(t.From, p+".from")
	v.zone(t.To, p+".to")
	v.limit(t.Limit, p+".limit")
	for i := range t.Or {
		op := p + ".or[" + strconv.Itoa(i) + "]"
		if len(t.Or[i].Or) > 0 {
			v.fail(op+".or", "an alternative event has no alternatives of its own")
		}
		if t.Or[i].Limit != nil {
			v.fail(op+".limit", "a limit belongs to the whole trigger")
		}
		v.trigger(&t.Or[i], op)
	}
}

func (v *validator) cond(c *Condition, p string, sc *scope) {
	if c == nil {
		return
	}
	switch c.Kind {
	case CondCompare:
		if c.Left == nil || c.Right == nil {
			v.fail(p, "a comparison needs left and right")
		}
		v.op(c.Op, p+".op")
	case CondIs:
		if c.Object == nil || c.Filter == nil {
			v.fail(p, "\"is\" needs an object and a filter")
		}
	case CondExists:
		if c.Filter == nil {
			v.fail(p+".filter", "exists needs a filter")
		}
	case CondTargets:
		if c.Filter == nil {
			v.fail(p+".filter", "targets needs a filter")
		}
	case CondAnd, CondOr:
		if len(c.Sub) < 2 {
			v.fail(p+".sub", "%s needs two or more conditions", c.Kind)
		}
	case CondNot:
		if len(c.Sub) != 1 {
			v.fail(p+".sub", "not takes one condition")
		}
	case CondCastWith:
		if c.Text == "" {
			v.fail(p+".text", "cast_with names the alternative cost")
		}
	case CondDid, CondKicked, CondYourTurn, CondWasCast, CondChosen, CondFact, CondItsControllersTurn:
	default:
		v.fail(p+".kind", "unknown condition %q", c.Kind)
	}
	v.amount(c.Left, p+".left", sc)
	v.amount(c.Right, p+".right", sc)
	v.selector(c.Object, p+".object", sc)
	v.filter(c.Filter, p+".filter")
	v.player(c.Player, p+".player", sc)
	for i := range c.Sub {
		v.cond(&c.Sub[i], p+".sub["+strconv.Itoa(i)+"]", sc)
	}
}

func (v *validator) static(s *StaticEffect, p string) {
	if s.Mods == nil && s.Rule == "" {
		v.fail(p, "a static ability changes characteristics (mods) or a rule")
	}
	if s.Mods != nil && s.Affected == nil {
		v.fail(p+".affected", "which objects does it change?")
	}
	v.selector(s.Affected, p+".affected", nil)
	v.mods(s.Mods, p+".mods")
	v.filter(s.Filter, p+".filter")
	v.amount(s.Amount, p+".amount", nil)
	v.cost(s.Cost, p+".cost")
	v.cond(s.If, p+".if", nil)
	switch s.Player {
	case "", "you", "opponents", "each":
	default:
		v.fail(p+".player", "want you, opponents or each, got %q", s.Player)
	}
}

func (v *validator) mods(m *Mods, p string) {
	if m == nil {
		return
	}
	v.colors(m.Colors, p+".colors")
	v.amount(m.PAmount, p+".p_amount", nil)
	v.amount(m.TAmount, p+".t_amount", nil)
	v.amount(m.SetPAmount, p+".set_p_amount", nil)
	v.amount(m.SetTAmount, p+".set_t_amount", nil)
	for i := range m.Abilities {
		v.ability(&m.Abilities[i], p+".abilities["+strconv.Itoa(i)+"]", nil)
	}
}

func (v *validator) replace(r *ReplaceEffect, p string) {
	if r.Event == "" {
		v.fail(p+".event", "missing")
	}
	if r.Self && r.Subject != nil {
		v.fail(p+".subject", "a replacement about its own source has no other subject")
	}
	v.filter(r.Subject, p+".subject")
	v.amount(r.Amount, p+".amount", nil)
	v.filter(r.CopyOf, p+".copy_of")
	v.cond(r.Unless, p+".unless", nil)
	v.cost(r.UnlessPay, p+".unless_pay")
	v.zone(r.To, p+".to")
	v.duration(r.Duration, p+".duration")
	v.effects(r.Instead, p+".instead", &scope{})
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
