package oracle

import (
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/chronicle-mtg/chronicle/ability"
)

const unprintable = "(?:unprintable)"

// adjectives are a filter's words before its noun.
func adjectives(f *ability.Filter) []string {
	var out []string
	switch len(f.Colors) {
	case 1:
		out = append(out, w(colorNames[f.Colors[0]]))
	case 2:
		out = append(out, w(colorNames[f.Colors[0]]+" or "+colorNames[f.Colors[1]]))
	}
	if f.Colorless {
		out = append(out, w("colorless"))
	}
	if f.Multicolored {
		out = append(out, w("multicolored"))
	}
	if f.Monocolored {
		out = append(out, w("monocolored"))
	}
	for _, s := range f.Supertypes {
		out = append(out, w(s))
	}
	for _, t := range f.NotTypes {
		out = append(out, w("non"+t))
	}
	for _, c := range f.NotColors {
		out = append(out, w("non"+colorNames[c]))
	}
	for _, s := range f.NotSupertypes {
		out = append(out, w("non"+s))
	}
	for _, s := range f.NotSubtypes {
		out = append(out, w("non-"+s))
	}
	if f.Nontoken {
		out = append(out, w("nontoken"))
	}
	if pt := exactPT(f); pt != "" {
		out = append(out, w(pt))
	}
	for _, x := range []struct {
		on   bool
		word string
	}{{f.Tapped, "tapped"}, {f.Untapped, "untapped"}, {f.Attacking, "attacking"}, {f.Blocking, "blocking"}} {
		if x.on {
			out = append(out, w(x.word))
		}
	}
	return out
}

// adjPattern accepts the adjectives in any order (up to three), commas
// between them allowed.
func adjPattern(adjs []string) string { return anyOrder(adjs, opt(w(","))) }

// posts are a filter's qualifiers after its noun.
func posts(f *ability.Filter) string {
	var out []string
	switch f.Controller {
	case "you":
		out = append(out, w("you control"))
	case "opponent":
		out = append(out, alt(w("an opponent controls"), w("your opponents control")))
	}
	for _, n := range f.Not {
		if n.Controller == "you" && len(f.Not) == 1 {
			out = append(out, w("you don't control"))
		} else {
			return unprintable
		}
	}
	if f.Owner == "you" && f.Zone == "" {
		out = append(out, w("you own"))
	}
	pt, tt := f.Power, f.Toughness
	if exactPT(f) != "" {
		pt, tt = nil, nil
	}
	for _, c := range []struct {
		what string
		c    *ability.Compare
	}{{"mana value", f.ManaValue}, {"power", pt}, {"toughness", tt}} {
		if c.c != nil {
			out = append(out, w("with "+c.what)+printCompare(c.c))
		}
	}
	switch len(f.ManaCosts) {
	case 0:
	case 1:
		out = append(out, w("with mana cost")+w(f.ManaCosts[0]))
	case 2:
		out = append(out, w("with mana cost")+w(f.ManaCosts[0])+w("or")+w(f.ManaCosts[1]))
	default:
		return unprintable
	}
	for _, k := range f.Keywords {
		out = append(out, w("with "+strings.ToLower(k)))
	}
	if f.ChosenName {
		out = append(out, w("with the chosen name"))
	}
	if f.ChosenType {
		out = append(out, w("of the chosen type"))
	}
	for _, k := range f.NotKeywords {
		out = append(out, w("without "+strings.ToLower(k)))
	}
	in := alt(w("in"), w("from"))
	switch {
	case f.Zone == ability.ZoneGraveyard && f.Owner == "you":
		out = append(out, in+w("your graveyard"))
	case f.Zone == ability.ZoneGraveyard && f.Owner == "opponent":
		out = append(out, in+w("an opponent's graveyard"))
	case f.Zone == ability.ZoneGraveyard:
		out = append(out, in+alt(w("a graveyard"), w("graveyards")))
	case f.Zone == ability.ZoneHand && f.Owner == "you":
		out = append(out, in+w("your hand"))
	case f.Zone == ability.ZoneBattlefield:
		out = append(out, w("on the battlefield"))
	case f.Zone == ability.ZoneStack, f.Zone == "":
	default:
		return unprintable
	}
	return anyOrder(out, "")
}

