package sim

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// The table's side (Options.Table): a card the engine doesn't model is
// played through the effects a plausible table would send with the input
// (README, "Table effects"), so that the game goes on and every such
// input is stored unverified:
//
//   - a land played enters the battlefield, tapped when its text says it
//     enters tapped;
//   - a spell cast moves to the stack and its printed mana cost is spent
//     from the pool, paid as the rules' default payment would
//     (reducer.PayDefault); a card without a mana cost is never cast, and
//     no targets are named;
//   - as it resolves a permanent spell enters the battlefield (a
//     planeswalker with its loyalty, a battle with its defense in
//     counters), an instant or sorcery goes to its owner's graveyard;
//   - a permanent whose "{T}: Add ..." lines the engine doesn't read taps
//     for one of the mana those lines add; its other abilities are not
//     used.
//
// What the table does beyond that (the card's own text) it leaves out: an
// unmodelled card's game is a plain one. The inputs come from
// Game.TableActions (whose legality is the rules') and, for mana, from the
// permanents' text; each carries its effects.

// tableActions are the inputs the table's side could send now, each with
// its effects.
func (d *driver) tableActions(listed []*events.Event) []*events.Event {
	var out []*events.Event
	for _, ev := range d.g.TableActions() {
		if effs := d.tableEffects(ev); effs != nil {
			ev.Effects = effs
			out = append(out, ev)
		}
	}
	return append(out, d.tableMana(listed)...)
}

// tableEffects are the effects of a TableActions input, or nil when the
// table wouldn't send it.
func (d *driver) tableEffects(ev *events.Event) []events.TableEffect {
	s := d.g.S
	switch b := ev.Body.(type) {
	case *events.Pass:
		return d.resolveEffects(s.Objects[s.Stack[len(s.Stack)-1]])
	case *events.PlayLand:
		o := s.Objects[objRef(b.Card)]
		def := o.Def
		if b.Face != "" {
			def = o.Def.Face(b.Face)
		}
		effs := []events.TableEffect{{Op: events.EffMove, Object: o.Card.String(), From: "hand", To: "battlefield"}}
		if entersTapped(def) {
			effs = append(effs, events.TableEffect{Op: events.EffTap, Object: o.Card.String()})
		}
		return effs
	case *events.Cast:
		o := s.Objects[objRef(b.Card)]
		def := o.Def
		switch {
		case b.Prototype:
			def = o.Def.Prototype
		case b.Face == o.Def.Name && o.Def.Layout == "split":
			return nil // fused: both halves' costs; the table casts a half
		case b.Face != "":
			def = o.Def.FaceUp(b.Face)
		}
		if def == nil || def.Cost == nil {
			return nil // a granted face, or no mana cost: can't be cast (CR 118.6)
		}
		seat := s.Seat(b.Player)
		pool := s.Players[seat].Pool
		plan, ok := reducer.PayDefault(pool, def.Cost, 0)
		if !ok {
			return nil
		}
		effs := []events.TableEffect{{Op: events.EffMove, Object: o.Card.String(), From: "hand", To: "stack"}}
		for _, i := range plan {
			effs = append(effs, events.TableEffect{Op: events.EffSpendMana, Player: b.Player,
				Mana: pool[i].Color.Letter(), Source: pool[i].Source.String()})
		}
		return effs
	}
	return nil
}

// resolveEffects are what the table says a resolving spell or ability it
// supplies did: an ability leaves the stack, a permanent spell enters the
// battlefield, an instant or sorcery goes to its owner's graveyard.
func (d *driver) resolveEffects(o *reducer.Object) []events.TableEffect {
	s := d.g.S
	if o.Ability > 0 || o.Trigger > 0 || o.Text != "" {
		return []events.TableEffect{{Op: events.EffResolve, Object: o.ID.String()}}
	}
	ref := o.ID.String()
	if o.Card != 0 {
		ref = o.Card.String()
	}
	def := o.Def
	if o.Face != "" && o.Def.FaceUp(o.Face) != nil {
		def = o.Def.FaceUp(o.Face)
	}
	if !def.IsPermanent() {
		return []events.TableEffect{{Op: events.EffMove, Object: ref, From: "stack", To: "graveyard"}}
	}
	move := events.TableEffect{Op: events.EffMove, Object: ref, From: "stack", To: "battlefield"}
	if o.Controller != o.Owner {
		move.Controller = s.Players[o.Controller].ID
	}
	effs := []events.TableEffect{move}
	counters := func(kind, printed string) {
		if n, err := strconv.Atoi(printed); err == nil && n > 0 {
			effs = append(effs, events.TableEffect{Op: events.EffAddCounters, Object: ref, Kind: kind, N: n})
		}
	}
	if def.Is("Planeswalker") {
		counters("loyalty", def.Loyalty) // CR 306.5b
	}
	if def.Is("Battle") {
		counters("defense", def.Defense) // CR 310.4b
	}
	return effs
}

