package reducer

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Mana payment computed two ways: the reducer's greedy payPlan against a
// plain search over every assignment of pool mana to cost symbols.

// checkExplicitPayment: a listed cast or activation, paid explicitly with
// the very mana its default payment spends (named by source in any of the
// ways a client may, in any order), is accepted and reaches the same
// position; with one mana fewer it is a partial payment, accepted with the
// rest paid by the default; with one more it is rejected.
func checkExplicitPayment(rng *rand.Rand, g *Game, act *events.Event) error {
	seat := g.S.Seat(act.Actor)
	if seat < 0 {
		return nil
	}
	pool := g.S.Players[seat].Pool
	def := g.Clone()
	effs, err := def.Submit(act)
	if err != nil {
		return err
	}
	var pay []events.Payment
	for _, e := range effs {
		if e.Op == OpSpendMana && e.Seat == seat {
			m := pool[e.N] // spent highest index first: indexes are the pool's
			src := sourceRef(rng, g.S, m.Source)
			if m.Legendary || src == "" && slices.ContainsFunc(pool, func(o Mana) bool { return o.Color == m.Color && o.Legendary }) {
				// An entry naming no source takes the first mana of its
				// colour, while the default keeps legendary mana for {L}
				// (MANA-8): where that differs, name the mana.
				src = m.Source.String()
			}
			pay = append(pay, events.Payment{Mana: m.Color.Letter(), Source: src})
		}
	}
	if len(pay) == 0 {
		return nil
	}
	rng.Shuffle(len(pay), func(i, j int) { pay[i], pay[j] = pay[j], pay[i] })
	try := func(pay []events.Payment) (*Game, error) {
		c := g.Clone()
		_, err := c.Submit(withPay(act, pay))
		return c, err
	}
	c, err := try(pay)
	if err != nil {
		return fmt.Errorf("%s paid with the default's mana %v: %v", describeEvent(act), pay, err)
	}
	if c.S.Digest() != def.S.Digest() {
		return fmt.Errorf("%s paid with the default's mana %v: another position than the default payment", describeEvent(act), pay)
	}
	if _, err := try(pay[1:]); err != nil {
		return fmt.Errorf("%s paid partly with %v, one mana short, is refused: %v", describeEvent(act), pay[1:], err)
	}
	if len(pay) < len(pool) {
		more := append(slices.Clone(pay), events.Payment{Mana: "C"})
		for _, m := range pool {
			more[len(more)-1].Mana = m.Color.Letter()
		}
		if _, err := try(more); err == nil {
			return fmt.Errorf("%s paid with %v, one mana more, is accepted", describeEvent(act), more)
		}
	}
	return nil
}

// sourceRef names a mana's source by object id, or while it is on the
// battlefield also by card id or name, or not at all.
func sourceRef(rng *rand.Rand, s *State, src ObjID) string {
	o := s.Obj(src)
	switch r := rng.Intn(4); {
	case r == 0:
		return ""
	case r == 1 && o != nil && o.Card != 0:
		return o.Card.String()
	case r == 2 && o != nil && o.Def != nil:
		return o.Def.Name
	}
	return src.String()
}

func withPay(ev *events.Event, pay []events.Payment) *events.Event {
	c := *ev
	switch b := ev.Body.(type) {
	case *events.Cast:
		nb := *b
		nb.Pay = pay
		c.Body = &nb
	case *events.Activate:
		nb := *b
		nb.Pay = pay
		c.Body = &nb
	}
	return &c
}

// payable is the plain answer: can exactly the mana of pool pay cost with
// X = x, trying every assignment? ({L} is never payable here, as in
// payPlan: legendary sources are not modelled.)
func payable(pool []cards.Color, cost cards.Cost, x int) bool {
	var syms []cards.Symbol
	generic := x * countX(cost)
	for _, s := range cost {
		switch s.Kind {
		case cards.SymGeneric:
			generic += s.N
		case cards.SymX:
		default:
			syms = append(syms, s)
		}
	}
	used := make([]bool, len(pool))
	var try func(i, generic int) bool
	try = func(i, generic int) bool {
		if i == len(syms) {
			left := 0
			for _, u := range used {
				if !u {
					left++
				}
			}
			return left == generic
		}
		s := syms[i]
		if s.Kind == cards.SymTwoHybrid && try(i+1, generic+2) {
			return true
		}
		for j, c := range pool {
			if used[j] {
				continue
			}
			ok := false
			switch s.Kind {
			case cards.SymColored, cards.SymPhyrexian, cards.SymColorless, cards.SymTwoHybrid:
				ok = c == s.Color
			case cards.SymHybrid:
				ok = c == s.Color || c == s.Alt
			}
			if ok {
				used[j] = true
				if try(i+1, generic) {
					return true
				}
				used[j] = false
			}
		}
		return false
	}
	return try(0, generic)
}

