package reducer

import (
	"github.com/chronicle-mtg/chronicle/events"
)

// A setup input places a whole position at once, for bug reports and tests
// that start mid-game. It replaces the current game's position: every zone is
// rebuilt from the lists given, life totals set, and the game continues at
// the given turn and step with priority to the given player (the active
// player by default). Cards are named by card id ("c3") or by name; a name
// takes the player's first card of that name not used yet, and a card the
// deck list lacks is added to the match as that player's card. A player the
// setup doesn't list is left with empty zones.

// exiledBySetup is what a card a setup places in exile was exiled by.
const exiledBySetup = "a setup position"

func (g *Game) checkSetup(b *events.Setup) error {
	s := g.S
	st, ok := ParseStep(b.Step)
	if !ok || st == StepUntap || st == StepCleanup {
		return g.refuse("CR 500.1", "body.step", "%q is not a step with priority (upkeep, draw, main1, begin_combat, declare_attackers, declare_blockers, combat_damage, end_combat, main2, end)", b.Step)
	}
	if s.Seat(b.ActivePlayer) < 0 {
		return g.refuse("CR 102.1", "body.active_player", "%q is not a player of this match", b.ActivePlayer)
	}
	if b.Priority != "" && s.Seat(b.Priority) < 0 {
		return g.refuse("CR 102.1", "body.priority", "%q is not a player of this match", b.Priority)
	}
	seen := map[int]bool{}
	for i, p := range b.Players {
		seat := s.Seat(p.ID)
		field := "body.players[" + itoa(i) + "]"
		if seat < 0 {
			return g.refuse("CR 102.1", field+".id", "%q is not a player of this match", p.ID)
		}
		if seen[seat] {
			return g.refuse("CR 102.1", field+".id", "%q is listed twice", p.ID)
		}
		seen[seat] = true
		if _, err := g.setupCards(seat, p, field); err != nil {
			return err
		}
	}
	return g.checkSetupAttachments(b) // aura.go
}

// setupCard is a card placed by a setup.
type setupCard struct {
	card CardID
	name string // set when the card is new to the match
	zone Zone
	perm *events.Permanent
	seat int
}

// setupCards resolves one player's zones to cards, in the order listed.
func (g *Game) setupCards(seat int, p events.SetupPlayer, field string) ([]setupCard, error) {
	s := g.S
	used := map[CardID]bool{}
	next := CardID(max(len(s.Cards), 1)) // card ids start at c1
	var out []setupCard
	resolve := func(ref, f string) (CardID, string, error) {
		if kind, n, ok := parseID(ref); ok && kind == 'c' {
			id := CardID(n)
			if int(id) >= len(s.Cards) || s.Cards[id].Owner != seat {
				return 0, "", g.refuse("CR 108.3", f, "%s is not a card of %s", ref, s.Players[seat].ID)
			}
			if used[id] {
				return 0, "", g.refuse("CR 400.1", f, "%s is placed twice", ref)
			}
			used[id] = true
			return id, "", nil
		}
		for id := 1; id < len(s.Cards); id++ {
			c := s.Cards[id]
			if c.Owner == seat && !used[CardID(id)] && (c.Def.Name == ref || c.Def.Face(ref) != nil) {
				used[CardID(id)] = true
				return CardID(id), "", nil
			}
		}
		if _, ok := s.cardDef(ref); !ok {
			_, err := s.pool.Resolve(ref)
			return 0, "", g.refuse("CARD-POOL", f, "%v", err)
		}
		id := next
		next++
		return id, s.recordedName(ref), nil
	}
	zones := []struct {
		z    Zone
		refs []events.Ref
		name string
	}{{ZoneLibrary, p.Library, "library"}, {ZoneHand, p.Hand, "hand"}, {ZoneGraveyard, p.Graveyard, "graveyard"},
		{ZoneExile, p.Exile, "exile"}, {ZoneCommand, p.Command, "command"}}
	for _, z := range zones {
		for i, ref := range z.refs {
			id, name, err := resolve(ref, field+"."+z.name+"["+itoa(i)+"]")
			if err != nil {
				return nil, err
			}
			out = append(out, setupCard{card: id, name: name, zone: z.z, seat: seat})
		}
	}
	for i := range p.Battlefield {
		perm := &p.Battlefield[i]
		f := field + ".battlefield[" + itoa(i) + "]"
		id, name, err := resolve(perm.Card, f+".card")
		if err != nil {
			return nil, err
		}
		sc := setupCard{card: id, name: name, zone: ZoneBattlefield, perm: perm, seat: seat}
		if perm.Face != "" {
			def := s.cardDefOf(id)
			if name != "" {
				def, _ = s.cardDef(name)
			}
			if why := faceUpIllegal(def, perm.Face); why != "" {
				return nil, g.refuse("CR 712", f+".face", "%s", why)
			}
		}
		if perm.AttachedTo != "" {
			if err := g.checkSetupAura(id, name, f); err != nil { // aura.go
				return nil, err
			}
		}
		for _, kind := range sortedKeys(perm.Counters) {
			if n := perm.Counters[kind]; n < 0 || kind == "" {
				return nil, g.refuse("CR 122.1", f+".counters", "counter %q: %d", kind, n)
			}
		}
		out = append(out, sc)
	}
	return out, nil
}

func (g *Game) doSetup(b *events.Setup) {
	s := g.S
	game := b.Game
	if game == 0 {
		game = max(s.Game, 1)
	}
	g.emit(Effect{Op: OpNewGame, N: game})
	var attach []setupAttachment // aura.go
	for _, p := range b.Players {
		seat := s.Seat(p.ID)
		placed, _ := g.setupCards(seat, p, "")
		for _, sc := range placed {
			if sc.name != "" {
				g.emit(Effect{Op: OpCard, Card: sc.card, Seat: seat, Name: sc.name})
			}
			id := s.nextObjID()
			by := ""
			if sc.zone == ZoneExile {
				by = exiledBySetup
			}
			g.emit(Effect{Op: OpCreate, Obj: id, Card: sc.card, Seat: seat, Zone: sc.zone, N: -1, Name: by})
			if sc.perm == nil {
				continue
			}
			if sc.perm.Face != "" {
				g.turnFace(id, sc.perm.Face) // faces.go
			}
			if sc.perm.Tapped {
				g.emit(Effect{Op: OpTap, Obj: id})
			}
			if sc.perm.SummoningSick {
				g.emit(Effect{Op: OpSick, Obj: id, N: 1})
			}
			if sc.perm.AttachedTo != "" {
				attach = append(attach, setupAttachment{aura: id, to: sc.perm.AttachedTo})
			}
			for _, kind := range sortedKeys(sc.perm.Counters) {
				g.emit(Effect{Op: OpCounter, Obj: id, Kind: kind, N: sc.perm.Counters[kind]})
			}
		}
		if p.Life != nil {
			if d := *p.Life - s.Players[seat].Life; d != 0 {
				g.emit(Effect{Op: OpLife, Seat: seat, N: d})
			}
		}
		g.emit(Effect{Op: OpKeep, Seat: seat})
	}
	g.attachSetup(attach) // aura.go
	for seat, p := range s.Players {
		if !p.Kept {
			g.emit(Effect{Op: OpKeep, Seat: seat})
		}
	}
	st, _ := ParseStep(b.Step)
	active := s.Seat(b.ActivePlayer)
	g.emit(Effect{Op: OpStep, N: b.Turn, Step: st, Seat: active})
	prio := active
	if b.Priority != "" {
		prio = s.Seat(b.Priority)
	}
	g.givePriority(prio, 0)
}

func sortedKeys(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
}
