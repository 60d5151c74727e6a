package reducer

import (
	"slices"

	"strconv"
	"strings"

	"github.com/chronicle-mtg/chronicle/ability"
)

// The verbs the interpreter carries out. Each runs as a verbRun: it reads
// the effect's operands through the runner's context, changes the game
// through the engine's own helpers (dealDamage, destroy, move, draw, ...)
// so that a verb does exactly what the rules code did for the pool's
// cards, and may ask questions at steps of its own. Supports (support.go)
// lists which verbs and operands are carried out.

// verbs are the verbs the interpreter carries out (initialised with the
// package's variables, so that registerVerb in any file's init finds it).
var verbs = map[ability.Verb]func(x *verbRun){
	ability.Damage:         verbDamage,
	ability.Destroy:        verbDestroy,
	ability.Exile:          verbExile,
	ability.Move:           verbMove,
	ability.Sacrifice:      verbSacrifice,
	ability.Draw:           verbDraw,
	ability.Discard:        verbDiscard,
	ability.Mill:           verbMill,
	ability.GainLife:       verbLife(1),
	ability.LoseLife:       verbLife(-1),
	ability.PutCounters:    verbPutCounters,
	ability.RemoveCounters: verbRemoveCounters,
	ability.Pump:           verbPump,
	ability.Grant:          verbPump,
	ability.CreateToken:    verbToken,
	ability.Counter:        verbCounter,
	ability.Tap:            verbTap(true),
	ability.Untap:          verbTap(false),
	ability.Search:         verbSearch,
	ability.Shuffle:        verbShuffle,
	ability.Scry:           verbScry,
	ability.Surveil:        verbSurveil,
	ability.Look:           verbLook,
	ability.Reveal:         verbLook,
	ability.Select:         verbSelect,
	ability.AddMana:        verbAddMana,
	ability.Regenerate:     verbRegenerate,
	ability.Fight:          verbFight,
	ability.Choose:         verbChoose,
	ability.PlayerGains:    verbPlayerGains, // interp_player_protection.go
	ability.Investigate:    verbInvestigate,
	ability.Attach:         verbAttach,
}

// registerVerb adds a verb the interpreter carries out: fn runs it, and
// operands lists the Effect operands it reads (as supportedVerbOperands
// does), so that Supports accepts it. For verbs written in files of their
// own; registering a verb twice is a programming error.
func registerVerb(v ability.Verb, operands string, fn func(x *verbRun)) {
	if verbs[v] != nil {
		panic("reducer: verb " + string(v) + " registered twice")
	}
	verbs[v] = fn
	supportedVerbOperands[v] = operands
}

// resolvingSource is the object that deals a resolving spell's or
// ability's damage: the effect's Source, else the spell, or the ability
// (which has its source's characteristics).
func (x *verbRun) damageSource() *Object {
	if x.e.Source != nil {
		if ids := x.r.ctx.objects(x.e.Source); len(ids) > 0 {
			return x.r.g.S.Obj(ids[0])
		}
		return nil
	}
	return x.r.o
}

// recipients lists what a selector names as damage recipients: objects
// and players.
func (c *evalCtx) recipients(sel *ability.Selector) []Target {
	if sel == nil {
		return nil
	}
	switch sel.Ref {
	case ability.TargetRef:
		var out []Target
		for _, t := range c.slot(sel.Index) {
			if t.Obj == 0 || c.g.S.Obj(ObjID(t.Obj)) != nil {
				out = append(out, t)
			}
		}
		return out
	case ability.PlayerSel:
		var out []Target
		for _, p := range c.players(sel.Player) {
			out = append(out, Target{Player: p})
		}
		return out
	}
	var out []Target
	for _, id := range c.objects(sel) {
		out = append(out, Target{Obj: uint32(id)})
	}
	return out
}

func verbDamage(x *verbRun) {
	c := x.r.ctx
	n := c.amount(x.e.Amount)
	src := x.damageSource()
	for _, t := range c.recipients(x.e.To) {
		x.r.g.dealDamage(src, n, t)
		x.did = x.did || n > 0
	}
}

func verbDestroy(x *verbRun) {
	g := x.r.g
	var gone []Target
	for _, id := range x.r.ctx.objects(x.e.Object) {
		o := g.S.Obj(id)
		if o.Zone != ZoneBattlefield {
			continue
		}
		before := len(g.S.Battlefield)
		g.destroyMay(o, !x.e.NoRegenerate)
		if len(g.S.Battlefield) < before {
			gone = append(gone, Target{Obj: uint32(g.S.nextObjID() - 1)})
		}
	}
	x.bind(gone)
}

