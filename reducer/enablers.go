package reducer

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// The rulings' enablers: casting from the top of the library (Johann,
// Apprentice Sorcerer; Elsha of the Infinite), casting from exile by a
// permission with a rule (Vivien, Champion of the Wilds: only a creature
// spell), Starting Town NPC's granted Adventure, "as though it had flash",
// enters-tapped replacement (Mystic Sanctuary), characteristic-defining
// power and toughness in every zone (Beanstalk Giant), "has an Adventure".
//
// Whether a spell may be cast by a permission is judged on the
// characteristics of the spell as it would be cast: for an Adventure, the
// Adventure's alone (ADV-2). Johann with Promise of Aclazotz on top of the
// library casts Foul Rebirth (a sorcery), not Promise of Aclazotz (an
// enchantment); Elsha with Keeper of the Crown on top casts Coronation of
// the Wilds, not Keeper of the Crown (a creature); a Giant Killer Vivien
// exiled may be cast as Giant Killer, never as Chop Down (an instant).

// Enabler ops.
const (
	OpFaceDown Op = 180 // the exiled Obj is face down (N = 1) or face up (N = 0)
)

// Permission kinds of the enablers. MayCastCreatureSpell: the card may be
// cast if it's a creature spell (Vivien, Champion of the Wilds), judged on
// the spell as cast (ADV-2). MayPlayThisTurn: the card may be played (a
// land) or cast (either face) this turn only (Quintorius Kand's −6); the
// permission ends as the next turn begins.
const (
	MayCastCreatureSpell = "creature_spell"
	MayPlayThisTurn      = "play_this_turn"
)

// OpEndPermissions: every permission of kind Kind to cast or play an
// exiled card ends.
const OpEndPermissions Op = 181

func init() {
	registerOp(OpFaceDown, func(s *State, e *Effect) { s.mustObj(e.Obj).FaceDown = e.N == 1 })
	registerOp(OpEndPermissions, func(s *State, e *Effect) {
		for _, id := range append(slices.Clone(s.Exile), s.graveyards()...) {
			o := s.Objects[id]
			o.MayCast = slices.DeleteFunc(o.MayCast, func(p Permission) bool { return p.Kind == e.Kind })
		}
	})
	extDescribe[OpEndPermissions] = func(s *State, e Effect) string {
		return "permissions to play exiled cards end (" + e.Kind + ")"
	}
	if extDescribe[OpAddContinuous] == nil {
		extDescribe[OpAddContinuous] = describeContinuous
	}
	if extDescribe[OpEndContinuous] == nil {
		extDescribe[OpEndContinuous] = func(s *State, e Effect) string {
			return fmt.Sprintf("continuous effect %d ends", e.N)
		}
	}
	extDescribe[OpFaceDown] = func(s *State, e Effect) string {
		if e.N == 1 {
			return "turn face down " + descObj(s, e.Obj)
		}
		return "turn face up " + descObj(s, e.Obj)
	}
}

// extTargetRules say why an object is not a legal target of the
// enablers' target kinds (see cards/enablers.go), or "".
var extTargetRules = map[cards.TargetKind]func(g *Game, o, src *Object) string{
	cards.TargetCreatureOpponentControls: func(g *Game, o, src *Object) string {
		name := g.S.nameOf(o.ID)
		if o.Zone != ZoneBattlefield || !o.Is("Creature") {
			return name.String() + " is not a creature on the battlefield"
		}
		if src != nil && o.Controller == src.Controller {
			return name.String() + " is not controlled by an opponent"
		}
		return ""
	},
	cards.TargetCardInGraveyard: func(g *Game, o, src *Object) string {
		name := g.S.nameOf(o.ID)
		switch {
		case o.Zone != ZoneGraveyard:
			return name.String() + " is not a card in a graveyard"
		case src != nil && o.Owner != src.Controller:
			return name.String() + " is not in " + g.S.Players[src.Controller].ID + "'s graveyard"
		}
		return ""
	},
	// ADV-7: an adventurer card in a graveyard has only its normal
	// characteristics: Giant Killer there is a creature card.
	cards.TargetInstantOrSorceryInGraveyard: func(g *Game, o, src *Object) string {
		name := g.S.nameOf(o.ID)
		switch {
		case o.Zone != ZoneGraveyard:
			return name.String() + " is not a card in a graveyard"
		case src != nil && o.Owner != src.Controller:
			return name.String() + " is not in " + g.S.Players[src.Controller].ID + "'s graveyard"
		case !o.Is("Instant") && !o.Is("Sorcery"):
			why := name.String() + " is " + typeLine(o) + " card, not an instant or sorcery card"
			if o.Def != nil && o.Def.Adventure() != nil {
				why += " (ADV-7)"
			}
			return why
		}
		return ""
	},
}

