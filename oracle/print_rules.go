package oracle

import (
	"reflect"
	"strconv"
	"strings"

	"github.com/chronicle-mtg/chronicle/ability"
)

func printTrigger(t *ability.Trigger) string {
	if s := printMoreTrigger(t); s != "" {
		return s
	}
	if t.Limit != nil || t.Nth != 0 {
		return unprintable
	}
	if t.Self {
		switch {
		case t.Event == ability.Enters:
			return alt(w("when"), w("whenever")) + w("~ enters")
		case t.Event == ability.Dies:
			return w("when ~ dies")
		case t.Event == ability.Attacks:
			return w("whenever ~ attacks")
		case t.Event == ability.Blocks:
			return w("whenever ~ blocks")
		case t.Event == ability.Tapped:
			return w("whenever ~ becomes tapped")
		case t.Event == ability.CounterPut && t.Counter != "":
			return w("whenever") + alt(w("a"), w("an")) + w(t.Counter) + w("counter is put on ~")
		case t.Event == ability.DealsDamage && t.Combat && t.ToPlayer == "player":
			return w("whenever ~ deals combat damage to a player")
		case t.Event == ability.DealsDamage && t.Combat && t.ToPlayer == "player_or_planeswalker":
			return w("whenever ~ deals combat damage to a player or planeswalker")
		}
		return unprintable
	}
	a := alt(w("a"), w("an"))
	switch t.Event {
	case ability.Enters, ability.Dies:
		verb := w("enters")
		if t.Event == ability.Dies {
			verb = w("dies")
		}
		f, other := withoutOther(t.Subject)
		det := a
		if other {
			det = w("another")
		}
		s := w("whenever") + det + printDesc(f, "") + verb
		if t.Event == ability.Enters && f != nil && f.Controller == "you" && !other {
			g := *f
			g.Controller = ""
			s = alt(s, w("whenever")+det+printDesc(&g, "")+verb+w("under your control"))
		}
		return s
	case ability.Cast:
		who := map[string]string{"you": "whenever you cast", "opponent": "whenever an opponent casts", "": "whenever a player casts"}[t.Player]
		if who == "" {
			return unprintable
		}
		f := t.Subject
		if f == nil {
			f = &ability.Filter{}
		}
		g := *f
		g.Zone = ability.ZoneStack
		if len(g.Types) == 0 && len(g.Subtypes) == 0 && len(g.AnyOf) == 0 {
			g.Types = []string{"spell"}
		}
		return w(who) + a + printDesc(&g, "spell")
	case ability.TappedForMana:
		if t.Attached {
			d := printDesc(t.Subject, "")
			if f := t.Subject; f != nil && len(f.Subtypes) == 1 && reflect.DeepEqual(*f, ability.Filter{Subtypes: f.Subtypes}) {
				d = w(strings.ToLower(f.Subtypes[0])) // "enchanted Forest"
			}
			return w("whenever") + alt(w("enchanted"), w("equipped")) + d + w("is tapped for mana")
		}
		who := map[string]string{"you": "whenever you tap", "": "whenever a player taps", "opponent": "whenever an opponent taps"}[t.Player]
		return w(who) + a + printDesc(t.Subject, "") + w("for mana")
	case ability.GainsLife:
		if t.Player == "you" {
			return w("whenever you gain life")
		}
	case ability.StepBegins:
		step := map[ability.Step]string{ability.StepUpkeep: "upkeep", ability.StepDraw: "draw step", ability.StepEnd: "end step",
			ability.StepPrecombatMain: "precombat main phase"}[t.Step]
		if t.Step == ability.StepBeginCombat && t.Player == "you" {
			return w("at the beginning of combat on your turn")
		}
		if step == "" {
			return unprintable
		}
		switch t.Player {
		case "you":
			return w("at the beginning of your " + step)
		case "opponent":
			return w("at the beginning of each opponent's " + step)
		case "":
			if t.Step == ability.StepEnd {
				return alt(w("at the beginning of each end step"), w("at the beginning of the end step"))
			}
			return w("at the beginning of each " + step)
		}
	}
	return unprintable
}

