package replay

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/store"
)

// Branches: "what if I had blocked". A recorded match is a main line and
// never changes. A branch is a new match of the store whose meta names its
// parent and its branch point, the last seq it shares with the parent; it
// shares the parent's inputs up to there (they are read from the parent,
// not copied) and continues with inputs of its own, which Append validates
// like any recorded input. Every reader (show, log, verify, export, ...)
// sees a branch as a whole match from seq 1. Branches of branches nest.

// ErrNameTaken means a branch name that a stored match has already.
var ErrNameTaken = errors.New("name taken")

// OpenStoreForWriting opens the store in the data directory dir for
// writing, as branch and append do. It never creates a store: a missing file
// is an error wrapping ErrNoStore. While another process has the store open
// (a running recorder, or a reader) it waits opt.Wait, then fails with an
// error wrapping store.ErrLocked. Opening writes nothing to the file; only a
// command's commit does.
func OpenStoreForWriting(dir string, opt StoreOptions) (*Store, error) {
	path := filepath.Join(dir, store.FileName)
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w at %s (record something first: `recorder record --data %s FILE.jsonl`)", ErrNoStore, path, dir)
	}
	st, err := store.Open(path, store.Options{Timeout: opt.Wait})
	if err != nil {
		return nil, err
	}
	return &Store{st: st}, nil
}

// Branch makes name a branch of the stored match parent after its input at,
// with an optional label saying what it explores, and returns its summary.
// An unknown parent is an error wrapping ErrUnknownMatch; at past the
// parent's last input, one wrapping ErrNotReached; a name that is not a
// valid match id, or is taken (ErrNameTaken), another error. Nothing is
// written on error.
func Branch(s *Store, parent string, at uint64, name, label string) (Summary, error) {
	p, err := s.Match(parent)
	if err != nil {
		return Summary{}, err
	}
	switch {
	case at == 0:
		return Summary{}, fmt.Errorf("a branch point is an input's seq, from 1")
	case at > p.HeadSeq:
		return Summary{}, errNotReached("can't branch %s after seq %d: it is past the end of the match, whose last input is seq %d", parent, at, p.HeadSeq)
	case !events.ValidMatchID(name):
		return Summary{}, fmt.Errorf("branch name %q is not a valid match id (letters, digits, '-' and '_', 1 to 64 characters)", name)
	}
	if taken, err := s.Match(name); err == nil {
		what := "a recorded match"
		if taken.Parent != "" {
			what = fmt.Sprintf("a branch of %s after seq %d", taken.Parent, taken.BranchPoint)
		}
		return Summary{}, fmt.Errorf("%w: %s is %s already; pick another name", ErrNameTaken, name, what)
	}
	m, err := s.of(parent).CreateBranch(parent, at, name, label)
	if err != nil {
		return Summary{}, err
	}
	return summaryOfMeta(m), nil
}

// owners returns, for each seq of the match sum describes, the match its
// event was stored for: the match itself, or for a seq a branch shares with
// its parent, whichever ancestor recorded it.
func owners(src Source, sum Summary) (func(seq uint64) string, error) {
	type cut struct {
		match string
		after uint64 // seqs after it are match's own
	}
	var cuts []cut
	for s := sum; ; {
		if s.Parent == "" {
			root := s.Match
			return func(seq uint64) string {
				for _, c := range cuts {
					if seq > c.after {
						return c.match
					}
				}
				return root
			}, nil
		}
		if len(cuts) > 1000 {
			return nil, fmt.Errorf("match %s: branches nested over 1000 deep (parents in a loop?)", sum.Match)
		}
		cuts = append(cuts, cut{s.Match, s.BranchPoint})
		p, err := src.Match(s.Parent)
		if err != nil {
			return nil, fmt.Errorf("branch %s: parent: %w", s.Match, err)
		}
		s = p
	}
}
