package replay

import (
	"errors"
	"fmt"
	"strings"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/store"
	"github.com/chronicle-mtg/chronicle/reducer"
)

// How far the rules checked a match's inputs. An input may carry the
// table's effects (package reducer, table.go): where the engine doesn't
// model a card they stand for its text and the input is unverified; where
// the rules refuse the input or derive another game it is disputed. The
// store keeps what the rules said of each such input when it was
// recorded; a file is replayed with the rules to find out. Every other
// input is verified.

// Verification is what the rules said of an input they could not verify.
type Verification struct {
	Seq    uint64 `json:"seq"`
	Status string `json:"status"` // "unverified" or "disputed"
	// Cards are the unmodelled cards the table's effects stood for.
	Cards []string `json:"cards,omitempty"`
	// Rule: TABLE-UNVERIFIED, TABLE-DISPUTE, or the rule that refused the
	// input; Reason the facts.
	Rule   string `json:"rule"`
	Reason string `json:"reason"`
	// Table and Engine are a dispute's two versions in the table's
	// vocabulary (Engine is empty when the rules refused the input).
	Table  []events.TableEffect `json:"table,omitempty"`
	Engine []events.TableEffect `json:"engine,omitempty"`
}

// verificationOf is what Submit said of the input it just took; nil for a
// verified one.
func verificationOf(seq uint64, v reducer.Verification) *Verification {
	if v.Status == reducer.Verified || v.Status == "" {
		return nil
	}
	return &Verification{Seq: seq, Status: v.Status, Cards: v.Cards, Rule: v.Rule, Reason: v.Reason, Table: v.Table, Engine: v.Engine}
}

func fromStored(v store.Verification) Verification {
	return Verification{Seq: v.Seq, Status: v.Status, Cards: v.Cards, Rule: v.Rule, Reason: v.Reason, Table: v.Table, Engine: v.Engine}
}

// String reads like "unverified (Fylamarid): the table's effects stand for
// ... (TABLE-UNVERIFIED)".
func (v Verification) String() string {
	s := v.Status
	if len(v.Cards) > 0 {
		s += " (" + strings.Join(v.Cards, ", ") + ")"
	}
	return fmt.Sprintf("%s: %s (%s)", s, v.Reason, v.Rule)
}

// verifier is a source that keeps what the rules said of its inputs: the
// store.
type verifier interface {
	verifications(match string) (map[uint64]Verification, error)
}

func (s *Store) verifications(match string) (map[uint64]Verification, error) {
	vs, err := s.of(match).Verifications(match)
	if err != nil {
		return nil, err
	}
	out := make(map[uint64]Verification, len(vs))
	for _, v := range vs {
		out[v.Seq] = fromStored(v)
	}
	return out, nil
}

// Verifications lists what the rules said of each of match's inputs they
// could not verify, in seq order: from the store as it was recorded, or,
// from a file, by replaying it with the rules (an input they forbid ends
// the list with an *IllegalError).
func Verifications(src Source, match string) ([]Verification, error) {
	return verificationsUpTo(src, match, 0)
}

// errPast ends a replay past the inputs asked about.
var errPast = errors.New("past the inputs asked about")

// verificationsUpTo is Verifications of inputs 1 to upTo (0: all).
func verificationsUpTo(src Source, match string, upTo uint64) ([]Verification, error) {
	if _, err := src.Match(match); err != nil {
		return nil, err
	}
	if st, ok := src.(*Store); ok {
		vs, err := st.of(match).Verifications(match)
		if err != nil {
			return nil, err
		}
		out := make([]Verification, len(vs))
		for i, v := range vs {
			out[i] = fromStored(v)
		}
		return out, nil
	}
	var out []Verification
	err := Replay(src, match, func(_ *reducer.Game, in Input) error {
		if in.Verification != nil {
			out = append(out, *in.Verification)
		}
		if upTo > 0 && in.Event.Seq >= upTo {
			return errPast
		}
		return nil
	})
	if err == errPast {
		err = nil
	}
	return out, err
}

