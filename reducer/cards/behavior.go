package cards

import "strings"

// Target is a chosen target: an object (Obj > 0) or a player's seat.
type Target struct {
	Obj    uint32 `msgpack:"o,omitempty"`
	Player int    `msgpack:"p,omitempty"` // seat, when Obj is 0
}

// TargetKind says what a target slot accepts (CR 115).
type TargetKind uint8

// Target kinds of the pool's spells.
const (
	AnyTarget                    TargetKind = iota // creature, player or planeswalker (CR 115.4)
	TargetCreature                                 // creature permanent
	TargetNonblackCreature                         // creature permanent that isn't black
	TargetArtifactOrEnchantment                    // artifact or enchantment permanent
	TargetSpell                                    // spell on the stack
	TargetCreatureSpell                            // creature spell on the stack
	TargetCreaturePower4                           // creature with power 4 or greater
	TargetCreatureOrPlaneswalker                   // creature or planeswalker permanent
	TargetOpponentsNonland                         // nonland permanent an opponent controls
	TargetCreatureYouControl                       // creature permanent you control
)

var targetKindNames = [...]string{"any target", "target creature", "target nonblack creature",
	"target artifact or enchantment", "target spell", "target creature spell",
	"target creature with power 4 or greater", "target creature or planeswalker",
	"target nonland permanent an opponent controls", "target creature you control"}

func (k TargetKind) String() string {
	if n, ok := extraTargetKindNames[k]; ok {
		return n
	}
	if int(k) < len(targetKindNames) {
		return targetKindNames[k]
	}
	return "target?"
}

// World is what a resolving spell may do to the game. The reducer
// implements it; card code never touches the state directly.
type World interface {
	Facts
	// Event is what made the resolving triggered ability trigger.
	Event() TriggerEvent
	// Controller is the seat controlling the resolving spell.
	Controller() int
	// X is the value chosen for X as the spell was cast.
	X() int
	// Damage deals n damage from the resolving spell to t (CR 120).
	Damage(n int, t Target)
	// Draw makes seat draw n cards.
	Draw(seat, n int)
	// Destroy puts a permanent into its owner's graveyard (CR 701.7).
	Destroy(obj uint32)
	// Counter counters a spell (CR 701.5).
	Counter(obj uint32)
	// Pump gives a creature +p/+t until end of turn.
	Pump(obj uint32, p, t int)
	// Self is the resolving spell, or the source of the resolving ability.
	Self() uint32
	// AddCounters puts n counters of kind on a permanent.
	AddCounters(obj uint32, kind string, n int)
	// Targets is how many targets the spell or ability was cast with.
	Targets() int
	// CreateTokens creates n tokens named name (from the pool's tokens)
	// under seat's control.
	CreateTokens(seat int, name string, n int)
	// LKI is the last known information of a triggered ability's source
	// (CR 608.2h): how it was as it last existed on the battlefield.
	LKI() LKI
	// Tap taps a permanent.
	Tap(obj uint32)
	// Bounce returns a permanent to its owner's hand.
	Bounce(obj uint32)
	// LoseLife makes seat lose n life (not damage, CR 120.3).
	LoseLife(seat, n int)
	// PutSourceOnLibraryBottom puts the triggered ability's source card,
	// if it is still in the graveyard it went to, on the bottom of its
	// owner's library.
	PutSourceOnLibraryBottom()

	// Resolving in steps (CR 608.2): Step is 0 at first and one more after
	// each answered question; Answer is the previous question's answer.
	Step() int
	Answer() []string
	// Ask asks seat to choose from min to max of options (object ids or
	// words); the step must then end, and the next runs with the answer.
	Ask(seat int, what string, options []string, min, max int)
	// AskShuffle asks the table to shuffle seat's library; the step must
	// then end.
	AskShuffle(seat int)
	// Hand and Library list a player's cards as object ids (library top
	// first); Library keeps only those for which keep says yes.
	Hand(seat int) []string
	Library(seat int, keep func(*Card) bool) []string
	// Discard puts cards from their owner's hand into the graveyard.
	Discard(ids []string)
	// PutOntoBattlefield puts cards onto the battlefield under seat's
	// control.
	PutOntoBattlefield(seat int, ids []string)
	// Grant starts a continuous effect on a permanent for a duration
	// ("end_of_turn", "your_next_turn", "leaves").
	Grant(obj uint32, g Grant, until string)
	// EnablerWorld: what the rulings' enablers do (enablers.go).
	EnablerWorld
	// DiscoverWorld: discover and its cards (discover.go).
	DiscoverWorld
	// PopulateWorld: populate and copies (populate.go).
	PopulateWorld
	// ManaWorld: mana cards (mana.go).
	ManaWorld
	// CounterWorld: regeneration (counters.go).
	CounterWorld
	// ZoneWorld: whole hands and graveyards (split.go).
	ZoneWorld
}

