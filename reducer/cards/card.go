package cards

import (
	"slices"
	"sync/atomic"
	"unsafe"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Card is one card's printed facts plus the behaviour derived from them.
// Cards are shared and never changed once the pool is loaded.
type Card struct {
	// Name is the card's name as decklists print it: a split card's
	// "Fire // Ice", any other multi-face card's first face's name.
	Name string
	// FullName is a multi-face card's "Front // Back" name when its Name is
	// the front's.
	FullName string
	// Layout is the database's: normal, split (fuse, aftermath and Rooms
	// too), adventure, omen, prepare, transform (battles and saga
	// creatures too), modal_dfc, flip, meld, saga, class, case, leveler,
	// prototype, mutate, vanguard, planar, scheme; token for a token.
	Layout    string
	Cost      Cost
	ManaValue int
	// Colors are the card's colours: from its mana cost, or its colour
	// indicator (CR 204). ColorIndicator is the printed indicator alone;
	// ColorIdentity the card's colour identity (CR 903.4).
	Colors         []Color
	ColorIndicator []Color
	ColorIdentity  []Color
	TypeLine       string
	Supertypes     []string
	Types          []string
	Subtypes       []string
	// Power and Toughness as printed; "*" marks a characteristic-defining
	// ability, "" a card without them.
	Power, Toughness string
	Loyalty          string
	Defense          string
	Oracle           string
	Keywords         []string
	// Faces are a multi-face card's faces in printed order: an adventurer's
	// creature and Adventure, a split card's halves, a double-faced card's
	// front and back, a flip card's two ends. A face has the card's Layout
	// and no Info.
	Faces    []*Card
	Playtest bool
	// Prototype is a prototype card's alternative characteristics when
	// cast prototyped (CR 718), or nil; Levels a leveler's brackets (CR
	// 711). See faces.go.
	Prototype *Card
	Levels    []Level
	// Extra: one of the project's own records (data/extras.json).
	Extra bool
	// Info is what else the database says of the card; nil on a face.
	Info *Info
	// GrantedAdventure is an Adventure this card gives other cards
	// (Starting Town NPC's Fetch Herbs), or nil.
	GrantedAdventure *Card

	// Mana lists the card's mana abilities (CR 605), derived from its text.
	Mana []ManaAbility

	// statics are its static abilities that affect other objects, looked up
	// once as the pool loads: characteristics read them constantly.
	statics []Static

	// Declared: a card the match declared (declared.go); given are the
	// abilities it was declared with, if any.
	Declared bool
	given    []ability.Ability

	// Engine is the rules engine's cache of what it derived from the
	// card once (how its abilities are sorted for the interpreter); the
	// engine alone reads and writes it, through EngineCache and
	// KeepEngineCache. A bare pointer, not an atomic.Value: the engine
	// reads it inline several times an input, and a card is copied
	// (faces, prototypes), which an atomic.Pointer forbids.
	engine unsafe.Pointer

	// triggers caches allTriggers: the code's triggered abilities and the
	// keywords', fixed once the pool has loaded (behavior.go).
	triggers atomic.Value // *[]Triggered
	// codeFlag caches namedCode of the card's code name: 0 not yet asked,
	// 1 none, 2 some (code_lookup.go).
	codeFlag int32
}

// Info is what the card database says of a card beyond its
// characteristics.
type Info struct {
	// Legalities by format (standard, pioneer, modern, legacy, vintage,
	// pauper, commander): legal, not_legal, banned or restricted.
	Legalities   map[string]string
	FirstPrinted string   // YYYY-MM-DD of the first paper printing
	Sets         []string // set codes
	// Funny: printed only in un-sets. OracleIncomplete: the source lacked
	// the text of at least one ability.
	Funny, OracleIncomplete bool
	Source                  string
	// Category and Verified: the project's own record's (data/extras.json).
	Category string
	Verified bool
	// Description: a token definition's, as cards describe the token.
	Description string
}

// ManaAbility is an activated mana ability: pay Tap (and nothing else here)
// to add mana.
type ManaAbility struct {
	Index int     // which activated ability of the card, 0-based
	Tap   bool    // {T} in the cost
	Add   []Color // fixed mana added, in order
	// AnyColor adds one mana of a colour the player chooses.
	AnyColor bool
	// Among: one mana of a type from a set a rule defines (mana.go); an
	// empty set is an undefined type: no mana (MANA-1).
	Among string
	// PerCounter: Add is added once for each counter of this kind on the
	// permanent ("for each +1/+1 counter").
	PerCounter string
	// TapOther: "Tap an untapped <TapOther> you control" is the cost, the
	// permanent named by the activate input's tap (relic.go).
	TapOther string
	// OneOf: one of these forms, as the player chooses ("{U} or {R}").
	OneOf [][]Color
	// N: how many mana of the colour chosen for AnyColor ("three mana of
	// any one color"); 0 means one.
	N int
	// Amount: Add is added this many times, counted as the ability
	// resolves ("Add {U} for each artifact you control").
	Amount *ability.Amount
	// Spend: the mana may be spent only to cast spells this filter
	// matches ("Spend this mana only to cast artifact spells", CR 106.6).
	Spend *ability.Filter
	// Uncounterable: a spell the mana is spent to cast can't be countered
	// ("and that spell can't be countered").
	Uncounterable bool
	// If: when this holds as it resolves, it adds Instead rather than
	// Add ("If you control an Urza's Mine and an Urza's Power-Plant, add
	// {C}{C}{C} instead").
	If      *ability.Condition
	Instead []Color
	// Lang is the ability-language ability this one was lowered from,
	// for the rest of its cost, its limits and its other effects (the
	// reducer's interp_mana.go); nil for the pool's own.
	Lang *ability.Ability
}

// Is reports whether the card has card type t ("Creature", "Land", ...).
func (c *Card) Is(t string) bool { return slices.Contains(c.Types, t) }

// HasSuper reports whether the card has supertype s ("Legendary", "Basic").
func (c *Card) HasSuper(s string) bool { return slices.Contains(c.Supertypes, s) }

// HasSub reports whether the card has subtype s.
func (c *Card) HasSub(s string) bool { return slices.Contains(c.Subtypes, s) }

// HasKeyword reports whether the card has keyword k, as printed ("Flying").
func (c *Card) HasKeyword(k string) bool { return slices.Contains(c.Keywords, k) }

// IsPermanent reports whether the card is a permanent card (CR 110.4).
func (c *Card) IsPermanent() bool {
	for _, t := range c.Types {
		switch t {
		case "Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker":
			return true
		}
	}
	return false
}

// PT returns printed power and toughness as numbers; ok is false for a
// card without them or with a characteristic-defining "*".
func (c *Card) PT() (p, t int, ok bool) {
	if len(c.Power) == 1 && len(c.Toughness) == 1 { // most are one digit each: read inline
		p, t = int(c.Power[0])-'0', int(c.Toughness[0])-'0'
		if uint(p) <= 9 && uint(t) <= 9 {
			return p, t, true
		}
	}
	p, ok1 := atoi(c.Power)
	t, ok2 := atoi(c.Toughness)
	return p, t, ok1 && ok2
}

// Adventure returns an adventurer card's Adventure face, or nil.
func (c *Card) Adventure() *Card {
	if c.Layout == "adventure" && len(c.Faces) == 2 {
		return c.Faces[1]
	}
	return nil
}

// Face returns the face named name, or nil.
func (c *Card) Face(name string) *Card {
	for _, f := range c.Faces {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// EngineCache is the value the rules engine kept for c (KeepEngineCache),
// or nil.
func (c *Card) EngineCache() unsafe.Pointer { return atomic.LoadPointer(&c.engine) }

// KeepEngineCache keeps v for c unless a value is kept already (two
// matches may work it out at once); it reports whether v was kept.
func (c *Card) KeepEngineCache(v unsafe.Pointer) bool {
	return atomic.CompareAndSwapPointer(&c.engine, nil, v)
}
