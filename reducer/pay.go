package reducer

import (
	"fmt"
	"strings"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Paying a mana cost from the pool (CR 601.2g-h). Mana abilities are
// activated by their own inputs first, so a cost is paid only from mana
// already in the pool. Without an explicit "pay" the default payment is:
// each coloured symbol takes the first mana of its colour in the pool, {C}
// the first colourless, each hybrid symbol the first mana of either colour,
// {2/W} one W if there is one and else two generic; then generic and X take
// the remaining mana in pool order.

// payPlan picks pool indexes paying cost with X = x, using only the indexes
// allowed (nil: all). It reports what is missing when the pool can't pay.
func payPlan(pool []Mana, allowed []bool, cost cards.Cost, x int) ([]int, string) {
	used := make([]bool, len(pool))
	var plan []int
	take := func(ok func(Mana) bool) bool {
		for i, m := range pool {
			if !used[i] && (allowed == nil || allowed[i]) && ok(m) {
				used[i] = true
				plan = append(plan, i)
				return true
			}
		}
		return false
	}
	generic := x * countX(cost)
	var missing []string
	for _, sym := range cost {
		switch sym.Kind {
		case cards.SymColored, cards.SymPhyrexian, cards.SymColorless:
			c := sym.Color
			if !take(func(m Mana) bool { return m.Color == c }) {
				missing = append(missing, "{"+c.Letter()+"}")
			}
		case cards.SymGeneric:
			generic += sym.N
		}
	}
	for _, sym := range cost {
		switch sym.Kind {
		case cards.SymHybrid:
			a, b := sym.Color, sym.Alt
			if !take(func(m Mana) bool { return m.Color == a || m.Color == b }) {
				missing = append(missing, "{"+a.Letter()+"/"+b.Letter()+"}")
			}
		case cards.SymTwoHybrid:
			c := sym.Color
			if !take(func(m Mana) bool { return m.Color == c }) {
				generic += 2
			}
		case cards.SymLegendary:
			missing = append(missing, "{L}") // issue 4: legendary sources
		}
	}
	for i := 0; i < generic; i++ {
		if !take(func(Mana) bool { return true }) {
			missing = append(missing, fmt.Sprintf("{%d}", generic-i))
			break
		}
	}
	if len(missing) > 0 {
		return nil, strings.Join(missing, "")
	}
	return plan, ""
}

func countX(c cards.Cost) int {
	n := 0
	for _, s := range c {
		if s.Kind == cards.SymX {
			n++
		}
	}
	return n
}

// choosePayment resolves an explicit payment to pool indexes; every entry
// must match a distinct mana in the pool, and together they must pay the
// cost exactly.
func (g *Game) choosePayment(seat int, cost cards.Cost, x int, pay []events.Payment) ([]int, error) {
	pool := g.S.Players[seat].Pool
	if pay == nil {
		plan, missing := payPlan(pool, nil, cost, x)
		if missing != "" {
			return nil, g.refuse("CR 601.2h", "body.pay", "the mana pool (%s) can't pay %s: missing %s", poolString(pool), costString(cost, x), missing)
		}
		return plan, nil
	}
	allowed := make([]bool, len(pool))
	for _, i := range paymentOrder(pay) {
		p := pay[i]
		col, _ := cards.ParseColor(p.Mana)
		found := false
		for j, m := range pool {
			if allowed[j] || m.Color != col {
				continue
			}
			if p.Source != "" && len(g.S.matchRef(p.Source, []ObjID{m.Source})) == 0 && p.Source != m.Source.String() {
				continue
			}
			allowed[j], found = true, true
			break
		}
		if !found {
			return nil, g.refuse("CR 601.2h", "body.pay["+itoa(i)+"]", "no {%s} from %s in the mana pool (%s)", p.Mana, orAny(p.Source), poolString(pool))
		}
	}
	plan, missing := payPlan(pool, allowed, cost, x)
	if missing != "" {
		return nil, g.refuse("CR 601.2h", "body.pay", "the payment doesn't cover %s: missing %s", costString(cost, x), missing)
	}
	if len(plan) != len(pay) {
		return nil, g.refuse("CR 601.2h", "body.pay", "the payment has %d mana, %s takes %d", len(pay), costString(cost, x), len(plan))
	}
	return plan, nil
}

// paymentOrder is the order in which explicit payment entries take their
// mana: the most specific first (a source named by id, then by name, then
// any source), each group in input order, so that an entry naming its
// source by name can't take the mana another entry names by id.
func paymentOrder(pay []events.Payment) []int {
	rank := func(p events.Payment) int {
		switch _, _, isID := parseID(p.Source); {
		case isID:
			return 0
		case p.Source != "":
			return 1
		}
		return 2
	}
	var order []int
	for r := 0; r <= 2; r++ {
		for i, p := range pay {
			if rank(p) == r {
				order = append(order, i)
			}
		}
	}
	return order
}

// spend removes the planned mana from the pool, highest index first.
func (g *Game) spend(seat int, plan []int) {
	sorted := append([]int(nil), plan...)
	for i := 1; i < len(sorted); i++ {
		for j := i; j > 0 && sorted[j] > sorted[j-1]; j-- {
			sorted[j], sorted[j-1] = sorted[j-1], sorted[j]
		}
	}
	for _, i := range sorted {
		g.emit(Effect{Op: OpSpendMana, Seat: seat, N: i})
	}
}

func poolString(pool []Mana) string {
	if len(pool) == 0 {
		return "empty"
	}
	var b strings.Builder
	for _, m := range pool {
		b.WriteString("{" + m.Color.Letter() + "}")
	}
	return b.String()
}

func costString(c cards.Cost, x int) string {
	s := c.String()
	if c.HasX() {
		s += fmt.Sprintf(" with X=%d", x)
	}
	if s == "" {
		return "{0}"
	}
	return s
}

func orAny(src string) string {
	if src == "" {
		return "any source"
	}
	return src
}
