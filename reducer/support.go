package reducer

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Supports says whether the interpreter carries out an ability: nil when
// it does, else the first part it doesn't, with its path
// ("effects[1].verb: gain_control is not carried out yet"). It is the
// honest edge of the engine: a card is modelled only when every ability
// is supported, and an unmodelled card is refused when played (or played
// through the table's effects) rather than played without its text.
func Supports(a *ability.Ability) error {
	s := supporter{}
	s.ability(a, "")
	if f := filterFacts(a); f != "" && s.err == nil {
		s.no("filter."+f, "this filter is not carried out yet")
	}
	if a.Kind == ability.Triggered && readsLinkedExile(a) && s.err == nil {
		s.no("effects", "a triggered ability reading the exiled card is not carried out yet") // interp_linked_exile.go
	}
	if why := shuffleIntoTargets(a); why != "" && s.err == nil {
		s.no("targets", "%s", why) // interp_shuffle_into.go
	}
	return s.err
}

type supporter struct{ err error }

func (s *supporter) no(path, format string, args ...any) {
	if s.err == nil {
		if path != "" && path[0] == '.' {
			path = path[1:]
		}
		s.err = fmt.Errorf("%s: %s", path, fmt.Sprintf(format, args...))
	}
}

func (s *supporter) ability(a *ability.Ability, p string) {
	if a.Level != 0 && a.Kind != ability.Triggered && a.Kind != ability.Activated {
		s.no(p+".level", "a Class's level %d %s abilities are not carried out yet", a.Level, a.Kind) // interp_class.go
	}
	if a.Level != 0 && a.Kind == ability.Triggered && (a.Trigger == nil || !levelGatedEvents[a.Trigger.Event] || len(a.Trigger.Or) > 0) {
		s.no(p+".level", "a Class's level %d triggers of this kind are not carried out yet", a.Level) // interp_class.go
	}
	switch a.Kind {
	case ability.Spell:
	case ability.Triggered:
		if a.Trigger != nil && a.Trigger.Event == ability.TappedForMana {
			if _, ok := lowerManaTrigger(a); !ok { // interp_mana.go
				s.no(p+".trigger", "this triggered mana ability is not carried out yet")
			}
			return
		}
		if !madnessTriggered(a) { // triggered by discard itself (interp_madness.go)
			s.trigger(a.Trigger, p+".trigger")
		}
		if attachesToCastSpell(a) { // interp_nthcast.go
			s.no(p+".effects", "attaching to the spell that was cast is not carried out")
		}
		if !triggerZoneSupported(a) { // interp_zonetriggers.go
			s.no(p+".zone", "triggers that work from the %s are not carried out yet", a.Zone)
		}
	case ability.Activated:
		s.cost(s.activatedCost(a.Cost, p+".cost"), p+".cost") // interp_cost_parts.go
		s.limit(a.Limit, p+".limit")
	case ability.Mana:
		if _, ok := lowerMana(a, 0); !ok {
			s.no(p, "this mana ability's cost or mana is not carried out yet")
		}
		return
	case ability.Keyword:
		if !keywordSupported(a) { // interp_keywords.go
			s.no(p+".keyword", "%s is not carried out yet", keywordText(a.Keyword))
		}
		return
	case ability.Static:
		s.static(a.Static, p+".static")
		return
	case ability.Replacement:
		s.replace(a.Replace, p+".replace")
		return
	default:
		s.no(p+".kind", "%s abilities are not carried out yet", a.Kind)
		return
	}
	s.targets(a.Targets, p+".targets")
	if a.Kind != ability.Spell {
		s.maxX(a, p)
	}
	s.effects(a.Effects, p+".effects")
	if m := a.Modes; m != nil {
		if m.Repeat || m.MaxIf != nil {
			s.no(p+".modes", "modes chosen more than once, or more under a condition, are not carried out yet")
		}
		for i := range m.List {
			mp := p + ".modes.list[" + strconv.Itoa(i) + "]"
			if m.List[i].Cost != nil && !modeCostSupported(a, m.List[i].Cost) { // spree (interp_spree.go)
				s.no(mp+".cost", "a mode's additional cost is not carried out yet")
			}
			s.targets(m.List[i].Targets, mp+".targets")
			s.effects(m.List[i].Effects, mp+".effects")
		}
	}
}

