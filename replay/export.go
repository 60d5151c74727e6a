package replay

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer"
)

// Export formats.
const (
	// FormatJSONL is each event's full envelope (seq, recorded, prev and
	// hash included), one per line, as events.ReadJSONL reads it back.
	FormatJSONL = "jsonl"
	// FormatText is the narrative for a judge's report: what each input
	// did and what followed, then the position at the end, as a viewer saw
	// it.
	FormatText = "text"
	// FormatSetup is a bug report that starts at the interesting moment:
	// match_started, one setup input placing the position, then the inputs
	// that followed (see export_setup.go).
	FormatSetup = "setup"
)

// ErrUnknownFormat means an export format Export does not write.
var ErrUnknownFormat = errors.New("unknown export format")

// ErrHidden means a viewer other than the judge asked for an export that
// holds the whole log.
var ErrHidden = errors.New("only a judge sees the whole log")

// Formats lists the export formats Export writes.
func Formats() []string {
	return []string{FormatJSONL, FormatText, FormatSetup, FormatForge, FormatXMage}
}

// CheckFormat returns an error wrapping ErrUnknownFormat, listing the
// supported ones, unless Export writes format.
func CheckFormat(format string) error {
	for _, f := range Formats() {
		if f == format {
			return nil
		}
	}
	return fmt.Errorf("%w %q (supported: %s)", ErrUnknownFormat, format, strings.Join(Formats(), ", "))
}

// ExportOptions narrow an export.
type ExportOptions struct {
	// At is the last input exported: jsonl and text stop after it, setup
	// places the position right after it. 0 means the end.
	At uint64
	// As is who looks (see Viewer): a text export tells only what that
	// viewer could see. jsonl and setup exports hold the whole log, hidden
	// cards included, so they are for the judge (the default) only.
	As string
	// Report receives the fidelity report of an export to another engine
	// (forge, xmage-test): what carried over and what was dropped. The
	// file holds it as comments too.
	Report io.Writer
}

// Export writes the whole of match from src to w in format, as the judge
// sees it; see ExportWith.
func Export(w io.Writer, src Source, match, format string) error {
	return ExportWith(w, src, match, format, ExportOptions{})
}

// ExportWith writes match from src to w in format. Nothing is written on
// error: an unknown format is an error wrapping ErrUnknownFormat, an unknown
// match one wrapping ErrUnknownMatch, opt.At past the end one wrapping
// ErrNotReached, a player's view of a jsonl or setup export one wrapping
// ErrHidden, a position a setup can't place a *SetupError, and an input the
// rules forbid (in a file) an *IllegalError.
func ExportWith(w io.Writer, src Source, match, format string, opt ExportOptions) error {
	if err := CheckFormat(format); err != nil {
		return err
	}
	sum, err := src.Match(match)
	if err != nil {
		return err
	}
	as, err := Viewer(sum, opt.As)
	if err != nil {
		return err
	}
	if as != reducer.ViewJudge && format != FormatText {
		return fmt.Errorf("--as %s: %w: a %s export holds every card of the log; --format text tells what %s could see", opt.As, ErrHidden, format, as)
	}
	at := opt.At
	switch {
	case at == 0:
		at = sum.HeadSeq
	case at > sum.HeadSeq:
		return errNotReached("seq %d is past the end of match %s: its last input is seq %d", at, match, sum.HeadSeq)
	}
	var buf bytes.Buffer
	switch format {
	case FormatJSONL:
		err = exportJSONL(&buf, src, sum, at)
	case FormatText:
		err = exportText(&buf, src, sum, at, as)
	case FormatSetup:
		err = exportSetup(&buf, src, sum, at)
	case FormatForge:
		err = exportForge(&buf, src, sum, at, opt.Report) // export_forge.go
	case FormatXMage:
		err = exportXMage(&buf, src, sum, at, opt.Report) // export_xmage.go
	}
	if err != nil {
		return err
	}
	_, err = w.Write(buf.Bytes())
	return err
}

// exportJSONL writes the envelopes of inputs 1 to at. A branch is written
// as a match of its own, so that the file can be recorded anywhere: the
// inputs it shares with its parent (stored under the parent's id) carry the
// branch's id, and the chain is sealed anew over them (seq and recorded
// kept). The stored chain is what `replay verify` checks.
func exportJSONL(w io.Writer, src Source, sum Summary, at uint64) error {
	var prev events.Hash
	return stopAt(src.Events(sum.Match, func(ev *events.Event) error {
		if ev.Seq > at {
			return errExportDone
		}
		if sum.Parent != "" {
			c := *ev
			c.Match, c.Prev = sum.Match, prev
			c.Seal()
			ev, prev = &c, c.Hash
		}
		line, err := ev.MarshalJSONLine()
		if err != nil {
			return err
		}
		w.Write(line)
		_, err = w.Write([]byte{'\n'})
		return err
	}))
}

// errExportDone stops a walk past the last input exported.
var errExportDone = errors.New("export done")

// stopAt turns the walk's deliberate stop into success.
func stopAt(err error) error {
	if errors.Is(err, errExportDone) {
		return nil
	}
	return err
}
