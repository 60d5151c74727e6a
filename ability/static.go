package ability

// StaticEffect is what a static ability does while it functions (CR
// 604): a continuous effect on the objects it affects (CR 613: the layer
// follows from what Mods changes), or a change to the game's rules
// (Rule), either of them only while If holds ("as long as").
type StaticEffect struct {
	// Affected are the objects it changes: the source itself (Ref
	// "self"), the permanent it is attached to (Ref "attached"), or every
	// object a filter accepts (Ref "all"), determined continuously (CR
	// 611.3a).
	Affected *Selector `json:"affected,omitempty" msgpack:"affected,omitempty"`
	Mods     *Mods     `json:"mods,omitempty" msgpack:"mods,omitempty"`
	// Rule is a rules change other than characteristics; see the Rule*
	// constants for what each reads.
	Rule Rule `json:"rule,omitempty" msgpack:"rule,omitempty"`
	// Filter narrows Rule ("creature spells you cast", "spells your
	// opponents cast"); Player says whose ("you", "opponents", "each").
	Filter *Filter `json:"filter,omitempty" msgpack:"filter,omitempty"`
	Player string  `json:"player,omitempty" msgpack:"player,omitempty"`
	// Amount for rules with a number ("cost {1} less": Cost; "can't cast
	// more than one spell each turn": Amount 1).
	Amount *Amount `json:"amount,omitempty" msgpack:"amount,omitempty"`
	Cost   *Cost   `json:"cost,omitempty" msgpack:"cost,omitempty"`
	// If: the effect applies only while this holds ("As long as you
	// control an artifact, ~ gets +1/+1").
	If *Condition `json:"if,omitempty" msgpack:"if,omitempty"`
}

// Mods are changes to an object's characteristics and abilities, each
// applied in its layer (CR 613.1): types (4), colours (5), abilities (6),
// power and toughness (7a-7c).
type Mods struct {
	// Layer 7c: +P/+T ("gets +1/+1"); PAmount and TAmount when they are
	// amounts ("gets +X/+0 where X is ...").
	P       int     `json:"p,omitempty" msgpack:"p,omitempty"`
	T       int     `json:"t,omitempty" msgpack:"t,omitempty"`
	PAmount *Amount `json:"p_amount,omitempty" msgpack:"p_amount,omitempty"`
	TAmount *Amount `json:"t_amount,omitempty" msgpack:"t_amount,omitempty"`
	// Layer 7b: base power and toughness set ("becomes a 3/3", "has base
	// power and toughness 1/1"); SetPAmount for a characteristic-defining
	// or amount-based value (layer 7a when Self and a CDA).
	SetP       *int    `json:"set_p,omitempty" msgpack:"set_p,omitempty"`
	SetT       *int    `json:"set_t,omitempty" msgpack:"set_t,omitempty"`
	SetPAmount *Amount `json:"set_p_amount,omitempty" msgpack:"set_p_amount,omitempty"`
	SetTAmount *Amount `json:"set_t_amount,omitempty" msgpack:"set_t_amount,omitempty"`
	// CDA: SetP/SetT are a characteristic-defining ability (CR 604.3):
	// layer 7a, in every zone.
	CDA bool `json:"cda,omitempty" msgpack:"cda,omitempty"`
	// Layer 6: keyword abilities gained and lost; Abilities gained;
	// LoseAll: "loses all abilities".
	Keywords     []string  `json:"keywords,omitempty" msgpack:"keywords,omitempty"`
	LoseKeywords []string  `json:"lose_keywords,omitempty" msgpack:"lose_keywords,omitempty"`
	Abilities    []Ability `json:"abilities,omitempty" msgpack:"abilities,omitempty"`
	LoseAll      bool      `json:"lose_all,omitempty" msgpack:"lose_all,omitempty"`
	// Layer 4: types, subtypes and supertypes added; SetTypes replaces the
	// card types (and creature types with SetSubtypes: "becomes a 4/4
	// Dragon creature"); AllCreatureTypes ("has all creature types").
	Types            []string `json:"types,omitempty" msgpack:"types,omitempty"`
	Subtypes         []string `json:"subtypes,omitempty" msgpack:"subtypes,omitempty"`
	Supertypes       []string `json:"supertypes,omitempty" msgpack:"supertypes,omitempty"`
	SetTypes         bool     `json:"set_types,omitempty" msgpack:"set_types,omitempty"`
	SetSubtypes      bool     `json:"set_subtypes,omitempty" msgpack:"set_subtypes,omitempty"`
	AllCreatureTypes bool     `json:"all_creature_types,omitempty" msgpack:"all_creature_types,omitempty"`
	// Layer 5: the colours become these ("W".."G"); Colorless: it
	// becomes colourless.
	Colors    []string `json:"colors,omitempty" msgpack:"colors,omitempty"`
	Colorless bool     `json:"colorless,omitempty" msgpack:"colorless,omitempty"`
	// Rules on the affected objects themselves (not layers): "can't
	// block", "can't attack", "attacks each combat if able", "can't be
	// blocked", "doesn't untap during its controller's untap step",
	// "can't be the target of spells or abilities your opponents
	// control": see the Rule* constants marked "object".
	Rules []Rule `json:"rules,omitempty" msgpack:"rules,omitempty"`
}