func printCond(a *pctx, c *ability.Condition) string {
	switch c.Kind {
	case ability.CondIs:
		f := c.Filter
		switch {
		case f != nil && reflect.DeepEqual(*f, ability.Filter{Controller: "you"}):
			return w("you controlled") + printSel(a, c.Object)
		case f != nil && f.ManaValue != nil && f.ManaValue.Op == "<=" && reflect.DeepEqual(*f, ability.Filter{ManaValue: f.ManaValue}):
			n, ok := f.ManaValue.Amount.IsFixed()
			if !ok {
				return unprintable
			}
			return w("it has mana value " + strconv.Itoa(n) + " or less")
		case f != nil && reflect.DeepEqual(*f, ability.Filter{Tapped: true}) && c.Object != nil && c.Object.Ref == ability.Self:
			return w("~ is tapped") // mana_lands.go
		case f != nil && len(f.Colors) == 1 && reflect.DeepEqual(*f, ability.Filter{Colors: f.Colors}):
			return alt(alt(w("it's"), printSel(a, c.Object)+w("'s")), printSel(a, c.Object)+w("is")) + w(colorNames[f.Colors[0]])
		}
		return unprintable
	case ability.CondWasCast:
		return w("you cast it")
	case ability.CondKicked:
		return alt(w("~ was kicked"), w("it was kicked"))
	case ability.CondFact:
		switch c.Text {
		case "delirium":
			return w("there are four or more card types among cards in your graveyard")
		case "revolt":
			return w("a permanent you controlled left the battlefield this turn")
		case "exiled_with":
			return w("a card is exiled with ~") // rules_linked_exile.go
		}
		return unprintable
	case ability.CondAnd:
		if t := printControlBoth(c); t != "" { // mana_lands.go
			return t
		}
		if len(c.Sub) == 2 && c.Sub[0].Kind == ability.CondExists && c.Sub[1].Kind == ability.CondExists {
			a, b := *c.Sub[0].Filter, *c.Sub[1].Filter
			if a.Zone == ability.ZoneGraveyard && a.Owner == "you" && b.Zone == ability.ZoneGraveyard && b.Owner == "you" {
				a.Zone, a.Owner, b.Zone, b.Owner = "", "", "", ""
				an := alt(w("a"), w("an"))
				return w("there is") + an + printDesc(&a, "card") + w("and") + an + printDesc(&b, "card") + w("in your graveyard")
			}
		}
		return unprintable
	case ability.CondYourTurn:
		return w("it's your turn")
	case ability.CondNot:
		if c.Sub[0].Kind == ability.CondYourTurn {
			return w("it's not your turn")
		}
	case ability.CondExists:
		f := c.Filter
		if f == nil || f.Controller != "you" {
			return unprintable
		}
		g := *f
		g.Controller = ""
		if len(g.Subtypes) == 2 && len(g.Types) == 0 {
			an := alt(w("a"), w("an"))
			return w("you control") + an + w(g.Subtypes[0]) + w("or") + an + w(g.Subtypes[1])
		}
		return w("you control") + alt(w("a"), w("an")) + printDesc(&g, "")
	case ability.CondCompare:
		if l := c.Left; l != nil && l.Var == "counters" && l.Of != nil && l.Of.Ref == ability.Self && c.Op == "==" && c.Right != nil &&
			reflect.DeepEqual(*c.Right, *ability.Fixed(0)) {
			return w("there are no") + w(l.Counter) + w("counters on ~") // mana_lands.go
		}
		if c.Left != nil && c.Left.Var == "life_gained" && c.Op == ">=" && c.Right != nil && c.Right.N == 1 {
			return w("you gained life this turn")
		}
		if s := printMoreCompare(c); s != "" {
			return s
		}
		if c.Left == nil || c.Left.Var != "count" || c.Left.Count == nil || c.Left.Count.Controller != "you" {
			return unprintable
		}
		g := *c.Left.Count
		g.Controller = ""
		f, other := withoutOther(&g)
		word := map[string]string{"<=": "fewer", ">=": "more"}[c.Op]
		if word == "" {
			return unprintable
		}
		s := w("you control") + printAmount(c.Right) + w("or "+word)
		if word == "more" {
			s = alt(s, w("you control at least")+printAmount(c.Right)) // "at least three"
		}
		if other {
			s += w("other")
		}
		return s + printDescs(f, "")
	}
	return unprintable
}