func verbExile(x *verbRun) {
	if x.e.Duration != "" {
		x.exileUntil() // interp_exile_until.go
		return
	}
	g := x.r.g
	by := x.r.o.Name()
	ids := x.r.ctx.followMoved(x.e.Object) // interp_leaves.go
	if sel := x.e.Object; sel.Ref == ability.ChooseRef && sel.Choose != nil {
		// "Target opponent exiles a creature they control": chosen as it
		// resolves, by the player the pick names (CR 608.2d).
		picked, ok := x.pick(0, x.r.ctx.choosable(sel, x.r.ctx.you), sel.Choose, "to exile")
		if !ok {
			return
		}
		ids = picked
	}
	var out []Target
	for _, id := range ids {
		o := g.S.Obj(id)
		if o.Zone == ZoneExile {
			continue
		}
		nid := g.S.nextObjID()
		if o.Zone == ZoneStack {
			g.emit(Effect{Op: OpMove, Obj: o.ID, To: nid, Zone: ZoneExile, Seat: o.Owner, N: -1, Name: by})
		} else {
			g.moveQuietExile(o, nid, by)
		}
		if x.e.Text == "face_down" {
			g.emit(Effect{Op: OpFaceDown, Obj: nid, N: 1})
		}
		out = append(out, Target{Obj: uint32(nid)})
	}
	if x.e.Text == "linked" {
		x.linkExiled(out) // interp_linked_exile.go
	}
	x.bind(out)
}

// libraryPos is where in a library a move puts a card: 0 the top, -1 the
// bottom, n-1 for the nth from the top.
func libraryPos(p ability.Position) int {
	switch p {
	case "", ability.Top:
		return 0
	case ability.Bottom:
		return -1
	}
	n, _ := strconv.Atoi(string(p))
	return max(n-1, 0)
}

func verbMove(x *verbRun) {
	if x.e.Player != nil {
		verbPutEach(x) // interp_put_each.go
		return
	}
	g, c := x.r.g, x.r.ctx
	to := zoneOf(x.e.Zone)
	ids := x.r.ctx.followMoved(x.e.Object) // interp_leaves.go
	if x.e.Object.Choose != nil {
		choices := x.moveChoices(ids)
		picked, ok := x.pick(0, choices, perCardTypePick(g.S, x.e.Object.Choose, choices), "to put into "+string(x.e.Zone))
		if !ok {
			return
		}
		ids = picked
	}
	if to == ZoneLibrary && x.e.Order == "shuffle" {
		shuffleInto(x, ids) // interp_shuffle_into.go
		return
	}
	step, answer := x.at()
	if to == ZoneLibrary && x.e.Order == "any" && len(ids) > 1 && step < 2 {
		if step < 1 || answer == nil {
			owner := g.S.Obj(ids[0]).Owner
			x.ask(1, Question{Player: owner, Options: idStrings(ids), N: len(ids), Max: len(ids),
				Prompt: "the order to put them into the library, the first listed nearest the top"})
			return
		}
		ids = refsToIDs(answer)
	}
	if to == ZoneLibrary && x.e.Order == "random" && len(ids) > 1 && step < 2 {
		if step < 1 || answer == nil {
			x.askRandomOrder(1, g.S.Obj(ids[0]).Owner, ids) // interp_random_order.go
			return
		}
		ids = refsToIDs(answer)
	}
	controller := c.you
	if ps := c.players(x.e.Control); x.e.Control != nil && len(ps) > 0 {
		controller = ps[0]
	}
	pos := -1
	if to == ZoneLibrary {
		pos = libraryPos(x.e.Position)
	}
	var out []Target
	for k, id := range ids {
		o := g.S.Obj(id)
		if o == nil || o.Zone == to && to != ZoneLibrary {
			continue
		}
		seat := o.Owner
		if to == ZoneBattlefield {
			seat = controller
		}
		at := pos
		if to == ZoneLibrary && pos >= 0 {
			at = pos + k
		}
		var nid ObjID
		if to == ZoneBattlefield {
			nid = g.moveQuiet(id, to, seat, at)
			if !g.onBattlefield(nid) {
				continue // it couldn't enter (interp_cant_enter.go)
			}
			if x.e.Tapped {
				g.emit(Effect{Op: OpTap, Obj: nid})
			}
			g.entered(nid)
		} else {
			nid = g.move(id, to, seat, at)
		}
		out = append(out, Target{Obj: uint32(nid)})
	}
	x.bind(out)
}

