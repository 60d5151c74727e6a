package replay

import (
	"fmt"
	"strings"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer"
)

// Telling effects. Each effect is told against the state just before it;
// bookkeeping (priority, questions, summoning sickness, damage wearing off)
// is left out, and what the input's own text says (the card cast, the mana
// paid, the attackers) is gathered for it instead of told as a line.

// effect tells one effect.
func (t *telling) effect(e *reducer.Effect) {
	s := t.g.S
	kind := t.ev.Kind
	entered := t.entered // a permanent that entered by the effect just before
	t.entered = 0
	switch e.Op {
	case reducer.OpMove:
		t.move(e)
	case reducer.OpUntap:
		if kind == events.KindActivate {
			t.costs = append(t.costs, "untapping "+t.obj(e.Obj)) // {Q}
		} else if o := s.Obj(e.Obj); o != nil {
			t.join(groupUntap, o.Controller, t.obj(e.Obj))
		}
	case reducer.OpTap:
		switch kind {
		case events.KindActivate:
			t.tapped = append(t.tapped, e.Obj)
			t.costs = append(t.costs, "tapping "+t.obj(e.Obj))
		case events.KindAttack: // attacking taps; the text names the attackers
		default:
			if e.Obj == entered || t.asEnters {
				t.line("%s enters tapped", t.obj(e.Obj)) // never untapped on the battlefield (CR 614.1c)
				return
			}
			t.line("%s becomes tapped", t.obj(e.Obj))
		}
	case reducer.OpAddMana:
		if kind == events.KindActivate {
			t.addMana(e.Obj, e.Color.Letter())
		} else {
			t.line("%s adds {%s}", t.actor(e.Seat), e.Color.Letter())
		}
	case reducer.OpSpendMana:
		letter := "?"
		if pool := s.Players[e.Seat].Pool; e.N >= 0 && e.N < len(pool) {
			letter = pool[e.N].Color.Letter()
		}
		if kind == events.KindCast || kind == events.KindActivate {
			t.paid = append([]string{letter}, t.paid...) // spent highest index first
		} else {
			t.line("%s spends {%s}", t.actor(e.Seat), letter)
		}
	case reducer.OpEmptyPools:
		for seat, p := range s.Players {
			if len(p.Pool) > 0 {
				letters := make([]string, len(p.Pool))
				for i, m := range p.Pool {
					letters[i] = m.Color.Letter()
				}
				t.line("%s's unused mana empties: %s", t.actor(seat), mana(letters))
			}
		}
	case reducer.OpLife:
		t.life(e)
	case reducer.OpDamage:
		t.damage(e)
	case reducer.OpCounter:
		if src, ok := t.planeswalkerDamage(e); ok {
			if loyaltyOf(s.Obj(e.Obj))+e.N <= 0 {
				// The damage may have been more than the loyalty it took:
				// what is known is that it took all of it (CR 120.3c).
				last := "its last loyalty counter"
				if -e.N > 1 {
					last = fmt.Sprintf("its last %d loyalty counters", -e.N)
				}
				if src == "" {
					t.line("%s is dealt %s, and loses %s (CR 120.3c)", t.obj(e.Obj), strings.TrimSpace(combatWord(s)), last)
					return
				}
				t.line("%s deals %sto %s, which loses %s (CR 120.3c)", src, combatWord(s), t.obj(e.Obj), last)
				return
			}
			if src == "" {
				t.line("%s is dealt %d %s", t.obj(e.Obj), -e.N, strings.TrimSpace(combatWord(s)))
				return
			}
			t.line("%s deals %d %sto %s", src, -e.N, combatWord(s), t.obj(e.Obj))
			return
		}
		switch {
		case kind == events.KindActivate && e.N < 0 && t.ability == 0:
			t.costs = append(t.costs, "removing "+article(-e.N, e.Kind+" counter")+" from "+t.obj(e.Obj))
		case e.N >= 0:
			t.line("%s gets %s", t.obj(e.Obj), article(e.N, e.Kind+" counter"))
		default:
			t.line("%s loses %s", t.obj(e.Obj), article(-e.N, e.Kind+" counter"))
		}
	case reducer.OpPump:
		t.line("%s gets %+d/%+d until end of turn", t.obj(e.Obj), e.N, int(e.Card))
	case reducer.OpStep:
		t.combatSrc, t.pwTold = 0, nil // a new step deals its own combat damage
		if e.N > 0 && e.N != s.Turn {
			t.line("turn %d begins: %s's turn", e.N, t.actor(e.Seat))
		}
	case reducer.OpSpell:
		t.spellDetail = t.castDetail(e)
	case reducer.OpAttack:
		if e.N == 1 && kind == events.KindAttack {
			defender := t.target(e.Seat)
			if e.To != 0 {
				defender = t.obj(e.To) + ", " + s.Players[e.Seat].Name + "'s planeswalker"
			}
			t.attacks = append(t.attacks, [2]string{t.obj(e.Obj), defender})
		}
	case reducer.OpBlock:
		if kind == events.KindBlock {
			t.blocks = append(t.blocks, [2]string{t.obj(e.Obj), t.obj(e.To)})
		}
	case reducer.OpVanish:
		switch o := s.Obj(e.Obj); {
		case e.Obj == t.resolving:
			t.abilityResolved()
		case o != nil && (o.Ability > 0 || o.Trigger > 0 || o.Text != ""):
			t.line("%s leaves the stack without resolving", t.obj(e.Obj))
		case o != nil && o.Copy && !o.Token && t.copies[e.Obj] != "":
			t.line("the copy %s ceases to exist (CR 707.10a)", t.copies[e.Obj]) // as it was on the stack
		case o != nil && o.Token && t.copies[e.Obj] != "":
			t.line("the token %s ceases to exist (CR 704.5d)", t.copies[e.Obj]) // as it was on the battlefield
		case o != nil && o.Copy && !o.Token:
			t.line("the copy %s ceases to exist", t.obj(e.Obj))
		default:
			t.line("the token %s ceases to exist", t.obj(e.Obj))
		}
	case reducer.OpAbility:
		name := "an ability"
		if o := s.Obj(e.To); o != nil && o.Def != nil {
			name = o.Def.Name + "'s ability"
		}
		t.ability = e.Obj
		t.abilityText = fmt.Sprintf("%s: %s (%s)", t.obj(e.To), name, e.Obj)
	case reducer.OpTrigger:
		// The source has usually just left (a dies trigger): name it as it was.
		t.line("an ability of %s (%s) triggers", e.Name, e.Obj)
	case reducer.OpPutTrigger:
		name := "a triggered ability"
		if len(s.Triggers) > 0 && s.Triggers[0].Def != nil {
			name = s.Triggers[0].Def.Name + "'s ability"
		}
		t.line("%s goes on the stack (%s)", name, e.Obj)
	case reducer.OpToken:
		t.line("%s creates %s (%s)", t.actor(e.Seat), tokenWords(e.Name), e.Obj)
	case reducer.OpLose:
		t.line("%s loses: %s", t.actor(e.Seat), e.Kind)
	case reducer.OpGameOver:
		if e.Seat >= 0 {
			t.line("game %d is over: %s wins", max(s.Game, 1), t.actor(e.Seat))
		} else {
			t.line("game %d is over: a draw", max(s.Game, 1))
		}
	case reducer.OpMatchOver:
		wins := make([]string, len(s.Players))
		for seat := range s.Players {
			wins[seat] = fmt.Sprintf("%s %d", t.actor(seat), s.GameWins[seat])
		}
		t.line("the match is over; games won: %s", strings.Join(wins, ", "))
	case reducer.OpNewGame:
		t.line("game %d begins", e.N)
	case reducer.OpCopyToken:
		t.line("%s creates a token (%s) that's a copy of %s", t.actor(e.Seat), e.Obj, e.Name)
	case reducer.OpBecomeCopy:
		t.line("%s becomes a copy of %s", t.obj(e.Obj), e.Name)
	case reducer.OpCopySpell:
		t.line("%s copies %s (the copy is %s)", t.actor(e.Seat), t.obj(e.Obj), e.To)
	case reducer.OpRegenShield:
		if e.N > 0 {
			t.line("%s gets a regeneration shield", t.obj(e.Obj))
		}
	case reducer.OpRegenerate:
		t.line("%s regenerates: it is tapped, its damage is removed and it leaves combat (CR 701.19)", t.obj(e.Obj))
	case reducer.OpDrewEmpty:
		t.line("%s attempts to draw from an empty library", t.actor(e.Seat))
	}
}

