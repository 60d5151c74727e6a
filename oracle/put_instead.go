package oracle

import (
	"strconv"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Cards looked at and put into a hand, sentence by sentence: "Put one of
// those cards into your hand. If this spell was kicked, put two of those
// cards into your hand instead. Put the rest on the bottom of your
// library in a random order." (Consult the Star Charts). The second
// sentence changes how many the first puts (CR 608.2c; "instead" is
// rules_more.go's).

func addPutInstead(g *grammar) {
	g.add("eff", "<@> put <n> of (them | those cards) into your hand", func(v []any) any {
		s := pronoun(v[0].(at), "them")
		s.Choose = &ability.Pick{Min: v[1].(int), Max: v[1].(int)}
		return one(ability.Effect{Verb: ability.Move, Object: s, Zone: ability.ZoneHand})
	})
}

// printPutInstead prints the sentences the rule above makes ("put one of
// those cards into your hand. if ..., put two of those cards into your
// hand instead. put the rest on the bottom ..."), or "".
func printPutInstead(a *pctx, es []ability.Effect, i int) string {
	e := &es[i]
	r := &es[i+1]
	if e.Else[0].Object == nil || e.Else[0].Object.Choose == nil || e.Object.Choose == nil || e.Object.Choose.Min != e.Object.Choose.Max ||
		r.Verb != ability.Move || r.Zone != ability.ZoneLibrary || r.Position != ability.Bottom {
		return ""
	}
	pick := func(p *ability.Pick) string {
		return w("put") + w(strconv.Itoa(p.Min)) + w("of") + alt(w("them"), w("those cards")) + w("into your hand")
	}
	order := map[string]string{"": "", "any": w("in any order"), "random": w("in a random order")}[r.Order]
	return pick(e.Else[0].Object.Choose) + w(". if") + printCond(a, e.If) + w(",") + pick(e.Object.Choose) + w("instead .") +
		w("put the rest on the bottom of your library") + order
}