// Rule is a rules change a static ability or an effect makes.
type Rule string

// Rules changes. "object" rules restrict the affected objects (Mods.Rules);
// the others read StaticEffect's Filter, Player, Amount and Cost.
const (
	// Object rules.
	CantAttack          Rule = "cant_attack"
	CantBlock           Rule = "cant_block"
	CantAttackOrBlock   Rule = "cant_attack_or_block"
	MustAttack          Rule = "must_attack"
	MustBlock           Rule = "must_block"
	CantBeBlocked       Rule = "cant_be_blocked"
	BlocksOnlyFlying    Rule = "blocks_only_flying"     // can block only creatures with flying
	CantBeBlockedExcept Rule = "cant_be_blocked_except" // except by Filter
	DoesntUntap         Rule = "doesnt_untap"           // during its controller's untap step
	CantBeCountered     Rule = "cant_be_countered"      // the spell (of Filter, when set)
	CantBeTargeted      Rule = "cant_be_targeted"       // by Player's spells and abilities (hexproof-like)
	CantBeSacrificed    Rule = "cant_be_sacrificed"
	AttackUnless        Rule = "attack_unless" // can't attack unless the ability's If holds

	// Casting and costs.
	CostLess Rule = "cost_less" // spells of Filter Player casts cost Cost (times Amount) less
	CostMore Rule = "cost_more" // ... more
	// CostFloor: a spell Player casts that would cost less than Amount
	// mana costs Amount mana (CR 601.2f: after increases and reductions).
	CostFloor        Rule = "cost_floor"
	AdditionalCost   Rule = "additional_cost"     // this spell: Cost is added (CR 601.2f)
	AlternativeCost  Rule = "alternative_cost"    // this spell: Cost may be paid instead of its mana cost (CR 118.9), If permitting
	AsThoughFlash    Rule = "as_though_flash"     // Player may cast spells of Filter as though they had flash
	CastFromTop      Rule = "cast_from_top"       // Player may cast spells of Filter from the top of their library
	PlayFromTop      Rule = "play_from_top"       // ... play lands and cast spells (Filter nil: the top card, whatever it is); Cost: paid rather than the mana cost
	CastFreeFromHand Rule = "cast_free_from_hand" // Player may cast spells from their hand without paying their mana costs
	LookAtTop        Rule = "look_at_top"         // Player may look at the top card of their library any time
	CantCast         Rule = "cant_cast"           // Player can't cast spells of Filter
	CantEnter        Rule = "cant_enter"          // cards of Filter (AnyOf naming their zones) can't enter the battlefield
	MaxSpells        Rule = "max_spells"          // Player can't cast more than Amount spells each turn
	CantActivate     Rule = "cant_activate"       // abilities of Filter can't be activated (unless mana abilities)
	// CantActivateNonMana: activated abilities of Filter that aren't mana
	// abilities can't be activated (CR 605: mana abilities still can).
	CantActivateNonMana Rule = "cant_activate_nonmana"
	// Players and the game.
	NoMaxHandSize    Rule = "no_max_hand_size"
	ExtraLandDrop    Rule = "extra_land"     // Player may play Amount additional lands each turn
	CantGainLife     Rule = "cant_gain_life" // Player can't gain life
	CantLose         Rule = "cant_lose"      // Player can't lose the game
	DamageNotPrevent Rule = "damage_cant_be_prevented"
	PlayersHexproof  Rule = "player_hexproof" // Player has hexproof
	SkipStep         Rule = "skip_step"       // Player skips a step (Text on the ability's Limit.Step)
	OpeningHand      Rule = "opening_hand"    // "If ~ is in your opening hand, you may begin the game with it on the battlefield" (CR 103.6)
	CantAttackYou    Rule = "cant_attack_you" // creatures can't attack Player unless their controller pays Cost
)
