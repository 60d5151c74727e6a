package reducer

import (
	"fmt"
	"slices"
	"strings"
)

// The patch: where the table's version of an input (its run, table_run.go)
// and the rules' version part, the effects that make the game's public
// state the table's. Public is what the table's effects can say: where
// each card is (and its place in a library or on the stack), tapped,
// counters, damage, controller, attachment, tokens and abilities on the
// stack, continuous effects, life, player counters, mana pools, who has
// lost. Everything else (whose priority, the step, what the game waits
// for, triggered abilities waiting, summoning sickness, permissions) is
// the rules' and stays as they left it.
//
// Objects are paired by card: a card is one object at a time in each
// version. Tokens, abilities and spell copies have no card; they are
// paired by what they are (token, ability, ...) and name, in id order.

// patchTo makes g's public state tr's and returns a line for each
// difference, rules first, table second. A library's order is the table's
// only where its effects put cards into it (tableRun.libraries).
func (g *Game) patchTo(tr *tableRun, t *State) []string {
	p := &patcher{g: g, t: t, libraries: tr.libraries, told: tr.effects, toG: map[ObjID]ObjID{}}
	if tr.ended {
		p.losers(tr.losers)
		return p.diffs
	}
	p.pair()
	p.objects()
	p.players()
	p.orders()
	p.continuous()
	return p.diffs
}

type patcher struct {
	g         *Game
	t         *State
	libraries []int
	told      []Effect   // the table's run: where damage came from
	pairs     [][2]ObjID // g's object (0: none), t's object (0: none)
	toG       map[ObjID]ObjID
	diffs     []string
}

func (p *patcher) diff(format string, args ...any) {
	p.diffs = append(p.diffs, fmt.Sprintf(format, args...))
}

// mapped is g's object for t's object id: its pair, or the same id.
func (p *patcher) mapped(id ObjID) ObjID {
	if g, ok := p.toG[id]; ok {
		return g
	}
	return id
}

// pair pairs the objects of the two states: by card, then the others by
// kind and name in id order.
func (p *patcher) pair() {
	g, t := p.g.S, p.t
	gc, tc := g.cardObjects(), t.cardObjects()
	for c := 1; c < max(len(g.Cards), len(t.Cards)); c++ {
		if gc[CardID(c)] != 0 || tc[CardID(c)] != 0 {
			p.pairs = append(p.pairs, [2]ObjID{gc[CardID(c)], tc[CardID(c)]})
		}
	}
	// An object without a card that both have under the same id was there
	// before the input: it is the same object, whatever it has become.
	for id, o := range g.Objects {
		if o != nil && o.Card == 0 && !o.isSpellCopy() && ObjID(id) < ObjID(len(t.Objects)) {
			if to := t.Objects[id]; to != nil && to.Card == 0 && to.isAbility() == o.isAbility() && to.Token == o.Token {
				p.pairs = append(p.pairs, [2]ObjID{ObjID(id), ObjID(id)})
			}
		}
	}
	// Each state's own ids: an id paired in one may be another object in
	// the other (the table's ability o30, the rules' card moved to o30).
	pairedG, pairedT := map[ObjID]bool{}, map[ObjID]bool{}
	for _, pr := range p.pairs {
		pairedG[pr[0]], pairedT[pr[1]] = true, true
	}
	gk, gkeys := g.cardless(pairedG)
	tk, tkeys := t.cardless(pairedT)
	keys := append(gkeys, tkeys...)
	slices.Sort(keys)
	keys = slices.Compact(keys)
	for _, k := range keys {
		a, b := gk[k], tk[k]
		for i := range max(len(a), len(b)) {
			var pr [2]ObjID
			if i < len(a) {
				pr[0] = a[i]
			}
			if i < len(b) {
				pr[1] = b[i]
			}
			p.pairs = append(p.pairs, pr)
		}
	}
	for _, pr := range p.pairs {
		if pr[0] != 0 && pr[1] != 0 {
			p.toG[pr[1]] = pr[0]
		}
	}
}

// cardObjects maps each card to its object now.
func (s *State) cardObjects() map[CardID]ObjID {
	out := map[CardID]ObjID{}
	for id, o := range s.Objects {
		if o != nil && o.Card != 0 && !o.isAbility() {
			out[o.Card] = ObjID(id)
		}
	}
	return out
}

