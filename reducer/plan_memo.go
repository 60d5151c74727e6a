package reducer

// The plan memo: Submit checks an input (check) and then carries it out
// (execute) on the same position, and both need the same plan of a cast
// or an activation: which card or ability, its targets, how its cost is
// paid. Working that out is the costliest part of those inputs, so the
// check keeps its plan and execute takes it instead of planning again.
//
// A plan is taken only for the very body it was made for, at the very
// point of the same input: no effect emitted since (len(g.out)) and the
// same submission (g.seq, g.ev). Anything else plans afresh, so the memo
// is a pure cache: never part of a state, a digest or a snapshot, and
// dropped by Clone. The seq must stay in the key: a log read in place
// (events.Decoder) gives every input of a kind in the same event and body.

type planMemo struct {
	body  any // *events.Cast, *events.Activate, *events.Random or *events.PlayLand the plan is for
	seq   uint64
	ev    any
	at    int // len(g.out) when made
	cast  castPlan
	abil  abilityPlan
	found bool // planAbility found the ability (abil is its plan)
	mana  manaChoice
	order []ObjID // a shuffle's library order (start.go)
	land  ObjID   // the card a play_land plays (actions.go)
}

// remember starts the memo of body at this point of the submission and
// returns it; the caller sets the plan of body's kind. The fields of other
// kinds may keep older plans: no recall of this body reads them, and
// clearing the whole memo (with its pointers) on every input cost more
// than the plan it spares.
func (g *Game) remember(body any) *planMemo {
	m := &g.memo
	m.body, m.seq, m.ev, m.at = body, g.seq, g.ev, len(g.out)
	return m
}

// recall returns the plan remembered for body at this very point, if any,
// and forgets it: a plan is used once. It is the memo itself, not a copy:
// read it before anything is remembered again.
func (g *Game) recall(body any) (*planMemo, bool) {
	m := &g.memo
	key := m.body
	m.body = nil
	if key == nil || key != body || m.seq != g.seq || m.ev != any(g.ev) || m.at != len(g.out) {
		return nil, false
	}
	return m, true
}