// typeLine names an object's card types with an article: "a creature",
// "an enchantment".
func typeLine(o *Object) string {
	if d := o.def(); d != nil {
		return typeLineOf(d)
	}
	return "a typeless"
}

// --- Casting from the top of the library --------------------------------

// topSources are the permanents seat controls that let seat cast from the
// top of their library, best first: those without a once-a-turn limit and
// with flash first.
func (s *State) topSources(seat int) []ObjID {
	var out []ObjID
	for _, id := range s.sources().topCast { // static_sources.go
		if o := s.Objects[id]; o.Controller == seat {
			out = append(out, id)
		}
	}
	rank := func(id ObjID) int {
		tc := topCastOf(s.Objects[id])
		r := 0
		if tc.OncePerTurn {
			r += 2
		}
		if !tc.Flash {
			r++
		}
		return r
	}
	slices.SortStableFunc(out, func(a, b ObjID) int { return rank(a) - rank(b) })
	return out
}

// castableFromTop returns the top card of seat's library if ref names it
// and seat controls a permanent that lets them cast from there.
func (s *State) castableFromTop(seat int, ref string) []ObjID {
	lib := s.Players[seat].Library
	if len(lib) == 0 || len(s.topSources(seat)) == 0 {
		return nil
	}
	return s.matchRef(ref, lib[:1])
}

// topPermission picks the permission that lets seat cast o from the top of
// the library as def, judged on def alone (ADV-2).
func (g *Game) topPermission(seat int, o *Object, def *cards.Card) (ObjID, error) {
	return g.topPermissionNamed(seat, o, def, "")
}

// topPermissionNamed is topPermission among the permanents ref names (a
// cast's `permission`; "" for any).
func (g *Game) topPermissionNamed(seat int, o *Object, def *cards.Card, ref string) (ObjID, error) {
	s := g.S
	var first error
	srcs := s.topSources(seat)
	if ref != "" {
		if srcs = s.matchRef(ref, srcs); len(srcs) == 0 {
			return 0, g.refuse("CR 601.3", "body.permission", "%q gives %s no permission to cast spells from the top of the library", ref, s.Players[seat].ID)
		}
	}
	for _, id := range srcs {
		src := s.Objects[id]
		tc := topCastOf(src)
		switch {
		case !tc.Allows(def):
			if first == nil {
				rule := "CR 601.3"
				if o.Def.Adventure() != nil {
					rule = "ADV-2"
				}
				first = g.refuse(rule, "body.card", "%s lets %s cast only %s from the top of the library: %s is %s",
					src.Def.Name, s.Players[seat].ID, tc.What, def.Name, typeLineOf(def))
			}
		case tc.OncePerTurn && s.usedThisTurn(src, useTopCast):
			if first == nil {
				first = g.refuse("CR 601.3", "body.card", "%s has let %s cast a spell from the top of the library this turn already (once each turn)",
					src.Def.Name, s.Players[seat].ID)
			}
		default:
			return id, nil
		}
	}
	if first == nil {
		first = g.refuse("CR 601.3", "body.card", "nothing lets %s cast spells from the top of the library", s.Players[seat].ID)
	}
	return 0, first
}

// typeLineOf names a card's types with an article.
func typeLineOf(d *cards.Card) string {
	t := strings.ToLower(strings.Join(d.Types, " "))
	if t == "" {
		return "typeless"
	}
	if strings.ContainsRune("aeiou", rune(t[0])) {
		return "an " + t
	}
	return "a " + t
}

