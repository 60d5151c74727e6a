package reducer

import (
	"slices"
	"strings"

	"github.com/chronicle-mtg/chronicle/events"
)

// project tells the rules' effects in the table's vocabulary: the rules'
// version of a disputed input, beside the table's. pre is the state before
// the first effect; it is not changed. The table's own effects (after an
// OpTable effect) and effects the vocabulary has no word for (priority,
// steps, questions, summoning sickness: the game's bookkeeping) are left
// out.
func project(pre *State, effs []Effect) []events.TableEffect {
	s := pre.Clone()
	var out []events.TableEffect
	table := 0 // the table's effects still to come
	for i := range effs {
		switch {
		case effs[i].Op == OpTable:
			table = effs[i].N
		case table > 0:
			table--
		case effs[i].Op == OpFaceDown && effs[i].N == 1 && len(out) > 0 && out[len(out)-1].Op == events.EffMove &&
			out[len(out)-1].To == "exile" && out[len(out)-1].Object == s.canonRef(effs[i].Obj):
			out[len(out)-1].FaceDown = true
		default:
			if te, ok := projectOne(s, &effs[i]); ok {
				out = append(out, te)
			}
		}
		s.apply(&effs[i])
	}
	return out
}

// projectOne tells one effect, s being the state before it.
func projectOne(s *State, e *Effect) (events.TableEffect, bool) {
	pl := s.playerID
	ref := s.canonRef
	switch e.Op {
	case OpMove:
		o := s.Obj(e.Obj)
		if o == nil {
			return events.TableEffect{}, false
		}
		te := events.TableEffect{Op: events.EffMove, Object: ref(e.Obj), From: o.Zone.String(), To: e.Zone.String()}
		if (e.Zone == ZoneBattlefield || e.Zone == ZoneStack) && e.Seat != o.Owner {
			te.Controller = pl(e.Seat)
		}
		if e.Zone == ZoneLibrary {
			switch {
			case e.N < 0 || e.N >= len(s.Players[o.Owner].Library):
				te.Position = "bottom"
			case e.N > 0:
				te.Position = itoa(e.N)
			}
		}
		return te, true
	case OpTap:
		return events.TableEffect{Op: events.EffTap, Object: ref(e.Obj)}, true
	case OpUntap:
		return events.TableEffect{Op: events.EffUntap, Object: ref(e.Obj)}, true
	case OpCounter:
		if e.N < 0 {
			return events.TableEffect{Op: events.EffRemoveCounters, Object: ref(e.Obj), Kind: e.Kind, N: -e.N}, true
		}
		return events.TableEffect{Op: events.EffAddCounters, Object: ref(e.Obj), Kind: e.Kind, N: e.N}, true
	case OpPlayerCounter:
		if e.N < 0 {
			return events.TableEffect{Op: events.EffRemoveCounters, Player: pl(e.Seat), Kind: e.Kind, N: -e.N}, true
		}
		return events.TableEffect{Op: events.EffAddCounters, Player: pl(e.Seat), Kind: e.Kind, N: e.N}, true
	case OpDamage:
		return events.TableEffect{Op: events.EffDamage, Source: ref(e.To), Target: ref(e.Obj), N: e.N}, true
	case OpLife:
		switch {
		case e.To != 0 && e.N < 0:
			return events.TableEffect{Op: events.EffDamage, Source: ref(e.To), Target: pl(e.Seat), N: -e.N}, true
		case e.N < 0:
			return events.TableEffect{Op: events.EffLoseLife, Player: pl(e.Seat), N: -e.N}, true
		}
		return events.TableEffect{Op: events.EffGainLife, Player: pl(e.Seat), N: e.N}, true
	case OpAddMana:
		te := events.TableEffect{Op: events.EffAddMana, Player: pl(e.Seat), Mana: e.Color.Letter(), N: 1}
		if e.Obj != 0 {
			te.Source = ref(e.Obj)
		}
		return te, true
	case OpSpendMana:
		pool := s.Players[e.Seat].Pool
		if e.N < 0 || e.N >= len(pool) {
			return events.TableEffect{}, false
		}
		te := events.TableEffect{Op: events.EffSpendMana, Player: pl(e.Seat), Mana: pool[e.N].Color.Letter(), N: 1}
		if pool[e.N].Source != 0 {
			te.Source = ref(pool[e.N].Source)
		}
		return te, true
	case OpToken, OpCopyToken:
		return events.TableEffect{Op: events.EffCreateToken, Player: pl(e.Seat), Token: e.Name, N: 1}, true
	case OpTableToken:
		f := *e.Facts
		return events.TableEffect{Op: events.EffCreateToken, Player: pl(e.Seat), Characteristics: &f, N: 1}, true
	case OpAttach:
		if e.To == 0 {
			return events.TableEffect{Op: events.EffUnattach, Object: ref(e.Obj)}, true
		}
		return events.TableEffect{Op: events.EffAttach, Object: ref(e.Obj), Target: ref(e.To)}, true
	case OpAbility:
		return events.TableEffect{Op: events.EffAbility, Source: ref(e.To), Text: "activated ability " + itoa(e.N+1)}, true
	case OpPutTrigger:
		if len(s.Triggers) == 0 {
			return events.TableEffect{}, false
		}
		t := s.Triggers[0]
		return events.TableEffect{Op: events.EffAbility, Source: ref(t.Source), Text: "triggered ability " + itoa(t.Index+1)}, true
	case OpTableAbility:
		return events.TableEffect{Op: events.EffAbility, Source: ref(e.To), Text: e.Name, Targets: targetRefs(s, e.Targets)}, true
	case OpVanish:
		if o := s.Obj(e.Obj); o != nil && o.isAbility() {
			return events.TableEffect{Op: events.EffResolve, Object: ref(e.Obj)}, true
		}
	case OpPump:
		return events.TableEffect{Op: events.EffContinuous, Object: ref(e.Obj), Until: events.UntilEndOfTurn, Power: e.N, Toughness: pumpT(e.Card)}, true
	case OpAddContinuous:
		c := e.Cont
		if c == nil || len(c.Objects) != 1 || !c.Becomes.expressible() {
			return events.TableEffect{}, false // the table can say an effect on one object, without base P/T or rules
		}
		te := events.TableEffect{Op: events.EffContinuous, Object: ref(c.Objects[0]), Until: c.Until, Power: c.P, Toughness: c.T,
			Keywords: c.AddKeywords, Supertypes: c.AddSupertypes, Subtypes: c.AddSubtypes}
		if c.Source != 0 {
			te.Source = ref(c.Source)
		}
		if t := c.Table; t != nil {
			te.Types, te.Abilities = t.Types, t.Abilities
			for _, col := range t.Colors {
				te.Colors = append(te.Colors, col.Letter())
			}
		}
		if b := c.Becomes; b != nil {
			te.Types = append(slices.Clone(te.Types), b.Types...)
			for _, col := range b.Colors {
				te.Colors = append(te.Colors, col.Letter())
			}
		}
		return te, true
	case OpControl:
		return events.TableEffect{Op: events.EffControl, Object: ref(e.Obj), Player: pl(e.Seat)}, true
	case OpBecomeCopy:
		return events.TableEffect{Op: events.EffCopy, Object: ref(e.Obj), Card: e.Name}, true
	case OpReveal:
		te := events.TableEffect{Op: events.EffReveal, Object: ref(e.Obj)}
		if e.N != 0 {
			te.Players = strings.Split(seatList(s, e.N), ", ")
		}
		return te, true
	case OpLose:
		return events.TableEffect{Op: events.EffLose, Player: pl(e.Seat), Text: e.Kind}, true
	case OpAsk:
		if q := e.Ask; q != nil && q.Ask == AskRandom && q.Random == events.RandomShuffle && q.Of >= 0 && q.Of < len(s.Players) {
			return events.TableEffect{Op: events.EffShuffle, Player: pl(q.Of)}, true
		}
	}
	return events.TableEffect{}, false
}

func targetRefs(s *State, ts []Target) []string {
	var out []string
	for _, t := range ts {
		if t.Obj != 0 {
			out = append(out, s.canonRef(ObjID(t.Obj)))
		} else {
			out = append(out, s.playerID(t.Player))
		}
	}
	return out
}
