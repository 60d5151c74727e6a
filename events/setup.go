package events

import "github.com/chronicle-mtg/chronicle/ability"

// The parts of a setup beyond zones of cards, life and the turn: what lets
// a setup place any position a game reaches (object ids, tokens, combat,
// damage, effects until end of turn, mana pools, land drops, counters on
// players, exile permissions). Every field is optional and left out when
// empty, so a setup written before they existed encodes as it did.

// ZoneIDs gives the object ids of the cards a setup places in a player's
// zones, one per card and in the same order as the zone's list: ids[i] is
// the id of the card listed i-th. A setup that names ids keeps a match's
// own ids, so later inputs and effects name the same objects.
type ZoneIDs struct {
	Library   []Ref `json:"library,omitempty"`
	Hand      []Ref `json:"hand,omitempty"`
	Graveyard []Ref `json:"graveyard,omitempty"`
	Exile     []Ref `json:"exile,omitempty"`
	Command   []Ref `json:"command,omitempty"`
}

// Exiled is a card in exile with more than its name: an id, face down,
// who may cast it and why, what exiled it.
type Exiled struct {
	ID       Ref    `json:"id,omitempty"`
	Card     Ref    `json:"card"`
	FaceDown bool   `json:"face_down,omitempty"`
	ExiledBy string `json:"exiled_by,omitempty"` // for explanations ("Bonecrusher Giant's Adventure")
	// MayCast lists who may cast it and by which permission (CR 601.2a:
	// "adventure", "foretell", ...).
	MayCast []MayCast `json:"may_cast,omitempty"`
}

// MayCast is one permission to cast an exiled card.
type MayCast struct {
	Player string `json:"player"`
	Kind   string `json:"kind"`
}

// PoolMana is one mana in a player's pool: its type and the source that
// made it ("o12"; left out: none known), legendary when the source was
// (MANA-8).
type PoolMana struct {
	Mana      string `json:"mana"` // W, U, B, R, G or C
	Source    Ref    `json:"source,omitempty"`
	Legendary bool   `json:"legendary,omitempty"`
	// Only: it may be spent only to cast spells this filter matches (CR
	// 106.6), in the ability language's form.
	Only *ability.Filter `json:"only,omitempty"`
	// Uncounterable: a spell it is spent to cast can't be countered
	// (with Only).
	Uncounterable bool `json:"uncounterable,omitempty"`
}

// GraveyardMayCast is a permission to cast a card in a graveyard: the card
// (its id or name, as the setup places it), who may, and why.
type GraveyardMayCast struct {
	Card   Ref    `json:"card"`
	Player string `json:"player"`
	Kind   string `json:"kind"`
}

// Pump is what effects until end of turn add to a creature's power and
// toughness ("target creature gets +3/+3 until end of turn").
type Pump struct {
	Power     int `json:"power"`
	Toughness int `json:"toughness"`
}

func (b *Setup) checkPlaced() *FieldError {
	if b.Passes < 0 {
		return fieldErr("passes", "negative: %d", b.Passes)
	}
	for i, p := range b.Players {
		at := "players[" + itoa(i) + "]"
		if fe := p.checkPlaced(); fe != nil {
			return fe.under(at)
		}
	}
	return nil
}

func (p *SetupPlayer) checkPlaced() *FieldError {
	for _, n := range []struct {
		field string
		v     int
	}{{"lands_played", p.LandsPlayed}, {"spells_cast", p.SpellsCast}} {
		if n.v < 0 {
			return fieldErr(n.field, "negative: %d", n.v)
		}
	}
	if p.GameWins != nil && *p.GameWins < 0 {
		return fieldErr("game_wins", "negative: %d", *p.GameWins)
	}
	for j, m := range p.Pool {
		if !isManaLetter(m.Mana) {
			return fieldErr("pool["+itoa(j)+"].mana", "%q is not W, U, B, R, G or C", m.Mana)
		}
	}
	for j, m := range p.GraveyardMayCast {
		at := "graveyard_may_cast[" + itoa(j) + "]"
		switch {
		case m.Card == "":
			return fieldErr(at+".card", "missing")
		case m.Player == "":
			return fieldErr(at+".player", "missing")
		case m.Kind == "":
			return fieldErr(at+".kind", "missing")
		}
	}
	for j, x := range p.Exiled {
		at := "exiled[" + itoa(j) + "]"
		if x.Card == "" {
			return fieldErr(at+".card", "missing")
		}
		for k, m := range x.MayCast {
			if m.Player == "" {
				return fieldErr(at+".may_cast["+itoa(k)+"].player", "missing")
			}
			if m.Kind == "" {
				return fieldErr(at+".may_cast["+itoa(k)+"].kind", "missing")
			}
		}
	}
	for j, perm := range p.Battlefield {
		at := "battlefield[" + itoa(j) + "]"
		switch {
		case perm.Damage < 0:
			return fieldErr(at+".damage", "negative: %d", perm.Damage)
		case perm.RegenShields < 0:
			return fieldErr(at+".regeneration_shields", "negative: %d", perm.RegenShields)
		case perm.SkipUntap < 0:
			return fieldErr(at+".skip_untap", "negative: %d", perm.SkipUntap)
		case perm.Characteristics != nil && !perm.Token:
			return fieldErr(at+".characteristics", "only a token (\"token\": true) is described by its characteristics")
		case perm.Characteristics != nil && perm.Characteristics.Name != string(perm.Card):
			return fieldErr(at+".characteristics.name", "%q, but the card is %q: a described token is named by its name", perm.Characteristics.Name, perm.Card)
		case perm.Characteristics != nil && len(perm.Characteristics.Types) == 0:
			return fieldErr(at+".characteristics.types", "missing")
		}
	}
	return nil
}

func isManaLetter(s string) bool {
	switch s {
	case "W", "U", "B", "R", "G", "C":
		return true
	}
	return false
}
