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
// dropped by Clone.

type planMemo struct {
	body  any // *events.Cast, *events.Activate or *events.Random the plan is for
	seq   uint64
	ev    any
	at    int // len(g.out) when made
	cast  castPlan
	abil  abilityPlan
	found bool // planAbility found the ability (abil is its plan)
	mana  manaChoice
	order []ObjID // a shuffle's library order (start.go)
}

// remember keeps p as the plan of body at this point of the submission.
func (g *Game) remember(body any, p planMemo) {
	p.body, p.seq, p.ev, p.at = body, g.seq, g.ev, len(g.out)
	g.memo = p
}

// recall returns the plan remembered for body at this very point, if any,
// and forgets it: a plan is used once.
func (g *Game) recall(body any) (planMemo, bool) {
	m := g.memo
	g.memo = planMemo{}
	if m.body == nil || m.body != body || m.seq != g.seq || m.ev != any(g.ev) || m.at != len(g.out) {
		return planMemo{}, false
	}
	return m, true
}