func refsToIDs(refs []string) []ObjID {
	var out []ObjID
	for _, r := range refs {
		if k, n, ok := parseID(r); ok && k == 'o' {
			out = append(out, ObjID(n))
		}
	}
	return out
}

// pick asks, at step n, the effect's player (or Pick.By) to choose among
// ids as p says; ok is false while asking.
func (x *verbRun) pick(n int, ids []ObjID, p *ability.Pick, what string) ([]ObjID, bool) {
	c := x.r.ctx
	who := c.you
	if ps := c.players(x.e.Player); x.e.Player != nil && len(ps) > 0 {
		who = ps[0]
	}
	if p.By != nil {
		if ps := c.players(p.By); len(ps) > 0 {
			who = ps[0]
		}
	}
	return x.pickFor(n, who, ids, p, what)
}

// choosable lists the objects a Choose selector may pick from: the
// player's (or controller's) objects the filter accepts, in their zone.
func (c *evalCtx) choosable(sel *ability.Selector, player int) []ObjID {
	ids := c.all(sel.Filter, nil)
	return slices.DeleteFunc(ids, func(id ObjID) bool {
		o := c.g.S.Obj(id)
		if sel.Player != nil {
			return !slices.Contains(c.players(sel.Player), ownerOrController(o))
		}
		return ownerOrController(o) != player
	})
}

func ownerOrController(o *Object) int {
	if o.Zone == ZoneBattlefield || o.Zone == ZoneStack {
		return o.Controller
	}
	return o.Owner
}

func verbSacrifice(x *verbRun) {
	g, c := x.r.g, x.r.ctx
	players := c.players(x.e.Player)
	step, _ := x.at()
	var chosen []ObjID
	for k, seat := range players {
		if k < step {
			continue
		}
		switch x.e.Object.Ref {
		case ability.ChooseRef:
			ids := c.choosable(x.e.Object, seat)
			picked, ok := x.pickFor(k, seat, ids, x.e.Object.Choose, "to sacrifice")
			if !ok {
				return
			}
			chosen = append(chosen, picked...)
		default:
			for _, id := range c.objects(x.e.Object) {
				if o := g.S.Obj(id); o.Zone == ZoneBattlefield && o.Controller == seat {
					chosen = append(chosen, id)
				}
			}
		}
		for _, id := range chosen {
			if g.sacrifice(id, seat) != 0 { // interp_sacrifice.go
				x.did = true
			}
		}
		chosen = nil
	}
}

// pickFor is pick with the chooser fixed: seat chooses, at step n.
func (x *verbRun) pickFor(n, seat int, ids []ObjID, p *ability.Pick, what string) ([]ObjID, bool) {
	lo, hi := p.Min, p.Max
	if p.Amount != nil {
		lo = x.r.ctx.amount(p.Amount)
		hi = lo
	}
	if hi < 0 || hi > len(ids) {
		hi = len(ids)
	}
	lo = min(lo, len(ids))
	if x.may {
		lo = 0
	}
	if step, answer := x.at(); step == n && answer != nil {
		return refsToIDs(answer), true
	}
	if len(ids) == 0 || hi == 0 {
		return nil, true
	}
	if lo == hi && lo == len(ids) {
		return ids, true // everything: nothing to choose
	}
	x.ask(n, Question{Player: seat, Options: idStrings(ids), N: lo, Max: hi, Prompt: "choose " + what})
	return nil, false
}

func verbDraw(x *verbRun) {
	c := x.r.ctx
	n := c.amount(x.e.Amount)
	for _, p := range c.players(x.e.Player) {
		x.r.g.draw(p, n)
		x.did = x.did || n > 0
	}
}

func verbDiscard(x *verbRun) {
	g, c := x.r.g, x.r.ctx
	players := c.players(x.e.Player)
	step, _ := x.at()
	var out []Target
	for k, seat := range players {
		if k < step {
			continue
		}
		var ids []ObjID
		switch x.e.Object.Ref {
		case ability.All: // "discards their hand", "discards all cards with that name"
			ids = slices.DeleteFunc(slices.Clone(g.S.Players[seat].Hand), func(id ObjID) bool {
				return x.e.Object.Filter != nil && !c.matches(withZone(x.e.Object.Filter, ability.ZoneHand), g.S.Obj(id))
			})
		case ability.ChooseRef:
			hand := slices.DeleteFunc(slices.Clone(g.S.Players[seat].Hand), func(id ObjID) bool { return !c.matches(x.e.Object.Filter, g.S.Obj(id)) })
			chooser := seat
			if p := x.e.Object.Choose.By; p != nil {
				if ps := c.players(p); len(ps) > 0 {
					chooser = ps[0]
				}
			}
			picked, ok := x.pickFor(k, chooser, hand, x.e.Object.Choose, "to discard")
			if !ok {
				return
			}
			ids = picked
		default:
			ids = c.objects(x.e.Object)
		}
		for _, id := range ids {
			if o := g.S.Obj(id); o != nil && o.Zone == ZoneHand {
				nid := g.discard(id) // interp_madness.go
				out = append(out, Target{Obj: uint32(nid)})
			}
		}
	}
	x.bind(out)
}