func keywordText(k *ability.KeywordAbility) string {
	if k.Cost != nil {
		return k.Name + " " + k.Cost.Mana
	}
	if k.N != 0 {
		return k.Name + " " + strconv.Itoa(k.N)
	}
	return k.Name
}

func (s *supporter) targets(ts []ability.Target, p string) {
	for i, t := range ts {
		if t.Divided || t.Rule != "" {
			s.no(p+"["+strconv.Itoa(i)+"]", "divided or constrained targets are not carried out yet")
		}
	}
}

// maxX refuses "up to X targets" outside a spell: only a spell's X is
// known as its targets are chosen (interp_target.go).
func (s *supporter) maxX(a *ability.Ability, p string) {
	ts := slices.Clone(a.Targets)
	if a.Modes != nil {
		for i := range a.Modes.List {
			ts = append(ts, a.Modes.List[i].Targets...)
		}
	}
	for _, t := range ts {
		if t.MaxX {
			s.no(p+".targets", "up to X targets of an ability are not carried out yet")
		}
	}
}

var supportedTriggerEvents = map[ability.Event]bool{
	ability.Enters: true, ability.Dies: true, ability.Cast: true, ability.StepBegins: true, ability.Attacks: true,
	ability.BecomesTarget: true, ability.CounterPut: true, ability.DealsDamage: true, ability.LevelReached: true,
	ability.Tapped: true, ability.PlaysLand: true, // interp_tapped.go
	ability.Draws:      true, // interp_steps.go
	ability.Chapter:    true, // interp_saga.go
	ability.Sacrificed: true, // interp_sacrifice.go
	ability.GainsLife:  true, // interp_lifegain.go
}

func (s *supporter) trigger(t *ability.Trigger, p string) {
	for i := range t.Or { // "enters or attacks": each pattern on its own (interp_leaves.go)
		s.trigger(&t.Or[i], p+".or["+strconv.Itoa(i)+"]")
	}
	if t.Event == ability.ZoneChange && t.From == ability.ZoneBattlefield && leavesTo[t.To] {
		t = &ability.Trigger{Event: ability.Dies, Self: t.Self, Subject: t.Subject, Player: t.Player} // leaves the battlefield: interp_leaves.go
	}
	if !supportedTriggerEvents[t.Event] || t.Event == ability.BecomesTarget && (!t.Self || t.Subject != nil) {
		s.no(p+".event", "%s triggers are not carried out yet", t.Event)
	}
	if t.Event == ability.CounterPut && (t.Counter != "+1/+1" || !t.Self && t.Subject == nil) {
		s.no(p+".counter", "triggers on counters other than +1/+1 counters are not carried out yet")
	}
	if t.Event == ability.LevelReached && (!t.Self || t.Subject != nil || t.Player != "") {
		s.no(p, "a trigger on another Class's level is not carried out yet")
	}
	if t.Event == ability.GainsLife && (t.Self || t.Subject != nil) {
		s.no(p+".subject", "triggers on life gained by an object are not carried out yet")
	}
	if t.Event == ability.Draws && (t.Self || t.Subject != nil) {
		s.no(p+".subject", "triggers on drawing a card of a kind are not carried out yet")
	}
	if t.Event == ability.Tapped && t.Player != "" {
		s.no(p+".player", "triggers on a player tapping a permanent are not carried out yet")
	}
	if t.Event == ability.DealsDamage && !t.Combat {
		s.no(p+".combat", "triggers on damage outside combat are not carried out yet")
	}
	if t.From != "" || t.To != "" || t.Combat && t.Event != ability.DealsDamage || t.ToPlayer != "" && t.Event != ability.DealsDamage ||
		t.Counter != "" && t.Event != ability.CounterPut || len(t.Chapters) > 0 && t.Event != ability.Chapter || t.Nth != 0 && t.Event != ability.Draws && !nthCastSupported(t) && !valiantSupported(t) || t.Limit != nil ||
		t.AlsoSelf || t.Attached || t.Level != 0 && t.Event != ability.LevelReached {
		s.no(p, "this trigger's conditions are not carried out yet")
	}
	if t.Event == ability.StepBegins {
		switch t.Step {
		case ability.StepUpkeep, ability.StepDraw, ability.StepEnd, ability.StepBeginCombat, ability.StepPrecombatMain:
		default:
			s.no(p+".step", "triggers at %s are not carried out yet", t.Step)
		}
	}
}

