package reducer

import (
	"slices"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Amass [type] N (CR 701.47a): "If you don't control an Army creature,
// create a 0/0 black [type] Army creature token. Choose an Army creature
// you control. Put N +1/+1 counters on that creature. If it isn't a
// [type], it becomes a [type] in addition to its other types." With one
// Army there is nothing to choose; with several, the controller is asked.
// The added creature type lasts as long as the creature stays on the
// battlefield (layer 4, CR 613.1d).

func init() { registerVerb(ability.Amass, "amount text", verbAmass) }

func verbAmass(x *verbRun) {
	g, c := x.r.g, x.r.ctx
	step, answer := x.at()
	armies := func() []ObjID {
		var out []ObjID
		for _, id := range g.S.Battlefield {
			if o := g.S.Obj(id); o.Controller == c.you && o.Is("Creature") && o.HasSubtype("Army") {
				out = append(out, id)
			}
		}
		return out
	}
	var army ObjID
	if step == 0 && answer == nil {
		have := armies()
		switch len(have) {
		case 0:
			e := ability.Effect{Verb: ability.CreateToken, Token: &ability.Token{Power: "0", Toughness: "0", Colors: []string{"B"},
				Types: []string{"creature"}, Subtypes: []string{x.e.Text, "Army"}}}
			saved := x.e
			x.e = &e
			verbToken(x)
			x.e = saved
			have = armies()
			if len(have) == 0 {
				return
			}
			army = have[len(have)-1]
		case 1:
			army = have[0]
		default:
			x.ask(0, Question{Player: c.you, Options: idStrings(have), N: 1, Max: 1, Prompt: "amass: choose an Army creature you control"})
			return
		}
	} else {
		if len(answer) != 1 {
			return
		}
		m := g.S.matchRef(answer[0], armies())
		if len(m) == 0 {
			return
		}
		army = m[0]
	}
	g.putCounters(army, "+1/+1", c.amount(x.e.Amount))
	if o := g.S.Obj(army); o != nil && !o.HasSubtype(x.e.Text) {
		g.addContinuous(Continuous{Source: x.r.o.ID, Controller: c.you, Objects: []ObjID{army}, Until: UntilLeaves,
			AddSubtypes: slices.Clone([]string{x.e.Text})})
	}
	x.did = true
}
