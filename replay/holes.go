package replay

import (
	"github.com/chronicle-mtg/chronicle/events/store"
)

// Holes in the input stream: messages gone from the stream before the
// recorder read them (a limit trimmed them, someone deleted them or the
// whole stream). Their inputs are lost; the store keeps a record of each
// stretch, and verify and audit report it for the store as a whole.

const (
	FindingHole = "hole"     // stream messages lost before the recorder read them
	RuleHole    = "LOG-HOLE" // the rule of a hole: nothing may be lost unseen
)

// Holes lists the stretches of the input stream lost before the recorder
// read them.
func (s *Store) Holes() ([]*store.Hole, error) {
	var out []*store.Hole
	for _, st := range s.all() {
		hs, err := st.Holes()
		if err != nil {
			return nil, err
		}
		out = append(out, hs...)
	}
	return out, nil
}

// holeResults is a failed Result, for the store as a whole, per hole.
func holeResults(s *Store) ([]Result, error) {
	holes, err := s.Holes()
	if err != nil {
		return nil, err
	}
	var out []Result
	for _, h := range holes {
		out = append(out, Result{Field: "stream", Reason: h.String(), Rule: RuleHole})
	}
	return out, nil
}

// AuditStore reports what concerns the store as a whole rather than one
// match: the holes in the input stream. Its Report has no match; OK when
// there is nothing to report.
func AuditStore(s *Store) (Report, error) {
	rep := Report{}
	holes, err := s.Holes()
	if err != nil {
		return rep, err
	}
	for _, h := range holes {
		rep.add(Finding{Kind: FindingHole, Rule: RuleHole, Reason: h.String()})
	}
	rep.finish()
	return rep, nil
}
