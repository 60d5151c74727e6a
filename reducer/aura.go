package reducer

import (
	"slices"
	"strings"

	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Auras (CR 303.4; cards/aura.go has the cards' data).
//
// An Aura spell targets what its enchant ability allows (CR 303.4a,
// 702.5a); casting checks the target like any spell's. As it resolves, a
// choice its text makes "as this Aura enters" (a colour chosen) is
// asked first, with a `choose` input (CR 614.12: the choice is part of the
// event of entering, made before it enters); then it enters attached to its
// target (CR 303.4a, 608.3). If its target has become illegal it doesn't
// resolve at all (CR 608.2b, resolve.go) and goes to its owner's
// graveyard.
//
// Object.AttachedTo names what it's attached to. Objects get new ids when
// they change zones (CR 400.7), so an Aura whose permanent leaves is
// attached to an object that no longer exists: the state-based action of
// CR 704.5m then puts it into its owner's graveyard, as it does an Aura
// attached to nothing or to something its enchant ability no longer allows
// (a Forest that stopped being a Forest).
//
// "Whenever enchanted Forest is tapped for mana" is a triggered mana
// ability (mana.go, manaTriggerAdds): it resolves at once (CR 605.3b).

// Aura effect ops (range 200-219, shared with regenerate.go).
const (
	OpAttach Op = 210 // Obj becomes attached to To (0: to nothing), CR 303.4
	OpChosen Op = 211 // Obj's choice as it entered is Name (a colour's letter, or a card name)
)

var colorChoices = []string{"W", "U", "B", "R", "G"}

func init() {
	registerOp(OpAttach, func(s *State, e *Effect) { s.mustObj(e.Obj).AttachedTo = e.To })
	registerOp(OpChosen, func(s *State, e *Effect) { s.mustObj(e.Obj).Chosen = e.Name })
	extDescribe[OpAttach] = func(s *State, e Effect) string {
		if e.To == 0 {
			return e.Obj.String() + " is attached to nothing"
		}
		return e.Obj.String() + " is attached to " + descObj(s, e.To)
	}
	extDescribe[OpChosen] = func(s *State, e Effect) string {
		if t, ok := strings.CutPrefix(e.Name, chosenTypePrefix); ok { // interp_chosen_type.go
			return e.Obj.String() + ": the creature type " + t + " is chosen as it enters"
		}
		if len(e.Name) > 1 {
			return e.Obj.String() + ": the name " + e.Name + " is chosen as it enters"
		}
		return e.Obj.String() + ": " + colorWord(e.Name) + " is chosen as it enters"
	}
	extTargetRules[cards.EnchantForest] = func(g *Game, o, src *Object) string {
		switch {
		case o.Zone != ZoneBattlefield:
			return g.S.objName(o.ID) + " is not a permanent on the battlefield"
		case !o.HasSubtype("Forest"):
			return g.S.objName(o.ID) + " is not a Forest (Enchant Forest, CR 303.4a)"
		}
		return ""
	}
}

func colorWord(letter string) string {
	switch letter {
	case "W":
		return "white"
	case "U":
		return "blue"
	case "B":
		return "black"
	case "R":
		return "red"
	case "G":
		return "green"
	}
	return "no colour"
}

// isAuraSpell: o is an Aura spell whose enchant ability is modelled.
func isAuraSpell(o *Object) bool {
	return o.Ability == 0 && o.Trigger == 0 && o.Zone == ZoneStack && o.def() != nil && o.def().AuraOf() != nil
}

// resolveAura resolves an Aura spell whose target is legal: step 0 asks
// the choice it makes as it enters, if any; then it enters attached to its
// target. It reports whether the resolution finished.
func (g *Game) resolveAura(o *Object, answer []string) bool {
	aura := o.def().AuraOf()
	return g.runResolve(o, answer, func(w *world) {
		if w.Step() == 0 && aura.ChooseColor {
			w.Ask(o.Controller, "choose a color for "+o.Name()+" (as it enters, CR 614.12)", colorChoices, 1, 1)
			return
		}
		var to ObjID
		if len(o.Targets) > 0 && g.targetIllegalFrom(aura.Enchant, o.Targets[0], o) == "" {
			to = ObjID(o.Targets[0].Obj)
		}
		nid := g.moveQuiet(o.ID, ZoneBattlefield, o.Controller, -1)
		if to != 0 {
			g.emit(Effect{Op: OpAttach, Obj: nid, To: to})
		}
		if aura.ChooseColor && len(answer) == 1 && slices.Contains(colorChoices, answer[0]) {
			g.emit(Effect{Op: OpChosen, Obj: nid, Name: answer[0]})
		}
		g.entered(nid)
	})
}

// illegalAuras are the Auras on the battlefield attached to nothing, to an
// object that is gone, or to one their enchant ability doesn't allow (CR
// 704.5m).
func (g *Game) illegalAuras() []ObjID {
	s := g.S
	var out []ObjID
	for _, id := range s.printedOr(s.sources().auras) { // sba.go
		o := s.Objects[id]
		if !o.Is("Enchantment") || !o.HasSubtype("Aura") { // the cheaper question first
			continue
		}
		if why := g.auraIllegal(o); why != "" {
			out = append(out, id)
		}
	}
	return out
}

// auraIllegal says why the Aura o on the battlefield can't stay attached
// as it is, or "".
func (g *Game) auraIllegal(o *Object) string {
	if o.AttachedTo == 0 {
		return "attached to nothing"
	}
	if o.AttachedTo == o.ID {
		return "attached to itself (CR 303.4d)"
	}
	to := g.S.Obj(o.AttachedTo)
	if to == nil || to.Zone != ZoneBattlefield {
		return "what it was attached to has left the battlefield"
	}
	if a := o.def().AuraOf(); a != nil {
		if why := g.targetIllegalKind(a.Enchant, Target{Obj: uint32(to.ID)}, o); why != "" {
			return why
		}
	}
	return g.langAuraIllegal(o, to) // interp_attach.go
}
