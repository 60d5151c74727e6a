package cards

import (
	"fmt"
	"slices"
	"strings"

	"github.com/chronicle-mtg/chronicle/reducer/cards/facts"
)

// The rulings' enablers (RULINGS.md ADV-2, ADV-5, ADV-7, ADV-13, NPC-1) and
// the cards around them: planeswalkers with loyalty abilities (Vivien,
// Champion of the Wilds), casting from the top of the library (Johann,
// Apprentice Sorcerer; Elsha of the Infinite), Mystic Sanctuary, Starting
// Town NPC's granted Adventure, Beanstalk Giant's characteristic-defining
// ability, Galvanic Giant, Bonecrusher Giant, Foul Rebirth. The reducer
// reads these registries; the behaviour is written here as card code.

// Target kinds of the enablers, numbered from 40 so that they never meet
// the list in behavior.go.
const (
	TargetCreatureOpponentControls    TargetKind = 40 + iota // creature permanent an opponent controls
	TargetInstantOrSorceryInGraveyard                        // instant or sorcery card in your graveyard
	TargetCardInGraveyard                                    // card in your graveyard
)

var extraTargetKindNames = map[TargetKind]string{
	TargetCreatureOpponentControls:    "target creature an opponent controls",
	TargetInstantOrSorceryInGraveyard: "target instant or sorcery card from your graveyard",
	TargetCardInGraveyard:             "target card from your graveyard",
	TargetInstantOrSorcerySpellMV4:    "target instant or sorcery spell with mana value 4 or less",
}

// InGraveyard reports whether a target of kind k is a card in a graveyard.
func (k TargetKind) InGraveyard() bool {
	return k == TargetInstantOrSorceryInGraveyard || k == TargetCardInGraveyard || k == TargetCreatureCardMV3InGraveyard
}

// Trigger events of the enablers.
const (
	// TriggerBecomesTargetOfSpell: a permanent becomes the target of a
	// spell (the event's object is the permanent, its seat the spell's
	// controller).
	TriggerBecomesTargetOfSpell = "becomes_target_of_spell"
)

// EnablerFacts are further facts card code may read.
type EnablerFacts interface {
	// HasSubtype reads subtypes after type-changing effects (layer 4).
	HasSubtype(obj uint32, subtype string) bool
	// Tapped reports whether a permanent is tapped.
	Tapped(obj uint32) bool
	// Permanents lists the permanents seat controls (every permanent for
	// -1), in the order they entered.
	Permanents(seat int) []uint32
	// CastFromExile reports whether a spell was cast from exile.
	CastFromExile(obj uint32) bool
	// Opponents lists seat's opponents still in the game, in seat order.
	Opponents(seat int) []int
}

// EnablerWorld is what the enablers' resolving spells and abilities do.
type EnablerWorld interface {
	// GainLife makes seat gain n life.
	GainLife(seat, n int)
	// Sacrifice puts permanents (object ids) into their owners' graveyards.
	Sacrifice(ids []string)
	// ExileFaceDown exiles a card face down; for as long as it remains
	// exiled the resolving ability's controller may cast it as permission
	// says ("creature_spell": only as a creature spell).
	ExileFaceDown(id, permission string)
	// PutOnLibraryBottom puts cards on the bottom of their owners'
	// libraries, in order: the last one listed ends up at the bottom.
	PutOnLibraryBottom(ids []string)
	// PutOnLibraryTop puts a card on top of its owner's library.
	PutOnLibraryTop(obj uint32)
	// PreventionOff: damage can't be prevented this turn.
	PreventionOff()
	// ChosenTargets are the resolving triggered ability's targets that are
	// still legal (CR 608.2b).
	ChosenTargets() []Target
	// ExileToPlay exiles a card; the resolving ability's controller may
	// play it this turn (permission "play_this_turn"). It reports whether
	// the card was exiled.
	ExileToPlay(obj uint32) bool
	// AddMana adds n mana of colour c to seat's pool, made by the
	// resolving ability's source.
	AddMana(seat int, c Color, n int)
}

