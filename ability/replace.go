package ability

// ReplaceEffect is a replacement or prevention effect (CR 614, 615): when
// Event would happen to what Subject accepts, something else happens
// instead, or it happens modified.
type ReplaceEffect struct {
	Event ReplEvent `json:"event" msgpack:"event"`
	// Self: the event is about the ability's source ("~ enters tapped");
	// otherwise Subject filters the objects it watches ("creatures your
	// opponents control enter tapped", "a card would be put into an
	// opponent's graveyard").
	Self    bool    `json:"self,omitempty" msgpack:"self,omitempty"`
	Subject *Filter `json:"subject,omitempty" msgpack:"subject,omitempty"`
	// Player narrows player events ("if you would draw", "if an opponent
	// would gain life"): "you", "opponent", "".
	Player string `json:"player,omitempty" msgpack:"player,omitempty"`

	// For Event "enters": it enters Tapped, with Counters (Amount of kind
	// Counter), as a copy (CopyOf, chosen as it enters: CR 707.9), after
	// a choice (Choose: "color", "creature_type", "opponent",
	// "basic_land_type", "card_name", bound for its other abilities).
	Tapped  bool    `json:"tapped,omitempty" msgpack:"tapped,omitempty"`
	Counter string  `json:"counter,omitempty" msgpack:"counter,omitempty"`
	Amount  *Amount `json:"amount,omitempty" msgpack:"amount,omitempty"`
	CopyOf  *Filter `json:"copy_of,omitempty" msgpack:"copy_of,omitempty"`
	Choose  string  `json:"choose,omitempty" msgpack:"choose,omitempty"`
	// Unless: it doesn't apply when this holds as the event would happen
	// ("enters tapped unless you control two or more other lands").
	Unless *Condition `json:"unless,omitempty" msgpack:"unless,omitempty"`
	// UnlessPay: the affected player may pay this to keep it from
	// applying ("As ~ enters, you may pay 2 life. If you don't, it enters
	// tapped.").
	UnlessPay *Cost `json:"unless_pay,omitempty" msgpack:"unless_pay,omitempty"`

	// Instead: effects that happen in its place ("exile it instead": a
	// move to exile; "draw two cards instead").
	Instead []Effect `json:"instead,omitempty" msgpack:"instead,omitempty"`
	// To: for zone-change events, the zone the object goes to instead
	// ("If ~ would die, exile it instead": Event "dies", To "exile").
	To Zone `json:"to,omitempty" msgpack:"to,omitempty"`
	// Times multiplies the event's number ("twice that many", "that much
	// damage plus 1" is Plus).
	Times int `json:"times,omitempty" msgpack:"times,omitempty"`
	Plus  int `json:"plus,omitempty" msgpack:"plus,omitempty"`
	// Prevent: prevent the damage (all of it, or Amount of it), CR 615.
	Prevent bool `json:"prevent,omitempty" msgpack:"prevent,omitempty"`
	// Combat: only combat damage; Noncombat: only noncombat damage.
	Combat    bool `json:"combat,omitempty" msgpack:"combat,omitempty"`
	Noncombat bool `json:"noncombat,omitempty" msgpack:"noncombat,omitempty"`
	// DealtTo: for Event "damage" (Subject the source), what the damage
	// would be dealt to ("to a creature an opponent controls"). With
	// Counter set, the damage is dealt as that many counters of that kind
	// instead ("put that many -1/-1 counters on that creature instead").
	DealtTo *Filter `json:"dealt_to,omitempty" msgpack:"dealt_to,omitempty"`
	// Duration of a replacement set up by a resolving effect; a static
	// ability's lasts as long as it functions.
	Duration Duration `json:"duration,omitempty" msgpack:"duration,omitempty"`
}

// ReplEvent is an event a replacement effect watches.
type ReplEvent string

// Replaceable events.
const (
	ReplEnters      ReplEvent = "enters"       // a permanent would enter the battlefield
	ReplDies        ReplEvent = "dies"         // a creature would die
	ReplToGraveyard ReplEvent = "to_graveyard" // an object would be put into a graveyard from anywhere
	ReplLeaves      ReplEvent = "leaves"       // a permanent would leave the battlefield
	ReplDraw        ReplEvent = "draw"         // a player would draw a card
	ReplDamage      ReplEvent = "damage"       // damage would be dealt (by Subject as source: "dealt by"; to: "dealt to")
	ReplDamageTo    ReplEvent = "damage_to"    // damage would be dealt to Subject (or to Player)
	ReplGainLife    ReplEvent = "gain_life"    // a player would gain life
	ReplCounters    ReplEvent = "counters"     // counters would be put on Subject
	ReplTokens      ReplEvent = "tokens"       // Player would create tokens
	ReplMana        ReplEvent = "mana"         // a permanent tapped for mana would produce mana
	ReplDiscard     ReplEvent = "discard"      // a card would be discarded
)

// KeywordAbility is a keyword ability (CR 702) and its parameters. The
// engine expands a keyword into the rules it stands for (flying into an
// evasion rule, kicker into an optional additional cost, equip into an
// activated ability).
type KeywordAbility struct {
	// Name is the keyword as the Comprehensive Rules name it, capitalised
	// as the first word of a line: "Flying", "First strike", "Kicker",
	// "Ward", "Protection", "Equip", "Enchant", "Cycling", "Flashback".
	Name string `json:"name" msgpack:"name"`
	// Cost for keywords with a cost ("Kicker {2}{R}", "Ward {2}", "Equip
	// {1}", "Ward—Discard a card").
	Cost *Cost `json:"cost,omitempty" msgpack:"cost,omitempty"`
	// N for keywords with a number ("Crew 3", "Toxic 1", "Annihilator 2",
	// "Afflict 2").
	N int `json:"n,omitempty" msgpack:"n,omitempty"`
	// Filter for keywords with a quality ("Protection from red",
	// "Enchant creature", "Islandwalk", "Affinity for artifacts").
	Filter *Filter `json:"filter,omitempty" msgpack:"filter,omitempty"`
	// Text is a parameter that is neither (a landwalk type, "from
	// everything").
	Text string `json:"text,omitempty" msgpack:"text,omitempty"`
}

// Token describes a token to create (CR 111.4): by the name of a token
// in the card data ("Treasure", "Food", "Clue"), or by its
// characteristics, or as a copy of an object.
type Token struct {
	// Name of the token; with no characteristics below, the card data's
	// token of that name (and description).
	Name string `json:"name,omitempty" msgpack:"name,omitempty"`
	// Characteristics of a token described on the card.
	Power      string    `json:"power,omitempty" msgpack:"power,omitempty"`
	Toughness  string    `json:"toughness,omitempty" msgpack:"toughness,omitempty"`
	Colors     []string  `json:"colors,omitempty" msgpack:"colors,omitempty"`
	Supertypes []string  `json:"supertypes,omitempty" msgpack:"supertypes,omitempty"`
	Types      []string  `json:"types,omitempty" msgpack:"types,omitempty"`
	Subtypes   []string  `json:"subtypes,omitempty" msgpack:"subtypes,omitempty"`
	Keywords   []string  `json:"keywords,omitempty" msgpack:"keywords,omitempty"`
	Abilities  []Ability `json:"abilities,omitempty" msgpack:"abilities,omitempty"`
	// Copy: a token that's a copy of this object (CR 707.2), with Mods
	// applied as exceptions ("except it's a 1/1").
	Copy *Selector `json:"copy,omitempty" msgpack:"copy,omitempty"`
	Mods *Mods     `json:"mods,omitempty" msgpack:"mods,omitempty"`
}