// addMana notes mana an activation added: the first source's is the
// activation's own, any other source's (a trigger) is told beside it.
func (t *telling) addMana(src reducer.ObjID, letter string) {
	if t.manaSource == 0 || t.manaSource == src {
		t.manaSource = src
		t.added = append(t.added, letter)
		return
	}
	if n := len(t.extraMana); n > 0 && t.extraMana[n-1].source == src {
		t.extraMana[n-1].letters = append(t.extraMana[n-1].letters, letter)
		return
	}
	t.extraMana = append(t.extraMana, sourcedMana{src, []string{letter}})
}

// planeswalkerDamage tells loyalty a planeswalker loses to damage (CR
// 120.3c) as the damage it is: from the resolving spell or ability, or in
// combat from the attacker attacking it.
func (t *telling) planeswalkerDamage(e *reducer.Effect) (string, bool) {
	s := t.g.S
	o := s.Obj(e.Obj)
	if e.Kind != "loyalty" || e.N >= 0 || o == nil || !o.Is("Planeswalker") {
		return "", false
	}
	switch {
	case t.ev.Kind == events.KindActivate && t.ability == 0:
		return "", false // a loyalty cost
	case t.resolving != 0 && e.Obj != t.resolving:
		if r := s.Obj(t.resolving); r != nil && r.Source == e.Obj {
			return "", false // its own ability's effect
		}
		return t.source(), true
	case inCombatDamage(s):
		if a := t.pwAttacker(e.Obj); a != 0 {
			return t.obj(a), true
		}
		return "", true // told as dealt, by no one named
	}
	return "", false
}

