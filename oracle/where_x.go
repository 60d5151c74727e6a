package oracle

import (
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"strings"

	"github.com/chronicle-mtg/chronicle/ability"
)

// "..., where X is ...": a sentence that writes an amount X and says after
// what X is ("put X +1/+1 counters on each creature you control, where X
// is ~'s power"; "gets +X/+X until end of turn, where X is the number of
// Elves on the battlefield"). Each X of the sentence becomes that amount,
// marked WhereX. Printing back checks the definition by printing it, and
// the rest of the sentence with X written X.

func addWhereX(g *grammar) {
	g.add("sent", "<clauses> , where x is <xdef> .", func(v []any) any {
		es := cloneEffects(effs(v[0]))
		if substituteX(es, amt(v[1])) == 0 {
			return nil
		}
		return es
	})
	g.add("sent", "if you do , <clauses> , where x is <xdef> .", func(v []any) any {
		es := cloneEffects(effs(v[0]))
		if substituteX(es, amt(v[1])) == 0 {
			return nil
		}
		return each(es, func(e *ability.Effect) { e.If = &ability.Condition{Kind: ability.CondDid} })
	})
	// "Exile up to X target cards from graveyards."
	g.add("objs", "<@> up to x target <descs>", func(v []any) any {
		return targetSel(v[0].(at), ability.Target{Min: 0, Max: 0, MaxX: true, Filter: filt(v[1])})
	})
	g.add("xdef", "the number of <descs>", func(v []any) any { return &ability.Amount{Var: "count", Count: filt(v[0])} })
	g.add("xdef", "<n> plus the number of <descs>", func(v []any) any {
		return &ability.Amount{N: v[0].(int), Var: "count", Count: filt(v[1])}
	})
	for _, st := range []struct{ words, v string }{{"power", "power"}, {"toughness", "toughness"}, {"mana value", "mana_value"}} {
		g.add("xdef", "<objpos> "+st.words, func(v []any) any { return &ability.Amount{Var: st.v, Of: sel(v[0])} })
	}
}

// cloneEffects deep-copies effects: parse values are shared between
// readings and must not change.
func cloneEffects(es []ability.Effect) []ability.Effect {
	b, err := json.Marshal(es)
	if err != nil {
		panic("oracle: effects don't encode: " + err.Error())
	}
	var out []ability.Effect
	if err := json.Unmarshal(b, &out); err != nil {
		panic("oracle: effects don't decode: " + err.Error())
	}
	return out
}

func cloneAmount(a *ability.Amount) *ability.Amount {
	es := cloneEffects([]ability.Effect{{Amount: a}})
	return es[0].Amount
}

var amountType = reflect.TypeOf(ability.Amount{})

// isPlainX: the amount is X alone.
func isPlainX(a *ability.Amount) bool {
	return a.Var == "x" && a.N == 0 && a.Times == 0 && a.Half == "" && !a.WhereX
}

// substituteX replaces each plain X amount in es by a copy of def marked
// WhereX, and says how many it replaced.
func substituteX(es []ability.Effect, def *ability.Amount) int {
	n := 0
	sub := func(a *ability.Amount) {
		if isPlainX(a) {
			*a = *cloneAmount(def)
			a.WhereX = true
			n++
		}
	}
	eachAmount(reflect.ValueOf(es), sub)
	// Target slots are still keys holding their Target (nouns.go).
	rekey := func(key string) string {
		if !strings.HasPrefix(key, "#") {
			return key
		}
		t := targetOf(key)
		before := n
		eachAmount(reflect.ValueOf(&t), sub)
		if n == before {
			return key
		}
		b, _ := json.Marshal(t)
		return key[:strings.IndexByte(key, '|')+1] + string(b)
	}
	for i := range es {
		walk(reflect.ValueOf(&es[i]).Elem(), func(x reflect.Value) {
			switch y := x.Addr().Interface().(type) {
			case *ability.Selector:
				if y.Ref == ability.TargetRef {
					y.Name = rekey(y.Name)
				}
			case *ability.PlayerRef:
				if y.Who == ability.TargetPlayer {
					y.Name = rekey(y.Name)
				}
			}
		})
	}
	return n
}

// eachAmount calls f with every Amount inside v (pointers and values).
func eachAmount(v reflect.Value, f func(a *ability.Amount)) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			eachAmount(v.Elem(), f)
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			eachAmount(v.Index(i), f)
		}
	case reflect.Struct:
		if v.Type() == amountType && v.CanAddr() {
			f(v.Addr().Interface().(*ability.Amount))
			return
		}
		for i := 0; i < v.NumField(); i++ {
			eachAmount(v.Field(i), f)
		}
	}
}

// printXDef prints what X is.
func printXDef(a *ability.Amount) string {
	switch {
	case a.Var == "count" && a.Count != nil && a.Times == 0 && a.Of == nil && a.Player == nil && a.Half == "":
		plus := ""
		if a.N != 0 {
			plus = w(fmt.Sprint(a.N)) + w("plus")
		}
		return plus + w("the number of") + printDescs(a.Count, "")
	case a.Of != nil && a.N == 0 && a.Times == 0 && a.Half == "":
		stat := map[string]string{"power": "power", "toughness": "toughness", "mana_value": "mana value"}[a.Var]
		if stat == "" {
			return unprintable
		}
		of := alt(w("its"), w("that creature's"))
		if a.Of.Ref == ability.Self {
			of = alt(w("~'s"), w("its"))
		}
		return of + w(stat)
	}
	return unprintable
}

// whereX takes the "where X is" clause out of a unit's canonical text for
// printing back: it returns the abilities with each WhereX amount written
// X again and the text without the clause, or an error when the clause
// doesn't say what the amounts are. Abilities without WhereX amounts come
// back as they are.
func whereX(as []ability.Ability, text string) ([]ability.Ability, string, error) {
	var def *ability.Amount
	same := true
	for i := range as {
		eachAmount(reflect.ValueOf(&as[i]), func(a *ability.Amount) {
			if !a.WhereX {
				return
			}
			c := *a
			c.WhereX = false
			if def == nil {
				def = &c
			} else if !reflect.DeepEqual(*def, c) {
				same = false
			}
		})
	}
	if def == nil {
		return as, text, nil
	}
	if !same {
		return nil, "", fmt.Errorf("two different amounts are X")
	}
	const clause = ", where x is "
	k := strings.Index(text, clause)
	if k < 0 || strings.Count(text, clause) > 1 {
		return nil, "", fmt.Errorf("an amount is X with no one \"where X is\"")
	}
	end := strings.Index(text[k:], ". ")
	if end < 0 {
		return nil, "", fmt.Errorf("\"where X is\" ends no sentence")
	}
	re, err := regexp.Compile("^" + printXDef(def) + "$")
	if err != nil {
		return nil, "", fmt.Errorf("printer: %v", err)
	}
	if got := text[k+len(clause) : k+end]; !re.MatchString(got) {
		return nil, "", fmt.Errorf("prints back differently: where X is %s", strings.TrimSpace(sample(printXDef(def))))
	}
	out := make([]ability.Ability, len(as))
	for i := range as {
		b, _ := json.Marshal(&as[i])
		if err := json.Unmarshal(b, &out[i]); err != nil {
			return nil, "", err
		}
		eachAmount(reflect.ValueOf(&out[i]), func(a *ability.Amount) {
			if a.WhereX {
				*a = ability.Amount{Var: "x"}
			}
		})
	}
	return out, text[:k] + text[k+end:], nil
}