// WithShares fills in each summary's Share: the whole match's inputs by how
// far the rules checked them.
func WithShares(src Source, ms []Summary) error {
	for i := range ms {
		sh, err := ShareUpTo(src, ms[i].Match, ms[i].HeadSeq)
		if err != nil {
			return fmt.Errorf("match %s: %w", ms[i].Match, err)
		}
		ms[i].Share = &sh
	}
	return nil
}

// Share counts a match's inputs by how far the rules checked them.
// Unchecked are inputs stored without the rules (recorded with
// --no-rules): neither verified nor found wanting.
type Share struct {
	Inputs     uint64 `json:"inputs"`
	Verified   uint64 `json:"verified"`
	Unverified uint64 `json:"unverified"`
	Disputed   uint64 `json:"disputed"`
	Unchecked  uint64 `json:"unchecked,omitempty"`
}

// ShareOf counts inputs 1 to upTo of a match whose unverified and disputed
// inputs are vs, unchecked of them recorded without the rules.
func ShareOf(vs []Verification, upTo, unchecked uint64) Share {
	sh := Share{Inputs: upTo, Unchecked: min(unchecked, upTo)}
	for _, v := range vs {
		if v.Seq > upTo {
			continue
		}
		switch v.Status {
		case reducer.Unverified:
			sh.Unverified++
		case reducer.Disputed:
			sh.Disputed++
		}
	}
	sh.Verified = upTo - sh.Unverified - sh.Disputed - sh.Unchecked
	return sh
}

// unchecked counts the inputs of match, up to upTo, that src recorded
// without the rules: none in a file (they are checked as it is read).
func unchecked(src Source, match string, upTo uint64) (uint64, error) {
	st, ok := src.(*Store)
	if !ok {
		return 0, nil
	}
	n, err := st.of(match).Checked(match)
	if err != nil || n >= upTo {
		return 0, err
	}
	return upTo - n, nil
}

// ShareUpTo counts match's inputs 1 to upTo by how far the rules checked
// them. A file is replayed with the rules up to upTo.
func ShareUpTo(src Source, match string, upTo uint64) (Share, error) {
	vs, err := verificationsUpTo(src, match, upTo)
	if err != nil {
		return Share{}, err
	}
	n, err := unchecked(src, match, upTo)
	if err != nil {
		return Share{}, err
	}
	return ShareOf(vs, upTo, n), nil
}

// Into sets the counts of a view of the position after the inputs counted.
func (s Share) Into(v *reducer.View) {
	f := s.Fraction()
	v.Verified, v.Unverified, v.Disputed, v.VerifiedShare = &s.Verified, &s.Unverified, &s.Disputed, &f
	if s.Unchecked > 0 {
		v.Unchecked = &s.Unchecked
	}
}

// ShareOfView reads back the counts Into set; false when the view has none.
func ShareOfView(v *reducer.View) (Share, bool) {
	if v.Verified == nil {
		return Share{}, false
	}
	sh := Share{Inputs: v.Seq, Verified: *v.Verified}
	for _, f := range []struct {
		p   *uint64
		dst *uint64
	}{{v.Unverified, &sh.Unverified}, {v.Disputed, &sh.Disputed}, {v.Unchecked, &sh.Unchecked}} {
		if f.p != nil {
			*f.dst = *f.p
		}
	}
	return sh, true
}

// Fraction is the share of inputs verified: 1 for a match without inputs.
func (s Share) Fraction() float64 {
	if s.Inputs == 0 {
		return 1
	}
	return float64(s.Verified) / float64(s.Inputs)
}

// Percent is Fraction as a whole percentage, rounded down, so that 100%
// means every input.
func (s Share) Percent() string {
	return fmt.Sprintf("%d%%", s.Verified*100/max(s.Inputs, 1))
}

// String reads like "16 of 18 inputs verified by the rules (88%): 1
// unverified, 1 disputed".
func (s Share) String() string {
	out := fmt.Sprintf("%d of %d inputs verified by the rules (%s)", s.Verified, s.Inputs, s.Percent())
	if s.Unverified+s.Disputed > 0 {
		out += fmt.Sprintf(": %d unverified, %d disputed", s.Unverified, s.Disputed)
	}
	if s.Unchecked > 0 {
		out += fmt.Sprintf("; %d recorded without the rules", s.Unchecked)
	}
	return out
}
