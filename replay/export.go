package replay

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/chronicle-mtg/chronicle/events"
)

// FormatJSONL is the JSON Lines export: each event's full envelope (seq,
// recorded, prev and hash included), one per line, as events.ReadJSONL reads
// it back.
const FormatJSONL = "jsonl"

// ErrUnknownFormat means an export format Export does not write.
var ErrUnknownFormat = errors.New("unknown export format")

// Formats lists the export formats Export writes.
func Formats() []string { return []string{FormatJSONL} }

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

// Export writes match from src to w in format. An unknown format is an error
// wrapping ErrUnknownFormat, an unknown match one wrapping ErrUnknownMatch;
// neither writes anything.
func Export(w io.Writer, src Source, match, format string) error {
	if err := CheckFormat(format); err != nil {
		return err
	}
	if _, err := src.Match(match); err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	err := src.Events(match, func(ev *events.Event) error {
		line, err := ev.MarshalJSONLine()
		if err != nil {
			return err
		}
		bw.Write(line)
		return bw.WriteByte('\n')
	})
	if err != nil {
		return err
	}
	return bw.Flush()
}
