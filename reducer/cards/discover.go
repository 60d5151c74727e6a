package cards

// Discover (CR 701.57), casting without paying the mana cost, split cards
// (CR 709) and the discover cards of the pool. The reducer carries out a
// discover (World.Discover); the cards here say when they discover and how
// much.

// Target kinds of the discover and split cards, numbered from 60 so that
// they never meet the lists in behavior.go and enablers.go.
const (
	TargetArtifact                TargetKind = 60 + iota // artifact permanent
	TargetEnchantment                                    // enchantment permanent
	TargetPermanent                                      // any permanent
	TargetPlayer                                         // a player
	TargetSpellOrNonlandPermanent                        // spell on the stack or nonland permanent
	TargetArtifactOrCreatureMV1                          // artifact or creature permanent with mana value 1 or greater
)

// TakesPlayers reports whether a target of kind k may be a player.
func (k TargetKind) TakesPlayers() bool { return k == AnyTarget || k == TargetPlayer }

// OnStack reports whether a target of kind k may be a spell on the stack,
// and OnBattlefield whether it may be a permanent.
func (k TargetKind) OnStack() bool {
	return k == TargetSpell || k == TargetCreatureSpell || k == TargetSpellOrNonlandPermanent || k == TargetInstantOrSorcerySpellMV4
}

func (k TargetKind) OnBattlefield() bool {
	return k != TargetSpell && k != TargetCreatureSpell && k != TargetPlayer && k != TargetInstantOrSorcerySpellMV4
}

// DiscoverWorld is what discover cards do as they resolve.
type DiscoverWorld interface {
	// Discover: seat discovers n (CR 701.57). It is the last thing the
	// resolving spell or ability does: the resolution ends when the
	// discovery is over. If the same step asked for a shuffle
	// (AskShuffle), the discovery begins once the library is shuffled.
	Discover(seat, n int)
	// PutIntoLibrary puts a permanent or a spell into its owner's library,
	// pos cards from the top (0: on top; -1: at the bottom).
	PutIntoLibrary(obj uint32, pos int)
	// UsedThisTurn reports whether the resolving ability's source has done
	// its "only once each turn" thing this turn; UseThisTurn records that
	// it does it now.
	UsedThisTurn() bool
	UseThisTurn()
}

// DiscoverFacts are what discover cards read.
type DiscoverFacts interface {
	// WasCast reports whether a permanent was a spell its controller cast
	// (it entered as that spell resolved), as it is now or last existed.
	WasCast(obj uint32) bool
	// OwnerOf is the owner of an object, or -1.
	OwnerOf(obj uint32) int
}

// Trigger events of the discover cards.
const (
	// TriggerAttacks: a creature attacks (the event's object is the
	// attacker, its seat the attacking player).
	TriggerAttacks = "attacks"
)

// discoverTrigger: "discover n" for the ability's controller.
func discoverTrigger(n int) func(w World) {
	return func(w World) { w.Discover(w.Controller(), n) }
}

// Used-this-turn kind of Pantlaza's "do this only once each turn".
const useDiscover = "discover"

// UseDiscover is the kind under which "do this only once each turn"
// discovers are recorded.
const UseDiscover = useDiscover