// anyOrder accepts the parts in any order (up to three), sep between them.
func anyOrder(parts []string, sep string) string {
	switch {
	case len(parts) == 0:
		return ""
	case len(parts) == 1:
		return parts[0]
	case len(parts) > 3:
		return strings.Join(parts, sep)
	}
	var perms []string
	var rec func(done, rest []string)
	rec = func(done, rest []string) {
		if len(rest) == 0 {
			perms = append(perms, strings.Join(done, sep))
			return
		}
		for i := range rest {
			r := append(append([]string{}, rest[:i]...), rest[i+1:]...)
			rec(append(append([]string{}, done...), rest[i]), r)
		}
	}
	rec(nil, parts)
	return alt(perms...)
}

func printCompare(c *ability.Compare) string {
	if a := c.Amount; c.Op == "==" && a.Var == "counters" && a.Of != nil && a.Of.Ref == ability.Self && a.N == 0 && a.Times == 0 {
		return w("equal to the number of") + w(a.Counter) + w("counters on ~")
	}
	if c.Op == "<=" && isEnergyPaid(&c.Amount) { // rules_energy.go
		return w("less than or equal to the amount of {E} paid this way")
	}
	n := printAmount(&c.Amount)
	switch c.Op {
	case "<=":
		return n + w("or") + alt(w("less"), w("fewer"))
	case ">=":
		return n + w("or") + alt(w("greater"), w("more"))
	case "==":
		return n
	}
	return unprintable
}

// core prints a filter's types and noun, singular or plural; noun is the
// context's noun ("card", "spell") when the filter doesn't say it. Before
// a noun the types stay singular ("creature cards"); alone they take the
// plural ("creatures").
func core(f *ability.Filter, plural bool, noun string) string {
	bare := len(f.Types) == 1 && (f.Types[0] == "card" || f.Types[0] == "permanent" || f.Types[0] == "spell")
	if bare {
		if f.Token || len(f.Subtypes) > 0 || len(f.AnyOf) > 0 {
			return unprintable
		}
		if plural {
			return w(f.Types[0] + "s")
		}
		return w(f.Types[0])
	}
	sing, pl := typeWords(f, false), typeWords(f, true)
	if sing == "" && noun == "" && !f.Token {
		return unprintable
	}
	nounWord := ""
	switch {
	case f.Zone == ability.ZoneStack || noun == "spell":
		nounWord = "spell"
	case f.Token:
		nounWord = "token"
	}
	if nounWord != "" {
		if plural {
			if len(f.Types) == 2 && len(f.Subtypes) == 0 && len(f.AnyOf) == 0 {
				sing = w(f.Types[0]) + alt(w("or"), w("and")) + w(f.Types[1])
			}
			return sing + w(nounWord+"s")
		}
		return sing + w(nounWord)
	}
	if plural {
		if len(f.Types) == 2 && len(f.Subtypes) == 0 && len(f.AnyOf) == 0 {
			sing = w(f.Types[0]) + alt(w("or"), w("and")) + w(f.Types[1])
		}
		return alt(pl, sing+w("cards"))
	}
	if len(f.Types) == 2 && len(f.Subtypes) == 0 && len(f.AnyOf) == 0 {
		sing = w(f.Types[0]) + alt(w("or"), w("and")) + w(f.Types[1])
	}
	return sing + opt(w("card"))
}