// cardless groups the objects without a card not paired already by kind
// and name, each group in id order, and lists the groups' keys.
func (s *State) cardless(paired map[ObjID]bool) (map[string][]ObjID, []string) {
	out := map[string][]ObjID{}
	var keys []string
	for id, o := range s.Objects {
		if o == nil || o.Card != 0 && !o.isAbility() || o.isSpellCopy() || paired[ObjID(id)] {
			continue // a card, a copy of a spell (the table's effects can't make one), or paired
		}
		k := cardlessKey(s, o)
		if out[k] == nil {
			keys = append(keys, k)
		}
		out[k] = append(out[k], ObjID(id))
	}
	return out, keys
}

// cardlessKey is what an object without a card is, for pairing. Abilities
// on the stack pair by their source alone: the table names an ability by
// its source and a text, the rules by their own index, and an ability the
// table says went on the stack is the one the rules put there.
func cardlessKey(s *State, o *Object) string {
	name := ""
	if o.Def != nil {
		name = o.Def.Name
	}
	switch {
	case o.isAbility():
		if src := s.Obj(o.Source); src != nil && src.Card != 0 {
			return "ability|" + src.Card.String()
		}
		if o.LKI != nil && o.LKI.Card != 0 {
			return "ability|" + o.LKI.Card.String()
		}
		return "ability|" + o.Source.String()
	case o.Token:
		return "token|" + name
	}
	return "copy|" + name
}

// objects brings each object to its zone, then its fields. Objects are
// created and moved in the order the table's run made them, so that new
// objects get the ids they have there wherever the rules made the same
// ones before (CR 400.7: a moved card is a new object).
func (p *patcher) objects() {
	g, t := p.g, p.t
	var todo []int // pairs to create or move, by t's id
	for i, pr := range p.pairs {
		ge, te := g.S.Obj(pr[0]), t.Obj(pr[1])
		switch {
		case te == nil && ge != nil:
			p.diff("%s: exists for the rules, not for the table", g.S.objName(ge.ID))
			g.emit(Effect{Op: OpVanish, Obj: ge.ID})
		case ge == nil && te != nil, ge != nil && te != nil && ge.Zone != te.Zone:
			todo = append(todo, i)
		}
	}
	slices.SortFunc(todo, func(a, b int) int { return int(p.pairs[a][1]) - int(p.pairs[b][1]) })
	for _, i := range todo {
		ge, te := g.S.Obj(p.pairs[i][0]), t.Obj(p.pairs[i][1])
		if ge == nil {
			if id := p.create(te); id != 0 {
				p.pairs[i][0] = id
				p.toG[te.ID] = id
			}
			continue
		}
		p.diff("%s: in %s for the rules, in %s for the table", g.S.objName(ge.ID), g.S.whereIs(ge.ID), t.whereIs(te.ID))
		ctrl := te.Owner
		if te.Zone == ZoneBattlefield || te.Zone == ZoneStack {
			ctrl = te.Controller
		}
		pos := -1
		if te.Zone == ZoneLibrary {
			pos = min(slices.Index(t.Players[te.Owner].Library, te.ID), len(g.S.Players[te.Owner].Library))
		}
		nid := g.S.nextObjID()
		g.emit(Effect{Op: OpMove, Obj: ge.ID, To: nid, Zone: te.Zone, Seat: ctrl, N: pos})
		p.pairs[i][0] = nid
		p.toG[te.ID] = nid
	}
	for _, pr := range p.pairs {
		if ge, te := g.S.Obj(pr[0]), t.Obj(pr[1]); ge != nil && te != nil {
			p.fields(ge, te)
		}
	}
}

// create makes in g an object t has and g doesn't: a token on the
// battlefield, or an ability on the stack (an ability the rules finished
// with is put back as the table's, with its name as text).
func (p *patcher) create(te *Object) ObjID {
	g := p.g
	id := g.S.nextObjID()
	switch {
	case te.Token && te.Zone == ZoneBattlefield && te.Facts != nil:
		f := *te.Facts
		g.emit(Effect{Op: OpTableToken, Obj: id, Seat: te.Controller, Facts: &f})
	case te.Token && te.Zone == ZoneBattlefield && te.Def != nil:
		g.emit(Effect{Op: OpToken, Obj: id, Name: te.Def.Name, Seat: te.Controller})
	case te.isAbility() && te.Zone == ZoneStack:
		text := te.Text
		if text == "" {
			text = te.Name()
		}
		var ts []Target
		for _, x := range te.Targets {
			if x.Obj != 0 {
				x.Obj = uint32(p.mapped(ObjID(x.Obj)))
			}
			ts = append(ts, x)
		}
		g.emit(Effect{Op: OpTableAbility, Obj: id, To: p.mapped(te.Source), Seat: te.Controller, Name: text, Targets: ts})
	default:
		return 0 // a token or copy outside the battlefield ceases to exist anyway (CR 704.5d, 704.5e)
	}
	p.diff("%s: exists for the table, not for the rules", p.t.objName(te.ID))
	return id
}