// leavesTo: the zones a "leaves the battlefield" trigger may name ("" for
// any).
var leavesTo = map[ability.Zone]bool{"": true, ability.ZoneGraveyard: true, ability.ZoneExile: true, ability.ZoneHand: true, ability.ZoneLibrary: true}

func (s *supporter) cost(c *ability.Cost, p string) {
	if c == nil {
		return
	}
	if c.Life != nil {
		if _, ok := c.Life.IsFixed(); !ok {
			s.no(p+".life", "a life cost of a variable amount is not carried out yet")
		}
	}
	for _, part := range []struct {
		name string
		sel  *ability.Selector
	}{{"sacrifice", c.Sacrifice}, {"discard", c.Discard}, {"exile", c.Exile}, {"return", c.Return}, {"tap_others", c.TapOthers}, {"reveal", c.Reveal}} {
		switch {
		case part.sel == nil:
		case part.sel.Ref == ability.Self && (part.name == "sacrifice" || part.name == "discard" || part.name == "exile"):
		case part.sel.Ref == ability.ChooseRef && (part.sel.Choose == nil || part.sel.Choose.Amount == nil || part.sel.Choose.Amount.Var == ""):
		default:
			s.no(p+"."+part.name, "this %s cost is not carried out yet", part.name)
		}
	}
	if c.PutCounters != 0 || c.CountersX || c.EnergyAny || c.LoyaltyX || c.Or != nil {
		s.no(p, "this cost is not carried out yet")
	}
	if c.Mana != "" {
		if _, err := cards.ParseCost(c.Mana); err != nil {
			s.no(p+".mana", "%v", err)
		}
	}
	s.amount(c.Reduce, p+".reduce") // interp_reduce.go
}

func (s *supporter) limit(l *ability.Limit, p string) {
	if l == nil {
		return
	}
	if l.YourTurn || l.NotYourTurn || l.Step != "" || l.PerTurn > 1 {
		s.no(p, "this activation limit is not carried out yet")
	}
	s.cond(l.If, p+".if")
}

// supportedVerbOperands lists, per verb, the operands the interpreter
// reads; a verb missing here isn't carried out.
var supportedVerbOperands = map[ability.Verb]string{
	ability.Damage: "source to amount", ability.Destroy: "object no_regenerate", ability.Exile: "object text duration",
	ability.Move: "object zone position order tapped control", ability.Sacrifice: "player object",
	ability.Draw: "player amount", ability.Discard: "player object", ability.Mill: "player amount",
	ability.GainLife: "player amount", ability.LoseLife: "player amount",
	ability.PutCounters: "object player amount counter", ability.RemoveCounters: "object amount counter",
	ability.Pump: "object mods duration", ability.Grant: "object mods duration",
	ability.CreateToken: "player control amount token tapped attacking", ability.Counter: "object zone",
	ability.Tap: "object", ability.Untap: "object", ability.Search: "player amount filter zone tapped text",
	ability.Shuffle: "player", ability.Scry: "player amount", ability.Surveil: "player amount",
	ability.Look: "player object amount", ability.Reveal: "player object amount", ability.Select: "player object",
	ability.AddMana: "player mana", ability.Regenerate: "object", ability.Fight: "object to", ability.Choose: "player choice",
	ability.Investigate: "player amount", ability.Attach: "object to", ability.PlayerGains: "player text duration",
}

func (s *supporter) effects(es []ability.Effect, p string) {
	for i := range es {
		s.effect(&es[i], p+"["+strconv.Itoa(i)+"]")
	}
}

