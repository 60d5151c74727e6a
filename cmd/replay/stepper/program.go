package stepper

import (
	"context"
	"io"

	tea "github.com/charmbracelet/bubbletea"
)

// Options tune Run.
type Options struct {
	// Input is where keys come from; nil means the terminal. A reader that
	// is not a terminal is read as typed keys, as tests do.
	Input io.Reader
	// Output is where the screen goes; nil means stdout.
	Output io.Writer
	// AltScreen draws on the terminal's alternate screen, leaving the
	// scrollback as it was after quitting.
	AltScreen bool
}

// program is Model and Data under bubbletea's Elm architecture.
type program struct {
	m Model
	d Data
}

func (p program) Init() tea.Cmd { return nil }

func (p program) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		p.m = p.m.Resize(msg.Width, msg.Height)
	case tea.KeyMsg:
		for _, k := range keys(msg) {
			var quit bool
			if p.m, quit = p.m.Key(k); quit {
				return p, tea.Quit
			}
		}
	}
	return p, nil
}

func (p program) View() string { return Render(p.m, p.d) }

// keys names the keys of a key message. Runes typed faster than the
// terminal is read ("g120" arrives whole), and pasted ones, are one key
// each.
func keys(msg tea.KeyMsg) []string {
	if msg.Type == tea.KeyRunes && !msg.Alt && len(msg.Runes) > 1 {
		out := make([]string, len(msg.Runes))
		for i, r := range msg.Runes {
			out[i] = string(r)
		}
		return out
	}
	return []string{msg.String()}
}

// Run steps through d from m until the user quits (q or ctrl+c) or ctx
// ends, and returns the model as it was left.
func Run(ctx context.Context, m Model, d Data, opt Options) (Model, error) {
	opts := []tea.ProgramOption{tea.WithContext(ctx)}
	if opt.Input != nil {
		opts = append(opts, tea.WithInput(opt.Input))
	}
	if opt.Output != nil {
		opts = append(opts, tea.WithOutput(opt.Output))
	}
	if opt.AltScreen {
		opts = append(opts, tea.WithAltScreen())
	}
	final, err := tea.NewProgram(program{m: m, d: d}, opts...).Run()
	if p, ok := final.(program); ok {
		m = p.m
	}
	return m, err
}
