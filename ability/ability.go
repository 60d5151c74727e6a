package ability

// Kind is the kind of an ability (CR 113.3).
type Kind string

// The ability kinds.
const (
	// Spell: an instant's or sorcery's spell ability, what it does as it
	// resolves (CR 113.3a). A permanent spell has none.
	Spell Kind = "spell"
	// Activated: "[Cost]: [Effect.]" (CR 602), loyalty abilities included.
	Activated Kind = "activated"
	// Mana: an activated mana ability (CR 605.1a): no target, could add
	// mana, not a loyalty ability. It doesn't use the stack.
	Mana Kind = "mana"
	// Triggered: "When/Whenever/At [event], [effect]" (CR 603); saga
	// chapters too (CR 714.2b).
	Triggered Kind = "triggered"
	// Static: a continuous effect or a change to the rules while the
	// ability functions (CR 604), additional and alternative costs among
	// them (CR 601.2f, 118.9).
	Static Kind = "static"
	// Replacement: "instead", "enters tapped", "as ... enters" and
	// prevention effects (CR 614, 615).
	Replacement Kind = "replacement"
	// Keyword: a keyword ability (CR 702) with its parameters; the engine
	// expands it into the rules it stands for.
	Keyword Kind = "keyword"
)

// Ability is one ability of a card face, a token or an effect's grant.
// Which fields apply depends on Kind; Validate checks that.
type Ability struct {
	Kind Kind `json:"kind" msgpack:"kind"`
	// Text is the ability's rules text with the card's own name as "~",
	// for people and for the printed-back check; the engine never reads it.
	Text string `json:"text,omitempty" msgpack:"text,omitempty"`
	// Zone is where the ability functions when that isn't the usual
	// place (CR 113.6): the battlefield for a permanent's abilities, the
	// stack for a spell's. "hand" for cycling or channel, "graveyard" for
	// flashback-like and recursion abilities.
	Zone Zone `json:"zone,omitempty" msgpack:"zone,omitempty"`
	// Level: a Class's ability that the Class has only at this level or
	// higher (CR 716.2b); 0 for one it always has. The level is gained by
	// the Class's keyword ability "Level" (Cost: Level N, CR 716.2a).
	Level int `json:"level,omitempty" msgpack:"level,omitempty"`

	// Cost of an activated or mana ability (CR 602.1a).
	Cost *Cost `json:"cost,omitempty" msgpack:"cost,omitempty"`
	// Limit restricts when an activated ability may be activated
	// ("Activate only as a sorcery", "only once each turn", CR 602.5).
	Limit *Limit `json:"limit,omitempty" msgpack:"limit,omitempty"`

	// Trigger is the event a triggered ability waits for (CR 603.1).
	Trigger *Trigger `json:"trigger,omitempty" msgpack:"trigger,omitempty"`
	// If is a triggered ability's intervening "if" clause, checked when it
	// would trigger and again as it resolves (CR 603.4).
	If *Condition `json:"if,omitempty" msgpack:"if,omitempty"`
	// Optional: "you may" for the whole ability as it resolves ("When ~
	// enters, you may draw a card"); asked of its controller.
	Optional bool `json:"optional,omitempty" msgpack:"optional,omitempty"`

	// Targets are chosen as the spell is cast or the ability is activated
	// or put on the stack (CR 601.2c, 602.2b, 603.3d); effects name them by
	// slot (Selector Ref "target").
	Targets []Target `json:"targets,omitempty" msgpack:"targets,omitempty"`
	// Effects run in order as it resolves (CR 608.2c).
	Effects []Effect `json:"effects,omitempty" msgpack:"effects,omitempty"`
	// Modes makes it modal (CR 700.2): the modes are chosen as it is put
	// on the stack, each with its own targets and effects; Targets and
	// Effects above are then empty.
	Modes *Modes `json:"modes,omitempty" msgpack:"modes,omitempty"`

	// Static is a static ability's effect.
	Static *StaticEffect `json:"static,omitempty" msgpack:"static,omitempty"`
	// Replace is a replacement or prevention effect.
	Replace *ReplaceEffect `json:"replace,omitempty" msgpack:"replace,omitempty"`
	// Keyword is a keyword ability.
	Keyword *KeywordAbility `json:"keyword,omitempty" msgpack:"keyword,omitempty"`
}