// fields brings ge's public fields to te's.
func (p *patcher) fields(ge, te *Object) {
	g := p.g
	name := g.S.nameOf(ge.ID) // for a difference only
	if (te.Zone == ZoneBattlefield || te.Zone == ZoneStack) && ge.Controller != te.Controller {
		p.diff("%s: controlled by %s for the rules, by %s for the table", name, g.S.playerID(ge.Controller), g.S.playerID(te.Controller))
		g.emit(Effect{Op: OpControl, Obj: ge.ID, Seat: te.Controller})
		if ge.Attacking > 0 || ge.Blocking != 0 {
			g.emit(Effect{Op: OpAttack, Obj: ge.ID}) // removed from combat (CR 506.4)
		}
	}
	if ge.Tapped != te.Tapped {
		p.diff("%s: %s for the rules, %s for the table", name, tappedWord(ge.Tapped), tappedWord(te.Tapped))
		if te.Tapped {
			g.emit(Effect{Op: OpTap, Obj: ge.ID})
		} else {
			g.emit(Effect{Op: OpUntap, Obj: ge.ID})
		}
	}
	for _, k := range counterKinds(ge.Counters, te.Counters) {
		if a, b := ge.counter(k), te.counter(k); a != b {
			p.diff("%s: %d %s counter%s for the rules, %d for the table", name, a, k, plural(a), b)
			g.emit(Effect{Op: OpCounter, Obj: ge.ID, Kind: k, N: b - a})
		}
	}
	if ge.Damage != te.Damage {
		p.diff("%s: %d damage for the rules, %d for the table", name, ge.Damage, te.Damage)
		n := te.Damage - ge.Damage
		g.emit(Effect{Op: OpDamage, Obj: ge.ID, N: n, To: p.damageSource(func(e *Effect) int {
			if e.Op == OpDamage && e.Obj == te.ID {
				return e.N
			}
			return 0
		}, n)})
	}
	if te.Deathtouched && !ge.Deathtouched {
		g.emit(Effect{Op: OpDeathtouched, Obj: ge.ID})
	}
	if gp, gt := untilEndOfTurnPT(g.S, ge); true {
		if tp, tt := untilEndOfTurnPT(p.t, te); gp != tp || gt != tt {
			p.diff("%s: %+d/%+d until end of turn for the rules, %+d/%+d for the table", name, gp, gt, tp, tt)
			g.emit(Effect{Op: OpPump, Obj: ge.ID, N: tp - gp, Card: CardID(tt - gt)})
		}
	}
	if at := p.mappedOr0(te.AttachedTo); ge.AttachedTo != at {
		p.diff("%s: attached to %s for the rules, to %s for the table", name, orNothing(g.S, ge.AttachedTo), orNothing(g.S, at))
		g.emit(Effect{Op: OpAttach, Obj: ge.ID, To: at})
	}
	if te.Copy && te.Def != nil && (!ge.Copy || ge.Def != te.Def) {
		p.diff("%s: a copy of %s for the table", name, te.Def.Name)
		g.emit(Effect{Op: OpBecomeCopy, Obj: ge.ID, Name: te.Def.Name})
	}
	if ge.FaceDown != te.FaceDown {
		p.diff("%s: %s for the rules, %s for the table", name, faceWord(ge.FaceDown), faceWord(te.FaceDown))
		n := 0
		if te.FaceDown {
			n = 1
		}
		g.emit(Effect{Op: OpFaceDown, Obj: ge.ID, N: n})
	}
}

// damageSource is the source of damage the patch deals: the one source of
// the damage of the table's run that amount sums, when it is all from one
// source and makes up the amount; else 0. It is only told (a log says
// who dealt the damage); applying damage doesn't read it.
func (p *patcher) damageSource(amount func(e *Effect) int, want int) ObjID {
	var src ObjID
	total := 0
	for i := range p.told {
		e := &p.told[i]
		if n := amount(e); n > 0 {
			if src != 0 && e.To != src {
				return 0
			}
			src, total = e.To, total+n
		}
	}
	if total != want {
		return 0
	}
	return p.mappedOr0(src)
}

