package reducer

import (
	"fmt"

	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Invariants every reachable state keeps, checked by the property tests
// after every input.

// checkZones: every live object is in exactly one zone list, the one its
// Zone (and, for a player's zone, its owner) says; every id in a zone list
// is a live object; and every card of the match is exactly one object,
// except sideboard cards, which are none (no card is ever in two zones or
// lost). Tokens and abilities on the stack are the only objects without a
// card.
func checkZones(s *State) error {
	where := make(map[ObjID]string, len(s.Objects))
	visit := func(list []ObjID, z Zone, owner int, name string) error {
		for _, id := range list {
			o := s.Obj(id)
			switch {
			case o == nil:
				return fmt.Errorf("%s lists %s, which is no live object", name, id)
			case o.Zone != z:
				return fmt.Errorf("%s lists %s, whose zone is %s", name, id, o.Zone)
			case owner >= 0 && o.Owner != owner:
				return fmt.Errorf("%s lists %s, owned by seat %d", name, id, o.Owner)
			}
			if prev, dup := where[id]; dup {
				return fmt.Errorf("%s is in %s and in %s", id, prev, name)
			}
			where[id] = name
		}
		return nil
	}
	shared := []struct {
		list []ObjID
		z    Zone
	}{{s.Battlefield, ZoneBattlefield}, {s.Stack, ZoneStack}, {s.Exile, ZoneExile}}
	for _, sh := range shared {
		if err := visit(sh.list, sh.z, -1, sh.z.String()); err != nil {
			return err
		}
	}
	for i, p := range s.Players {
		own := []struct {
			list []ObjID
			z    Zone
		}{{p.Library, ZoneLibrary}, {p.Hand, ZoneHand}, {p.Graveyard, ZoneGraveyard}, {p.Command, ZoneCommand}}
		for _, z := range own {
			if err := visit(z.list, z.z, i, p.ID+"'s "+z.z.String()); err != nil {
				return err
			}
		}
	}
	objectsOf := make([]int, len(s.Cards))
	for id, o := range s.Objects {
		if o == nil {
			continue
		}
		switch {
		case o.ID != ObjID(id):
			return fmt.Errorf("object at %s says it is %s", ObjID(id), o.ID)
		case where[o.ID] == "":
			return fmt.Errorf("%s (%s) is in no zone list", o.ID, o.Zone)
		case o.Card == 0 && !o.Token && o.Ability == 0 && o.Trigger == 0 && !(o.Copy && o.Zone == ZoneStack):
			return fmt.Errorf("%s has no card and is no token, spell copy or ability", o.ID)
		case o.Copy && o.Card != 0 && o.Zone != ZoneBattlefield:
			return fmt.Errorf("card %s is still a copy in the %s (CR 400.7)", o.ID, o.Zone)
		case (o.Ability > 0 || o.Trigger > 0) && o.Zone != ZoneStack:
			return fmt.Errorf("ability %s is in the %s", o.ID, o.Zone)
		case int(o.Card) >= len(s.Cards):
			return fmt.Errorf("%s is of unknown card %s", o.ID, o.Card)
		case o.Card != 0 && o.Def != s.Cards[o.Card].Def && !o.Copy: // a copy has what it copies (CR 707.2)
			return fmt.Errorf("%s is %s, its card %s is %s", o.ID, o.Def.Name, o.Card, s.Cards[o.Card].Def.Name)
		case o.Owner != s.Cards[o.Card].Owner && o.Card != 0:
			return fmt.Errorf("%s is owned by seat %d, its card by seat %d", o.ID, o.Owner, s.Cards[o.Card].Owner)
		case o.Controller < 0 || o.Controller >= len(s.Players):
			return fmt.Errorf("%s is controlled by seat %d", o.ID, o.Controller)
		}
		objectsOf[o.Card]++
		if o.Melded != 0 {
			objectsOf[o.Melded]++ // a melded permanent is both its cards (CR 712.4)
		}
	}
	for id := 1; id < len(s.Cards); id++ {
		want := 1
		if s.Cards[id].Sideboard {
			want = 0
		}
		if objectsOf[id] != want {
			return fmt.Errorf("card %s (%s) is %d objects, want %d", CardID(id), s.Cards[id].Def.Name, objectsOf[id], want)
		}
	}
	return nil
}

// checkPools: every mana in a pool is a real type of mana from an object
// the game has made (a pool never holds less than nothing: spending mana
// that isn't there panics in Apply, which the driver reports).
func checkPools(s *State) error {
	for _, p := range s.Players {
		for i, m := range p.Pool {
			if m.Color > cards.Colorless {
				return fmt.Errorf("%s's pool[%d] has mana of type %d", p.ID, i, m.Color)
			}
			if m.Source == 0 || int(m.Source) >= len(s.Objects) {
				return fmt.Errorf("%s's pool[%d] comes from unknown object %s", p.ID, i, m.Source)
			}
		}
	}
	return nil
}

// checkPending: the question is one a player or the table can answer.
func checkPending(s *State) error {
	q := s.Pending
	switch q.Ask {
	case AskNone:
		if !s.Over {
			return fmt.Errorf("nothing is asked, yet the match is not over")
		}
	case AskRandom:
		if q.Random == "shuffle" && (q.Of < 0 || q.Of >= len(s.Players)) {
			return fmt.Errorf("a shuffle of seat %d", q.Of)
		}
	default:
		if q.Player < 0 || q.Player >= len(s.Players) {
			return fmt.Errorf("%s asked of seat %d", q.Ask, q.Player)
		}
		if q.Ask == AskPriority && s.Priority != q.Player {
			return fmt.Errorf("priority asked of seat %d, held by seat %d", q.Player, s.Priority)
		}
		if s.Players[q.Player].Lost && !s.GameOver {
			return fmt.Errorf("%s asked of %s, who has lost", q.Ask, s.Players[q.Player].ID)
		}
	}
	return nil
}

// lifeFold follows life totals from effects alone, as a check on the
// players' Life: the starting life, reset by each new game, plus every
// life change.
type lifeFold struct {
	start int
	life  []int
}

func (f *lifeFold) apply(effs []Effect) {
	for _, e := range effs {
		switch e.Op {
		case OpMatch:
			f.start = e.N
		case OpPlayer:
			f.life = append(f.life, f.start)
		case OpNewGame:
			for i := range f.life {
				f.life[i] = f.start
			}
		case OpLife:
			f.life[e.Seat] += e.N
		}
	}
}

func (f *lifeFold) check(s *State) error {
	for i, p := range s.Players {
		if i >= len(f.life) || p.Life != f.life[i] {
			return fmt.Errorf("%s has %d life, the effects say %v", p.ID, p.Life, f.life)
		}
	}
	return nil
}