func verbMill(x *verbRun) {
	g, c := x.r.g, x.r.ctx
	n := c.amount(x.e.Amount)
	var out []Target
	for _, seat := range c.players(x.e.Player) {
		for i := 0; i < n && len(g.S.Players[seat].Library) > 0; i++ {
			nid := g.move(g.S.Players[seat].Library[0], ZoneGraveyard, seat, -1)
			out = append(out, Target{Obj: uint32(nid)})
		}
	}
	x.bind(out)
}

func verbLife(sign int) func(x *verbRun) {
	return func(x *verbRun) {
		c := x.r.ctx
		n := c.amount(x.e.Amount)
		if n <= 0 {
			return
		}
		for _, p := range c.players(x.e.Player) {
			if sign > 0 {
				x.r.g.gainLife(p, n) // interp_lifegain.go
			} else {
				x.r.g.emit(Effect{Op: OpLife, Seat: p, N: sign * n})
			}
			x.did = true
		}
	}
}

func verbPutCounters(x *verbRun) {
	c := x.r.ctx
	n := c.amount(x.e.Amount)
	if x.e.Amount == nil {
		n = 1
	}
	if x.e.Object == nil && n > 0 {
		putPlayerCounters(x, n) // "you get {E}{E}" (interp_energy.go)
		return
	}
	for _, id := range c.objects(x.e.Object) {
		if o := x.r.g.S.Obj(id); o.Zone == ZoneBattlefield && n > 0 {
			x.r.g.putCounters(id, x.e.Counter, n)
			x.did = true
		}
	}
}

func verbRemoveCounters(x *verbRun) {
	c := x.r.ctx
	n := c.amount(x.e.Amount)
	if x.e.Amount == nil {
		n = 1
	}
	for _, id := range c.objects(x.e.Object) {
		o := x.r.g.S.Obj(id)
		if k := min(n, o.counter(x.e.Counter)); k > 0 {
			x.r.g.emit(Effect{Op: OpCounter, Obj: id, Kind: x.e.Counter, N: -k})
			x.did = true
		}
	}
}

// verbPump gives objects Mods: +P/+T until end of turn as a pump (the
// way pumps always were), anything else as a continuous effect
// locked to its objects (CR 611.2c).
func verbPump(x *verbRun) {
	g, c := x.r.g, x.r.ctx
	m := x.e.Mods
	if m == nil && len(x.e.Grant) > 0 {
		grantEffect(x) // interp_grant.go
		return
	}
	if m == nil {
		return // Supports refuses a pump that gives nothing
	}
	until := string(x.e.Duration)
	if x.e.Verb == ability.Pump && until == "" {
		until = UntilEndOfTurn
	}
	p, t := m.P+c.amount(m.PAmount), m.T+c.amount(m.TAmount)
	becomes := becomingOf(m) // interp_becomes.go
	plain := until == UntilEndOfTurn && len(m.Keywords) == 0 && len(m.Subtypes) == 0 && len(m.Supertypes) == 0 && becomes == nil
	for _, id := range c.objects(x.e.Object) {
		o := g.S.Obj(id)
		if o.Zone != ZoneBattlefield {
			continue
		}
		x.did = true
		if plain {
			g.emit(Effect{Op: OpPump, Obj: o.ID, N: p, Card: CardID(t)})
			continue
		}
		g.addContinuous(Continuous{Source: x.r.o.ID, Controller: c.you, Objects: []ObjID{o.ID}, Until: until,
			AddSupertypes: titles(m.Supertypes), AddSubtypes: titles(m.Subtypes), AddKeywords: m.Keywords, P: p, T: t, Becomes: becomes})
	}
}

func titles(ws []string) []string {
	if ws == nil {
		return nil
	}
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = title(w)
	}
	return out
}

