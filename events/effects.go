package events

import (
	"slices"
	"strconv"
)

// Table effects: what the table says an input did, as primitive effects.
// Any input but match_started and setup may carry them in the envelope's
// "effects" list, beside its body. A game platform sends what its own
// engine did; a person writing a bug report writes what happened. The
// recorder checks their form, compares them with what the rules derive
// where Chronicle models the cards involved, and applies them where it
// doesn't (package reducer, table*.go). An input without effects encodes
// exactly as it did before they existed.
//
// The ops and field names are a public interface: extend them, never
// rename one.

// Table effect ops.
const (
	EffMove           = "move"            // object from zone to zone (position, controller, face_down)
	EffTap            = "tap"             // object
	EffUntap          = "untap"           // object
	EffAddCounters    = "add_counters"    // n counters of kind on object, or on player (poison, energy)
	EffRemoveCounters = "remove_counters" // n counters of kind from object or player
	EffDamage         = "damage"          // n damage from source to target (object or player)
	EffGainLife       = "gain_life"       // player gains n life
	EffLoseLife       = "lose_life"       // player loses n life
	EffAddMana        = "add_mana"        // n mana of type mana, from source, to player's pool
	EffSpendMana      = "spend_mana"      // n mana of type mana leave player's pool
	EffCreateToken    = "create_token"    // n tokens (token: a name from the card data; or characteristics) for player
	EffAttach         = "attach"          // object becomes attached to target
	EffUnattach       = "unattach"        // object becomes attached to nothing
	EffReveal         = "reveal"          // object is revealed to players (all when empty)
	EffShuffle        = "shuffle"         // player's library is shuffled: the order arrives as a random input
	EffControl        = "control"         // player gains control of object
	EffCopy           = "copy"            // object becomes a copy of card (a name from the card data), CR 707
	EffContinuous     = "continuous"      // an effect on object until a duration ends
	EffAbility        = "ability"         // an ability of source, with text and targets, goes on the stack
	EffResolve        = "resolve"         // the ability object resolves and leaves the stack
	EffLose           = "lose"            // player loses the game (text: why)
	EffWin            = "win"             // player wins the game (text: why)
)

// TableEffectOps lists every op, in the order the README documents them.
var TableEffectOps = []string{EffMove, EffTap, EffUntap, EffAddCounters, EffRemoveCounters, EffDamage,
	EffGainLife, EffLoseLife, EffAddMana, EffSpendMana, EffCreateToken, EffAttach, EffUnattach, EffReveal,
	EffShuffle, EffControl, EffCopy, EffContinuous, EffAbility, EffResolve, EffLose, EffWin}

// Zones a move names.
var TableZones = []string{"library", "hand", "battlefield", "graveyard", "stack", "exile", "command"}

// Durations of a continuous effect.
const (
	UntilEndOfTurn    = "end_of_turn"    // ends in the cleanup step (CR 514.2)
	UntilYourNextTurn = "your_next_turn" // ends as its controller's next turn begins
	UntilLeaves       = "leaves"         // ends when the object leaves the battlefield (CR 611.2b)
	UntilPermanent    = "permanent"      // lasts for the rest of the game
)

var untils = []string{UntilEndOfTurn, UntilYourNextTurn, UntilLeaves, UntilPermanent}