// asThoughFlash reports whether seat may cast def as though it had flash:
// a permanent of seat says so for such spells (Vivien), or the permission
// it is cast by from the top of the library does (Elsha).
func (g *Game) asThoughFlash(seat int, def *cards.Card, top ObjID) bool {
	s := g.S
	if top != 0 {
		if tc := topCastOf(s.Objects[top]); tc != nil && tc.Flash {
			return true
		}
	}
	for _, id := range s.Battlefield {
		if o := s.Objects[id]; o.Controller == seat && o.Def != nil && o.Def.GivesFlash(def) {
			return true
		}
	}
	return g.langGivesFlash(seat, def) // interp_rules.go
}

// looksAtTop reports whether seat may look at the top card of their
// library any time (Johann, Elsha).
func (s *State) looksAtTop(seat int) bool {
	for _, id := range s.Battlefield {
		if o := s.Objects[id]; o.Controller == seat && o.Def != nil && o.Def.LooksAtTop() {
			return true
		}
	}
	return false
}

// castFromZone is the zone OpSpell records a spell was cast from: none for
// a hand.
func castFromZone(z Zone) Zone {
	if z == ZoneHand {
		return ZoneNone
	}
	return z
}

// castFromName names where a spell was cast from, for people.
func castFromName(z Zone) string {
	if z == ZoneLibrary {
		return "the top of the library"
	}
	return z.String()
}

// afterCast records what later rules need of a spell just cast: the use
// of a once-a-turn permission, and the triggers of the permanents it
// targets.
func (g *Game) afterCast(plan castPlan, spell ObjID, seat int) {
	if plan.top != 0 {
		if tc := topCastOf(g.S.Objects[plan.top]); tc != nil && tc.OncePerTurn {
			g.emit(Effect{Op: OpUsed, Obj: plan.top, Kind: useTopCast})
		}
	}
	var seen []uint32
	for _, t := range plan.targets {
		if t.Obj == 0 || slices.Contains(seen, t.Obj) {
			continue
		}
		seen = append(seen, t.Obj)
		if o := g.S.Obj(ObjID(t.Obj)); o != nil && o.Zone == ZoneBattlefield {
			g.fire(cards.TriggerBecomesTargetOfSpell, o.ID, seat)
		}
	}
}

// --- Casting from exile by permission -----------------------------------

// checkExileCast: one of seat's permissions to cast the exiled card must
// allow the spell as it would be cast (def, face).
func (g *Game) checkExileCast(seat int, o *Object, def *cards.Card, face string) error {
	var first error
	for _, p := range o.MayCast {
		if p.Seat != seat {
			continue
		}
		err := g.permissionAllows(p, o, def, face)
		if err == nil {
			return nil
		}
		if first == nil {
			first = err
		}
	}
	return first
}

func (g *Game) permissionAllows(p Permission, o *Object, def *cards.Card, face string) error {
	s := g.S
	switch p.Kind {
	case MayCastPlot:
		return g.plotAllows(o) // interp_plot.go
	case MayCastForetell:
		return g.foretellAllows(o) // interp_plot.go
	case MayCastWarp:
		return g.warpAllows(o) // interp_warp.go
	case MayCastAdventure:
		if face != "" {
			return g.checkExileFace(o, def) // CR 715.3d: only the creature
		}
	case MayCastCreatureSpell:
		if def.Is("Creature") {
			return nil
		}
		who := s.Players[p.Seat].ID
		switch {
		case face != "":
			// ADV-2: the Adventure is judged on its own characteristics.
			return g.refuse("CR 601.3", "body.face", "it was exiled by %s, which lets %s cast it only as a creature spell: %s is %s (ADV-2)",
				o.ExiledBy, who, def.Name, typeLineOf(def))
		case o.Def.Adventure() != nil:
			// ADV-5: exiled by something other than its own Adventure.
			g.action = "cast " + o.Name() + " from exile"
			return g.refuse("CR 601.3", "body.card", "it was exiled by %s, not by resolving as an Adventure; %s lets %s cast it only as a creature spell, and %s is %s (ADV-5)",
				o.ExiledBy, o.ExiledBy, who, def.Name, typeLineOf(def))
		}
		return g.refuse("CR 601.3", "body.card", "it was exiled by %s, which lets %s cast it only as a creature spell: %s is %s",
			o.ExiledBy, who, def.Name, typeLineOf(def))
	}
	return nil
}