func (s *supporter) effect(e *ability.Effect, p string) {
	ops, ok := supportedVerbOperands[e.Verb]
	if putEachSupported(e) { // interp_put_each.go
		ops += " player"
	}
	if !ok {
		s.no(p+".verb", "%s is not carried out yet", e.Verb)
		return
	}
	if e.Verb == ability.Grant && len(e.Grant) > 0 {
		if why := grantEffectSupported(e); why != "" { // interp_grant.go
			s.no(p+".grant", "%s is not carried out yet", why)
		}
		return
	}
	if (e.Verb == ability.Pump || e.Verb == ability.Grant) && e.Mods == nil {
		s.no(p+".mods", "a %s that gives nothing is not carried out yet", e.Verb)
		return
	}
	used := map[string]bool{
		"player": e.Player != nil, "object": e.Object != nil, "to": e.To != nil, "amount": e.Amount != nil,
		"source": e.Source != nil, "zone": e.Zone != "", "position": e.Position != "", "order": e.Order != "",
		"tapped": e.Tapped, "attacking": e.Attacking, "control": e.Control != nil, "counter": e.Counter != "",
		"mana": e.Mana != nil, "mods": e.Mods != nil, "duration": e.Duration != "", "token": e.Token != nil,
		"filter": e.Filter != nil, "choice": e.Choice != "", "text": e.Text != "", "sub": len(e.Sub) > 0,
		"delayed": e.Delayed != nil, "grant": len(e.Grant) > 0, "replace": e.Replace != nil,
		"no_regenerate": e.NoRegenerate, "cost": e.Cost != nil,
	}
	for _, f := range sortedBoolKeys(used) {
		if used[f] && !containsWord(ops, f) {
			s.no(p+"."+f, "%s with %s is not carried out yet", e.Verb, f)
			return
		}
	}
	if e.Unless != nil {
		c := e.Unless.Cost
		if c.Tap || c.Untap || c.Sacrifice != nil || c.Discard != nil || c.Exile != nil || c.Return != nil || c.TapOthers != nil ||
			c.Reveal != nil || c.RemoveCounters != 0 || c.PutCounters != 0 || c.EnergyAny || c.Loyalty != nil {
			s.no(p+".unless", "\"unless\" with a cost other than mana, life and energy is not carried out yet")
		}
	}
	if e.Verb == ability.Emblem {
		if why := emblemSupported(e); why != "" { // interp_emblem.go
			s.no(p+".grant", "%s", why)
		}
	}
	if e.Verb == ability.PutCounters && e.Object != nil && e.Player != nil {
		s.no(p+".player", "counters put by a player on objects are not carried out yet")
	}
	if e.Verb == ability.CreateToken && e.Attacking && (e.Player != nil || e.Control != nil || e.Token == nil || e.Token.Copy != nil) {
		s.no(p+".attacking", "attacking copies, or attacking tokens for another player, are not carried out yet") // interp_attacking.go
	}
	if e.Verb == ability.MayPlay && (e.Text != "" && (e.Text != "cast" || e.Duration == ability.NextTurn)) {
		s.no(p+".text", "a permission to cast only, for longer than this turn, is not carried out yet") // interp_mayplay.go
	}
	if e.Verb == ability.MayPlay && e.Duration != "" && e.Duration != ability.ThisTurn && e.Duration != ability.NextTurn {
		s.no(p+".duration", "a permission to play for %s is not carried out yet", e.Duration) // interp_mayplay.go
	}
	if e.Verb == ability.Copy && e.Text != copiesPerTimes {
		s.no(p+".verb", "copies other than storm's and replicate's are not carried out yet") // interp_copies.go
	}
	s.cond(e.If, p+".if")
	s.effects(e.Else, p+".else")
	for _, a := range []*ability.Amount{e.Amount} {
		s.amount(a, p+".amount")
	}
	if m := e.Mods; m != nil {
		if why := becomingSupported(m); why != "" { // interp_becomes.go
			s.no(p+".mods", "%s: not carried out yet", why)
		}
		for _, k := range m.Keywords {
			if !cards.KeywordImplemented(k) {
				s.no(p+".mods.keywords", "%s is not carried out yet", k)
			}
		}
		s.amount(m.PAmount, p+".mods.p_amount")
		s.amount(m.TAmount, p+".mods.t_amount")
	}
	if e.Object != nil && e.Object.Choose != nil && e.Object.Choose.PerCardType && (e.Verb != ability.Move || e.Player != nil) {
		s.no(p+".object.choose", "a card for each card type is carried out only by a move") // interp_per_card_type.go
	}
	switch e.Verb {
	case ability.Move:
		if e.Zone == ability.ZoneStack || e.Zone == ability.ZoneCommand {
			s.no(p+".zone", "moving to the %s is not carried out yet", e.Zone)
		}
		if e.Order == "random" && e.Zone != ability.ZoneLibrary {
			s.no(p+".order", "a random order outside a library is not carried out yet")
		}
		if e.Order == "shuffle" && (e.Zone != ability.ZoneLibrary || e.Object == nil || e.Object.Ref != ability.Self && e.Object.Ref != ability.TargetRef) {
			s.no(p+".order", "shuffling into a library other than ~ or a target into its owner's is not carried out yet") // interp_shuffle_into.go
		}
	case ability.CreateToken:
		if why := copyTokenSupported(e.Token); why != "" { // interp_copytoken.go
			s.no(p+".token.copy", "%s are not carried out yet", why)
		}
		if t := e.Token; t.Copy == nil && t.Mods != nil || len(t.Supertypes) > 0 {
			s.no(p+".token", "tokens with changes or supertypes are not carried out yet")
		}
		for i := range e.Token.Abilities { // a token's own abilities, as a card's (interp_verbs.go: tokenDef)
			s.ability(&e.Token.Abilities[i], p+".token.abilities["+strconv.Itoa(i)+"]")
		}
		if t := e.Token; t.Name != "" && len(t.Types) == 0 && !knownToken(t.Name) {
			s.no(p+".token.name", "no token named %q is known", t.Name)
		}
		for _, k := range e.Token.Keywords {
			if !cards.KeywordImplemented(k) {
				s.no(p+".token.keywords", "%s is not carried out yet", k)
			}
		}
	case ability.AddMana:
		if why := spellManaSupported(e); why != "" { // interp_spellmana.go
			s.no(p+".mana", "%s from a spell is not carried out yet", why)
		}
	case ability.PlayerGains:
		if !playerGainsSupported(e) { // interp_player_protection.go
			s.no(p+".text", "a player gaining %q for %q is not carried out yet", e.Text, e.Duration)
		}
	case ability.Choose:
		if e.Choice != "color" && e.Choice != "opponent" && nameOption(e.Choice) == "" {
			s.no(p+".choice", "choosing a %s is not carried out yet", e.Choice)
		}
	case ability.Replace:
		if why := replaceVerbSupported(e); why != "" { // interp_replace_verb.go
			s.no(p+".replace", "%s is not carried out yet", why)
		}
	case ability.Exile:
		if why := exileUntilSupported(e); why != "" { // interp_exile_until.go
			s.no(p+".duration", "%s is not carried out yet", why)
		}
		if e.Text != "" && e.Text != "face_down" && e.Text != "linked" { // linked: interp_linked_exile.go
			s.no(p+".text", "exiling %q is not carried out yet", e.Text)
		}
	case ability.Search:
		if e.Text != "" && e.Text != "reveal" {
			s.no(p+".text", "searching %q is not carried out yet", e.Text)
		}
	case ability.DelayedTrigger:
		if why := delayedSupported(e.Delayed); why != "" { // interp_delayed.go
			s.no(p+".delayed", "%s", why)
		} else {
			s.ability(e.Delayed, p+".delayed")
		}
	case ability.Pay:
		if !payableCost(e.Cost) { // interp_pay.go
			s.no(p+".cost", "paying this cost as an effect is not carried out yet")
		}
	case ability.Discard, ability.Sacrifice:
		if e.Object.Ref == ability.ChooseRef && e.Object.Choose != nil && (e.Object.Choose.AtRandom || e.Object.Choose.Amount != nil && e.Object.Choose.Amount.Var != "") {
			s.no(p+".object.choose", "choosing at random or a variable number is not carried out yet")
		}
	}
	if e.Object != nil && e.Object.Ref == ability.LibraryTop && libraryTopVerbs[e.Verb] { // interp_librarytop.go
		s.amount(e.Object.Amount, p+".object.amount")
	} else {
		s.selector(e.Object, p+".object")
	}
	s.selector(e.To, p+".to")
	s.selector(e.Source, p+".source")
}

