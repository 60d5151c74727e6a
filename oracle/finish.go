package oracle

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"

	"github.com/chronicle-mtg/chronicle/ability"
)

// The finishing pass turns a reading's placeholders into the ability's
// own references, in text order: target slots are numbered as they appear
// ("#pos|target"), pronouns ("$pos|it") refer to the nearest earlier
// object or player (a target, what an effect bound, or the triggering
// event's object), and binds ("@pos|verb") get readable names.

// antecedent is something a pronoun can refer to.
type antecedent struct {
	pos    int
	target string // a target key
	bind   string // a bind name
	event  bool   // the trigger's object or player
	player bool   // a player (else an object)
	// controllerOf: "that player" meaning the controller of target.
	controllerOf bool
}

// finish resolves the placeholders of one ability (and of its modes, each a
// scope of its own). It fails when a pronoun has nothing to refer to.
func finish(a *ability.Ability) error {
	costZone(a)
	selfZone(a)
	if a.Modes != nil {
		for i := range a.Modes.List {
			m := &a.Modes.List[i]
			ts, err := finishScope(reflect.ValueOf(m).Elem(), a.Trigger)
			if err != nil {
				return err
			}
			m.Targets = ts
		}
		return nil
	}
	ts, err := finishScope(reflect.ValueOf(a).Elem(), a.Trigger)
	if err != nil {
		return err
	}
	a.Targets = ts
	return finishNames(a.Effects) // choose_name.go
}

// costZone makes "Exile ~ from your hand" an ability of the hand: the
// cost exiles the source, and the ability functions where it is (CR
// 113.6).
func costZone(a *ability.Ability) {
	if c := a.Cost; c != nil && c.Exile != nil && c.Exile.Ref == ability.Self && c.Exile.Filter != nil {
		a.Zone = c.Exile.Filter.Zone
		cc := *c
		cc.Exile = &ability.Selector{Ref: ability.Self}
		a.Cost = &cc
	}
}

// selfZone makes a triggered ability that returns ~ "from your
// graveyard" an ability of the graveyard (CR 113.6): the effect moves the
// source, and the ability functions where the source is.
func selfZone(a *ability.Ability) {
	if a.Kind != ability.Triggered && a.Kind != ability.Activated || a.Zone != "" || len(a.Effects) != 1 {
		return
	}
	e := &a.Effects[0]
	if o := e.Object; e.Verb == ability.Move && o != nil && o.Ref == ability.Self && o.Filter != nil && o.Filter.Zone == ability.ZoneGraveyard {
		a.Zone = ability.ZoneGraveyard
		e.Object = &ability.Selector{Ref: ability.Self}
	}
}

