package reducer

import (
	"strings"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Mana a spell or an ability on the stack adds that its controller
// chooses as it resolves (CR 106.1b, 608.2d): "Add two mana in any
// combination of colors" (Manamorphose), "three mana of any one color",
// "{U} or {R}". The choice is a question whose options are the forms the
// mana may take, as mana letters in WUBRG order ("RG", "UU").

// spellManaForms lists the forms of a chosen add_mana, or nil when the
// mana is fixed or can't be listed.
func spellManaForms(m *ability.ManaSpec) []string {
	switch {
	case len(m.OneOf) > 0 && m.Amount == nil && !m.Any:
		var out []string
		for _, f := range m.OneOf {
			syms, err := ability.ParseMana(f)
			if err != nil {
				return nil
			}
			form := ""
			for _, s := range syms {
				if _, ok := parseManaLetter(s); !ok || len(s) != 1 {
					return nil
				}
				form += s
			}
			out = append(out, form)
		}
		return out
	case m.Any && m.Fixed == "" && len(m.OneOf) == 0:
		n, ok := m.Amount.IsFixed()
		if m.Amount == nil {
			n, ok = 1, true
		}
		if !ok || n < 1 || n > 3 {
			return nil
		}
		if m.Same {
			var out []string
			for _, l := range "WUBRG" {
				out = append(out, strings.Repeat(string(l), n))
			}
			return out
		}
		return manaCombinations("", 0, n)
	}
	return nil
}

// manaCombinations lists the multisets of n colours from WUBRG[from:],
// each in WUBRG order, after prefix.
func manaCombinations(prefix string, from, n int) []string {
	if n == 0 {
		return []string{prefix}
	}
	var out []string
	for i := from; i < 5; i++ {
		out = append(out, manaCombinations(prefix+string("WUBRG"[i]), i, n-1)...)
	}
	return out
}

// spellManaSupported says why a spell's add_mana isn't carried out, or "".
func spellManaSupported(e *ability.Effect) string {
	m := e.Mana
	if m.Fixed != "" && len(m.OneOf) == 0 && !m.Any && m.Among == "" && m.Spend == nil {
		return ""
	}
	if m.Among != "" || m.Spend != nil || len(m.Colors) > 0 || spellManaForms(m) == nil {
		return "mana other than fixed symbols or a choice of colours"
	}
	if e.Player != nil && e.Player.Who != ability.You {
		return "mana of a choice another player makes"
	}
	return ""
}

// chosenMana adds the mana of a chosen form, asking at step 1 which.
func (x *verbRun) chosenMana(src ObjID) {
	forms := spellManaForms(x.e.Mana)
	form := forms[0]
	if len(forms) > 1 {
		step, answer := x.at()
		if step < 1 || answer == nil {
			x.ask(1, Question{Player: x.r.ctx.you, Options: forms, N: 1, Max: 1, Prompt: "choose the mana to add"})
			return
		}
		form = answer[0]
	}
	for _, l := range form {
		col, _ := cards.ParseColor(string(l))
		x.r.g.emit(Effect{Op: OpAddMana, Seat: x.r.ctx.you, Obj: src, Color: col})
	}
	x.did = true
}