// TopCast is permission to cast spells from the top of one's library, as a
// permanent gives it to its controller. Whether a spell may be cast is
// judged on the characteristics of the spell as cast: an Adventure's alone
// (ADV-2).
type TopCast struct {
	Allows func(spell *Card) bool
	// What the permission allows, for messages: "an instant or sorcery spell".
	What string
	// OncePerTurn: "once each turn".
	OncePerTurn bool
	// Flash: "you may cast it as though it had flash".
	Flash bool
}

var topCasts = map[string]*TopCast{
	// "Once each turn, you may cast an instant or sorcery spell from the top
	// of your library. (You still pay its costs. Timing rules still apply.)"
	"Johann, Apprentice Sorcerer": {
		Allows:      func(c *Card) bool { return c.Is("Instant") || c.Is("Sorcery") },
		What:        "an instant or sorcery spell",
		OncePerTurn: true,
	},
	// "You may cast noncreature spells from the top of your library. If you
	// cast a spell this way, you may cast it as though it had flash."
	"Elsha of the Infinite": {
		Allows: func(c *Card) bool { return !c.Is("Creature") },
		What:   "a noncreature spell",
		Flash:  true,
	},
}

// TopCastOf returns the permission to cast from the top of the library the
// card gives its controller, or nil.
func (c *Card) TopCastOf() *TopCast {
	if c.codeless() {
		return nil
	}
	return topCasts[c.code()]
}

// LooksAtTop reports whether the card lets its controller look at the top
// card of their library any time.
func (c *Card) LooksAtTop() bool {
	return strings.Contains(c.Oracle, "You may look at the top card of your library any time.")
}

// flashFor: "You may cast creature spells as though they had flash."
var flashFor = map[string]func(spell *Card) bool{
	"Vivien, Champion of the Wilds": func(c *Card) bool { return c.Is("Creature") },
}

// GivesFlash reports whether the card, on the battlefield, lets its
// controller cast spell as though it had flash.
func (c *Card) GivesFlash(spell *Card) bool {
	if c.codeless() {
		return false
	}
	f := flashFor[c.code()]
	return f != nil && f(spell)
}

// cdaPT holds characteristic-defining abilities for power and toughness
// (CR 604.3): they work in every zone (ADV-13). you is the card's
// controller, or its owner outside the battlefield and the stack.
var cdaPT = map[string]func(f Facts, you int) (p, t int){}

// CDA returns the card's characteristic-defining power and toughness, or
// nil.
func (c *Card) CDA() func(f Facts, you int) (p, t int) {
	if c.codeless() {
		return nil
	}
	return cdaPT[c.code()]
}

// entersTappedUnless: "This land enters tapped unless ..." (a replacement
// effect as it enters, CR 614.1c); the condition is read with the land on
// the battlefield.
var entersTappedUnless = map[string]func(f Facts, self uint32, you int) bool{
	// "This land enters tapped unless you control three or more other Islands."
	"Mystic Sanctuary": func(f Facts, self uint32, you int) bool {
		n := 0
		for _, id := range f.Permanents(you) {
			if id != self && f.HasSubtype(id, "Island") {
				n++
			}
		}
		return n >= 3
	},
}

// EntersTappedUnless returns the condition under which the card enters
// untapped, or nil if it enters as usual.
func (c *Card) EntersTappedUnless() func(f Facts, self uint32, you int) bool {
	if c.codeless() {
		return nil
	}
	return entersTappedUnless[c.code()]
}

// exileCastCounters: "Each creature card you cast from exile enters with
// an additional +1/+1 counter on it." (Starting Town NPC)
var exileCastCounters = map[string]int{"Starting Town NPC": 1}

// ExileCastCounters is how many additional +1/+1 counters a creature its
// controller cast from exile enters with while this card is on the
// battlefield.
func (c *Card) ExileCastCounters() int {
	if c.codeless() {
		return 0
	}
	return exileCastCounters[c.code()]
}

// GrantsAdventureTo reports whether a permanent with this card gives card
// (in its controller's hand) its granted Adventure: Starting Town NPC gives
// it to creature cards.
func (c *Card) GrantsAdventureTo(card *Card) bool {
	return c.GrantedAdventure != nil && card.Is("Creature")
}

