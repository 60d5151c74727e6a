package ability

// Trigger is the event a triggered ability waits for (CR 603.1), as a
// pattern over the game's own events: an event kind, what it is about,
// and who did it.
type Trigger struct {
	Event Event `json:"event" msgpack:"event"`
	// Self: the event is about the ability's source ("When ~ enters",
	// "Whenever ~ attacks"). Otherwise Subject filters the object the
	// event is about ("Whenever another creature you control enters");
	// nil accepts any.
	Self    bool    `json:"self,omitempty" msgpack:"self,omitempty"`
	Subject *Filter `json:"subject,omitempty" msgpack:"subject,omitempty"`
	// AlsoSelf: the event may be about the source as well as about an
	// object Subject accepts ("Whenever ~ or another artifact you control
	// enters": Subject is the other artifacts).
	AlsoSelf bool `json:"also_self,omitempty" msgpack:"also_self,omitempty"`
	// Attached: the event is about the permanent the source is attached
	// to ("Whenever enchanted land is tapped for mana"); Subject narrows
	// it as its Aura's or Equipment's words say.
	Attached bool `json:"attached,omitempty" msgpack:"attached,omitempty"`
	// Player: whose action or turn ("you", "opponent", "" for any): the
	// caster of a cast, the drawing player, whose upkeep.
	Player string `json:"player,omitempty" msgpack:"player,omitempty"`
	// Step for Event "step": which step's or phase's beginning.
	Step Step `json:"step,omitempty" msgpack:"step,omitempty"`
	// From and To narrow a zone change ("is put into a graveyard from
	// anywhere", "leaves the battlefield").
	From Zone `json:"from,omitempty" msgpack:"from,omitempty"`
	To   Zone `json:"to,omitempty" msgpack:"to,omitempty"`
	// Combat: only combat damage; ToPlayer: damage to a player (or
	// "player_or_planeswalker").
	Combat   bool   `json:"combat,omitempty" msgpack:"combat,omitempty"`
	ToPlayer string `json:"to_player,omitempty" msgpack:"to_player,omitempty"`
	// Counter: the counter kind for "counter_put".
	Counter string `json:"counter,omitempty" msgpack:"counter,omitempty"`
	// Chapters: the saga chapter numbers (CR 714.2b) for Event "chapter".
	Chapters []int `json:"chapters,omitempty" msgpack:"chapters,omitempty"`
	// Nth: only the Nth such event each turn ("your second spell each
	// turn"); 0 for every one.
	Nth int `json:"nth,omitempty" msgpack:"nth,omitempty"`
	// Limit: "This ability triggers only once each turn."
	Limit *Limit `json:"limit,omitempty" msgpack:"limit,omitempty"`
	// Or are further events that trigger the same ability ("When ~ enters
	// or dies", "Whenever ~ enters or attacks", "When you cast ~ and when
	// ~ dies"), each a pattern of its own with no Or. It triggers once for
	// each event that matches any of them.
	Or []Trigger `json:"or,omitempty" msgpack:"or,omitempty"`
	// Level: for Event "level", the level reached ("When this Class
	// becomes level 2", CR 716.2c).
	Level int `json:"level,omitempty" msgpack:"level,omitempty"`
	// NotFirstDrawStepDraw: for Event "draws", not the first card the
	// player draws in each of their draw steps ("except the first one
	// they draw in each of their draw steps").
	NotFirstDrawStepDraw bool `json:"not_first_draw_step_draw,omitempty" msgpack:"not_first_draw_step_draw,omitempty"`
	// Alone: for Event "attacks", only a creature that attacks alone, the
	// only creature declared as an attacker (CR 506.5: exalted).
	Alone bool `json:"alone,omitempty" msgpack:"alone,omitempty"`
}

// Event is a kind of game event a trigger can wait for.
type Event string

// Trigger events.
const (
	// Enters: a permanent enters the battlefield (CR 603.6a).
	Enters Event = "enters"
	// Dies: a creature is put into a graveyard from the battlefield (CR
	// 700.4).
	Dies Event = "dies"
	// ZoneChange: an object moves From a zone To a zone (leaves the
	// battlefield, is put into a graveyard from anywhere, is exiled).
	ZoneChange Event = "zone_change"
	// Cast: a spell is cast (CR 601.2i); Subject filters the spell.
	Cast Event = "cast"
	// Attacks: a creature attacks (CR 508.1m); Blocks: blocks; Blocked:
	// becomes blocked.
	Attacks Event = "attacks"
	Blocks  Event = "blocks"
	Blocked Event = "blocked"
	// DealsDamage: a source deals damage (Combat, ToPlayer narrow it).
	DealsDamage Event = "deals_damage"
	// Dealt: a permanent is dealt damage.
	Dealt Event = "dealt_damage"
	// StepBegins: the beginning of Step of Player's turn ("At the
	// beginning of your upkeep").
	StepBegins Event = "step"
	// Draws: a player draws a card; Discards: a card is discarded.
	Draws    Event = "draws"
	Discards Event = "discards"
	// GainsLife and LosesLife: a player gains or loses life.
	GainsLife Event = "gains_life"
	LosesLife Event = "loses_life"
	// PlaysLand: a player plays a land.
	PlaysLand Event = "plays_land"
	// Tapped: a permanent becomes tapped; TappedForMana: it is tapped for
	// mana (CR 605.1b: the trigger is a mana ability).
	Tapped        Event = "tapped"
	TappedForMana Event = "tapped_for_mana"
	Untapped      Event = "untapped"
	// Sacrificed: a permanent is sacrificed.
	Sacrificed Event = "sacrificed"
	// BecomesTarget: a permanent or player becomes the target of a spell
	// or ability (Subject filters the target, From narrows: "spell").
	BecomesTarget Event = "becomes_target"
	// CounterPut: counters of kind Counter are put on a permanent, once
	// per counter... or once per event: see the engine.
	CounterPut Event = "counter_put"
	// Cycled: a card is cycled; Activated: an ability is activated.
	Cycled           Event = "cycled"
	AbilityActivated Event = "activated"
	// Chapter: a lore counter brings a saga to chapter N (CR 714.2b).
	Chapter Event = "chapter"
	// Transforms: a permanent transforms; TurnedFaceUp: is turned face up.
	Transforms   Event = "transforms"
	TurnedFaceUp Event = "turned_face_up"
	// TokenCreated: a token is created; Sacrificed above.
	TokenCreated Event = "token_created"
	// Explores, Surveils, Scries, Searches, Shuffles: keyword actions.
	Explores Event = "explores"
	Surveils Event = "surveils"
	// LevelReached: a Class becomes the trigger's Level (CR 716.2c).
	LevelReached Event = "level"
)
