package oracle

import (
	"reflect"
	"strconv"
	"strings"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Printing back the verbs of library.go and the rules after it: the top
// of a library, impulse permissions, revealing from among cards, delayed
// triggers, paying, extra turns and the end of the game. printMore says
// whether it printed effect i (ok) and how many effects that took.

func printMore(a *pctx, es []ability.Effect, i int) (s string, n int, ok bool) {
	e := &es[i]
	if s := printTrigEffect(a, e); s != "" { // triggers_hooks.go
		return s, 1, true
	}
	if s, n, ok := printChooseName(a, es, i); ok { // choose_name.go
		return s, n, true
	}
	if s, ok := printPlayerGains(e); ok { // player_gains.go
		return s, 1, true
	}
	if s, ok := printPutEach(e); ok { // player_gains.go
		return s, 1, true
	}
	if s, ok := printEnergy(a, e); ok { // rules_energy.go
		return s, 1, true
	}
	if s := printPerCardType(e); s != "" { // per_card_type.go
		return s, 1, true
	}
	if s, ok := printChooseTarget(a, e); ok { // rules_choose_target.go
		return s, 1, true
	}
	if s, ok := printExileCreatureAndGraveyard(a, es, i); ok { // rules_small.go
		return s, 2, true
	}
	switch e.Verb {
	case ability.Look:
		if o := e.Object; o != nil {
			switch {
			case o.Ref == ability.LibraryTop:
				return w("look at") + printSel(a, o), 1, true
			case o.Ref == ability.All && o.Filter != nil && o.Filter.Zone == ability.ZoneHand && o.Player != nil:
				return w("look at") + printWhose(a, o.Player) + w("hand"), 1, true
			}
			return unprintable, 1, true
		}
	case ability.MayPlay:
		verb := "play"
		if e.Text == "cast" {
			verb = "cast"
		} else if e.Text != "" {
			return unprintable, 1, true
		}
		obj := printSel(a, e.Object)
		switch e.Duration {
		case ability.ThisTurn:
			return alt(w("you may "+verb)+obj+w("this turn"), w("until end of turn, you may "+verb)+obj), 1, true
		case ability.NextTurn:
			if verb != "play" {
				return unprintable, 1, true
			}
			return alt(w("until the end of your next turn, you may play")+obj, w("you may play")+obj+w("until the end of your next turn")), 1, true
		}
		return unprintable, 1, true
	case ability.Reveal:
		o := e.Object
		if o.Ref == ability.LibraryTop && e.Player == nil {
			return w("reveal") + printSel(a, o), 1, true
		}
		if o.Ref == ability.Bound && o.Choose != nil && o.Filter != nil && e.Bind != "" && i+1 < len(es) {
			m := &es[i+1]
			if m.Verb != ability.Move || m.Zone != ability.ZoneHand || m.Object == nil || m.Object.Ref != ability.Bound || m.Object.Name != e.Bind {
				return unprintable, 1, true
			}
			switch {
			case o.Choose.Min == 1 && o.Choose.Max == 1 && e.Optional:
				return w("reveal") + alt(w("a"), w("an")) + printDesc(o.Filter, "card") + w("from among") + pronouns + w("and put it into your hand"), 2, true
			case o.Choose.Min == 0 && o.Choose.Max == -1 && !e.Optional:
				return w("you may reveal any number of") + printDescs(o.Filter, "card") + w("from among") + pronouns +
					w("and put the revealed cards into your hand"), 2, true
			}
			return unprintable, 1, true
		}
	case ability.Move:
		if e.Object.Ref == ability.Rest && e.Zone == ability.ZoneLibrary && e.Position == ability.Bottom {
			order := map[string]string{"": "", "any": w("in any order"), "random": w("in a random order")}[e.Order]
			return w("put the rest on the bottom of your library") + order, 1, true
		}
		if o := e.Object; o.Ref == ability.All && o.Player != nil && o.Filter != nil && e.Zone == ability.ZoneLibrary && e.Position == ability.Bottom &&
			e.Order == "random" && reflect.DeepEqual(*o.Filter, ability.Filter{Types: []string{"card"}, Zone: ability.ZoneGraveyard}) {
			return printPlayer(a, o.Player) + w("puts all the cards from their graveyard on the bottom of their library in a random order"), 1, true
		}
		if e.Object.Ref == ability.Rest && e.Zone == ability.ZoneGraveyard {
			return w("put the rest into your graveyard"), 1, true
		}
		if o := e.Object; e.Zone == ability.ZoneHand && e.Optional && o.Ref == ability.Bound && o.Choose != nil && o.Choose.Min == 1 &&
			o.Choose.Max == 1 && o.Filter != nil && len(o.Filter.Types) > 0 {
			return w("put") + alt(w("a"), w("an")) + printDesc(o.Filter, "card") + w("from among") + pronouns + w("into your hand"), 1, true
		}
		if e.Zone == ability.ZoneGraveyard && e.Position == "" && e.Order == "" && !e.Tapped && e.Control == nil {
			return w("put") + printSel(a, e.Object) + w("into") + alt(w("your"), w("its owner's")) + w("graveyard"), 1, true
		}
	case ability.DelayedTrigger:
		d := e.Delayed
		t := d.Trigger
		body := strings.TrimSuffix(printBody(a, d.Effects), w("."))
		if d.If == nil && !d.Optional && len(d.Targets) == 0 && d.Modes == nil && t.Event == ability.StepBegins && t.Step == ability.StepEnd && t.Player == "" {
			return w("at the beginning of the next end step,") + body, 1, true // rules_next_end_step.go
		}
		if d.If != nil || d.Optional || len(d.Targets) > 0 || d.Modes != nil || t.Event != ability.StepBegins || t.Step != ability.StepUpkeep {
			return unprintable, 1, true
		}
		switch t.Player {
		case "":
			return body + w("at the beginning of the next turn's upkeep"), 1, true
		case "you":
			return w("at the beginning of your next upkeep,") + body, 1, true
		}
		return unprintable, 1, true
	case ability.Pay:
		if c := e.Cost; c.Life != nil && *c == (ability.Cost{Life: c.Life}) && e.Player == nil {
			return printCost(c), 1, true // "pay 2 life"
		}
		if c := e.Cost; c.Mana == "" || *c != (ability.Cost{Mana: c.Mana}) {
			return unprintable, 1, true
		}
		return subjectOf(a, e, "pay", "pays") + printCost(e.Cost), 1, true
	case ability.ExtraTurn:
		if n, ok := e.Amount.IsFixed(); !ok || n > 1 {
			return unprintable, 1, true
		}
		return subjectOf(a, e, "take", "takes") + w("an extra turn after this one"), 1, true
	case ability.Replace:
		r := e.Replace
		if r.Event != ability.ReplDies || !r.Self || r.To != ability.ZoneExile || e.Duration != ability.ThisTurn ||
			!reflect.DeepEqual(*r, ability.ReplaceEffect{Event: ability.ReplDies, Self: true, To: ability.ZoneExile}) {
			return unprintable, 1, true
		}
		return w("if") + printSel(a, e.Object) + w("would die this turn, exile it instead"), 1, true
	case ability.Grant:
		return printGrant(a, e), 1, true
	case ability.Emblem:
		if e.Player != nil {
			return unprintable, 1, true
		}
		return w("you get an emblem with") + printQuoted(e.Grant), 1, true
	case ability.TakeInitiative:
		return subjectOf(a, e, "you take", "takes") + w("the initiative"), 1, true
	case ability.BecomeMonarch:
		return subjectOf(a, e, "you become", "becomes") + w("the monarch"), 1, true
	case ability.LoseGame:
		return subjectOf(a, e, "you lose", "loses") + w("the game"), 1, true
	case ability.WinGame:
		return subjectOf(a, e, "you win", "wins") + w("the game"), 1, true
	}
	return "", 0, false
}

// subjectOf prints an effect's subject and verb: the base form alone for
// its controller ("pay"), the third person after another player
// ("target player pays").
func subjectOf(a *pctx, e *ability.Effect, base, third string) string {
	if e.Player == nil {
		return w(base)
	}
	return printPlayer(a, e.Player) + w(third)
}

// printWhose prints a player's possessive: "your", "target player's".
func printWhose(a *pctx, p *ability.PlayerRef) string {
	if p == nil || p.Who == ability.You {
		return w("your")
	}
	return printPlayer(a, p) + w("'s")
}

// printLibraryTop prints "the top card of your library", "the top two
// cards of target player's library".
func printLibraryTop(a *pctx, s *ability.Selector) string {
	whose := printWhose(a, s.Player)
	if n, ok := s.Amount.IsFixed(); ok && n <= 1 {
		return w("the top card of") + whose + w("library")
	}
	if n, ok := s.Amount.IsFixed(); ok {
		return w("the top "+strconv.Itoa(n)+" cards of") + whose + w("library")
	}
	return w("the top") + printAmount(s.Amount) + w("cards of") + whose + w("library")
}

// printMoreTrigger prints the triggers of triggers_more.go, or "".
func printMoreTrigger(t *ability.Trigger) string {
	if s := printTrigTrigger(t); s != "" { // triggers_hooks.go
		return s
	}
	selfEv := func(t *ability.Trigger) string {
		switch {
		case !t.Self || t.Subject != nil || t.AlsoSelf || len(t.Or) > 0:
			return ""
		case t.Event == ability.Enters:
			return w("enters")
		case t.Event == ability.Dies:
			return w("dies")
		case t.Event == ability.Attacks:
			return w("attacks")
		case t.Event == ability.Blocks:
			return w("blocks")
		case t.Event == ability.ZoneChange && t.From == ability.ZoneBattlefield && t.To == "":
			return w("leaves the battlefield")
		case t.Event == ability.ZoneChange && t.From == ability.ZoneBattlefield && t.To == ability.ZoneGraveyard:
			return w("is put into a graveyard from the battlefield")
		}
		return ""
	}
	switch {
	case len(t.Or) == 1 && t.Self && t.Player == "" && t.Limit == nil:
		one := *t
		one.Or = nil
		a, b := selfEv(&one), selfEv(&t.Or[0])
		if a == "" || b == "" {
			return unprintable
		}
		return alt(w("when"), w("whenever")) + w("~") + a + w("or") + b
	case len(t.Or) > 0:
		return unprintable
	case t.Self && t.Event == ability.ZoneChange && t.From == ability.ZoneBattlefield && t.To == "":
		return w("when ~ leaves the battlefield")
	case t.Self && t.Event == ability.ZoneChange && t.From == ability.ZoneBattlefield && t.To == ability.ZoneGraveyard:
		return w("when ~ is put into a graveyard from the battlefield")
	case t.Self && t.Event == ability.LevelReached && t.Level > 1:
		return w("when ~ becomes level " + strconv.Itoa(t.Level))
	case !t.Self && !t.AlsoSelf && t.Event == ability.ZoneChange && t.From == ability.ZoneBattlefield && t.To == ability.ZoneGraveyard &&
		t.Subject != nil && t.Player == "":
		f, other := withoutOther(t.Subject)
		det := alt(w("a"), w("an"))
		if other {
			det = w("another")
		}
		return w("whenever") + det + printDesc(f, "") + w("is put into a graveyard from the battlefield")
	case t.AlsoSelf && (t.Event == ability.Enters || t.Event == ability.Dies) && t.Subject != nil && t.Subject.Other && t.Player == "":
		f, _ := withoutOther(t.Subject)
		return w("whenever ~ or another") + printDesc(f, "") + w(string(t.Event))
	case t.Event == ability.Sacrificed && t.Player == "you" && !t.Self && t.Subject != nil:
		f, other := withoutOther(t.Subject)
		det := alt(w("a"), w("an"))
		if other {
			det = w("another")
		}
		return w("whenever you sacrifice") + det + printDesc(f, "")
	case t.Self && t.Event == ability.Cast && t.Player == "you" && t.Subject == nil:
		return w("when you cast ~")
	case t.Event == ability.Draws && t.Subject == nil && !t.Self && t.Player == "you" && t.Nth > 1 && t.Limit == nil:
		return alt(w("when"), w("whenever")) + w("you draw your") + w(ordinal(t.Nth)) + w("card in a turn")
	case t.Limit != nil || t.Nth != 0:
		return ""
	case t.Event == ability.Draws && t.Subject == nil && !t.Self && t.Nth == 0:
		who := map[string]string{"you": "whenever you draw", "opponent": "whenever an opponent draws"}[t.Player]
		if who == "" {
			return unprintable
		}
		return w(who) + w("a card")
	case t.Event == ability.PlaysLand && t.Player == "you" && t.Subject != nil:
		f, other := withoutOther(t.Subject)
		det := alt(w("a"), w("an"))
		if other {
			det = w("another")
		}
		return alt(w("when"), w("whenever")) + w("you play") + det + printDesc(f, "")
	}
	return ""
}

// printInsteadPut prints "Put one of them into your hand and the rest on
// the bottom of your library in any order. If <cond>, instead put two of
// them ..." (sentences.go), saying how many effects it printed (0: not
// this shape).
func printInsteadPut(a *pctx, es []ability.Effect, i int) (string, int) {
	e := &es[i]
	if e.Verb != ability.Move || e.Zone != ability.ZoneHand || e.Object == nil || len(e.Else) != 1 ||
		i+1 >= len(es) || es[i+1].Object == nil || es[i+1].Object.Ref != ability.Rest {
		return "", 0
	}
	prev, _ := printMove(a, []ability.Effect{e.Else[0], es[i+1]}, 0)
	if e.Object.Choose == nil {
		// All of them instead (Accumulate Wisdom).
		return prev + w(". put each of those cards into your hand instead if") + printCond(a, e.If), 2
	}
	cur := *e
	cur.If, cur.Else = nil, nil
	now, _ := printMove(a, []ability.Effect{cur, es[i+1]}, 0)
	if sep := printPutInstead(a, es, i); sep != "" { // put_instead.go
		return alt(prev+w(". if")+printCond(a, e.If)+w(", instead")+now, sep), 2
	}
	return prev + w(". if") + printCond(a, e.If) + w(", instead") + now, 2
}

// printMoreCompare prints the comparisons of sentences.go, or "".
func printMoreCompare(c *ability.Condition) string {
	l, r := c.Left, c.Right
	if l != nil && l.Var == "mana_spent" && l.Of != nil && r != nil {
		n, ok := r.IsFixed()
		switch {
		case ok && n == 0 && c.Op == "==":
			return w("no mana was spent to cast") + printSel(nil, l.Of)
		case ok && c.Op == ">=":
			return w(strconv.Itoa(n)+" or more mana was spent to cast") + printSel(nil, l.Of)
		}
		return unprintable
	}
	if l != nil && l.Var == "colors_spent" && l.Of != nil && r != nil && c.Op == "==" {
		if n, ok := r.IsFixed(); ok && n == 0 {
			return w("no colored mana was spent to cast") + printSel(nil, l.Of)
		}
		return unprintable
	}
	if l != nil && r != nil && l.Var == "mana_value" && r.Var == "colors_spent" && c.Op == "<=" && r.Of != nil && r.Of.Ref == ability.Self {
		return w("its mana value is less than or equal to the number of colors of mana spent to cast ~")
	}
	if l != nil && r != nil && c.Op == ">" && l.Player != nil && l.Player.Who == ability.AnOpponent && r.Player != nil &&
		r.Player.Who == ability.You && l.Var == r.Var {
		switch l.Var {
		case "life":
			return w("an opponent has more life than you")
		case "hand":
			return w("an opponent has more cards in hand than you")
		}
	}
	if l != nil && r != nil && c.Op == ">" && l.Var == "count" && r.Var == "count" && l.Count != nil && r.Count != nil &&
		l.Count.Controller == "opponent" && r.Count.Controller == "you" {
		o, y := *l.Count, *r.Count
		o.Controller, y.Controller = "", ""
		if reflect.DeepEqual(o, y) {
			return w("an opponent controls more") + printDescs(&o, "") + w("than you")
		}
	}
	n, fixed := r.IsFixed()
	if l == nil || !fixed {
		return ""
	}
	you := l.Player != nil && l.Player.Who == ability.You
	switch {
	case l.Var == "count" && l.Count != nil && c.Op == ">=" && l.Count.Zone == ability.ZoneGraveyard && l.Count.Owner == "you":
		f := *l.Count
		f.Zone, f.Owner = "", ""
		return alt(w("there are "+strconv.Itoa(n)+" or more")+printDescs(&f, "card")+w("in your graveyard"),
			w(strconv.Itoa(n)+" or more")+printDescs(&f, "card")+w("are in your graveyard"))
	case l.Var == "spells_cast" && l.Player != nil && l.Player.Who == ability.AnOpponent && c.Op == ">=":
		return w("an opponent cast " + strconv.Itoa(n) + " or more spells this turn")
	case l.Var == "life" && l.Player != nil && l.Player.Who == ability.AnOpponent && c.Op == "<=":
		return w("an opponent has " + strconv.Itoa(n) + " or less life")
	case l.Var == "hand" && you && c.Op == "<=":
		return w("you have " + strconv.Itoa(n) + " or fewer cards in hand")
	}
	return ""
}

// printMoreStatic prints the statics of statics_more.go, or "".
func printMoreStatic(s *ability.StaticEffect) string {
	switch {
	case (s.Rule == ability.CostLess || s.Rule == ability.CostMore) && s.Filter == nil && s.Affected == nil && s.Mods == nil && s.If == nil &&
		s.Cost != nil && *s.Cost == (ability.Cost{Mana: s.Cost.Mana}) && s.Player == "":
		fe := printForEach(s.Amount)
		if fe == "" {
			return unprintable
		}
		more := map[ability.Rule]string{ability.CostMore: "more", ability.CostLess: "less"}[s.Rule]
		return w("~ costs") + w(s.Cost.Mana) + w(more+" to cast") + fe
	case s.Rule == ability.CostLess && s.Filter != nil && s.If != nil && s.Player == "you":
		c := *s
		c.If = nil
		if t := ruleStatic(&c); t != "" && t != unprintable {
			return t + w("as long as") + printCond(nil, s.If)
		}
		return unprintable
	case s.Rule == ability.MaxSpells && s.Player == "each" && s.Filter != nil && s.Mods == nil && s.If == nil:
		if n, ok := s.Amount.IsFixed(); !ok || n != 1 {
			return unprintable
		}
		g := *s.Filter
		g.Zone = ability.ZoneStack
		return w("each player can't cast more than one") + printDesc(&g, "spell") + w("each turn")
	case s.Rule == "" && s.If != nil && s.Mods != nil:
		c := *s
		c.If = nil
		st, cond := printStatic(&c), printCond(nil, s.If)
		return alt(w("as long as")+cond+w(",")+st, st+w("as long as")+cond)
	case s.Rule == "" && s.Mods != nil && s.Affected != nil && s.Affected.Ref == ability.All && len(s.Mods.Subtypes) == 1 &&
		s.Mods.P == 0 && s.Mods.T == 0 && len(s.Mods.Keywords) == 0 && len(s.Mods.Rules) == 0 && len(s.Mods.Types) == 0:
		sub := s.Mods.Subtypes[0]
		if s.Mods.SetSubtypes {
			return printDescs(s.Affected.Filter, "") + w("are") + w(subtypePlural(sub))
		}
		return w("each") + printDesc(s.Affected.Filter, "") + w("is") + alt(w("a"), w("an")) + w(sub) + w("in addition to its other land types")
	}
	return ""
}
