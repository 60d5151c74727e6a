package ability

// Effect is one step of what a spell or ability does: a verb and its
// operands. Effects run in order; an effect's Bind names what it acted on
// so that later effects can say "it", "those cards" or "the rest".
//
// Which operands a verb reads is listed beside each verb; Validate
// rejects an effect that sets operands its verb doesn't read.
type Effect struct {
	Verb Verb `json:"verb" msgpack:"verb"`
	// Player is who does it or to whom it happens ("you draw", "target
	// player discards", "each opponent loses 2 life"); default: the
	// controller of the spell or ability.
	Player *PlayerRef `json:"player,omitempty" msgpack:"player,omitempty"`
	// Object is what it acts on ("target creature", "~", "each creature
	// you control", "a card from your hand").
	Object *Selector `json:"object,omitempty" msgpack:"object,omitempty"`
	// To is a second object or player it involves: the recipient of
	// damage, what an Aura or Equipment is attached to, the creature
	// fought.
	To *Selector `json:"to,omitempty" msgpack:"to,omitempty"`
	// Amount is how many or how much (damage, cards, life, counters).
	Amount *Amount `json:"amount,omitempty" msgpack:"amount,omitempty"`
	// Source of damage when it isn't the spell or the ability's source
	// ("target creature you control deals damage equal to its power").
	Source *Selector `json:"source,omitempty" msgpack:"source,omitempty"`

	// Zone is where a move puts objects, or where a verb looks (search,
	// reveal, mill into).
	Zone Zone `json:"zone,omitempty" msgpack:"zone,omitempty"`
	// Position in a library: "top", "bottom", or "N" from the top
	// ("second from the top" is "2"). Default: top.
	Position Position `json:"position,omitempty" msgpack:"position,omitempty"`
	// Order of several cards put into a library: "any" (their owner
	// chooses), "random", "shuffle" (their owner shuffles them into the
	// library: "Shuffle ~ into its owner's library"), or "" (the order
	// they were listed in).
	Order string `json:"order,omitempty" msgpack:"order,omitempty"`
	// Tapped: objects put onto the battlefield or created enter tapped;
	// Attacking: tokens enter attacking.
	Tapped    bool `json:"tapped,omitempty" msgpack:"tapped,omitempty"`
	Attacking bool `json:"attacking,omitempty" msgpack:"attacking,omitempty"`
	// Control: the player who controls what is put onto the battlefield
	// or created, when it isn't the effect's Player.
	Control *PlayerRef `json:"control,omitempty" msgpack:"control,omitempty"`

	// Counter is a counter kind ("+1/+1", "loyalty", "lore", "stun").
	Counter string `json:"counter,omitempty" msgpack:"counter,omitempty"`
	// Mana is what an add_mana effect adds.
	Mana *ManaSpec `json:"mana,omitempty" msgpack:"mana,omitempty"`
	// Mods are what a pump or grant gives; Duration how long it lasts.
	Mods     *Mods    `json:"mods,omitempty" msgpack:"mods,omitempty"`
	Duration Duration `json:"duration,omitempty" msgpack:"duration,omitempty"`
	// Token describes the tokens a token effect creates.
	Token *Token `json:"token,omitempty" msgpack:"token,omitempty"`
	// Filter narrows what a verb looks for (search, "a creature card from
	// among them", discard's "a nonland card").
	Filter *Filter `json:"filter,omitempty" msgpack:"filter,omitempty"`
	// Choice is what a choose effect asks for ("color", "creature_type",
	// "card_name", "opponent", "number", "basic_land_type").
	Choice string `json:"choice,omitempty" msgpack:"choice,omitempty"`
	// NoRegenerate: a destroyed permanent can't be regenerated (CR
	// 701.19c): regeneration shields don't replace this destruction.
	NoRegenerate bool `json:"no_regenerate,omitempty" msgpack:"no_regenerate,omitempty"`
	// Text is a verb's textual parameter where one is needed: a keyword
	// action's variant ("Orcs" for amass), a permission's kind.
	Text string `json:"text,omitempty" msgpack:"text,omitempty"`

	// Optional: "you may" (asked of Player, or of the controller).
	Optional bool `json:"optional,omitempty" msgpack:"optional,omitempty"`
	// Cost is what a pay effect pays.
	Cost *Cost `json:"cost,omitempty" msgpack:"cost,omitempty"`
	// Unless: the effect happens unless Payer pays Cost ("Counter target
	// spell unless its controller pays {3}").
	Unless *Unless `json:"unless,omitempty" msgpack:"unless,omitempty"`
	// If: the effect happens only if the condition holds as it would run
	// ("If you do, ...", "If it's a creature card, ...").
	If *Condition `json:"if,omitempty" msgpack:"if,omitempty"`
	// Else runs instead when If doesn't hold ("Otherwise, ...").
	Else []Effect `json:"else,omitempty" msgpack:"else,omitempty"`
	// Sub are effects a verb runs as its part: "for each" bodies, the
	// effects of a delayed trigger, the choices of a vote.
	Sub []Effect `json:"sub,omitempty" msgpack:"sub,omitempty"`
	// Delayed is a delayed triggered ability this effect sets up (CR
	// 603.7): "At the beginning of the next end step, sacrifice it."
	Delayed *Ability `json:"delayed,omitempty" msgpack:"delayed,omitempty"`
	// Grant is an ability given to objects ("gains '{T}: Add {G}.'"), or
	// the ability of an emblem.
	Grant []Ability `json:"grant,omitempty" msgpack:"grant,omitempty"`

	// Replace is the replacement effect a replace effect sets up; its
	// Subject may name bound objects through Selector-free filters, and
	// Self there means the effect's object.
	Replace *ReplaceEffect `json:"replace,omitempty" msgpack:"replace,omitempty"`

	// Bind names what the effect acted on (the objects moved, created,
	// chosen, revealed or looked at) for later effects of the same
	// resolution: Selector Ref "bound" with this Name.
	Bind string `json:"bind,omitempty" msgpack:"bind,omitempty"`
}