// An explicit payment is accepted exactly when it can pay the cost; the
// default payment succeeds only when some payment exists. Hybrid symbols
// of different colour pairs and {2/W} are left out: see
// TestPaymentHybridGap.
func TestPaymentAgainstSearch(t *testing.T) {
	symbols := []string{"{1}", "{2}", "{W}", "{U}", "{G}", "{C}", "{X}", "{G/W}", "{W/P}"}
	checkPayments(t, symbols, 20000)
}

// TestPaymentHybridAndTwoHybrid: hybrid, {2/W} and {L} symbols that
// compete for the same mana are resolved by search: {U/B}{G/W}{W/U} paid
// with {G}{U}{B}, {2/W} paid with {W}{U} as two generic, {G}{L} with the
// legendary G kept for {L}.
func TestPaymentHybridAndTwoHybrid(t *testing.T) {
	checkPayments(t, []string{"{1}", "{W}", "{U}", "{W/U}", "{U/B}", "{G/W}", "{2/W}"}, 20000)
}

// checkPayments compares both ways on n random costs made of symbols and
// random pools.
func checkPayments(t *testing.T, symbols []string, n int) {
	rng := rand.New(rand.NewSource(1))
	colors := []cards.Color{cards.White, cards.Blue, cards.Black, cards.Green, cards.Colorless}
	g := &Game{S: &State{Players: []*Player{{ID: "p1"}}}}
	for i := 0; i < n; i++ {
		text := ""
		for n := rng.Intn(4); n >= 0; n-- {
			text += symbols[rng.Intn(len(symbols))]
		}
		cost, err := cards.ParseCost(text)
		if err != nil {
			t.Fatal(err)
		}
		x := 0
		if cost.HasX() {
			x = rng.Intn(3)
		}
		var pool []Mana
		var colorsOf []cards.Color
		for n := rng.Intn(7); n > 0; n-- {
			c := colors[rng.Intn(len(colors))]
			pool = append(pool, Mana{Color: c, Source: ObjID(len(pool) + 1)})
			colorsOf = append(colorsOf, c)
		}
		g.S.Players[0].Pool = pool
		var pay []events.Payment
		for _, m := range pool {
			pay = append(pay, events.Payment{Mana: m.Color.Letter()})
		}
		_, err = g.choosePayment(0, cost, x, pay)
		if want := payable(colorsOf, cost, x); (err == nil) != want {
			t.Fatalf("%s with X=%d paid with all of %s: accepted %v, a payment exists %v (%v)", text, x, poolString(pool), err == nil, want, err)
		}
		if plan, _, ok := payPlan(pool, nil, cost, x); ok {
			var spent []cards.Color
			for _, j := range plan {
				spent = append(spent, pool[j].Color)
			}
			if !payable(spent, cost, x) {
				t.Fatalf("%s with X=%d from %s: the default spends %v, which doesn't pay it", text, x, poolString(pool), spent)
			}
		}
	}
}

// Explicit entries naming sources by name and by id are matched by the
// most specific first: the name doesn't take the mana the id names.
func TestPaymentSourceOrder(t *testing.T) {
	g := &Game{S: &State{Players: []*Player{{ID: "p1"}}}}
	g.S.Objects = []*Object{nil, {ID: 1, Def: &cards.Card{Name: "Plains"}}, {ID: 2, Def: &cards.Card{Name: "Plains"}}}
	g.S.Players[0].Pool = []Mana{{Color: cards.White, Source: 1}, {Color: cards.White, Source: 2}}
	cost, _ := cards.ParseCost("{W}{W}")
	pay := []events.Payment{{Mana: "W", Source: "Plains"}, {Mana: "W", Source: "o1"}}
	if _, err := g.choosePayment(0, cost, 0, pay); err != nil {
		t.Fatal(err)
	}
}

// MANA-8: {L} is paid with mana from a legendary source; a coloured symbol
// takes mana from a non-legendary source first, so {G}{L} is payable from a
// legendary G and a plain G in either order, and not from two plain G.
func TestPaymentLegendaryMana(t *testing.T) {
	cost, _ := cards.ParseCost("{G}{L}")
	for _, pool := range [][]Mana{
		{{Color: cards.Green, Source: 1, Legendary: true}, {Color: cards.Green, Source: 2}},
		{{Color: cards.Green, Source: 2}, {Color: cards.Green, Source: 1, Legendary: true}},
	} {
		plan, missing, ok := payPlan(pool, nil, cost, 0)
		if !ok || len(plan) != 2 {
			t.Fatalf("pool %v: plan %v, missing %s", pool, plan, missing)
		}
	}
	plain := []Mana{{Color: cards.Green, Source: 2}, {Color: cards.Green, Source: 3}}
	if _, missing, ok := payPlan(plain, nil, cost, 0); ok || missing != "{L}" {
		t.Fatalf("{L} from non-legendary mana: ok %v, missing %q", ok, missing)
	}
}
