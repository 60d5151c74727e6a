package reducer

import (
	"strings"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Listing legal inputs. LegalActions answers "what could whoever must act
// now submit?" for clients, bots and the property tests. It never decides
// legality itself: it generates candidate inputs and keeps those the
// validating half (check) accepts, so the list and Submit can't disagree.
// Candidates are generated with the engine's own predicates (targetIllegal,
// cantAttack, canBlockAtAll) only to keep their number small.

// Bounds on the enumeration. Where a bound cuts a list short the inputs
// left out are still legal; they are simply not listed.
const (
	// maxTargetSets is the number of target choices listed per spell or
	// ability and X (sets of distinct targets, smallest first, for "any
	// number of targets").
	maxTargetSets = 64
	// maxCardSets is the number of sets of cards listed for a keep's bottom
	// cards or a discard.
	maxCardSets = 128
	// maxAttackDecls: attack declarations are enumerated in full while
	// there are at most this many ((defenders+1)^candidates: every subset
	// of four candidates in a two-player game); beyond it only no attack,
	// each single attacker and all attackers are listed.
	maxAttackDecls = 16
	// maxBlockDecls: block declarations are enumerated in full while there
	// are at most this many ((attackers+1)^candidates); beyond it only no
	// block, each single block and each pair of blockers on one attacker.
	maxBlockDecls = 256
)

// anyColors are the choices offered for "add one mana of any color".
var anyColors = []cards.Color{cards.White, cards.Blue, cards.Black, cards.Red, cards.Green}

// LegalActions returns every input that whoever must act now (see
// State.Pending) could legally submit, each an *events.Event with Match,
// Kind, Actor and Body set and Seq left 0. Objects are named by object id
// ("o12") so every input is unambiguous. The order is deterministic: the
// same position always gives the same list, in this order:
//
//   - priority: pass; play_land for each card in hand; activate for each
//     permanent's usable mana abilities (one input per colour for "any
//     colour") and other activated abilities; cast for each card in hand
//     (each half of a split card). Spells and abilities are listed with each
//     X from 0 up to the size of the mana pool and each combination of legal
//     targets (for "any number of targets", each set of distinct targets,
//     smallest first), with the default payment: explicit "pay" lists are
//     never enumerated;
//   - mulligan: mulligan, then keep with each set of cards to put on the
//     bottom (one order per set: hand order);
//   - choose: each option; for a discard, each set of cards (hand order);
//   - attack and block: declarations, enumerated in full within the bounds
//     above (maxAttackDecls, maxBlockDecls), else a representative few;
//   - random (the table's turn): both sides of a coin; for a shuffle one
//     representative outcome, the library in its current order. Real
//     shuffles are the caller's to supply: any order of the library's
//     cards is legal.
//
// Concede is never listed: it is legal for any player who hasn't lost, at
// any time, and answers no question. Before match_started, and once the
// match is over, the list is empty. LegalActions doesn't change the game.
func (g *Game) LegalActions() []*events.Event {
	acts, _ := g.legalActions()
	return acts
}

// legalActions is LegalActions, also reporting whether the list is every
// legal input (false when a bound cut an enumeration short, or for a
// shuffle).
func (g *Game) legalActions() ([]*events.Event, bool) {
	s := g.S
	if len(s.Players) == 0 || s.Over {
		return nil, true
	}
	l := lister{g: g, complete: true}
	q := s.Pending
	switch q.Ask {
	case AskPriority:
		l.priority(q.Player)
	case AskRandom:
		l.random(q)
	case AskMulligan:
		l.mulligan(q.Player)
	case AskChoose:
		l.choose(q)
	case AskAttack:
		l.attack(q.Player)
	case AskBlock:
		l.block(q.Player)
	case AskCast:
		l.castAnswers(q)
	}
	return l.out, l.complete
}

// lister collects the candidates the rules accept.
type lister struct {
	g        *Game
	out      []*events.Event
	complete bool
}

// offer keeps a candidate input if the validating half accepts it. (The
// messages of the refusals name whatever input was submitted last; they are
// dropped.)
func (l *lister) offer(actor string, body events.Body) {
	ev := &events.Event{Match: l.g.S.Match, Kind: body.Kind(), Actor: actor, Body: body}
	if l.g.check(ev) == nil {
		l.out = append(l.out, ev)
	}
}

func (l *lister) priority(seat int) {
	s := l.g.S
	p := s.Players[seat]
	l.offer(p.ID, &events.Pass{Player: p.ID})
	for _, id := range p.Hand {
		l.offer(p.ID, &events.PlayLand{Player: p.ID, Card: id.String()})
		if d := s.Objects[id].Def; d != nil && d.Layout == "modal_dfc" && d.Back() != nil {
			l.offer(p.ID, &events.PlayLand{Player: p.ID, Card: id.String(), Face: d.Back().Name}) // faces.go
		}
	}
	for _, id := range s.Exile {
		if s.Objects[id].Is("Land") {
			l.offer(p.ID, &events.PlayLand{Player: p.ID, Card: id.String()}) // enablers.go
		}
	}
	for _, id := range s.Battlefield {
		l.activations(seat, id)
	}
	for _, id := range p.Hand {
		l.casts(seat, id)
	}
	for _, id := range p.Hand {
		l.handActivations(seat, id)
	}
	for _, id := range p.Graveyard {
		if lc := langOf(s.Objects[id].Def); lc != nil {
			l.langActivations(seat, s.Objects[id], lc) // abilities of the graveyard (CR 113.6)
		}
	}
	// Cards seat may cast from exile or from the top of the library
	// (enablers.go).
	for _, id := range s.Exile {
		if s.Objects[id].mayCastExiled(seat) {
			l.casts(seat, id)
		}
	}
	if len(p.Library) > 0 && len(s.topSources(seat)) > 0 {
		l.casts(seat, p.Library[0])
	}
	for _, id := range p.Graveyard {
		if aftermathHalf(s.Objects[id].Def) != nil || len(graveCastNames(s.Objects[id].Def)) > 0 {
			l.casts(seat, id) // aftermath (fuse.go), flashback and escape (interp_gravecast.go)
		}
	}
}

// activations offers every way to activate an ability of permanent id:
// each mana ability (each colour for "any colour"), then each other
// activated ability with each X and each combination of targets.
func (l *lister) activations(seat int, id ObjID) {
	s := l.g.S
	p := s.Players[seat]
	o := s.Objects[id]
	if o.Def == nil {
		return
	}
	src := id.String()
	seen := map[int]bool{} // two grants of one ability answer to one index
	for _, ab := range o.manaAbilitiesOf() {
		if seen[ab.Index] {
			continue
		}
		seen[ab.Index] = true
		n := o.abilityNumber(ab.Index)                         // ability_refs.go
		for _, cc := range l.manaCostChoiceSets(seat, o, ab) { // interp_mana.go
			l.manaOffers(p.ID, src, seat, ab, n, cc)
		}
	}
	if lc := langOf(o.Def); lc != nil {
		l.langActivations(seat, o, lc)
		return
	}
	// Each activated ability is a line of rules text, so the indexes to
	// ask about are bounded by the number of lines.
	for i := 0; i <= strings.Count(o.Def.Oracle, "\n"); i++ {
		ab := o.Def.ActivatedOf(i)
		if ab == nil {
			continue
		}
		sets := l.targetSets(ab.Targets, ab.AnyNumber)
		if ab.UpTo || ab.AnyNumber {
			sets = append([][]string{nil}, sets...)
		}
		for x := 0; x <= l.maxX(seat, ab.Cost); x++ {
			for _, ts := range sets {
				l.offer(p.ID, &events.Activate{Player: p.ID, Source: src, Ability: o.abilityNumber(i), X: x, Targets: ts})
			}
		}
	}
}

// casts offers every way to cast the card id from seat's hand: each half
// of a split card, each X and each combination of targets.
func (l *lister) casts(seat int, id ObjID) {
	s := l.g.S
	p := s.Players[seat]
	o := s.Objects[id]
	if o.Def == nil {
		return
	}
	for _, face := range l.g.castFaces(o) {
		def := o.Def
		if face != "" && face != o.Def.Name {
			def = o.Def.FaceUp(face)
		}
		if def == nil {
			def = l.g.grantedFace(seat, o, face)
		}
		if def == nil {
			continue
		}
		if sp := fusedSpell(o.Def); sp != nil && face != "" && face == o.Def.Name { // interp_fuse.go
			for _, ts := range l.langTargetSets(seat, id, sp.Targets) {
				l.offer(p.ID, &events.Cast{Player: p.ID, Card: id.String(), Face: face, Targets: ts})
			}
			continue
		}
		if lc := langOf(def); lc != nil && !(face != "" && face == o.Def.Name) {
			l.langCasts(seat, id, face, def, lc)
			continue
		}
		var sets [][]string
		if face != "" && face == o.Def.Name {
			sets = l.targetSets(fusedKinds(def), false)
		} else if sp := def.SpellOf(); sp != nil {
			sets = l.targetSets(sp.Targets, sp.AnyNumber)
		} else {
			sets = [][]string{nil}
		}
		for x := 0; x <= l.maxX(seat, def.Cost); x++ {
			for _, ts := range sets {
				c := &events.Cast{Player: p.ID, Card: id.String(), Face: face, X: x, Targets: ts}
				if face == cards.PrototypeFace {
					c.Face, c.Prototype = "", true
				}
				l.offer(p.ID, c)
				if sp := def.SpellOf(); sp != nil && sp.Kicker != nil {
					k := *c
					k.Kicked = true
					l.offer(p.ID, &k)
				}
			}
		}
	}
}

// castFaces are the ways a cast may name the face of card o: "" for its
// usual face, each half of a split card (and the whole card, fused), an
// Adventure, a face another permanent grants, a modal DFC's back,
// cards.PrototypeFace.
func (g *Game) castFaces(o *Object) []string {
	faces := []string{""}
	if o.Def.Layout == "split" {
		faces = faces[:0]
		for _, f := range o.Def.Faces {
			faces = append(faces, f.Name)
		}
		if o.Def.HasKeyword("Fuse") {
			faces = append(faces, o.Def.Name) // both halves (fuse.go)
		}
	}
	if a := o.Def.Adventure(); a != nil {
		faces = append(faces, a.Name)
	}
	for _, f := range g.grantedFaces(o) {
		faces = append(faces, f.Name)
	}
	if b := o.Def.Back(); b != nil && o.Def.Layout == "modal_dfc" {
		faces = append(faces, b.Name) // faces.go
	}
	if o.Def.Prototype != nil {
		faces = append(faces, cards.PrototypeFace)
	}
	return faces
}

// maxX is the largest X worth offering for cost: the size of seat's mana
// pool (each X costs at least one mana), or 0 without X.
func (l *lister) maxX(seat int, cost cards.Cost) int {
	if !cost.HasX() {
		return 0
	}
	return len(l.g.S.Players[seat].Pool)
}

// targetSets lists the target choices for slots of kinds: one target of
// each kind, or with anyNumber one or more distinct targets of the first
// kind. At most maxTargetSets are listed; no slots give one empty choice.
func (l *lister) targetSets(kinds []cards.TargetKind, anyNumber bool) [][]string {
	if !anyNumber || len(kinds) == 0 {
		var slots [][]string
		for _, k := range kinds {
			slots = append(slots, l.targetRefs(k))
		}
		sets, ok := product(slots, maxTargetSets)
		l.complete = l.complete && ok
		return sets
	}
	refs := l.targetRefs(kinds[0])
	var sets [][]string
	for n := 1; n <= len(refs); n++ {
		ok := combinations(len(refs), n, maxTargetSets-len(sets), func(idx []int) {
			set := make([]string, n)
			for i, j := range idx {
				set[i] = refs[j]
			}
			sets = append(sets, set)
		})
		if !ok {
			l.complete = false
			break
		}
	}
	return sets
}

// targetRefs lists what a target slot of kind k could name now: players by
// id, then objects on the battlefield and the stack by object id.
func (l *lister) targetRefs(k cards.TargetKind) []string {
	s := l.g.S
	var refs []string
	for i, p := range s.Players {
		if l.g.targetIllegal(k, Target{Player: i}) == "" {
			refs = append(refs, p.ID)
		}
	}
	zones := [][]ObjID{s.Battlefield, s.Stack}
	if k.InGraveyard() {
		zones = [][]ObjID{s.graveyards()}
	}
	for _, zone := range zones {
		for _, id := range zone {
			if l.g.targetIllegal(k, Target{Obj: uint32(id)}) == "" {
				refs = append(refs, id.String())
			}
		}
	}
	return refs
}

// product lists one choice from each slot, in order, at most limit of
// them; ok is false if there were more. No slots give one empty choice.
func product(slots [][]string, limit int) (out [][]string, ok bool) {
	out = [][]string{nil}
	for _, slot := range slots {
		var next [][]string
		for _, prefix := range out {
			for _, ref := range slot {
				if len(next) == limit {
					return next, false
				}
				next = append(next, append(append([]string(nil), prefix...), ref))
			}
		}
		out = next
	}
	return out, true
}

func (l *lister) random(q Question) {
	s := l.g.S
	switch q.Random {
	case events.RandomCoin:
		for _, side := range []string{"heads", "tails"} {
			l.offer(events.TableActor, &events.Random{Of: events.RandomCoin, Coin: side})
		}
	case events.RandomShuffle:
		p := s.Players[q.Of]
		// With the cards a move shuffles into it (interp_shuffle_into.go).
		l.offer(events.TableActor, &events.Random{Of: events.RandomShuffle, Player: p.ID, Order: append(refsOf(p.Library), q.Options...)})
		l.complete = false
	case events.RandomOrder:
		// One representative outcome, the order asked about; any order of
		// those objects is legal.
		l.offer(events.TableActor, &events.Random{Of: events.RandomOrder, Order: append([]string(nil), q.Options...)})
		l.complete = false
	default:
		l.complete = false
	}
}

func (l *lister) mulligan(seat int) {
	p := l.g.S.Players[seat]
	l.offer(p.ID, &events.Mulligan{Player: p.ID})
	l.cardSets(p.Hand, p.Mulligans, func(refs []string) {
		l.offer(p.ID, &events.Keep{Player: p.ID, Bottom: refs})
	})
}

func (l *lister) choose(q Question) {
	p := l.g.S.Players[q.Player]
	if isNameQuestion(q.Options) {
		l.cardNames(p.ID) // interp_chosen_name.go
		return
	}
	if len(q.Options) == 1 && q.Options[0] == optCreatureType {
		l.creatureTypes(p.ID) // interp_chosen_type.go
		return
	}
	if q.What == whatDiscard {
		l.cardSets(p.Hand, q.N, func(refs []string) {
			l.offer(p.ID, &events.Choose{Player: p.ID, Answer: events.Answer(refs)})
		})
		return
	}
	if q.What == whatOpeningHand {
		q.What = whatResolve // any set of the offered cards, as below
	}
	if q.What == whatTriggerTarget {
		if o := l.g.S.Obj(q.Resolving); o != nil && langTriggerAbility(o.Def, o.Trigger-1) != nil {
			q.What = whatResolve // N to Max of the options, as below
		}
	}
	switch q.What {
	case whatResolve:
		// Every set of from N to Max of the options.
		for k := q.N; k <= q.Max && k <= len(q.Options); k++ {
			ok := combinations(len(q.Options), k, maxCardSets, func(idx []int) {
				ans := events.Answer{}
				for _, j := range idx {
					ans = append(ans, q.Options[j])
				}
				l.offer(p.ID, &events.Choose{Player: p.ID, Answer: ans})
			})
			l.complete = l.complete && ok
		}
		return
	case whatTriggerOrder:
		// Every order of the waiting triggers, up to maxCardSets.
		ok := permutations(q.Options, maxCardSets, func(order []string) {
			l.offer(p.ID, &events.Choose{Player: p.ID, Answer: events.Answer(order)})
		})
		l.complete = l.complete && ok
		return
	}
	for _, opt := range q.Options {
		l.offer(p.ID, &events.Choose{Player: p.ID, Answer: events.Answer{opt}})
	}
}

// permutations calls f with each order of items (lexicographic by
// position), at most limit of them; it reports false if there were more.
func permutations(items []string, limit int, f func([]string)) bool {
	n, count := len(items), 0
	used := make([]bool, n)
	cur := make([]string, 0, n)
	var walk func() bool
	walk = func() bool {
		if len(cur) == n {
			if count == limit {
				return false
			}
			count++
			f(append([]string(nil), cur...))
			return true
		}
		for i := 0; i < n; i++ {
			if used[i] {
				continue
			}
			used[i] = true
			cur = append(cur, items[i])
			ok := walk()
			cur = cur[:len(cur)-1]
			used[i] = false
			if !ok {
				return false
			}
		}
		return true
	}
	return walk()
}

// cardSets calls f with each set of k of ids (in list order, as object
// ids; nil for none), at most maxCardSets of them.
func (l *lister) cardSets(ids []ObjID, k int, f func([]string)) {
	ok := combinations(len(ids), k, maxCardSets, func(idx []int) {
		var refs []string
		for _, j := range idx {
			refs = append(refs, ids[j].String())
		}
		f(refs)
	})
	l.complete = l.complete && ok
}

// combinations calls f with each set of k indexes below n, ascending, in
// lexicographic order, at most limit of them; it reports false if there
// were more. k = 0 gives one empty set; k > n none.
func combinations(n, k, limit int, f func(idx []int)) bool {
	if k < 0 || k > n {
		return true
	}
	idx := make([]int, k)
	for i := range idx {
		idx[i] = i
	}
	for count := 0; ; count++ {
		if count == limit {
			return false
		}
		f(idx)
		i := k - 1
		for i >= 0 && idx[i] == n-k+i {
			i--
		}
		if i < 0 {
			return true
		}
		idx[i]++
		for j := i + 1; j < k; j++ {
			idx[j] = idx[j-1] + 1
		}
	}
}

func (l *lister) attack(seat int) {
	s := l.g.S
	p := s.Players[seat]
	var cands []ObjID
	for _, id := range s.Battlefield {
		if l.g.attackBarOf(s.Objects[id], seat) == canAttackNow {
			cands = append(cands, id)
		}
	}
	var defs []string
	for i, q := range s.Players {
		if i != seat {
			defs = append(defs, q.ID)
		}
	}
	for _, id := range s.Battlefield {
		if o := s.Objects[id]; o.Is("Planeswalker") && o.Controller != seat {
			defs = append(defs, id.String()) // CR 508.1b
		}
	}
	declare := func(choice []int) {
		var as []events.Attacker
		for i, d := range choice {
			if d > 0 {
				as = append(as, events.Attacker{Creature: cands[i].String(), Defender: defs[d-1]})
			}
		}
		l.offer(p.ID, &events.Attack{Player: p.ID, Attackers: as})
	}
	if assignments(len(cands), len(defs), maxAttackDecls, declare) {
		return
	}
	l.complete = false
	choice := make([]int, len(cands))
	declare(choice)
	for d := 1; d <= len(defs); d++ {
		for i := range cands {
			clear(choice)
			choice[i] = d
			declare(choice)
		}
		for i := range choice {
			choice[i] = d
		}
		declare(choice)
	}
}

func (l *lister) block(seat int) {
	s := l.g.S
	p := s.Players[seat]
	var blockers, attackers []ObjID
	for _, id := range s.Battlefield {
		o := s.Objects[id]
		if l.g.canBlockAtAll(o, seat) {
			blockers = append(blockers, id)
		}
		if o.Attacking == seat+1 {
			attackers = append(attackers, id)
		}
	}
	declare := func(choice []int) {
		var bs []events.BlockAssign
		for i, a := range choice {
			if a > 0 {
				bs = append(bs, events.BlockAssign{Blocker: blockers[i].String(), Attacker: attackers[a-1].String()})
			}
		}
		l.offer(p.ID, &events.Block{Player: p.ID, Blocks: bs})
	}
	if assignments(len(blockers), len(attackers), maxBlockDecls, declare) {
		return
	}
	l.complete = false
	choice := make([]int, len(blockers))
	declare(choice)
	for a := 1; a <= len(attackers); a++ {
		for i := range blockers {
			clear(choice)
			choice[i] = a
			declare(choice)
		}
		for i := range blockers {
			for j := i + 1; j < len(blockers); j++ {
				clear(choice)
				choice[i], choice[j] = a, a
				declare(choice)
			}
		}
	}
}

// assignments calls f with every assignment of n items to 0..k (0: none),
// counting up with the first item as the lowest digit, if there are at
// most limit of them; otherwise it calls nothing and returns false.
func assignments(n, k, limit int, f func([]int)) bool {
	total := 1
	for i := 0; i < n; i++ {
		total *= k + 1
		if total > limit {
			return false
		}
	}
	choice := make([]int, n)
	for c := 0; c < total; c++ {
		v := c
		for i := range choice {
			choice[i] = v % (k + 1)
			v /= k + 1
		}
		f(choice)
	}
	return true
}

// refsOf names objects by id.
func refsOf(ids []ObjID) []string {
	refs := make([]string, len(ids))
	for i, id := range ids {
		refs[i] = id.String()
	}
	return refs
}

// manaOffers offers the inputs activating mana ability ab of src, number
// n as inputs name it (ability_refs.go), with its cost's choices cc.
func (l *lister) manaOffers(player, src string, seat int, ab cards.ManaAbility, n int, cc events.CostChoices) {
	offer := func(a *events.Activate) {
		a.CostChoices = cc
		l.offer(player, a)
	}
	if ab.Among != "" { // mana.go: the types the rule defines now, or none
		offer(&events.Activate{Player: player, Source: src, Ability: n})
		for _, c := range append(append([]cards.Color(nil), anyColors...), cards.Colorless) {
			offer(&events.Activate{Player: player, Source: src, Ability: n, Choice: c.Letter()})
		}
		return
	}
	if len(ab.OneOf) > 0 {
		for _, f := range ab.OneOf {
			offer(&events.Activate{Player: player, Source: src, Ability: n, Choice: formLetters(f)})
		}
		return
	}
	if !ab.AnyColor {
		offer(&events.Activate{Player: player, Source: src, Ability: n})
		return
	}
	taps := []string{""}
	if ab.TapOther != "" {
		taps = idStrings(l.g.tapOtherCandidates(seat, ab)) // relic.go
	}
	for _, t := range taps {
		for _, c := range anyColors {
			offer(&events.Activate{Player: player, Source: src, Ability: n, Choice: c.Letter(), Tap: t})
		}
	}
}
