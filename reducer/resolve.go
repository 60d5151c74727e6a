package reducer

import (
	"strconv"

	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Resolving the top of the stack (CR 608).

func (g *Game) resolveTop() {
	s := g.S
	id := s.Stack[len(s.Stack)-1]
	o := s.Objects[id]
	def := o.def()
	var kinds []cards.TargetKind
	sp := def.SpellOf()
	if sp != nil {
		kinds = sp.Targets
	}
	// Targets are checked again; with every target illegal the spell
	// doesn't resolve (CR 608.2b).
	var legal []Target
	for i, t := range o.Targets {
		if i < len(kinds) && g.targetIllegal(kinds[i], t) == "" {
			legal = append(legal, t)
		}
	}
	if len(o.Targets) > 0 && len(legal) == 0 {
		g.move(id, ZoneGraveyard, o.Owner, -1)
		return
	}
	if def.IsPermanent() {
		nid := g.move(id, ZoneBattlefield, o.Controller, -1)
		if pm := def.PermanentOf(); pm != nil && pm.EntersWithXCounters && o.X > 0 {
			g.emit(Effect{Op: OpCounter, Obj: nid, Kind: "+1/+1", N: o.X})
		}
		return
	}
	if sp != nil && sp.Resolve != nil {
		sp.Resolve(&world{g: g, spell: o}, legal)
	}
	// It may have been countered or moved by its own effect.
	if s.Obj(id) != nil {
		g.move(id, ZoneGraveyard, o.Owner, -1)
	}
}

// world is what a resolving spell may do; see cards.World.
type world struct {
	g     *Game
	spell *Object
}

func (w *world) Controller() int { return w.spell.Controller }
func (w *world) X() int          { return w.spell.X }

func (w *world) Damage(n int, t cards.Target) { w.g.dealDamage(w.spell, n, t) }

func (w *world) Draw(seat, n int) { w.g.draw(seat, n) }

func (w *world) Destroy(obj uint32) {
	if o := w.g.S.Obj(ObjID(obj)); o != nil && o.Zone == ZoneBattlefield {
		w.g.move(o.ID, ZoneGraveyard, o.Owner, -1)
	}
}

func (w *world) Counter(obj uint32) {
	if o := w.g.S.Obj(ObjID(obj)); o != nil && o.Zone == ZoneStack {
		w.g.move(o.ID, ZoneGraveyard, o.Owner, -1)
	}
}

func (w *world) Pump(obj uint32, p, t int) {
	if o := w.g.S.Obj(ObjID(obj)); o != nil && o.Zone == ZoneBattlefield {
		w.g.emit(Effect{Op: OpPump, Obj: o.ID, N: p, Card: CardID(t)})
	}
}

// dealDamage: damage to a player is life loss (CR 120.3a), to a creature it
// is marked (CR 120.3e); a source with lifelink gains its controller that
// much life (CR 702.15b).
func (g *Game) dealDamage(src *Object, n int, t cards.Target) {
	if n <= 0 {
		return
	}
	if t.Obj == 0 {
		g.emit(Effect{Op: OpLife, Seat: t.Player, N: -n})
	} else if o := g.S.Obj(ObjID(t.Obj)); o != nil && o.Zone == ZoneBattlefield {
		g.emit(Effect{Op: OpDamage, Obj: o.ID, N: n})
		if src != nil && src.Has("Deathtouch") {
			g.emit(Effect{Op: OpDeathtouched, Obj: o.ID})
		}
	} else {
		return
	}
	if src != nil && src.Has("Lifelink") {
		g.emit(Effect{Op: OpLife, Seat: src.Controller, N: n})
	}
}

// endUntilEndOfTurn ends "until end of turn" effects (CR 514.2).
func (g *Game) endUntilEndOfTurn() {
	for _, id := range g.S.Battlefield {
		if o := g.S.Objects[id]; o.PumpP != 0 || o.PumpT != 0 {
			g.emit(Effect{Op: OpEndPumps})
			return
		}
	}
}

func itoa(i int) string { return strconv.Itoa(i) }