func (s *supporter) selector(sel *ability.Selector, p string) {
	if sel == nil {
		return
	}
	if sel.Choose != nil && sel.Choose.AtRandom {
		s.no(p+".choose", "choosing at random is not carried out yet")
	}
	if sel.Ref == ability.LibraryTop {
		s.no(p+".ref", "the top cards of a library are not carried out yet")
	}
}

var supportedAmountVars = map[string]bool{
	"": true, "x": true, "count": true, "power": true, "toughness": true, "mana_value": true, "loyalty": true,
	"counters": true, "life": true, "hand": true, "graveyard": true, "bound_count": true, "devotion": true,
	"spells_cast": true, "noncreature_spells_cast": true, "mana_spent": true, "colors_spent": true,
	"greatest_mana_value": true, "kicks": true,
}

func (s *supporter) amount(a *ability.Amount, p string) {
	if a != nil && !supportedAmountVars[a.Var] && !(a.Var == "chosen" && a.Name == ability.EnergyPaid) { // interp_energy.go
		s.no(p+".var", "the amount %q is not carried out yet", a.Var)
	}
	if a != nil && (a.Var == "mana_spent" || a.Var == "colors_spent") {
		if why := spentSupported(a); why != "" { // interp_spent.go
			s.no(p+".of", "%s is not carried out yet", why)
		}
	}
}