// pwAttacker is the attacker whose combat damage planeswalker pw loses
// loyalty to, or 0 when none fits. The rules deal a step's combat damage
// attacker by attacker in battlefield order, each one's blockers first,
// then what it tramples over to what it attacks (CR 702.19c); the effect
// names no source. So it is the trampler attacking pw whose damage to its
// blockers was told just before, else the first attacker of pw dealing
// damage in this step and not told yet that nothing blocks (unblocked, or
// a trampler whose blockers are gone).
func (t *telling) pwAttacker(pw reducer.ObjID) reducer.ObjID {
	s := t.g.S
	fits := func(a *reducer.Object) bool {
		return a != nil && a.AttackingPW == pw && !t.pwTold[a.ID] && dealsCombatDamageNow(s, a)
	}
	found := reducer.ObjID(0)
	if a := s.Obj(t.combatSrc); fits(a) && a.Blocked && a.Has("Trample") {
		found = a.ID
	}
	for _, id := range s.Battlefield {
		if found != 0 {
			break
		}
		if a := s.Objects[id]; fits(a) && (!a.Blocked || a.Has("Trample") && !blocked(s, id)) {
			found = id
		}
	}
	if found != 0 {
		if t.pwTold == nil {
			t.pwTold = map[reducer.ObjID]bool{}
		}
		t.pwTold[found] = true
	}
	return found
}

// dealsCombatDamageNow: in the first-strike damage step only first and
// double strikers deal combat damage; in the regular one every other
// creature and double strikers (CR 510.4). (A first striker in combat
// made that step happen.)
func dealsCombatDamageNow(s *reducer.State, o *reducer.Object) bool {
	if s.Step == reducer.StepFirstStrikeDamage {
		return o.Has("First strike") || o.Has("Double strike")
	}
	return !o.Has("First strike") || o.Has("Double strike")
}

// blocked reports whether a creature still blocks attacker id.
func blocked(s *reducer.State, id reducer.ObjID) bool {
	for _, b := range s.Battlefield {
		if s.Objects[b].Blocking == id {
			return true
		}
	}
	return false
}

// combatWord is "combat damage " in a combat damage step, else "damage ".
func combatWord(s *reducer.State) string {
	if inCombatDamage(s) {
		return "combat damage "
	}
	return "damage "
}

// castDetail is what a cast chose, told as the spell gets it: the half
// cast, X and the targets.
func (t *telling) castDetail(e *reducer.Effect) string {
	var b strings.Builder
	if e.Kind != "" {
		b.WriteString(" as " + e.Kind)
	}
	if e.N != 0 {
		fmt.Fprintf(&b, " with X=%d", e.N)
	}
	if ts := t.targets(e.Targets); len(ts) > 0 {
		b.WriteString(" targeting " + strings.Join(ts, " and "))
	}
	return b.String()
}