func (p *patcher) mappedOr0(id ObjID) ObjID {
	if id == 0 {
		return 0
	}
	return p.mapped(id)
}

// losers compares who lost a game the rules ended: the game after it is
// the rules' to begin, so there is nothing to bring to the table's.
func (p *patcher) losers(rules []int) {
	for seat, tp := range p.t.Players {
		if lost := slices.Contains(rules, seat); lost != tp.Lost {
			p.diff("%s: %s the game for the rules, %s for the table", tp.ID, lostWord(lost), lostWord(tp.Lost))
		}
	}
}

func lostWord(lost bool) string {
	if lost {
		return "lost"
	}
	return "did not lose"
}

// players brings life, player counters, losses and mana pools to t's.
func (p *patcher) players() {
	g, t := p.g, p.t
	for seat, gp := range g.S.Players {
		tp := t.Players[seat]
		if gp.Life != tp.Life {
			p.diff("%s: life %d for the rules, %d for the table", gp.ID, gp.Life, tp.Life)
			n := tp.Life - gp.Life
			var src ObjID
			if n < 0 {
				src = p.damageSource(func(e *Effect) int {
					if e.Op == OpLife && e.Seat == seat && e.To != 0 && e.N < 0 {
						return -e.N
					}
					return 0
				}, -n)
			}
			g.emit(Effect{Op: OpLife, Seat: seat, N: n, To: src})
		}
		for _, k := range counterKinds(gp.Counters, tp.Counters) {
			if a, b := gp.counterOf(k), tp.counterOf(k); a != b {
				p.diff("%s: %d %s counter%s for the rules, %d for the table", gp.ID, a, k, plural(a), b)
				g.emit(Effect{Op: OpPlayerCounter, Seat: seat, Kind: k, N: b - a})
			}
		}
		if tp.Lost && !gp.Lost {
			p.diff("%s: still in the game for the rules, lost for the table (%s)", gp.ID, tp.LossReason)
			g.emit(Effect{Op: OpLose, Seat: seat, Kind: tp.LossReason})
		}
		p.pool(seat)
	}
}

// pool makes seat's mana pool t's: the mana g has and t doesn't is spent,
// the mana t has and g doesn't is added.
func (p *patcher) pool(seat int) {
	g := p.g
	want := make([]Mana, len(p.t.Players[seat].Pool))
	for i, m := range p.t.Players[seat].Pool {
		m.Source = p.mappedOr0(m.Source)
		want[i] = m
	}
	have := g.S.Players[seat].Pool
	if slices.Equal(have, want) {
		return
	}
	p.diff("%s: mana pool %s for the rules, %s for the table", g.S.Players[seat].ID, poolString(have), poolString(want))
	left := slices.Clone(want)
	var drop []int
	for i, m := range have {
		if j := slices.Index(left, m); j >= 0 {
			left = slices.Delete(left, j, j+1)
		} else {
			drop = append(drop, i)
		}
	}
	for k := len(drop) - 1; k >= 0; k-- {
		g.emit(Effect{Op: OpSpendMana, Seat: seat, N: drop[k]})
	}
	for _, m := range left {
		n := 0
		if m.Legendary {
			n = 1
		}
		g.emit(Effect{Op: OpAddMana, Seat: seat, Color: m.Color, Obj: m.Source, N: n})
	}
}

// orders puts libraries and the stack in t's order.
func (p *patcher) orders() {
	g, t := p.g, p.t
	for seat, tp := range t.Players {
		if !slices.Contains(p.libraries, seat) {
			continue
		}
		want := p.mapAll(tp.Library)
		if have := g.S.Players[seat].Library; !slices.Equal(have, want) && sameSet(have, want) {
			p.diff("%s: the library's order differs", tp.ID)
			g.emit(Effect{Op: OpOrder, Seat: seat, List: want})
		}
	}
	if want := p.mapAll(t.Stack); !slices.Equal(g.S.Stack, want) && sameSet(g.S.Stack, want) {
		p.diff("the stack's order differs: %s for the rules, %s for the table", g.S.describeIDs(g.S.Stack, false), g.S.describeIDs(want, false))
		g.emit(Effect{Op: OpStackOrder, List: want})
	}
}

func (p *patcher) mapAll(ids []ObjID) []ObjID {
	out := make([]ObjID, len(ids))
	for i, id := range ids {
		out[i] = p.mapped(id)
	}
	return out
}