func (s *supporter) cond(c *ability.Condition, p string) {
	if c == nil {
		return
	}
	if c.Kind == ability.CondFact && !knownFacts[c.Text] { // interp_turnfacts.go
		s.no(p, "the condition %q is not carried out yet", c.Text)
	}
	if l := c.Left; c.Kind == ability.CondCompare && l != nil && l.Var == "spells_cast" && l.Player != nil && l.Player.Who == ability.AnOpponent && c.Op != ">=" && c.Op != ">" {
		s.no(p, "comparing what an opponent cast with %s is not carried out yet", c.Op) // some opponent: the most any cast
	}
	s.amount(c.Left, p+".left")
	s.amount(c.Right, p+".right")
	for i := range c.Sub {
		s.cond(&c.Sub[i], p+".sub["+strconv.Itoa(i)+"]")
	}
}

var supportedObjectRules = map[ability.Rule]bool{
	ability.CantAttack: true, ability.CantBlock: true, ability.CantAttackOrBlock: true, ability.BlocksOnlyFlying: true,
	ability.DoesntUntap: true, ability.AttackUnless: true, ability.CantBeBlocked: true,
	ability.MustAttack: true, // interp_mustattack.go
}

// selfRules are rules a static may say of its own card only ("This spell
// can't be countered": it works on the stack, langRule).
var selfRules = map[ability.Rule]bool{ability.CantBeCountered: true}

