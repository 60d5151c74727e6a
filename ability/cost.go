package ability

// Cost is what must be paid to activate an ability, to cast with an
// additional or alternative cost, or for "unless pays" (CR 118). Every
// part set must be paid; the parts are paid in the order CR 601.2h
// allows (the player's choice), all at once.
type Cost struct {
	// Mana in the printed form: "{2}{R}", "{X}{G}{G}", "{W/P}"; "" for no
	// mana. "{0}" is a cost of zero.
	Mana string `json:"mana,omitempty" msgpack:"mana,omitempty"`
	// Tap ({T}) and Untap ({Q}) the source.
	Tap   bool `json:"tap,omitempty" msgpack:"tap,omitempty"`
	Untap bool `json:"untap,omitempty" msgpack:"untap,omitempty"`
	// Loyalty: a loyalty ability's cost (CR 606.4): +N adds N loyalty
	// counters, -N removes N; Loyalty is set (possibly to 0) only for
	// loyalty abilities, LoyaltyX for "−X".
	Loyalty  *int `json:"loyalty,omitempty" msgpack:"loyalty,omitempty"`
	LoyaltyX bool `json:"loyalty_x,omitempty" msgpack:"loyalty_x,omitempty"`
	// Life: pay this much life (CR 119.4).
	Life *Amount `json:"life,omitempty" msgpack:"life,omitempty"`
	// Sacrifice: the source (Ref "self") or chosen permanents (Ref
	// "choose" with a filter: "Sacrifice a creature").
	Sacrifice *Selector `json:"sacrifice,omitempty" msgpack:"sacrifice,omitempty"`
	// Discard: the card itself (Ref "self", from hand) or chosen cards
	// ("Discard a card").
	Discard *Selector `json:"discard,omitempty" msgpack:"discard,omitempty"`
	// Exile: the source, or chosen cards from a zone ("Exile a card from
	// your graveyard", "Exile ~ from your graveyard").
	Exile *Selector `json:"exile,omitempty" msgpack:"exile,omitempty"`
	// Return: chosen permanents returned to their owner's hand ("Return a
	// land you control to its owner's hand").
	Return *Selector `json:"return,omitempty" msgpack:"return,omitempty"`
	// TapOthers: chosen untapped permanents tapped ("Tap an untapped
	// creature you control", convoke-like costs).
	TapOthers *Selector `json:"tap_others,omitempty" msgpack:"tap_others,omitempty"`
	// Reveal: chosen cards revealed from the hand.
	Reveal *Selector `json:"reveal,omitempty" msgpack:"reveal,omitempty"`
	// RemoveCounters / PutCounters on the source: Counters of kind
	// Counter ("Remove a +1/+1 counter from ~", "Put a -1/-1 counter on
	// ~"); CountersX: X of them.
	RemoveCounters int    `json:"remove_counters,omitempty" msgpack:"remove_counters,omitempty"`
	PutCounters    int    `json:"put_counters,omitempty" msgpack:"put_counters,omitempty"`
	Counter        string `json:"counter,omitempty" msgpack:"counter,omitempty"`
	CountersX      bool   `json:"counters_x,omitempty" msgpack:"counters_x,omitempty"`
	// Energy: pay this many {E} (CR 107.14).
	Energy int `json:"energy,omitempty" msgpack:"energy,omitempty"`
	// EnergyAny: pay any amount of {E}, the payer's choice ("you may pay
	// any amount of {E}"); the amount is bound as the effect's Bind.
	EnergyAny bool `json:"energy_any,omitempty" msgpack:"energy_any,omitempty"`
	// Reduce lowers the generic mana of the cost by this amount ("This
	// ability costs {1} less to activate for each ...", CR 601.2f).
	Reduce *Amount `json:"reduce,omitempty" msgpack:"reduce,omitempty"`
	// Or: one of its options is paid instead, the player's choice as the
	// spell is cast (CR 601.2b): "discard a card or pay 3 life". A cost
	// with Or has no other part.
	Or *EitherCost `json:"or,omitempty" msgpack:"or,omitempty"`
}

// EnergyPaid is the Bind of a pay effect with EnergyAny: the number paid,
// read by an Amount of Var "chosen" with this Name ("that much", "the
// amount of {E} paid this way").
const EnergyPaid = "energy paid"

// EitherCost is the options of an either/or cost (a pointer in Cost, so
// that Cost stays comparable).
type EitherCost struct {
	Options []Cost `json:"options" msgpack:"options"`
}