// continuous ends the effects g has and t doesn't and starts the ones t
// has and g doesn't, compared by what they do and to what.
func (p *patcher) continuous() {
	g, t := p.g, p.t
	want := make([]Continuous, len(t.Continuous))
	for i, c := range t.Continuous {
		c = c.clone()
		c.Objects = p.mapAll(c.Objects)
		c.Source = p.mappedOr0(c.Source)
		want[i] = c
	}
	want = slices.DeleteFunc(want, func(c Continuous) bool { return c.onlyPTUntilEndOfTurn() })
	var ends []int
	left := slices.Clone(want)
	for _, c := range g.S.Continuous {
		if c.onlyPTUntilEndOfTurn() {
			continue // compared with the pumps (fields)
		}
		if j := slices.IndexFunc(left, func(w Continuous) bool { return sameContinuous(&c, &w) }); j >= 0 {
			left = slices.Delete(left, j, j+1)
		} else if c.expressible() {
			ends = append(ends, c.Timestamp)
		} // else the table can't say it: the rules' stands
	}
	for _, ts := range ends {
		p.diff("a continuous effect (timestamp %d) is in force for the rules, not for the table", ts)
		g.emit(Effect{Op: OpEndContinuous, N: ts})
	}
	for i := range left {
		p.diff("a continuous effect on %s is in force for the table, not for the rules", g.S.describeIDs(left[i].Objects, false))
		c := left[i]
		g.addContinuous(c)
	}
}

// expressible: the table's vocabulary can say the effect: one object, no
// change to the rules of the game (damage prevention) and no mana ability.
// The rules' other effects stand, whatever the table says.
func (c *Continuous) expressible() bool {
	return len(c.Objects) == 1 && c.Rule == "" && !c.AnyColorMana && c.Becomes.expressible()
}

// onlyPTUntilEndOfTurn: the effect changes power and toughness until end
// of turn and nothing else, as a pump does; the two are told apart by how
// a card's code made them, not by what they do.
func (c *Continuous) onlyPTUntilEndOfTurn() bool {
	return c.Until == UntilEndOfTurn && len(c.AddSupertypes)+len(c.AddSubtypes)+len(c.AddKeywords) == 0 &&
		!c.AnyColorMana && c.Rule == "" && c.Table == nil && c.Becomes == nil && len(c.Objects) == 1
}

// untilEndOfTurnPT is what pumps and effects that change only power and
// toughness until end of turn add to o.
func untilEndOfTurnPT(s *State, o *Object) (p, t int) {
	p, t = o.PumpP, o.PumpT
	for i := range s.Continuous {
		if c := &s.Continuous[i]; c.onlyPTUntilEndOfTurn() && c.Objects[0] == o.ID {
			p, t = p+c.P, t+c.T
		}
	}
	return p, t
}

// sameContinuous compares two effects by what the table's vocabulary
// says of them (to what, for how long, what they add), whatever their
// timestamps and sources: what it can't say (a mana ability granted, a
// change to the rules) is the rules' alone.
func sameContinuous(a, b *Continuous) bool {
	return a.Controller == b.Controller && a.Until == b.Until && slices.Equal(a.Objects, b.Objects) &&
		slices.Equal(a.AddSupertypes, b.AddSupertypes) && slices.Equal(a.AddSubtypes, b.AddSubtypes) &&
		slices.Equal(a.AddKeywords, b.AddKeywords) && a.P == b.P && a.T == b.T && sameGrant(a.Table, b.Table) &&
		sameBecoming(a.Becomes, b.Becomes)
}

func sameGrant(a, b *TableGrant) bool {
	if a == nil || b == nil {
		return a == b
	}
	return slices.Equal(a.Types, b.Types) && slices.Equal(a.Colors, b.Colors) && slices.Equal(a.Abilities, b.Abilities)
}

// counterKinds lists the kinds either list has, sorted.
func counterKinds(a, b []Counter) []string {
	var out []string
	for _, c := range append(slices.Clone(a), b...) {
		out = append(out, c.Kind)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func sameSet(a, b []ObjID) bool {
	if len(a) != len(b) {
		return false
	}
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

func faceWord(down bool) string {
	if down {
		return "face down"
	}
	return "face up"
}

func tappedWord(t bool) string {
	if t {
		return "tapped"
	}
	return "untapped"
}

func orNothing(s *State, id ObjID) string {
	if id == 0 {
		return "nothing"
	}
	return strings.TrimSpace(s.objName(id))
}