func finishScope(v reflect.Value, trig *ability.Trigger) ([]ability.Target, error) {
	// Gather antecedents.
	var ante []antecedent
	if trig != nil && !trig.Self && trig.Event != ability.StepBegins { // a step's beginning is about no object
		ante = append(ante, antecedent{pos: -1, event: true})
	}
	if trig != nil && (!trig.Self || trig.ToPlayer != "") {
		ante = append(ante, antecedent{pos: -1, event: true, player: true})
	}
	seen := map[string]bool{}
	walk(v, func(x reflect.Value) {
		switch y := x.Addr().Interface().(type) {
		case *ability.Selector:
			if y.Ref == ability.TargetRef && strings.HasPrefix(y.Name, "#") && !seen[y.Name] {
				seen[y.Name] = true
				ante = append(ante, antecedent{pos: keyPos(y.Name), target: y.Name, player: targetOf(y.Name).Filter == nil})
			}
		case *ability.PlayerRef:
			if y.Who == ability.TargetPlayer && strings.HasPrefix(y.Name, "#") && !seen[y.Name] {
				seen[y.Name] = true
				ante = append(ante, antecedent{pos: keyPos(y.Name), target: y.Name, player: true})
			}
		case *ability.Effect:
			if strings.HasPrefix(y.Bind, "@") {
				ante = append(ante, antecedent{pos: keyPos(y.Bind), bind: y.Bind})
			}
		}
	})
	sort.SliceStable(ante, func(i, j int) bool { return ante[i].pos < ante[j].pos })
	// Did the object itself deal damage before? Then "it deals" is it.
	selfDamage := map[int]bool{}
	walk(v, func(x reflect.Value) {
		if e, ok := x.Addr().Interface().(*ability.Effect); ok && e.Verb == ability.Damage && e.Source == nil {
			selfDamage[0] = true
		}
	})
	namesSelf := false
	walk(v, func(x reflect.Value) {
		if y, ok := x.Addr().Interface().(*ability.Selector); ok && y.Ref == ability.Self {
			namesSelf = true
		}
	})
	find := func(name string, player bool) (antecedent, error) {
		pos := keyPos(name)
		if strings.HasSuffix(name, "|it-source") {
			// "It deals damage": the object itself, when it dealt damage
			// before or nothing else was named; else a guess, refused.
			named := false
			for i := range ante {
				named = named || (ante[i].pos < pos && !ante[i].player)
			}
			if selfDamage[0] || !named {
				return antecedent{pos: -2}, nil
			}
			return antecedent{}, fmt.Errorf("\"it\" deals damage: the object itself or the one named before?")
		}
		var best *antecedent
		for i := range ante {
			if ante[i].pos < pos && ante[i].player == player {
				best = &ante[i]
			}
		}
		if best == nil && !player && strings.HasSuffix(name, "|it") {
			// "It" with nothing before it is the object itself ("Discard
			// ~: It deals 3 damage", "When ~ dies, return it").
			return antecedent{pos: -2}, nil
		}
		if best == nil && player && strings.HasSuffix(name, "|that player") {
			// "Destroy target land an opponent controls. That player may
			// search ...": with no player named before, the controller of
			// the one target object named before.
			var objs []*antecedent
			for i := range ante {
				if ante[i].pos < pos && !ante[i].player {
					objs = append(objs, &ante[i])
				}
			}
			if len(objs) == 1 && objs[0].target != "" {
				c := *objs[0]
				c.controllerOf = true
				return c, nil
			}
		}
		if best == nil {
			return antecedent{}, fmt.Errorf("%q refers to nothing before it", name[strings.IndexByte(name, '|')+1:])
		}
		return *best, nil
	}
	// Resolve pronouns.
	var err error
	walk(v, func(x reflect.Value) {
		if err != nil {
			return
		}
		switch y := x.Addr().Interface().(type) {
		case *ability.Selector:
			if (y.Ref == ability.Bound || y.Ref == ability.Rest) && strings.HasPrefix(y.Name, "$") {
				var an antecedent
				if an, err = find(y.Name, false); err != nil {
					return
				}
				switch {
				case an.pos == -2:
					*y = ability.Selector{Ref: ability.Self}
				case an.event:
					if y.Ref == ability.Rest || y.Choose != nil {
						err = fmt.Errorf("the rest of an event's object")
						return
					}
					if trig.AlsoSelf && namesSelf {
						// "Whenever ~ or another artifact enters, put a
						// counter on ~ and it can't be blocked": ~ or the
						// object that entered? Refused.
						err = fmt.Errorf("%q: ~ or the object of the event?", y.Name[strings.IndexByte(y.Name, '|')+1:])
						return
					}
					*y = ability.Selector{Ref: ability.EventObject}
				case an.target != "":
					if y.Ref == ability.Rest || y.Choose != nil {
						err = fmt.Errorf("the rest of a target")
						return
					}
					*y = ability.Selector{Ref: ability.TargetRef, Name: an.target}
				default:
					y.Name = an.bind
				}
			}
		case *ability.PlayerRef:
			if y.Who == ability.BoundPlayer && strings.HasPrefix(y.Name, "$") {
				var an antecedent
				if an, err = find(y.Name, true); err != nil {
					return
				}
				switch {
				case an.event:
					*y = ability.PlayerRef{Who: ability.EventPlayer}
				case an.controllerOf:
					*y = ability.PlayerRef{Who: ability.Controller, Of: &ability.Selector{Ref: ability.TargetRef, Name: an.target}}
				case an.target != "":
					*y = ability.PlayerRef{Who: ability.TargetPlayer, Name: an.target}
				default:
					err = fmt.Errorf("a player bound by an effect")
				}
			}
		}
	})
	if err != nil {
		return nil, err
	}
	// "It deals damage" of the source is the default source.
	walk(v, func(x reflect.Value) {
		if e, ok := x.Addr().Interface().(*ability.Effect); ok && e.Verb == ability.Damage && e.Source != nil && e.Source.Ref == ability.Self {
			e.Source = nil
		}
	})
	// Number the targets in text order.
	var keys []string
	for k := range seen {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	index := map[string]int{}
	var targets []ability.Target
	for i, k := range keys {
		index[k] = i
		targets = append(targets, targetOf(k))
	}
	// Name the binds.
	names := map[string]string{}
	used := map[string]int{}
	walk(v, func(x reflect.Value) {
		if e, ok := x.Addr().Interface().(*ability.Effect); ok && strings.HasPrefix(e.Bind, "@") {
			verb := e.Bind[strings.IndexByte(e.Bind, '|')+1:]
			used[verb]++
			n := verb
			if used[verb] > 1 {
				n = fmt.Sprintf("%s%d", verb, used[verb])
			}
			names[e.Bind] = n
		}
	})
	walk(v, func(x reflect.Value) {
		switch y := x.Addr().Interface().(type) {
		case *ability.Selector:
			if y.Ref == ability.TargetRef && strings.HasPrefix(y.Name, "#") {
				y.Index, y.Name = index[y.Name], ""
			}
			if n, ok := names[y.Name]; ok {
				y.Name = n
			}
		case *ability.PlayerRef:
			if y.Who == ability.TargetPlayer && strings.HasPrefix(y.Name, "#") {
				y.Index, y.Name = index[y.Name], ""
			}
		case *ability.Effect:
			if n, ok := names[y.Bind]; ok {
				y.Bind = n
			}
		}
	})
	return targets, nil
}

func keyPos(name string) int {
	var n int
	fmt.Sscanf(name[1:], "%d", &n)
	return n
}

func targetOf(key string) ability.Target {
	var t ability.Target
	json.Unmarshal([]byte(key[strings.IndexByte(key, '|')+1:]), &t)
	return t
}

var (
	selectorType  = reflect.TypeOf(ability.Selector{})
	playerRefType = reflect.TypeOf(ability.PlayerRef{})
	effectType    = reflect.TypeOf(ability.Effect{})
	abilityType   = reflect.TypeOf(ability.Ability{})
)

// walk calls f on every Selector, PlayerRef and Effect reachable from v
// (addressable), in field order, without entering abilities of their own
// (granted abilities, token abilities) except a delayed trigger, which
// shares the scope of the effect that sets it up.
func walk(v reflect.Value, f func(reflect.Value)) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			walk(v.Elem(), f)
		}
	case reflect.Slice:
		if v.Type().Elem() == abilityType {
			return
		}
		for i := 0; i < v.Len(); i++ {
			walk(v.Index(i), f)
		}
	case reflect.Struct:
		t := v.Type()
		if t == selectorType || t == playerRefType || t == effectType {
			f(v)
		}
		for i := 0; i < v.NumField(); i++ {
			if t == abilityType && (t.Field(i).Name == "Modes") {
				continue
			}
			walk(v.Field(i), f)
		}
	}
}

