package replay

import (
	"bytes"
	"errors"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer"
)

// replayChunk is how many inputs replayChunked reads at a time.
const replayChunk = 512

// errChunkEnd ends the reading of one chunk; fn's own errors (errStop
// among them) pass through untouched.
var errChunkEnd = errors.New("end of chunk")

// replayChunked is Replay for a source that keeps effects beside the inputs
// (the store): it reads the effects of the next chunk of inputs, then their
// events, each with a cursor from the chunk's first seq, so the memory a
// replay takes doesn't grow with the log.
func replayChunked(src SnapshotSource, match string, fn func(g *reducer.Game, in Input) error) error {
	g := reducer.New(nil)
	checks, err := checksOf(src, match)
	if err != nil {
		return err
	}
	for from := uint64(1); ; from += replayChunk {
		to := from + replayChunk - 1
		stored := map[uint64][]byte{}
		err := src.EffectsFrom(match, from, func(seq uint64, b []byte) error {
			if seq > to {
				return errChunkEnd
			}
			stored[seq] = bytes.Clone(b)
			return nil
		})
		if err != nil && err != errChunkEnd {
			return err
		}
		n := 0
		err = src.EventsFrom(match, from, func(ev *events.Event) error {
			if ev.Seq > to {
				return errChunkEnd
			}
			n++
			return replayInput(src, match, g, ev, stored, checks, fn)
		})
		if err != nil && err != errChunkEnd {
			return err
		}
		if n < replayChunk {
			return nil
		}
	}
}