func verbToken(x *verbRun) {
	if x.e.Token.Copy != nil {
		x.copyTokens() // interp_copytoken.go
		return
	}
	g, c := x.r.g, x.r.ctx
	n := 1
	if x.e.Amount != nil {
		n = c.amount(x.e.Amount)
	}
	seats := c.players(x.e.Player)
	if x.e.Control != nil {
		seats = c.players(x.e.Control)
	}
	name := g.tokenDef(x.e.Token)
	if _, ok := g.S.cardDef(name); !ok {
		return // a token no data describes: Supports refuses such a card
	}
	var where attackWhere
	attacks := false
	if x.e.Attacking && len(seats) == 1 {
		var ok bool
		if where, attacks, ok = x.tokensAttack(seats[0]); !ok {
			return // asked where they attack (interp_attacking.go)
		}
	}
	var out []Target
	for _, seat := range seats {
		for i := 0; i < n; i++ {
			id := g.S.nextObjID()
			g.emit(Effect{Op: OpToken, Obj: id, Seat: seat, Name: name})
			if x.e.Tapped {
				g.emit(Effect{Op: OpTap, Obj: id})
			}
			if attacks {
				g.enterAttacking(id, where)
			}
			g.entered(id)
			out = append(out, Target{Obj: uint32(id)})
		}
	}
	x.bind(out)
}

// tokenDef is the name of the definition a token effect creates: the
// named token of the card data or of the match, else one the match
// declares on the spot from the description (OpDeclare), so that folding
// the effects rebuilds it.
func (g *Game) tokenDef(t *ability.Token) string {
	if t.Name != "" && len(t.Types) == 0 {
		return t.Name
	}
	c := &g.S.tokenNames
	for _, k := range c.keys {
		if k.t == t {
			return k.name
		}
	}
	name := g.tokenDefOf(t)
	c.keys[c.next] = tokenNamed{t, name}
	c.next = (c.next + 1) % len(c.keys)
	return name
}

// tokenNames remembers the name tokenDef found or declared for the last
// few token descriptions, by the description: most come from a card's
// definition, read-only, and are created again and again. Declarations
// are only ever added, so a name stays right. A few, not a map: some
// descriptions are made afresh for each token (amass), and a map would
// keep every one. Derived data, dropped by Clone, not part of a snapshot
// or the digest.
type tokenNames struct {
	keys [8]tokenNamed
	next int
}

type tokenNamed struct {
	t    *ability.Token
	name string
}

// tokenDefOf declares the token t describes, or finds its declaration.
func (g *Game) tokenDefOf(t *ability.Token) string {
	d := Declared{Name: tokenName(t), Colors: t.Colors, Supertypes: titles(t.Supertypes), Types: titles(t.Types),
		Subtypes: titles(t.Subtypes), Power: t.Power, Toughness: t.Toughness, Token: true}
	for _, k := range t.Keywords {
		d.Abilities = append(d.Abilities, ability.Ability{Kind: ability.Keyword, Keyword: &ability.KeywordAbility{Name: k}})
	}
	d.Abilities = append(d.Abilities, t.Abilities...)
	if d.Abilities == nil {
		d.Abilities = []ability.Ability{}
	}
	return g.declareOnce(d)
}

// declareOnce declares d for the match (OpDeclare) the first time and
// returns its name; the same definition again reuses it, and another of
// that name gets a number ("Goblin Token 2").
func (g *Game) declareOnce(d Declared) string {
	base := d.Name
	for n := 2; ; n++ {
		def, ok := g.S.cardDef(d.Name)
		if !ok || !def.Declared {
			break
		}
		if i := slices.IndexFunc(g.S.Declared, func(x Declared) bool { return x.Name == d.Name }); i >= 0 && sameToken(&g.S.Declared[i], &d) {
			return d.Name
		}
		d.Name = base + " " + strconv.Itoa(n)
	}
	g.emit(Effect{Op: OpDeclare, Name: d.Name, Decl: &d})
	return d.Name
}

// tokenName names a described token as CR 111.4 does: its subtypes and
// "Token" ("Goblin Token"). tokenDef tells apart two different tokens of
// one name.
func tokenName(t *ability.Token) string {
	if t.Name != "" {
		return t.Name
	}
	if len(t.Subtypes) == 0 {
		return strings.Join(titles(t.Types), " ") + " Token"
	}
	return strings.Join(titles(t.Subtypes), " ") + " Token"
}