// --- Starting Town NPC's granted Adventure (NPC-1) ----------------------

// grantedFace is the Adventure named name that a permanent of seat grants
// the card o in seat's hand, or nil.
func (g *Game) grantedFace(seat int, o *Object, name string) *cards.Card {
	s := g.S
	if o.Zone != ZoneHand || o.Owner != seat || o.Def == nil {
		return nil
	}
	for _, id := range s.Battlefield {
		src := s.Objects[id]
		if src.Controller == seat && src.Def != nil && src.Def.GrantedAdventure != nil &&
			src.Def.GrantedAdventure.Name == name && src.Def.GrantsAdventureTo(o.Def) {
			return src.Def.GrantedAdventure
		}
	}
	return nil
}

// grantedFaces lists the granted Adventures o in its owner's hand has now.
func (g *Game) grantedFaces(o *Object) []*cards.Card {
	s := g.S
	var out []*cards.Card
	if o.Zone != ZoneHand || o.Def == nil {
		return nil
	}
	for _, id := range s.Battlefield {
		src := s.Objects[id]
		if src.Controller == o.Owner && src.Def != nil && src.Def.GrantedAdventure != nil && src.Def.GrantsAdventureTo(o.Def) &&
			!slices.Contains(out, src.Def.GrantedAdventure) {
			out = append(out, src.Def.GrantedAdventure)
		}
	}
	return out
}

// grantedFace is the granted Adventure an object on the stack was cast
// as: it keeps those characteristics whatever happens to the permanent
// that granted them (NPC-1).
func (o *Object) grantedFace() *cards.Card {
	if o.Face == "" || o.state == nil || o.state.pool == nil || o.Zone != ZoneStack {
		return nil
	}
	return o.state.pool.GrantedFace(o.Face)
}

// HasAdventure reports whether the object "has an Adventure" (ADV-12): an
// adventurer card, spell or permanent has one whether or not it was ever
// cast as one, and so has a creature card given one in its owner's hand
// (Starting Town NPC); an instant or sorcery spell on the stack cast as an
// Adventure has not.
func (o *Object) HasAdventure() bool {
	if o.Def == nil || o.isAbility() {
		return false
	}
	if o.Zone == ZoneStack && o.isAdventure() {
		return false
	}
	if o.Def.Adventure() != nil {
		return true
	}
	return o.state != nil && len((&Game{S: o.state}).grantedFaces(o)) > 0
}

// --- Entering the battlefield -------------------------------------------

// asEnters applies what happens as a permanent enters, before its enters
// triggers are checked: a planeswalker's loyalty (CR 306.5b), "enters
// tapped unless" (CR 614.1c).
func (g *Game) asEnters(id ObjID) {
	s := g.S
	o := s.Obj(id)
	if o == nil || o.Def == nil {
		return
	}
	if o.Is("Planeswalker") {
		if n := printedLoyalty(o.def()); n > 0 {
			g.emit(Effect{Op: OpCounter, Obj: id, Kind: "loyalty", N: n})
		}
	}
	g.entersWithCounters(o) // wither.go
	g.langEnters(o)         // interp_replace.go
	g.warpEnters(o)         // interp_warp.go
	g.dashEnters(o)         // interp_dash.go
	if unless := o.Def.EntersTappedUnless(); unless != nil && !o.Tapped && !unless(facts{g: g}, uint32(id), o.Controller) {
		g.emit(Effect{Op: OpTap, Obj: id})
	}
}

