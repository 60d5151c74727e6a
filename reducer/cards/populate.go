package cards

import "fmt"

// Populate (CR 701.30), token copies and copies of spells (CR 707): the
// populate cards of the pool, Clone, Rite of Replication and Expansion.
// The reducer makes the copies (World.CreateCopies, World.CopySpell); the
// cards here say when.

// Target kinds of the copy cards, numbered from 80 so that they never meet
// the other lists.
const (
	TargetInstantOrSorcerySpellMV4 TargetKind = 80 + iota // instant or sorcery spell with mana value 4 or less
)

// Trigger events of the copy cards.
const (
	TriggerYourUpkeep = "your_upkeep" // the beginning of its controller's upkeep (the event's seat: the active player)
)

// PopulateWorld is what the copy cards do as they resolve.
type PopulateWorld interface {
	// CreatureTokens lists the creature tokens seat controls ("o12").
	CreatureTokens(seat int) []string
	// CreateCopies creates n tokens under seat's control that are copies
	// of the permanent obj (its copiable values only, CR 707.2).
	CreateCopies(seat int, obj uint32, n int)
	// Exile exiles a permanent.
	Exile(obj uint32)
	// Kicked reports whether the resolving spell was kicked (CR 702.33).
	Kicked() bool
	// CopySpell puts a copy of a spell on the stack under the resolving
	// spell's controller and returns it (0: the spell is gone), CR 707.10.
	CopySpell(obj uint32) uint32
	// SpellTargetCount is how many targets a spell has; NewTargets lists
	// what its target slot may become (the current one first); Retarget
	// changes it (CR 707.10c).
	SpellTargetCount(obj uint32) int
	// StackTop is the spell or ability on top of the stack.
	StackTop() uint32
	NewTargets(copy uint32, slot int) []string
	Retarget(copy uint32, slot int, ref string)
	// PreventCombatDamageTo: prevent all combat damage that would be dealt
	// to seat this turn (CR 615).
	PreventCombatDamageTo(seat int)
}

// populateAsk begins a populate (CR 701.30a): the controller chooses (not
// targets) a creature token they control, asked now; it reports whether it
// asked. With no creature token it does nothing (POP-2). Tokens the same
// spell or ability created already may be chosen (POP-6).
func populateAsk(w World) bool {
	tokens := w.CreatureTokens(w.Controller())
	if len(tokens) == 0 {
		return false
	}
	w.Ask(w.Controller(), "populate: choose a creature token you control", tokens, 1, 1)
	return true
}

// populateDo finishes a populate with the answer: a token that's a copy of
// the chosen one (POP-1, POP-3, POP-4).
func populateDo(w World) {
	if a := w.Answer(); len(a) == 1 {
		var id uint32
		fmt.Sscanf(a[0], "o%d", &id)
		w.CreateCopies(w.Controller(), id, 1)
	}
}

// populateSpell is a spell that does first, then populates, then then.
func populateSpell(targets []TargetKind, first func(w World, ts []Target), then func(w World)) *Spell {
	return &Spell{Targets: targets, Resolve: func(w World, ts []Target) {
		switch w.Step() {
		case 0:
			if first != nil {
				first(w, ts)
			}
			if !populateAsk(w) && then != nil {
				then(w)
			}
		case 1:
			populateDo(w)
			if then != nil {
				then(w)
			}
		}
	}}
}

func populateOnly(w World) {
	switch w.Step() {
	case 0:
		populateAsk(w)
	case 1:
		populateDo(w)
	}
}

func init() {
	// Druid's Deliverance: "Prevent all combat damage that would be dealt
	// to you this turn. Populate."
	spells["Druid's Deliverance"] = populateSpell(nil, func(w World, _ []Target) { w.PreventCombatDamageTo(w.Controller()) }, nil)
	// Clone: "You may have this creature enter as a copy of any creature
	// on the battlefield." (the reducer asks as it resolves).
	permanents["Clone"] = &Permanent{EntersAsCopy: true}

	// Rite of Replication: "Kicker {5}. Create a token that's a copy of
	// target creature. If this spell was kicked, create five of those
	// tokens instead."
	spells["Rite of Replication"] = &Spell{Targets: []TargetKind{TargetCreature}, Kicker: Cost{{Kind: SymGeneric, N: 5}},
		Resolve: func(w World, ts []Target) {
			n := 1
			if w.Kicked() {
				n = 5
			}
			for _, t := range ts {
				w.CreateCopies(w.Controller(), t.Obj, n)
			}
		}}

	// Expansion: "Copy target instant or sorcery spell with mana value 4
	// or less. You may choose new targets for the copy." One question per
	// target of the copy, its current target offered first.
	spells["Expansion"] = &Spell{Targets: []TargetKind{TargetInstantOrSorcerySpellMV4}, Resolve: expansion}
	// Explosion: "Explosion deals X damage to any target. Target player
	// draws X cards."
	spells["Explosion"] = &Spell{Targets: []TargetKind{AnyTarget, TargetPlayer}, Resolve: func(w World, ts []Target) {
		// An illegal target is left out of ts (CR 608.2b); the slots are
		// told apart by what the legal ones still are.
		switch len(ts) {
		case 2:
			w.Damage(w.X(), ts[0])
			w.Draw(ts[1].Player, w.X())
		case 1:
			// The first target left: a player left alone was the second
			// target (a player stays legal unless they left the game).
			if w.Targets() == 2 && ts[0].Obj == 0 {
				w.Draw(ts[0].Player, w.X())
			} else {
				w.Damage(w.X(), ts[0])
			}
		}
	}}
}

// expansion resolves Expansion in steps: step 0 copies the target spell
// and asks for the copy's first target; step k sets target k-1 to the
// answer and asks for target k. The copy is the top of the stack: nothing
// else is put there while Expansion resolves.
func expansion(w World, ts []Target) {
	if w.Step() == 0 {
		if len(ts) == 0 || w.CopySpell(ts[0].Obj) == 0 {
			return
		}
	} else if a := w.Answer(); len(a) == 1 {
		w.Retarget(w.StackTop(), w.Step()-1, a[0])
	}
	c, slot := w.StackTop(), w.Step()
	if slot < w.SpellTargetCount(c) {
		w.Ask(w.Controller(), fmt.Sprintf("target %d of the copy: keep it (listed first) or choose a new one", slot+1), w.NewTargets(c, slot), 1, 1)
	}
}