// targets names chosen targets: objects and players.
func (t *telling) targets(targets []reducer.Target) []string {
	var ts []string
	for _, tg := range targets {
		if tg.Obj != 0 {
			ts = append(ts, t.obj(reducer.ObjID(tg.Obj)))
		} else {
			ts = append(ts, t.target(tg.Player))
		}
	}
	return ts
}

// move tells an object changing zones (CR 400.7: it becomes object e.To).
func (t *telling) move(e *reducer.Effect) {
	s := t.g.S
	o := s.Obj(e.Obj)
	if o == nil {
		return
	}
	from, to := o.Zone, e.Zone
	if to == reducer.ZoneBattlefield {
		t.entered = e.To
	}
	if o.Token && from == reducer.ZoneBattlefield && t.sees(to, o.Owner) {
		t.gone(e.To, t.obj(e.Obj)) // it will cease to exist: named as it was
	}
	now := " (now " + e.To.String() + ")"
	if !t.sees(to, o.Owner) {
		now = "" // the new id in a zone the viewer can't see would let them follow the card
	}
	name := t.obj(e.Obj)
	switch {
	case t.ev.Kind == events.KindCast && to == reducer.ZoneStack && t.spell == 0:
		t.spell, t.spellName = e.To, o.Name()
	case t.ev.Kind == events.KindPlayLand && from == reducer.ZoneHand && to == reducer.ZoneBattlefield && t.land == 0:
		t.land, t.landName = e.To, o.Name()
	case e.Obj == t.resolving:
		t.resolved(o, to, now, e.To)
	case from == reducer.ZoneLibrary && to == reducer.ZoneHand:
		t.join(groupDraw, o.Owner, t.seen(o, to, e, true))
	case from == reducer.ZoneHand && to == reducer.ZoneLibrary:
		t.join(groupBottom, o.Owner, t.seen(o, to, e, true))
	case from == reducer.ZoneStack && to == reducer.ZoneGraveyard:
		t.line("%s is countered", name)
		t.copyGone(o, e.To, name)
	case from == reducer.ZoneBattlefield && to == reducer.ZoneGraveyard && o.Is("Creature"):
		t.line("%s dies", name)
	case from == reducer.ZoneHand && to == reducer.ZoneGraveyard:
		t.line("%s discards %s", t.actor(o.Owner), name)
	case to == reducer.ZoneGraveyard:
		t.line("%s is put into %s's graveyard from %s%s", t.seenOrCard(o, to, e), t.actor(o.Owner), zoneWord(from), now)
	case to == reducer.ZoneExile:
		t.line("%s is exiled from %s%s", t.seenOrCard(o, to, e), zoneWord(from), now)
	case to == reducer.ZoneBattlefield:
		t.line("%s enters the battlefield from %s%s", t.seenOrCard(o, to, e), zoneWord(from), now)
	case to == reducer.ZoneHand:
		t.line("%s is returned to %s's hand from %s%s", t.seenOrCard(o, to, e), t.actor(o.Owner), zoneWord(from), now)
	case to == reducer.ZoneLibrary && from == reducer.ZoneLibrary:
		t.line("%s is put %s of %s's library%s", t.seenOrCard(o, to, e), libraryPlace(e), t.actor(o.Owner), now)
	case to == reducer.ZoneLibrary:
		t.line("%s is put %s of %s's library from %s%s", t.seenOrCard(o, to, e), libraryPlace(e), t.actor(o.Owner), zoneWord(from), now)
	default:
		t.line("%s moves from %s to %s%s", t.seenOrCard(o, to, e), zoneWord(from), zoneWord(to), now)
	}
}

// seen names object o, moving to zone to (the move e), if the viewer sees
// it in either zone, and "" if not. It gives the id o has in a zone the
// viewer sees: the new one (e.To) when newID asks for it and the viewer
// sees where o goes, else the old one (e.Obj) when they see where it was.
// An id in a zone the viewer can't see would let them follow the card.
func (t *telling) seen(o *reducer.Object, to reducer.Zone, e *reducer.Effect, newID bool) string {
	seesFrom, seesTo := t.sees(o.Zone, o.Owner), t.sees(to, o.Owner)
	if !seesFrom && !seesTo {
		return ""
	}
	id := e.Obj
	if newID && seesTo || !seesFrom {
		id = e.To
	}
	return o.Name() + " (" + id.String() + ")"
}