// typeWords prints a filter's types and subtypes ("artifact creature",
// "Island or Swamp", "Goblins"), or "" when it has none.
func typeWords(f *ability.Filter, plural bool) string {
	pl := func(s string) string {
		if !plural {
			return s
		}
		if s == "sorcery" {
			return "sorceries"
		}
		return s + "s"
	}
	switch {
	case slices.Equal(f.Types, permanentCardTypes) && len(f.Subtypes) == 0 && len(f.AnyOf) == 0:
		return w(pl("permanent"))
	case len(f.AnyOf) == 1 && len(f.AnyOf[0].Types) == 1 && len(f.Types) == 1 && isPlainAnyOf(&f.AnyOf[0]) && len(f.Subtypes) == 0:
		return w(f.AnyOf[0].Types[0]) + w(pl(f.Types[0]))
	case !plural && lastAdjList(f):
		// "artifact, enchantment, or nonbasic land" (search_players.go).
		a, b := &f.AnyOf[0], &f.AnyOf[1]
		return w(a.Types[0]) + w(",") + w(a.Types[1]) + w(", or") + adjPattern(adjectives(b)) + w(b.Types[0])
	case len(f.AnyOf) > 0:
		return unprintable
	case !plural && len(f.Types) == 1 && slices.Equal(f.Subtypes, basicLandTypes):
		return w(f.Types[0]) + opt(w("card")) + w("with a basic land type")
	case len(f.Types) == 1 && len(f.Subtypes) == 1:
		return w(f.Subtypes[0]) + w(pl(f.Types[0]))
	case len(f.Subtypes) == 1 && len(f.Types) == 0:
		s := f.Subtypes[0]
		if plural {
			s = subtypePlural(s)
		}
		return w(s)
	case len(f.Subtypes) == 2 && len(f.Types) == 0:
		return w(f.Subtypes[0]) + w("or") + w(f.Subtypes[1])
	case len(f.Subtypes) == 3 && len(f.Types) == 0 && !plural:
		return w(f.Subtypes[0]) + w(",") + w(f.Subtypes[1]) + w(", or") + w(f.Subtypes[2])
	case len(f.Subtypes) > 0:
		return unprintable
	case len(f.Types) == 1:
		return w(pl(f.Types[0]))
	case len(f.Types) == 2:
		if plural {
			return alt(w(pl(f.Types[0]))+w("and/or")+w(pl(f.Types[1])), w(f.Types[0])+alt(w("or"), w("and"))+w(f.Types[1]))
		}
		return w(f.Types[0]) + w("or") + w(f.Types[1])
	case len(f.Types) == 3:
		if plural {
			return w(pl(f.Types[0])) + w(",") + w(pl(f.Types[1])) + w(", and") + w(pl(f.Types[2]))
		}
		return w(f.Types[0]) + w(",") + w(f.Types[1]) + alt(w(", or"), w(", and")) + w(f.Types[2])
	case len(f.Types) == 4 && !plural:
		return w(f.Types[0]) + w(",") + w(f.Types[1]) + w(",") + w(f.Types[2]) + w(", or") + w(f.Types[3])
	}
	return ""
}

func isPlainAnyOf(f *ability.Filter) bool {
	return len(f.Types) == 1 && len(f.NotTypes) == 0 && len(f.Subtypes) == 0 && len(f.Colors) == 0 && f.Controller == ""
}

// printDesc prints a filter as a singular noun phrase without its
// determiner ("nonland permanent an opponent controls"). Other is the
// caller's to print.
func printDesc(f *ability.Filter, noun string) string {
	if f == nil || f.Other {
		return unprintable
	}
	if len(f.Types) == 1 && f.Types[0] == "ability" {
		g := *f
		g.Types, g.Ability, g.Zone = nil, "", ""
		if !reflect.DeepEqual(g, ability.Filter{}) {
			return unprintable
		}
		return w(map[string]string{"": "activated or triggered", "triggered": "triggered", "activated": "activated"}[f.Ability]) + w("ability")
	}
	if len(f.AnyOf) == 2 && reflect.DeepEqual(*f, ability.Filter{AnyOf: f.AnyOf}) && !lastAdjList(f) {
		a, b := f.AnyOf[0], f.AnyOf[1]
		if len(a.Types) == 1 && a.Types[0] == "spell" {
			// "spell or nonland permanent an opponent controls": whose
			// is said once, for both.
			if a.Controller != b.Controller || !reflect.DeepEqual(a, ability.Filter{Types: a.Types, Zone: a.Zone, Controller: a.Controller}) {
				return unprintable
			}
			return w("spell or") + printDesc(&b, "")
		}
		return printDesc(&a, noun) + w("or") + printDesc(&b, noun)
	}
	return adjPattern(adjectives(f)) + core(f, false, noun) + posts(f)
}

// printDescs is the plural.
func printDescs(f *ability.Filter, noun string) string {
	if f == nil || f.Other {
		return unprintable
	}
	return adjPattern(adjectives(f)) + core(f, true, noun) + posts(f)
}

var pronouns = alt(w("it"), w("them"), w("that creature"), w("that card"), w("that permanent"), w("that spell"), w("that land"),
	w("that artifact"), w("those cards"), w("those creatures"), w("those permanents"), w("that permanent or player"),
	w("that creature or player"))

