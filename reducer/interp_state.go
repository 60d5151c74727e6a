package reducer

import "slices"

// What a spell or ability driven by the ability language keeps on the
// stack: the modes and targets chosen as it was cast or activated, and, as
// it resolves, where it stopped to ask a question and what its earlier
// effects bound ("the exiled card", "those cards", "the rest").

// LangState is a language spell's or ability's choices and progress.
type LangState struct {
	// Modes chosen, in printed order (CR 700.2a); nil for a non-modal one.
	Modes []int
	// Slots: how many of Targets each target slot holds, in slot order
	// (the chosen modes' slots one after another).
	Slots []int
	// Pc is where its resolution stopped to ask (a path into its effects:
	// the mode's ordinal among those chosen, the effect's index, then the
	// index inside a nested list, ...); nil before it begins.
	Pc []int
	// Bound are the names its effects bound so far, in binding order.
	Bound []Binding
	// Enter: on a permanent, the choices still to make as it entered
	// (interp_replace.go).
	Enter []string
}

// Binding is what an effect bound under a name: objects or players, a
// chosen word (a colour, a creature type, a card name), and whether the
// effect happened ("If you do").
type Binding struct {
	Name  string
	Items []Target
	Text  string
	Did   bool
}

func (l *LangState) clone() *LangState {
	if l == nil {
		return nil
	}
	c := &LangState{Modes: slices.Clone(l.Modes), Slots: slices.Clone(l.Slots), Pc: slices.Clone(l.Pc), Enter: slices.Clone(l.Enter)}
	c.Bound = make([]Binding, len(l.Bound))
	for i, b := range l.Bound {
		b.Items = slices.Clone(b.Items)
		c.Bound[i] = b
	}
	return c
}

// binding finds the latest binding of name.
func (l *LangState) binding(name string) *Binding {
	if l == nil {
		return nil
	}
	for i := len(l.Bound) - 1; i >= 0; i-- {
		if l.Bound[i].Name == name {
			return &l.Bound[i]
		}
	}
	return nil
}

// Ops of the ability language's interpreter.
const (
	// OpChoices: stack object Obj was cast or activated choosing Ints:
	// [number of modes, the modes..., targets per slot...].
	OpChoices Op = 241
	// OpPc: the resolving Obj stopped at path Ints to ask a question.
	OpPc Op = 242
	// OpBind: the resolving Obj binds Name to Targets (objects and
	// players), Kind (a chosen word) and N (1: the effect happened).
	OpBind Op = 243
)

func init() {
	registerOp(OpChoices, func(s *State, e *Effect) {
		o := s.mustObj(e.Obj)
		if o.Lang == nil {
			o.Lang = &LangState{}
		}
		n := e.Ints[0]
		o.Lang.Modes = slices.Clone(e.Ints[1 : 1+n])
		o.Lang.Slots = slices.Clone(e.Ints[1+n:])
		if len(o.Lang.Modes) == 0 {
			o.Lang.Modes = nil
		}
	})
	registerOp(OpPc, func(s *State, e *Effect) {
		o := s.mustObj(e.Obj)
		if o.Lang == nil {
			o.Lang = &LangState{}
		}
		o.Lang.Pc = slices.Clone(e.Ints)
	})
	registerOp(OpBind, func(s *State, e *Effect) {
		o := s.mustObj(e.Obj)
		if o.Lang == nil {
			o.Lang = &LangState{}
		}
		o.Lang.Bound = append(o.Lang.Bound, Binding{Name: e.Name, Items: slices.Clone(e.Targets), Text: e.Kind, Did: e.N == 1})
	})
	extDescribe[OpChoices] = func(s *State, e Effect) string {
		n := e.Ints[0]
		return "choices of " + descObj(s, e.Obj) + ": modes " + intsString(e.Ints[1:1+n]) + ", targets per slot " + intsString(e.Ints[1+n:])
	}
	extDescribe[OpPc] = func(s *State, e Effect) string {
		return descObj(s, e.Obj) + " waits at " + intsString(e.Ints)
	}
	extDescribe[OpBind] = func(s *State, e Effect) string {
		out := descObj(s, e.Obj) + " binds " + e.Name
		if len(e.Targets) > 0 {
			out += " to " + targetsString(s, e.Targets)
		}
		if e.Kind != "" {
			out += " = " + e.Kind
		}
		if e.N == 1 {
			out += " (done)"
		}
		return out
	}
}

func intsString(ns []int) string {
	out := "["
	for i, n := range ns {
		if i > 0 {
			out += " "
		}
		out += itoa(n)
	}
	return out + "]"
}

func targetsString(s *State, ts []Target) string {
	out := ""
	for i, t := range ts {
		if i > 0 {
			out += ", "
		}
		if t.Obj == 0 {
			out += s.Players[t.Player].ID
		} else {
			out += descObj(s, ObjID(t.Obj))
		}
	}
	return out
}
