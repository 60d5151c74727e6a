package reducer

import (
	"slices"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/events"
)

// "Shuffle ~ into its owner's library" (Green Sun's Zenith; a move with
// Order "shuffle"): the cards go into their owner's library and it is
// shuffled (CR 701.20a). The table's shuffle is asked first, while the
// cards are still where they are, and names the library's cards and the
// incoming ones (by their ids now); then the cards move and the order
// applies to the new objects. Asking before the move keeps a resolving
// spell that shuffles itself away on the stack while it waits, and its
// resolution ends with nothing left to put into the graveyard (CR
// 608.2n).

// whatShuffleInto marks the shuffle a move into a library asked for.
const whatShuffleInto = "shuffle_into"

// shuffleInto carries out the move of ids with Order "shuffle".
func shuffleInto(x *verbRun, ids []ObjID) {
	g := x.r.g
	ids = slices.DeleteFunc(slices.Clone(ids), func(id ObjID) bool { o := g.S.Obj(id); return o == nil || o.Zone == ZoneLibrary })
	if len(ids) == 0 {
		return
	}
	seat := g.S.Obj(ids[0]).Owner
	step, answer := x.at()
	if x.step == nil || step < 1 || answer == nil {
		x.ask(1, Question{Ask: AskRandom, Player: -1, Random: events.RandomShuffle, Of: seat, Options: idStrings(ids), What: whatShuffleInto})
		return
	}
	order := refsToIDs(answer)
	var out []Target
	for _, id := range ids {
		nid := g.move(id, ZoneLibrary, seat, -1)
		out = append(out, Target{Obj: uint32(nid)})
		if i := slices.Index(order, id); i >= 0 {
			order[i] = nid
		}
	}
	g.emit(Effect{Op: OpOrder, Seat: seat, List: order})
	x.bind(out)
}

// shuffleIntoOrder reads the table's shuffle of a library with the cards
// coming into it: each of them and each card of the library once.
func (g *Game) shuffleIntoOrder(order []events.Ref) ([]ObjID, error) {
	q := g.S.Pending
	all := append(slices.Clone(g.S.Players[q.Of].Library), refsToIDs(q.Options)...)
	if len(order) != len(all) {
		return nil, g.refuse("CR 103.3", "body.order", "the library with the cards shuffled into it has %d cards (%s), the order names %d", len(all), g.S.describeIDs(all, false), len(order))
	}
	out := make([]ObjID, 0, len(order))
	for i, ref := range order {
		m := slices.DeleteFunc(g.S.matchRef(ref, all), func(id ObjID) bool { return slices.Contains(out, id) })
		if len(m) == 0 {
			return nil, g.refuse("CR 103.3", "body.order["+itoa(i)+"]", "%q is not a card of the library or one shuffled into it, or is named twice", ref)
		}
		out = append(out, m[0])
	}
	return out, nil
}

// shuffleIntoTargets says why a's targets shuffled into a library can't
// be, or "": one library is shuffled, so each target slot shuffled in
// holds one object.
func shuffleIntoTargets(a *ability.Ability) string {
	check := func(es []ability.Effect, ts []ability.Target) string {
		for i := range es {
			e := &es[i]
			if e.Verb != ability.Move || e.Order != "shuffle" || e.Object == nil || e.Object.Ref != ability.TargetRef {
				continue
			}
			if k := e.Object.Index; k >= len(ts) || ts[k].Max != 1 {
				return "shuffling more than one target into their owners' libraries is not carried out yet"
			}
		}
		return ""
	}
	why := check(a.Effects, a.Targets)
	if m := a.Modes; m != nil {
		for i := range m.List {
			if why == "" {
				why = check(m.List[i].Effects, m.List[i].Targets)
			}
		}
	}
	return why
}