func verbCounter(x *verbRun) {
	g := x.r.g
	for _, id := range x.r.ctx.objects(x.e.Object) {
		o := g.S.Obj(id)
		if o.Zone != ZoneStack {
			continue
		}
		if o.isAbility() {
			g.vanish(o)
			x.did = true
			continue
		}
		if g.cantBeCountered(o) {
			continue
		}
		to := ZoneGraveyard
		if x.e.Zone == ability.ZoneExile {
			to = ZoneExile
		}
		g.move(o.ID, to, o.Owner, -1)
		x.did = true
	}
}

func verbTap(tap bool) func(x *verbRun) {
	return func(x *verbRun) {
		g := x.r.g
		ids, ok := x.tapChosen(tap)
		if !ok {
			return
		}
		for _, id := range ids {
			o := g.S.Obj(id)
			if o.Zone != ZoneBattlefield || o.Tapped == tap {
				continue
			}
			if tap {
				g.tapPermanent(id)
			} else {
				g.emit(Effect{Op: OpUntap, Obj: id})
			}
			x.did = true
		}
	}
}

func verbSearch(x *verbRun) {
	c := x.r.ctx
	// Each player searches in turn (APNAP, CR 101.4): step k is the k-th
	// seat's search; what earlier seats found is kept bound meanwhile.
	seats := []int{c.you}
	if ps := c.players(x.e.Player); len(ps) > 0 {
		seats = ps
	}
	if len(seats) > 1 && x.e.Player.Who != ability.Each {
		seats = seats[:1]
	}
	var out []Target
	k := 0
	if len(x.step) > 0 {
		k = x.step[0]
		if k > 0 {
			out = slices.Clone(c.binding("_searched").Items)
		}
		out = append(out, x.searchPut(seats[k], x.r.answer)...)
		x.did = true
		k++
	}
	for ; k < len(seats); k++ {
		found, any := x.searchable(seats[k])
		if !any {
			continue
		}
		if k > 0 {
			x.r.bind("_searched", out, "", x.did)
		}
		n := 1
		if x.e.Amount != nil {
			n = c.amount(x.e.Amount)
		}
		// A search may find nothing (CR 701.23b): the answer may be empty.
		x.ask(k, Question{Player: seats[k], Options: idStrings(found), N: 0, Max: min(n, len(found)),
			Prompt: "search: " + filterText(x.e.Filter)})
		return
	}
	x.bind(out)
}

// searchable is what seat's search may find, and whether there is a
// search at all (not with an empty library and nothing to find).
func (x *verbRun) searchable(seat int) ([]ObjID, bool) {
	g, c := x.r.g, x.r.ctx
	var found []ObjID
	for _, id := range g.S.Players[seat].Library {
		if f := x.e.Filter; f == nil || c.matches(withZone(f, ability.ZoneLibrary), g.S.Obj(id)) {
			found = append(found, id)
		}
	}
	return found, len(found) > 0 || len(g.S.Players[seat].Library) > 0
}

// searchPut puts the cards seat found where the search says.
func (x *verbRun) searchPut(seat int, answer []string) []Target {
	g := x.r.g
	to := ZoneHand
	if x.e.Zone != "" {
		to = zoneOf(x.e.Zone)
	}
	var out []Target
	for _, id := range refsToIDs(answer) {
		o := g.S.Obj(id)
		if o == nil || o.Zone != ZoneLibrary {
			continue
		}
		var nid ObjID
		if to == ZoneBattlefield {
			nid = g.moveQuiet(id, to, seat, -1)
			if !g.onBattlefield(nid) {
				continue // it couldn't enter (interp_cant_enter.go)
			}
			if x.e.Tapped {
				g.emit(Effect{Op: OpTap, Obj: nid})
			}
			g.entered(nid)
		} else {
			pos := -1
			if to == ZoneLibrary {
				pos = 0
			}
			nid = g.move(id, to, o.Owner, pos)
		}
		out = append(out, Target{Obj: uint32(nid)})
	}
	return out
}

// withZone is f looking in zone z (unless it names one).
func withZone(f *ability.Filter, z ability.Zone) *ability.Filter {
	if f.Zone != "" {
		return f
	}
	c := *f
	c.Zone = z
	return &c
}

func verbShuffle(x *verbRun) {
	c := x.r.ctx
	players := c.players(x.e.Player)
	step, _ := x.at()
	// Step k asks the table for player k's shuffle; step k+1 resumes after it.
	if x.step != nil {
		step++
	}
	if step < len(players) {
		x.shuffle(step, players[step])
		return
	}
	x.did = true
}

