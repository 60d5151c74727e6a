package reducer

import (
	"github.com/chronicle-mtg/chronicle/ability"
	"slices"
	"strings"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Combat (CR 506-511) with flying, reach, vigilance, haste, defender,
// menace, first strike, double strike, trample, deathtouch and lifelink.
// Damage is divided among blockers in the order they were declared, each
// taking lethal damage before the next (the default the reducer applies for
// the attacking player); a trampler's excess goes to the player.

// attackBar is what keeps a creature from attacking now (attackBarOf).
type attackBar uint8

const (
	canAttackNow attackBar = iota
	barNotCreature
	barNotYours
	barTapped
	barSick
	barDefender
	barUnless
	barStatic
)

// attackBarOf says what keeps creature o from attacking for seat now:
// the check without its message, as the turn asks it of every permanent.
func (g *Game) attackBarOf(o *Object, seat int) attackBar {
	switch {
	case o.Zone != ZoneBattlefield || !o.Is("Creature"):
		return barNotCreature
	case o.Controller != seat:
		return barNotYours
	case o.Tapped:
		return barTapped
	case o.Sick && !o.Has("Haste"):
		return barSick
	case o.Has("Defender"):
		return barDefender
	case g.attackUnless(o) != "":
		return barUnless
	case o.langObjectRule(ability.CantAttack) || o.langObjectRule(ability.CantAttackOrBlock):
		return barStatic
	}
	return canAttackNow
}

// cantAttack says why creature o can't attack now, or "".
func (g *Game) cantAttack(o *Object, seat int) string {
	name := func() string { return g.S.objName(o.ID) }
	switch g.attackBarOf(o, seat) {
	case barNotCreature:
		return name() + " is not a creature on the battlefield"
	case barNotYours:
		return name() + " is not " + g.S.Players[seat].ID + "'s"
	case barTapped:
		return name() + " is tapped (CR 508.1a)"
	case barSick:
		return name() + " has summoning sickness (CR 302.6)"
	case barDefender:
		return name() + " has defender (CR 702.3b)"
	case barUnless:
		return name() + " can't attack unless " + g.attackUnless(o) + " (CR 508.1c)"
	case barStatic:
		return name() + " can't attack (a static ability, CR 508.1c)"
	}
	return ""
}

// reasonRule splits a reason that ends with its rule, "Test Bear (o3) is
// tapped (CR 508.1a)", into the reason and the rule; a reason without one
// gets rule def.
func reasonRule(why, def string) (string, string) {
	if i := strings.LastIndex(why, " (CR "); i >= 0 && strings.HasSuffix(why, ")") {
		return why[:i], why[i+2 : len(why)-1]
	}
	return why, def
}

// beginDeclareAttackers asks the active player to attack if any creature
// can; with none, no attackers are declared.
func (g *Game) beginDeclareAttackers() bool {
	s := g.S
	for _, id := range s.printedOr(s.sources().creatures) { // sba.go: the only creatures but for a type given
		if g.attackBarOf(s.Objects[id], s.Active) == canAttackNow {
			g.ask(Question{Ask: AskAttack, Player: s.Active})
			return true
		}
	}
	return false
}

func (g *Game) checkAttack(seat int, b *events.Attack) error {
	_, err := g.planAttack(seat, b)
	return err
}

type attackPlan struct {
	attackers []ObjID
	defenders []int
	walkers   []ObjID // the planeswalker attacked, or 0 (planeswalker.go)
}

func (g *Game) planAttack(seat int, b *events.Attack) (attackPlan, error) {
	s := g.S
	if s.Pending.Ask != AskAttack || s.Pending.Player != seat {
		return attackPlan{}, g.refuse("CR 508.1", "kind", "attackers are not being declared now; waiting for %s", g.describePending())
	}
	var plan attackPlan
	for i, a := range b.Attackers {
		field := "body.attackers[" + itoa(i) + "]"
		def := s.Seat(a.Defender)
		var walker ObjID
		if def < 0 {
			// A planeswalker an opponent controls (CR 508.1b).
			pw, why := g.attackablePlaneswalker(seat, a.Defender)
			if pw == 0 {
				return attackPlan{}, g.refuse("CR 508.1b", field+".defender", "%s", why)
			}
			walker, def = pw, s.Objects[pw].Controller
		}
		if def == seat {
			return attackPlan{}, g.refuse("CR 508.1b", field+".defender", "%q is not an opponent to attack", a.Defender)
		}
		var first string
		chosen := ObjID(0)
		var buf [8]ObjID
		for _, id := range s.matchRefIn(buf[:0], a.Creature, s.Battlefield) {
			if slices.Contains(plan.attackers, id) {
				continue
			}
			if why := g.cantAttack(s.Objects[id], seat); why != "" {
				if first == "" {
					first = why
				}
				continue
			}
			chosen = id
			break
		}
		if chosen == 0 {
			if first == "" {
				first = a.Creature + " is not a creature that can attack"
			}
			why, rule := reasonRule(first, "CR 508.1a")
			return attackPlan{}, g.refuse(rule, field+".creature", "%s", why)
		}
		plan.attackers = append(plan.attackers, chosen)
		plan.defenders = append(plan.defenders, def)
		plan.walkers = append(plan.walkers, walker)
	}
	if err := g.mustAttackRefusal(seat, plan); err != nil { // interp_mustattack.go
		return attackPlan{}, err
	}
	return plan, nil
}

func (g *Game) doAttack(seat int, b *events.Attack) {
	plan, _ := g.planAttack(seat, b)
	for i, id := range plan.attackers {
		if !g.S.Objects[id].Has("Vigilance") {
			g.tapPermanent(id)
		}
		g.emit(Effect{Op: OpAttack, Obj: id, Seat: plan.defenders[i], N: 1, To: plan.walkers[i]})
	}
	for _, id := range plan.attackers {
		g.fire(cards.TriggerAttacks, id, seat) // "whenever ... attacks" (CR 508.3a)
	}
	g.givePriority(seat, 0)
}

func (g *Game) anyAttackers() bool {
	for _, id := range g.S.Battlefield {
		if g.S.Objects[id].Attacking > 0 {
			return true
		}
	}
	return false
}

// defendingSeat is the player attacked (two-player games: the opponent).
func (g *Game) defendingSeat() int {
	for _, id := range g.S.Battlefield {
		if a := g.S.Objects[id].Attacking; a > 0 {
			return a - 1
		}
	}
	return g.S.Opponent(g.S.Active)
}

func (g *Game) canBlockAtAll(o *Object, seat int) bool {
	return o.Zone == ZoneBattlefield && o.Is("Creature") && o.Controller == seat && !o.Tapped &&
		!o.langObjectRule(ability.CantBlock) && !o.langObjectRule(ability.CantAttackOrBlock)
}

func (g *Game) beginDeclareBlockers() bool {
	s := g.S
	def := g.defendingSeat()
	for _, id := range s.printedOr(s.sources().creatures) { // as beginDeclareAttackers
		if g.canBlockAtAll(s.Objects[id], def) {
			g.ask(Question{Ask: AskBlock, Player: def})
			return true
		}
	}
	return false
}

type blockPlan struct {
	blockers, attackers []ObjID
}

func (g *Game) checkBlock(seat int, b *events.Block) error {
	_, err := g.planBlock(seat, b)
	return err
}

func (g *Game) planBlock(seat int, b *events.Block) (blockPlan, error) {
	s := g.S
	if s.Pending.Ask != AskBlock || s.Pending.Player != seat {
		return blockPlan{}, g.refuse("CR 509.1", "kind", "blockers are not being declared now; waiting for %s", g.describePending())
	}
	var plan blockPlan
	for i, bl := range b.Blocks {
		field := "body.blocks[" + itoa(i) + "]"
		atk := s.matchRef(bl.Attacker, s.Battlefield)
		atk = slices.DeleteFunc(atk, func(id ObjID) bool { return s.Objects[id].Attacking != seat+1 })
		if len(atk) == 0 {
			return blockPlan{}, g.refuse("CR 509.1a", field+".attacker", "%q is not a creature attacking %s", bl.Attacker, s.Players[seat].ID)
		}
		attacker := s.Objects[atk[0]]
		var first string
		chosen := ObjID(0)
		for _, id := range s.matchRef(bl.Blocker, s.Battlefield) {
			if slices.Contains(plan.blockers, id) {
				continue
			}
			if why := g.blockForbidden(seat, attacker, s.Objects[id]); why != "" {
				first = why
				continue
			}
			chosen = id
			break
		}
		if chosen == 0 {
			if first == "" {
				first = bl.Blocker + " is not a creature that can block"
			}
			why, rule := reasonRule(first, "CR 509.1a")
			return blockPlan{}, g.refuse(rule, field+".blocker", "%s", why)
		}
		plan.blockers = append(plan.blockers, chosen)
		plan.attackers = append(plan.attackers, attacker.ID)
	}
	for _, a := range plan.attackers {
		n := 0
		for _, x := range plan.attackers {
			if x == a {
				n++
			}
		}
		if n == 1 && s.Objects[a].Has("Menace") {
			return blockPlan{}, g.refuse("CR 702.111b", "body.blocks", "%s has menace: it can't be blocked except by two or more creatures", s.objName(a))
		}
	}
	if err := g.mustBlockRefusal(seat, plan); err != nil { // interp_mustblock.go
		return blockPlan{}, err
	}
	return plan, nil
}

// blockForbidden says why o can't block attacker (CR 509.1a-b), or "".
func (g *Game) blockForbidden(seat int, attacker, o *Object) string {
	s := g.S
	id := o.ID
	switch {
	case o.langObjectRule(ability.CantBlock) || o.langObjectRule(ability.CantAttackOrBlock):
		return s.objName(id) + " can't block: a static ability says so (CR 509.1b)"
	case !g.canBlockAtAll(o, seat):
		return s.objName(id) + " is not an untapped creature of " + s.Players[seat].ID + " (CR 509.1a)"
	case protectedFrom(attacker, o):
		return s.objName(attacker.ID) + " has protection from " + s.objName(id) + " (CR 702.16f)"
	case o.langObjectRule(ability.BlocksOnlyFlying) && !attacker.Has("Flying"):
		return s.objName(id) + " can block only creatures with flying"
	case g.evades(attacker, o) != "": // interp_evasion.go
		return g.evades(attacker, o)
	case attacker.Has("Flying") && !o.Has("Flying") && !o.Has("Reach"):
		return s.objName(attacker.ID) + " has flying: " + s.objName(id) + " has neither flying nor reach (CR 702.9b)"
	}
	return ""
}

func (g *Game) doBlock(seat int, b *events.Block) {
	plan, _ := g.planBlock(seat, b)
	for i, id := range plan.blockers {
		g.emit(Effect{Op: OpBlock, Obj: id, To: plan.attackers[i]})
	}
	g.givePriority(g.S.Active, 0)
}

func (g *Game) anyFirstStrike() bool {
	for _, id := range g.S.Battlefield {
		o := g.S.Objects[id]
		if (o.Attacking > 0 || o.Blocking != 0) && (o.Has("First strike") || o.Has("Double strike")) {
			return true
		}
	}
	return false
}

// dealsDamageNow: in the first-strike step only first and double strikers
// deal damage; in the regular step everyone else and double strikers
// (CR 510.4).
func dealsDamageNow(o *Object, firstStrikeStep, hadFirstStrikeStep bool) bool {
	fs := o.Has("First strike") || o.Has("Double strike")
	if firstStrikeStep {
		return fs
	}
	return !hadFirstStrikeStep || !o.Has("First strike") || o.Has("Double strike")
}

type hit struct {
	src    *Object
	amount int
	to     Target
}

// combatDamage assigns and deals all combat damage of a step at once (CR 510).
func (g *Game) combatDamage(firstStrike bool) {
	s := g.S
	hadFS := !firstStrike && g.anyFirstStrike()
	var hits []hit
	for _, id := range s.Battlefield {
		a := s.Objects[id]
		if a.Attacking == 0 || !dealsDamageNow(a, firstStrike, hadFS) {
			continue
		}
		power := a.Power()
		if power <= 0 {
			continue
		}
		player := Target{Player: a.Attacking - 1}
		if a.AttackingPW != 0 {
			// The planeswalker it attacks takes the damage; once gone, no
			// one does (CR 506.4c, 510.1c).
			if pw := s.Obj(a.AttackingPW); pw != nil && pw.Zone == ZoneBattlefield {
				player = Target{Obj: uint32(pw.ID)}
			} else {
				player = Target{Player: -1}
			}
		}
		var blockers []*Object
		for _, bid := range s.Battlefield {
			if b := s.Objects[bid]; b.Blocking == id {
				blockers = append(blockers, b)
			}
		}
		if !a.Blocked {
			if player.Player >= 0 {
				hits = append(hits, hit{a, power, player})
			}
			continue
		}
		left := power
		for i, b := range blockers {
			lethal := max(b.Toughness()-b.Damage, 0)
			if a.Has("Deathtouch") {
				lethal = min(lethal, 1)
			}
			give := min(lethal, left)
			if i == len(blockers)-1 && !a.Has("Trample") {
				give = left
			}
			if give > 0 {
				hits = append(hits, hit{a, give, Target{Obj: uint32(b.ID)}})
			}
			left -= give
		}
		if left > 0 && a.Has("Trample") && player.Player >= 0 {
			hits = append(hits, hit{a, left, player})
		}
	}
	for _, id := range s.Battlefield {
		b := s.Objects[id]
		if b.Blocking == 0 || !dealsDamageNow(b, firstStrike, hadFS) {
			continue
		}
		if atk := s.Obj(b.Blocking); atk != nil && atk.Zone == ZoneBattlefield && atk.Attacking > 0 && b.Power() > 0 { // an attacker removed from combat gets no damage (CR 506.4)
			hits = append(hits, hit{b, b.Power(), Target{Obj: uint32(atk.ID)}})
		}
	}
	var dealt []combatHit
	for _, h := range hits {
		if h.to.Obj == 0 && g.combatDamagePrevented(h.to.Player) {
			continue // prevented (CR 615)
		}
		g.combatDealing = true
		g.dealDamage(h.src, h.amount, h.to)
		g.combatDealing = false
		dealt = append(dealt, combatHit{h.src, h.to})
	}
	g.langCombatDamageFire(dealt) // interp_trigger.go
	for g.stateBasedActions() {
	}
}

// endCombat removes every creature from combat (CR 511.3).
func (g *Game) endCombat() {
	for _, id := range g.S.Battlefield {
		if o := g.S.Objects[id]; o.Attacking > 0 || o.Blocking != 0 || o.Blocked {
			g.emit(Effect{Op: OpAttack, Obj: id, N: 0})
		}
	}
}
