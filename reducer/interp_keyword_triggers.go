package reducer

import "github.com/chronicle-mtg/chronicle/ability"

// Keywords that stand for a triggered ability and need no cost (CR 702):
// the engine expands each into the ability the rules give it, so that it
// triggers, goes on the stack and resolves like any printed one.
//
//	Annihilator N   Whenever this creature attacks, defending player
//	                sacrifices N permanents. (CR 702.86a)
//	Exalted         Whenever a creature you control attacks alone, that
//	                creature gets +1/+1 until end of turn. (CR 702.83a)
//	Living weapon   When this Equipment enters, create a 0/0 black
//	                Phyrexian Germ creature token, then attach this
//	                Equipment to it. (CR 702.92a)

// expandTriggerKeyword returns the triggered ability keyword a stands
// for, or nil when it isn't one of these.
func expandTriggerKeyword(a *ability.Ability) []ability.Ability {
	k := a.Keyword
	if k.Cost != nil || k.Filter != nil || k.Text != "" {
		return nil
	}
	trig := func(t ability.Trigger, effects ...ability.Effect) []ability.Ability {
		return []ability.Ability{{Kind: ability.Triggered, Text: a.Text, Trigger: &t, Effects: effects}}
	}
	switch k.Name {
	case "Annihilator":
		if k.N < 1 {
			return nil
		}
		return trig(ability.Trigger{Event: ability.Attacks, Self: true}, ability.Effect{
			Verb:   ability.Sacrifice,
			Player: &ability.PlayerRef{Who: ability.Defending},
			Object: &ability.Selector{Ref: ability.ChooseRef, Filter: &ability.Filter{Types: []string{"permanent"}},
				Choose: &ability.Pick{Min: k.N, Max: k.N}},
		})
	case "Exalted":
		if k.N != 0 {
			return nil
		}
		return trig(ability.Trigger{Event: ability.Attacks, Subject: &ability.Filter{Types: []string{"creature"}, Controller: "you"}, Alone: true},
			ability.Effect{Verb: ability.Pump, Object: &ability.Selector{Ref: ability.EventObject},
				Mods: &ability.Mods{P: 1, T: 1}, Duration: ability.EndOfTurn})
	case "Living weapon":
		if k.N != 0 {
			return nil
		}
		return trig(ability.Trigger{Event: ability.Enters, Self: true},
			ability.Effect{Verb: ability.CreateToken, Bind: "germ", Token: &ability.Token{
				Power: "0", Toughness: "0", Colors: []string{"B"}, Types: []string{"creature"}, Subtypes: []string{"Phyrexian", "Germ"}}},
			ability.Effect{Verb: ability.Attach, Object: &ability.Selector{Ref: ability.Self}, To: &ability.Selector{Ref: ability.Bound, Name: "germ"}})
	}
	return nil
}

// attacksAlone reports whether id is the only creature attacking: it was
// declared as the only attacker (CR 506.5).
func (s *State) attacksAlone(id ObjID) bool {
	n := 0
	for _, b := range s.Battlefield {
		if s.Objects[b].Attacking > 0 {
			if n++; n > 1 || b != id {
				return false
			}
		}
	}
	return n == 1
}