// printSel prints an object phrase; a (the ability) gives target slots.
func printSel(a *pctx, s *ability.Selector) string {
	if s == nil {
		return unprintable
	}
	switch s.Ref {
	case ability.Self:
		return alt(w("~"), w("it"))
	case ability.Attached:
		return alt(w("enchanted"), w("equipped")) + printDesc(s.Filter, "")
	case ability.TargetRef:
		return a.target(s.Index)
	case ability.Bound, ability.EventObject:
		if s.Choose != nil {
			return w(strconv.Itoa(s.Choose.Min)) + w("of them")
		}
		return pronouns
	case ability.Rest:
		return alt(w("the rest"), w("the other"))
	case ability.All:
		f := s.Filter
		if g := printGraveyards(a, s); g != "" {
			return g
		}
		if e := printEachTwo(s, ""); e != "" { // damage_each.go
			return alt(e, w("each")+printDesc(f, ""), w("all")+printDescs(f, ""), printDescs(f, ""))
		}
		if s.Player != nil {
			return unprintable
		}
		if f.Other {
			g := *f
			g.Other = false
			return alt(w("each other")+printDesc(&g, ""), w("all other")+printDescs(&g, ""), w("other")+printDescs(&g, ""))
		}
		return alt(w("each")+printDesc(f, ""), w("all")+printDescs(f, ""), printDescs(f, ""))
	case ability.ChooseRef:
		f := *s.Filter
		n := s.Choose.Min
		if n == 0 && s.Choose.Max > 0 && !f.Other && s.Choose.Amount == nil && s.Choose.By == nil && !s.Choose.AtRandom {
			return w("up to "+strconv.Itoa(s.Choose.Max)) + printDescs(&f, "")
		}
		if f.Other {
			f.Other = false
			if n == 1 {
				return w("another") + printDesc(&f, "")
			}
			return w(strconv.Itoa(n)+" other") + printDescs(&f, "")
		}
		if n == 1 {
			return alt(w("a"), w("an")) + printDesc(&f, "")
		}
		return w(strconv.Itoa(n)) + printDescs(&f, "")
	case ability.PlayerSel:
		return printPlayer(a, s.Player)
	case ability.LibraryTop:
		return printLibraryTop(a, s)
	case ability.LinkedExiled:
		return w("the exiled card") // rules_linked_exile.go
	}
	return unprintable
}

func printTarget(t *ability.Target) string {
	f := t.Filter
	if t.Players == "any" && t.Min == 1 && t.Max == 2 && f != nil && reflect.DeepEqual(*f, *anyTarget().Filter) {
		return w("one or two targets")
	}
	if t.Players != "" {
		if f == nil && t.Min == 0 && t.Max == 1 && t.Players == "any" {
			return w("up to one target player")
		}
		if f == nil && t.Min == 0 && t.Max == -1 && t.Players == "any" {
			return w("any number of target players")
		}
		if t.Min != 1 || t.Max != 1 {
			return unprintable
		}
		switch {
		case f == nil && t.Players == "any":
			return w("target player")
		case f == nil && t.Players == "opponent":
			return w("target opponent")
		case t.Players == "any" && len(f.Types) == 3 && f.Types[0] == "creature" && f.Types[1] == "planeswalker" && f.Types[2] == "battle":
			if f.Other {
				return w("any other target")
			}
			return w("any target")
		case len(f.Types) == 1 && f.Types[0] == "planeswalker":
			return w("target") + w(map[string]string{"any": "player", "opponent": "opponent"}[t.Players]) + w("or planeswalker")
		case t.Players == "any" && len(f.Types) == 1 && f.Types[0] == "creature":
			return alt(w("target creature or player"), w("target player or creature"))
		}
		return unprintable
	}
	if f == nil {
		return unprintable
	}
	if f.Other {
		g := *f
		g.Other = false
		switch {
		case t.Min == 1 && t.Max == 1:
			return w("another target") + printDesc(&g, "")
		case t.Min == 0 && t.Max == 1:
			return w("up to one other target") + printDesc(&g, "")
		}
		return unprintable
	}
	switch {
	case t.MaxX:
		if t.Min != 0 || t.Max != 0 {
			return unprintable
		}
		return w("up to x target") + printDescs(f, "")
	case t.Min == 1 && t.Max == 1:
		return w("target") + printDesc(f, "")
	case t.Min == 0 && t.Max == 1:
		return w("up to one target") + printDesc(f, "")
	case t.Min == 0 && t.Max == -1:
		return w("any number of target") + printDescs(f, "")
	case t.Min == 0:
		return w("up to "+strconv.Itoa(t.Max)+" target") + printDescs(f, "")
	case t.Min == 1 && t.Max == 2:
		return w("one or two target") + printDescs(f, "")
	case t.Min == t.Max:
		return w(strconv.Itoa(t.Max)+" target") + printDescs(f, "")
	}
	return unprintable
}

