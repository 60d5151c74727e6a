package oracle

import (
	"fmt"
	"reflect"
	"regexp"
	"strconv"
	"strings"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Printing back (ABILITIES.md principle 10): each compiled ability is
// printed to rules text from its value alone and compared with the
// normalised text it came from. Where rules text has several wordings of
// one value ("each creature", "all creatures"), the printer gives all of
// them, as a regular expression over the canonical token text (tokens
// separated by single spaces, each followed by one). A reading that
// dropped a word ("other", "up to", a duration) prints back without it and
// is declined.

// canon is a unit's tokens as the printer's patterns match them.
func canon(toks []tok) string {
	var b strings.Builder
	for _, t := range toks {
		if t.kind == tQuote {
			b.WriteString(`"` + strings.ToLower(t.s) + `" `)
			continue
		}
		b.WriteString(t.s + " ")
	}
	return b.String()
}

// w is a literal phrase: its tokens, each followed by a space.
func w(phrase string) string {
	toks, err := lex(phrase)
	if err != nil {
		panic("oracle: printer phrase " + phrase)
	}
	var b strings.Builder
	for _, t := range toks {
		if t.kind == tWord && t.s != "'s" && t.s != "'" {
			t.s = strings.ToLower(t.s)
		}
		b.WriteString(regexp.QuoteMeta(t.s) + " ")
	}
	return b.String()
}

func alt(xs ...string) string { return "(?:" + strings.Join(xs, "|") + ")" }
func opt(x string) string     { return "(?:" + x + ")?" }

// checkPrint prints the unit's abilities back and compares them with its
// normalised text.
func checkPrint(as []ability.Ability, toks []tok, u unit) error {
	as, text, err := whereX(as, canon(toks)) // where_x.go
	if err != nil {
		return err
	}
	var pat string
	if len(as) > 1 || (len(as) == 1 && as[0].Kind == ability.Keyword) {
		var parts []string
		for i := range as {
			if as[i].Kind != ability.Keyword {
				return fmt.Errorf("a keyword line with a %s ability", as[i].Kind)
			}
			parts = append(parts, printKeyword(as[i].Keyword))
		}
		pat = strings.Join(parts, w(",")) + opt(w("."))
	} else {
		a := &as[0]
		if u.kind == unitChapter {
			pat = printBody(newPctx(a), a.Effects)
		} else {
			pat = printAbility(a)
		}
	}
	re, err := regexp.Compile("^" + pat + "$")
	if err != nil {
		return fmt.Errorf("printer: %v", err)
	}
	if !re.MatchString(text) {
		return fmt.Errorf("prints back differently: %s", strings.TrimSpace(sample(pat)))
	}
	return nil
}

// sample turns a pattern into one text it accepts, for the decline
// message.
func sample(pat string) string {
	var b strings.Builder
	depth := 0
	skip := -1
	for i := 0; i < len(pat); i++ {
		c := pat[i]
		switch {
		case strings.HasPrefix(pat[i:], "(?:"):
			depth++
			i += 2
		case c == '|':
			if skip < 0 {
				skip = depth
			}
		case c == ')':
			if skip == depth {
				skip = -1
			}
			depth--
			if i+1 < len(pat) && pat[i+1] == '?' {
				i++
			}
		case c == '\\':
			i++
			if skip < 0 {
				b.WriteByte(pat[i])
			}
		default:
			if skip < 0 {
				b.WriteByte(c)
			}
		}
	}
	return b.String()
}

// pctx is what printing one ability needs: its target slots, and which
// of them were mentioned already (a second mention is a pronoun: "it").
type pctx struct {
	a    *ability.Ability
	seen map[int]bool
}

func newPctx(a *ability.Ability) *pctx { return &pctx{a: a, seen: map[int]bool{}} }

// fork returns a copy to print one alternative with; join takes back what
// the alternatives mentioned.
func (a *pctx) fork() *pctx {
	c := &pctx{a: a.a, seen: map[int]bool{}}
	for k := range a.seen {
		c.seen[k] = true
	}
	return c
}

func (a *pctx) join(forks ...*pctx) {
	for _, f := range forks {
		for k := range f.seen {
			a.seen[k] = true
		}
	}
}

func printAbility(a *ability.Ability) string {
	pc := newPctx(a)
	switch a.Kind {
	case ability.Keyword:
		return printKeyword(a.Keyword)
	case ability.Spell:
		if a.Modes != nil {
			return printModes(a.Modes)
		}
		return printBody(pc, a.Effects)
	case ability.Activated, ability.Mana:
		c := *a.Cost
		if a.Zone != "" && c.Exile != nil && c.Exile.Ref == ability.Self {
			c.Exile = &ability.Selector{Ref: ability.Self, Filter: &ability.Filter{Zone: a.Zone}}
		}
		reduce := ""
		if c.Reduce != nil {
			if reduce = printForEach(c.Reduce); reduce == "" || a.Modes != nil || a.Limit != nil {
				return unprintable
			}
			reduce = w("this ability costs {1} less to activate") + reduce + w(".")
			c.Reduce = nil
		}
		head := printCost(&c) + w(":")
		if a.Modes != nil {
			return head + printModes(a.Modes)
		}
		body := printBody(pc, a.Effects)
		if a.Kind == ability.Mana && len(a.Effects) == 1 && a.Effects[0].Mana != nil && a.Effects[0].Mana.Spend != nil {
			body += w("spend this mana only to cast") + alt(printDescs(a.Effects[0].Mana.Spend, "spell"),
				alt(w("a"), w("an"))+printDesc(a.Effects[0].Mana.Spend, "spell"))
			if a.Effects[0].Mana.Uncounterable {
				body += w(", and that spell can't be countered")
			}
			body += w(".")
		}
		if l := a.Limit; l != nil {
			body += printLimit(l)
		}
		body += reduce
		return head + body
	case ability.Triggered:
		head := printTrigger(a.Trigger) + w(",")
		if a.If != nil {
			head += w("if") + printCond(pc, a.If) + w(",")
		}
		if a.Modes != nil {
			return head + printModes(a.Modes)
		}
		return head + printBody(pc, a.Effects)
	case ability.Static:
		return printStatic(a.Static) + w(".")
	case ability.Replacement:
		return printReplace(a.Replace)
	}
	return "(?:unprintable)"
}

func printModes(m *ability.Modes) string {
	if s, ok := printSpree(m); ok { // rules_spree.go
		return s
	}
	var head string
	switch {
	case m.Min == 1 && m.Max == 1:
		head = "choose 1 —"
	case m.Min == 2 && m.Max == 2:
		head = "choose 2 —"
	case m.Min == 1 && m.Max == 2 && len(m.List) == 2:
		head = "choose 1 or both —"
	case m.Min == 1 && m.Max == len(m.List):
		head = "choose 1 or more —"
	case m.Min == 0 && m.Max == len(m.List):
		head = "choose any number —"
	default:
		return "(?:unprintable)"
	}
	s := w(head)
	for i := range m.List {
		md := &m.List[i]
		s += w("•") + printBody(newPctx(&ability.Ability{Targets: md.Targets}), md.Effects)
	}
	return s
}

func printLimit(l *ability.Limit) string {
	switch {
	case l.Sorcery:
		return w("activate only as a sorcery.")
	case l.PerTurn == 1:
		return w("activate only once each turn.")
	case l.If != nil:
		return w("activate only if") + printCond(nil, l.If) + w(".")
	}
	return "(?:unprintable)"
}

// printBody prints effects as sentences: effects are joined by ". ",
// ", then " or " and ", and the last ends with a period.
func printBody(a *pctx, es []ability.Effect) string {
	var b strings.Builder
	join := alt(w("."), w(". then"), w(", then"), w("and"), w(","))
	for i := 0; i < len(es); i++ {
		e := &es[i]
		did := e.If != nil && e.If.Kind == ability.CondDid
		didnt := e.If != nil && e.If.Kind == ability.CondNot && len(e.If.Sub) == 1 && e.If.Sub[0].Kind == ability.CondDid && e.If.Sub[0].Name == ""
		do, dont := "if you do,", "if you don't,"
		if i > 0 && es[i-1].Verb == ability.FlipCoin {
			do, dont = "if you win the flip,", "if you lose the flip," // mana_lands.go
		}
		switch {
		case i > 0 && did:
			b.WriteString(w(". " + do))
		case i > 0 && didnt:
			b.WriteString(w(". " + dont))
		case i > 0:
			b.WriteString(join)
		case did:
			b.WriteString(w(do))
		case didnt:
			b.WriteString(w(dont))
		}
		did = did || didnt
		if i > 0 && e.Player != nil && reflect.DeepEqual(e.Player, es[i-1].Player) && !e.Optional && e.Unless == nil && e.If == nil {
			// One subject, two verbs: "draws two cards and loses 2 life".
			if pv, ok := playerVerb(a, e); ok {
				s, used := printEffect(a, es, i)
				prev := b.String()
				b.Reset()
				b.WriteString(strings.TrimSuffix(prev, join))
				b.WriteString(alt(join+s, w("and")+pv, w(",")+pv, w(", and")+pv, w(", then")+pv))
				i += used - 1
				continue
			}
		}
		if i > 0 && e.Verb == ability.Damage && es[i-1].Verb == ability.Damage && reflect.DeepEqual(e.Source, es[i-1].Source) &&
			e.If == nil && !e.Optional {
			// "deals 4 damage to X and 2 damage to Y".
			f1, f2 := a.fork(), a.fork()
			s, _ := printEffect(f1, es, i)
			tail := printAmount(e.Amount) + w("damage to") + printSel(f2, e.To)
			if p := es[i-1].To; p != nil && p.Ref == ability.PlayerSel && p.Player != nil && p.Player.Who == ability.Opponents &&
				reflect.DeepEqual(e.Amount, es[i-1].Amount) {
				if each := printEachTwo(e.To, "opponent"); each != "" {
					tail = alt(tail, each+w("they control")) // damage_each.go
				}
			}
			a.join(f1, f2)
			prev := b.String()
			b.Reset()
			b.WriteString(strings.TrimSuffix(prev, join))
			b.WriteString(alt(join+s, w("and")+tail))
			continue
		}
		if e.If != nil && !did && len(e.Else) > 0 {
			if s, used := printInsteadPut(a, es, i); used > 0 {
				b.WriteString(s)
				i += used - 1
				continue
			}
			if len(e.Else) == 1 {
				// "... . If ~ was kicked, it deals 4 damage to that
				// permanent or player instead."; "... instead if you
				// control three or more artifacts."
				prevS, _ := printEffect(a, e.Else, 0)
				if pc := e.Else[0].If; pc != nil && pc.Kind != ability.CondDid {
					prevS += w("if") + printCond(a, pc) // "destroy target creature if it has mana value 2 or less"
				}
				cond := printCond(a, e.If)
				s, _ := printEffect(a, es, i)
				if p := &e.Else[0]; e.Verb == ability.Damage && p.Verb == ability.Damage && reflect.DeepEqual(e.To, p.To) &&
					reflect.DeepEqual(e.Source, p.Source) && e.Source == nil && e.Amount.Of == nil {
					// "~ deals 6 damage instead if ...": the same recipient.
					s = alt(s, alt(w("~"), w("it"))+w("deals")+printAmount(e.Amount)+w("damage"))
				}
				if c := e.If; c.Kind == ability.CondAnd && len(c.Sub) == 2 && printControlBoth(c) == "" {
					// "... if it has mana value 4 or less instead if ...".
					cond = alt(cond, printCond(a, &c.Sub[1])+w("instead if")+printCond(a, &c.Sub[0]))
					b.WriteString(prevS + w(".") + s + w("if") + cond)
					continue
				}
				b.WriteString(prevS + alt(w(". if")+cond+w(",")+s+w("instead"), w(".")+s+w("instead if")+cond))
				continue
			}
			b.WriteString(unprintable)
			continue
		}
		if e.If != nil && !did {
			f1, f2 := a.fork(), a.fork()
			c1 := printCond(f1, e.If)
			s1, used := printEffect(f1, es, i)
			s2, _ := printEffect(f2, es, i)
			c2 := printCond(f2, e.If)
			a.join(f1, f2)
			b.WriteString(alt(w("if")+c1+w(",")+s1, s2+w("if")+c2))
			i += used - 1
			continue
		}
		s, used := printEffect(a, es, i)
		b.WriteString(s)
		i += used - 1
	}
	b.WriteString(w("."))
	return b.String()
}

// printEffect prints effect i and says how many effects it printed (a
// search prints its shuffle, a look's "put N of them ... the rest" two).
func printEffect(a *pctx, es []ability.Effect, i int) (string, int) {
	e := &es[i]
	s, n := printVerb(a, es, i)
	if e.Optional && !(e.Verb == ability.Search && e.Player != nil) {
		s = w("you may") + s
	}
	if u := e.Unless; u != nil {
		if u.Cost.Mana != "" && u.Cost == (ability.Cost{Mana: u.Cost.Mana}) {
			s += w("unless") + printPlayer(a, u.Payer) + w("pays") + w(u.Cost.Mana)
		} else if u.Cost.Mana == "" && u.Payer != nil && u.Payer.Who == ability.You {
			s += w("unless you") + printCost(&u.Cost)
		} else {
			s += unprintable
		}
	}
	if e.NoRegenerate {
		s += alt(w(". it can't be regenerated"), w(". they can't be regenerated"))
	}
	if e.Verb == ability.Counter && e.Zone == ability.ZoneExile {
		s += w(". if that spell is countered this way, exile it instead of putting it into its owner's graveyard")
	}
	return s, n
}

// playerVerb is a player's verb phrase without its subject ("loses 2
// life").
func playerVerb(a *pctx, e *ability.Effect) (string, bool) {
	switch e.Verb {
	case ability.Discard:
		return w("discards") + printSel(a.fork(), e.Object), true
	case ability.Sacrifice:
		return w("sacrifices") + printSel(a.fork(), e.Object), true
	case ability.Scry:
		return w("scries") + printAmount(e.Amount), true
	case ability.Surveil:
		return w("surveils") + printAmount(e.Amount), true
	case ability.Draw:
		return w("draws") + printCards(e.Amount), true
	case ability.Mill:
		return w("mills") + printCards(e.Amount), true
	case ability.GainLife:
		return w("gains") + printAmount(e.Amount) + w("life"), true
	case ability.LoseLife:
		return w("loses") + printAmount(e.Amount) + w("life"), true
	case ability.Shuffle:
		return w("shuffles"), true
	}
	return "", false
}

func printVerb(a *pctx, es []ability.Effect, i int) (string, int) {
	if s, n, ok := printMore(a, es, i); ok {
		return s, n
	}
	e := &es[i]
	obj := func() string { return printSel(a, e.Object) }
	subj := func(base, third string) string {
		if e.Player == nil {
			return w(base)
		}
		if e.Player.Who == ability.EventPlayer {
			return alt(printPlayer(a, e.Player)+w(third), w("they")+w(strings.TrimPrefix(base, "you "))) // "they lose 2 life"
		}
		return printPlayer(a, e.Player) + w(third)
	}
	switch e.Verb {
	case ability.Damage:
		src := alt(w("~"), w("it"))
		if e.Source != nil {
			src = printSel(a, e.Source)
		}
		if e.Amount != nil && (e.Amount.Of != nil || e.Amount.Var == "count") {
			return src + w("deals damage") + printAmount(e.Amount) + w("to") + printSel(a, e.To), 1
		}
		to := printSel(a, e.To)
		if e.To.Ref == ability.TargetRef && a != nil && e.To.Index < len(a.a.Targets) && a.a.Targets[e.To.Index].Max > 1 {
			to = opt(w("each of")) + to
		}
		return src + w("deals") + printAmount(e.Amount) + w("damage to") + to, 1
	case ability.Draw:
		if fe := printForEach(e.Amount); fe != "" {
			return subj("draw", "draws") + w("a card") + fe, 1
		}
		if e.Player == nil {
			return opt(w("you")) + w("draw") + printCards(e.Amount), 1
		}
		return subj("draw", "draws") + printCards(e.Amount), 1
	case ability.Discard:
		return subj("discard", "discards") + obj(), 1
	case ability.Mill:
		return subj("mill", "mills") + printCards(e.Amount), 1
	case ability.GainLife, ability.LoseLife:
		if fe := printForEach(e.Amount); fe != "" {
			n := e.Amount.Times
			if n == 0 {
				n = 1
			}
			verb := map[ability.Verb]string{ability.GainLife: "gain", ability.LoseLife: "lose"}[e.Verb]
			if e.Player != nil || e.Amount.N != 0 {
				return unprintable, 1
			}
			if n == 1 && e.Amount.Var == "count" {
				// "you lose life equal to the number of cards in your hand"
				return alt(w("you "+verb)+w("1")+w("life")+fe, opt(w("you"))+w(verb)+w("life")+printAmount(e.Amount)), 1
			}
			return w("you "+verb) + w(strconv.Itoa(n)) + w("life") + fe, 1
		}
		if e.Amount != nil && e.Amount.Of != nil && e.Amount.Var != "counters" {
			verb := map[ability.Verb]string{ability.GainLife: "gain", ability.LoseLife: "lose"}[e.Verb]
			if e.Player == nil {
				return opt(w("you")) + w(verb) + w("life") + printAmount(e.Amount), 1
			}
			return subj(verb, verb+"s") + w("life") + printAmount(e.Amount), 1
		}
		if e.Verb == ability.LoseLife {
			if e.Player == nil {
				return opt(w("you")) + w("lose") + printAmount(e.Amount) + w("life"), 1 // "you draw a card and lose 1 life"
			}
			return subj("you lose", "loses") + printAmount(e.Amount) + w("life"), 1
		}
		if e.Player == nil {
			return opt(w("you")) + w("gain") + printAmount(e.Amount) + w("life"), 1
		}
		return printPlayer(a, e.Player) + w("gains") + printAmount(e.Amount) + w("life"), 1
	case ability.Scry, ability.Surveil, ability.Discover, ability.Earthbend, ability.Bolster:
		if e.Player != nil {
			if pv, ok := playerVerb(a, e); ok {
				return printPlayer(a, e.Player) + pv, 1 // "target player scries X"
			}
			return unprintable, 1
		}
		return w(string(e.Verb)) + printAmount(e.Amount), 1
	case ability.Counter:
		return w("counter") + obj(), 1
	case ability.Exile:
		if o := e.Object; o.Ref == ability.ChooseRef && o.Filter != nil && (o.Filter.Zone == ability.ZoneGraveyard || o.Filter.Zone == ability.ZoneHand) &&
			o.Choose != nil && o.Choose.By != nil && reflect.DeepEqual(o.Player, o.Choose.By) && o.Choose.Min == 1 && o.Choose.Max == 1 {
			f := *o.Filter
			f.Zone = ""
			return printPlayer(a, o.Player) + w("exiles") + alt(w("a"), w("an")) + printDesc(&f, "card") + w("from their "+string(o.Filter.Zone)), 1
		}
		if e.Duration == ability.SourceLeaves {
			return w("exile") + obj() + w("until ~ leaves the battlefield"), 1
		}
		return w("exile") + obj(), 1
	case ability.Destroy, ability.Tap, ability.Untap:
		return w(string(e.Verb)) + obj(), 1
	case ability.Investigate, ability.Proliferate, ability.Populate, ability.Learn:
		return w(string(e.Verb)), 1
	case ability.Shuffle:
		return subj("shuffle", "shuffles"), 1
	case ability.Venture:
		return w("venture into the dungeon"), 1
	case ability.Sacrifice:
		return subj("sacrifice", "sacrifices") + obj(), 1
	case ability.GainControl:
		s := w("gain control of") + obj()
		if e.Duration == ability.EndOfTurn {
			s += w("until end of turn")
		}
		return s, 1
	case ability.PutCounters:
		if n, ok := e.Amount.IsFixed(); ok && n == 1 {
			return w("put") + alt(w("a"), w("an")) + w(e.Counter) + w("counter on") + obj(), 1
		}
		return w("put") + printAmount(e.Amount) + w(e.Counter) + w("counters on") + obj(), 1
	case ability.Pump:
		s := obj()
		if e.Optional {
			s = opt(w("have")) + s // "you may have that creature gain reach"
		}
		m := e.Mods
		if len(m.Rules) == 1 && m.P == 0 && m.T == 0 && len(m.Keywords) == 0 {
			switch m.Rules[0] {
			case ability.CantBeBlocked:
				return s + w("can't be blocked this turn"), 1
			case ability.CantBlock:
				return s + w("can't block this turn"), 1
			case ability.MustBlock:
				return s + w("blocks this turn if able"), 1
			}
			return unprintable, 1
		}
		if len(m.Rules) > 0 {
			return unprintable, 1
		}
		if len(m.Colors) == 1 && reflect.DeepEqual(*m, ability.Mods{Colors: m.Colors}) && e.Duration == ability.EndOfTurn {
			return s + w("becomes") + w(colorNames[m.Colors[0]]) + w("until end of turn"), 1
		}
		if e.Duration == ability.YourNextTurn && reflect.DeepEqual(*m, ability.Mods{Keywords: m.Keywords}) {
			return w("until your next turn,") + s + w("gains") + printKwList(m.Keywords), 1
		}
		if m.SetP != nil {
			// "~ becomes a 2/2 creature ... until end of turn. It's still a
			// land." (or "Until end of turn, ~ becomes ...").
			an := printAnimate(m)
			return alt(s+w("becomes a")+an+w("until end of turn. it's still a land"),
				w("until end of turn,")+s+w("becomes a")+an+w(". it's still a land")), 1
		}
		if pt, fe := ptForEach(m); fe != "" && len(m.Keywords) == 0 {
			// "gets -1/-1 until end of turn for each Swamp you control"
			gets := s + alt(w("gets"), w("get")) + w(pt)
			return alt(gets+fe+w("until end of turn"), gets+w("until end of turn")+fe), 1
		}
		if m.P != 0 || m.T != 0 || m.PAmount != nil || m.TAmount != nil {
			s += alt(w("gets"), w("get")) + printPT(m)
			if len(m.Keywords) > 0 {
				s += w("and") + alt(w("gains"), w("gain")) + printKwList(m.Keywords)
			}
		} else {
			s += alt(w("gains"), w("gain")) + printKwList(m.Keywords)
		}
		return s + w("until end of turn"), 1
	case ability.FlipCoin:
		if e.Player != nil {
			return unprintable, 1
		}
		return w("flip a coin"), 1
	case ability.AddMana:
		return subj("add", "adds") + opt(w("an additional")) + printManaSpec(e.Mana), 1
	case ability.DivideDamage:
		if e.To == nil || e.To.Ref != ability.TargetRef || a.a == nil || e.To.Index >= len(a.a.Targets) {
			return unprintable, 1
		}
		t := a.a.Targets[e.To.Index]
		among := ""
		switch {
		case t.Min == 1 && t.Max == 2:
			among = "one or two targets"
		case t.Min == 0 && t.Max == -1:
			among = "any number of targets"
		default:
			return unprintable, 1
		}
		a.seen[e.To.Index] = true
		return w("~ deals") + printAmount(e.Amount) + w("damage divided as you choose among "+among), 1
	case ability.Regenerate:
		return w("regenerate") + obj(), 1
	case ability.Attach:
		return w("attach") + obj() + w("to") + printSel(a, e.To), 1
	case ability.MayPlay:
		if e.Duration != ability.ThisTurn || e.Text != "" {
			return unprintable, 1
		}
		return w("you may play") + obj() + w("this turn"), 1
	case ability.Copy:
		return w("copy") + obj() + w(". you may choose new targets for the copy"), 1
	case ability.CreateToken:
		if e.Token.Copy != nil && e.Amount == nil && e.Token.Mods == nil {
			return w("create a token that's a copy of") + printSel(a, e.Token.Copy), 1
		}
		if e.Attacking {
			return w("create") + printToken(e) + alt(w("that are attacking"), w("that's attacking")), 1
		}
		return subj("create", "creates") + printToken(e), 1
	case ability.Search:
		return printSearch(e, es, i)
	case ability.Reveal:
		if e.Object != nil && e.Object.Ref == ability.All && e.Object.Filter != nil && e.Object.Filter.Zone == ability.ZoneHand {
			return printPlayer(a, e.Player) + w("reveals their hand"), 1
		}
		return unprintable, 1
	case ability.Select:
		o := e.Object
		if o.Ref != ability.Bound || o.Choose == nil || o.Choose.Min != 1 || o.Choose.Max != 1 || o.Filter == nil {
			return unprintable, 1
		}
		return w("you choose") + alt(w("a"), w("an")) + printDesc(o.Filter, "card") + w("from it"), 1
	case ability.Look:
		if n, ok := e.Amount.IsFixed(); ok && n == 1 {
			return w("look at the top card of your library"), 1
		}
		return w("look at the top") + printAmount(e.Amount) + w("cards of your library"), 1
	case ability.Move:
		return printMove(a, es, i)
	}
	return "(?:unprintable)", 1
}

func printMove(a *pctx, es []ability.Effect, i int) (string, int) {
	e := &es[i]
	switch e.Zone {
	case ability.ZoneHand:
		if a != nil && a.a.Zone == ability.ZoneGraveyard && e.Object.Ref == ability.Self {
			return w("return ~ from your graveyard to your hand"), 1
		}
		if e.Object.Ref == ability.Bound && e.Object.Choose != nil && i+1 < len(es) && es[i+1].Object != nil && es[i+1].Object.Ref == ability.Rest {
			r := &es[i+1]
			s := w("put") + w(strconv.Itoa(e.Object.Choose.Min)) + w("of") + alt(w("them"), w("those cards")) + w("into your hand") +
				alt(w("and the")+alt(w("rest"), w("other")), w(". put the rest")) + w("on the bottom of your library")
			switch r.Order {
			case "any":
				s += w("in any order")
			case "random":
				s += w("in a random order")
			}
			return s, 2
		}
		return w("return") + printSel(a, e.Object) + w("to") + alt(w("its owner's hand"), w("their owner' hands"),
			w("their owners' hands"), w("your hand")), 1
	case ability.ZoneBattlefield:
		if a != nil && a.a.Zone == ability.ZoneGraveyard && e.Object.Ref == ability.Self && e.Control == nil {
			s := w("return ~ from your graveyard to the battlefield")
			if e.Tapped {
				s += w("tapped")
			}
			return s, 1
		}
		f1, f2 := a.fork(), a.fork()
		s := alt(w("return")+printSel(f1, e.Object)+w("to the battlefield"), w("put")+printSel(f2, e.Object)+w("onto the battlefield"))
		a.join(f1, f2)
		if e.Tapped {
			s += w("tapped")
		}
		if c := e.Control; c != nil {
			if c.Who == ability.Owner {
				s += w("under its owner's control")
			} else {
				s += w("under your control")
			}
		}
		return s, 1
	case ability.ZoneLibrary:
		if s, ok := printShuffleSelf(a, e); ok { // rules_shuffle_self.go
			return s, 1
		}
		if e.Position == ability.Top && e.Order == "any" && e.Object.Ref == ability.Bound {
			return w("put them back in any order"), 1
		}
		if e.Position == ability.Bottom && e.Order == "any" && e.Object.Ref == ability.Bound {
			return w("put them on the bottom of your library in any order"), 1
		}
		if e.Object.Ref == ability.ChooseRef && e.Position == ability.Top {
			s := w("put") + printSel(a, e.Object) + w("on top of your library")
			if e.Order == "any" {
				s += w("in any order")
			}
			return s, 1
		}
		if n, err := strconv.Atoi(string(e.Position)); err == nil && n >= 2 && n <= 4 && e.Order == "" {
			return w("put") + printSel(a, e.Object) + w("into its owner's library") + w([]string{"second", "third", "fourth"}[n-2]) + w("from the top"), 1
		}
		if e.Order == "" {
			where := map[ability.Position]string{ability.Top: "on top of its owner's library", ability.Bottom: "on the bottom of its owner's library"}[e.Position]
			if where != "" {
				return w("put") + printSel(a, e.Object) + w(where), 1
			}
		}
	}
	return "(?:unprintable)", 1
}

func printSearch(e *ability.Effect, es []ability.Effect, i int) (string, int) {
	if i+1 >= len(es) || es[i+1].Verb != ability.Shuffle {
		return "(?:unprintable)", 1
	}
	// The shuffle of an optional search happens only if the search did.
	// A search under "If you do, ..." shuffles under the same condition.
	if sh := es[i+1].If; e.Optional && (sh == nil || !reflect.DeepEqual(*sh, ability.Condition{Kind: ability.CondDid})) ||
		!e.Optional && !reflect.DeepEqual(sh, e.If) {
		return unprintable, 1
	}
	s := w("search your library for")
	if e.Player != nil && e.Player.Who == ability.Each && !e.Optional && e.Amount == nil && e.Zone == ability.ZoneBattlefield &&
		e.Text == "" && reflect.DeepEqual(es[i+1].Player, e.Player) {
		// "Each player searches their library for a basic land card,
		// puts it onto the battlefield, then shuffles."
		s = w("each player searches their library for") + alt(w("a"), w("an")) + printDesc(e.Filter, "card") + w(", puts it onto the battlefield")
		if e.Tapped {
			s += w("tapped")
		}
		return s + w(", then shuffles") + opt(w("their library")), 2
	}
	if e.Player != nil {
		if !e.Optional {
			return unprintable, 1
		}
		s = printPlayer(nil, e.Player) + w("may search their library for")
	}
	single := e.Amount == nil
	if single {
		s += alt(w("a"), w("an")) + printDesc(e.Filter, "card")
	} else {
		s += w("up to") + printAmount(e.Amount) + printDescs(e.Filter, "card")
	}
	where := w("into your hand")
	if e.Zone == ability.ZoneBattlefield {
		where = w("onto the battlefield")
		if e.Tapped {
			where += w("tapped")
		}
	}
	if single && e.Text == "" && e.Player == nil {
		// "... and put that card onto the battlefield. Then shuffle."
		s = alt(s+w(",")+w("put")+alt(w("it"), w("that card"))+where+w(", then shuffle"), s+w("and put that card")+where+w(". then shuffle"))
		return s, 2
	}
	if single && e.Text == "reveal" && e.Player == nil && e.Zone == "" {
		// "..., reveal that card, and put it into your hand. Then shuffle."
		s = alt(s+w(", reveal")+alt(w("it"), w("that card"))+w(", put it into your hand, then shuffle"),
			s+w(", reveal that card, and put it into your hand. then shuffle"))
		return s, 2
	}
	s += w(",")
	it := alt(w("it"), w("that card"))
	if !single {
		it = w("them")
	}
	if e.Text == "reveal" {
		s += w("reveal") + it + w(",")
		if single {
			it = w("it")
		}
	}
	return s + w("put") + it + where + w(", then shuffle"), 2
}

func printToken(e *ability.Effect) string {
	t := e.Token
	if fe := printForEach(e.Amount); fe != "" {
		c := *e
		c.Amount = nil
		return printToken(&c) + fe
	}
	n, fixed := e.Amount.IsFixed()
	single := e.Amount == nil || (fixed && n == 1)
	var count string
	if single {
		count = alt(w("a"), w("an"))
	} else {
		count = printAmount(e.Amount)
	}
	noun := "token"
	if !single {
		noun = "tokens"
	}
	if t.Power == "" {
		return count + w(t.Name) + w(noun)
	}
	s := count + w(t.Power+"/"+t.Toughness)
	switch len(t.Colors) {
	case 0:
		s += w("colorless")
	case 1:
		s += w(colorNames[t.Colors[0]])
	case 2:
		s += w(colorNames[t.Colors[0]] + " and " + colorNames[t.Colors[1]])
	}
	s += w(strings.Join(t.Subtypes, " ")) + w(strings.Join(t.Types, " ")) + w(noun)
	if len(t.Keywords) > 0 {
		s += w("with") + printKwList(t.Keywords)
	}
	if len(t.Abilities) > 0 {
		if len(t.Keywords) > 0 {
			return unprintable
		}
		s += w("with") + printQuoted(t.Abilities)
	}
	return s
}

func printManaSpec(m *ability.ManaSpec) string {
	if fe := printForEach(m.Amount); fe != "" && m.Fixed != "" {
		return w(m.Fixed) + fe
	}
	switch {
	case m.Fixed != "":
		return w(m.Fixed)
	case len(m.OneOf) == 2:
		return w(m.OneOf[0]) + w("or") + w(m.OneOf[1])
	case len(m.OneOf) == 3:
		return w(m.OneOf[0]) + w(",") + w(m.OneOf[1]) + w(", or") + w(m.OneOf[2])
	case m.Among == "commander":
		return w("one mana of any color in your commander's color identity")
	case m.Among == "opponent_lands":
		return w("one mana of any color that a land an opponent controls could produce")
	case m.Among == "your_lands":
		return w("one mana of any type that a land you control could produce")
	case m.Among == "exiled":
		return w("one mana of any of the exiled card's colors") // rules_linked_exile.go
	case m.Among == "legendary":
		return w("one mana of any color among legendary creatures and planeswalkers you control")
	case m.Among == "produced":
		return w("one mana of any type that land produced")
	case m.Among == "chosen":
		return w("one mana of the chosen color")
	case m.Any && m.Same:
		return printAmount(m.Amount) + w("mana of any one color")
	case m.Any:
		if n, _ := m.Amount.IsFixed(); n == 1 {
			return w("one mana of any color")
		}
		return printAmount(m.Amount) + w("mana in any combination of colors")
	}
	return "(?:unprintable)"
}

// printForEach prints a counted amount's "for each ..." ("for each
// artifact you control", "for each burden counter on ~"), or "".
func printForEach(a *ability.Amount) string {
	if a == nil {
		return ""
	}
	switch {
	case a.Var == "count" && a.Count != nil && a.Count.Other:
		f := *a.Count
		f.Other = false
		return w("for each other") + printDesc(&f, "")
	case a.Var == "count" && a.Count != nil:
		return w("for each") + printDesc(a.Count, "")
	case a.Var == "counters" && a.Of != nil && a.Of.Ref == ability.Self:
		return w("for each") + w(a.Counter) + w("counter on ~")
	case a.Var == "kicks":
		return w("for each time") + alt(w("~"), w("it")) + w("was kicked")
	case isReturnedCount(a): // rules_returned_count.go
		return w("for each card returned to your hand this way")
	}
	return ""
}

// printAnimate prints what a land becomes: "2/2 blue Bird creature with
// flying".
func printAnimate(m *ability.Mods) string {
	s := w(strconv.Itoa(*m.SetP) + "/" + strconv.Itoa(*m.SetT))
	switch {
	case m.Colorless:
		s += w("colorless")
	case len(m.Colors) == 1:
		s += w(colorNames[m.Colors[0]])
	case len(m.Colors) == 2:
		s += w(colorNames[m.Colors[0]] + " and " + colorNames[m.Colors[1]])
	}
	if len(m.Subtypes) > 0 {
		s += w(strings.Join(m.Subtypes, " "))
	}
	s += w(strings.Join(m.Types, " "))
	if len(m.Keywords) > 0 {
		s += w("with") + printKwList(m.Keywords)
	}
	if m.AllCreatureTypes {
		s += w("with all creature types")
	}
	return s
}

func printAmount(a *ability.Amount) string {
	if a == nil {
		return w("1")
	}
	if n, ok := a.IsFixed(); ok {
		return w(strconv.Itoa(n))
	}
	if a.Var == "x" && a.N == 0 && a.Times == 0 {
		return w("x")
	}
	if a.Of != nil && a.N == 0 && a.Times == 0 {
		stat := map[string]string{"power": "power", "toughness": "toughness", "mana_value": "mana value"}[a.Var]
		if stat == "" {
			return unprintable
		}
		of := alt(w("its"), w("that creature's"))
		if a.Of.Ref == ability.Self {
			of = alt(w("~'s"), w("its"))
		}
		return w("equal to") + of + w(stat)
	}
	if s := printTwice(a); s != "" { // twice.go
		return s
	}
	if a.Var == "count" && a.Count != nil && a.Times == 0 && a.Of == nil && a.Player == nil {
		plus := ""
		if a.N != 0 {
			plus = w(strconv.Itoa(a.N)) + w("plus")
		}
		return w("equal to") + plus + w("the number of") + printDescs(a.Count, "")
	}
	return "(?:unprintable)"
}

func printCards(a *ability.Amount) string {
	if n, ok := a.IsFixed(); ok && n == 1 {
		return alt(w("a"), w("an")) + w("card")
	}
	return printAmount(a) + w("cards")
}

func printPT(m *ability.Mods) string {
	if pt, fe := ptForEach(m); fe != "" {
		return w(pt) + fe
	}
	return printPTFixed(m)
}

// ptForEach splits a P/T change counted "for each" into the change per
// each ("+1/+1") and its "for each ..." (a pattern); "", "" when it isn't
// one.
func ptForEach(m *ability.Mods) (string, string) {
	if m.PAmount != nil || m.TAmount != nil {
		// "+1/+1 for each artifact you control".
		var fe string
		half := func(n int, a *ability.Amount) string {
			if a == nil {
				if n < 0 {
					return strconv.Itoa(n)
				}
				return "+" + strconv.Itoa(n)
			}
			f := printForEach(a)
			if f == "" || a.N != 0 || (fe != "" && fe != f) {
				return "?"
			}
			fe = f
			t := a.Times
			if t == 0 {
				t = 1
			}
			if t < 0 {
				return strconv.Itoa(t)
			}
			return "+" + strconv.Itoa(t)
		}
		p, t := half(m.P, m.PAmount), half(m.T, m.TAmount)
		if fe != "" && p != "?" && t != "?" {
			return p + "/" + t, fe
		}
	}
	return "", ""
}

// printPTFixed prints a P/T change by numbers or X: "+3/+3", "-X/-X".
func printPTFixed(m *ability.Mods) string {
	half := func(n int, a *ability.Amount) string {
		if a != nil {
			if a.Times == -1 {
				return "-X"
			}
			return "+X"
		}
		if n < 0 {
			return strconv.Itoa(n)
		}
		return "+" + strconv.Itoa(n)
	}
	p, t := half(m.P, m.PAmount), half(m.T, m.TAmount)
	// "-1/-0": a zero keeps the sign of the other half.
	if p == "+0" && strings.HasPrefix(t, "-") {
		return alt(w(p+"/"+t), w("-0/"+t))
	}
	if t == "+0" && strings.HasPrefix(p, "-") {
		return alt(w(p+"/"+t), w(p+"/-0"))
	}
	return w(p + "/" + t)
}

func printKwList(kws []string) string {
	var lw []string
	for _, k := range kws {
		lw = append(lw, w(strings.ToLower(k)))
	}
	switch len(lw) {
	case 1:
		return lw[0]
	case 2:
		return lw[0] + w("and") + lw[1]
	case 3:
		return lw[0] + w(",") + lw[1] + w(", and") + lw[2]
	}
	return "(?:unprintable)"
}

func printKeyword(k *ability.KeywordAbility) string {
	name := w(strings.ToLower(k.Name))
	switch {
	case k.Name == "Protection" || (k.Name == "Hexproof" && (k.Filter != nil || k.Text != "")):
		q := "(?:unprintable)"
		switch {
		case k.Text == "everything":
			q = w("everything")
		case k.Filter != nil && len(k.Filter.Colors) == 1 && len(k.Filter.Types) == 0:
			q = w(colorNames[k.Filter.Colors[0]])
		case k.Filter != nil && len(k.Filter.Colors) == 2 && reflect.DeepEqual(*k.Filter, ability.Filter{Colors: k.Filter.Colors}):
			q = w(colorNames[k.Filter.Colors[0]]) + w("and from") + w(colorNames[k.Filter.Colors[1]])
		case k.Filter != nil && k.Filter.Multicolored:
			q = w("multicolored")
		case k.Filter != nil && k.Filter.Monocolored:
			q = w("monocolored")
		case k.Filter != nil:
			q = printDescs(k.Filter, "")
		}
		return name + w("from") + q
	case k.Name == "Enchant" && k.Filter == nil && k.Text == "player":
		return name + w("player")
	case k.Name == "Enchant":
		return name + printDesc(k.Filter, "")
	case k.Name == "Level":
		return printLevel(k)
	case k.Name == "Affinity":
		return name + w("for") + printDescs(k.Filter, "")
	case k.Name == "Prototype" && k.Cost != nil:
		return name + w(k.Cost.Mana) + w("—") + w(k.Text)
	case k.Cost != nil:
		if k.Cost.Mana != "" && *k.Cost == (ability.Cost{Mana: k.Cost.Mana}) {
			return name + w(k.Cost.Mana)
		}
		return name + w("—") + printCost(k.Cost) + opt(w("."))
	case k.N != 0:
		return name + w(strconv.Itoa(k.N))
	}
	return name
}

func printCost(c *ability.Cost) string { return printCostSep(c, w(",")) }

// printCostSep prints a cost's parts joined by sep (", " or " and ").
func printCostSep(c *ability.Cost, sep string) string {
	var parts []string
	if c.Or != nil { // "discard a card or pay 3 life"
		for i := range c.Or.Options {
			parts = append(parts, printCostSep(&c.Or.Options[i], sep))
		}
		return strings.Join(parts, w("or"))
	}
	if c.Loyalty != nil {
		n := *c.Loyalty
		switch {
		case n > 0:
			return w("+" + strconv.Itoa(n))
		case n == 0:
			return w("0")
		default:
			return w(strconv.Itoa(n))
		}
	}
	if c.LoyaltyX {
		return w("-X")
	}
	if c.Mana != "" {
		parts = append(parts, w(c.Mana))
	}
	if c.Tap {
		parts = append(parts, w("{T}"))
	}
	if c.Untap {
		parts = append(parts, w("{Q}"))
	}
	if c.Life != nil {
		parts = append(parts, w("pay")+printAmount(c.Life)+w("life"))
	}
	for _, x := range []struct {
		verb string
		s    *ability.Selector
	}{{"sacrifice", c.Sacrifice}, {"discard", c.Discard}, {"exile", c.Exile}, {"return", c.Return}, {"tap", c.TapOthers}, {"reveal", c.Reveal}} {
		if x.s == nil {
			continue
		}
		p := w(x.verb) + printSel(nil, x.s)
		if x.s.Ref == ability.Self && x.s.Filter != nil {
			p = w(x.verb) + w("~ from your "+string(x.s.Filter.Zone))
		}
		if x.verb == "return" {
			p += alt(w("to its owner's hand"), w("to their owner's hand"))
		}
		parts = append(parts, p)
	}
	if c.RemoveCounters > 0 {
		if c.RemoveCounters == 1 {
			parts = append(parts, w("remove")+alt(w("a"), w("an"))+w(c.Counter)+w("counter from ~"))
		} else {
			parts = append(parts, w("remove "+strconv.Itoa(c.RemoveCounters))+w(c.Counter)+w("counters from ~"))
		}
	}
	if c.PutCounters == 1 {
		parts = append(parts, w("put")+alt(w("a"), w("an"))+w(c.Counter)+w("counter on ~"))
	}
	if c.Energy > 0 {
		parts = append(parts, opt(w("pay"))+w(strings.Repeat("{E}", c.Energy)))
	}
	return strings.Join(parts, sep)
}
