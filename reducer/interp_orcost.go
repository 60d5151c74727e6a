package reducer

import (
	"strings"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/events"
)

// Either/or costs (CR 601.2b: the player announces which of them they
// will pay): "As an additional cost to cast this spell, discard a card or
// pay 3 life." The input says which by what it names: the option whose
// objects it names (`"discard": ["o12"]`), or else the one that takes no
// objects (pay 3 life).

// pickOrCost chooses the option of an either/or cost c the cast b pays.
func (g *Game) pickOrCost(name string, c *ability.Cost, b *events.Cast) (*ability.Cost, error) {
	var named, plain []int
	for i := range c.Or.Options {
		o := &c.Or.Options[i]
		switch {
		case orCostNames(o, &b.CostChoices):
			named = append(named, i)
		case !choosesObjects(o):
			plain = append(plain, i)
		}
	}
	switch {
	case len(named) == 1:
		return &c.Or.Options[named[0]], nil
	case len(named) == 0 && len(plain) == 1:
		return &c.Or.Options[plain[0]], nil
	}
	var opts []string
	for i := range c.Or.Options {
		opts = append(opts, costText(&c.Or.Options[i]))
	}
	return nil, g.refuse("CR 601.2b", "body", "%s: say which cost is paid (%s): name the objects it takes, or none for the one that takes none",
		name, strings.Join(opts, " or "))
}

// choosesObjects: paying o takes objects the player chooses.
func choosesObjects(o *ability.Cost) bool {
	for _, s := range []*ability.Selector{o.Sacrifice, o.Discard, o.Exile, o.Return, o.TapOthers, o.Reveal} {
		if s != nil && s.Ref == ability.ChooseRef {
			return true
		}
	}
	return false
}

// orCostNames: the input names objects for a choosing part of o.
func orCostNames(o *ability.Cost, ch *events.CostChoices) bool {
	return o.Sacrifice != nil && len(ch.Sacrifice) > 0 || o.Discard != nil && len(ch.Discard) > 0 ||
		o.Exile != nil && len(ch.Exile) > 0 || o.Return != nil && len(ch.Return) > 0 ||
		o.TapOthers != nil && len(ch.TapOthers) > 0 || o.Reveal != nil && len(ch.Reveal) > 0
}
