package replay

import (
	"fmt"
	"sort"
	"time"
)

// Filter narrows a listing. Empty fields match everything; set fields must
// all match.
type Filter struct {
	Player string `json:"player,omitempty"` // a player's name, as in match_started
	Event  string `json:"event,omitempty"`  // the tournament or event name
	Date   string `json:"date,omitempty"`   // the UTC day the match started, YYYY-MM-DD
	// Format and Status are not indexed: they narrow what the others found.
	Format string `json:"format,omitempty"`
	Status string `json:"status,omitempty"` // open or finished
}

// Index names, as the store keeps them.
const (
	indexPlayer = "player"
	indexEvent  = "event"
	indexDate   = "date"
)

// Check reports a malformed filter.
func (f Filter) Check() error {
	if f.Date != "" {
		if _, err := time.Parse(time.DateOnly, f.Date); err != nil {
			return fmt.Errorf("date %q: want YYYY-MM-DD", f.Date)
		}
	}
	return nil
}

// terms lists the filter's set fields by index.
func (f Filter) terms() [][2]string {
	var t [][2]string
	for _, kv := range [][2]string{{indexPlayer, f.Player}, {indexEvent, f.Event}, {indexDate, f.Date}} {
		if kv[1] != "" {
			t = append(t, kv)
		}
	}
	return t
}

// Matches reports whether s passes the filter, judged from the summary.
func (f Filter) Matches(s Summary) bool {
	if f.Player != "" {
		found := false
		for _, p := range s.Players {
			found = found || p.Name == f.Player
		}
		if !found {
			return false
		}
	}
	if f.Event != "" && s.Event != f.Event {
		return false
	}
	if f.Date != "" && (s.Started.IsZero() || s.Started.UTC().Format(time.DateOnly) != f.Date) {
		return false
	}
	if f.Format != "" && s.Format != f.Format {
		return false
	}
	return f.Status == "" || s.Status == f.Status
}

// indexed is a source with indexes by player, event and date.
type indexed interface {
	lookup(index, value string) ([]string, error)
}

// List returns the source's matches that pass f, sorted by match id. A store
// answers from its indexes; a file is filtered summary by summary.
func List(src Source, f Filter) ([]Summary, error) {
	if err := f.Check(); err != nil {
		return nil, err
	}
	ix, ok := src.(indexed)
	if !ok || len(f.terms()) == 0 {
		all, err := src.Matches()
		if err != nil {
			return nil, err
		}
		out := all[:0]
		for _, s := range all {
			if f.Matches(s) {
				out = append(out, s)
			}
		}
		return out, nil
	}
	var keep map[string]bool
	for _, t := range f.terms() {
		ids, err := ix.lookup(t[0], t[1])
		if err != nil {
			return nil, err
		}
		next := map[string]bool{}
		for _, id := range ids {
			if keep == nil || keep[id] {
				next[id] = true
			}
		}
		keep = next
	}
	ids := make([]string, 0, len(keep))
	for id := range keep {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	out := make([]Summary, 0, len(ids))
	for _, id := range ids {
		s, err := src.Match(id)
		if err != nil {
			return nil, fmt.Errorf("index names match %s: %w", id, err)
		}
		if f.Format != "" && s.Format != f.Format || f.Status != "" && s.Status != f.Status {
			continue
		}
		out = append(out, s)
	}
	return out, nil
}