// entersWithFromSpell: counters a permanent gets as it enters from the
// spell it was: a creature its controller cast from exile gets a +1/+1
// counter for each Starting Town NPC they control (NPC-1).
func (g *Game) entersWithFromSpell(id ObjID, spell *Object) {
	s := g.S
	o := s.Obj(id)
	if o == nil || spell.CastFrom != ZoneExile || !o.Is("Creature") {
		return
	}
	n := 0
	for _, pid := range s.Battlefield {
		if src := s.Objects[pid]; pid != id && src.Controller == spell.Controller && src.Def != nil {
			n += src.Def.ExileCastCounters()
		}
	}
	if n > 0 {
		g.putCounters(id, "+1/+1", n)
	}
}

// --- Characteristics ----------------------------------------------------

// basePT is the object's power and toughness before counters and effects:
// printed, or defined by a characteristic-defining ability in any zone
// (layer 7a, ADV-13). "You" is its controller, its owner outside the
// battlefield and the stack.
func (o *Object) basePT() (int, int) {
	d := o.def()
	if d == nil {
		return 0, 0
	}
	if p, t, ok := o.becomesPT(); ok && !o.isAbility() { // layer 7b after 7a: interp_becomes.go
		return p, t
	}
	if p, t, ok := o.langCDA(); ok && !o.isAbility() { // interp_static.go
		return p, t
	}
	if cda := d.CDA(); cda != nil && o.state != nil && !o.isAbility() {
		return cda(facts{g: &Game{S: o.state}}, o.Controller)
	}
	if d.Levels != nil && o.Zone == ZoneBattlefield {
		if l := d.LevelFor(o.counter("level")); l != nil {
			p, _ := strconv.Atoi(l.Power) // a leveler's bracket (CR 711)
			t, _ := strconv.Atoi(l.Toughness)
			return p, t
		}
	}
	p, t, _ := d.PT()
	return p, t
}

// hasPT reports whether the object has power and toughness to show.
func hasPT(d *cards.Card) bool {
	_, _, ok := d.PT()
	if lc := langOf(d); lc != nil && langHasCDA(lc) {
		return true
	}
	return ok || d.CDA() != nil
}

// --- Views --------------------------------------------------------------

// seesFaceDown reports whether seat may look at a face-down exiled card:
// the player allowed to cast it looked at it as they exiled it (CR 406.3,
// 406.3b).
func (o *Object) seesFaceDown(seat int) bool { return o.mayCastExiled(seat) }

// mayCastExiled reports whether seat has a permission to cast (or play)
// the exiled card.
func (o *Object) mayCastExiled(seat int) bool {
	return slices.ContainsFunc(o.MayCast, func(p Permission) bool { return p.Seat == seat })
}

// exileViews shows the exile zone to viewer: a card exiled face down is a
// placeholder for every player but those who may look at it (CR 406.3).
func (s *State) exileViews(v viewer) []ObjectView {
	out := make([]ObjectView, 0, len(s.Exile))
	for _, id := range s.Exile {
		o := s.Objects[id]
		if o.FaceDown && !v.all && !o.seesFaceDown(v.seat) {
			out = append(out, ObjectView{Hidden: true}) // no id, as in a hidden hand
			continue
		}
		out = append(out, s.objectView(id))
	}
	return out
}