var ruleText = map[ability.Rule]string{
	ability.CantBlock: "can't block", ability.CantAttack: "can't attack", ability.CantAttackOrBlock: "can't attack or block",
	ability.CantBeBlocked: "can't be blocked", ability.MustAttack: "attacks each combat if able",
	ability.CantBeCountered: "can't be countered", ability.DoesntUntap: "doesn't untap during your untap step",
	ability.BlocksOnlyFlying: "can block only creatures with flying",
}

func printStatic(s *ability.StaticEffect) string {
	if s.Rule == ability.OpeningHand {
		return w("if ~ is in your opening hand, you may begin the game with it on the battlefield")
	}
	if s.Rule == ability.AdditionalCost && s.Cost != nil && s.Mods == nil && s.If == nil {
		return w("as an additional cost to cast ~,") + printCost(s.Cost)
	}
	if t := printChosenNameRule(s); t != "" { // cost_changes.go
		return t
	}
	if t := ruleStatic(s); t != "" {
		return t
	}
	if s.Mods != nil && s.Mods.CDA && s.Affected != nil && s.Affected.Ref == ability.Self && s.Mods.SetPAmount != nil &&
		reflect.DeepEqual(s.Mods.SetPAmount, s.Mods.SetTAmount) && s.Mods.SetPAmount.Var == "count" && s.If == nil {
		plus := ""
		if n := s.Mods.SetPAmount.N; n != 0 {
			plus = w(strconv.Itoa(n)) + w("plus") // "equal to 1 plus the number of lands you control" (rules_small.go)
		}
		return w("~'s power and toughness are each equal to") + plus + w("the number of") + printDescs(s.Mods.SetPAmount.Count, "")
	}
	if s.Mods != nil && len(s.Mods.Rules) == 1 && s.Mods.Rules[0] == ability.AttackUnless && s.If != nil && s.Affected != nil {
		subj := w("~")
		if s.Affected.Ref == ability.Attached {
			subj = alt(w("enchanted"), w("equipped")) + printDesc(s.Affected.Filter, "")
		}
		return subj + w("can't attack unless") + printCond(nil, s.If)
	}
	if s.Rule == ability.AlternativeCost && s.Cost != nil && s.Mods == nil {
		c := printCostSep(s.Cost, w("and"))
		if *s.Cost == (ability.Cost{Mana: s.Cost.Mana}) {
			c = w("pay") + c
		}
		out := w("you may") + c + w("rather than pay ~'s mana cost")
		if s.If != nil {
			out = w("if") + printCond(nil, s.If) + w(",") + out
		}
		return out
	}
	if t := printCostChange(s); t != "" { // cost_changes.go
		return t
	}
	if t := printMoreStatic(s); t != "" {
		return t
	}
	if s.Rule != "" || s.If != nil || s.Mods == nil {
		return unprintable
	}
	m := s.Mods
	var subj string
	plural := false
	switch s.Affected.Ref {
	case ability.Self:
		subj = w("~")
	case ability.Attached:
		subj = alt(w("enchanted"), w("equipped")) + printDesc(s.Affected.Filter, "")
	case ability.All:
		f, other := withoutOther(s.Affected.Filter)
		subj = printDescs(f, "")
		if other {
			subj = w("other") + subj
		} else {
			subj = opt(w("all")) + subj // "All creatures of the chosen type get -1/-1"
		}
		plural = true
	default:
		return unprintable
	}
	verb := func(one, many string) string {
		if plural {
			return w(many)
		}
		return w(one)
	}
	hasPT := m.P != 0 || m.T != 0 || m.PAmount != nil || m.TAmount != nil
	switch {
	case len(m.Abilities) > 0:
		if hasPT || len(m.Keywords) > 0 || len(m.Rules) > 0 {
			return unprintable
		}
		return subj + verb("has", "have") + printQuoted(m.Abilities) // quoted.go
	case len(m.Rules) == 1 && !hasPT && len(m.Keywords) == 0 && m.Rules[0] == ability.DoesntUntap && s.Affected.Ref == ability.Attached:
		return subj + w("doesn't untap during its controller's untap step")
	case len(m.Rules) == 1 && !hasPT && len(m.Keywords) == 0:
		t := ruleText[m.Rules[0]]
		if t == "" || plural {
			return unprintable
		}
		return subj + w(t)
	case len(m.Rules) == 1 && m.Rules[0] == ability.MustAttack && hasPT && len(m.Keywords) > 0 && !plural:
		// "~ gets +2/+2, has flying, and attacks each combat if able" (rules_small.go)
		return subj + w("gets") + printPT(m) + w(", has") + printKwList(m.Keywords) + w(", and attacks each combat if able")
	case len(m.Rules) > 0:
		return unprintable
	case hasPT && len(m.Keywords) > 0:
		return subj + verb("gets", "get") + printPT(m) + w("and") + verb("has", "have") + printKwList(m.Keywords)
	case hasPT:
		return subj + verb("gets", "get") + printPT(m)
	case len(m.Keywords) > 0:
		return subj + verb("has", "have") + printKwList(m.Keywords)
	}
	return unprintable
}