// Verb is what an effect does.
type Verb string

// The verbs. Beside each: the operands it reads (besides Optional,
// Unless, If, Else and Bind, which every verb may use).
const (
	// Damage: Source (default the spell or the ability's source) deals
	// Amount damage to each of To (objects or players), CR 120.
	Damage Verb = "damage"
	// DivideDamage: Amount damage divided as chosen on casting among the
	// targets of To (CR 601.2d); the division is an input.
	DivideDamage Verb = "divide_damage"
	// Destroy: each of Object is destroyed (CR 701.8); NoRegenerate when
	// it can't be regenerated ("Destroy target creature. It can't be
	// regenerated.", CR 701.19c).
	Destroy Verb = "destroy"
	// Exile: each of Object is exiled (CR 701.13); Text "face_down"
	// exiles face down. Duration SourceLeaves exiles only until the
	// source leaves the battlefield ("exile target creature until ~
	// leaves the battlefield"): then each returns to the battlefield
	// under its owner's control, and if the source has left before the
	// effect, nothing is exiled (CR 610.3, 610.3c).
	Exile Verb = "exile"
	// Move: each of Object is put into Zone (its owner's for a hand,
	// library or graveyard), at Position and Order for a library, Tapped
	// and under Control for the battlefield. Returning to hand, putting
	// on top of a library, putting onto the battlefield are moves.
	Move Verb = "move"
	// Sacrifice: Player sacrifices Object (CR 701.21): Self, a bound or
	// targeted permanent, or a Choose among their permanents.
	Sacrifice Verb = "sacrifice"
	// Draw: Player draws Amount cards (CR 121).
	Draw Verb = "draw"
	// Discard: Player discards Object (a Choose from their hand, chosen
	// by them; Choose.By "random" or another player for "at random" and
	// "you choose"), or their whole hand with Object Ref "all" (CR 701.9).
	Discard Verb = "discard"
	// Mill: Player puts the top Amount cards of their library into their
	// graveyard (CR 701.17).
	Mill Verb = "mill"
	// GainLife and LoseLife: Player gains or loses Amount life (CR 119).
	GainLife Verb = "gain_life"
	LoseLife Verb = "lose_life"
	// SetLife: Player's life total becomes Amount (CR 119.5).
	SetLife Verb = "set_life"
	// PutCounters: Amount counters of kind Counter on each of Object (CR
	// 122), or on Player when there is no Object ("you get {E}{E}": energy
	// counters, CR 122.1); RemoveCounters takes them off objects.
	PutCounters    Verb = "put_counters"
	RemoveCounters Verb = "remove_counters"
	// Pump: each of Object gets Mods for Duration (default until end of
	// turn): "+3/+3", "gains flying". Grant is the same with an explicit
	// Duration, also for types, colours and abilities; both are continuous
	// effects from a resolving spell or ability (CR 611.2), locked to
	// their objects as they begin (CR 611.2c).
	Pump  Verb = "pump"
	Grant Verb = "grant"
	// Token: Player (or Control) creates Amount (default 1) tokens as
	// Token says (CR 111), Tapped and Attacking as set.
	CreateToken Verb = "token"
	// Counter: each of Object, a spell or ability on the stack, is
	// countered (CR 701.6); Zone "exile" exiles a countered spell instead
	// of its owner's graveyard.
	Counter Verb = "counter"
	// Tap and Untap each of Object.
	Tap   Verb = "tap"
	Untap Verb = "untap"
	// Search: Player searches their library for up to Amount (default 1)
	// cards matching Filter and puts them into Zone (default their hand),
	// Tapped on the battlefield; Text "reveal" when the cards are revealed
	// (CR 701.23). Finding nothing is allowed when Filter names a quality
	// (CR 701.23b). Bind names what was found. Shuffling is its own effect.
	Search Verb = "search"
	// Shuffle: Player shuffles their library (the order arrives as the
	// table's random input).
	Shuffle Verb = "shuffle"
	// Scry and Surveil: Player scries or surveils Amount (CR 701.22,
	// 701.25).
	Scry    Verb = "scry"
	Surveil Verb = "surveil"
	// Look: Player looks at the top Amount cards of their library (or of
	// Object's owner's); Reveal reveals them (or Object: a hand, a card).
	// Bind names the cards for the effects that follow ("Put one of them
	// into your hand and the rest on the bottom").
	Look   Verb = "look"
	Reveal Verb = "reveal"
	// GainControl: Player gains control of each of Object for Duration
	// (default: indefinitely), CR 613.1b layer 2.
	GainControl Verb = "gain_control"
	// Copy: Player copies each of Object, a spell on the stack (CR 707.10)
	// and may choose new targets for the copy; a permanent is copied by a
	// token effect whose Token.Copy names it.
	Copy Verb = "copy"
	// Fight: Object and To fight (CR 701.14).
	Fight Verb = "fight"
	// Attach: Object (an Aura or Equipment, default the source) becomes
	// attached to To (CR 701.3).
	Attach Verb = "attach"
	// Transform: each of Object transforms (CR 701.28).
	Transform Verb = "transform"
	// AddMana: Player adds Mana (CR 106).
	AddMana Verb = "add_mana"
	// Regenerate: each of Object gets a regeneration shield (CR 701.19).
	Regenerate Verb = "regenerate"
	// Prevent: prevent the next Amount damage (all, when Amount is nil)
	// that would be dealt to To (and by Source, when set) for Duration
	// (CR 615).
	Prevent Verb = "prevent"
	// Select: Player (or Object's Pick.By) chooses objects as Object's
	// Pick says and Bind names them, for the effects that follow ("You
	// choose a nonland card from it. That player discards that card.").
	Select Verb = "select"
	// Replace: sets up Replace, a replacement effect for Duration ("If
	// that creature would die this turn, exile it instead"), CR 614.
	Replace Verb = "replace"
	// Choose: Player chooses a Choice (a colour, a creature type, a
	// card name, an opponent, a number); Bind names the choice.
	Choose Verb = "choose"
	// ForEach: Sub runs once for each of Object (bound in turn as Bind),
	// or Amount times.
	ForEach Verb = "for_each"
	// CastFree: Player may cast Object (a card in a zone) without paying
	// its mana cost (CR 118.9) now, as the effect resolves.
	CastFree Verb = "cast_free"
	// MayPlay: Player may play (Text "cast" to only cast) each of Object
	// for Duration (default this turn): "You may play that card this
	// turn", impulse draw.
	MayPlay Verb = "may_play"
	// DelayedTrigger: set up Delayed (CR 603.7).
	DelayedTrigger Verb = "delayed_trigger"
	// Emblem: Player gets an emblem with Grant's abilities (CR 114).
	Emblem Verb = "emblem"
	// ExtraTurn: Player takes Amount (default 1) extra turns after this
	// one (CR 500.7).
	ExtraTurn Verb = "extra_turn"
	// Pay: Player pays Cost (CR 118): mana, life, energy, or another
	// cost's parts ("you may pay {B}", "pay {2}{G}{G}", "you may pay 2
	// life"). A later effect's If of kind "did" says whether it was paid
	// ("If you do, draw a card"; "If you don't, you lose the game" is Not
	// Did). An unpayable cost isn't paid.
	Pay Verb = "pay"
	// TakeInitiative: Player takes the initiative (CR 725); BecomeMonarch:
	// Player becomes the monarch (CR 724). Player is the controller when
	// nil.
	TakeInitiative Verb = "take_initiative"
	BecomeMonarch  Verb = "become_monarch"
	// WinGame and LoseGame: Player wins or loses the game (CR 104).
	WinGame  Verb = "win_game"
	LoseGame Verb = "lose_game"
	// PlayerGains: Player gains Text ("protection from everything", CR
	// 702.16j) for Duration.
	PlayerGains Verb = "player_gains"
	// FlipCoin: Player flips a coin (CR 705); the flip is won when the
	// next effect's If of kind "did" holds ("If you lose the flip, ..."
	// is Not Did).
	FlipCoin Verb = "flip_coin"
	// Goad, Detain and similar restrictions are grants with Mods rules.

	// Keyword actions (CR 701) that are whole procedures of their own:
	// Player performs them with Amount as the number.
	Discover    Verb = "discover"    // CR 701.57
	Populate    Verb = "populate"    // CR 701.36
	Proliferate Verb = "proliferate" // CR 701.34
	Investigate Verb = "investigate" // CR 701.16: a Clue token
	Explore     Verb = "explore"     // CR 701.44: Object explores
	Amass       Verb = "amass"       // CR 701.47: Text the creature type
	Connive     Verb = "connive"     // CR 701.50: Object connives
	Learn       Verb = "learn"       // CR 701.48
	Venture     Verb = "venture"     // CR 701.49
	Manifest    Verb = "manifest"    // CR 701.40
	Adapt       Verb = "adapt"       // CR 701.46: Object adapts Amount
	Bolster     Verb = "bolster"     // CR 701.39
	Support     Verb = "support"     // CR 701.41
	Monstrosity Verb = "monstrosity" // CR 701.37: Object
	Incubate    Verb = "incubate"    // CR 701.53
	Collect     Verb = "collect_evidence"
	Forage      Verb = "forage"
	Earthbend   Verb = "earthbend"
)

