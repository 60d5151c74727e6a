package reducer

import (
	"fmt"
	"slices"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Emblems (CR 114): "You get an emblem with '...'" puts an emblem in the
// player's command zone. It has only the quoted abilities (CR 114.3), is
// owned and controlled by that player, can't be removed (CR 114.2), and
// its triggered abilities trigger from the command zone (CR 114.4). The
// emblem is an object whose definition the match declares on the spot
// (OpDeclare, named "Emblem (CARD)"), as tokens described by text are.
// Only triggered abilities are carried out on emblems yet: a static
// ability of one (Ral's, Kaito's) is refused by Supports.

// OpEmblem: an emblem of definition Name is created for Seat as object Obj
// in the command zone: last, or at place N-1 when N is not 0 (a setup
// that places emblems among the zone's cards).
const OpEmblem Op = 350

func init() {
	registerOp(OpEmblem, func(s *State, e *Effect) {
		def, ok := s.cardDef(e.Name)
		if !ok || e.Obj != s.nextObjID() {
			panic("reducer: bad emblem " + e.Name)
		}
		s.addObject(s.newObject(Object{ID: e.Obj, Def: def, Owner: e.Seat, Controller: e.Seat, Zone: ZoneCommand, Token: true}), e.N-1)
	})
	extDescribe[OpEmblem] = func(s *State, e Effect) string {
		return fmt.Sprintf("%s gets an emblem, %s (%s)", s.playerID(e.Seat), e.Name, e.Obj)
	}
	registerVerb(ability.Emblem, "player grant", verbEmblem)
}

// isEmblem reports whether o is an emblem.
func isEmblem(o *Object) bool { return o.Zone == ZoneCommand && o.Token }

// emblemSupported says why the engine can't give an emblem with these
// abilities; "" when it can: triggered abilities only.
func emblemSupported(e *ability.Effect) string {
	for i := range e.Grant {
		a := &e.Grant[i]
		if a.Kind != ability.Triggered {
			return "an emblem with a " + string(a.Kind) + " ability is not carried out yet"
		}
		if err := Supports(a); err != nil {
			return "the emblem's ability: " + err.Error()
		}
	}
	return ""
}

func verbEmblem(x *verbRun) {
	g, c := x.r.g, x.r.ctx
	seats := []int{c.you}
	if x.e.Player != nil {
		seats = c.players(x.e.Player)
	}
	name := g.emblemDef(x.r.o.def().Name, x.e.Grant)
	for _, seat := range seats {
		g.emit(Effect{Op: OpEmblem, Obj: g.S.nextObjID(), Seat: seat, Name: name})
		x.did = true
	}
}

// emblemDef is the name of the definition of an emblem with abilities
// as, declared by the match the first time (another of the same name
// with different abilities gets a number). An emblem has no types (CR
// 114.3): its declaration says so with an empty list, as a setup's
// declare gives it (declaredDigest counts it as none, as before).
func (g *Game) emblemDef(source string, as []ability.Ability) string {
	return g.declareOnce(Declared{Name: "Emblem (" + source + ")", Types: []string{}, Abilities: slices.Clone(as), Token: true}) // interp_verbs.go
}

// fireEmblems checks the triggered abilities of every emblem for an
// event (CR 114.4), in turn order and the order they were made.
func (g *Game) fireEmblems(when string, about ObjID, seat int) {
	s := g.S
	for _, p := range s.Players {
		for _, id := range slices.Clone(p.Command) {
			o := s.Obj(id)
			if o == nil || !isEmblem(o) || o.Def == nil {
				continue
			}
			if lc := langOf(o.Def); lc != nil {
				g.langFire(o, lc, when, about, seat)
			}
		}
	}
}