func printReplace(r *ability.ReplaceEffect) string {
	if s, ok := printDamageCounters(r); ok { // rules_damage_counters.go
		return s
	}
	if s, ok := printNotCastExiled(r); ok { // rules_cant_enter.go
		return s
	}
	if r.Event == ability.ReplDraw && r.Player == "you" && r.Plus == 1 && r.Times == 0 && r.Subject == nil && len(r.Instead) == 0 &&
		r.Unless != nil && r.Unless.Kind == ability.CondNot {
		return w("as long as") + printCond(nil, &r.Unless.Sub[0]) + w(", if you would draw one or more cards, you draw that many cards plus one instead.")
	}
	if r.Event == ability.ReplToGraveyard && r.To == ability.ZoneExile && r.Subject != nil &&
		reflect.DeepEqual(*r.Subject, ability.Filter{Types: []string{"card"}, Owner: "opponent"}) {
		return w("if a card would be put into an opponent's graveyard from anywhere, exile it instead.")
	}
	if r.Event == ability.ReplToGraveyard && r.To == ability.ZoneExile && r.Subject == nil && r.Player == "" {
		return w("if a card or token would be put into a graveyard from anywhere, exile it instead.")
	}
	if r.Event == ability.ReplEnters && !r.Self && r.Subject != nil && r.Tapped && r.Unless == nil && r.UnlessPay == nil && r.Counter == "" {
		return printDescs(r.Subject, "") + w("enter tapped.")
	}
	if r.Event != ability.ReplEnters || !r.Self {
		return unprintable
	}
	switch {
	case r.Tapped && r.UnlessPay != nil && r.UnlessPay.Life != nil:
		return w("as ~ enters, you may pay") + printAmount(r.UnlessPay.Life) + w("life. if you don't,") + alt(w("~"), w("it")) +
			w("enters tapped.")
	case r.Tapped && r.Unless != nil && r.Unless.Kind == ability.CondNot:
		c := printCond(nil, &r.Unless.Sub[0])
		return alt(w("~ enters tapped if")+c+w("."), w("if")+c+w(", ~ enters tapped."))
	case r.Tapped && r.Unless != nil:
		return w("~ enters tapped unless") + printCond(nil, r.Unless) + w(".")
	case r.Tapped:
		return w("~ enters tapped.")
	case r.Counter != "":
		if fe := printForEach(r.Amount); fe != "" && r.Amount.N == 0 && r.Amount.Times == 0 {
			return w("~ enters with") + alt(w("a"), w("an")) + w(r.Counter) + w("counter on it") + fe + w(".")
		}
		if n, ok := r.Amount.IsFixed(); ok && n == 1 {
			return w("~ enters with") + alt(w("a"), w("an")) + w(r.Counter) + w("counter on it.")
		}
		return w("~ enters with") + printAmount(r.Amount) + w(r.Counter) + w("counters on it.")
	case r.Choose != "":
		return w("as ~ enters, choose a") + w(strings.ReplaceAll(r.Choose, "_", " ")) + w(".")
	}
	return unprintable
}