func (s *supporter) static(st *ability.StaticEffect, p string) {
	s.cond(st.If, p+".if")
	switch {
	case st.Rule == ability.CantBeCountered && st.Filter == nil && st.Player == "" && st.Mods == nil:
		return // "This spell can't be countered."
	case st.Rule == ability.CantBeCountered && st.Player == "" && st.Mods == nil:
		s.filterOfSpells(st.Filter, p+".filter") // "Spells you control can't be countered." (interp_pool_rules.go)
		return
	case (st.Rule == ability.CostMore || st.Rule == ability.CostLess) && st.Mods == nil:
		if c := st.Cost; c == nil || (ability.Cost{Mana: c.Mana}) != *c || langMana(c) == nil || langMana(c).HasX() && (c.Mana != "{X}" || st.Amount == nil) ||
			!langMana(c).HasX() && !genericOnly(langMana(c)) {
			s.no(p+".cost", "a cost change other than generic mana is not carried out yet")
		}
		s.amount(st.Amount, p+".amount")
		s.filterOfSpells(st.Filter, p+".filter")
		return
	case st.Rule == ability.AsThoughFlash && st.Mods == nil && st.Cost == nil && st.Amount == nil:
		s.filterOfSpells(st.Filter, p+".filter") // interp_rules.go: langGivesFlash
		return
	case st.Rule == ability.ExtraLandDrop && st.Mods == nil && st.Cost == nil && st.Filter == nil:
		s.amount(st.Amount, p+".amount") // interp_rules.go: extraLands
		return
	case st.Rule == ability.MaxSpells && st.Mods == nil && st.Cost == nil && maxSpellsFilterSupported(st.Filter) && st.Amount != nil:
		s.amount(st.Amount, p+".amount") // interp_spellcount.go
		return
	case st.Rule == ability.CostFloor && st.Mods == nil && st.Cost == nil && st.Filter == nil && st.Amount != nil:
		s.amount(st.Amount, p+".amount") // interp_costfloor.go
		return
	case st.Rule == ability.CantCast && st.Mods == nil && st.Cost == nil && st.Amount == nil:
		s.filterOfSpells(st.Filter, p+".filter")
		return
	case st.Rule == ability.CantEnter && st.Mods == nil && st.Cost == nil && st.Amount == nil && st.Player == "" && st.Filter != nil:
		return // interp_cant_enter.go
	case (st.Rule == ability.CantActivate || st.Rule == ability.CantActivateNonMana) && st.Mods == nil && st.Cost == nil && st.Amount == nil && st.Filter != nil:
		return
	case st.Rule == ability.OpeningHand && st.Mods == nil && st.Filter == nil && st.If == nil:
		return // interp_pregame.go
	case (st.Rule == ability.AlternativeCost || st.Rule == ability.AdditionalCost) && st.Cost != nil && st.Filter == nil && st.Mods == nil:
		costs := []ability.Cost{*st.Cost}
		if st.Cost.Or != nil && st.Rule == ability.AdditionalCost {
			costs = st.Cost.Or.Options // interp_orcost.go
		}
		for i := range costs {
			if c := &costs[i]; c.Tap || c.Untap || c.Loyalty != nil || c.RemoveCounters != 0 {
				s.no(p+".cost", "this cost of casting a spell is not carried out yet")
			}
			s.cost(&costs[i], p+".cost")
		}
		return
	case (st.Rule == ability.CastFreeFromHand || st.Rule == ability.PlayFromTop || st.Rule == ability.LookAtTop) && permissionSupported(st):
		return // interp_permissions.go
	case st.Rule != "":
		s.no(p+".rule", "the rule %s is not carried out yet", st.Rule)
		return
	}
	m := st.Mods
	if st.Affected == nil || st.Affected.Ref != ability.Self && st.Affected.Ref != ability.Attached && st.Affected.Ref != ability.All {
		s.no(p+".affected", "a static ability affecting these objects is not carried out yet")
		return
	}
	if m.CDA {
		if st.Affected.Ref != ability.Self || m.P != 0 || m.T != 0 || m.PAmount != nil || m.TAmount != nil || len(m.Keywords) > 0 || len(m.Rules) > 0 {
			s.no(p+".mods", "this characteristic-defining ability is not carried out yet")
		}
		s.amount(m.SetPAmount, p+".mods.set_p_amount")
		s.amount(m.SetTAmount, p+".mods.set_t_amount")
		return
	}
	for i := range m.Abilities {
		if why := grantSupported(&m.Abilities[i]); why != "" { // interp_grant.go
			s.no(p+".mods.abilities", "%s is not carried out yet", why)
		}
	}
	if m.SetP != nil || m.SetT != nil || m.SetPAmount != nil || m.SetTAmount != nil || len(m.LoseKeywords) > 0 ||
		m.LoseAll || len(m.Types) > 0 || m.SetTypes || m.SetSubtypes || m.AllCreatureTypes ||
		len(m.Colors) > 0 || m.Colorless {
		s.no(p+".mods", "these changes are not carried out yet")
	}
	for _, k := range m.Keywords {
		if !cards.KeywordImplemented(k) {
			s.no(p+".mods.keywords", "%s is not carried out yet", k)
		}
	}
	for _, r := range m.Rules {
		if !supportedObjectRules[r] && !(selfRules[r] && st.Affected.Ref == ability.Self) {
			s.no(p+".mods.rules", "the rule %s is not carried out yet", r)
		}
	}
	s.amount(m.PAmount, p+".mods.p_amount")
	s.amount(m.TAmount, p+".mods.t_amount")
}

