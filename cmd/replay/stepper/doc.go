// Package stepper is `replay step`: a terminal stepper through a recorded
// match, for a judge going over a disputed turn or a developer over a bug
// report.
//
// It is three parts, each testable without a terminal:
//
//   - Model (model.go) is where the stepper stands and what it is doing:
//     the cursor over the match's inputs, a seq being typed after g, the
//     help, the window size. Keys move it (Model.Key); it knows nothing of
//     boards or of the terminal.
//   - Render (render.go) lays a Model and the match's Data out on a screen
//     of the window's size: a status line, the board as the chosen viewer
//     sees it after the input at the cursor, the narrative around the
//     cursor, and the keys. Every line is cut to the width and the whole to
//     the height, so it works in 80x24.
//   - Run (program.go) puts the two under bubbletea
//     (github.com/charmbracelet/bubbletea), which owns the terminal: raw
//     input, the alternate screen, resizes.
//
// MatchData (data.go) is the Data of a recorded match, read through a
// query.Reader: the timeline (narrative, recorded times, marks) read once,
// and boards asked for as the stepper moves (in this process a cursor
// seeks from the nearest snapshot; with --nats a recorder does).
package stepper