// verbScry: the top N cards; those the player picks go to the bottom,
// the rest stay on top, each group in the order the player gives (CR
// 701.22). Steps: 0 which go to the bottom, 1 the order of the top ones,
// 2 the order of the bottom ones.
func verbScry(x *verbRun) { topOfLibrary(x, "on the bottom of your library", ZoneLibrary) }

// verbSurveil: as scry, but the picked cards go to the graveyard (CR
// 701.25).
func verbSurveil(x *verbRun) { topOfLibrary(x, "into your graveyard", ZoneGraveyard) }

func topOfLibrary(x *verbRun, where string, away Zone) {
	g, c := x.r.g, x.r.ctx
	seat := c.you
	if ps := c.players(x.e.Player); len(ps) > 0 {
		seat = ps[0]
	}
	lib := g.S.Players[seat].Library
	top := slices.Clone(lib[:min(c.amount(x.e.Amount), len(lib))])
	if len(top) == 0 {
		return
	}
	step, answer := x.at()
	if x.step == nil {
		x.ask(0, Question{Player: seat, Options: idStrings(top), N: 0, Max: len(top),
			Prompt: "put any number of them " + where + ", the rest stay on top"})
		return
	}
	if step == 0 {
		x.r.bind("_away", idTargets(refsToIDs(answer)), "", false)
		step, answer = 1, nil
	}
	awayIDs := targetIDs(c.binding("_away").Items)
	stay := slices.DeleteFunc(slices.Clone(top), func(id ObjID) bool { return slices.Contains(awayIDs, id) })
	if step == 1 {
		if answer == nil && len(stay) > 1 {
			x.ask(1, Question{Player: seat, Options: idStrings(stay), N: len(stay), Max: len(stay),
				Prompt: "the order of the cards that stay on top, the first listed on top"})
			return
		}
		if answer != nil {
			stay = refsToIDs(answer)
		}
		x.r.bind("_top", idTargets(stay), "", false)
		step, answer = 2, nil
	}
	stay = targetIDs(c.binding("_top").Items)
	if step == 2 && away == ZoneLibrary && answer == nil && len(awayIDs) > 1 {
		x.ask(2, Question{Player: seat, Options: idStrings(awayIDs), N: len(awayIDs), Max: len(awayIDs),
			Prompt: "the order of the cards on the bottom, the last listed at the very bottom"})
		return
	}
	if answer != nil {
		awayIDs = refsToIDs(answer)
	}
	for _, id := range awayIDs {
		if g.S.Obj(id) != nil {
			g.move(id, away, seat, -1)
		}
	}
	// The cards that stay go back on top in the order given; those
	// already there in that order don't move.
	if lib := g.S.Players[seat].Library; !slices.Equal(lib[:min(len(stay), len(lib))], stay) {
		for i := len(stay) - 1; i >= 0; i-- {
			g.move(stay[i], ZoneLibrary, seat, 0)
		}
	}
	x.did = len(awayIDs) > 0
}

func idTargets(ids []ObjID) []Target {
	out := make([]Target, len(ids))
	for i, id := range ids {
		out[i] = Target{Obj: uint32(id)}
	}
	return out
}

func targetIDs(ts []Target) []ObjID {
	var out []ObjID
	for _, t := range ts {
		if t.Obj != 0 {
			out = append(out, ObjID(t.Obj))
		}
	}
	return out
}

// verbLook binds the top N cards of a library (or Object: a hand, cards)
// for the effects that follow; reveal is the same, seen by everyone.
func verbLook(x *verbRun) {
	g, c := x.r.g, x.r.ctx
	var ids []ObjID
	if x.e.Object != nil {
		ids = c.objects(x.e.Object)
	} else {
		seat := c.you
		if ps := c.players(x.e.Player); len(ps) > 0 {
			seat = ps[0]
		}
		lib := g.S.Players[seat].Library
		ids = slices.Clone(lib[:min(c.amount(x.e.Amount), len(lib))])
	}
	x.bind(idTargets(ids))
	x.did = len(ids) > 0
}

// verbSelect: a player chooses among objects; the choice is bound.
func verbSelect(x *verbRun) {
	c := x.r.ctx
	if x.e.Object.Ref == ability.TargetRef {
		x.did = true // "Choose target creature.": chosen as it was cast (CR 115.1a)
		return
	}
	ids := c.objects(&ability.Selector{Ref: x.e.Object.Ref, Name: x.e.Object.Name, Filter: x.e.Object.Filter, Player: x.e.Object.Player})
	if x.e.Object.Ref == ability.ChooseRef {
		ids = c.all(x.e.Object.Filter, x.e.Object.Player)
	}
	picked, ok := x.pick(0, ids, x.e.Object.Choose, "")
	if !ok {
		return
	}
	x.bind(idTargets(picked))
}

