package ability

// Filter accepts objects: one type for targets, affected objects, trigger
// subjects, costs and counts. Every set field must hold (and); a list
// field holds when the object matches any of its entries (or), and AnyOf
// holds when any of its filters does ("artifact, enchantment, or nonbasic
// land").
//
// Zone: a filter without a zone accepts permanents on the battlefield,
// except where the context fixes the zone (a spell on the stack for
// counterspells, a card in the zone searched).
type Filter struct {
	// Types: card types, any of ("creature", "artifact", "land"), with
	// "permanent" for any permanent, "spell" for any spell and "card" for
	// any card; NotTypes: none of.
	Types    []string `json:"types,omitempty" msgpack:"types,omitempty"`
	NotTypes []string `json:"not_types,omitempty" msgpack:"not_types,omitempty"`
	// Supertypes and subtypes, any of; Not...: none of.
	Supertypes    []string `json:"supertypes,omitempty" msgpack:"supertypes,omitempty"`
	NotSupertypes []string `json:"not_supertypes,omitempty" msgpack:"not_supertypes,omitempty"`
	Subtypes      []string `json:"subtypes,omitempty" msgpack:"subtypes,omitempty"`
	NotSubtypes   []string `json:"not_subtypes,omitempty" msgpack:"not_subtypes,omitempty"`
	// Colors, any of ("W", "U", "B", "R", "G"); NotColors none of.
	// Colorless, Multicolored and Monocolored as the words say.
	Colors       []string `json:"colors,omitempty" msgpack:"colors,omitempty"`
	NotColors    []string `json:"not_colors,omitempty" msgpack:"not_colors,omitempty"`
	Colorless    bool     `json:"colorless,omitempty" msgpack:"colorless,omitempty"`
	Multicolored bool     `json:"multicolored,omitempty" msgpack:"multicolored,omitempty"`
	Monocolored  bool     `json:"monocolored,omitempty" msgpack:"monocolored,omitempty"`
	// Controller and Owner: whose it is, relative to the ability's
	// controller: "you", "opponent", or "" for anyone; ControllerRef for
	// another player ("target player controls").
	Controller    string     `json:"controller,omitempty" msgpack:"controller,omitempty"`
	Owner         string     `json:"owner,omitempty" msgpack:"owner,omitempty"`
	ControllerRef *PlayerRef `json:"controller_ref,omitempty" msgpack:"controller_ref,omitempty"`
	// Zone the object is in (see the type's comment).
	Zone Zone `json:"zone,omitempty" msgpack:"zone,omitempty"`
	// Other: not the ability's source ("another creature", "other
	// creatures you control").
	Other bool `json:"other,omitempty" msgpack:"other,omitempty"`
	// Tapped / Untapped; Attacking / Blocking; Token / Nontoken.
	Tapped    bool `json:"tapped,omitempty" msgpack:"tapped,omitempty"`
	Untapped  bool `json:"untapped,omitempty" msgpack:"untapped,omitempty"`
	Attacking bool `json:"attacking,omitempty" msgpack:"attacking,omitempty"`
	Blocking  bool `json:"blocking,omitempty" msgpack:"blocking,omitempty"`
	Token     bool `json:"token,omitempty" msgpack:"token,omitempty"`
	Nontoken  bool `json:"nontoken,omitempty" msgpack:"nontoken,omitempty"`
	// Name: exactly this card name; NameBound: the name an earlier effect
	// chose (bound as this name).
	Name      string `json:"name,omitempty" msgpack:"name,omitempty"`
	NameBound string `json:"name_bound,omitempty" msgpack:"name_bound,omitempty"`
	// ChosenName: its name is the card name chosen as the ability's
	// source entered ("spells with the chosen name"; CR 201.3).
	ChosenName bool `json:"chosen_name,omitempty" msgpack:"chosen_name,omitempty"`
	// ChosenType: it has the creature type chosen as the ability's source
	// entered ("creatures of the chosen type").
	ChosenType bool `json:"chosen_type,omitempty" msgpack:"chosen_type,omitempty"`
	// Keywords: has any of these keyword abilities; NotKeywords: none.
	Keywords    []string `json:"keywords,omitempty" msgpack:"keywords,omitempty"`
	NotKeywords []string `json:"not_keywords,omitempty" msgpack:"not_keywords,omitempty"`
	// Counter: has at least one counter of this kind ("with a +1/+1
	// counter on it").
	Counter string `json:"counter,omitempty" msgpack:"counter,omitempty"`
	// Comparisons of its numbers: power, toughness, mana value.
	Power     *Compare `json:"power,omitempty" msgpack:"power,omitempty"`
	Toughness *Compare `json:"toughness,omitempty" msgpack:"toughness,omitempty"`
	ManaValue *Compare `json:"mana_value,omitempty" msgpack:"mana_value,omitempty"`
	// ManaCosts: its mana cost is exactly one of these ("an artifact card
	// with mana cost {0} or {1}", Urza's Saga). An object with no mana
	// cost has none of them (CR 202.1a: no mana cost is not {0}).
	ManaCosts []string `json:"mana_costs,omitempty" msgpack:"mana_costs,omitempty"`
	// For "activated or triggered ability" targets: Types "ability",
	// with Ability "activated" or "triggered".
	Ability string `json:"ability,omitempty" msgpack:"ability,omitempty"`
	// CastFrom: a spell cast from any of these zones ("spells cast from
	// graveyards or libraries", "whenever you cast a spell from exile");
	// a permanent that entered as such a spell keeps the fact while it
	// stays on the battlefield (CR 601.2a names the zone it was cast from).
	CastFrom []Zone `json:"cast_from,omitempty" msgpack:"cast_from,omitempty"`
	// AnyOf: the object matches at least one of these too.
	AnyOf []Filter `json:"any_of,omitempty" msgpack:"any_of,omitempty"`
	// Not: the object matches none of these.
	Not []Filter `json:"not,omitempty" msgpack:"not,omitempty"`
}