// TableEffect is one primitive effect. Op says which; each op uses the
// fields its comment in the op list names, and leaves the others empty.
type TableEffect struct {
	Op     string `json:"op"`
	Object Ref    `json:"object,omitempty"`
	// Move: the zones, where in a library ("top", the default, "bottom",
	// or a number of cards from the top: "1" is second), the controller
	// on the battlefield or the stack (default: the owner), face down in
	// exile.
	From       string `json:"from,omitempty"`
	To         string `json:"to,omitempty"`
	Position   string `json:"position,omitempty"`
	Controller string `json:"controller,omitempty"`
	FaceDown   bool   `json:"face_down,omitempty"`
	// Player is the player the effect is about: whose life, pool,
	// library, tokens, counters; who gains control, loses or wins.
	Player string `json:"player,omitempty"`
	// Source of damage, mana, an ability or a continuous effect.
	Source Ref `json:"source,omitempty"`
	// Target of damage (an object or a player) or of an attach.
	Target Ref `json:"target,omitempty"`
	// N is how many: damage, life, counters, mana, tokens (default 1 for
	// mana and tokens).
	N    int    `json:"n,omitempty"`
	Kind string `json:"kind,omitempty"` // counter kind: "+1/+1", "loyalty", "poison"
	Mana string `json:"mana,omitempty"` // W, U, B, R, G or C
	// Token is a token's name from the card data; Characteristics
	// describe one that isn't there.
	Token string `json:"token,omitempty"`
	// Card is the card a copy copies (CR 707), by name.
	Card            string           `json:"card,omitempty"`
	Characteristics *Characteristics `json:"characteristics,omitempty"`
	Tapped          bool             `json:"tapped,omitempty"` // a token created tapped
	// Players a reveal shows to (empty: everyone).
	Players []string `json:"players,omitempty"`
	// Continuous: the duration, power and toughness added (negative:
	// taken away), keywords and abilities gained, types added, colours it
	// becomes.
	Until      string   `json:"until,omitempty"`
	Power      int      `json:"power,omitempty"`
	Toughness  int      `json:"toughness,omitempty"`
	Keywords   []string `json:"keywords,omitempty"`
	Abilities  []string `json:"abilities,omitempty"`
	Types      []string `json:"types,omitempty"`
	Subtypes   []string `json:"subtypes,omitempty"`
	Supertypes []string `json:"supertypes,omitempty"`
	Colors     []string `json:"colors,omitempty"`
	// Text is an ability's text, or why a player lost or won.
	Text    string `json:"text,omitempty"`
	Targets []Ref  `json:"targets,omitempty"` // an ability's targets
}

// Characteristics describe a token the card data doesn't hold.
type Characteristics struct {
	Name       string   `json:"name"`
	Types      []string `json:"types"`
	Subtypes   []string `json:"subtypes,omitempty"`
	Supertypes []string `json:"supertypes,omitempty"`
	Colors     []string `json:"colors,omitempty"` // W, U, B, R, G; none: colourless
	Power      string   `json:"power,omitempty"`
	Toughness  string   `json:"toughness,omitempty"`
	Keywords   []string `json:"keywords,omitempty"`
	Text       string   `json:"text,omitempty"`
}

// RuleTableForm is the rule of a table effect whose form is wrong: a
// missing or wrong-typed field, an object that doesn't exist, a card that
// isn't where the effect says.
const RuleTableForm = "TABLE-FORM"

// TakesEffects reports whether an input of kind k may carry table
// effects: every kind but the ones that place a whole game at once.
func TakesEffects(k Kind) bool { return k != KindMatchStarted && k != KindSetup }

// checkEffects checks each effect's shape: a known op, the fields it needs,
// values in range. Whether the objects exist is the reducer's to say.
func checkEffects(effs []TableEffect) *FieldError {
	for i := range effs {
		if fe := effs[i].check(); fe != nil {
			return fe.under("effects[" + itoa(i) + "]")
		}
	}
	return nil
}

