package oracle

import (
	"strconv"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Templates of the engine's first pool (and of many other cards): mana of
// a type a land could produce, triggers of tapping for mana, divided
// damage, copies, casting as though it had flash or from the top of a
// library, characteristic-defining power and toughness.

func addPoolRules(g *grammar) {
	// Mana from a set a rule defines (CR 106.7).
	among := func(pat, set string) {
		g.add("manaspec", pat, func(v []any) any { return &ability.ManaSpec{Among: set, Amount: ability.Fixed(1)} })
	}
	among("one mana of any color that a land an opponent controls could produce", "opponent_lands")
	among("one mana of any type that a land you control could produce", "your_lands")
	among("one mana of any color among legendary creatures and planeswalkers you control", "legendary")
	among("one mana of any type that land produced", "produced")
	among("one mana of the chosen color", "chosen")
	g.add("eff", "add an additional <manaspec>", func(v []any) any {
		return one(ability.Effect{Verb: ability.AddMana, Mana: v[0].(*ability.ManaSpec)})
	})
	g.add("pv", "adds <manaspec>", func(v []any) any { return one(ability.Effect{Verb: ability.AddMana, Mana: v[0].(*ability.ManaSpec)}) })

	// Tapping for mana (CR 605.1b: such a trigger is a mana ability).
	g.add("trig", "whenever you tap (a | an) <desc> for mana", func(v []any) any {
		return &ability.Trigger{Event: ability.TappedForMana, Player: "you", Subject: filt(v[0])}
	})
	g.add("trig", "whenever (enchanted | equipped) <core> is tapped for mana", func(v []any) any {
		return &ability.Trigger{Event: ability.TappedForMana, Attached: true, Subject: filt(v[0])}
	})
	g.add("pv", "adds an additional <manaspec>", func(v []any) any {
		return one(ability.Effect{Verb: ability.AddMana, Mana: v[0].(*ability.ManaSpec)})
	})
	g.add("trig", "whenever a player taps (a | an) <desc> for mana", func(v []any) any {
		return &ability.Trigger{Event: ability.TappedForMana, Subject: filt(v[0])}
	})
	g.add("trig", "whenever an opponent taps (a | an) <desc> for mana", func(v []any) any {
		return &ability.Trigger{Event: ability.TappedForMana, Player: "opponent", Subject: filt(v[0])}
	})
	g.add("trig", "whenever (a | an) <counterkind> counter is put on ~", func(v []any) any {
		return &ability.Trigger{Event: ability.CounterPut, Self: true, Counter: v[0].(string)}
	})

	// Regeneration (CR 701.19).
	g.add("eff", "regenerate <obj>", func(v []any) any { return one(ability.Effect{Verb: ability.Regenerate, Object: sel(v[0])}) })

	// Casting permissions.
	g.add("static", "you may cast <descs> as though they had flash", func(v []any) any {
		f := spellFilter(filt(v[0]))
		if f == nil {
			return nil
		}
		return &ability.StaticEffect{Rule: ability.AsThoughFlash, Player: "you", Filter: f}
	})
	g.add("static", "you may cast <descs> from the top of your library", func(v []any) any {
		f := spellFilter(filt(v[0]))
		if f == nil {
			return nil
		}
		return &ability.StaticEffect{Rule: ability.CastFromTop, Player: "you", Filter: f}
	})
	g.add("static", "<descs> you control can't be countered", func(v []any) any {
		f := spellFilter(filt(v[0]))
		if f == nil {
			return nil
		}
		f.Controller = "you"
		return &ability.StaticEffect{Rule: ability.CantBeCountered, Filter: f}
	})

	// Colour changes: "Target creature becomes blue until end of turn."
	g.add("eff", "<obj1> becomes <color> until end of turn", func(v []any) any {
		return one(ability.Effect{Verb: ability.Pump, Object: sel(v[0]), Mods: &ability.Mods{Colors: []string{v[1].(string)}}, Duration: ability.EndOfTurn})
	})

	// Divided damage (CR 601.2d).
	g.add("eff", "~ deals <amt> damage divided as you choose among <@> one or two targets", func(v []any) any {
		t := anyTarget()
		t.Max, t.Divided = 2, true
		return one(ability.Effect{Verb: ability.DivideDamage, Amount: amt(v[0]), To: targetSel(v[1].(at), t)})
	})
	g.add("eff", "~ deals <amt> damage divided as you choose among <@> any number of targets", func(v []any) any {
		t := anyTarget()
		t.Min, t.Max, t.Divided = 0, -1, true
		return one(ability.Effect{Verb: ability.DivideDamage, Amount: amt(v[0]), To: targetSel(v[1].(at), t)})
	})

	// Tokens for each: "create a 1/1 ... token with flying for each +1/+1
	// counter on ~".
	g.add("eff", "create (a | an) <tokdesc> token [<tokwith>] <foreach>", func(v []any) any {
		return one(ability.Effect{Verb: ability.CreateToken, Amount: amt(v[2]), Token: tokenWith(v[0].(*ability.Token), v[1])})
	})

	// Copies (CR 707): "Copy target instant or sorcery spell. You may
	// choose new targets for the copy."
	g.add("body", "copy <obj1> . you may choose new targets for the copy .", func(v []any) any {
		return one(ability.Effect{Verb: ability.Copy, Object: sel(v[0])})
	})
	g.add("eff", "create a token that's a copy of <obj1>", func(v []any) any {
		return one(ability.Effect{Verb: ability.CreateToken, Token: &ability.Token{Copy: sel(v[0])}})
	})

	// "Until your next turn, up to one target creature gains vigilance and
	// reach."
	g.add("eff", "until your next turn , <obj1> gains <kwlist>", func(v []any) any {
		return one(ability.Effect{Verb: ability.Pump, Object: sel(v[0]), Mods: &ability.Mods{Keywords: v[1].([]string)}, Duration: ability.YourNextTurn})
	})
	// "Creatures you control gain indestructible until end of turn."
	g.add("eff", "<bare> gain <kwlist> until end of turn", func(v []any) any {
		return one(ability.Effect{Verb: ability.Pump, Object: sel(v[0]), Mods: &ability.Mods{Keywords: v[1].([]string)}, Duration: ability.EndOfTurn})
	})
	g.add("eff", "<bare> get <pt> until end of turn", func(v []any) any {
		return one(ability.Effect{Verb: ability.Pump, Object: sel(v[0]), Mods: ptMods(v[1].(string)), Duration: ability.EndOfTurn})
	})

	// Tapping chosen permanents as an effect (Caparocti Sunborn).
	g.add("eff", "tap <some>", func(v []any) any { return one(ability.Effect{Verb: ability.Tap, Object: sel(v[0])}) })

	// A library position: "into its owner's library second from the top".
	g.add("eff", "put <obj1> into its owner 's library <ordinal> from the top", func(v []any) any {
		return one(ability.Effect{Verb: ability.Move, Object: sel(v[0]), Zone: ability.ZoneLibrary, Position: ability.Position(v[1].(string))})
	})
	for i, w := range []string{"second", "third", "fourth"} {
		n := strconv.Itoa(i + 2)
		g.add("ordinal", w, func(v []any) any { return n })
	}

	// "~ can't attack unless you control a 1/1 creature."
	g.add("static", "<aff1> can't attack unless <cond>", func(v []any) any {
		return &ability.StaticEffect{Affected: sel(v[0]), Mods: &ability.Mods{Rules: []ability.Rule{ability.AttackUnless}}, If: v[1].(*ability.Condition)}
	})
	// "1/1 creature": exact power and toughness.
	g.add("adj", "<pt>", func(v []any) any {
		p, t := splitPT(v[0].(string))
		s := v[0].(string)
		if p.Var != "" || t.Var != "" || s[0] == '+' || s[0] == '-' {
			return nil
		}
		return &ability.Filter{Power: &ability.Compare{Op: "==", Amount: *p}, Toughness: &ability.Compare{Op: "==", Amount: *t}}
	})

	// Characteristic-defining power and toughness (CR 604.3).
	g.add("static", "~ 's power and toughness are each equal to the number of <descs>", func(v []any) any {
		n := &ability.Amount{Var: "count", Count: filt(v[0])}
		return &ability.StaticEffect{Affected: &ability.Selector{Ref: ability.Self}, Mods: &ability.Mods{SetPAmount: n, SetTAmount: n, CDA: true}}
	})
}

func addBatch5(g *grammar) {
	// "Target creature blocks this turn if able."
	g.add("eff", "<obj1> blocks this turn if able", func(v []any) any {
		return one(ability.Effect{Verb: ability.Pump, Object: sel(v[0]), Mods: &ability.Mods{Rules: []ability.Rule{ability.MustBlock}}, Duration: ability.EndOfTurn})
	})
	// "artifacts, creatures, and planeswalkers".
	g.add("tcores", "<types> , <types> , and <types>", func(v []any) any {
		return &ability.Filter{Types: []string{v[0].(string), v[1].(string), v[2].(string)}}
	})
	// "Nonbasic lands your opponents control enter tapped."
	g.add("repl", "<descs> enter tapped .", func(v []any) any {
		f := filt(v[0])
		if f.Zone != "" {
			return nil
		}
		return &ability.ReplaceEffect{Event: ability.ReplEnters, Subject: f, Tapped: true}
	})
	// "If a card or token would be put into a graveyard from anywhere,
	// exile it instead."
	g.add("repl", "if a card or token would be put into a graveyard from anywhere , exile it instead .", func(v []any) any {
		return &ability.ReplaceEffect{Event: ability.ReplToGraveyard, To: ability.ZoneExile}
	})
	// "You may play that card this turn."
	g.add("eff", "you may play <obj> this turn", func(v []any) any {
		return one(ability.Effect{Verb: ability.MayPlay, Object: sel(v[0]), Duration: ability.ThisTurn})
	})
	g.add("eff", "mill a card <@>", func(v []any) any {
		return one(ability.Effect{Verb: ability.Mill, Amount: ability.Fixed(1), Bind: bindName(v[0].(at), "milled")})
	})
}

func addBatch6(g *grammar) {
	// "Enchant player" (CR 702.5, 303.4).
	g.add("kw", "enchant player", func(v []any) any {
		return kwAbility(ability.KeywordAbility{Name: "Enchant", Text: "player"})
	})
	// "When ~ enters, attach it to target creature you control."
	g.add("eff", "attach <obj1> to <obj1>", func(v []any) any {
		o := sel(v[0])
		if o.Ref != ability.Self && !(o.Ref == ability.Bound) {
			return nil
		}
		return one(ability.Effect{Verb: ability.Attach, Object: o, To: sel(v[1])})
	})
	// "Enchanted creature doesn't untap during its controller's untap
	// step."
	g.add("static", "<aff1> doesn't untap during its controller 's untap step", func(v []any) any {
		if sel(v[0]).Ref != ability.Attached {
			return nil
		}
		return &ability.StaticEffect{Affected: sel(v[0]), Mods: &ability.Mods{Rules: []ability.Rule{ability.DoesntUntap}}}
	})
}
