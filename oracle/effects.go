package oracle

import (
	"strings"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Effect clauses: one verb each, over the shared noun phrases. A clause's
// value is []ability.Effect (a search is three effects: search, put,
// shuffle).

func one(e ability.Effect) []ability.Effect { return []ability.Effect{e} }

func sel(v any) *ability.Selector {
	if v == nil {
		return nil
	}
	return v.(*ability.Selector)
}

func who(v any) *ability.PlayerRef {
	if v == nil {
		return nil
	}
	return v.(*ability.PlayerRef)
}

func amt(v any) *ability.Amount { return v.(*ability.Amount) }

// subject returns the effect's player: nil for "you" (the default).
func subject(v any) *ability.PlayerRef {
	r := who(v)
	if r != nil && r.Who == ability.You {
		return nil
	}
	return r
}

func addEffects(g *grammar) {
	// Amounts.
	g.add("amt", "<n>", func(v []any) any { return ability.Fixed(v[0].(int)) })
	g.add("amt", "x", func(v []any) any { return &ability.Amount{Var: "x"} })
	g.add("cards", "(a | an) card", func(v []any) any { return ability.Fixed(1) })
	g.add("cards", "<amt> cards", func(v []any) any {
		if n, ok := amt(v[0]).IsFixed(); ok && n < 2 {
			return nil
		}
		return v[0]
	})

	eff := func(nt, pat string, f func(v []any) ability.Effect) {
		g.add(nt, pat, func(v []any) any { return one(f(v)) })
	}

	// Damage (CR 120).
	eff("eff", "~ deals <amt> damage to <dto>", func(v []any) ability.Effect {
		return ability.Effect{Verb: ability.Damage, Amount: amt(v[0]), To: sel(v[1])}
	})
	g.add("eff", "<obj1> deals <amt> damage to <dto>", func(v []any) any {
		s := sourceSel(sel(v[0]))
		if s.Ref == ability.Self {
			return nil
		}
		return one(ability.Effect{Verb: ability.Damage, Source: s, Amount: amt(v[1]), To: sel(v[2])})
	})

	// Cards: draw, discard, mill (CR 121, 701.9, 701.17).
	eff("eff", "draw <cards>", func(v []any) ability.Effect { return ability.Effect{Verb: ability.Draw, Amount: amt(v[0])} })
	// A player's verb phrases ("draws two cards", "loses 2 life"), one
	// or two for one subject: "Target player draws two cards and loses 2
	// life."
	g.add("eff", "<who> <pv>", func(v []any) any { return withPlayer(subject(v[0]), effs(v[1])) })
	g.add("eff", "<who> <pv> and <pv>", func(v []any) any {
		return withPlayer(subject(v[0]), cat(effs(v[1]), effs(v[2])))
	})
	eff("pv", "draws <cards>", func(v []any) ability.Effect { return ability.Effect{Verb: ability.Draw, Amount: amt(v[0])} })
	eff("pv", "discards <some>", func(v []any) ability.Effect { return ability.Effect{Verb: ability.Discard, Object: sel(v[0])} })
	eff("pv", "mills <cards>", func(v []any) ability.Effect { return ability.Effect{Verb: ability.Mill, Amount: amt(v[0])} })
	eff("pv", "gains <amt> life", func(v []any) ability.Effect { return ability.Effect{Verb: ability.GainLife, Amount: amt(v[0])} })
	eff("pv", "loses <amt> life", func(v []any) ability.Effect { return ability.Effect{Verb: ability.LoseLife, Amount: amt(v[0])} })
	eff("pv", "sacrifices <some>", func(v []any) ability.Effect { return ability.Effect{Verb: ability.Sacrifice, Object: sel(v[0])} })
	eff("pv", "shuffles", func(v []any) ability.Effect { return ability.Effect{Verb: ability.Shuffle} })
	eff("pv", "scries <amt>", func(v []any) ability.Effect { return ability.Effect{Verb: ability.Scry, Amount: amt(v[0])} })
	eff("pv", "surveils <amt>", func(v []any) ability.Effect { return ability.Effect{Verb: ability.Surveil, Amount: amt(v[0])} })
	eff("eff", "discard <some>", func(v []any) ability.Effect {
		return ability.Effect{Verb: ability.Discard, Object: sel(v[0])}
	})
	g.add("eff", "mill <cards>", func(v []any) any {
		if n, ok := amt(v[0]).IsFixed(); ok && n == 1 {
			return nil // "mill a card" binds the card (rules_pool.go)
		}
		return one(ability.Effect{Verb: ability.Mill, Amount: amt(v[0])})
	})

	// Life (CR 119).
	eff("eff", "[you] gain <amt> life", func(v []any) ability.Effect { return ability.Effect{Verb: ability.GainLife, Amount: amt(v[0])} })
	eff("eff", "you lose <amt> life", func(v []any) ability.Effect { return ability.Effect{Verb: ability.LoseLife, Amount: amt(v[0])} })

	// Library manipulation.
	eff("eff", "scry <amt>", func(v []any) ability.Effect { return ability.Effect{Verb: ability.Scry, Amount: amt(v[0])} })
	eff("eff", "surveil <amt>", func(v []any) ability.Effect { return ability.Effect{Verb: ability.Surveil, Amount: amt(v[0])} })

	// Objects: counter, destroy, exile, tap, untap.
	for _, vb := range []struct {
		word string
		verb ability.Verb
	}{{"counter", ability.Counter}, {"destroy", ability.Destroy}, {"exile", ability.Exile}, {"tap", ability.Tap}, {"untap", ability.Untap}} {
		eff("eff", vb.word+" <obj>", func(v []any) ability.Effect { return ability.Effect{Verb: vb.verb, Object: sel(v[0])} })
	}

	// Zone moves.
	eff("eff", "return <obj> to (its owner 's hand | their owner ' hands | their owners ' hands)", func(v []any) ability.Effect {
		return ability.Effect{Verb: ability.Move, Object: sel(v[0]), Zone: ability.ZoneHand}
	})
	eff("eff", "return <obj> to your hand", func(v []any) ability.Effect {
		return ability.Effect{Verb: ability.Move, Object: sel(v[0]), Zone: ability.ZoneHand}
	})
	eff("eff", "return <obj> to the battlefield [<tapped>] under your control", func(v []any) ability.Effect {
		return ability.Effect{Verb: ability.Move, Object: sel(v[0]), Zone: ability.ZoneBattlefield, Tapped: v[1] != nil,
			Control: &ability.PlayerRef{Who: ability.You}}
	})
	eff("eff", "return <obj> to the battlefield [<tapped>]", func(v []any) ability.Effect {
		return ability.Effect{Verb: ability.Move, Object: sel(v[0]), Zone: ability.ZoneBattlefield, Tapped: v[1] != nil}
	})
	g.add("tapped", "tapped", nil)

	// Counters (CR 122).
	eff("eff", "put (a | an) <counterkind> counter on <obj>", func(v []any) ability.Effect {
		return ability.Effect{Verb: ability.PutCounters, Counter: v[0].(string), Amount: ability.Fixed(1), Object: sel(v[1])}
	})
	eff("eff", "put <amt> <counterkind> counters on <obj>", func(v []any) ability.Effect {
		return ability.Effect{Verb: ability.PutCounters, Counter: v[1].(string), Amount: amt(v[0]), Object: sel(v[2])}
	})

	// Pump (CR 611.2).
	eff("eff", "<obj1> gets <pt> until end of turn", func(v []any) ability.Effect {
		return ability.Effect{Verb: ability.Pump, Object: sel(v[0]), Mods: ptMods(v[1].(string)), Duration: ability.EndOfTurn}
	})
	eff("eff", "<objs> get <pt> until end of turn", func(v []any) ability.Effect {
		return ability.Effect{Verb: ability.Pump, Object: sel(v[0]), Mods: ptMods(v[1].(string)), Duration: ability.EndOfTurn}
	})
	eff("eff", "<obj1> gains <kwlist> until end of turn", func(v []any) ability.Effect {
		return ability.Effect{Verb: ability.Pump, Object: sel(v[0]), Mods: &ability.Mods{Keywords: v[1].([]string)}, Duration: ability.EndOfTurn}
	})
	eff("eff", "<objs> gain <kwlist> until end of turn", func(v []any) ability.Effect {
		return ability.Effect{Verb: ability.Pump, Object: sel(v[0]), Mods: &ability.Mods{Keywords: v[1].([]string)}, Duration: ability.EndOfTurn}
	})
	eff("eff", "<obj1> gets <pt> and gains <kwlist> until end of turn", func(v []any) ability.Effect {
		m := ptMods(v[1].(string))
		m.Keywords = v[2].([]string)
		return ability.Effect{Verb: ability.Pump, Object: sel(v[0]), Mods: m, Duration: ability.EndOfTurn}
	})
	eff("eff", "<objs> get <pt> and gain <kwlist> until end of turn", func(v []any) ability.Effect {
		m := ptMods(v[1].(string))
		m.Keywords = v[2].([]string)
		return ability.Effect{Verb: ability.Pump, Object: sel(v[0]), Mods: m, Duration: ability.EndOfTurn}
	})
	g.add("kwlist", "<kwname>", func(v []any) any { return []string{v[0].(string)} })
	g.add("kwlist", "<kwname> and <kwname>", func(v []any) any { return []string{v[0].(string), v[1].(string)} })
	g.add("kwlist", "<kwname> , <kwname> , and <kwname>", func(v []any) any {
		return []string{v[0].(string), v[1].(string), v[2].(string)}
	})

	// Sacrifice (CR 701.21).
	eff("eff", "sacrifice <some>", func(v []any) ability.Effect { return ability.Effect{Verb: ability.Sacrifice, Object: sel(v[0])} })
	eff("eff", "sacrifice ~", func(v []any) ability.Effect {
		return ability.Effect{Verb: ability.Sacrifice, Object: &ability.Selector{Ref: ability.Self}}
	})

	// Control (CR 613.1b).
	eff("eff", "gain control of <obj>", func(v []any) ability.Effect {
		return ability.Effect{Verb: ability.GainControl, Object: sel(v[0])}
	})
	eff("eff", "gain control of <obj> until end of turn", func(v []any) ability.Effect {
		return ability.Effect{Verb: ability.GainControl, Object: sel(v[0]), Duration: ability.EndOfTurn}
	})

	// Keyword actions done by a player.
	for _, ka := range []struct {
		word string
		verb ability.Verb
	}{{"investigate", ability.Investigate}, {"proliferate", ability.Proliferate}, {"populate", ability.Populate},
		{"venture into the dungeon", ability.Venture}} {
		eff("eff", ka.word, func(v []any) ability.Effect { return ability.Effect{Verb: ka.verb} })
	}
	for _, ka := range []struct {
		word string
		verb ability.Verb
	}{{"discover", ability.Discover}, {"earthbend", ability.Earthbend}, {"bolster", ability.Bolster}} {
		eff("eff", ka.word+" <amt>", func(v []any) ability.Effect { return ability.Effect{Verb: ka.verb, Amount: amt(v[0])} })
	}
	eff("eff", "shuffle", func(v []any) ability.Effect { return ability.Effect{Verb: ability.Shuffle} })
}

// sourceSel marks "it" as a damage source: the finishing pass reads it as
// the object itself when it dealt damage before, and refuses to guess
// otherwise.
func sourceSel(s *ability.Selector) *ability.Selector {
	if s.Ref == ability.Bound && strings.HasSuffix(s.Name, "|it") {
		c := *s
		c.Name += "-source"
		return &c
	}
	return s
}

// withPlayer sets the player of a subject's effects; "you" is the default.
func withPlayer(p *ability.PlayerRef, es []ability.Effect) []ability.Effect {
	return each(es, func(e *ability.Effect) { e.Player = p })
}

// ptMods reads "+3/+3", "-2/-0", "+X/+0" as a P/T change.
func ptMods(s string) *ability.Mods {
	p, t := splitPT(s)
	m := &ability.Mods{}
	if p.Var != "" {
		m.PAmount = p
	} else {
		m.P = p.N
	}
	if t.Var != "" {
		m.TAmount = t
	} else {
		m.T = t.N
	}
	return m
}
