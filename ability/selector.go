package ability

// Selector says which objects (or players) an effect acts on.
type Selector struct {
	Ref Ref `json:"ref" msgpack:"ref"`
	// Index is the target slot for Ref "target" (0-based, in the order of
	// the ability's or mode's Targets).
	Index int `json:"index,omitempty" msgpack:"index,omitempty"`
	// Name is the bound name for Ref "bound" and Ref "rest".
	Name string `json:"name,omitempty" msgpack:"name,omitempty"`
	// Filter: for Ref "all", every object it accepts ("each creature you
	// control"); for Ref "choose", what may be chosen; for "bound" and
	// "rest", the part of the bound objects it accepts.
	Filter *Filter `json:"filter,omitempty" msgpack:"filter,omitempty"`
	// Choose: for Ref "choose" (and "bound"/"rest" when some of them are
	// chosen): how many, and by whom, as the effect resolves.
	Choose *Pick `json:"choose,omitempty" msgpack:"choose,omitempty"`
	// Player narrows "all" and "choose" to a player's objects or zone
	// ("each creature target player controls", "a card from their hand");
	// for Ref "library_top", whose library (default: the controller's).
	Player *PlayerRef `json:"player,omitempty" msgpack:"player,omitempty"`
	// Amount: for Ref "library_top", how many cards from the top (default
	// 1).
	Amount *Amount `json:"amount,omitempty" msgpack:"amount,omitempty"`
}

// Ref is the kind of a Selector.
type Ref string

// Selector refs.
const (
	// Self: the object whose ability this is ("~", "this creature"): the
	// spell itself for a spell ability.
	Self Ref = "self"
	// Target: the object or player chosen for target slot Index.
	TargetRef Ref = "target"
	// Bound: what an earlier effect of this resolution bound as Name
	// ("it", "that card", "those creatures", "the exiled card").
	Bound Ref = "bound"
	// Rest: the objects bound as Name not yet moved by a later effect
	// ("the rest", "the other").
	Rest Ref = "rest"
	// All: every object Filter accepts now (CR 608.2h: determined as the
	// effect happens).
	All Ref = "all"
	// ChooseRef: objects chosen as the effect resolves ("sacrifice a
	// creature", "discard two cards", "return a land you control").
	ChooseRef Ref = "choose"
	// EventObject: what a triggered ability's event was about ("that
	// creature", "that spell", "it" in "Whenever a creature dies, ...").
	EventObject Ref = "event"
	// Attached: the object the source is attached to ("enchanted
	// creature", "equipped creature").
	Attached Ref = "attached"
	// Player refs, for the To of damage and similar: a PlayerRef in a
	// Selector.
	PlayerSel Ref = "player"
	// LibraryTop: the top Amount cards of Player's library as the effect
	// begins ("exile the top two cards of your library", "the top card
	// of that player's library"); fewer when the library holds fewer.
	LibraryTop Ref = "library_top"
	// LinkedExiled: the cards the source's own linked exile exiled that
	// are still in exile ("the exiled card", CR 607.2a).
	LinkedExiled Ref = "exiled"
)

// Pick is how many objects are chosen and by whom.
type Pick struct {
	// Min and Max chosen; Max -1 is "any number".
	Min int `json:"min" msgpack:"min"`
	Max int `json:"max" msgpack:"max"`
	// Amount, when set, is the number (Min = Max = Amount): "discard X
	// cards".
	Amount *Amount `json:"amount,omitempty" msgpack:"amount,omitempty"`
	// By is who chooses when it isn't the effect's player: "random" (at
	// random), or a player ("you choose a card from it").
	By       *PlayerRef `json:"by,omitempty" msgpack:"by,omitempty"`
	AtRandom bool       `json:"random,omitempty" msgpack:"random,omitempty"`
	// PerCardType: "for each card type, a card of that type": each
	// chosen card stands for a different card type it has (CR 205.2a),
	// so no more are chosen than there are card types among them.
	PerCardType bool `json:"per_card_type,omitempty" msgpack:"per_card_type,omitempty"`
}

// PlayerRef names a player or a group of players.
type PlayerRef struct {
	Who Who `json:"who" msgpack:"who"`
	// Index is the target slot for Who "target".
	Index int `json:"index,omitempty" msgpack:"index,omitempty"`
	// Of is the object whose controller or owner is meant.
	Of *Selector `json:"of,omitempty" msgpack:"of,omitempty"`
	// Name is the bound name of a chosen player ("the chosen opponent").
	Name string `json:"name,omitempty" msgpack:"name,omitempty"`
}

// Who is the kind of a PlayerRef.
type Who string

// Player refs.
const (
	// You: the controller of the spell or ability.
	You Who = "you"
	// Opponents: each opponent; AnOpponent: one opponent chosen as it
	// resolves (in two-player games, the opponent).
	Opponents  Who = "opponents"
	AnOpponent Who = "an_opponent"
	// Each: each player, in turn order from the active player (APNAP).
	Each Who = "each"
	// TargetPlayer: the player chosen for target slot Index.
	TargetPlayer Who = "target"
	// Controller and Owner of Of.
	Controller Who = "controller"
	Owner      Who = "owner"
	// EventPlayer: the player a triggered ability's event names ("that
	// player": the one who cast, drew, attacked, was dealt damage).
	EventPlayer Who = "event_player"
	// Active: the active player ("that player" in "at the beginning of
	// each player's upkeep").
	Active Who = "active"
	// Defending: the defending player of the attacking source (CR 506.2).
	Defending Who = "defending"
	// BoundPlayer: a player an earlier effect chose, bound as Name.
	BoundPlayer Who = "bound"
)

// Target is one target slot: what may be chosen, and how many (CR 115).
type Target struct {
	// Min and Max targets for the slot: 1,1 for "target creature", 0,2
	// for "up to two target creatures", 1,-1 for "any number" is 0,-1.
	Min int `json:"min" msgpack:"min"`
	Max int `json:"max" msgpack:"max"`
	// Filter is what objects may be chosen; nil for a slot of players
	// only.
	Filter *Filter `json:"filter,omitempty" msgpack:"filter,omitempty"`
	// Players says which players may be chosen: "" (none), "any",
	// "opponent", "you" ("target player", "target opponent"). "any
	// target" is a Filter of creature, planeswalker and battle
	// permanents with Players "any" (CR 115.4).
	Players string `json:"players,omitempty" msgpack:"players,omitempty"`
	// MaxX: "up to X target ...": the most is the X of the spell as it is
	// cast (CR 601.2b comes before 601.2c); Max is then 0.
	MaxX bool `json:"max_x,omitempty" msgpack:"max_x,omitempty"`
	// Divided: an amount is divided among the targets as it is cast (CR
	// 601.2d).
	Divided bool `json:"divided,omitempty" msgpack:"divided,omitempty"`
	// Distinct controllers / other rules of the slot: "different" (each
	// target with a different controller, or not chosen for another slot
	// of the same word "another target").
	Rule string `json:"rule,omitempty" msgpack:"rule,omitempty"`
}
