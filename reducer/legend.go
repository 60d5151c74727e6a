package reducer

// The legend rule (CR 704.5j): a player who controls two or more legendary
// permanents with the same name chooses one and puts the rest into their
// owners' graveyards. It is checked with the other state-based actions
// before a player receives priority; the choice is a `choose` input
// answering with the id of the permanent to keep.

const whatLegendRule = "legend_rule"

// legendConflict returns the first group of same-named legendary
// permanents one player controls (in battlefield order), or nil.
func (g *Game) legendConflict() (controller int, ids []ObjID) {
	s := g.S
	if s.legendClean == s.changes+1 {
		if checkCaches {
			g.checkNoLegendConflict() // cache_check.go
		}
		return -1, nil // nothing it reads has changed since it last found none
	}
	defer func() {
		if ids == nil {
			s.legendClean = s.changes + 1
		}
	}()
	if ss := s.sources(); len(ss.legendary) < 2 && len(s.Continuous) == 0 && len(ss.lang) == 0 {
		// Only a card printed legendary can be legendary here (no effect
		// and no static adds the supertype), and fewer than two are.
		if checkCaches {
			g.checkNoLegendConflict() // cache_check.go
		}
		return -1, nil
	}
	return g.legendScan()
}

// legendScan looks at every legendary permanent for the legend rule: with
// no effect and no static to add the supertype, only the permanents the
// static sources list as legendary (in battlefield order) may be.
func (g *Game) legendScan() (controller int, ids []ObjID) {
	s := g.S
	field := s.Battlefield
	if ss := s.sources(); len(s.Continuous) == 0 && len(ss.lang) == 0 {
		field = ss.legendary
	}
	for i, a := range field {
		oa := s.Objects[a]
		if oa.Def == nil || !oa.IsLegendary() {
			continue
		}
		var group []ObjID
		for _, b := range field[i+1:] {
			ob := s.Objects[b]
			if ob.Controller == oa.Controller && ob.Def != nil && ob.Name() == oa.Name() && ob.IsLegendary() {
				if group == nil {
					group = []ObjID{a}
				}
				group = append(group, b)
			}
		}
		if len(group) > 1 {
			return oa.Controller, group
		}
	}
	return -1, nil
}

// askLegendRule asks the controller which legendary permanent to keep; Of
// remembers who was about to receive priority.
func (g *Game) askLegendRule(then int) bool {
	who, ids := g.legendConflict()
	if ids == nil {
		return false
	}
	opts := make([]string, len(ids))
	for i, id := range ids {
		opts[i] = id.String()
	}
	g.emit(Effect{Op: OpPriority, Seat: -1})
	g.ask(Question{Ask: AskChoose, Player: who, What: whatLegendRule, Options: opts, Of: then})
	return true
}

// keepLegend puts every option but the one kept into its owner's graveyard
// and goes on to priority.
func (g *Game) keepLegend(keep string) {
	q := g.S.Pending
	for _, opt := range q.Options {
		if opt == keep {
			continue
		}
		_, n, _ := parseID(opt)
		o := g.S.Obj(ObjID(n))
		g.move(o.ID, ZoneGraveyard, o.Owner, -1)
	}
	g.givePriority(q.Of, 0)
}

// legendAnswer maps the answer to the option it names: an object id, a
// card id, or a name (the first of the options by that name).
func (g *Game) legendAnswer(answer []string) (string, error) {
	q := g.S.Pending
	var ids []ObjID
	for _, opt := range q.Options {
		if _, n, ok := parseID(opt); ok {
			ids = append(ids, ObjID(n))
		}
	}
	if len(answer) == 1 {
		if m := g.S.matchRef(answer[0], ids); len(m) > 0 {
			return m[0].String(), nil
		}
	}
	return "", g.refuse("CR 704.5j", "body.answer", "answer one of %v: the one permanent to keep", q.Options)
}