// tableMana are the mana activations of the permanents of the player
// with priority whose mana abilities the engine doesn't read: for each
// untapped one (a creature only once it can tap), each "{T}: Add ..."
// line of its text, each mana that line may add. The ability is named by
// its line. A permanent with any activation listed (listed) is the
// rules'.
func (d *driver) tableMana(listed []*events.Event) []*events.Event {
	s := d.g.S
	q := s.Pending
	if q.Ask != reducer.AskPriority {
		return nil
	}
	p := s.Players[q.Player]
	var out []*events.Event
	for _, id := range s.Battlefield {
		o := s.Objects[id]
		if o.Controller != q.Player || o.Tapped || o.Def == nil || o.Token {
			continue
		}
		def := o.Def
		if o.Face != "" && def.FaceUp(o.Face) != nil {
			def = def.FaceUp(o.Face)
		}
		if reducer.Modelled(def) || o.Is("Creature") && o.Sick && !o.Has("Haste") || activates(listed, id) {
			continue
		}
		for i, line := range strings.Split(def.Oracle, "\n") {
			for _, mana := range tapForMana(line) {
				effs := []events.TableEffect{{Op: events.EffTap, Object: o.Card.String()}}
				for _, m := range mana {
					effs = append(effs, events.TableEffect{Op: events.EffAddMana, Player: p.ID, Mana: m, Source: id.String()})
				}
				out = append(out, &events.Event{Match: s.Match, Kind: events.KindActivate, Actor: p.ID,
					Body: &events.Activate{Player: p.ID, Source: id.String(), Ability: i}, Effects: effs})
			}
		}
	}
	return out
}

// activates reports whether an activation of the object id is listed.
func activates(listed []*events.Event, id reducer.ObjID) bool {
	return slices.ContainsFunc(listed, func(ev *events.Event) bool {
		b, ok := ev.Body.(*events.Activate)
		return ok && b.Source == id.String()
	})
}

var (
	tapAdd     = regexp.MustCompile(`^\{T\}: Add (.+?)\.`)
	manaSymbol = regexp.MustCompile(`\{([WUBRGC])\}`)
	manaOr     = regexp.MustCompile(`,? or |, `)
)

// tapForMana reads a "{T}: Add ..." line: each choice of the mana it adds
// ("{U} or {R}": U, then R; "{C}{C}": both at once; "one mana of any
// color": each colour), or none for another line.
func tapForMana(line string) [][]string {
	m := tapAdd.FindStringSubmatch(strings.TrimSpace(line))
	if m == nil {
		return nil
	}
	what := m[1]
	if strings.HasPrefix(what, "one mana of any color") {
		return [][]string{{"W"}, {"U"}, {"B"}, {"R"}, {"G"}}
	}
	var out [][]string
	for _, alt := range manaOr.Split(what, -1) {
		var mana []string
		for _, sym := range manaSymbol.FindAllStringSubmatch(alt, -1) {
			mana = append(mana, sym[1])
		}
		if len(mana) == 0 || manaSymbol.ReplaceAllString(alt, "") != "" {
			return nil // "Add {G} for each ...", "Add X mana": not a plain ability
		}
		out = append(out, mana)
	}
	return out
}

// entersTapped reads a land's "enters tapped" (as the table plays it: a
// land that may enter untapped at a price enters tapped).
func entersTapped(def *cards.Card) bool {
	return def != nil && (strings.Contains(def.Oracle, "enters tapped") || strings.Contains(def.Oracle, "enters the battlefield tapped"))
}

// objRef is the object an o-id names (TableActions names objects so).
func objRef(ref string) reducer.ObjID {
	n, _ := strconv.ParseUint(strings.TrimPrefix(ref, "o"), 10, 32)
	return reducer.ObjID(n)
}
