package reducer

import (
	"slices"
	"strings"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Starting a game (CR 103): who plays first, shuffles, opening hands and the
// London mulligan (CR 103.5). The flow is driven by the pending question:
//
//	coin flip (unless match_started names the first player)
//	-> the winner chooses play or draw
//	-> a shuffle of each library, in seat order -> seven cards each
//	-> rounds: each player who hasn't kept, from the starting player, keeps
//	   or mulligans; then each who mulliganed puts the hand back, shuffles
//	   and draws seven
//	-> when all have kept, turn 1 begins.
//
// A coin flip of heads is won by the first seat, tails by the second.

const (
	whatPlayOrDraw = "play_or_draw"
	whatOpening    = "opening"  // the first shuffle of a game
	whatMulligan   = "mulligan" // a shuffle after a mulligan
	openingHand    = 7
	defaultLife    = 20
)

func (g *Game) checkMatchStarted(b *events.MatchStarted) error {
	if err := g.checkDeclared(b); err != nil {
		return err
	}
	// The field is named only when refused: a deck of 60 would build 60
	// names to throw away.
	// A deck lists its copies of a card together: a name known already
	// (last) is not looked up again.
	last := ""
	known := func(i int, list string, j int, name string) error {
		if name == last && name != "" {
			return nil
		}
		field := func() string { return "body.players[" + itoa(i) + "]." + list + "[" + itoa(j) + "]" }
		for _, d := range b.Cards {
			if strings.EqualFold(d.Name, name) {
				if d.Token {
					return g.refuse("CARD-DECLARED", field(), "%s is a token the match declares: no deck holds it (CR 111.8)", d.Name)
				}
				return nil
			}
		}
		c, err := g.S.pool.Resolve(name)
		if err != nil {
			return g.refuse("CARD-POOL", field(), "%v", err)
		}
		if why := c.NotInDecks(); why != "" {
			return g.refuse("CARD-KIND", field(), "%s %s", c.Name, why)
		}
		last = name
		return nil
	}
	for i, p := range b.Players {
		for j, name := range p.Deck {
			if err := known(i, "deck", j, name); err != nil {
				return err
			}
		}
		for j, name := range p.Sideboard {
			if err := known(i, "sideboard", j, name); err != nil {
				return err
			}
		}
	}
	if len(b.Players) < 2 {
		return g.refuse("CR 103.1", "body.players", "a game needs two players")
	}
	return nil
}

func (g *Game) startMatch(b *events.MatchStarted) {
	life := b.StartingLife
	if life == 0 {
		life = defaultLife
	}
	g.emit(Effect{Op: OpMatch, Name: g.match, Kind: b.Format, N: life})
	g.emit(Effect{Op: OpBestOf, N: max(b.BestOf, 1)})
	for i := range b.Cards {
		d := b.Cards[i]
		g.emit(Effect{Op: OpDeclare, Name: d.Name, Decl: &d})
	}
	for i, p := range b.Players {
		g.emit(Effect{Op: OpPlayer, Seat: i, Kind: p.ID, Name: p.Name})
	}
	id := CardID(1)
	for i, p := range b.Players {
		for _, name := range p.Deck {
			g.emitCard(id, i, g.S.recordedName(name), 0)
			id++
		}
		for _, name := range p.Sideboard {
			g.emitCard(id, i, g.S.recordedName(name), 1)
			id++
		}
	}
	g.beginGame(1, g.S.Seat(b.FirstPlayer))
}

// recordedName is the name OpCard records for a deck list's name: the
// card's own name when the list spells it another way ("lightning bolt",
// "Lim-Dûl's Vault", a split half), else the name as given, so that logs
// written with exact names replay byte for byte. A card the match declares
// is recorded as given.
func (s *State) recordedName(name string) string {
	c, ok := s.cardDef(name)
	if !ok || c.Declared {
		return name
	}
	return cards.Canonical(name, c)
}

// beginGame creates every deck card in its owner's library, in deck order,
// and asks who starts (or goes straight to the shuffles when it is known).
func (g *Game) beginGame(n, first int) {
	s := g.S
	g.emit(Effect{Op: OpNewGame, N: n})
	for id := 1; id < len(s.Cards); id++ {
		c := s.Cards[id]
		if !c.Sideboard {
			g.emitCreate(s.nextObjID(), CardID(id), c.Owner, ZoneLibrary, -1)
		}
	}
	switch {
	case first >= 0:
		g.setStarting(first)
	case n == 1:
		g.ask(Question{Ask: AskRandom, Player: -1, Random: events.RandomCoin})
	}
}

func (g *Game) setStarting(seat int) {
	g.emit(Effect{Op: OpStep, N: 0, Step: StepNone, Seat: seat})
	g.ask(Question{Ask: AskRandom, Player: -1, Random: events.RandomShuffle, Of: 0, What: whatOpening})
}

func (g *Game) ask(q Question) { g.emit(Effect{Op: OpAsk, Ask: &q}) }

func (g *Game) checkRandom(b *events.Random) error {
	q := g.S.Pending
	if q.Ask != AskRandom {
		return g.refuse("CR 117.3", "kind", "no random outcome was asked for; waiting for %s", g.describePending())
	}
	if b.Of != q.Random {
		return g.refuse("CR 117.3", "body.of", "a %s was asked for, not a %s", q.Random, b.Of)
	}
	if b.Of == events.RandomShuffle {
		if b.Player != "" && g.S.Seat(b.Player) != q.Of {
			return g.refuse("CR 103.3", "body.player", "the shuffle asked for is %s's library", g.S.Players[q.Of].ID)
		}
		if q.What == whatShuffleInto {
			_, err := g.shuffleIntoOrder(b.Order) // interp_shuffle_into.go
			return err
		}
		order, err := g.libraryOrder(q.Of, b.Order)
		if err != nil {
			return err
		}
		g.remember(b).order = order // for doRandom (plan_memo.go)
	}
	if b.Of == events.RandomOrder && (q.What == whatDiscover || q.What == whatCascade || q.What == whatRebound) {
		return g.checkDiscoverOrder(b)
	}
	if b.Of == events.RandomOrder && q.What == whatLangOrder {
		_, err := g.langOrder(b) // interp_random_order.go
		return err
	}
	return nil
}

// libraryOrder resolves a shuffle's order: every card of the library, once.
func (g *Game) libraryOrder(seat int, order []events.Ref) ([]ObjID, error) {
	lib := g.S.Players[seat].Library
	if len(order) != len(lib) {
		return nil, g.refuse("CR 103.3", "body.order", "the library has %d cards, the order names %d", len(lib), len(order))
	}
	// Each ref takes the first card of the library, in id order, that it
	// names and no earlier ref took.
	var idBuf [80]ObjID
	var takenBuf [80]bool
	byID := append(idBuf[:0], lib...)
	slices.Sort(byID)
	taken := takenBuf[:0]
	if len(byID) > len(takenBuf) {
		taken = make([]bool, len(byID))
	}
	taken = taken[:len(byID)]
	out := make([]ObjID, 0, len(order))
	for i, ref := range order {
		k := g.S.firstNamed(ref, byID, taken)
		if k < 0 {
			return nil, g.refuse("CR 103.3", "body.order["+itoa(i)+"]", "%q is not a card of the library, or is named twice", ref)
		}
		taken[k] = true
		out = append(out, byID[k])
	}
	return out, nil
}

// firstNamed is the position in byID (ids in ascending order) of the first
// object ref names that is not taken, or -1.
func (s *State) firstNamed(ref string, byID []ObjID, taken []bool) int {
	kind, n, isID := parseID(ref)
	if isID && kind == 'o' {
		// A library's ids are mostly a run (its cards were created one
		// after another): where n sits at its place in the run, that is
		// its position, without a search.
		if len(byID) > 0 {
			if k := int(n) - int(byID[0]); k >= 0 && k < len(byID) && byID[k] == ObjID(n) {
				if taken[k] {
					return -1
				}
				return k
			}
		}
		if k, ok := slices.BinarySearch(byID, ObjID(n)); ok && !taken[k] {
			return k
		}
		return -1
	}
	for k, id := range byID {
		if taken[k] {
			continue
		}
		o := s.Objects[id]
		if o == nil {
			continue
		}
		if isID && kind == 'c' && o.Card != 0 && uint32(o.Card) == n || !isID && namedBy(o, ref) {
			return k
		}
	}
	return -1
}

func (g *Game) doRandom(b *events.Random) {
	s := g.S
	q := s.Pending
	switch b.Of {
	case events.RandomCoin:
		if q.What == whatFlip {
			g.doFlip(b) // interp_flip.go
			return
		}
		winner := 0
		if b.Coin == "tails" {
			winner = 1
		}
		g.ask(Question{Ask: AskChoose, Player: winner, What: whatPlayOrDraw, Options: []string{"play", "draw"}})
	case events.RandomShuffle:
		if q.What == whatShuffleInto {
			order, _ := g.shuffleIntoOrder(b.Order) // interp_shuffle_into.go
			g.continueResolve(idStrings(order))
			return
		}
		order := ([]ObjID)(nil)
		if m, ok := g.recall(b); ok {
			order = m.order
		} else {
			order, _ = g.libraryOrder(q.Of, b.Order)
		}
		g.emit(Effect{Op: OpOrder, Seat: q.Of, List: order})
		if q.What == whatTableShuffle {
			g.afterTableShuffle(q) // a shuffle the table's effects asked for (table.go)
			return
		}
		if q.Resolving != 0 && s.Discovery != nil {
			g.discoverAfterShuffle() // a discovery waited for the shuffle
			return
		}
		if q.Resolving != 0 {
			g.continueResolve(nil) // a shuffle a resolving spell asked for
			return
		}
		if q.What == whatMulligan {
			g.draw(q.Of, openingHand)
			g.nextMulliganShuffle()
			return
		}
		if q.Of+1 < len(s.Players) {
			g.ask(Question{Ask: AskRandom, Player: -1, Random: events.RandomShuffle, Of: q.Of + 1, What: whatOpening})
			return
		}
		for i := range s.Players {
			g.draw(i, openingHand)
		}
		g.askMulligan()
	case events.RandomOrder:
		if q.What == whatDiscover || q.What == whatCascade || q.What == whatRebound {
			g.doDiscoverOrder(b)
		}
		if q.What == whatLangOrder {
			g.doLangOrder(b) // interp_random_order.go
		}
	}
}

// draw moves n cards from the top of seat's library to the hand; drawing
// from an empty library is remembered for the state-based check (CR 704.5b).
func (g *Game) draw(seat, n int) {
	p := g.S.Players[seat]
	n = g.drawReplaced(seat, n) // interp_drawmore.go
	for i := 0; i < n; i++ {
		if len(p.Library) == 0 {
			if g.S.Turn > 0 && !p.DrewEmpty {
				g.emit(Effect{Op: OpDrewEmpty, Seat: seat}) // the loss is a state-based action (sba_draw.go)
			}
			return
		}
		nid := g.move(p.Library[0], ZoneHand, seat, -1)
		if g.S.Turn > 0 {
			g.countDraw(seat)               // interp_zonetriggers.go
			g.fire(triggerDraws, nid, seat) // interp_steps.go
		}
		g.turnDraw = false // only the first card of the step's draw (interp_drawstep.go)
	}
}

// move puts an object into a zone as a new object (CR 400.7).
func (g *Game) move(id ObjID, to Zone, controller, pos int) ObjID {
	nid := g.moveQuiet(id, to, controller, pos)
	if to == ZoneBattlefield {
		g.entered(nid)
	}
	return nid
}

// moveQuiet is move without enters-the-battlefield triggers, for a
// permanent that enters with counters: the caller adds them (CR 614.1c)
// and then calls entered.
func (g *Game) moveQuiet(id ObjID, to Zone, controller, pos int) ObjID {
	if o := g.S.Obj(id); o != nil && to == ZoneBattlefield && o.Zone != ZoneBattlefield {
		if g.cantEnter(o) != "" {
			return id // it stays where it is (interp_cant_enter.go)
		}
		to = g.enterExiled(o)
	}
	to = g.aftermathExile(id, to) // CR 702.127a (fuse.go)
	if o := g.S.Obj(id); o != nil {
		to = g.S.flashbackExile(o, to) // CR 702.34a (interp_gravecast.go)
		to = g.langZoneReplaced(o, to) // CR 614.1a (interp_replace.go)
	}
	var dies, leaves []Effect
	left := false
	var melded CardID
	if o := g.S.Obj(id); o != nil && o.Zone == ZoneBattlefield {
		left, melded = true, o.Melded
		if to == ZoneGraveyard {
			dies = deathTriggers(o)
		}
		leaves = g.langLeaveTriggers(o, to) // interp_leaves.go
	}
	nid := g.S.nextObjID()
	g.emitMove(id, nid, to, controller, pos)
	markMoved(g.S, leaves, id, nid)
	dies = append(dies, leaves...)
	if melded != 0 {
		// A melded permanent that leaves puts both its cards there (CR
		// 712.4c): the second one after the first.
		after := pos
		if pos >= 0 {
			after = pos + 1
		}
		owner := g.S.Cards[melded].Owner
		g.emit(Effect{Op: OpCreate, Obj: g.S.nextObjID(), Card: melded, Seat: owner, Zone: to, N: after})
	}
	for _, e := range dies {
		g.emit(e)
	}
	if left {
		g.endEffectsOf(id)
	}
	return nid
}

// entered fires the enters-the-battlefield triggers of a new permanent: its
// own and other permanents' (CR 603.6a).
func (g *Game) entered(id ObjID) {
	if !g.onBattlefield(id) {
		return // it didn't enter (interp_cant_enter.go)
	}
	g.asEnters(id)
	seat := g.S.Objects[id].Controller
	g.fire(cards.TriggerEntersSelf, id, seat)
	g.fire(cards.TriggerEntersOther, id, seat)
}

// askMulligan asks the next player, in turn order from the starting
// player, who has neither kept nor decided this round; at the round's end
// the shuffles follow.
func (g *Game) askMulligan() {
	s := g.S
	for pos := range s.Players {
		seat := (s.Active + pos) % len(s.Players)
		p := s.Players[seat]
		if !p.Kept && !p.Decided {
			g.ask(Question{Ask: AskMulligan, Player: seat, N: p.Mulligans})
			return
		}
	}
	g.nextMulliganShuffle()
}

// nextMulliganShuffle: the next player, in turn order, who mulliganed this
// round puts the hand back and shuffles; then a new round, or turn 1.
func (g *Game) nextMulliganShuffle() {
	s := g.S
	for pos := range s.Players {
		seat := (s.Active + pos) % len(s.Players)
		p := s.Players[seat]
		if p.Decided && !p.Kept {
			g.emit(Effect{Op: OpDecided, Seat: seat, N: 0})
			for len(p.Hand) > 0 {
				g.move(p.Hand[0], ZoneLibrary, seat, -1)
			}
			g.ask(Question{Ask: AskRandom, Player: -1, Random: events.RandomShuffle, Of: seat, What: whatMulligan})
			return
		}
	}
	for _, p := range s.Players {
		if !p.Kept {
			g.askMulligan()
			return
		}
	}
	g.beginFirstTurn(0) // Leylines first (interp_pregame.go)
}

func (g *Game) checkMulligan(seat int, _ *events.Mulligan) error {
	q := g.S.Pending
	if q.Ask != AskMulligan || q.Player != seat {
		return g.refuse("CR 103.5", "kind", "not deciding a mulligan now; waiting for %s", g.describePending())
	}
	if g.S.Players[seat].Mulligans >= openingHand {
		return g.refuse("CR 103.5", "kind", "no cards left to mulligan to")
	}
	return nil
}

func (g *Game) doMulligan(seat int) {
	g.emit(Effect{Op: OpMulligan, Seat: seat})
	g.emit(Effect{Op: OpDecided, Seat: seat, N: 1})
	g.askMulligan()
}

func (g *Game) checkKeep(seat int, b *events.Keep) error {
	q := g.S.Pending
	p := g.S.Players[seat]
	if q.Ask != AskMulligan || q.Player != seat {
		return g.refuse("CR 103.5", "kind", "not deciding a mulligan now; waiting for %s", g.describePending())
	}
	if len(b.Bottom) != p.Mulligans {
		return g.refuse("CR 103.5", "body.bottom", "after %d mulligan%s, keep puts %d card%s on the bottom, not %d", p.Mulligans, plural(p.Mulligans), p.Mulligans, plural(p.Mulligans), len(b.Bottom))
	}
	_, err := g.handCards(seat, b.Bottom, "body.bottom", "CR 103.5")
	return err
}

// handCards resolves distinct cards of seat's hand; rule is the rule a
// wrong reference breaks (the mulligan's or the discard's).
func (g *Game) handCards(seat int, refs []events.Ref, field, rule string) ([]ObjID, error) {
	hand := g.S.Players[seat].Hand
	var out []ObjID
	for i, ref := range refs {
		m := g.S.matchRef(ref, hand)
		m = slices.DeleteFunc(m, func(id ObjID) bool { return slices.Contains(out, id) })
		if len(m) == 0 {
			return nil, g.refuse(rule, field+"["+itoa(i)+"]", "%q is not a card in %s's hand, or is named twice", ref, g.S.Players[seat].ID)
		}
		out = append(out, m[0])
	}
	return out, nil
}

func (g *Game) doKeep(seat int, b *events.Keep) {
	bottom, _ := g.handCards(seat, b.Bottom, "body.bottom", "CR 103.5")
	for _, id := range bottom {
		g.move(id, ZoneLibrary, seat, -1)
	}
	g.emit(Effect{Op: OpKeep, Seat: seat})
	g.askMulligan()
}

func (g *Game) checkChoose(seat int, b *events.Choose) error {
	q := g.S.Pending
	if q.Ask != AskChoose || q.Player != seat {
		return g.refuse("CR 117.3", "kind", "no question is put to %s; waiting for %s", g.S.Players[seat].ID, g.describePending())
	}
	switch q.What {
	case whatResolve:
		return g.checkResolveAnswer(b)
	case whatDiscover, whatCascade, whatRebound, whatMadness:
		return g.checkDiscoverChoice(b)
	case whatLegendRule:
		_, err := g.legendAnswer(b.Answer)
		return err
	case whatTriggerOrder:
		return g.checkTriggerOrder(b)
	case whatTriggerTarget:
		return g.checkTriggerTarget(b)
	case whatAsEnters:
		return g.checkAsEnters(b.Answer)
	case whatOpeningHand:
		return g.checkOpeningHand(b.Answer)
	case whatDiscard:
		_, err := g.handCards(seat, b.Answer, "body.answer", "CR 514.1")
		if err == nil && len(b.Answer) != q.N {
			return g.refuse("CR 514.1", "body.answer", "discard %d cards, not %d", q.N, len(b.Answer))
		}
		return err
	}
	if len(b.Answer) != 1 || !slices.Contains(q.Options, b.Answer[0]) {
		return g.refuse("CR 117.3", "body.answer", "answer one of %v", q.Options)
	}
	return nil
}

func (g *Game) doChoose(seat int, b *events.Choose) {
	q := g.S.Pending
	switch q.What {
	case whatResolve:
		answer, _ := g.resolveAnswer(b.Answer)
		g.continueResolve(answer)
	case whatDiscover, whatCascade, whatRebound, whatMadness:
		g.discoverChoice(b.Answer[0])
	case whatTriggerOrder:
		g.orderTriggers(b.Answer)
	case whatTriggerTarget:
		g.chooseTriggerTarget(b.Answer)
	case whatAsEnters:
		g.answerAsEnters(b.Answer)
	case whatOpeningHand:
		g.answerOpeningHand(seat, b.Answer)
	case whatLegendRule:
		keep, _ := g.legendAnswer(b.Answer)
		g.keepLegend(keep)
	case whatPlayOrDraw:
		first := seat
		if b.Answer[0] == "draw" {
			first = g.S.Opponent(seat)
		}
		g.setStarting(first)
	case whatDiscard:
		cards, _ := g.handCards(seat, b.Answer, "body.answer", "CR 514.1")
		for _, id := range cards {
			g.discard(id) // interp_madness.go
		}
		g.cleanupDone()
	}
}