// Grant is what a continuous effect gives a permanent: supertypes and
// subtypes (layer 4), keywords and "{T}: Add one mana of any color"
// (layer 6), +P/+T (layer 7c).
type Grant struct {
	Supertypes   []string
	Subtypes     []string
	Keywords     []string
	AnyColorMana bool
	P, T         int
}

// LKI is an object as it last existed (CR 608.2h).
type LKI struct {
	Power, Toughness int
	Counters         map[string]int
}

// Triggered is a triggered ability (CR 603): the event it waits for, an
// optional condition on the event, an optional intervening "if" clause
// (CR 603.4: checked when it triggers and again as it resolves), and what
// it does.
type Triggered struct {
	Index int    // which triggered ability of the card, 0-based
	When  string // one of the Trigger* events
	// Condition filters the event (the object it is about, e.g. "a creature
	// you control"); nil accepts every event of the kind.
	Condition func(f Facts, e TriggerEvent) bool
	// If is the intervening "if" clause; nil for none.
	If func(f Facts, e TriggerEvent) bool
	// Targets are chosen as it is put on the stack (CR 603.3d); see
	// EnablerWorld.ChosenTargets. None: it has no targets.
	Targets []TargetKind
	// Resolve runs when the ability resolves; its source may be gone, so it
	// reads the source through w.LKI.
	Resolve func(w World)
}

// TriggerEvent is what happened: the object it is about (an entering
// creature, a cast spell), the source of the ability, and who did it.
type TriggerEvent struct {
	Object uint32 // the object the event is about; 0 for none
	Source uint32 // the permanent whose ability triggers
	Seat   int    // the player who acted (cast, tapped) or whose step it is
}

// Facts are what card code may read of the game: characteristics of
// objects now, or as they last existed if they have left (CR 608.2h).
type Facts interface {
	Exists(obj uint32) bool
	Power(obj uint32) int
	Toughness(obj uint32) int
	ControllerOf(obj uint32) int
	Is(obj uint32, cardType string) bool
	// HasSupertype reads supertypes after type-changing effects (layer 4).
	HasSupertype(obj uint32, supertype string) bool
	ManaValue(obj uint32) int
	// EnablerFacts: subtypes, tapped state, permanents (enablers.go).
	EnablerFacts
	// DiscoverFacts: whether a permanent was cast, owners (discover.go).
	DiscoverFacts
}

// Static is a static ability of a permanent (CR 604) that changes other
// objects while the permanent is on the battlefield: +P/+T and keywords
// for what Applies accepts.
type Static struct {
	Applies  func(f Facts, source, obj uint32) bool
	P, T     int
	Keywords []string
}

var statics = map[string][]Static{
	// "Other legendary creatures you control get +1/+1 and have
	// indestructible."
	"Keeper of the Crown": {{
		Applies: func(f Facts, src, obj uint32) bool {
			return obj != src && f.Is(obj, "Creature") && f.HasSupertype(obj, "Legendary") && f.ControllerOf(obj) == f.ControllerOf(src)
		},
		P: 1, T: 1, Keywords: []string{"Indestructible"},
	}},
}

// StaticsOf returns the card's static abilities that affect other objects.
func (c *Card) StaticsOf() []Static { return c.statics }

// Trigger events.
const (
	TriggerDies          = "dies"          // put into a graveyard from the battlefield (CR 700.4)
	TriggerEntersSelf    = "enters"        // this permanent enters the battlefield
	TriggerEntersOther   = "enters_other"  // another permanent enters the battlefield
	TriggerCast          = "cast"          // a spell is cast (Seat: its controller)
	TriggerYourEndStep   = "your_end_step" // the beginning of its controller's end step
	TriggerTappedForMana = "tapped_for_mana"
)

// triggered holds the Go code of triggered abilities, by card name.
var triggered = map[string][]Triggered{}

// TriggersOf returns the card's triggered abilities that wait for event,
// its keyword abilities (evolve) included.
func (c *Card) TriggersOf(event string) []Triggered {
	var out []Triggered
	for _, t := range c.Triggers() {
		if t.When == event {
			out = append(out, t)
		}
	}
	return out
}

// TriggeredAt returns the card's triggered ability with index i, or nil.
func (c *Card) TriggeredAt(i int) *Triggered {
	for _, t := range c.Triggers() {
		if t.Index == i {
			return &t
		}
	}
	return nil
}