// Modes are the modes of a modal spell or ability (CR 700.2): Min to Max
// of List are chosen (a mode once unless Repeat).
type Modes struct {
	Min  int    `json:"min" msgpack:"min"`
	Max  int    `json:"max" msgpack:"max"`
	List []Mode `json:"list" msgpack:"list"`
	// Repeat: the same mode may be chosen more than once (CR 700.2d).
	Repeat bool `json:"repeat,omitempty" msgpack:"repeat,omitempty"`
	// MaxIf raises the number of modes allowed when a condition holds
	// ("If you control a commander ..., you may choose both instead").
	MaxIf *Condition `json:"max_if,omitempty" msgpack:"max_if,omitempty"`
}

// Mode is one mode: its targets and what it does; Cost is an additional
// cost paid for choosing it (spree, CR 702.172; escalate is a keyword).
type Mode struct {
	Text    string   `json:"text,omitempty" msgpack:"text,omitempty"`
	Cost    *Cost    `json:"cost,omitempty" msgpack:"cost,omitempty"`
	Targets []Target `json:"targets,omitempty" msgpack:"targets,omitempty"`
	Effects []Effect `json:"effects" msgpack:"effects"`
}

// Zone names a zone (CR 400.1).
type Zone string

// The zones.
const (
	ZoneAny         Zone = ""
	ZoneBattlefield Zone = "battlefield"
	ZoneHand        Zone = "hand"
	ZoneLibrary     Zone = "library"
	ZoneGraveyard   Zone = "graveyard"
	ZoneExile       Zone = "exile"
	ZoneStack       Zone = "stack"
	ZoneCommand     Zone = "command"
)

// Limit restricts an activated ability (CR 602.5) or a trigger (a
// "triggers only once each turn" clause).
type Limit struct {
	// Sorcery: only as a sorcery (CR 602.5d): its controller's main phase,
	// stack empty.
	Sorcery bool `json:"sorcery,omitempty" msgpack:"sorcery,omitempty"`
	// Instant: "Activate only as an instant" (no restriction; printed).
	Instant bool `json:"instant,omitempty" msgpack:"instant,omitempty"`
	// PerTurn: at most this many times each turn (1: "only once each turn").
	PerTurn int `json:"per_turn,omitempty" msgpack:"per_turn,omitempty"`
	// YourTurn: only during your turn; NotYourTurn the opposite.
	YourTurn    bool `json:"your_turn,omitempty" msgpack:"your_turn,omitempty"`
	NotYourTurn bool `json:"not_your_turn,omitempty" msgpack:"not_your_turn,omitempty"`
	// Step: only during this step or phase ("Activate only during combat",
	// "only during your upkeep").
	Step Step `json:"step,omitempty" msgpack:"step,omitempty"`
	// If: only if the condition holds ("Activate only if you control an
	// Island or a Mountain").
	If *Condition `json:"if,omitempty" msgpack:"if,omitempty"`
}

// Step names a step or phase (CR 500) for limits and triggers.
type Step string

// Steps and phases.
const (
	StepUntap           Step = "untap"
	StepUpkeep          Step = "upkeep"
	StepDraw            Step = "draw"
	StepMain            Step = "main" // either main phase
	StepPrecombatMain   Step = "main1"
	StepPostcombatMain  Step = "main2"
	StepCombat          Step = "combat" // the whole combat phase
	StepBeginCombat     Step = "begin_combat"
	StepDeclareAttacker Step = "declare_attackers"
	StepDeclareBlockers Step = "declare_blockers"
	StepCombatDamage    Step = "combat_damage"
	StepEndCombat       Step = "end_combat"
	StepEnd             Step = "end"
	StepCleanup         Step = "cleanup"
)
