package reducer

import (
	"fmt"
	"slices"
	"strings"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Discover (CR 701.57) and casting a card without paying its mana cost
// while a spell or ability resolves (CR 608.2g).
//
// "Discover N": the player exiles cards from the top of their library, one
// at a time and face up (every player sees them, DISC-2), until a nonland
// card with mana value N or less is exiled; the exiling is not optional
// (DISC-1). A split card is judged by its combined mana value (MV-2,
// DISC-6), an adventurer card by its creature's (ADV-7). The player then
// chooses, with a `choose` input answering "cast" or "hand", whether to
// cast that card without paying its mana cost or put it into their hand
// (DISC-1). "cast" is offered only if the card can be cast: some half or
// face of it with mana value N or less (ADV-16, DISC-6) has legal targets
// for every target it needs; otherwise it goes to the hand without a
// question (DISC-5). A card whose rules text Chronicle doesn't model
// counts as one that can't be cast (it would be refused with CARD-CODE).
//
// After "cast", the player casts it: the pending question is AskCast, and
// the only input that answers it is a `cast` naming that card (by object
// id, card id or name), with the face to cast (an Adventure, or one half
// of a split card: never both, DISC-6), its targets, X = 0 (DISC-4,
// FREE-1), and `pay` only for costs added to it (a cost increase such as
// one for extra targets; additional costs may be paid, FREE-1).
// There is no alternative cost to choose (FREE-1): casting as an Adventure
// isn't one (ADV-8). Timing rules don't apply to a spell cast while another
// resolves (CR 608.2g). The spell goes on the stack on top of the
// discovering spell or ability, which goes on resolving; its cast
// triggers wait as usual.
//
// The other exiled cards then go to the bottom of the library in a random
// order: with two or more, the table supplies it as a `random` input
// {"of":"order","order":[...]} naming each of them once (object or card
// ids), in the order they end up, top first: the last named becomes the
// bottom card. The discovering spell or ability is then done; Discover is
// the last thing card code does.
//
// If every target of the discovering spell or ability is illegal as it
// tries to resolve, it doesn't resolve and nothing is discovered (DISC-3,
// CR 608.2b): resolution never reaches the card code.

// Discovery is a discover under way.
type Discovery struct {
	Resolving ObjID // the spell or ability that discovers
	Seat      int   // the player who discovers
	N         int   // the discover value
	// Card is the nonland card exiled with mana value N or less (0: none
	// found, or not yet exiled); Rest the other cards exiled, in order.
	Card ObjID
	Rest []ObjID
	// Cascade: this is a cascade (interp_cascade.go), not a discover: the
	// card may be left uncast, and then goes to the bottom with the rest.
	Cascade bool
	// Rebound: a rebound's cast from exile (interp_rebound.go): Card is the
	// card, nothing else is exiled, and it may be left where it is.
	Rebound bool
	// Madness: a madness cast from exile (interp_madness.go), as a
	// rebound's, but for the madness cost; left uncast, the card goes to
	// the graveyard.
	Madness bool
}

// endName is OpDiscoverEnd's Name: "cascade" for a cascade.
func (d *Discovery) endName() string {
	if d.Madness {
		return whatMadness
	}
	if d.Cascade {
		return whatCascade
	}
	if d.Rebound {
		return whatRebound
	}
	return ""
}

// what names the discovery's questions: a discover's or a cascade's.
func (d *Discovery) what() string {
	if d.Madness {
		return whatMadness
	}
	if d.Cascade {
		return whatCascade
	}
	if d.Rebound {
		return whatRebound
	}
	return whatDiscover
}

func (d *Discovery) clone() *Discovery {
	if d == nil {
		return nil
	}
	c := *d
	c.Rest = slices.Clone(d.Rest)
	return &c
}

// Discover ops.
const (
	OpDiscover      Op = 120 // Seat begins to discover N for the resolving Obj
	OpDiscoverFound Op = 121 // the discovery exiled To (0: none) and the rest, List
	OpDiscoverEnd   Op = 122 // the discovery is over
)

const (
	// whatDiscover is the question of a discovery: cast or hand (a
	// `choose`), then the cast (AskCast).
	whatDiscover = "discover"
	// exiledByDiscover: what exiled the cards of a discovery.
	exiledByDiscover = "discover"
)

func init() {
	registerOp(OpDiscover, func(s *State, e *Effect) {
		s.Discovery = &Discovery{Resolving: e.Obj, Seat: e.Seat, N: e.N, Cascade: e.Name == whatCascade, Rebound: e.Name == whatRebound, Madness: e.Name == whatMadness}
	})
	registerOp(OpDiscoverFound, func(s *State, e *Effect) {
		if s.Discovery == nil {
			panic("reducer: discover result without a discovery")
		}
		s.Discovery.Card, s.Discovery.Rest = e.To, slices.Clone(e.List)
	})
	registerOp(OpDiscoverEnd, func(s *State, e *Effect) { s.Discovery = nil })
	extDescribe[OpDiscover] = func(s *State, e Effect) string {
		if e.Name == whatMadness {
			return fmt.Sprintf("%s may cast the exiled card for its madness cost, as %s resolves", s.playerID(e.Seat), descObj(s, e.Obj))
		}
		if e.Name == whatRebound {
			return fmt.Sprintf("%s may cast the rebounding card without paying its mana cost, as %s resolves", s.playerID(e.Seat), descObj(s, e.Obj))
		}
		if e.Name == whatCascade {
			return fmt.Sprintf("%s cascades for %s (mana value less than %d)", s.playerID(e.Seat), descObj(s, e.Obj), e.N+1)
		}
		return fmt.Sprintf("%s discovers %d for %s", s.playerID(e.Seat), e.N, descObj(s, e.Obj))
	}
	extDescribe[OpDiscoverFound] = func(s *State, e Effect) string {
		found := "no nonland card"
		if e.To != 0 {
			found = descObj(s, e.To)
		}
		if e.Name == cascadeBottom && len(e.List) > 0 {
			return fmt.Sprintf("%s is not cast: it goes to the bottom with the rest", descObj(s, e.List[len(e.List)-1]))
		}
		if d := s.Discovery; d != nil && d.Rebound {
			return fmt.Sprintf("%s rebounds", found)
		}
		if d := s.Discovery; d != nil && d.Madness {
			return fmt.Sprintf("%s was exiled by madness", found)
		}
		if d := s.Discovery; d != nil && d.Cascade {
			return fmt.Sprintf("cascaded into %s; exiled besides: %s", found, s.describeIDs(e.List, false))
		}
		return fmt.Sprintf("discovered %s; exiled besides: %s", found, s.describeIDs(e.List, false))
	}
	extDescribe[OpDiscoverEnd] = func(s *State, e Effect) string {
		if e.Name == whatCascade {
			return "the cascade is over"
		}
		if e.Name == whatRebound {
			return "the rebound is over"
		}
		if e.Name == whatMadness {
			return "the madness is over"
		}
		return "the discovery is over"
	}
}

// discoverRequest is a discover card code asked for, or a cascade.
type discoverRequest struct {
	seat, n int
	cascade bool
	// rebound: the card a rebound may cast (interp_rebound.go), or 0;
	// with madness, the card cast for its madness cost (interp_madness.go).
	rebound ObjID
	madness bool
}

// whatCascade names a cascade in OpDiscover's Name.
const whatCascade = "cascade"

// Discover: seat discovers n once the step ends (see DiscoverWorld).
func (w *world) Discover(seat, n int) {
	if seat >= 0 && seat < len(w.g.S.Players) {
		w.discover = &discoverRequest{seat: seat, n: n}
	}
}

// startDiscover begins the discovery card code asked for; unless a shuffle
// was asked in the same step, the cards are exiled now. It reports whether
// the discovery is over already (no question pending).
func (g *Game) startDiscover(o *Object, req *discoverRequest, shuffling bool) bool {
	e := Effect{Op: OpDiscover, Obj: o.ID, Seat: req.seat, N: req.n}
	if req.cascade {
		e.Name = whatCascade
	}
	if req.rebound != 0 {
		e.Name = whatRebound
	}
	if req.madness {
		e.Name = whatMadness
	}
	g.emit(e)
	if req.madness {
		return g.madnessAsk(req.rebound) // interp_madness.go
	}
	if req.rebound != 0 {
		return g.reboundAsk(req.rebound) // interp_rebound.go
	}
	if shuffling {
		return false
	}
	return g.discoverExile()
}

// discoverExile exiles cards from the top of the library until a nonland
// card with mana value N or less (DISC-1, DISC-2), then asks what to do
// with it. A token in the library (one shuffled in, about to cease to
// exist) can't be moved (CR 111.8) and is passed over.
func (g *Game) discoverExile() bool {
	s := g.S
	d := s.Discovery
	var found ObjID
	var rest []ObjID
	for i := 0; i < len(s.Players[d.Seat].Library); {
		o := s.Objects[s.Players[d.Seat].Library[i]]
		if o.Token {
			i++
			continue
		}
		hit := !o.Is("Land") && o.ManaValue() <= d.N
		nid := s.nextObjID()
		g.emit(Effect{Op: OpMove, Obj: o.ID, To: nid, Zone: ZoneExile, Seat: o.Owner, N: -1, Name: exiledByDiscover})
		if hit {
			found = nid
			break
		}
		rest = append(rest, nid)
	}
	g.emit(Effect{Op: OpDiscoverFound, To: found, List: rest})
	if found == 0 {
		return g.discoverRest()
	}
	if len(g.freeCasts(&lister{g: g}, d.Seat, found, d.N, 1)) == 0 {
		if d.Cascade {
			return g.cascadeUncast() // it can't be cast: it joins the rest
		}
		g.move(found, ZoneHand, s.Objects[found].Owner, -1) // DISC-5
		return g.discoverRest()
	}
	g.emit(Effect{Op: OpPriority, Seat: -1})
	if d.Cascade {
		g.ask(Question{Ask: AskChoose, Player: d.Seat, What: whatCascade, Options: []string{"cast", cascadeBottom}, N: d.N, Max: 1,
			Resolving: d.Resolving, Prompt: fmt.Sprintf("cascade: cast %s without paying its mana cost, or put it on the bottom of your library with the rest", descObj(s, found))})
		return false
	}
	g.ask(Question{Ask: AskChoose, Player: d.Seat, What: whatDiscover, Options: []string{"cast", "hand"}, N: d.N, Max: 1,
		Resolving: d.Resolving, Prompt: fmt.Sprintf("discover %d: cast %s without paying its mana cost, or put it into your hand", d.N, descObj(s, found))})
	return false
}

// cascadeUncast: the cascaded card isn't cast (declined, or it can't be):
// it goes to the bottom with the other exiled cards (CR 702.85a). It
// reports whether the cascade is over.
func (g *Game) cascadeUncast() bool {
	d := g.S.Discovery
	g.emit(Effect{Op: OpDiscoverFound, Name: cascadeBottom, List: append(slices.Clone(d.Rest), d.Card)})
	return g.discoverRest()
}

// discoverRest puts the other exiled cards on the bottom of the library:
// one goes at once, two or more in a random order asked of the table. It
// reports whether the discovery is over.
func (g *Game) discoverRest() bool {
	s := g.S
	d := s.Discovery
	switch len(d.Rest) {
	case 0:
	case 1:
		g.move(d.Rest[0], ZoneLibrary, s.Objects[d.Rest[0]].Owner, -1)
	default:
		g.emit(Effect{Op: OpPriority, Seat: -1})
		g.ask(Question{Ask: AskRandom, Player: -1, Random: events.RandomOrder, Of: d.Seat, Resolving: d.Resolving,
			Options: idStrings(d.Rest), What: d.what()})
		return false
	}
	g.emit(Effect{Op: OpDiscoverEnd, Name: s.Discovery.endName()})
	return true
}

// discoverDone ends the resolution a discovery interrupted: the
// discovering spell or ability is done, and the active player receives
// priority.
func (g *Game) discoverDone(resolving ObjID) {
	if o := g.S.Obj(resolving); o != nil {
		finished, lang := g.resumeAfterDiscover(o) // interp_pool_discover.go
		switch {
		case lang && !finished:
			return // a later verb asks
		case o.isAbility():
			g.vanish(o)
		default:
			g.finishSpell(o)
		}
	}
	g.givePriority(g.S.Active, 0)
}

// checkDiscoverChoice: the answer is "cast" or "hand" (DISC-1).
func (g *Game) checkDiscoverChoice(b *events.Choose) error {
	q := g.S.Pending
	if len(b.Answer) != 1 || !slices.Contains(q.Options, b.Answer[0]) {
		if d := g.S.Discovery; d != nil && d.Madness {
			return g.refuse("CR 702.35a", "body.answer", "madness may cast the card for its madness cost or put it into the graveyard: answer one of %s", strings.Join(q.Options, ", "))
		}
		if d := g.S.Discovery; d != nil && d.Rebound {
			return g.refuse("CR 702.88a", "body.answer", "rebound may cast the card without paying its mana cost or leave it in exile: answer one of %s", strings.Join(q.Options, ", "))
		}
		if d := g.S.Discovery; d != nil && d.Cascade {
			return g.refuse("CR 702.85a", "body.answer", "cascade may cast the card without paying its mana cost or leave it with the rest: answer one of %s", strings.Join(q.Options, ", "))
		}
		return g.refuse("CR 701.57a", "body.answer", "the only choice is to cast the discovered card without paying its mana cost or put it into your hand: answer one of %s (DISC-1)", strings.Join(q.Options, ", "))
	}
	return nil
}

// discoverChoice carries out "hand" or asks for the cast.
func (g *Game) discoverChoice(answer string) {
	s := g.S
	d := s.Discovery
	if answer == "cast" {
		prompt := fmt.Sprintf("discover %d: cast %s without paying its mana cost", d.N, descObj(s, d.Card))
		if d.Cascade {
			prompt = fmt.Sprintf("cascade: cast %s without paying its mana cost", descObj(s, d.Card))
		}
		if d.Rebound {
			prompt = fmt.Sprintf("rebound: cast %s without paying its mana cost", descObj(s, d.Card))
		}
		if d.Madness {
			prompt = fmt.Sprintf("madness: cast %s for its madness cost", descObj(s, d.Card))
		}
		g.ask(Question{Ask: AskCast, Player: d.Seat, What: d.what(), Options: []string{d.Card.String()}, N: d.N,
			Resolving: d.Resolving, Prompt: prompt})
		return
	}
	if d.Madness { // into the graveyard (CR 702.35a)
		g.madnessUncast()
		g.discoverDone(d.Resolving)
		return
	}
	if d.Rebound { // left in exile (CR 702.88a)
		g.emit(Effect{Op: OpDiscoverEnd, Name: d.endName()})
		g.discoverDone(d.Resolving)
		return
	}
	if d.Cascade {
		if g.cascadeUncast() {
			g.discoverDone(d.Resolving)
		}
		return
	}
	g.move(d.Card, ZoneHand, s.Objects[d.Card].Owner, -1)
	if g.discoverRest() {
		g.discoverDone(d.Resolving)
	}
}

// checkDiscoverOrder: the order names each of the other exiled cards once.
func (g *Game) checkDiscoverOrder(b *events.Random) error {
	_, err := g.discoverOrder(b)
	return err
}

func (g *Game) discoverOrder(b *events.Random) ([]ObjID, error) {
	s := g.S
	q := s.Pending
	if b.Player != "" && s.Seat(b.Player) != q.Of {
		return nil, g.refuse("CR 701.57a", "body.player", "the cards go to the bottom of %s's library (DISC-1)", s.Players[q.Of].ID)
	}
	var ids []ObjID
	for _, o := range q.Options {
		if kind, n, ok := parseID(o); ok && kind == 'o' {
			ids = append(ids, ObjID(n))
		}
	}
	if len(b.Order) != len(ids) {
		return nil, g.refuse("CR 701.57a", "body.order", "order the %d other exiled cards (%s), not %d (DISC-1)", len(ids), s.describeIDs(ids, false), len(b.Order))
	}
	out := make([]ObjID, 0, len(ids))
	for i, ref := range b.Order {
		m := slices.DeleteFunc(s.matchRef(ref, ids), func(id ObjID) bool { return slices.Contains(out, id) })
		if len(m) == 0 {
			return nil, g.refuse("CR 701.57a", "body.order["+itoa(i)+"]", "%q is not one of the other exiled cards (%s), or is named twice (DISC-1)", ref, s.describeIDs(ids, false))
		}
		out = append(out, m[0])
	}
	return out, nil
}

// doDiscoverOrder puts the other exiled cards on the bottom in the order
// given, top first, and ends the discovery.
func (g *Game) doDiscoverOrder(b *events.Random) {
	s := g.S
	q := s.Pending
	order, _ := g.discoverOrder(b)
	for _, id := range order {
		g.move(id, ZoneLibrary, s.Objects[id].Owner, -1)
	}
	g.emit(Effect{Op: OpDiscoverEnd, Name: s.Discovery.endName()})
	g.discoverDone(q.Resolving)
}

// discoverAfterShuffle: a discovery that waited for a shuffle begins now.
func (g *Game) discoverAfterShuffle() {
	r := g.S.Discovery.Resolving
	if g.discoverExile() {
		g.discoverDone(r)
	}
}

// freeCast is one way to cast a card without paying its mana cost.
type freeCast struct {
	face string // "" for the card itself (an adventurer's creature)
	def  *cards.Card
}

// freeFaces lists the faces of card id that may be cast without paying
// the mana cost under a limit of mana value n (-1: no limit): the card
// itself, or an adventurer's creature or Adventure (ADV-8, ADV-16), or
// either half of a split card, never both (DISC-6).
func freeFaces(o *Object, n int) []freeCast {
	var out []freeCast
	add := func(face string, def *cards.Card) {
		if n < 0 || def.Cost.Value(0) <= n {
			out = append(out, freeCast{face, def})
		}
	}
	switch {
	case o.Def.Layout == "split":
		for _, f := range o.Def.Faces {
			add(f.Name, f)
		}
	case o.Def.Adventure() != nil:
		add("", o.Def.Faces[0])
		add(o.Def.Adventure().Name, o.Def.Adventure())
	default:
		add("", o.Def)
	}
	return out
}

// freeCasts lists up to limit (0: no limit) `cast` inputs that cast card
// id without paying its mana cost under discover n: each face, X = 0, each
// combination of targets (at most maxTargetSets, l notes a list cut
// short), the default payment.
func (g *Game) freeCasts(l *lister, seat int, id ObjID, n, limit int) []*events.Cast {
	s := g.S
	o := s.Objects[id]
	var out []*events.Cast
	for _, f := range freeFaces(o, -1) {
		choices := []langChoice{{}}
		if lc := langOf(f.def); lc != nil {
			choices = langSpellChoices(lc)
		}
		for _, ch := range choices {
			sets := [][]string{nil}
			switch sp := f.def.SpellOf(); {
			case ch.specs != nil:
				sets = l.langTargetSets(seat, id, ch.specs)
			case sp != nil:
				sets = l.targetSets(sp.Targets, sp.AnyNumber)
			}
			for _, ts := range sets {
				b := &events.Cast{Player: s.Players[seat].ID, Card: id.String(), Face: f.face, Targets: ts, Modes: ch.modes}
				if _, err := g.planFreeCastOf(seat, id, n, b); err == nil {
					out = append(out, b)
					if limit > 0 && len(out) >= limit {
						return out
					}
				}
			}
		}
	}
	return out
}

// planFreeCast checks the cast that answers AskCast: the discovered card,
// cast by the player asked.
func (g *Game) planFreeCast(seat int, b *events.Cast) (castPlan, error) {
	s := g.S
	q := s.Pending
	if q.Player != seat {
		return castPlan{}, g.refuse("CR 608.2g", "body.player", "%s is casting a spell as %s resolves", s.Players[q.Player].ID, s.objName(q.Resolving))
	}
	var want []ObjID
	for _, opt := range q.Options {
		if kind, n, ok := parseID(opt); ok && kind == 'o' {
			want = append(want, ObjID(n))
		}
	}
	cands := s.matchRef(b.Card, want)
	if len(cands) == 0 && s.Discovery != nil && s.Discovery.Madness {
		return castPlan{}, g.refuse("CR 702.35a", "body.card", "only the card exiled by madness, %s, may be cast now, as %s resolves", s.describeIDs(want, false), s.objName(q.Resolving))
	}
	if len(cands) == 0 && s.Discovery != nil && s.Discovery.Rebound {
		return castPlan{}, g.refuse("CR 702.88a", "body.card", "only the rebounding card, %s, may be cast now, as %s resolves", s.describeIDs(want, false), s.objName(q.Resolving))
	}
	if len(cands) == 0 {
		return castPlan{}, g.refuse("CR 701.57a", "body.card", "only the discovered card, %s, may be cast now, as %s resolves (DISC-1)", s.describeIDs(want, false), s.objName(q.Resolving))
	}
	return g.planFreeCastOf(seat, cands[0], q.N, b)
}

// planFreeCastOf checks a cast of card id without paying its mana cost,
// with mana value n or less (-1: any). Timing rules don't apply (CR
// 608.2g); X is 0 (DISC-4, FREE-1); costs added to the spell are paid,
// kicker and replicate among them when the cast names them (CR 601.2f).
func (g *Game) planFreeCastOf(seat int, id ObjID, n int, b *events.Cast) (castPlan, error) {
	s := g.S
	o := s.Objects[id]
	def, face := o.Def, ""
	switch {
	case o.Def.Layout == "split":
		if b.Face == "" || b.Face == o.Def.Name {
			return castPlan{}, g.refuse("CR 709.3", "body.face", "name the half of %s to cast: one half, not both (DISC-6)", o.Def.Name)
		}
		f := o.Def.Face(b.Face)
		if f == nil {
			return castPlan{}, g.refuse("CR 709.3", "body.face", "%s has no half named %q", o.Def.Name, b.Face)
		}
		def, face = f, f.Name
	case o.Def.Adventure() != nil:
		if b.Face != "" {
			f := o.Def.Face(b.Face)
			if f == nil {
				return castPlan{}, g.refuse("CR 715.3", "body.face", "%s has no face named %q", o.Name(), b.Face)
			}
			if f == o.Def.Adventure() {
				def, face = f, f.Name // ADV-8: the Adventure may be cast this way
			}
		}
	case b.Face != "" && b.Face != o.Def.Name:
		return castPlan{}, g.refuse("CR 601.2a", "body.face", "%s has no face named %q", o.Name(), b.Face)
	}
	g.action = "cast " + def.Name + " without paying its mana cost"
	switch {
	case def.Is("Land"):
		return castPlan{}, g.refuse("CR 305.9", "body.card", "%s is a land: lands are played, not cast", def.Name)
	case !castModelled(o, def, face):
		return castPlan{}, g.refuse("CARD-CODE", "body.card", "%s's rules text is not modelled yet", def.Name)
	}
	if mv := def.Cost.Value(0); n >= 0 && mv > n {
		ruling := "" // the ruling that decides it, beside the CR rule
		switch {
		case o.Def.Layout == "split":
			ruling = " (DISC-6)"
		case o.Def.Adventure() != nil:
			ruling = " (ADV-16)"
		}
		if d := s.Discovery; d != nil && d.Cascade {
			return castPlan{}, g.refuse("CR 702.85a", "body.face", "%s has mana value %d: the spell cascade casts must have a mana value less than %d", def.Name, mv, n+1)
		}
		return castPlan{}, g.refuse("CR 701.57a", "body.face", "%s has mana value %d, more than the discover value %d%s", def.Name, mv, n, ruling)
	}
	if len(b.Delve) > 0 || len(b.Improvise) > 0 || len(b.Convoke) > 0 {
		return castPlan{}, g.refuse("CR 601.2h", "body.delve", "cast without paying its mana cost, %s has no mana for delve, improvise or convoke to pay", def.Name)
	}
	if len(b.Conspire) > 0 {
		return castPlan{}, g.refuse("CR 702.78a", "body.conspire", "conspiring as %s is cast without paying its mana cost is not carried out yet", def.Name)
	}
	if b.Permission != "" {
		return castPlan{}, g.refuse("CR 601.3", "body.permission", "%s is cast as an effect allows, not by a permanent's permission", def.Name)
	}
	if d := s.Discovery; d != nil && d.Madness {
		if b.X != 0 {
			return castPlan{}, g.refuse("CR 702.35a", "body.x", "%s's madness cost has no X: X is 0, not %d", def.Name, b.X)
		}
		return g.planMadnessCast(seat, o, id, face, def, b) // interp_madness.go
	}
	if b.X != 0 && s.Discovery != nil && (s.Discovery.Rebound || s.Discovery.Cascade) {
		return castPlan{}, g.refuse("CR 107.3b", "body.x", "cast without paying its mana cost, %s's X is 0, not %d", def.Name, b.X)
	}
	if b.X != 0 {
		return castPlan{}, g.refuse("CR 107.3b", "body.x", "cast without paying its mana cost, %s's X is 0, not %d (DISC-4)", def.Name, b.X)
	}
	if lc := langOf(def); lc != nil {
		return g.planFreeLangCast(seat, o, id, face, def, lc, b)
	}
	if len(b.Modes) > 0 {
		return castPlan{}, g.refuse("CR 601.2b", "body.modes", "%s is not modal", def.Name)
	}
	sp := def.SpellOf()
	plan, err := g.planTargets(seat, id, def, sp, b.Targets)
	if err != nil {
		return castPlan{}, err
	}
	plan.face, plan.from = face, o.Zone
	var cost cards.Cost // FREE-1: no mana cost; what is added to it is paid
	if sp != nil && sp.ExtraCost != nil {
		cost = sp.ExtraCost(len(plan.targets))
	}
	switch {
	case b.Kicks > 1:
		return castPlan{}, g.refuse("CR 702.33c", "body.kicks", "%s has no multikicker", def.Name)
	case kickTimes(b) > 0 && (sp == nil || sp.Kicker == nil):
		return castPlan{}, g.refuse("CR 702.33a", "body.kicked", "%s has no kicker", def.Name)
	case kickTimes(b) > 0:
		cost = append(cost, sp.Kicker...) // an additional cost, paid (CR 601.2f, 702.33a)
	}
	pay, err := g.choosePaymentFor(seat, o, cost, 0, b.Pay)
	if err != nil {
		return castPlan{}, err
	}
	plan.pay = pay
	return plan, nil
}

// planFreeLangCast is planFreeCastOf's end for a card played by the
// ability language: its modes and targets as for any cast; no mana cost
// (FREE-1).
func (g *Game) planFreeLangCast(seat int, o *Object, id ObjID, face string, def *cards.Card, lc *langCard, b *events.Cast) (castPlan, error) {
	b, err := g.entwined(def, lc, lc.spell, b) // interp_entwine.go
	if err != nil {
		return castPlan{}, err
	}
	lp, err := g.planLangCast(seat, o, def, lc.spell, b)
	if err != nil {
		return castPlan{}, err
	}
	plan := castPlan{obj: id, face: face, from: o.Zone, targets: lp.targets, lang: &lp}
	cost, err := g.langAdditionalCosts(def, lc, b, &ability.Cost{}) // FREE-1: the additional costs are paid
	if err != nil {
		return castPlan{}, err
	}
	kicker, err := g.langKickerCost(def, lc, b) // kicker and multikicker too (CR 601.2f, 702.33a): interp_multikicker.go
	if err != nil {
		return castPlan{}, err
	}
	replicate, err := g.replicateCost(def, lc, b) // interp_copies.go
	if err != nil {
		return castPlan{}, err
	}
	kicker = append(kicker, replicate...)
	cp, err := g.planCost(seat, o, def, cost, kicker, 0, b.Pay, &b.CostChoices)
	if err != nil {
		return castPlan{}, err
	}
	plan.pay, lp.costs = cp.pay, &cp
	return plan, nil
}

// planTargets checks a spell's targets as cast (CR 601.2c).
func (g *Game) planTargets(seat int, id ObjID, def *cards.Card, sp *cards.Spell, refs []string) (castPlan, error) {
	kinds := targetKinds(sp, len(refs))
	switch {
	case sp != nil && sp.AnyNumber && len(refs) == 0:
		return castPlan{}, g.refuse("CR 601.2c", "body.targets", "%s needs at least one target", def.Name)
	case sp != nil && sp.AnyNumber && sp.MaxTargets > 0 && len(refs) > sp.MaxTargets:
		return castPlan{}, g.refuse("CR 601.2c", "body.targets", "%s takes 1 to %d targets, got %d", def.Name, sp.MaxTargets, len(refs))
	case len(refs) != len(kinds):
		return castPlan{}, g.refuse("CR 601.2c", "body.targets", "%s takes %d target%s, got %d", def.Name, len(kinds), plural(len(kinds)), len(refs))
	}
	plan := castPlan{obj: id}
	for i, k := range kinds {
		t, err := g.chooseTarget(seat, id, k, refs[i], "body.targets["+itoa(i)+"]", plan.targets)
		if err != nil {
			return castPlan{}, err
		}
		if slices.Contains(plan.targets, t) {
			return castPlan{}, g.refuse("CR 115.3", "body.targets["+itoa(i)+"]", "%q is chosen twice for the same spell", refs[i])
		}
		plan.targets = append(plan.targets, t)
	}
	return plan, nil
}

// doFreeCast casts the discovered card: it goes on the stack above the
// discovering spell or ability, its cast triggers wait, and the discovery
// goes on (CR 608.2g: nobody receives priority).
func (g *Game) doFreeCast(seat int, b *events.Cast) {
	plan, _ := g.planFreeCast(seat, b)
	d := g.S.Discovery
	nid := g.move(plan.obj, ZoneStack, seat, -1)
	g.emit(Effect{Op: OpSpell, Obj: nid, Kind: plan.face, Targets: slices.Clone(plan.targets), Zone: ZoneExile}) // cast from exile
	if d.Madness {
		g.emit(Effect{Op: OpCastWith, Obj: nid, Name: whatMadness}) // interp_altcosts.go
	}
	if plan.lang != nil {
		g.emitCastChoices(nid, plan.lang.modes, plan.lang.slots)
	}
	if n := kickTimes(b); n > 0 {
		g.emitKicked(nid, n) // its kicker paid (interp_multikicker.go)
	}
	if plan.lang != nil {
		if n := g.copiesOnCast(g.S.Objects[nid], b); n > 0 {
			g.emit(Effect{Op: OpTimes, Obj: nid, N: n}) // storm's and replicate's copies (interp_copies.go)
		}
	}
	if plan.lang != nil && plan.lang.costs != nil {
		g.payCost(seat, *plan.lang.costs) // additional costs (interp_paycost.go)
	} else {
		g.spend(seat, plan.pay)
	}
	g.afterCast(plan, nid, seat)
	g.fire(cards.TriggerCast, nid, seat) // CR 601.2i
	if g.discoverRest() {
		g.discoverDone(d.Resolving)
	}
}

// castAnswers lists the inputs that answer AskCast, for LegalActions.
func (l *lister) castAnswers(q Question) {
	g := l.g
	for _, opt := range q.Options {
		kind, n, ok := parseID(opt)
		if !ok || kind != 'o' || g.S.Obj(ObjID(n)) == nil {
			continue
		}
		for _, b := range g.freeCasts(l, q.Player, ObjID(n), q.N, 0) {
			l.offer(b.Player, b)
		}
	}
}

// WasCast: see cards.DiscoverFacts.
func (f facts) WasCast(obj uint32) bool {
	if o := f.live(obj); o != nil {
		return o.Cast
	}
	if l := f.lki(obj); l != nil {
		return l.Cast
	}
	return false
}

// OwnerOf: see cards.DiscoverFacts.
func (f facts) OwnerOf(obj uint32) int {
	if o := f.g.S.Obj(ObjID(obj)); o != nil {
		return o.Owner
	}
	return -1
}

// PutIntoLibrary puts a permanent or spell into its owner's library, pos
// cards from the top (-1: the bottom).
func (w *world) PutIntoLibrary(obj uint32, pos int) {
	o := w.g.S.Obj(ObjID(obj))
	if o == nil || o.isAbility() || o.Zone != ZoneBattlefield && o.Zone != ZoneStack {
		return
	}
	w.g.move(o.ID, ZoneLibrary, o.Owner, pos)
}

// UsedThisTurn: the resolving ability's source did its "only once each
// turn" thing this turn.
func (w *world) UsedThisTurn() bool {
	src := w.g.S.Obj(w.spell.Source)
	return src != nil && w.g.S.usedThisTurn(src, cards.UseDiscover)
}

// UseThisTurn records that the source does it now.
func (w *world) UseThisTurn() {
	if src := w.g.S.Obj(w.spell.Source); src != nil && src.Zone == ZoneBattlefield {
		w.g.emit(Effect{Op: OpUsed, Obj: src.ID, Kind: cards.UseDiscover})
	}
}

func init() {
	onBattlefield := func(g *Game, o *Object, what string, ok bool) string {
		if o.Zone != ZoneBattlefield || !ok {
			return g.S.objName(o.ID) + " is not " + what + " on the battlefield"
		}
		return ""
	}
	extTargetRules[cards.TargetArtifact] = func(g *Game, o, _ *Object) string {
		return onBattlefield(g, o, "an artifact", o.Is("Artifact"))
	}
	extTargetRules[cards.TargetEnchantment] = func(g *Game, o, _ *Object) string {
		return onBattlefield(g, o, "an enchantment", o.Is("Enchantment"))
	}
	extTargetRules[cards.TargetPermanent] = func(g *Game, o, _ *Object) string {
		return onBattlefield(g, o, "a permanent", true)
	}
	extTargetRules[cards.TargetPlayer] = func(g *Game, o, _ *Object) string {
		return g.S.objName(o.ID) + " is not a player"
	}
	extTargetRules[cards.TargetSpellOrNonlandPermanent] = func(g *Game, o, _ *Object) string {
		if o.Zone == ZoneStack && !o.isAbility() || o.Zone == ZoneBattlefield && !o.Is("Land") {
			return ""
		}
		return g.S.objName(o.ID) + " is neither a spell on the stack nor a nonland permanent"
	}
	// a permanent's X is 0, so a permanent cast with X has the mana
	// value of its cost with X = 0 ({X}{X}: 0).
	extTargetRules[cards.TargetArtifactOrCreatureMV1] = func(g *Game, o, _ *Object) string {
		if why := onBattlefield(g, o, "an artifact or creature", o.Is("Artifact") || o.Is("Creature")); why != "" {
			return why
		}
		if mv := o.ManaValue(); mv < 1 {
			return g.S.objName(o.ID) + " has mana value " + itoa(mv) + ", less than 1"
		}
		return ""
	}
}

// handActivations offers the abilities a card in seat's hand has that are
// activated from the hand (CR 113.6m), with each X and each
// combination of targets.
func (l *lister) handActivations(seat int, id ObjID) {
	s := l.g.S
	p := s.Players[seat]
	o := s.Objects[id]
	if o.Def == nil {
		return
	}
	if lc := langOf(o.Def); lc != nil {
		for _, ab := range o.manaAbilitiesOf() { // those that function from the hand (interp_handmana.go)
			for _, cc := range l.manaCostChoiceSets(seat, o, ab) {
				l.manaOffers(p.ID, id.String(), seat, ab, o.abilityNumber(ab.Index), cc)
			}
		}
		l.langActivations(seat, o, lc) // interp_legal.go
		if plotCost(o.Def) != nil {
			l.offer(p.ID, &events.Activate{Player: p.ID, Source: id.String(), Special: specialPlot}) // interp_plot.go
		}
		if foretellCost(o.Def) != nil {
			l.offer(p.ID, &events.Activate{Player: p.ID, Source: id.String(), Special: specialForetell})
		}
		return
	}
	for i := 0; i <= strings.Count(o.Def.Oracle, "\n"); i++ {
		ab := o.Def.ActivatedOf(i)
		if ab == nil || !ab.FromHand {
			continue
		}
		sets := l.targetSets(ab.Targets, false)
		for x := 0; x <= l.maxX(seat, ab.Cost); x++ {
			for _, ts := range sets {
				l.offer(p.ID, &events.Activate{Player: p.ID, Source: id.String(), Ability: i, X: x, Targets: ts})
			}
		}
	}
}