// buildGranted builds a granted Adventure from its record: the type line
// gives types and subtypes, the mana cost the colours.
func buildGranted(r facts.Record) (*Card, error) {
	cost, err := ParseCost(r.ManaCost)
	if err != nil {
		return nil, err
	}
	c := &Card{Name: r.Name, Layout: "adventure", Cost: cost, ManaValue: r.ManaValue, Oracle: r.Oracle}
	types, subs, _ := strings.Cut(r.TypeLine, "—")
	for _, t := range strings.Fields(types) {
		switch t {
		case "Legendary", "Basic", "Snow", "World":
			c.Supertypes = append(c.Supertypes, t)
		default:
			c.Types = append(c.Types, t)
		}
	}
	c.Subtypes = strings.Fields(subs)
	for _, sym := range cost {
		if sym.Kind == SymColored && !slices.Contains(c.Colors, sym.Color) {
			c.Colors = append(c.Colors, sym.Color)
		}
	}
	slices.Sort(c.Colors)
	if len(c.Types) == 0 {
		return nil, fmt.Errorf("type line %q", r.TypeLine)
	}
	return c, nil
}

// ChoosableNames lists the card names a player may choose when an effect
// asks for a card name of the kind keep accepts (ADV-11): each card's name
// and each adventurer card's Adventure name, the Adventure judged on its
// alternative characteristics only. Tokens have no card names. Sorted.
// It builds every card of the pool.
func (p *Pool) ChoosableNames(keep func(c *Card) bool) []string {
	var out []string
	for i := range p.db.Cards() {
		if p.db.Flags(i)&facts.FlagToken != 0 {
			continue
		}
		c := p.card(i)
		if a := c.Adventure(); a != nil {
			if keep == nil || keep(c.Faces[0]) {
				out = append(out, c.Name)
			}
			if keep == nil || keep(a) {
				out = append(out, a.Name)
			}
			continue
		}
		if keep == nil || keep(c) {
			out = append(out, c.Name)
		}
	}
	slices.Sort(out)
	return out
}

// prowess (CR 702.108): "Whenever you cast a noncreature spell, this
// creature gets +1/+1 until end of turn."
var prowess = Triggered{
	Index: prowessIndex,
	When:  TriggerCast,
	Condition: func(f Facts, e TriggerEvent) bool {
		return e.Seat == f.ControllerOf(e.Source) && !f.Is(e.Object, "Creature")
	},
	Resolve: func(w World) { w.Pump(w.Event().Source, 1, 1) },
}

// prowessIndex is the index prowess's triggered ability gets.
const prowessIndex = 101