// verbAddMana adds fixed mana from the resolving spell or ability.
func verbAddMana(x *verbRun) {
	g, c := x.r.g, x.r.ctx
	src := x.r.o.ID
	if x.r.o.isAbility() {
		src = x.r.o.Source
	}
	if x.e.Mana.Fixed == "" {
		x.chosenMana(src) // interp_spellmana.go
		return
	}
	syms, err := ability.ParseMana(x.e.Mana.Fixed)
	if err != nil {
		return
	}
	times := 1
	if x.e.Mana.Amount != nil {
		times = c.amount(x.e.Mana.Amount)
	}
	for _, seat := range c.players(x.e.Player) {
		for range times {
			for _, sym := range syms {
				n, err := strconv.Atoi(sym)
				if err == nil { // generic in "Add {2}" is colourless
					for range n {
						g.emit(Effect{Op: OpAddMana, Seat: seat, Obj: src, Color: colorlessMana})
					}
					continue
				}
				col, _ := parseManaLetter(sym)
				g.emit(Effect{Op: OpAddMana, Seat: seat, Obj: src, Color: col})
			}
		}
		x.did = true
	}
}

func verbRegenerate(x *verbRun) {
	for _, id := range x.r.ctx.objects(x.e.Object) {
		if o := x.r.g.S.Obj(id); o.Zone == ZoneBattlefield {
			x.r.g.emit(Effect{Op: OpRegenShield, Obj: id, N: 1})
			x.did = true
		}
	}
}

// verbFight: each deals damage equal to its power to the other (CR
// 701.14); nothing happens if either is gone or not a creature.
func verbFight(x *verbRun) {
	g, c := x.r.g, x.r.ctx
	a, b := c.objects(x.e.Object), c.objects(x.e.To)
	if len(a) == 0 || len(b) == 0 {
		return
	}
	oa, ob := g.S.Obj(a[0]), g.S.Obj(b[0])
	if !oa.Is("Creature") || !ob.Is("Creature") || oa.Zone != ZoneBattlefield || ob.Zone != ZoneBattlefield {
		return
	}
	pa, pb := oa.Power(), ob.Power()
	g.dealDamage(oa, pa, Target{Obj: uint32(ob.ID)})
	g.dealDamage(ob, pb, Target{Obj: uint32(oa.ID)})
	x.did = true
}

// verbChoose: a colour, an opponent or a card name, chosen as it
// resolves.
func verbChoose(x *verbRun) {
	c := x.r.ctx
	step, answer := x.at()
	var opts []string
	switch x.e.Choice {
	case "color":
		opts = []string{"W", "U", "B", "R", "G"}
	case "opponent":
		for _, p := range c.players(&ability.PlayerRef{Who: ability.Opponents}) {
			opts = append(opts, x.r.g.S.Players[p].ID)
		}
	}
	prompt := "choose a " + x.e.Choice
	name := nameOption(x.e.Choice) // a card name (interp_chosen_name.go): the answer is a name
	if name != "" {
		opts, prompt = []string{name}, "choose "+name
	}
	if x.step == nil {
		if len(opts) == 1 && name == "" {
			x.bindChoice(opts[0])
			return
		}
		x.ask(0, Question{Player: c.you, Options: opts, N: 1, Max: 1, Prompt: prompt})
		return
	}
	_ = step
	if len(answer) == 1 {
		x.bindChoice(answer[0])
		x.keepChosenName(answer[0]) // interp_chosen_name.go
	}
}

func (x *verbRun) bindChoice(v string) {
	var items []Target
	if seat := x.r.g.S.Seat(v); seat >= 0 {
		items = []Target{{Player: seat}}
	}
	x.r.bind(x.e.Bind, items, v, true)
	x.bound, x.did = true, true
}

// sameToken reports whether two token declarations make the same token
// (no types given as null or [] alike: declaredDigest).
func sameToken(a, b *Declared) bool {
	d := declaredDigest([]Declared{*a, *b})
	return d[0] == d[1]
}

// verbInvestigate: Player creates Amount (default 1) Clue tokens (CR
// 701.16).
func verbInvestigate(x *verbRun) {
	e := *x.e
	e.Verb, e.Token = ability.CreateToken, &ability.Token{Name: "Clue"}
	saved := x.e
	x.e = &e
	verbToken(x)
	x.e = saved
}
