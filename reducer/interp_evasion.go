package reducer

import (
	"slices"
	"strings"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Evasion checked as blockers are declared (CR 509.1b): landwalk (CR
// 702.14: unblockable while the defending player controls a land of the
// type), fear (CR 702.36: only artifact or black creatures block it),
// intimidate (CR 702.13: only artifact creatures or ones that share a
// colour with it), and "can't be blocked" from a static ability.

// landwalkTypes are the land types of the landwalk keywords.
var landwalkTypes = []string{"Forest", "Island", "Mountain", "Plains", "Swamp"}

// evades says why blocker can't block attacker, or "".
func (g *Game) evades(attacker, blocker *Object) string {
	s := g.S
	name := s.nameOf(attacker.ID)
	if attacker.langObjectRule(ability.CantBeBlocked) {
		return name.String() + " can't be blocked (CR 509.1b)"
	}
	for _, land := range landwalkTypes {
		if attacker.Has(land+"walk") && g.controlsLandType(blocker.Controller, land) {
			return name.String() + " has " + strings.ToLower(land) + "walk and " + s.Players[blocker.Controller].ID + " controls " + withArticle(land) + " (CR 702.14)"
		}
	}
	artifact := blocker.Is("Artifact")
	if attacker.Has("Fear") && !artifact && !blocker.IsColor(cards.Black) {
		return name.String() + " has fear: only artifact or black creatures can block it (CR 702.36)"
	}
	if attacker.Has("Intimidate") && !artifact && !slices.ContainsFunc(attacker.Colors(), blocker.IsColor) {
		return name.String() + " has intimidate: only artifact creatures or ones sharing a colour with it can block it (CR 702.13)"
	}
	return ""
}

// controlsLandType reports whether seat controls a land with subtype t.
func (g *Game) controlsLandType(seat int, t string) bool {
	for _, id := range g.S.Battlefield {
		if o := g.S.Objects[id]; o.Controller == seat && o.Is("Land") && o.HasSubtype(t) {
			return true
		}
	}
	return false
}
