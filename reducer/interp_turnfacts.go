package reducer

import "github.com/chronicle-mtg/chronicle/ability"

// Facts of the game that conditions read by name (ability.CondFact) and
// amounts that count what happened this turn:
//
//   - revolt: a permanent the player controlled left the battlefield this
//     turn. The engine notes it per player (Player.Left) as the permanent
//     leaves, whatever moved it, and forgets it as a turn begins.
//   - delirium: four or more card types among cards in the player's
//     graveyard (CR 300.1 lists the card types), read from the graveyard
//     as it is.
//   - "spells_cast": spells a player cast this turn (Player.Spells,
//     interp_spellcount.go); "an opponent cast three or more spells" holds
//     when some opponent did.
//
// Like the spell count, Player.Left joins the state's digest only in
// matches with a card that reads it, so other matches keep their digests.

// noteLeft notes that o, on the battlefield, is leaving it.
func (s *State) noteLeft(o *Object) {
	if o.Zone == ZoneBattlefield && o.Controller >= 0 && o.Controller < len(s.Players) {
		s.Players[o.Controller].Left = true
	}
}

// factHolds evaluates a named game fact for the context's controller;
// ok is false for a fact the engine doesn't know.
func (c *evalCtx) factHolds(text string) (holds, ok bool) {
	p := c.g.S.Players[c.you]
	switch text {
	case "revolt":
		return p.Left, true
	case "delirium":
		return c.cardTypesIn(p.Graveyard) >= 4, true
	case "exiled_with":
		return len(c.g.S.exiledWith(c.src)) > 0, true // interp_linked_exile.go
	}
	return false, false
}

// knownFacts are the facts factHolds knows.
var knownFacts = map[string]bool{"revolt": true, "delirium": true, "exiled_with": true}

// graveyardCardTypes are the card types a card in a graveyard may have
// (CR 300.1; "Tribal" is Kindred's older name).
var graveyardCardTypes = []string{"Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred", "Land", "Planeswalker", "Sorcery", "Tribal"}

// cardTypesIn counts the card types among the cards ids.
func (c *evalCtx) cardTypesIn(ids []ObjID) int {
	n := 0
	for _, t := range graveyardCardTypes {
		for _, id := range ids {
			if c.g.S.Objects[id].Is(t) {
				n++
				break
			}
		}
	}
	return n
}

// spellsCast counts the spells the players of p cast this turn; for "an
// opponent" the most any opponent cast (the condition asks whether some
// opponent cast that many).
func (c *evalCtx) spellsCast(p *ability.PlayerRef) int {
	s := c.g.S
	if p != nil && p.Who == ability.AnOpponent {
		most := 0
		for seat, pl := range s.Players {
			if seat != c.you && !pl.Lost {
				most = max(most, pl.Spells)
			}
		}
		return most
	}
	n := 0
	for _, seat := range c.players(p) {
		n += s.Players[seat].Spells
	}
	return n
}

// readsLeft reports whether a card of the match reads revolt.
func (s *State) readsLeft() bool { return s.matchCards().readsLeft }

// abilityReads reports whether an ability has a condition or an amount
// that pred accepts, anywhere in it.
func abilityReads(a *ability.Ability, cond func(*ability.Condition) bool, amt func(*ability.Amount) bool) bool {
	r := reads{cond: cond, amt: amt}
	r.ability(a)
	return r.found
}

type reads struct {
	cond  func(*ability.Condition) bool
	amt   func(*ability.Amount) bool
	found bool
}

func (r *reads) ability(a *ability.Ability) {
	if a == nil {
		return
	}
	r.condition(a.If)
	r.effects(a.Effects)
	if a.Modes != nil {
		r.condition(a.Modes.MaxIf)
		for i := range a.Modes.List {
			r.effects(a.Modes.List[i].Effects)
		}
	}
	if l := a.Limit; l != nil {
		r.condition(l.If)
	}
	if st := a.Static; st != nil {
		r.condition(st.If)
		r.amount(st.Amount)
	}
	if rp := a.Replace; rp != nil {
		r.condition(rp.Unless)
		r.amount(rp.Amount)
	}
}

func (r *reads) effects(es []ability.Effect) {
	for i := range es {
		e := &es[i]
		r.amount(e.Amount)
		r.condition(e.If)
		r.effects(e.Else)
		r.effects(e.Sub)
		r.ability(e.Delayed)
		for j := range e.Grant {
			r.ability(&e.Grant[j])
		}
		if m := e.Mods; m != nil {
			r.amount(m.PAmount)
			r.amount(m.TAmount)
		}
	}
}

func (r *reads) condition(c *ability.Condition) {
	if c == nil {
		return
	}
	if r.cond != nil && r.cond(c) {
		r.found = true
	}
	r.amount(c.Left)
	r.amount(c.Right)
	for i := range c.Sub {
		r.condition(&c.Sub[i])
	}
}

func (r *reads) amount(a *ability.Amount) {
	if a != nil && r.amt != nil && r.amt(a) {
		r.found = true
	}
}

// langReadsLeft reports whether an ability reads revolt.
func langReadsLeft(a *ability.Ability) bool {
	return abilityReads(a, func(c *ability.Condition) bool { return c.Kind == ability.CondFact && c.Text == "revolt" }, nil)
}

// langReadsSpellsCast reports whether an ability reads how many spells
// were cast this turn through an amount.
func langReadsSpellsCast(a *ability.Ability) bool {
	return abilityReads(a, nil, func(x *ability.Amount) bool { return x.Var == "spells_cast" })
}
