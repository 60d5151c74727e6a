package reducer

import (
	"slices"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// The plan of a setup: every object it places, with its card (or token),
// zone, place in its zone and object id, worked out once by the check and
// again by the apply, so that the two agree.
//
// Object ids: an object the setup gives an id ("id" of a permanent, a
// player's "ids" by zone) gets it; the others get the lowest ids left
// free, in the order listed (players in order; library, hand, graveyard,
// exile, exiled, command, battlefield). A setup that gives any id numbers
// its game's objects anew from o1; one that gives none numbers them on
// from the match's last id, as setups did before they could give ids.
// Objects are made in id order, ids
// no object takes are left unused, and each player's library, hand,
// graveyard and command keep the order listed (a command zone's emblems
// after its cards, unless one names the card it stands before:
// setup_later.go); the battlefield and exile,
// which the players share, are in id order (as a game's are: an object
// entering a zone gets a new, higher id). A setup that names every id, as
// an export does, keeps the match's ids, so the inputs that follow name the
// same objects.

// setupObj is one object a setup places.
type setupObj struct {
	field string // where the input lists it: "body.players[0].hand[2]"
	seat  int    // the player it is listed under: its owner, or on the battlefield its controller
	owner int
	card  CardID // 0 for a token
	name  string // set when the card is new to the match
	zone  Zone
	index int // its place in its player's list of its zone
	id    ObjID
	perm  *events.Permanent
	exile *events.Exiled
	stack *events.StackObject
	// melded is the second card of a melded permanent, and meldedName
	// its name when the card is new to the match.
	melded     CardID
	meldedName string
	// emblem: an emblem in the command zone (def: its abilities'
	// definition; setup_later.go).
	emblem *events.Emblem
	// ordered: its place in its command zone is its index (its player's
	// emblems say where they stand, setup_later.go).
	ordered bool
	// A token: from the card data (def), described (facts), or a copy of
	// the card copy names.
	def   *cards.Card
	facts *events.Characteristics
	copy  string
}

type setupPlan struct {
	objs  []*setupObj // in the order listed
	cards []setupNewCard
	next  ObjID // the id the next object after the setup gets
	// declare: the cards the setup declares that the match hasn't, and
	// their definitions.
	declare []Declared
	defs    []*cards.Card
	// renumber: the setup gives ids, so its numbering starts anew at o1
	// (its new game has no objects); a setup that gives none numbers its
	// objects on from the match's, as setups always have.
	renumber bool
}

// setupNewCard is a card the setup adds to the match.
type setupNewCard struct {
	card CardID
	seat int
	name string
}

// byID returns the plan's objects in id order.
func (p *setupPlan) byID() []*setupObj {
	out := slices.Clone(p.objs)
	slices.SortFunc(out, func(a, b *setupObj) int { return int(a.id) - int(b.id) })
	return out
}

// find returns the placed objects a reference names: its id, its card's
// id, or its name, among the objects of zone z (ZoneNone: every zone).
func (p *setupPlan) find(s *State, ref string, z Zone) []*setupObj {
	kind, n, isID := parseID(ref)
	var out []*setupObj
	for _, o := range p.objs {
		if z != ZoneNone && o.zone != z {
			continue
		}
		switch {
		case isID && kind == 'o':
			if uint32(o.id) == n {
				out = append(out, o)
			}
		case isID && kind == 'c':
			if o.card != 0 && uint32(o.card) == n {
				out = append(out, o)
			}
		default:
			if d := p.defOf(s, o); d != nil && (d.Name == ref || d.Face(ref) != nil || o.card == 0 && d.Name == ref+" Token") {
				out = append(out, o)
			}
		}
	}
	return out
}

// defOf is what a placed object is.
func (p *setupPlan) defOf(s *State, o *setupObj) *cards.Card {
	switch {
	case o.def != nil:
		return o.def
	case o.facts != nil:
		return factsDef(o.facts)
	case o.name != "":
		d, _ := s.cardDef(o.name)
		return d
	case o.card != 0:
		return s.Cards[o.card].Def
	}
	return nil
}

// planSetup resolves a setup's objects and checks each one's fields; the
// error names the first field that can't be placed.
func (g *Game) planSetup(b *events.Setup) (*setupPlan, error) {
	s := g.S
	pl := &setupPlan{}
	r := &setupResolver{g: g, plan: pl, used: map[CardID]bool{}, next: CardID(max(len(s.Cards), 1))}
	if err := g.setupDeclare(b, pl); err != nil {
		return nil, err
	}
	if err := r.addCards(b); err != nil { // setup_cards.go
		return nil, err
	}
	seen := map[int]bool{}
	for i, p := range b.Players {
		seat := s.Seat(p.ID)
		field := "body.players[" + itoa(i) + "]"
		if seat < 0 {
			return nil, g.refuse("CR 102.1", field+".id", "%q is not a player of this match", p.ID)
		}
		if seen[seat] {
			return nil, g.refuse("CR 102.1", field+".id", "%q is listed twice", p.ID)
		}
		seen[seat] = true
		if err := r.player(seat, &b.Players[i], field); err != nil {
			return nil, err
		}
	}
	if err := r.planStack(b); err != nil { // setup_stack.go
		return nil, err
	}
	if err := g.setupIDs(b, pl); err != nil {
		return nil, err
	}
	if err := g.checkUnderWay(b, pl); err != nil {
		return nil, err
	}
	if err := g.checkLater(b, pl); err != nil { // setup_later.go
		return nil, err
	}
	for i := range b.Players {
		if err := g.checkPlacedPlayer(b, i, pl); err != nil { // setup_place.go
			return nil, err
		}
	}
	return pl, nil
}

// setupResolver turns references to cards into the match's cards.
type setupResolver struct {
	g    *Game
	plan *setupPlan
	used map[CardID]bool
	next CardID // the id of the next card new to the match
	// listed: how many of plan.cards the setup's cards list gave
	// (setup_cards.go).
	listed int
}

// card resolves ref to one of owner's cards: a card id, or the owner's
// first card of that name not used yet, or a card new to the match.
func (r *setupResolver) card(owner int, ref, f string) (CardID, string, error) {
	s := r.g.S
	if kind, n, ok := parseID(ref); ok && kind == 'c' {
		id := CardID(n)
		listed, isListed := r.listedCard(id) // setup_cards.go
		switch {
		case isListed && listed.seat != owner, !isListed && (int(id) >= len(s.Cards) || s.Cards[id].Owner != owner):
			return 0, "", r.g.refuse("CR 108.3", f, "%s is not a card of %s", ref, s.Players[owner].ID)
		case r.used[id]:
			return 0, "", r.g.refuse("CR 400.1", f, "%s is placed twice", ref)
		}
		r.used[id] = true
		return id, listed.name, nil
	}
	for id := 1; id < len(s.Cards); id++ {
		c := s.Cards[id]
		if c.Owner == owner && !r.used[CardID(id)] && (c.Def.Name == ref || c.Def.Face(ref) != nil) {
			r.used[CardID(id)] = true
			return CardID(id), "", nil
		}
	}
	if _, ok := s.cardDef(ref); !ok {
		_, err := s.pool.Resolve(ref)
		return 0, "", r.g.refuse("CARD-POOL", f, "%v", err)
	}
	id := r.next
	r.next++
	name := s.recordedName(ref)
	r.plan.cards = append(r.plan.cards, setupNewCard{card: id, seat: owner, name: name})
	return id, name, nil
}

// player resolves one player's zones, in the order listed.
func (r *setupResolver) player(seat int, p *events.SetupPlayer, field string) error {
	s := r.g.S
	counts := map[Zone]int{}
	add := func(o *setupObj) {
		o.index = counts[o.zone]
		counts[o.zone]++
		r.plan.objs = append(r.plan.objs, o)
	}
	zones := []struct {
		z    Zone
		refs []events.Ref
		name string
	}{{ZoneLibrary, p.Library, "library"}, {ZoneHand, p.Hand, "hand"}, {ZoneGraveyard, p.Graveyard, "graveyard"},
		{ZoneExile, p.Exile, "exile"}}
	for _, z := range zones {
		for i, ref := range z.refs {
			f := field + "." + z.name + "[" + itoa(i) + "]"
			id, name, err := r.card(seat, ref, f)
			if err != nil {
				return err
			}
			add(&setupObj{field: f, seat: seat, owner: seat, card: id, name: name, zone: z.z})
		}
	}
	for i := range p.Exiled {
		x := &p.Exiled[i]
		f := field + ".exiled[" + itoa(i) + "]"
		id, name, err := r.card(seat, x.Card, f+".card")
		if err != nil {
			return err
		}
		add(&setupObj{field: f, seat: seat, owner: seat, card: id, name: name, zone: ZoneExile, exile: x})
	}
	for i, ref := range p.Command {
		f := field + ".command[" + itoa(i) + "]"
		id, name, err := r.card(seat, ref, f)
		if err != nil {
			return err
		}
		add(&setupObj{field: f, seat: seat, owner: seat, card: id, name: name, zone: ZoneCommand})
	}
	if err := r.planEmblems(seat, p, field, add); err != nil { // setup_later.go
		return err
	}
	for i := range p.Battlefield {
		perm := &p.Battlefield[i]
		f := field + ".battlefield[" + itoa(i) + "]"
		o := &setupObj{field: f, seat: seat, owner: seat, zone: ZoneBattlefield, perm: perm}
		if perm.Owner != "" {
			if o.owner = s.Seat(perm.Owner); o.owner < 0 {
				return r.g.refuse("CR 108.3", f+".owner", "%q is not a player of this match", perm.Owner)
			}
		}
		if perm.Token {
			if err := r.token(o, perm, f); err != nil {
				return err
			}
		} else {
			id, name, err := r.card(o.owner, perm.Card, f+".card")
			if err != nil {
				return err
			}
			o.card, o.name = id, name
			if perm.MeldedWith != "" {
				if o.melded, o.meldedName, err = r.card(o.owner, string(perm.MeldedWith), f+".melded_with"); err != nil {
					return err
				}
			}
		}
		add(o)
	}
	return nil
}

// token resolves a token a setup places: a copy of a card (copy_of), one
// the card data holds by name, or one described by its characteristics.
func (r *setupResolver) token(o *setupObj, perm *events.Permanent, f string) error {
	s := r.g.S
	switch {
	case perm.CopyOf != "" && perm.Characteristics == nil: // a described token that became a copy is made as described (setup_place.go)
		d, ok := s.cardDef(perm.CopyOf)
		if !ok {
			_, err := s.pool.Resolve(perm.CopyOf)
			return r.g.refuse("CARD-POOL", f+".copy_of", "%v", err)
		}
		o.copy, o.def = d.Name, d
	case perm.Characteristics != nil:
		c := *perm.Characteristics
		o.facts = &c
	default:
		name := string(perm.Card)
		if i := slices.IndexFunc(r.plan.defs, func(d *cards.Card) bool { return d.Name == name }); i >= 0 {
			o.def = r.plan.defs[i]
			break
		}
		if d, ok := s.cardDef(name); ok {
			o.def = d
			break
		}
		defs := s.pool.Tokens(name)
		if len(defs) == 0 {
			defs = s.pool.Tokens(name + " Token")
		}
		switch len(defs) {
		case 0:
			return r.g.refuse("CARD-POOL", f+".card", "no token or card named %q in the card data: describe it with characteristics", name)
		case 1:
			o.facts = charsOf(defs[0])
		default:
			return r.g.refuse("CARD-POOL", f+".card", "the card data has %d tokens named %q: describe the one placed with characteristics", len(defs), name)
		}
	}
	return nil
}

// setupIDs gives every placed object its id and sets the plan's next id.
func (g *Game) setupIDs(b *events.Setup, pl *setupPlan) error {
	s := g.S
	pl.renumber = b.NextID != ""
	for _, so := range b.Stack {
		pl.renumber = pl.renumber || so.ID != ""
	}
	for _, p := range b.Players {
		pl.renumber = pl.renumber || p.IDs != nil
		for _, perm := range p.Battlefield {
			pl.renumber = pl.renumber || perm.ID != ""
		}
		for _, x := range p.Exiled {
			pl.renumber = pl.renumber || x.ID != ""
		}
		for _, e := range p.Emblems {
			pl.renumber = pl.renumber || e.ID != ""
		}
	}
	first := s.nextObjID()
	if pl.renumber {
		first = 1
	}
	taken := map[ObjID]*setupObj{}
	give := func(o *setupObj, ref events.Ref, f string) error {
		kind, n, ok := parseID(ref)
		if !ok || kind != 'o' {
			return g.refuse("CR 400.7", f, "%q is not an object id (o1, o2, ...)", ref)
		}
		id := ObjID(n)
		if id > maxSetupID {
			return g.refuse("CR 400.7", f, "%s is past the highest id a setup may give, o%d", ref, maxSetupID)
		}
		if other := taken[id]; other != nil {
			return g.refuse("CR 400.7", f, "%s is given to %s too", ref, other.field)
		}
		o.id, taken[id] = id, o
		return nil
	}
	for i, p := range b.Players {
		field := "body.players[" + itoa(i) + "]"
		if p.IDs != nil {
			seat := s.Seat(p.ID)
			for _, z := range []struct {
				zone Zone
				ids  []events.Ref
				name string
				n    int
			}{{ZoneLibrary, p.IDs.Library, "library", len(p.Library)}, {ZoneHand, p.IDs.Hand, "hand", len(p.Hand)},
				{ZoneGraveyard, p.IDs.Graveyard, "graveyard", len(p.Graveyard)}, {ZoneExile, p.IDs.Exile, "exile", len(p.Exile)},
				{ZoneCommand, p.IDs.Command, "command", len(p.Command)}} {
				if z.ids == nil {
					continue
				}
				if len(z.ids) != z.n {
					return g.refuse("CR 400.7", field+".ids."+z.name, "%d ids for the %d cards of %s", len(z.ids), z.n, z.name)
				}
				k := 0
				for _, o := range pl.objs {
					if o.seat == seat && o.zone == z.zone && o.perm == nil && o.exile == nil && o.emblem == nil {
						if err := give(o, z.ids[k], field+".ids."+z.name+"["+itoa(k)+"]"); err != nil {
							return err
						}
						k++
					}
				}
			}
		}
	}
	for _, o := range pl.objs {
		switch {
		case o.perm != nil && o.perm.ID != "":
			if err := give(o, o.perm.ID, o.field+".id"); err != nil {
				return err
			}
		case o.exile != nil && o.exile.ID != "":
			if err := give(o, o.exile.ID, o.field+".id"); err != nil {
				return err
			}
		case o.stack != nil && o.stack.ID != "":
			if err := give(o, o.stack.ID, o.field+".id"); err != nil {
				return err
			}
		case o.emblem != nil && o.emblem.ID != "":
			if err := give(o, o.emblem.ID, o.field+".id"); err != nil {
				return err
			}
		}
	}
	free := first
	last := first - 1
	for _, o := range pl.objs {
		if o.id == 0 {
			for taken[free] != nil {
				free++
			}
			o.id, taken[free] = free, o
		}
		last = max(last, o.id)
	}
	pl.next = last + 1
	if b.NextID != "" {
		kind, n, ok := parseID(b.NextID)
		if !ok || kind != 'o' {
			return g.refuse("CR 400.7", "body.next_id", "%q is not an object id (o1, o2, ...)", b.NextID)
		}
		if n > maxSetupID {
			return g.refuse("CR 400.7", "body.next_id", "%s is past the highest id a setup may give, o%d", b.NextID, maxSetupID)
		}
		if ObjID(n) < pl.next {
			return g.refuse("CR 400.7", "body.next_id", "%s is not after every id the setup gives (the highest is %s)", b.NextID, last)
		}
		pl.next = ObjID(n)
	}
	return nil
}

// setupDeclare checks the cards a setup declares: each one the match
// hasn't declared is declared; one it has must be declared alike.
func (g *Game) setupDeclare(b *events.Setup, pl *setupPlan) error {
	s := g.S
	for i := range b.Declare {
		d := &b.Declare[i]
		f := "body.declare[" + itoa(i) + "]"
		if j := slices.IndexFunc(s.Declared, func(x Declared) bool { return x.Name == d.Name }); j >= 0 {
			if declaredDigest(s.Declared[j : j+1])[0] != declaredDigest(b.Declare[i : i+1])[0] {
				return g.refuse("CARD-DECLARED", f, "the match declares %s otherwise already", d.Name)
			}
			continue
		}
		if slices.ContainsFunc(pl.declare, func(x Declared) bool { return x.Name == d.Name }) {
			return g.refuse("CARD-DECLARED", f, "%s is declared twice", d.Name)
		}
		def, err := declareCard(d)
		if err != nil {
			return g.refuse("CARD-DECLARED", f, "%s can't be declared: %v", d.Name, err)
		}
		pl.declare = append(pl.declare, *d)
		pl.defs = append(pl.defs, def)
	}
	return nil
}
