package oracle

import (
	"regexp"
	"strings"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Quoted abilities (CR 113.1a): a token created "with "Sacrifice this
// token: Add {C}."" has that ability. The quoted text is compiled as a
// line of its own, exactly as a card's line is (one reading, printed
// back, valid), its "~" being the object that has it; the ability around
// it prints the quoted text as it reads.

// quoted compiles a quoted ability's text, or returns nil.
func quoted(text string) *ability.Ability {
	toks, err := lex(text)
	if err != nil {
		return nil
	}
	rs := newParser(rules(), toks).whole("line")
	if len(rs) != 1 {
		return nil
	}
	as := rs[0].([]*ability.Ability)
	if len(as) != 1 || as[0].Kind == ability.Keyword {
		return nil
	}
	a := *as[0]
	if finish(&a) != nil || checkPrint([]ability.Ability{a}, toks, unit{kind: unitLine, text: text}) != nil {
		return nil
	}
	a.Text = text
	if ability.Validate(&a, "ability") != nil {
		return nil
	}
	return &a
}

func addQuoted(g *grammar) {
	// "a 0/1 colorless Eldrazi Spawn creature token with "Sacrifice ~:
	// Add {C}."".
	g.add("eff", "<obj1> gains <quote>", func(v []any) any { return grant(v[0], v[1].(string), ability.Forever) })
	g.add("eff", "<obj1> gains <quote> until end of turn", func(v []any) any { return grant(v[0], v[1].(string), ability.EndOfTurn) })
	// "You get an emblem with "..."" (CR 114).
	g.add("eff", "you get an emblem with <quote>", func(v []any) any {
		if a := quoted(v[0].(string)); a != nil {
			return one(ability.Effect{Verb: ability.Emblem, Grant: []ability.Ability{*a}})
		}
		return nil
	})
	// "Enchanted land has "{T}: Add one mana of any color."" (layer 6).
	g.add("static", "<aff1> has <quote>", func(v []any) any { return grantStatic(v[0], v[1].(string)) })
	g.add("static", "<affs> have <quote>", func(v []any) any { return grantStatic(v[0], v[1].(string)) })
	g.add("tokwith", "with <quote>", func(v []any) any {
		if a := quoted(v[0].(string)); a != nil {
			return []ability.Ability{*a}
		}
		return nil
	})
}

// grant gives obj a quoted ability for a duration: "~ gains "{T}: Add
// {C}."" (for as long as it is on the battlefield, CR 611.2a).
func grant(obj any, text string, d ability.Duration) any {
	a := quoted(text)
	if a == nil {
		return nil
	}
	return one(ability.Effect{Verb: ability.Grant, Object: sel(obj), Grant: []ability.Ability{*a}, Duration: d})
}

// printGrant prints a grant of quoted abilities.
func printGrant(a *pctx, e *ability.Effect) string {
	if e.Mods != nil || len(e.Grant) == 0 {
		return unprintable
	}
	s := printSel(a, e.Object) + w("gains") + printQuoted(e.Grant)
	switch e.Duration {
	case ability.Forever:
		return s
	case ability.EndOfTurn:
		return s + w("until end of turn")
	}
	return unprintable
}

// printQuoted prints quoted abilities as their text reads.
func printQuoted(as []ability.Ability) string {
	var parts []string
	for i := range as {
		parts = append(parts, `"`+regexp.QuoteMeta(strings.ToLower(as[i].Text))+`" `)
	}
	return strings.Join(parts, w("and"))
}

// grantStatic is a static ability giving the affected objects a quoted
// ability.
func grantStatic(aff any, text string) any {
	a := quoted(text)
	if a == nil {
		return nil
	}
	return &ability.StaticEffect{Affected: sel(aff), Mods: &ability.Mods{Abilities: []ability.Ability{*a}}}
}