// Triggers are all the card's triggered abilities played by code (its
// own and its keywords'), worked out once: the engine asks on every event.
// The slice is shared: read it, never change it.
func (c *Card) Triggers() []Triggered {
	if v := c.triggers.Load(); v != nil {
		return *v.(*[]Triggered)
	}
	all := c.allTriggers()
	all = all[:len(all):len(all)]
	c.triggers.Store(&all) // two first callers store equal lists
	return all
}

func (c *Card) allTriggers() []Triggered {
	out := triggered[c.code()]
	if c.HasKeyword("Evolve") {
		out = append(append([]Triggered(nil), out...), evolve)
	}
	if c.HasKeyword("Prowess") {
		out = append(append([]Triggered(nil), out...), prowess)
	}
	return out
}

// evolveIndex is the index evolve's triggered ability gets, past any
// printed triggered ability.
const evolveIndex = 100

// evolve (CR 702.100): "Whenever a creature you control enters, if that
// creature has greater power or toughness than this creature, put a +1/+1
// counter on this creature." Power is compared with power and toughness
// with toughness (EVO-5), when it triggers and again as it resolves, with
// the entering creature's last known power and toughness if it has left
// (EVO-1, EVO-2).
var evolve = Triggered{
	Index: evolveIndex,
	When:  TriggerEntersOther,
	Condition: func(f Facts, e TriggerEvent) bool {
		return f.Is(e.Object, "Creature") && f.ControllerOf(e.Object) == f.ControllerOf(e.Source)
	},
	If: func(f Facts, e TriggerEvent) bool {
		return f.Exists(e.Source) && (f.Power(e.Object) > f.Power(e.Source) || f.Toughness(e.Object) > f.Toughness(e.Source))
	},
	Resolve: func(w World) { w.AddCounters(w.Event().Source, "+1/+1", 1) },
}

// Activated is an activated ability that isn't a mana ability (CR 602):
// its cost, targets and effect.
type Activated struct {
	Index int  // which activated ability of the card, 0-based, mana abilities included
	Cost  Cost // mana part of the cost
	Tap   bool // {T}
	Untap bool // {Q}
	// RemoveCounter: "Remove a Kind counter from this" is part of the cost;
	// RemoveCounters is how many when more than one ("Remove two").
	RemoveCounter  string
	RemoveCounters int
	// FromHand: it is activated from its owner's hand, not the battlefield;
	// DiscardSelf: "Discard this card" is part of the cost.
	FromHand, DiscardSelf bool
	// Loyalty abilities (CR 606): IsLoyalty, with the cost Loyalty (+N adds
	// N loyalty counters, -N removes N).
	IsLoyalty bool
	Loyalty   int
	// UpTo: "up to" as many targets as Targets lists (none is allowed).
	// AnyNumber: any number of targets (none too), each of Targets[0]'s kind.
	UpTo      bool
	AnyNumber bool
	Targets   []TargetKind
	Resolve   func(w World, targets []Target)
}

// Spell is the behaviour of an instant or sorcery: its targets, one of each
// kind listed, and what it does on resolution with the targets still legal
// (an illegal target is left out, CR 608.2b).
type Spell struct {
	Targets []TargetKind
	// AnyNumber: one or more targets, each of Targets[0]'s kind; at most
	// MaxTargets of them when it isn't 0 ("one or two targets").
	AnyNumber  bool
	MaxTargets int
	// ExtraCost is added to the mana cost for n targets (cost increases,
	// CR 601.2f); nil for none.
	ExtraCost func(n int) Cost
	// Kicker is the optional kicker cost (CR 702.33); nil for none.
	Kicker  Cost
	Resolve func(w World, targets []Target)
}

// Permanent is extra behaviour of a permanent card beyond keywords and
// mana abilities.
type Permanent struct {
	// EntersAsCopy: "You may have this creature enter as a copy of any
	// creature on the battlefield" (CR 707.9, Clone).
	EntersAsCopy bool
}

// spells holds the Go code of the pool's instants and sorceries, by name.
var spells = map[string]*Spell{
	// "Target creature you control becomes a legendary Noble in addition to
	// its other types and gains '{T}: Add one mana of any color.' Draw a
	// card." The effect lasts until the creature leaves the battlefield;
	// with its target illegal the spell does nothing, no card is drawn
	// (ADV-15).
	"Coronation of the Wilds": {Targets: []TargetKind{TargetCreatureYouControl}, Resolve: func(w World, ts []Target) {
		for _, t := range ts {
			w.Grant(t.Obj, Grant{Supertypes: []string{"Legendary"}, Subtypes: []string{"Noble"}, AnyColorMana: true}, "leaves")
		}
		w.Draw(w.Controller(), 1)
	}},
	// X damage divided evenly, rounded down, among the targets chosen; a
	// target no longer legal gets nothing (CR 608.2b).
	"Fireball": {Targets: []TargetKind{AnyTarget}, AnyNumber: true,
		ExtraCost: func(n int) Cost {
			if n <= 1 {
				return nil
			}
			return Cost{{Kind: SymGeneric, N: n - 1}}
		},
		Resolve: func(w World, ts []Target) {
			each := w.X() / max(w.Targets(), 1)
			for _, t := range ts {
				w.Damage(each, t)
			}
		}},
}