// Compare is a numeric comparison with an amount: "power 4 or greater"
// is {Op: ">=", Amount: 4}.
type Compare struct {
	Op     string `json:"op" msgpack:"op"` // "<", "<=", "==", "!=", ">=", ">"
	Amount Amount `json:"amount" msgpack:"amount"`
}

// Amount is a number an effect uses: N plus Times times a variable part
// (X, a count, a stat of an object or player). With no variable part it
// is N.
type Amount struct {
	N int `json:"n,omitempty" msgpack:"n,omitempty"`
	// Times multiplies the variable part; 0 means 1.
	Times int `json:"times,omitempty" msgpack:"times,omitempty"`
	// Var is the variable part: "" (none), "x" (the X paid), "count"
	// (objects Count accepts), "power", "toughness", "mana_value",
	// "loyalty", "counters" (Counter counters on Of), "life" (of Player),
	// "hand" (cards in Player's hand), "graveyard" (cards in Player's
	// graveyard), "damage" (damage dealt by the event), "life_gained",
	// "cards_drawn", "spells_cast" (this turn), "noncreature_spells_cast"
	// (by Player this turn), "devotion" (to Colors),
	// "domain", "party", "bound_count" (how many objects are bound as
	// Name), "chosen" (the number chosen, bound as Name), "mana_spent"
	// (the mana spent to cast Of, CR 601.2h) and "colors_spent" (the
	// colors of that mana: "the number of colors of mana spent to cast
	// ~"), "greatest_mana_value" (the greatest mana value among the
	// objects Count accepts; 0 when there are none), "kicks" (how many
	// times the source was kicked: "for each time it was kicked").
	Var string `json:"var,omitempty" msgpack:"var,omitempty"`
	// Count: the objects counted for Var "count".
	Count *Filter `json:"count,omitempty" msgpack:"count,omitempty"`
	// Of: the object whose stat is read ("its power").
	Of *Selector `json:"of,omitempty" msgpack:"of,omitempty"`
	// Player: whose life, hand or graveyard.
	Player *PlayerRef `json:"player,omitempty" msgpack:"player,omitempty"`
	// Counter kind for Var "counters".
	Counter string `json:"counter,omitempty" msgpack:"counter,omitempty"`
	// Colors for "devotion".
	Colors []string `json:"colors,omitempty" msgpack:"colors,omitempty"`
	// Name for "bound_count" and "chosen".
	Name string `json:"name,omitempty" msgpack:"name,omitempty"`
	// Half: the result is halved, rounded Half ("up" or "down").
	Half string `json:"half,omitempty" msgpack:"half,omitempty"`
	// WhereX: the text writes this amount X and says what X is after
	// ("put X +1/+1 counters on each creature you control, where X is
	// ~'s power"); only its printing reads it.
	WhereX bool `json:"where_x,omitempty" msgpack:"where_x,omitempty"`
}

// Fixed returns the constant amount n.
func Fixed(n int) *Amount { return &Amount{N: n} }

// IsFixed reports whether the amount is a constant, and which.
func (a *Amount) IsFixed() (int, bool) {
	if a == nil {
		return 0, true
	}
	return a.N, a.Var == "" && a.Half == ""
}