// ruleStatic prints a static rules change of a player or of spells, or "".
func ruleStatic(s *ability.StaticEffect) string {
	if s.Mods != nil || s.Affected != nil {
		return ""
	}
	if t, ok := printCantStatic(s); ok { // rules_cant_enter.go
		return t
	}
	if t := printPermission(s); t != "" { // rules_permissions.go
		return t
	}
	plain := func(st ability.StaticEffect) bool { return reflect.DeepEqual(*s, st) }
	one := ability.Fixed(1)
	switch {
	case plain(ability.StaticEffect{Rule: ability.NoMaxHandSize, Player: "you"}):
		return w("you have no maximum hand size")
	case plain(ability.StaticEffect{Rule: ability.ExtraLandDrop, Player: "you", Amount: one}):
		return w("you may play an additional land on each of your turns")
	case plain(ability.StaticEffect{Rule: ability.MaxSpells, Player: "each", Amount: one}):
		return w("each player can't cast more than one spell each turn")
	case plain(ability.StaticEffect{Rule: ability.CantCast, Player: "opponents", If: &ability.Condition{Kind: ability.CondYourTurn}}):
		return w("your opponents can't cast spells during your turn")
	case plain(ability.StaticEffect{Rule: ability.CantCast, Player: "each", Filter: &ability.Filter{ChosenName: true}}):
		return w("spells with the chosen name can't be cast") // twice.go
	case plain(ability.StaticEffect{Rule: ability.LookAtTop, Player: "you"}):
		return w("you may look at the top card of your library any time")
	case (s.Rule == ability.AsThoughFlash || s.Rule == ability.CastFromTop) && s.Player == "you" && s.Filter != nil && s.If == nil:
		g := *s.Filter
		g.Zone = ability.ZoneStack
		if len(g.Types) == 0 && len(g.Subtypes) == 0 && len(g.AnyOf) == 0 {
			g.Types = []string{"spell"}
		}
		tail := map[ability.Rule]string{ability.AsThoughFlash: "as though they had flash", ability.CastFromTop: "from the top of your library"}[s.Rule]
		return w("you may cast") + printDescs(&g, "spell") + w(tail)
	case s.Rule == ability.CantBeCountered && s.Filter != nil && s.Filter.Controller == "you" && s.Player == "" && s.If == nil:
		g := *s.Filter
		g.Controller = ""
		g.Zone = ability.ZoneStack
		if len(g.Types) == 0 && len(g.Subtypes) == 0 && len(g.AnyOf) == 0 {
			g.Types = []string{"spell"}
		}
		return printDescs(&g, "spell") + w("you control can't be countered")
	case s.Rule == ability.CantActivate && s.Filter != nil && s.Player == "" && s.If == nil && s.Cost == nil && s.Amount == nil:
		return w("activated abilities of") + printDescs(s.Filter, "") + w("can't be activated")
	case (s.Rule == ability.CostMore || s.Rule == ability.CostLess) && s.Cost != nil && s.If == nil && s.Amount == nil &&
		*s.Cost == (ability.Cost{Mana: s.Cost.Mana}):
		g := *s.Filter
		g.Zone = ability.ZoneStack
		if len(g.Types) == 0 && len(g.Subtypes) == 0 && len(g.AnyOf) == 0 {
			g.Types = []string{"spell"}
		}
		who := map[string]string{"each": "", "you": "you cast", "opponents": "your opponents cast"}[s.Player]
		more := map[ability.Rule]string{ability.CostMore: "more", ability.CostLess: "less"}[s.Rule]
		out := printDescs(&g, "spell")
		if who != "" {
			out += w(who)
		}
		return out + w("cost") + w(s.Cost.Mana) + w(more+" to cast")
	}
	return ""
}