// Position is a place in a library: "top", "bottom", or a number from
// the top ("2": second from the top).
type Position string

// Library positions.
const (
	Top    Position = "top"
	Bottom Position = "bottom"
)

// Duration is how long a continuous effect lasts (CR 611.2).
type Duration string

// Durations.
const (
	// Forever: no end ("indefinitely"); the default for a grant.
	Forever Duration = ""
	// EndOfTurn: until end of turn (CR 514.2); the default for a pump.
	EndOfTurn Duration = "end_of_turn"
	// YourNextTurn: until its controller's next turn begins.
	YourNextTurn Duration = "your_next_turn"
	// Leaves: for as long as the affected object stays on the battlefield
	// (or where it is).
	Leaves Duration = "leaves"
	// SourceLeaves: for as long as the effect's source stays on the
	// battlefield ("for as long as you control ~").
	SourceLeaves Duration = "source_leaves"
	// EndOfCombat: until end of combat.
	EndOfCombat Duration = "end_of_combat"
	// ThisTurn: for the rest of the turn (permissions, "this turn").
	ThisTurn Duration = "this_turn"
	// NextTurn: until the end of its controller's next turn.
	NextTurn Duration = "next_turn"
)

// Unless is "unless Payer pays Cost" (CR 608.2c): Payer may pay; if they
// do, the effect doesn't happen.
type Unless struct {
	Payer *PlayerRef `json:"payer,omitempty" msgpack:"payer,omitempty"`
	Cost  Cost       `json:"cost" msgpack:"cost"`
}

