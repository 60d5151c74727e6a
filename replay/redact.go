package replay

import (
	"fmt"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer"
)

// What a player's view keeps of the judge's findings. A rejected input and
// an audit finding are told with facts a player might not see: the reason
// names the card an opponent tried to cast, a divergence lists hands and
// libraries. A player (or the public) learns where a finding is, its kind
// and its rule, and the reason only for an input of their own that the
// rules refused; the state difference of a divergence is for the judge.

// withheld stands in for a reason only the judge may read.
const withheld = "details for the judge only"

// judge reports whether viewer as sees everything.
func judge(as string) bool { return as == "" || as == reducer.ViewJudge }

// SeenBy is the finding as viewer as may read it (see Viewer); actor is
// the actor of the input it is about ("" when unknown).
func (f Finding) SeenBy(as, actor string) Finding {
	if judge(as) {
		return f
	}
	switch {
	case f.Kind == FindingUnverified:
		// "the table's effects stand for the rules text of X": X acted in
		// the open, so its name is no secret.
	case (f.Kind == FindingIllegal || f.Kind == FindingDisputed) && actor == as:
	default:
		f.Reason, f.Cards = withheld, nil
	}
	f.Changes, f.Table, f.Engine = []Change{}, nil, nil
	return f
}

// SeenBy is what the rules said of an input, as viewer as may read it:
// whole for the judge; else an unverified input's cards (they acted in the
// open), a dispute's reason only for the viewer's own input, and never the
// table's and the engine's versions of a dispute (they may name cards in
// hidden zones).
func (v Verification) SeenBy(as, actor string) Verification {
	if judge(as) {
		return v
	}
	if v.Status != reducer.Unverified && actor != as {
		v.Reason, v.Cards = withheld, nil
	}
	v.Table, v.Engine = nil, nil
	return v
}

// SeenBy is the report of match in src as viewer as may read it: each
// finding SeenBy as.
func (r Report) SeenBy(src Source, match, as string) Report {
	if judge(as) {
		return r
	}
	fs := make([]Finding, len(r.Findings))
	for i, f := range r.Findings {
		fs[i] = f.SeenBy(as, actorAt(src, match, f.Seq))
	}
	r.Findings = fs
	return r
}

// actorAt is the actor of input seq of match, "" when it can't be read.
func actorAt(src Source, match string, seq uint64) string {
	if seq == 0 {
		return ""
	}
	ev, err := inputAt(src, match, seq)
	if err != nil || ev == nil {
		return ""
	}
	return ev.Actor
}

// rejectionText tells a rejected input for a mark: "seq 5 pass refused: p2
// can't pass priority: p1 has priority (CR 117.3)". A player's view keeps
// the reason only for an input of their own.
func rejectionText(r Rejection, as string) string {
	reason := r.Reason
	if !judge(as) {
		if ev, err := events.DecodeInput(r.Raw); err != nil || ev.Actor != as {
			reason = withheld
		}
	}
	text := fmt.Sprintf("seq %d %s refused: %s", r.Seq, r.Kind, reason)
	if r.Rule != "" {
		text += " (" + r.Rule + ")"
	}
	return text
}