func init() {
	extraTargetKindNames[TargetArtifact] = "target artifact"
	extraTargetKindNames[TargetEnchantment] = "target enchantment"
	extraTargetKindNames[TargetPermanent] = "target permanent"
	extraTargetKindNames[TargetPlayer] = "target player"
	extraTargetKindNames[TargetSpellOrNonlandPermanent] = "target spell or nonland permanent"
	extraTargetKindNames[TargetArtifactOrCreatureMV1] = "target artifact or creature with mana value 1 or greater"

	// Pantlaza, Sun-Favored: "Whenever Pantlaza or another Dinosaur you
	// control enters, you may discover X, where X is that creature's
	// toughness. Do this only once each turn." One ability, triggered by two
	// events; X is read as it resolves (the creature's last known
	// toughness if it has left). Declined, it may be done later in the turn.
	pantlaza := func(w World) {
		me := w.Controller()
		switch w.Step() {
		case 0:
			if !w.UsedThisTurn() {
				w.Ask(me, "discover X, X = that creature's toughness", []string{"discover", "no"}, 1, 1)
			}
		case 1:
			if a := w.Answer(); len(a) == 1 && a[0] == "discover" && !w.UsedThisTurn() {
				w.UseThisTurn()
				w.Discover(me, w.Toughness(w.Event().Object))
			}
		}
	}
	triggered["Pantlaza, Sun-Favored"] = []Triggered{
		{Index: 0, When: TriggerEntersSelf, Resolve: pantlaza},
		{Index: 0, When: TriggerEntersOther, Resolve: pantlaza,
			Condition: func(f Facts, e TriggerEvent) bool {
				return f.Is(e.Object, "Creature") && f.HasSubtype(e.Object, "Dinosaur") && f.ControllerOf(e.Object) == f.ControllerOf(e.Source)
			}},
	}

	// Zoyowa's Justice: "The owner of target artifact or creature with mana
	// value 1 or greater shuffles it into their library. Then that player
	// discovers X, where X is its mana value." The discovery begins once the
	// library is shuffled.
	spells["Zoyowa's Justice"] = &Spell{Targets: []TargetKind{TargetArtifactOrCreatureMV1}, Resolve: func(w World, ts []Target) {
		for _, t := range ts {
			owner, mv := w.OwnerOf(t.Obj), w.ManaValue(t.Obj)
			w.PutIntoLibrary(t.Obj, 0)
			w.AskShuffle(owner)
			w.Discover(owner, mv)
		}
	}}

	// Split cards (CR 709): each half is cast on its own.
	// Fire: "Fire deals 2 damage divided as you choose among one or two
	// targets." Divided among one or two targets with at least 1 each (CR
	// 601.2d), the division is fixed by the number of targets: 2 to one
	// target, or 1 to each of two. A target that has become illegal gets
	// nothing and the other still gets only its share (CR 608.2b).
	spells["Fire"] = &Spell{Targets: []TargetKind{AnyTarget}, AnyNumber: true, MaxTargets: 2,
		Resolve: func(w World, ts []Target) {
			each := 2 / max(w.Targets(), 1)
			for _, t := range ts {
				w.Damage(each, t)
			}
		}}
	// Ice: "Tap target permanent. Draw a card."
	spells["Ice"] = &Spell{Targets: []TargetKind{TargetPermanent}, Resolve: func(w World, ts []Target) {
		for _, t := range ts {
			w.Tap(t.Obj)
		}
		w.Draw(w.Controller(), 1)
	}}
	// Wear: "Destroy target artifact." Tear: "Destroy target enchantment."
	// Fuse (casting both halves from the hand, CR 702.102) is not modelled:
	// each half may be cast alone.
	spells["Wear"] = &Spell{Targets: []TargetKind{TargetArtifact}, Resolve: destroy}
	spells["Tear"] = &Spell{Targets: []TargetKind{TargetEnchantment}, Resolve: destroy}
	// Commit: "Put target spell or nonland permanent into its owner's
	// library second from the top." (Memory, an aftermath half cast only
	// from the graveyard, is not modelled.)
	spells["Commit"] = &Spell{Targets: []TargetKind{TargetSpellOrNonlandPermanent}, Resolve: func(w World, ts []Target) {
		for _, t := range ts {
			w.PutIntoLibrary(t.Obj, 1)
		}
	}}
	// Explosion: "Explosion deals X damage to any target. Target player
	// draws X cards." (Expansion copies a spell: not modelled.) With one
	// target still legal of the two, it is the player unless it is an
	// object: a player, the only thing the second target can be, doesn't
	// become an illegal target while the game goes on.
	spells["Explosion"] = &Spell{Targets: []TargetKind{AnyTarget, TargetPlayer}, Resolve: func(w World, ts []Target) {
		x := w.X()
		switch {
		case len(ts) == 2:
			w.Damage(x, ts[0])
			w.Draw(ts[1].Player, x)
		case len(ts) == 1 && ts[0].Obj != 0:
			w.Damage(x, ts[0])
		case len(ts) == 1:
			w.Draw(ts[0].Player, x)
		}
	}}

	permanents["Pantlaza, Sun-Favored"] = &Permanent{}
}