// seenOrCard is seen (by its old id where the viewer sees it), or "a card"
// for one the viewer can't see.
func (t *telling) seenOrCard(o *reducer.Object, to reducer.Zone, e *reducer.Effect) string {
	if n := t.seen(o, to, e, false); n != "" {
		return n
	}
	return "a card"
}

// resolved tells the resolving spell leaving the stack: a permanent spell
// enters the battlefield; an instant or sorcery goes to the graveyard once it
// has done what it says, or without doing anything when none of its targets
// is legal any more (CR 608.2b).
func (t *telling) resolved(o *reducer.Object, to reducer.Zone, now string, nid reducer.ObjID) {
	name := t.obj(o.ID)
	gone := t.copyGone(o, nid, name)
	switch {
	case to == reducer.ZoneBattlefield && !t.announced:
		t.flush()
		t.announced = true
		t.lines = append(t.lines, name+" resolves and enters the battlefield"+now)
	case to == reducer.ZoneBattlefield:
		t.line("%s enters the battlefield%s", name, now)
	case to == reducer.ZoneGraveyard && !t.announced && t.targetsGone(o):
		t.flush()
		t.announced = true
		t.lines = append(t.lines, name+" doesn't resolve: none of its targets is legal any more (CR 608.2b)")
	case to == reducer.ZoneGraveyard || gone:
		t.flush()
		t.announce()
	case to == reducer.ZoneExile && o.Def != nil && o.Face != "" && o.Def.Adventure() != nil && o.Def.Adventure().Name == o.Face:
		t.line("%s is exiled on an adventure%s: its owner may cast %s from exile later (CR 715.4)", name, now, o.Def.Name)
	default:
		t.line("%s is put into %s%s", name, zoneWord(to), now)
	}
	t.resolving = 0
}

// copyGone notes a copy of a spell leaving the stack as the object nid, to
// tell only that it ceases to exist (CR 707.10a), named as it was: the
// move is the engine's way there. It reports whether o is such a copy.
func (t *telling) copyGone(o *reducer.Object, nid reducer.ObjID, name string) bool {
	if !o.Copy || o.Token || o.Zone != reducer.ZoneStack || o.Ability > 0 || o.Trigger > 0 {
		return false
	}
	t.gone(nid, name)
	return true
}

// gone notes that the object nid, about to cease to exist, was name.
func (t *telling) gone(nid reducer.ObjID, name string) {
	if t.copies == nil {
		t.copies = map[reducer.ObjID]string{}
	}
	t.copies[nid] = name
}

// zoneWord names a zone after "from" or "into": "the library", "exile".
func zoneWord(z reducer.Zone) string {
	switch z {
	case reducer.ZoneExile:
		return "exile"
	case reducer.ZoneNone:
		return "nowhere"
	}
	return "the " + z.String()
}

// libraryPlace says where in a library a card is put: "on the bottom" or
// "on top" (the move's position: -1 the bottom).
func libraryPlace(e *reducer.Effect) string {
	switch {
	case e.N == 0:
		return "on top"
	case e.N < 0:
		return "on the bottom"
	}
	return fmt.Sprintf("%s from the top", ordinal(e.N+1))
}

// ordinal is "second", "third", ... ("5th" past ten).
func ordinal(n int) string {
	words := []string{"first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"}
	if n >= 1 && n <= len(words) {
		return words[n-1]
	}
	return fmt.Sprintf("%dth", n)
}

// abilityResolved tells the resolving ability ceasing to exist (it has no
// graveyard to go to): it resolved, or did nothing because none of its
// targets is legal any more (CR 608.2b).
func (t *telling) abilityResolved() {
	if !t.announced {
		t.flush()
		t.announced = true
		if o := t.g.S.Obj(t.resolving); o != nil && o.Text == "" && t.targetsGone(o) {
			t.lines = append(t.lines, t.obj(t.resolving)+" doesn't resolve: none of its targets is legal any more (CR 608.2b)")
		} else {
			t.lines = append(t.lines, t.obj(t.resolving)+" resolves")
		}
	}
	t.resolving = 0
}