func (e *TableEffect) check() *FieldError {
	need := func(field, v string) *FieldError {
		if v == "" {
			return fieldErr(field, "missing: %s needs it", e.Op)
		}
		return nil
	}
	count := func(optional bool) *FieldError {
		switch {
		case e.N < 0:
			return fieldErr("n", "negative: %d", e.N)
		case e.N == 0 && !optional:
			return fieldErr("n", "missing: %s needs a number above 0", e.Op)
		}
		return nil
	}
	switch e.Op {
	case "":
		return fieldErr("op", "missing")
	case EffMove:
		if fe := firstErr(need("object", e.Object), need("from", e.From), need("to", e.To)); fe != nil {
			return fe
		}
		if !slices.Contains(TableZones, e.From) {
			return fieldErr("from", "unknown zone %q", e.From)
		}
		if !slices.Contains(TableZones, e.To) {
			return fieldErr("to", "unknown zone %q", e.To)
		}
		if e.Position != "" {
			if e.To != "library" {
				return fieldErr("position", "a position is for a move to a library, not to the %s", e.To)
			}
			if _, ok := LibraryPosition(e.Position); !ok {
				return fieldErr("position", "want top, bottom or a number of cards from the top, got %q", e.Position)
			}
		}
		if e.FaceDown && e.To != "exile" {
			return fieldErr("face_down", "only a card moved to exile is face down here")
		}
	case EffTap, EffUntap, EffUnattach, EffResolve:
		return need("object", e.Object)
	case EffAddCounters, EffRemoveCounters:
		if e.Object == "" && e.Player == "" {
			return fieldErr("object", "missing: %s needs an object or a player", e.Op)
		}
		if e.Object != "" && e.Player != "" {
			return fieldErr("player", "name an object or a player, not both")
		}
		return firstErr(need("kind", e.Kind), count(false))
	case EffDamage:
		return firstErr(need("source", e.Source), need("target", e.Target), count(false))
	case EffGainLife, EffLoseLife:
		return firstErr(need("player", e.Player), count(false))
	case EffAddMana, EffSpendMana:
		if fe := firstErr(need("player", e.Player), need("mana", e.Mana), count(true)); fe != nil {
			return fe
		}
		if !slices.Contains([]string{"W", "U", "B", "R", "G", "C"}, e.Mana) {
			return fieldErr("mana", "want one of W U B R G C, got %q", e.Mana)
		}
	case EffCreateToken:
		if fe := firstErr(need("player", e.Player), count(true)); fe != nil {
			return fe
		}
		switch {
		case e.Token == "" && e.Characteristics == nil:
			return fieldErr("token", "missing: name a token from the card data, or give its characteristics")
		case e.Token != "" && e.Characteristics != nil:
			return fieldErr("characteristics", "name a token or describe one, not both")
		case e.Characteristics != nil:
			if fe := e.Characteristics.check(); fe != nil {
				return fe.under("characteristics")
			}
		}
	case EffAttach:
		return firstErr(need("object", e.Object), need("target", e.Target))
	case EffReveal:
		return need("object", e.Object)
	case EffShuffle:
		return need("player", e.Player)
	case EffControl:
		return firstErr(need("object", e.Object), need("player", e.Player))
	case EffCopy:
		return firstErr(need("object", e.Object), need("card", e.Card))
	case EffContinuous:
		if fe := firstErr(need("object", e.Object), need("until", e.Until)); fe != nil {
			return fe
		}
		if !slices.Contains(untils, e.Until) {
			return fieldErr("until", "want one of %v, got %q", untils, e.Until)
		}
		if e.Power == 0 && e.Toughness == 0 && len(e.Keywords)+len(e.Abilities)+len(e.Types)+len(e.Subtypes)+len(e.Supertypes)+len(e.Colors) == 0 {
			return fieldErr("op", "a continuous effect that changes nothing")
		}
		if fe := checkColors("colors", e.Colors); fe != nil {
			return fe
		}
	case EffAbility:
		if fe := firstErr(need("source", e.Source), need("text", e.Text)); fe != nil {
			return fe
		}
		return checkRefs("targets", e.Targets)
	case EffLose, EffWin:
		return need("player", e.Player)
	default:
		return fieldErr("op", "unknown op %q: want one of %v", e.Op, TableEffectOps)
	}
	return nil
}

func (c *Characteristics) check() *FieldError {
	switch {
	case c.Name == "":
		return fieldErr("name", "missing")
	case len(c.Types) == 0:
		return fieldErr("types", "missing: a token has at least one card type")
	case hasControl(c.Name):
		return fieldErr("name", "control characters are not allowed")
	}
	return checkColors("colors", c.Colors)
}

func checkColors(field string, cs []string) *FieldError {
	for i, c := range cs {
		if !slices.Contains([]string{"W", "U", "B", "R", "G"}, c) {
			return fieldErr(field+"["+itoa(i)+"]", "want one of W U B R G, got %q", c)
		}
	}
	return nil
}

// LibraryPosition reads a move's position: top (0), bottom (-1) or a
// number of cards from the top.
func LibraryPosition(s string) (int, bool) {
	switch s {
	case "", "top":
		return 0, true
	case "bottom":
		return -1, true
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || strconv.Itoa(n) != s {
		return 0, false
	}
	return n, true
}