func printPlayer(a *pctx, r *ability.PlayerRef) string {
	if r == nil {
		return w("you")
	}
	switch r.Who {
	case ability.You:
		return w("you")
	case ability.Opponents:
		return w("each opponent")
	case ability.Each:
		return w("each player")
	case ability.AnOpponent:
		return w("an opponent")
	case ability.Defending:
		return w("defending player")
	case ability.TargetPlayer:
		return a.target(r.Index)
	case ability.EventPlayer, ability.BoundPlayer:
		return w("that player")
	case ability.Controller, ability.Owner:
		word := "controller"
		if r.Who == ability.Owner {
			word = "owner"
		}
		if r.Of != nil && r.Of.Ref == ability.Self {
			return w("~'s " + word)
		}
		if r.Who == ability.Controller && r.Of != nil && r.Of.Ref == ability.TargetRef {
			// "That player" after a target permanent is its controller
			// (finish.go).
			return alt(w("its "+word), w("that creature's "+word), w("that land's "+word), w("that permanent's "+word), w("that player"))
		}
		return alt(w("its "+word), w("that creature's "+word), w("that land's "+word), w("that permanent's "+word))
	}
	return unprintable
}

// withoutOther returns the filter without Other, and whether it had it.
func withoutOther(f *ability.Filter) (*ability.Filter, bool) {
	if f == nil || !f.Other {
		return f, false
	}
	g := *f
	g.Other = false
	return &g, true
}

// target prints target slot i: its phrase the first time, a pronoun after.
func (a *pctx) target(i int) string {
	if a == nil || i >= len(a.a.Targets) {
		return unprintable
	}
	if a.seen[i] {
		if a.a.Targets[i].Filter == nil {
			return w("that player")
		}
		return pronouns
	}
	a.seen[i] = true
	return printTarget(&a.a.Targets[i])
}

// printGraveyards prints a selector of whole graveyards: "each opponent's
// graveyard", "all cards from target player's graveyard", "all
// graveyards"; "" when it is something else.
func printGraveyards(a *pctx, s *ability.Selector) string {
	f := s.Filter
	if f == nil || f.Zone != ability.ZoneGraveyard || len(f.Types) != 1 || f.Types[0] != "card" ||
		!reflect.DeepEqual(*f, ability.Filter{Types: f.Types, Zone: f.Zone, Owner: f.Owner}) {
		return ""
	}
	switch {
	case s.Player == nil && f.Owner == "opponent":
		return w("each opponent's graveyard")
	case s.Player == nil && f.Owner == "":
		return alt(w("all cards from all graveyards"), w("all graveyards"))
	case s.Player != nil && f.Owner == "":
		whose := printPlayer(a, s.Player)
		if s.Player.Who == ability.You {
			whose = w("you")
		}
		if s.Player.Who == ability.TargetPlayer && strings.HasSuffix(whose, w("players")) {
			return whose + w("' graveyards") // "any number of target players' graveyards"
		}
		return alt(w("all cards from"), "") + whose + w("'s graveyard")
	}
	return unprintable
}

// exactPT is "1/1" for a filter of exactly that power and toughness, else "".
func exactPT(f *ability.Filter) string {
	if f.Power == nil || f.Toughness == nil || f.Power.Op != "==" || f.Toughness.Op != "==" {
		return ""
	}
	p, ok1 := f.Power.Amount.IsFixed()
	t, ok2 := f.Toughness.Amount.IsFixed()
	if !ok1 || !ok2 {
		return ""
	}
	return strconv.Itoa(p) + "/" + strconv.Itoa(t)
}