func init() {
	implementedKeywords["Prowess"] = true

	// Cards whose text is modelled by the registries above and the
	// reducer's rules for them.
	for _, name := range []string{"Johann, Apprentice Sorcerer", "Elsha of the Infinite", "Starting Town NPC",
		"Mystic Sanctuary", "Bonecrusher Giant"} {
		if permanents[name] == nil {
			permanents[name] = &Permanent{}
		}
	}

	// Vivien, Champion of the Wilds.
	activated["Vivien, Champion of the Wilds"] = []Activated{
		// "+1: Until your next turn, up to one target creature gains
		// vigilance and reach."
		{Index: 0, IsLoyalty: true, Loyalty: 1, UpTo: true, Targets: []TargetKind{TargetCreature},
			Resolve: func(w World, ts []Target) {
				for _, t := range ts {
					w.Grant(t.Obj, Grant{Keywords: []string{"Vigilance", "Reach"}}, "your_next_turn")
				}
			}},
		// "−2: Look at the top three cards of your library. Exile one face
		// down and put the rest on the bottom of your library in any order.
		// For as long as it remains exiled, you may cast it if it's a
		// creature spell."
		{Index: 1, IsLoyalty: true, Loyalty: -2, Resolve: vivienMinusTwo},
	}

	// Bonecrusher Giant: "Whenever this creature becomes the target of a
	// spell, this creature deals 2 damage to that spell's controller."
	triggered["Bonecrusher Giant"] = []Triggered{{Index: 0, When: TriggerBecomesTargetOfSpell,
		Condition: func(f Facts, e TriggerEvent) bool { return e.Object == e.Source },
		Resolve:   func(w World) { w.Damage(2, Target{Player: w.Event().Seat}) }}}
	// Stomp: "Damage can't be prevented this turn. Stomp deals 2 damage to
	// any target."
	spells["Stomp"] = &Spell{Targets: []TargetKind{AnyTarget}, Resolve: func(w World, ts []Target) {
		w.PreventionOff()
		for _, t := range ts {
			w.Damage(2, t)
		}
	}}

	// Mystic Sanctuary: "When this land enters untapped, you may put target
	// instant or sorcery card from your graveyard on top of your library."
	// Giant Killer in a graveyard is a creature card: not a legal target
	// (ADV-7).
	triggered["Mystic Sanctuary"] = []Triggered{{Index: 0, When: TriggerEntersSelf,
		Condition: func(f Facts, e TriggerEvent) bool { return !f.Tapped(e.Object) },
		Targets:   []TargetKind{TargetInstantOrSorceryInGraveyard},
		Resolve: func(w World) {
			ts := w.ChosenTargets()
			if len(ts) == 0 {
				return
			}
			switch w.Step() {
			case 0:
				w.Ask(w.Controller(), "put the target on top of your library", []string{"yes", "no"}, 1, 1)
			case 1:
				if a := w.Answer(); len(a) == 1 && a[0] == "yes" {
					w.PutOnLibraryTop(ts[0].Obj)
				}
			}
		}}}

	// Quintorius Kand: "Whenever you cast a spell from exile, Quintorius
	// Kand deals 2 damage to each opponent and you gain 2 life."
	triggered["Quintorius Kand"] = []Triggered{{Index: 0, When: TriggerCast,
		Condition: func(f Facts, e TriggerEvent) bool {
			return e.Seat == f.ControllerOf(e.Source) && f.CastFromExile(e.Object)
		},
		Resolve: func(w World) {
			me := w.Controller()
			for _, opp := range w.Opponents(me) {
				w.Damage(2, Target{Player: opp})
			}
			w.GainLife(me, 2)
		}}}
	activated["Quintorius Kand"] = []Activated{
		// "+1: Create a 3/2 red and white Spirit creature token."
		{Index: 0, IsLoyalty: true, Loyalty: 1, Resolve: func(w World, _ []Target) { w.CreateTokens(w.Controller(), "Spirit", 1) }},
		// "−3: Discover 4."
		{Index: 1, IsLoyalty: true, Loyalty: -3, Resolve: func(w World, _ []Target) { w.Discover(w.Controller(), 4) }},
		// "−6: Exile any number of target cards from your graveyard. Add {R}
		// for each card exiled this way. You may play those cards this
		// turn."
		{Index: 2, IsLoyalty: true, Loyalty: -6, AnyNumber: true, Targets: []TargetKind{TargetCardInGraveyard},
			Resolve: func(w World, ts []Target) {
				n := 0
				for _, t := range ts {
					if w.ExileToPlay(t.Obj) {
						n++
					}
				}
				w.AddMana(w.Controller(), Red, n)
			}},
	}

	// Starting Town NPC's Fetch Herbs: "You gain 2 life."
	spells["Fetch Herbs"] = &Spell{Resolve: func(w World, _ []Target) { w.GainLife(w.Controller(), 2) }}
}

// vivienMinusTwo resolves Vivien's −2 in steps: choose the card to exile
// face down among the top three, then the order of the rest on the bottom.
func vivienMinusTwo(w World, _ []Target) {
	me := w.Controller()
	top := w.Library(me, nil)
	if len(top) > 3 {
		top = top[:3]
	}
	switch w.Step() {
	case 0:
		if len(top) > 0 {
			w.Ask(me, "exile one face down", top, 1, 1)
		}
	case 1:
		a := w.Answer()
		if len(a) != 1 {
			return
		}
		rest := slices.DeleteFunc(slices.Clone(top), func(id string) bool { return id == a[0] })
		w.ExileFaceDown(a[0], "creature_spell")
		switch len(rest) {
		case 0:
		case 1:
			w.PutOnLibraryBottom(rest)
		default:
			w.Ask(me, "the order to put the rest on the bottom, the last listed at the very bottom", rest, len(rest), len(rest))
		}
	case 2:
		w.PutOnLibraryBottom(w.Answer())
	}
}