func (s *supporter) replace(r *ability.ReplaceEffect, p string) {
	if (r.Event == ability.ReplToGraveyard || r.Event == ability.ReplDies) && r.To == ability.ZoneExile && len(r.Instead) == 0 &&
		!r.Tapped && r.Counter == "" && r.CopyOf == nil && r.Choose == "" && r.Unless == nil && r.UnlessPay == nil && r.Times == 0 && r.Plus == 0 && !r.Prevent && r.Duration == "" {
		return // "... exile it instead" (interp_replace.go)
	}
	if othersEnterTapped(r) || notCastExiled(r) { // interp_replace.go, interp_cant_enter.go
		return
	}
	if damageAsCountersSupported(r) { // interp_damage_counters.go
		return
	}
	if drawPlus(r) { // interp_drawmore.go
		s.cond(r.Unless, p+".unless")
		return
	}
	if r.Event != ability.ReplEnters || !r.Self || r.Subject != nil || r.Player != "" {
		s.no(p, "this replacement effect is not carried out yet")
		return
	}
	if r.CopyOf != nil || len(r.Instead) > 0 || r.To != "" || r.Times != 0 || r.Plus != 0 || r.Prevent || r.Combat || r.Duration != "" {
		s.no(p, "this replacement effect is not carried out yet")
	}
	if r.Choose != "" && r.Choose != "color" && r.Choose != "creature_type" && nameOption(r.Choose) == "" {
		s.no(p+".choose", "choosing a %s as it enters is not carried out yet", r.Choose)
	}
	if c := r.UnlessPay; c != nil && (c.Tap || c.Untap || c.Sacrifice != nil || c.Discard != nil || c.Exile != nil || c.Return != nil ||
		c.TapOthers != nil || c.Reveal != nil || c.RemoveCounters != 0 || c.PutCounters != 0 || c.Energy != 0 || c.Loyalty != nil) {
		s.no(p+".unless_pay", "paying this as it enters is not carried out yet")
	}
	s.cond(r.Unless, p+".unless")
	s.amount(r.Amount, p+".amount")
}

func containsWord(list, w string) bool {
	for i := 0; i+len(w) <= len(list); i++ {
		if list[i:i+len(w)] == w && (i == 0 || list[i-1] == ' ') && (i+len(w) == len(list) || list[i+len(w)] == ' ') {
			return true
		}
	}
	return false
}

func sortedBoolKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// knownToken reports whether the card data has a token (or card) of that
// name for a token effect to create.
func knownToken(name string) bool {
	pool := cards.Default()
	if _, ok := pool.Card(name); ok {
		return true
	}
	_, ok := poolToken(pool, name)
	return ok
}

// genericOnly reports whether a mana cost is only generic mana.
func genericOnly(c cards.Cost) bool {
	for _, sym := range c {
		if sym.Kind != cards.SymGeneric {
			return false
		}
	}
	return true
}

// filterOfSpells: a filter of spells may use anything a filter reads but
// a zone (the spell is read where it is cast from).
func (s *supporter) filterOfSpells(f *ability.Filter, p string) {
	if f != nil && f.Zone != "" && f.Zone != ability.ZoneStack {
		s.no(p+".zone", "a filter of spells in the %s is not carried out yet", f.Zone)
	}
}
