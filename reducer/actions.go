package reducer

import (
	"slices"
	"strings"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Playing lands (CR 305), mana abilities (CR 605) and conceding (CR 104.3a).

func (g *Game) checkPlayLand(seat int, b *events.PlayLand) error {
	s := g.S
	if err := g.checkPriority(seat); err != nil {
		return err
	}
	var buf [8]ObjID // on the stack: the candidates are read here only
	cands := s.matchRefIn(buf[:0], b.Card, s.Players[seat].Hand)
	cands = append(cands, s.playableLandsFromExile(seat, b.Card)...)
	cands = append(cands, s.playableLandsFromTop(seat, b.Card)...) // interp_permissions.go
	if len(cands) == 0 {
		return g.refuse("CR 305.1", "body.card", "%q is not in %s's hand", b.Card, s.Players[seat].ID)
	}
	o := s.Objects[cands[0]]
	def, err := g.landFace(o, b.Face)
	if err != nil {
		return err
	}
	switch {
	case !def.Is("Land") && def == o.Def && o.Def.Back() != nil && o.Def.Layout == "modal_dfc" && o.Def.Back().Is("Land"):
		return g.refuse("CR 305.1", "body.face", "%s is not a land; its back %s is: name it in face", o.Name(), o.Def.Back().Name)
	case !def.Is("Land"):
		return g.refuse("CR 305.1", "body.card", "%s is not a land", def.Name)
	case s.Active != seat:
		return g.refuse("CR 305.1", "", "it is %s's turn", s.Players[s.Active].ID)
	case s.Step != StepMain1 && s.Step != StepMain2:
		return g.refuse("CR 305.1", "", "lands are played in a main phase, not %s", s.Step)
	case len(s.Stack) > 0:
		return g.refuse("CR 305.1", "", "the stack is not empty")
	case s.Players[seat].LandsPlayed >= 1+g.extraLands(seat):
		if n := s.Players[seat].LandsPlayed; n > 1 {
			return g.refuse("CR 305.2", "", "%s has played %d lands this turn already, as many as they may", s.Players[seat].ID, n)
		}
		return g.refuse("CR 305.2", "", "%s has played a land this turn already", s.Players[seat].ID)
	case !landModelled(o, def) && !g.tableCovers(def.Name):
		return g.refuse("CARD-CODE", "body.card", "%s's rules text is not modelled yet", def.Name)
	}
	g.remember(b).land = cands[0] // for doPlayLand (plan_memo.go)
	return nil
}

// landFace is the face of o a play_land plays: face, which must be one of
// a modal DFC's faces (its back is played with only its own
// characteristics, CR 712), or o's usual face.
func (g *Game) landFace(o *Object, face string) (*cards.Card, error) {
	if face == "" || face == o.Def.Name && o.Def.Layout != "modal_dfc" {
		return o.Def, nil
	}
	f := o.Def.Face(face)
	switch {
	case o.Def.Layout != "modal_dfc":
		return nil, g.refuse("CR 712", "body.face", "%s is not a modal double-faced card: it is played as itself", o.Name())
	case f == nil:
		return nil, g.refuse("CR 712", "body.face", "%s has no face named %q", o.Name(), face)
	case f == o.Def.Faces[0]:
		return o.Def, nil
	}
	return f, nil
}

// landModelled: the face played must be modelled; a modal DFC's other
// face never matters to the land.
func landModelled(o *Object, def *cards.Card) bool {
	if o.Def.Layout == "modal_dfc" && len(o.Def.Faces) > 0 {
		if def == o.Def {
			def = o.Def.Faces[0]
		}
		return modelled(def)
	}
	return modelled(o.Def)
}

func (g *Game) doPlayLand(seat int, b *events.PlayLand) {
	var id ObjID
	if m, ok := g.recall(b); ok {
		id = m.land
	} else {
		var buf [8]ObjID
		id = append(append(g.S.matchRefIn(buf[:0], b.Card, g.S.Players[seat].Hand), g.S.playableLandsFromExile(seat, b.Card)...), g.S.playableLandsFromTop(seat, b.Card)...)[0]
	}
	def, _ := g.landFace(g.S.Objects[id], b.Face)
	table := !landModelled(g.S.Objects[id], def)
	nid := g.moveQuiet(id, ZoneBattlefield, seat, -1)
	if def != g.S.Objects[nid].Def {
		g.turnFace(nid, def.Name) // played by its back (CR 712)
	}
	if table {
		g.tableHook() // it may enter tapped, ... (table.go)
	}
	if o := g.S.Obj(nid); o != nil && o.Zone == ZoneBattlefield {
		g.entered(nid)
	}
	g.emit(Effect{Op: OpLandPlayed, Seat: seat})
	if o := g.S.Obj(nid); o != nil && o.Zone == ZoneBattlefield {
		g.fire(triggerPlaysLand, nid, seat) // interp_tapped.go
	}
	g.acted(seat)
}

// manaChoice is one way to activate: the permanent and its ability.
type manaChoice struct {
	obj ObjID
	// ability is the ability in the list its permanent had as it was
	// checked (the card's own, shared: read only). Not copied: a choice
	// is handed from the check to execute through the plan memo.
	ability *cards.ManaAbility
	color   cards.Color
	defined bool  // a colour was chosen from a defined set (mana.go)
	other   ObjID // a permanent the cost taps (relic.go)
	// A language mana ability (interp_mana.go): its cost as planned (the
	// mana it spends, the objects it takes), and the form of "{U} or {R}"
	// chosen.
	pay  *costPlan
	form []cards.Color
	// src is the source as it was before the cost was paid: a cost may
	// sacrifice it ("Sacrifice a Goblin" paid with itself).
	src *Object
}

func (g *Game) checkActivate(seat int, b *events.Activate) error {
	if err := g.checkPriority(seat); err != nil {
		return err
	}
	if b.Special != "" {
		_, err := g.planSpecial(seat, b) // interp_plot.go
		return err
	}
	if g.tableActivation(seat, b) != 0 {
		return nil // the table supplies an unmodelled ability (table_generic.go)
	}
	mc, handled, err := g.manaByID(seat, b)
	if !handled {
		if p, found, err := g.planAbility(seat, b); found {
			if err == nil {
				m := g.remember(b) // plan_memo.go
				m.abil, m.found = p, true
			}
			return err
		}
		mc, err = g.findManaAbility(seat, b)
	}
	if err == nil {
		m := g.remember(b)
		m.mana, m.found = mc, false
	}
	return err
}

// manaByID checks an input that names a permanent by its object id ("o12",
// as the legal actions and the logs written from them do) and, on it, an
// ability that is no ability planAbility plans: a mana ability, or none.
// Such an input names one candidate, so planAbility would find nothing
// and findManaAbility would check that one object: the ability is looked
// up once here instead, with the same answer. handled is false for any
// other input, which goes the long way.
func (g *Game) manaByID(seat int, b *events.Activate) (mc manaChoice, handled bool, err error) {
	s := g.S
	kind, n, isID := parseID(b.Source)
	if !isID || kind != 'o' || int(n) >= len(s.Objects) {
		return manaChoice{}, false, nil
	}
	id := ObjID(n)
	o := s.Objects[id]
	if o == nil || o.Zone != ZoneBattlefield || !slices.Contains(s.Battlefield, id) {
		return manaChoice{}, false, nil
	}
	eb, named := o.engineActivate(b) // ability_refs.go
	if named && (langActivated(o, eb.Ability) != nil || o.Def.ActivatedOf(eb.Ability) != nil) {
		return manaChoice{}, false, nil // planAbility's
	}
	mc, err = g.manaAbilityAs(seat, id, b, eb, named)
	return mc, true, err
}

// findManaAbility picks the first permanent named by the input whose mana
// ability can be activated now.
func (g *Game) findManaAbility(seat int, b *events.Activate) (manaChoice, error) {
	s := g.S
	if err := g.checkPriority(seat); err != nil {
		return manaChoice{}, err
	}
	var buf, hand [4]ObjID
	cands := s.matchRefIn(buf[:0], b.Source, s.Battlefield)
	if seat >= 0 && seat < len(s.Players) {
		// Cards in the hand whose mana abilities work there (interp_handmana.go).
		for _, id := range s.matchRefIn(hand[:0], b.Source, s.Players[seat].Hand) {
			if len(s.Objects[id].manaAbilitiesOf()) > 0 {
				cands = append(cands, id)
			}
		}
	}
	if len(cands) == 0 {
		return manaChoice{}, g.refuse("CR 602.2", "body.source", "%q is not a permanent on the battlefield", b.Source)
	}
	var first error
	for _, id := range cands {
		mc, err := g.manaAbilityOf(seat, id, b)
		if err == nil {
			return mc, nil
		}
		if first == nil {
			first = err
		}
	}
	return manaChoice{}, first
}

func (g *Game) manaAbilityOf(seat int, id ObjID, named *events.Activate) (manaChoice, error) {
	b, ok := g.S.Objects[id].engineActivate(named) // ability_refs.go
	return g.manaAbilityAs(seat, id, named, b, ok)
}

// manaAbilityAs is manaAbilityOf with named already read for id's object
// (engineActivate's b and ok).
func (g *Game) manaAbilityAs(seat int, id ObjID, named, b *events.Activate, ok bool) (manaChoice, error) {
	o := g.S.Objects[id]
	if !ok {
		return manaChoice{}, g.refuse("CR 602.1", "body.ability_text", "%s has no activated ability %q: %s", g.S.objName(id), named.AbilityText, o.abilityList())
	}
	if o.Controller != seat {
		return manaChoice{}, g.refuse("CR 602.2", "body.source", "%s is controlled by %s", g.S.objName(id), g.S.Players[o.Controller].ID)
	}
	var ab *cards.ManaAbility
	abs := o.manaAbilitiesOf() // read only: it may be the card's own list
	for i := range abs {
		if abs[i].Index == b.Ability {
			ab = &abs[i]
		}
	}
	if ab == nil && o.Zone == ZoneBattlefield && g.handManaIndex(o, b.Ability) { // interp_handmana.go
		return manaChoice{}, g.refuse("CR 113.6m", "body.ability", "%s's ability %d functions only from its owner's hand", g.S.objName(id), named.Ability)
	}
	if ab == nil {
		if !modelled(o.Def) {
			return manaChoice{}, g.refuse("CARD-CODE", "body.ability", "%s's rules text is not modelled yet", o.Name())
		}
		return manaChoice{}, g.refuse("CR 602.1", "body.ability", "%s has no activated ability %d: %s", g.S.objName(id), named.Ability, o.abilityList())
	}
	if ab.Tap {
		if o.Tapped {
			return manaChoice{}, g.refuse("CR 602.2", "body.source", "%s is tapped: {T} can't be paid (MANA-6)", g.S.objName(id))
		}
		if o.Sick && o.Is("Creature") && !o.Has("Haste") {
			return manaChoice{}, g.refuse("CR 302.6", "body.source", "%s has summoning sickness: its {T} ability can't be activated (MANA-6)", g.S.objName(id))
		}
	}
	// A mana ability has no targets (CR 605.1a) and here no mana cost:
	// input it doesn't use is refused, not silently dropped from the log.
	switch {
	case len(b.Targets) > 0:
		return manaChoice{}, g.refuse("CR 605.1a", "body.targets", "%s's mana ability has no targets", g.S.objName(id))
	case b.X != 0:
		return manaChoice{}, g.refuse("CR 602.2b", "body.x", "%s's mana ability has no X in its cost", g.S.objName(id))
	case len(b.Pay) > 0 && ab.Lang == nil:
		return manaChoice{}, g.refuse("CR 602.2b", "body.pay", "%s's mana ability has no mana cost to pay", g.S.objName(id))
	case !ab.AnyColor && ab.Among == "" && len(ab.OneOf) == 0 && b.Choice != "":
		return manaChoice{}, g.refuse("CR 605.3", "body.choice", "%s's mana ability adds fixed mana: there is no colour to choose", g.S.objName(id))
	}
	other, err := g.tapOtherCost(seat, o, ab, b) // relic.go
	if err != nil {
		return manaChoice{}, err
	}
	if why := g.activationForbidden(o, true); why != "" { // CR 101.2 (interp_rules.go)
		return manaChoice{}, g.refuse("CR 101.2", "body.source", "%s", why)
	}
	mc := manaChoice{obj: id, ability: ab, other: other}
	if ab.Lang != nil {
		pay, err := g.checkLangManaCost(seat, o, ab, b) // interp_mana.go
		if err != nil {
			return manaChoice{}, err
		}
		mc.pay = pay
	}
	if len(ab.OneOf) > 0 {
		var forms []string
		for _, f := range ab.OneOf {
			if formLetters(f) == b.Choice {
				mc.form = f
				return mc, nil
			}
			forms = append(forms, formLetters(f))
		}
		return manaChoice{}, g.refuse("CR 605.3", "body.choice", "choose the mana: one of %s", strings.Join(forms, ", "))
	}
	if ab.AnyColor {
		col, ok := cards.ParseColor(b.Choice)
		if !ok || col == cards.Colorless {
			return manaChoice{}, g.refuse("CR 605.3", "body.choice", "choose the colour of mana: W, U, B, R or G")
		}
		mc.color, mc.defined = col, true
	} else if ab.Among != "" {
		return g.chooseAmong(mc, o, b.Choice)
	}
	return mc, nil
}

func (g *Game) doActivate(seat int, b *events.Activate) {
	if b.Special != "" {
		g.doSpecial(seat, b) // interp_plot.go
		return
	}
	if g.tableActivation(seat, b) != 0 {
		g.tableHook() // its costs and effects are the table's (table.go)
		g.acted(seat)
		return
	}
	var mc manaChoice
	if m, ok := g.recall(b); ok { // plan_memo.go
		if m.found {
			g.doAbility(seat, m.abil, b.X)
			return
		}
		mc = m.mana
	} else {
		if p, found, _ := g.planAbility(seat, b); found {
			g.doAbility(seat, p, b.X)
			return
		}
		mc, _ = g.findManaAbility(seat, b)
	}
	mc.src = g.S.Objects[mc.obj]
	if mc.ability.Tap {
		g.tapPermanent(mc.obj)
	}
	if mc.other != 0 {
		g.tapPermanent(mc.other) // relic.go
	}
	if mc.ability.Lang != nil {
		g.payLangManaCost(seat, mc.obj, mc.ability, mc.pay) // interp_mana.go
	}
	src := mc.src
	g.produce(seat, mc) // mana.go
	if mc.ability.Lang != nil {
		g.finishLangMana(seat, src, mc.ability)
	}
	g.acted(seat)
}

func (g *Game) checkConcede(b *events.Concede) error {
	seat := g.S.Seat(b.Player)
	if seat < 0 {
		return g.refuse(events.RuleActor, "body.player", "%q is not a player of this match", b.Player)
	}
	if g.S.Players[seat].Lost {
		return g.refuse("CR 104.3a", "body.player", "%s has lost this game already", b.Player)
	}
	return nil
}

func (g *Game) doConcede(seat int) {
	g.emit(Effect{Op: OpLose, Seat: seat, Kind: "conceded (CR 104.3a)"})
}