// hasTargets reports whether the ability or its modes have target slots.
func hasTargets(a *ability.Ability) bool {
	found := false
	walk(reflect.ValueOf(a).Elem(), func(x reflect.Value) {
		switch y := x.Addr().Interface().(type) {
		case *ability.Selector:
			found = found || y.Ref == ability.TargetRef
		case *ability.PlayerRef:
			found = found || y.Who == ability.TargetPlayer
		}
	})
	return found || len(a.Targets) > 0
}

// shiftTargets renumbers an ability's target references by off, for
// joining two abilities' effects into one.
func shiftTargets(v reflect.Value, off int) {
	walk(v, func(x reflect.Value) {
		switch y := x.Addr().Interface().(type) {
		case *ability.Selector:
			if y.Ref == ability.TargetRef {
				y.Index += off
			}
		case *ability.PlayerRef:
			if y.Who == ability.TargetPlayer {
				y.Index += off
			}
		}
	})
}

// binds returns the names an ability's effects bind.
func binds(a *ability.Ability) []string {
	var out []string
	walk(reflect.ValueOf(a).Elem(), func(x reflect.Value) {
		if e, ok := x.Addr().Interface().(*ability.Effect); ok && e.Bind != "" {
			out = append(out, e.Bind)
		}
	})
	return out
}