// ManaSpec is what an add_mana effect adds (CR 106).
type ManaSpec struct {
	// Fixed is mana symbols added as they are: "{G}", "{R}{R}", "{C}{C}".
	Fixed string `json:"fixed,omitempty" msgpack:"fixed,omitempty"`
	// OneOf: one choice among several fixed forms ("{R} or {G}": ["{R}",
	// "{G}"], "{U}{U} or {B}{B}").
	OneOf []string `json:"one_of,omitempty" msgpack:"one_of,omitempty"`
	// Any: Amount mana in any one colour (Same) or any colours each
	// ("one mana of any color": Any with Amount 1). Colors restricts the
	// choice ("any color in your commander's color identity" is a Among).
	Any    bool     `json:"any,omitempty" msgpack:"any,omitempty"`
	Same   bool     `json:"same,omitempty" msgpack:"same,omitempty"`
	Colors []string `json:"colors,omitempty" msgpack:"colors,omitempty"`
	// Among names a set a rule defines: "opponent_lands" (any color a land
	// an opponent controls could produce), "your_lands", "commander",
	// "legendary" (colors among legendary creatures and planeswalkers you
	// control), "chosen" (the colour chosen as it entered), "produced"
	// (a type that permanent produced).
	Among string `json:"among,omitempty" msgpack:"among,omitempty"`
	// Amount repeats it ("Add {G} for each Elf you control": Fixed "{G}",
	// Amount a count).
	Amount *Amount `json:"amount,omitempty" msgpack:"amount,omitempty"`
	// Spend restricts what the mana may be spent on ("Spend this mana only
	// to cast creature spells": a filter on the spell).
	Spend *Filter `json:"spend,omitempty" msgpack:"spend,omitempty"`
	// Uncounterable: "and that spell can't be countered": a spell this
	// mana is spent to cast can't be countered (CR 101.2).
	Uncounterable bool `json:"uncounterable,omitempty" msgpack:"uncounterable,omitempty"`
}