// activated holds the Go code of activated abilities, by card name.
var activated = map[string][]Activated{}

// ActivatedOf returns the card's activated ability with index i (counting
// every activated ability, mana abilities included), or nil.
func (c *Card) ActivatedOf(i int) *Activated {
	if c.codeless() {
		return nil
	}
	acts := activated[c.code()]
	for k := range acts {
		if acts[k].Index == i {
			return &acts[k]
		}
	}
	return nil
}

var permanents = map[string]*Permanent{}

// Protection qualities the rules engine implements (CR 702.16).
var implementedProtection = map[string]bool{"protection from multicolored": true}

// ProtectionFromMulticolored reports whether the card's text gives it
// protection from multicolored (Stonecoil Serpent).
func (c *Card) ProtectionFromMulticolored() bool {
	return strings.Contains(strings.ToLower(c.Oracle), "protection from multicolored")
}

// Keywords the rules engine implements (CR 702).
var implementedKeywords = map[string]bool{
	"Flying": true, "Reach": true, "Vigilance": true, "Haste": true, "Defender": true,
	"Trample": true, "Deathtouch": true, "Lifelink": true, "First strike": true,
	"Double strike": true, "Menace": true, "Flash": true, "Evolve": true, "Indestructible": true,
	// Hexproof and shroud are checked where targets are chosen (CR
	// 702.11, 702.18); devoid only says the card is colourless, as its
	// facts already do (CR 702.114).
	"Hexproof": true, "Shroud": true, "Devoid": true,
	// Evasion checked as blockers are declared (reducer/interp_evasion.go).
	"Islandwalk": true, "Swampwalk": true, "Forestwalk": true, "Mountainwalk": true, "Plainswalk": true,
	"Fear": true, "Intimidate": true,
	// Every creature type, in every zone (CR 702.73a): reducer/chars.go.
	"Changeling": true,
}

func damage(n int) func(World, []Target) {
	return func(w World, ts []Target) {
		for _, t := range ts {
			w.Damage(n, t)
		}
	}
}

func counter(w World, ts []Target) {
	for _, t := range ts {
		w.Counter(t.Obj)
	}
}

func destroy(w World, ts []Target) {
	for _, t := range ts {
		w.Destroy(t.Obj)
	}
}

// SpellOf returns an instant's or sorcery's behaviour, or nil.
func (c *Card) SpellOf() *Spell {
	if c.codeless() {
		return nil
	}
	return spells[c.code()]
}

// PermanentOf returns a permanent card's extra behaviour, or nil.
func (c *Card) PermanentOf() *Permanent {
	if c.codeless() {
		return nil
	}
	return permanents[c.code()]
}

// Modelled reports whether Chronicle knows everything the card does: a
// basic land, a card whose only text is keywords and plain mana abilities,
// or one with registered code. Playing or casting a card that isn't is
// refused with a clear reason rather than played without its text.
func (c *Card) Modelled() bool {
	if len(c.Faces) > 0 {
		for _, f := range c.Faces {
			if !f.Modelled() {
				return false
			}
		}
		return true
	}
	if c.Is("Instant") || c.Is("Sorcery") {
		return c.SpellOf() != nil
	}
	if c.codeless() {
		// no code: only keyword, mana and prototype lines (below)
	} else if permanents[c.code()] != nil || activated[c.code()] != nil || statics[c.code()] != nil || manaModelled[c.code()] {
		return true
	}
	for _, line := range strings.Split(c.Oracle, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || isKeywordLine(c, line) || isManaLine(line) || prototypeLine.MatchString(line) {
			continue // a prototype's line: casting prototyped is the rules' (faces.go)
		}
		return false
	}
	return true
}

// isKeywordLine: a line that only lists the card's keywords, with reminder text.
func isKeywordLine(c *Card, line string) bool {
	if i := strings.Index(line, " ("); i > 0 {
		line = line[:i]
	}
	for _, part := range strings.Split(line, ", ") {
		found := implementedProtection[strings.ToLower(part)]
		for _, k := range c.Keywords {
			if strings.EqualFold(part, k) && implementedKeywords[k] {
				found = true
			}
		}
		if !found {
			return false
		}
	}
	return true
}

func isManaLine(line string) bool {
	line = strings.Trim(line, "()")
	return addFixed.MatchString(line) || addAny.MatchString(line)
}
