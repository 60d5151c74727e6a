package reducer

import (
	"fmt"
	"reflect"

	"github.com/chronicle-mtg/chronicle/ability"
)

// The controller of a target that has left (CR 608.2h: an effect that
// needs information about an object that has left its zone uses the
// object's last known information). "Exile target creature. Its controller
// may search their library ...", "That player may search ..." after
// destroying the target: the player is the one who controlled it. As the
// resolution begins, the controller of each target a player reference
// reads is bound as "_ctlN" (slot N); players() reads it once the target
// is gone.

// noteTargetControllers binds the controllers of the targets whose
// controller the ability's effects name, at the start of its resolution.
func (r *runner) noteTargetControllers() {
	if r.resume != nil || r.ab.Modes != nil {
		return
	}
	for _, i := range controllerSlots(r.ab.Effects) {
		var items []Target
		for _, t := range r.ctx.slot(i) {
			if o := r.g.S.Obj(ObjID(t.Obj)); t.Obj != 0 && o != nil {
				items = append(items, Target{Player: o.Controller})
			}
		}
		r.bind(ctlName(i), items, "", len(items) > 0)
	}
}

func ctlName(slot int) string { return fmt.Sprintf("_ctl%d", slot) }

// controllerSlots lists, in order and once each, the target slots whose
// controller an effect names after an earlier effect moved that target
// away (destroyed, exiled, sacrificed, moved or countered it).
func controllerSlots(es []ability.Effect) []int {
	if !movesTargetBefore(es, len(es)-1) {
		return nil // no slot is gone before an effect could name it: the usual case, on every resolution
	}
	var out []int
	gone, seen := map[int]bool{}, map[int]bool{}
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Pointer:
			if v.IsNil() {
				return
			}
			if p, ok := v.Interface().(*ability.PlayerRef); ok && p.Who == ability.Controller && p.Of != nil && p.Of.Ref == ability.TargetRef {
				if i := p.Of.Index; gone[i] && !seen[i] {
					seen[i] = true
					out = append(out, i)
				}
			}
			walk(v.Elem())
		case reflect.Slice:
			for i := 0; i < v.Len(); i++ {
				walk(v.Index(i))
			}
		case reflect.Struct:
			for i := 0; i < v.NumField(); i++ {
				walk(v.Field(i))
			}
		}
	}
	for k := range es {
		walk(reflect.ValueOf(&es[k]))
		if movesTarget(&es[k]) {
			gone[es[k].Object.Index] = true
		}
	}
	return out
}

// movesTarget reports whether e moves its target away (destroys, exiles,
// sacrifices, moves or counters it).
func movesTarget(e *ability.Effect) bool {
	switch e.Verb {
	case ability.Destroy, ability.Exile, ability.Sacrifice, ability.Move, ability.Counter:
		return e.Object != nil && e.Object.Ref == ability.TargetRef
	}
	return false
}

// movesTargetBefore reports whether one of the effects before es[n] moves
// its target away.
func movesTargetBefore(es []ability.Effect, n int) bool {
	for k := 0; k < n; k++ {
		if movesTarget(&es[k]) {
			return true
		}
	}
	return false
}

// goneTargetControllers is the controllers bound for target slot i as
// the resolution began (nil when none were).
func (c *evalCtx) goneTargetControllers(i int) []int {
	b := c.binding(ctlName(i))
	if b == nil {
		return nil
	}
	var out []int
	for _, t := range b.Items {
		out = append(out, t.Player)
	}
	return out
}
