package stepper

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

func TestProgramUpdate(t *testing.T) {
	var p tea.Model = program{m: fakeModel(30), d: fakeData{n: 30, boardLines: 5}}
	p, _ = p.Update(tea.WindowSizeMsg{Width: 100, Height: 40})
	if w, h := p.(program).m.Size(); w != 100 || h != 40 {
		t.Errorf("size %dx%d after a resize", w, h)
	}
	// Runes read together are one key each: "g12" then enter jumps.
	p, _ = p.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("g12")})
	p, _ = p.Update(tea.KeyMsg{Type: tea.KeyEnter})
	if seq := p.(program).m.Seq(); seq != 12 {
		t.Errorf("g12 enter: seq %d", seq)
	}
	p, _ = p.Update(tea.KeyMsg{Type: tea.KeyRight})
	if seq := p.(program).m.Seq(); seq != 13 {
		t.Errorf("right: seq %d", seq)
	}
	if v := p.View(); len(strings.Split(v, "\n")) != 40 || !strings.Contains(v, "board after input 13") {
		t.Errorf("view:\n%s", v)
	}
	_, cmd := p.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("lq")})
	if cmd == nil {
		t.Fatal("q didn't quit")
	}
	if _, ok := cmd().(tea.QuitMsg); !ok {
		t.Error("q's command isn't tea.Quit")
	}
	if _, cmd := p.Update(tea.KeyMsg{Type: tea.KeyCtrlC}); cmd == nil {
		t.Error("ctrl+c didn't quit")
	}
}