// describeContinuous prints a continuous effect that begins: what it gives
// which objects, for how long, with the timestamp it gets.
func describeContinuous(s *State, e Effect) string {
	c := e.Cont
	if c == nil {
		return "continuous effect"
	}
	if c.Rule == RuleExiledUntil { // interp_exile_until.go
		return fmt.Sprintf("continuous effect %d: %s", s.Timestamp+1, describeExiledUntil(s, c))
	}
	if c.Rule == RuleExiledWith { // interp_linked_exile.go
		return fmt.Sprintf("continuous effect %d: %s", s.Timestamp+1, describeExiledWith(s, c))
	}
	var what []string
	what = append(what, c.AddSupertypes...)
	what = append(what, c.AddSubtypes...)
	what = append(what, c.AddKeywords...)
	if c.AnyColorMana {
		what = append(what, "{T}: Add one mana of any color")
	}
	if c.P != 0 || c.T != 0 {
		what = append(what, signed(c.P)+"/"+signed(c.T))
	}
	if c.Rule == RuleNoPrevention {
		what = append(what, "damage can't be prevented")
	}
	if c.Rule == RuleDiesExile {
		what = append(what, `"if it would die, exile it instead"`) // interp_replace_verb.go
	}
	if c.Rule == RulePlayerProtection && c.Controller >= 0 && c.Controller < len(s.Players) {
		what = append(what, s.Players[c.Controller].ID+" has protection from everything") // interp_player_protection.go
	}
	what = append(what, c.Table.describe()...) // table_state.go
	what = append(what, c.Becomes.describe()...)
	if c.Becomes != nil {
		what = append(what, describeGrants(s, c.Becomes.Grants)...) // interp_grant.go
	}
	var objs []string
	for _, id := range c.Objects {
		objs = append(objs, descObj(s, id))
	}
	from := descObj(s, c.Source)
	if c.Source == 0 {
		from = "the table" // table_run.go
	}
	line := fmt.Sprintf("continuous effect %d from %s", s.Timestamp+1, from)
	if len(objs) > 0 {
		line += ": " + strings.Join(objs, ", ") + " gets"
	} else {
		line += ":"
	}
	switch c.Until {
	case UntilLeaves:
		return line + " " + strings.Join(what, ", ") + " for as long as it remains on the battlefield"
	case UntilEndOfTurn:
		return line + " " + strings.Join(what, ", ") + " until end of turn"
	case "permanent":
		return line + " " + strings.Join(what, ", ") + " for the rest of the game" // the table's
	case "":
		return line + " " + strings.Join(what, ", ") + " indefinitely" // CR 611.2a
	}
	return line + " " + strings.Join(what, ", ") + " until " + strings.ReplaceAll(c.Until, "_", " ")
}

// grantorOf names the card that grants the Adventure named face.
func (s *State) grantorOf(face string) string {
	if c := s.pool.Grantor(face); c != nil {
		return c.Name
	}
	return "a card that grants it"
}

// endTurnPermissions ends the permissions that last "this turn" as a new
// turn begins.
func (g *Game) endTurnPermissions() {
	for _, kind := range []string{MayPlayThisTurn, MayCastThisTurn} { // MayCastThisTurn: interp_mayplay.go
		if g.S.anyExiledOrBuried(func(o *Object) bool { // graveyards: interp_mayplay.go
			return slices.ContainsFunc(o.MayCast, func(p Permission) bool { return p.Kind == kind })
		}) {
			g.emit(Effect{Op: OpEndPermissions, Kind: kind})
		}
	}
}

// playableLandsFromExile lists the exiled lands ref names that seat may
// play (Quintorius Kand's −6).
func (s *State) playableLandsFromExile(seat int, ref string) []ObjID {
	var out []ObjID
	var buf [8]ObjID                                                                    // on the stack: read here only
	for _, id := range s.matchRefIn(buf[:0], ref, s.Exile, s.Players[seat].Graveyard) { // graveyard: interp_mayplay.go
		o := s.Objects[id]
		if o.Is("Land") && slices.ContainsFunc(o.MayCast, func(p Permission) bool { return p.Seat == seat && playsAny(p.Kind) }) {
			out = append(out, id)
		}
	}
	return out
}

// abilityTargetKinds lists the kind of each of n targets of an activated
// ability.
func abilityTargetKinds(ab *cards.Activated, n int) []cards.TargetKind {
	if ab.AnyNumber && len(ab.Targets) > 0 {
		return slices.Repeat(ab.Targets[:1], n)
	}
	if n < len(ab.Targets) {
		return ab.Targets[:n]
	}
	return ab.Targets
}

// graveyards lists every card in every graveyard, in seat order.
// anyExiledOrBuried reports whether f holds for an exiled card or a card
// in a graveyard, looking through the zones without copying them.
func (s *State) anyExiledOrBuried(f func(*Object) bool) bool {
	for _, id := range s.Exile {
		if f(s.Objects[id]) {
			return true
		}
	}
	for _, p := range s.Players {
		for _, id := range p.Graveyard {
			if f(s.Objects[id]) {
				return true
			}
		}
	}
	return false
}

func (s *State) graveyards() []ObjID {
	var out []ObjID
	for _, p := range s.Players {
		out = append(out, p.Graveyard...)
	}
	return out
}
