package replay

import (
	"fmt"
	"os"
	"sort"

	"github.com/chronicle-mtg/chronicle/events"
)

// File is a JSON Lines log read whole into memory. It may hold several
// matches, interleaved; each one's events were checked in order when the
// file was read (seq gapless from 1, prev and hash where present).
type File struct {
	path    string
	ids     []string // sorted
	matches map[string][]events.Line
}

var _ Source = (*File)(nil)

// OpenFile reads the JSON Lines log at path. An event that is malformed or
// out of order is an *events.Error naming the file and line; a path that is
// not a readable regular file is another error.
func OpenFile(path string) (*File, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", path)
	}
	lines, err := events.ReadJSONLFile(path, events.ReadOptions{})
	if err != nil {
		return nil, err
	}
	f := &File{path: path, matches: map[string][]events.Line{}}
	for _, l := range lines {
		id := l.Event.Match
		if _, ok := f.matches[id]; !ok {
			f.ids = append(f.ids, id)
		}
		f.matches[id] = append(f.matches[id], l)
	}
	sort.Strings(f.ids)
	return f, nil
}

// Name is the file's path.
func (f *File) Name() string { return f.path }

// Close does nothing: the file was read whole by OpenFile.
func (f *File) Close() error { return nil }

// Matches lists the file's matches, sorted by match id.
func (f *File) Matches() ([]Summary, error) {
	out := make([]Summary, len(f.ids))
	for i, id := range f.ids {
		out[i] = f.summary(id)
	}
	return out, nil
}

// Match describes one match of the file.
func (f *File) Match(id string) (Summary, error) {
	if _, ok := f.matches[id]; !ok {
		return Summary{}, fmt.Errorf("%w %q in %s", ErrUnknownMatch, id, f.path)
	}
	return f.summary(id), nil
}

// Events calls fn for each event of match in seq order.
func (f *File) Events(match string, fn func(*events.Event) error) error {
	lines, ok := f.matches[match]
	if !ok {
		return fmt.Errorf("%w %q in %s", ErrUnknownMatch, match, f.path)
	}
	for _, l := range lines {
		if err := fn(l.Event); err != nil {
			return err
		}
	}
	return nil
}

// line is the file line an event of match came from, 0 if unknown.
func (f *File) line(match string, seq uint64) int {
	for _, l := range f.matches[match] {
		if l.Event.Seq == seq {
			return l.Line
		}
	}
	return 0
}

func (f *File) summary(id string) Summary {
	lines := f.matches[id]
	s := summaryOf(lines[0].Event) // ReadJSONL puts match_started first
	last := lines[len(lines)-1].Event
	s.Events = uint64(len(lines))
	s.HeadSeq, s.Head = last.Seq, last.Hash
	return s
}
