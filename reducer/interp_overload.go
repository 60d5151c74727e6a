package reducer

import (
	"encoding/json"
	"errors"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Overload (CR 702.96a): a spell with overload may be cast for its
// overload cost (an alternative cost: the cast names "alternative":
// "overload"); cast so, its text has each "target" changed to "each"
// (CR 702.96b): it has no targets, and what it did to the target it does
// to every object its target slot would have accepted.

// overloadOf is spell ability a with its targets made "each": every
// selector of target slot i becomes all the objects slot i accepts. ok is
// false when a slot may be a player or there is nothing to change.
func overloadOf(a *ability.Ability) (*ability.Ability, bool) {
	if a == nil || len(a.Targets) == 0 || a.Modes != nil {
		return nil, false
	}
	for _, t := range a.Targets {
		if t.Players != "" || t.Filter == nil || t.Divided || t.Rule != "" {
			return nil, false
		}
	}
	raw, err := json.Marshal(a)
	if err != nil {
		return nil, false
	}
	var tree map[string]any
	if json.Unmarshal(raw, &tree) != nil {
		return nil, false
	}
	filters := make([]any, len(a.Targets))
	for i, t := range a.Targets {
		fb, _ := json.Marshal(t.Filter)
		var f any
		json.Unmarshal(fb, &f)
		filters[i] = f
	}
	delete(tree, "targets")
	ok := true
	var walk func(v any) any
	walk = func(v any) any {
		switch x := v.(type) {
		case map[string]any:
			if x["ref"] == string(ability.TargetRef) {
				i := 0
				if n, isNum := x["index"].(float64); isNum {
					i = int(n)
				}
				if i >= len(filters) || x["filter"] != nil {
					ok = false
					return x
				}
				out := map[string]any{}
				for k, val := range x {
					out[k] = val
				}
				delete(out, "index")
				out["ref"], out["filter"] = string(ability.All), filters[i]
				return out
			}
			for k, val := range x {
				x[k] = walk(val)
			}
		case []any:
			for i := range x {
				x[i] = walk(x[i])
			}
		}
		return v
	}
	walk(tree)
	raw, err = json.Marshal(tree)
	if err != nil || !ok {
		return nil, false
	}
	var out ability.Ability
	if json.Unmarshal(raw, &out) != nil || ability.Validate(&out, "overload") != nil {
		return nil, false
	}
	return &out, true
}

// hasKeyword reports whether lc has keyword name.
func (lc *langCard) hasKeyword(name string) bool {
	for _, a := range lc.keywords {
		if a.Keyword.Name == name {
			return true
		}
	}
	return false
}

// buildOverload works out the overloaded spell of a card with overload,
// or marks the card unsupported when it can't be.
func (lc *langCard) buildOverload() {
	if !lc.hasKeyword("Overload") {
		return
	}
	ov, ok := overloadOf(lc.spell)
	if !ok {
		if lc.unsupported == nil {
			lc.unsupported = errors.New("overload: this spell's targets can't all be made \"each\" yet")
		}
		return
	}
	if err := Supports(ov); err != nil && lc.unsupported == nil {
		lc.unsupported = errors.New("overload: " + err.Error())
	}
	lc.overloaded = ov
}

// spellFor is the spell ability a cast for alternative cost alt has.
func (lc *langCard) spellFor(alt string) *ability.Ability {
	if alt == "overload" && lc.overloaded != nil {
		return lc.overloaded
	}
	return lc.spell
}
