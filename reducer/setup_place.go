package reducer

import (
	"slices"
	"strings"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// The checks of what a setup places on its objects and players beyond
// their zones (events/setup.go): faces, attachments, control, combat,
// damage, effects until end of turn, exile permissions, mana pools.

// inCombat reports whether st is a step of combat after attackers are
// declared (CR 506.1), and whether blockers may exist in it.
func inCombat(st Step) (attackers, blockers bool) {
	switch st {
	case StepDeclareAttackers:
		return true, false
	case StepDeclareBlockers, StepFirstStrikeDamage, StepCombatDamage, StepEndCombat:
		return true, true
	}
	return false, false
}

// checkPlacedPlayer checks the fields of player i's objects and pool.
func (g *Game) checkPlacedPlayer(b *events.Setup, i int, pl *setupPlan) error {
	s := g.S
	p := &b.Players[i]
	seat := s.Seat(p.ID)
	field := "body.players[" + itoa(i) + "]"
	st, _ := ParseStep(b.Step)
	active := s.Seat(b.ActivePlayer)
	attackers, blockers := inCombat(st)
	for _, o := range pl.objs {
		if o.seat != seat {
			continue
		}
		if x := o.exile; x != nil {
			for k, m := range x.MayCast {
				if s.Seat(m.Player) < 0 {
					return g.refuse("CR 102.1", o.field+".may_cast["+itoa(k)+"].player", "%q is not a player of this match", m.Player)
				}
			}
		}
		perm := o.perm
		if perm == nil {
			continue
		}
		f := o.field
		def := pl.defOf(s, o)
		if perm.Face != "" {
			if why := faceUpIllegal(def, perm.Face); why != "" {
				return g.refuse("CR 712", f+".face", "%s", why)
			}
		}
		if perm.CopyOf != "" && (!perm.Token || perm.Characteristics != nil) {
			if _, ok := s.cardDef(perm.CopyOf); !ok {
				_, err := s.pool.Resolve(perm.CopyOf)
				return g.refuse("CARD-POOL", f+".copy_of", "%v", err)
			}
		}
		if perm.AttachedTo != "" {
			if err := g.checkSetupAttach(pl, o, def); err != nil {
				return err
			}
		}
		for _, kind := range sortedKeys(perm.Counters) {
			if n := perm.Counters[kind]; n < 0 || kind == "" {
				return g.refuse("CR 122.1", f+".counters", "counter %q: %d", kind, n)
			}
		}
		if perm.X < 0 {
			return g.refuse("CR 107.3", f+".x", "X is %d: X is a number of 0 or more", perm.X)
		}
		for k, e := range perm.Entering {
			if verb, _, ok := strings.Cut(e, " "); !ok || verb != "pay" && verb != "choose" {
				return g.refuse("CR 614.12", f+".entering["+itoa(k)+"]", "%q is not \"pay N\" or \"choose N\"", e)
			}
		}
		for k, u := range perm.Used {
			if u == "" {
				return g.refuse("CR 606.3", f+".used["+itoa(k)+"]", "empty: name the ability used (\"loyalty\")")
			}
		}
		if perm.Attacking != "" {
			if !attackers {
				return g.refuse("CR 506.1", f+".attacking", "there are attacking creatures only from the declare attackers step to the end of combat step, not in %s", b.Step)
			}
			if seat != active {
				return g.refuse("CR 508.1a", f+".attacking", "only the active player's creatures attack, and %s is not active", p.ID)
			}
			if err := g.checkSetupAttacked(pl, o, perm.Attacking); err != nil {
				return err
			}
		}
		if perm.Blocking != "" {
			if !blockers {
				return g.refuse("CR 509.1", f+".blocking", "there are blocking creatures only from the declare blockers step to the end of combat step, not in %s", b.Step)
			}
			if seat == active {
				return g.refuse("CR 509.1a", f+".blocking", "the defending player's creatures block, and %s is the active player", p.ID)
			}
			if a := pl.find(s, string(perm.Blocking), ZoneBattlefield); len(a) == 0 && !goneAttacker(pl, perm.Blocking) || len(a) > 0 && a[0].perm.Attacking == "" {
				return g.refuse("CR 509.1a", f+".blocking", "%q names no attacking creature this setup places (nor, by its id, one that is gone)", perm.Blocking)
			}
		}
		if perm.Blocked && perm.Attacking == "" {
			return g.refuse("CR 509.1h", f+".blocked", "only an attacking creature is blocked")
		}
	}
	for k, m := range p.Pool {
		if m.Source == "" {
			continue
		}
		if kind, _, ok := parseID(string(m.Source)); ok && kind == 'o' {
			continue // an object's id: its source may be gone
		}
		if len(pl.find(s, string(m.Source), ZoneNone)) == 0 {
			return g.refuse("CR 106.3", field+".pool["+itoa(k)+"].source", "%q names no object this setup places (name a source that is gone by its id)", m.Source)
		}
	}
	for k, m := range p.GraveyardMayCast {
		at := field + ".graveyard_may_cast[" + itoa(k) + "]"
		if setupGraveyardCard(s, pl, seat, string(m.Card)) == nil {
			return g.refuse("CR 404.1", at+".card", "%q names no card this setup puts in %s's graveyard", m.Card, p.ID)
		}
		if s.Seat(m.Player) < 0 {
			return g.refuse("CR 102.1", at+".player", "%q is not a player of this match", m.Player)
		}
	}
	if p.GameWins != nil && *p.GameWins >= s.BestOf/2+1 {
		return g.refuse("MTR 2.2", field+".game_wins", "%d games won of a best of %d: the match would be over", *p.GameWins, max(s.BestOf, 1))
	}
	return nil
}

// checkSetupAttach: an Aura or Equipment is attached to another permanent
// the setup places. Whether it may be is not refused: the state-based
// actions put an illegally attached Aura into its owner's graveyard and
// unattach Equipment (CR 704.5m, 704.5n).
func (g *Game) checkSetupAttach(pl *setupPlan, o *setupObj, def *cards.Card) error {
	f := o.field + ".attached_to"
	if def == nil || def.AuraOf() == nil && !slices.Contains(def.Subtypes, "Equipment") && !slices.Contains(def.Subtypes, "Aura") {
		n := string(o.perm.Card)
		if def != nil {
			n = def.Name
		}
		return g.refuse("CR 303.4", f, "%s is neither an Aura nor Equipment: only those can be attached", n)
	}
	for _, t := range pl.find(g.S, string(o.perm.AttachedTo), ZoneBattlefield) {
		if t != o {
			return nil
		}
	}
	return g.refuse("CR 303.4", f, "%q names no other permanent this setup places", o.perm.AttachedTo)
}

// checkSetupAttacked: an attacker attacks an opponent of its controller,
// or a planeswalker one controls (CR 508.1b).
func (g *Game) checkSetupAttacked(pl *setupPlan, o *setupObj, what string) error {
	s := g.S
	f := o.field + ".attacking"
	if seat := s.Seat(what); seat >= 0 {
		if seat == o.seat {
			return g.refuse("CR 508.1b", f, "%s can't attack its own controller", o.perm.Card)
		}
		return nil
	}
	for _, t := range pl.find(s, what, ZoneBattlefield) {
		if d := pl.defOf(s, t); d != nil && slices.Contains(d.Types, "Planeswalker") && t.seat != o.seat {
			return nil
		}
	}
	return g.refuse("CR 508.1b", f, "%q is neither an opponent nor a planeswalker an opponent controls that this setup places", what)
}

// emitPlaced makes the plan's objects, in id order, with everything the
// setup says of them but combat and attachments (emitCombat).
func (g *Game) emitPlaced(pl *setupPlan) {
	s := g.S
	for i := range pl.declare {
		d := pl.declare[i]
		g.emit(Effect{Op: OpDeclare, Name: d.Name, Decl: &d})
	}
	for _, c := range pl.cards {
		g.emit(Effect{Op: OpCard, Card: c.card, Seat: c.seat, Name: c.name})
	}
	if pl.renumber && s.nextObjID() != 1 {
		g.emit(Effect{Op: OpSkipIDs, N: 1})
	}
	made := map[*setupObj]bool{}
	for _, o := range pl.byID() {
		if o.id > s.nextObjID() {
			g.emit(Effect{Op: OpSkipIDs, N: int(o.id)})
		}
		place := func() int { // among the objects of its zone made so far
			pos := 0
			for m := range made {
				if m.seat == o.seat && m.zone == o.zone && m.index < o.index {
					pos++
				}
			}
			return pos
		}
		switch {
		case o.card != 0:
			pos := -1
			if o.zone != ZoneBattlefield && o.zone != ZoneExile && o.zone != ZoneStack {
				pos = place()
			}
			by := ""
			if o.zone == ZoneExile {
				by = exiledBySetup
				if o.exile != nil && o.exile.ExiledBy != "" {
					by = o.exile.ExiledBy
				}
			}
			g.emit(Effect{Op: OpCreate, Obj: o.id, Card: o.card, Seat: o.owner, Zone: o.zone, N: pos, Name: by})
		case o.stack != nil:
			g.emitStackObject(pl, o) // setup_stack.go
		case o.emblem != nil:
			e := Effect{Op: OpEmblem, Obj: o.id, Seat: o.owner, Name: o.def.Name} // setup_later.go
			if o.ordered {
				e.N = place() + 1
			}
			g.emit(e)
		case o.copy != "":
			g.emit(Effect{Op: OpCopyToken, Obj: o.id, Seat: o.owner, Name: o.copy})
		case o.def != nil:
			g.emit(Effect{Op: OpToken, Obj: o.id, Seat: o.owner, Name: o.def.Name}) // declared first, if the setup declares it
		default:
			f := *o.facts
			g.emit(Effect{Op: OpTableToken, Obj: o.id, Seat: o.owner, Facts: &f})
		}
		made[o] = true
		g.emitObjectFacts(o)
		if o.perm != nil {
			g.emitPermanentLater(pl, o) // setup_later.go
		}
		if o.stack != nil {
			g.emitStackFacts(pl, o)
		}
	}
	if pl.next != s.nextObjID() {
		g.emit(Effect{Op: OpSkipIDs, N: int(pl.next)})
	}
}

// emitObjectFacts: what the setup says of one object it has just made.
func (g *Game) emitObjectFacts(o *setupObj) {
	id := o.id
	if x := o.exile; x != nil {
		if x.FaceDown {
			g.emit(Effect{Op: OpFaceDown, Obj: id, N: 1})
		}
		for _, m := range x.MayCast {
			g.emit(Effect{Op: OpMayCast, Obj: id, Seat: g.S.Seat(m.Player), Kind: m.Kind})
		}
	}
	perm := o.perm
	if perm == nil {
		return
	}
	if perm.CopyOf != "" && (!perm.Token || perm.Characteristics != nil) { // a card, or a described token, that became a copy
		d, _ := g.S.cardDef(perm.CopyOf)
		g.emit(Effect{Op: OpBecomeCopy, Obj: id, Name: d.Name})
	}
	if o.seat != o.owner {
		g.emit(Effect{Op: OpControl, Obj: id, Seat: o.seat})
	}
	if perm.Face != "" {
		g.turnFace(id, perm.Face) // faces.go
	}
	if perm.Tapped {
		g.emit(Effect{Op: OpTap, Obj: id})
	}
	if sick := g.S.Objects[id].Sick; sick != perm.SummoningSick {
		g.emit(Effect{Op: OpSick, Obj: id, N: b2i(perm.SummoningSick)})
	}
	for _, kind := range sortedKeys(perm.Counters) {
		g.emit(Effect{Op: OpCounter, Obj: id, Kind: kind, N: perm.Counters[kind]})
	}
	if perm.Damage > 0 {
		g.emit(Effect{Op: OpDamage, Obj: id, N: perm.Damage})
	}
	if perm.Deathtouched {
		g.emit(Effect{Op: OpDeathtouched, Obj: id})
	}
	if p := perm.Pump; p != nil && (p.Power != 0 || p.Toughness != 0) {
		g.emit(Effect{Op: OpPump, Obj: id, N: p.Power, Card: CardID(p.Toughness)})
	}
	if perm.X != 0 || perm.Cast {
		kind := ""
		if perm.Cast {
			kind = "cast"
		}
		g.emit(Effect{Op: OpSetX, Obj: id, N: perm.X, Kind: kind})
	}
	if perm.Kicked {
		g.emitKicked(id, max(perm.Kicks, 1)) // interp_multikicker.go
	}
	if perm.CastWith != "" {
		g.emit(Effect{Op: OpCastWith, Obj: id, Name: perm.CastWith})
	}
	if perm.RegenShields > 0 {
		g.emit(Effect{Op: OpRegenShield, Obj: id, N: perm.RegenShields})
	}
	if perm.SkipUntap > 0 {
		g.emit(Effect{Op: OpSkipUntap, Obj: id, N: perm.SkipUntap})
	}
	if perm.Chosen != "" {
		g.emit(Effect{Op: OpChosen, Obj: id, Name: perm.Chosen})
	}
	for _, k := range perm.Entering {
		g.emit(Effect{Op: OpEnterPending, Obj: id, Kind: k})
	}
	if o.melded != 0 {
		g.emit(Effect{Op: OpSetMelded, Obj: id, Card: o.melded})
	}
	if perm.ClassLevel != 0 || perm.Spent != 0 || perm.SpentColors != 0 {
		g.emit(Effect{Op: OpObjectFacts, Obj: id, Ints: []int{perm.ClassLevel, perm.Spent, perm.SpentColors}})
	}
}

// emitAfterStep: what belongs to the turn, once the setup's turn has
// begun (a new turn resets land drops and spells cast): land drops,
// spells cast, abilities used, counters on players, games won, pools,
// attachments and combat.
func (g *Game) emitAfterStep(b *events.Setup, pl *setupPlan) {
	s := g.S
	for _, p := range b.Players {
		seat := s.Seat(p.ID)
		for range p.LandsPlayed {
			g.emit(Effect{Op: OpLandPlayed, Seat: seat})
		}
		if p.SpellsCast != s.Players[seat].Spells {
			g.emit(Effect{Op: OpSpellsCast, Seat: seat, N: p.SpellsCast})
		}
		have := map[string]int{}
		for _, c := range s.Players[seat].Counters {
			have[c.Kind] = c.N
		}
		for _, kind := range sortedKeys(have) {
			if p.Counters != nil && p.Counters[kind] == 0 { // left out: the match's stay
				g.emit(Effect{Op: OpPlayerCounter, Seat: seat, Kind: kind, N: -have[kind]})
			}
		}
		for _, kind := range sortedKeys(p.Counters) {
			if d := p.Counters[kind] - have[kind]; d != 0 {
				g.emit(Effect{Op: OpPlayerCounter, Seat: seat, Kind: kind, N: d})
			}
		}
		if p.GameWins != nil && s.GameWins[seat] != *p.GameWins {
			g.emit(Effect{Op: OpGameWins, Seat: seat, N: *p.GameWins})
		}
		for _, m := range p.Pool {
			col, _ := cards.ParseColor(m.Mana)
			src := ObjID(0)
			if m.Source != "" {
				if kind, n, ok := parseID(string(m.Source)); ok && kind == 'o' {
					src = ObjID(n)
				} else {
					src = pl.find(s, string(m.Source), ZoneNone)[0].id
				}
			}
			g.emit(Effect{Op: OpAddMana, Seat: seat, Color: col, Obj: src, N: b2i(m.Legendary) | 2*b2i(m.Uncounterable && m.Only != nil), Spend: m.Only})
		}
	}
	for _, p := range b.Players {
		seat := s.Seat(p.ID)
		if p.Lost != "" {
			g.emit(Effect{Op: OpLose, Seat: seat, Kind: p.Lost})
		}
		if p.CardsDrawn != 0 || p.NoncreatureSpells != 0 || p.LeftBattlefield {
			g.emit(Effect{Op: OpTurnFacts, Seat: seat, Ints: []int{p.CardsDrawn, p.NoncreatureSpells, b2i(p.LeftBattlefield)}})
		}
		for _, m := range p.GraveyardMayCast {
			o := setupGraveyardCard(s, pl, seat, string(m.Card))
			g.emit(Effect{Op: OpMayCast, Obj: o.id, Seat: s.Seat(m.Player), Kind: m.Kind})
		}
	}
	for _, o := range pl.objs {
		if o.perm == nil {
			continue
		}
		for _, u := range o.perm.Used {
			g.emit(Effect{Op: OpUsed, Obj: o.id, Kind: u})
		}
		if ref := o.perm.AttachedTo; ref != "" {
			for _, t := range pl.find(s, string(ref), ZoneBattlefield) {
				if t != o {
					g.emit(Effect{Op: OpAttach, Obj: o.id, To: t.id})
					break
				}
			}
		}
	}
	g.emitCombat(pl)
}

// emitCombat declares the setup's attackers, then its blockers.
func (g *Game) emitCombat(pl *setupPlan) {
	s := g.S
	for _, o := range pl.objs {
		if o.perm == nil || o.perm.Attacking == "" {
			continue
		}
		if seat := s.Seat(o.perm.Attacking); seat >= 0 {
			g.emit(Effect{Op: OpAttack, Obj: o.id, Seat: seat, N: 1})
		} else {
			for _, t := range pl.find(s, o.perm.Attacking, ZoneBattlefield) {
				if t.seat != o.seat {
					g.emit(Effect{Op: OpAttack, Obj: o.id, Seat: t.seat, To: t.id, N: 1})
					break
				}
			}
		}
		if o.perm.Blocked {
			g.emit(Effect{Op: OpBlocked, Obj: o.id})
		}
	}
	for _, o := range pl.objs {
		if o.perm == nil || o.perm.Blocking == "" {
			continue
		}
		for _, t := range pl.find(s, string(o.perm.Blocking), ZoneBattlefield) {
			if t.perm.Attacking != "" {
				g.emit(Effect{Op: OpBlock, Obj: o.id, To: t.id})
				break
			}
		}
		if goneAttacker(pl, o.perm.Blocking) {
			_, n, _ := parseID(string(o.perm.Blocking))
			g.emit(Effect{Op: OpBlocking, Obj: o.id, To: ObjID(n)}) // setup_later.go
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// setupGraveyardCard is the card in seat's graveyard a reference names, or
// nil.
func setupGraveyardCard(s *State, pl *setupPlan, seat int, ref string) *setupObj {
	for _, o := range pl.find(s, ref, ZoneGraveyard) {
		if o.owner == seat {
			return o
		}
	}
	return nil
}
