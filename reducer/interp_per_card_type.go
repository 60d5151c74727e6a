package reducer

import "github.com/chronicle-mtg/chronicle/ability"

// "For each card type, you may put a card of that type from among the
// revealed cards into your hand" (Atraxa, Grand Unifier): the player
// chooses any number of the cards, each standing for a different card
// type it has (CR 205.2a). A choice is legal when the cards can be
// matched to distinct card types; at most as many can be chosen as the
// largest such matching among all of them.

// cardTypes are the card types a traditional card can have (CR 205.2a).
var cardTypes = []string{"Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred", "Land", "Planeswalker", "Sorcery"}

// typeMatching is the size of the largest part of ids whose cards can
// each stand for a different card type (a bipartite matching, found by
// augmenting paths).
func typeMatching(s *State, ids []ObjID) int {
	owner := map[string]int{} // card type -> index in ids of the card standing for it
	var try func(k int, seen map[string]bool) bool
	try = func(k int, seen map[string]bool) bool {
		o := s.Obj(ids[k])
		if o == nil {
			return false
		}
		for _, t := range cardTypes {
			if !o.Is(t) || seen[t] {
				continue
			}
			seen[t] = true
			if j, taken := owner[t]; !taken || try(j, seen) {
				owner[t] = k
				return true
			}
		}
		return false
	}
	n := 0
	for k := range ids {
		if try(k, map[string]bool{}) {
			n++
		}
	}
	return n
}

// perCardTypePick is p with its most lowered to what the cards allow.
func perCardTypePick(s *State, p *ability.Pick, ids []ObjID) *ability.Pick {
	if p == nil || !p.PerCardType {
		return p
	}
	c := *p
	c.Max = typeMatching(s, ids)
	return &c
}

// checkPerCardType refuses an answer to such a choice whose cards can't
// each stand for a different card type.
func (g *Game) checkPerCardType(picked []string) error {
	q := g.S.Pending
	o := g.S.Obj(q.Resolving)
	if o == nil || o.Lang == nil {
		return nil
	}
	ab := langAbilityOf(o)
	if ab == nil {
		return nil
	}
	e := effectAt(ab, o, o.Lang.Pc)
	if e == nil || e.Object == nil || e.Object.Choose == nil || !e.Object.Choose.PerCardType {
		return nil
	}
	if ids := refsToIDs(picked); typeMatching(g.S, ids) < len(ids) {
		return g.refuse("CR 608.2c", "body.answer", "each card chosen must be of a card type no other chosen card is chosen for")
	}
	return nil
}
