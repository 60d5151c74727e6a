package oracle

import (
	"slices"
	"strconv"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Classes (CR 716): "{3}{U}: Level 2" is the Class's level keyword
// ability (CR 716.2a), and the abilities printed after it are the
// Class's only from that level on (CR 716.2b).

func addClass(g *grammar) {
	g.add("line", "<mana> : level <n>", func(v []any) any {
		if v[1].(int) < 2 {
			return nil
		}
		return []*ability.Ability{{Kind: ability.Keyword, Keyword: &ability.KeywordAbility{Name: "Level", N: v[1].(int),
			Cost: &ability.Cost{Mana: v[0].(string)}}}}
	})
}

// classLevels gives each ability of a Class face after a level line that
// level. Other faces are left as they are.
func classLevels(f *Face, as []ability.Ability) {
	if !slices.Contains(f.Subtypes, "Class") {
		return
	}
	level := 0
	for i := range as {
		if k := as[i].Keyword; k != nil && k.Name == "Level" {
			level = k.N
			continue
		}
		as[i].Level = level
	}
}

// printLevel prints a level keyword ability: "{3}{U}: Level 2".
func printLevel(k *ability.KeywordAbility) string {
	if k.Cost == nil || *k.Cost != (ability.Cost{Mana: k.Cost.Mana}) || k.Cost.Mana == "" || k.N < 2 {
		return unprintable
	}
	return w(k.Cost.Mana) + w(":") + w("level") + w(strconv.Itoa(k.N))
}