// targetsGone reports whether a spell or ability that did nothing had
// targets and every one of them is gone: an object that left its zone, a
// player who left the game. Then it didn't resolve (CR 608.2b); otherwise
// it resolved and its effects changed nothing (X = 0, a +1 with no
// target chosen).
func (t *telling) targetsGone(o *reducer.Object) bool {
	if len(o.Targets) == 0 {
		return false
	}
	s := t.g.S
	for _, tg := range o.Targets {
		if tg.Obj != 0 {
			if x := s.Obj(reducer.ObjID(tg.Obj)); x != nil && x.Zone != reducer.ZoneNone {
				return false
			}
		} else if tg.Player >= 0 && tg.Player < len(s.Players) && !s.Players[tg.Player].Lost {
			return false
		}
	}
	return true
}

// source names what the resolving spell or ability deals damage as: the
// spell, or the ability's source (CR 113.7a).
func (t *telling) source() string {
	o := t.g.S.Obj(t.resolving)
	if o == nil || o.Def == nil {
		return "it"
	}
	if o.Ability > 0 || o.Trigger > 0 {
		return o.Def.Name
	}
	return o.Name()
}

// life tells a life total changing: damage from the resolving spell or in
// combat, or life gained or lost.
func (t *telling) life(e *reducer.Effect) {
	s := t.g.S
	p := s.Players[e.Seat]
	change := fmt.Sprintf("(%d -> %d)", p.Life, p.Life+e.N)
	who := p.Name
	switch {
	case e.N > 0:
		t.line("%s gains %d life %s", who, e.N, change)
	case t.resolving != 0 && e.To != 0: // damage, from its source (CR 120.3a)
		t.line("%s deals %d damage to %s %s", t.source(), -e.N, who, change)
	case inCombatDamage(s) && e.To != 0:
		t.combatSrc = e.To
		t.line("%s deals %d combat damage to %s %s", t.obj(e.To), -e.N, who, change)
	case inCombatDamage(s):
		if src := t.unblockedAttacker(e.Seat); src != 0 {
			t.line("%s deals %d combat damage to %s %s", t.obj(src), -e.N, who, change)
		} else {
			t.line("%s is dealt %d combat damage %s", who, -e.N, change)
		}
	case e.N < 0:
		t.line("%s loses %d life %s", who, -e.N, change)
	}
}

// damage tells damage marked on a permanent.
func (t *telling) damage(e *reducer.Effect) {
	s := t.g.S
	switch {
	case t.resolving != 0:
		t.line("%s deals %d damage to %s", t.source(), e.N, t.obj(e.Obj))
	case inCombatDamage(s) && e.To != 0:
		t.combatSrc = e.To
		t.line("%s deals %d combat damage to %s", t.obj(e.To), e.N, t.obj(e.Obj))
	case inCombatDamage(s):
		if src := t.combatSource(e.Obj); src != 0 {
			t.line("%s deals %d combat damage to %s", t.obj(src), e.N, t.obj(e.Obj))
		} else {
			t.line("%s is dealt %d combat damage", t.obj(e.Obj), e.N)
		}
	default:
		t.line("%s is dealt %d damage", t.obj(e.Obj), e.N)
	}
}

func inCombatDamage(s *reducer.State) bool {
	return s.Step == reducer.StepFirstStrikeDamage || s.Step == reducer.StepCombatDamage
}

// unblockedAttacker is the one attacker that can deal combat damage to seat
// (unblocked, or trampling over), or 0 when there are several or none.
func (t *telling) unblockedAttacker(seat int) reducer.ObjID {
	s := t.g.S
	var found reducer.ObjID
	for _, id := range s.Battlefield {
		o := s.Objects[id]
		if o.Attacking == seat+1 && (!o.Blocked || o.Has("Trample")) {
			if found != 0 {
				return 0
			}
			found = id
		}
	}
	return found
}

// combatSource is the one creature dealing combat damage to permanent id:
// the attacker a blocker blocks, or an attacker's only blocker; 0 when it
// can't be told.
func (t *telling) combatSource(id reducer.ObjID) reducer.ObjID {
	s := t.g.S
	o := s.Obj(id)
	if o == nil {
		return 0
	}
	if o.Blocking != 0 {
		return o.Blocking
	}
	var found reducer.ObjID
	for _, bid := range s.Battlefield {
		if s.Objects[bid].Blocking == id {
			if found != 0 {
				return 0
			}
			found = bid
		}
	}
	return found
}

// loyaltyOf is o's loyalty counters.
func loyaltyOf(o *reducer.Object) int {
	for _, c := range o.Counters {
		if c.Kind == "loyalty" {
			return c.N
		}
	}
	return 0
}
