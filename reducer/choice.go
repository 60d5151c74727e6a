package reducer

import (
	"slices"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Choices made while a spell or ability resolves (CR 608.2): "discard two
// cards", "search for a basic land card", "choose a creature token". Card
// code is written in steps: a step may ask a question (World.Ask) and end;
// the spell stays on the stack, nobody has priority, and the player answers
// with a `choose` input. The next step then runs with the answer, and when
// a step ends without asking, the resolution is over.

const whatResolve = "resolve"

// runResolve runs resolution code at the object's current step with the
// answer to the previous step's question. It reports whether the
// resolution finished; if not, the question is pending.
func (g *Game) runResolve(o *Object, answer []string, run func(w *world)) bool {
	w := &world{facts: facts{g: g, resolving: o}, g: g, spell: o, answer: answer}
	run(w)
	if w.discover != nil {
		// Discover ends the resolution's card code; after a shuffle asked
		// in the same step, it begins once the shuffle is done.
		shuffling := w.asked != nil && w.asked.Ask == AskRandom
		if w.asked != nil && !shuffling {
			panic("reducer: card code asked a question and discovered in one step")
		}
		if !shuffling {
			return g.startDiscover(o, w.discover, false)
		}
		g.startDiscover(o, w.discover, true)
	}
	if w.asked == nil {
		return true
	}
	g.emit(Effect{Op: OpResolveStep, Obj: o.ID, N: o.Step + 1})
	q := *w.asked
	q.Resolving = o.ID
	if q.Ask == AskNone {
		q.Ask, q.What = AskChoose, whatResolve
	}
	g.ask(q)
	return false
}

// checkResolveAnswer: the answer names distinct options, as many as asked.
func (g *Game) checkResolveAnswer(b *events.Choose) error {
	picked, err := g.resolveAnswer(b.Answer)
	if err != nil {
		return err
	}
	return g.checkPerCardType(picked) // interp_per_card_type.go
}

// resolveAnswer maps an answer to the options it names. An option that is
// an object may also be named by card id or name; a name that fits several
// means the first not named already.
func (g *Game) resolveAnswer(answer []string) ([]string, error) {
	q := g.S.Pending
	if isNameQuestion(q.Options) { // "choose a card name" (interp_chosen_name.go)
		name, err := g.cardNameAnswer(q.Options, answer, q.Prompt)
		return []string{name}, err
	}
	var opts []ObjID
	for _, o := range q.Options {
		if kind, n, ok := parseID(o); ok && kind == 'o' {
			opts = append(opts, ObjID(n))
		}
	}
	out := make([]string, 0, len(answer))
	for i, a := range answer {
		pick := ""
		if slices.Contains(q.Options, a) {
			pick = a
		} else if yes := g.mayAnswer(a); yes != "" {
			pick = yes // interp_pool_rules.go
		} else {
			for _, id := range g.S.matchRef(a, opts) {
				if !slices.Contains(out, id.String()) {
					pick = id.String()
					break
				}
			}
		}
		switch {
		case pick == "" && q.Prompt == populatePrompt:
			return nil, g.refuse("CR 701.36a", "body.answer["+itoa(i)+"]", "%q is not one of the choices %v: populate chooses a creature token you control (POP-1)", a, q.Options)
		case pick == "":
			return nil, g.refuse("CR 608.2d", "body.answer["+itoa(i)+"]", "%q is not one of the choices %v", a, q.Options)
		case slices.Contains(out, pick):
			return nil, g.refuse("CR 608.2d", "body.answer["+itoa(i)+"]", "%q is chosen twice", a)
		}
		out = append(out, pick)
	}
	if n := len(answer); n < q.N || n > q.Max {
		if q.N == q.Max {
			return nil, g.refuse("CR 608.2d", "body.answer", "choose %d, not %d", q.N, n)
		}
		return nil, g.refuse("CR 608.2d", "body.answer", "choose from %d to %d, not %d", q.N, q.Max, n)
	}
	return out, nil
}

// continueResolve runs the next step of the resolving object with the
// answer, and finishes it when no more questions come.
func (g *Game) continueResolve(answer []string) {
	s := g.S
	o := s.Objects[s.Pending.Resolving]
	var done bool
	switch ab := langAbilityOf(o); {
	case ab != nil:
		done = g.resolveLang(o, ab, answer)
		if done && o.isAbility() {
			g.vanish(o)
		} else if done {
			g.finishSpell(o)
		}
	case o.Ability > 0:
		ab := o.Def.ActivatedOf(o.Ability - 1)
		legal, _ := g.legalTargets(o, abilityTargetKinds(ab, len(o.Targets)))
		done = g.runResolve(o, answer, func(w *world) { ab.Resolve(w, legal) })
		if done {
			g.vanish(o)
		}
	case o.Trigger > 0:
		t := o.Def.TriggeredAt(o.Trigger - 1)
		done = g.runResolve(o, answer, func(w *world) { t.Resolve(w) })
		if done {
			g.vanish(o)
		}
	case isAuraSpell(o):
		done = g.resolveAura(o, answer) // aura.go
	case entersAsCopy(o):
		done = g.resolveEntersAsCopy(o, answer) // entering as a copy (populate.go)
	default:
		done = g.runResolve(o, answer, g.spellRun(o)) // fuse.go
		if done {
			g.finishSpell(o)
		}
	}
	if done {
		g.givePriority(s.Active, 0)
	}
}

// Step is the resolving object's step: 0 first, then one more after each
// answered question.
func (w *world) Step() int { return w.spell.Step }

// Answer is the answer to the previous step's question.
func (w *world) Answer() []string { return w.answer }

// Ask puts a question to seat: choose from min to max of options. The
// resolution pauses when the step ends.
func (w *world) Ask(seat int, what string, options []string, min, max int) {
	w.asked = &Question{Player: seat, Options: slices.Clone(options), N: min, Max: max, Prompt: what}
}

// AskShuffle pauses the resolution for the table to shuffle seat's library
// (a `random` input with the new order).
func (w *world) AskShuffle(seat int) {
	w.asked = &Question{Ask: AskRandom, Player: -1, Random: events.RandomShuffle, Of: seat}
}

// Hand lists seat's hand as object ids.
func (w *world) Hand(seat int) []string { return idStrings(w.g.S.Players[seat].Hand) }

// Library lists seat's library, top first, keeping what keep accepts.
func (w *world) Library(seat int, keep func(*cards.Card) bool) []string {
	var out []ObjID
	for _, id := range w.g.S.Players[seat].Library {
		if keep == nil || keep(w.g.S.Objects[id].Def) {
			out = append(out, id)
		}
	}
	return idStrings(out)
}

// Discard puts each named card from its owner's hand into the graveyard.
func (w *world) Discard(ids []string) {
	for _, ref := range ids {
		if o := w.g.S.objByRef(ref); o != nil && o.Zone == ZoneHand {
			w.g.discard(o.ID) // interp_madness.go
		}
	}
}

// PutOntoBattlefield puts each named card onto the battlefield under seat.
func (w *world) PutOntoBattlefield(seat int, ids []string) {
	for _, ref := range ids {
		if o := w.g.S.objByRef(ref); o != nil && o.Zone != ZoneBattlefield {
			w.g.move(o.ID, ZoneBattlefield, seat, -1)
		}
	}
}

func idStrings(ids []ObjID) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = id.String()
	}
	return out
}

// objByRef finds the live object an "o12" id names.
func (s *State) objByRef(ref string) *Object {
	if kind, n, ok := parseID(ref); ok && kind == 'o' {
		return s.Obj(ObjID(n))
	}
	return nil
}