// IsZero reports whether the cost has no part at all.
func (c *Cost) IsZero() bool {
	return c == nil || (c.Mana == "" && !c.Tap && !c.Untap && c.Loyalty == nil && !c.LoyaltyX && c.Life == nil &&
		c.Sacrifice == nil && c.Discard == nil && c.Exile == nil && c.Return == nil && c.TapOthers == nil &&
		c.Reveal == nil && c.RemoveCounters == 0 && c.PutCounters == 0 && !c.CountersX && c.Energy == 0 && !c.EnergyAny && c.Reduce == nil && c.Or == nil)
}

// Condition is a test of the game state: an intervening "if", "as long
// as", "if you do", "unless", an activation restriction. Kind says which;
// the fields it reads are listed with it.
type Condition struct {
	Kind CondKind `json:"kind" msgpack:"kind"`
	// Left Op Right for Kind "compare": "if you control three or more
	// lands" is count(lands you control) >= 3.
	Left  *Amount `json:"left,omitempty" msgpack:"left,omitempty"`
	Op    string  `json:"op,omitempty" msgpack:"op,omitempty"`
	Right *Amount `json:"right,omitempty" msgpack:"right,omitempty"`
	// Object and Filter for Kind "is": the object matches the filter ("if
	// it's a creature card", "if that creature is untapped").
	Object *Selector `json:"object,omitempty" msgpack:"object,omitempty"`
	Filter *Filter   `json:"filter,omitempty" msgpack:"filter,omitempty"`
	// Player for player conditions.
	Player *PlayerRef `json:"player,omitempty" msgpack:"player,omitempty"`
	// Name for Kind "did" (the effect bound as Name happened) and "chosen"
	// (the bound choice equals Text).
	Name string `json:"name,omitempty" msgpack:"name,omitempty"`
	Text string `json:"text,omitempty" msgpack:"text,omitempty"`
	// Sub for "and", "or", "not".
	Sub []Condition `json:"sub,omitempty" msgpack:"sub,omitempty"`
}

// CondKind is the kind of a Condition.
type CondKind string

// Condition kinds.
const (
	// Compare: Left Op Right.
	CondCompare CondKind = "compare"
	// Is: Object matches Filter.
	CondIs CondKind = "is"
	// Exists: some object Filter accepts exists ("if you control a
	// Forest", "if there are no cards in your graveyard" is Not Exists).
	CondExists CondKind = "exists"
	// Did: the effect bound as Name (or the previous effect, when Name is
	// "") happened: "If you do", "If a card was exiled this way".
	CondDid CondKind = "did"
	// Kicked: the spell was kicked (or the source was, as a spell); Text
	// names the additional cost paid when it isn't kicker ("bargained").
	CondKicked CondKind = "kicked"
	// YourTurn: it is its controller's turn.
	CondYourTurn CondKind = "your_turn"
	// WasCast: the source entered as a cast spell ("if you cast it"); Text
	// a zone it was cast from.
	CondWasCast CondKind = "was_cast"
	// Chosen: the choice bound as Name is Text.
	CondChosen CondKind = "chosen"
	// CastWith: the source was cast for the alternative cost Text names
	// ("evoke", "dash", "flashback", CR 118.9): "if its evoke cost was
	// paid".
	CondCastWith CondKind = "cast_with"
	// Targets: the spell or ability targets an object Filter accepts ("~
	// costs {2} less to cast if it targets a blue spell"); while a spell
	// is cast, the targets it has chosen so far (CR 601.2c comes before
	// 601.2f).
	CondTargets CondKind = "targets"
	// ItsControllersTurn: it is the turn of the controller of the object
	// a rule is about: the spell being cast, for a cost rule ("Each spell
	// costs {3} more to cast except during its controller's turn").
	CondItsControllersTurn CondKind = "its_controllers_turn"
	// Threshold-like game facts named by Text: "monarch", "initiative",
	// "city's_blessing", "day", "night", "delirium", "threshold",
	// "metalcraft", "ferocious", "revolt", "morbid", "raid",
	// "spectacle", "descended", "max_speed", "attacked_this_turn".
	CondFact CondKind = "fact"
	// And, Or, Not over Sub.
	CondAnd CondKind = "and"
	CondOr  CondKind = "or"
	CondNot CondKind = "not"
)
