package reducer

import (
	"fmt"
	"slices"
	"strings"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Paying a mana cost from the pool (CR 601.2g-h). Mana abilities are
// activated by their own inputs first, so a cost is paid only from mana
// already in the pool. Without an explicit "pay" the default payment is:
// each coloured symbol takes the first mana of its colour in the pool, {C}
// the first colourless, each hybrid symbol the first mana of either colour,
// {2/W} one W if there is one and else two generic, {L} the first mana from
// a legendary source; then generic and X take the remaining mana in pool
// order. See payPlan for how conflicts between symbols are resolved.

// payPlan picks pool indexes paying cost with X = x, using only and all of
// the indexes allowed (nil: any of the pool). It reports what is missing
// when the pool can't pay.
//
// Symbols that take one particular mana are matched first, in the order
// above, each trying the pool in order (a coloured symbol tries mana from
// non-legendary sources first, keeping legendary mana for {L}); where a
// choice made early blocks a later symbol, the search backtracks, so any
// payment that exists is found, and the first in this order is the one
// used. Generic mana and X take what is left, in pool order.
func payPlan(pool []Mana, allowed []bool, cost cards.Cost, x int) (plan []int, missing string, ok bool) {
	return payPlanExact(pool, allowed, cost, x, allowed != nil)
}

// payPlanExact is payPlan; exact requires every allowed mana to be used.
func payPlanExact(pool []Mana, allowed []bool, cost cards.Cost, x int, exact bool) (plan []int, missing string, ok bool) {
	return payPlanWith(pool, allowed, nil, cost, x, exact)
}

// payPlanWith is payPlanExact where the mana forced marks must be among
// what pays (a partial payment: what it names is used, the rest is paid
// by the default order); forced mana is tried first for every symbol.
func payPlanWith(pool []Mana, allowed, forced []bool, cost cards.Cost, x int, exact bool) (plan []int, missing string, ok bool) {
	var syms []cards.Symbol
	generic := x * countX(cost)
	for _, sym := range cost {
		if sym.Kind == cards.SymGeneric {
			generic += sym.N
		}
	}
	for _, pass := range [][]cards.SymbolKind{
		{cards.SymColored, cards.SymPhyrexian, cards.SymColorless},
		{cards.SymHybrid, cards.SymHybridPhyrexian, cards.SymTwoHybrid, cards.SymLegendary, cards.SymSnow},
	} {
		for _, sym := range cost {
			if slices.Contains(pass, sym.Kind) {
				syms = append(syms, sym)
			}
		}
	}
	usable := func(i int) bool { return allowed == nil || allowed[i] }
	used := make([]bool, len(pool))
	plan = make([]int, 0, len(syms)+generic)
	var search func(k, generic int) bool
	search = func(k, generic int) bool {
		if k == len(syms) {
			free := 0
			for i := range pool {
				if !used[i] && usable(i) {
					free++
				}
			}
			// An explicit payment must use exactly the mana it names.
			if free < generic || exact && free > generic {
				return false
			}
			n := len(plan)
			for _, i := range forcedFirst(len(pool), forced) {
				if generic > 0 && !used[i] && usable(i) {
					used[i] = true
					plan = append(plan, i)
					generic--
				}
			}
			for i := range forced {
				if forced[i] && !used[i] {
					for _, j := range plan[n:] {
						used[j] = false // a named mana left unspent: not this way
					}
					plan = plan[:n]
					return false
				}
			}
			return true
		}
		for _, i := range preferForced(symbolOptions(pool, syms[k]), forced) {
			if used[i] || !usable(i) {
				continue
			}
			used[i] = true
			plan = append(plan, i)
			if search(k+1, generic) {
				return true
			}
			used[i] = false
			plan = plan[:len(plan)-1]
		}
		if syms[k].Kind == cards.SymTwoHybrid {
			return search(k+1, generic+2) // {2/W} paid with two generic
		}
		return false
	}
	if search(0, generic) {
		return plan, "", true
	}
	return nil, missingFor(pool, allowed, syms, generic), false
}

// forcedFirst is the pool's indexes, forced ones first, each group in
// pool order.
func forcedFirst(n int, forced []bool) []int {
	out := make([]int, 0, n)
	for pass := 0; pass < 2; pass++ {
		for i := 0; i < n; i++ {
			if (forced != nil && forced[i]) == (pass == 0) {
				out = append(out, i)
			}
		}
	}
	return out
}

// preferForced orders options with the forced ones first.
func preferForced(opts []int, forced []bool) []int {
	if forced == nil {
		return opts
	}
	out := make([]int, 0, len(opts))
	for pass := 0; pass < 2; pass++ {
		for _, i := range opts {
			if forced[i] == (pass == 0) {
				out = append(out, i)
			}
		}
	}
	return out
}

// symbolOptions lists the pool indexes that can pay sym, in preference order.
func symbolOptions(pool []Mana, sym cards.Symbol) []int {
	var first, later []int
	for i, m := range pool {
		switch sym.Kind {
		case cards.SymColored, cards.SymPhyrexian, cards.SymColorless:
			if m.Color == sym.Color {
				if m.Legendary {
					later = append(later, i)
				} else {
					first = append(first, i)
				}
			}
		case cards.SymHybrid, cards.SymHybridPhyrexian:
			if m.Color == sym.Color || m.Color == sym.Alt {
				first = append(first, i)
			}
		case cards.SymTwoHybrid:
			if m.Color == sym.Color {
				first = append(first, i)
			}
		case cards.SymLegendary:
			if m.Legendary { // MANA-8: any type, from a legendary source
				first = append(first, i)
			}
		}
		// {S}: mana doesn't yet say whether its source was snow, so
		// nothing pays it (CR 107.4h) and the cost names it as missing.
	}
	return append(first, later...)
}

// missingFor names what a pool lacks for a cost, for messages: it counts
// the symbols the pool can't cover one by one, then the generic shortfall.
func missingFor(pool []Mana, allowed []bool, syms []cards.Symbol, generic int) string {
	used := make([]bool, len(pool))
	var missing []string
	for _, sym := range syms {
		found := false
		for _, i := range symbolOptions(pool, sym) {
			if !used[i] && (allowed == nil || allowed[i]) {
				used[i], found = true, true
				break
			}
		}
		switch {
		case found:
		case sym.Kind == cards.SymTwoHybrid:
			generic += 2
		default:
			missing = append(missing, cards.Cost{sym}.String())
		}
	}
	free := 0
	for i := range pool {
		if !used[i] && (allowed == nil || allowed[i]) {
			free++
		}
	}
	if free < generic {
		missing = append(missing, fmt.Sprintf("{%d}", generic-free))
	}
	return strings.Join(missing, "") // "" when the mana covers the cost with some to spare
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
	return g.choosePaymentFor(seat, nil, cost, x, pay)
}

// choosePaymentFor is choosePayment for a spell being cast (nil: for
// anything else): mana that may be spent only on some spells pays only
// for those (interp_spend.go).
func (g *Game) choosePaymentFor(seat int, spell *Object, cost cards.Cost, x int, pay []events.Payment) ([]int, error) {
	pool := g.S.Players[seat].Pool
	eligible := g.spendable(seat, spell)
	if pay == nil {
		plan, missing, ok := payPlanWithin(pool, eligible, cost, x)
		if !ok {
			return nil, g.refuse("CR 601.2h", "body.pay", "the mana pool (%s) can't pay %s: missing %s%s", poolString(pool), costString(cost, x), missingWhy(missing), g.unspendableNote(seat, eligible))
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
	// A partial payment: the mana it names is spent, the rest is paid
	// from the pool in the default order.
	if err := g.checkSpendable(seat, eligible, allowed); err != nil {
		return nil, err
	}
	plan, _, ok := payPlanWith(pool, eligible, allowed, cost, x, false) // only mana that may pay for it (interp_spend.go)
	if !ok {
		least, missing, leastOK := payPlanExact(pool, nil, cost, x, false)
		switch {
		case !leastOK:
			return nil, g.refuse("CR 601.2h", "body.pay", "the mana pool (%s) can't pay %s: missing %s", poolString(pool), costString(cost, x), missingWhy(missing))
		case len(pay) > len(least):
			return nil, g.refuse("CR 601.2h", "body.pay", "the payment has %d mana, %s takes %d", len(pay), costString(cost, x), len(least))
		}
		return nil, g.refuse("CR 601.2h", "body.pay", "the payment names mana that can't pay %s with the rest of the pool (%s): %s", costString(cost, x), poolString(pool), paymentString(pay))
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
	// Runs of mana with the same restriction: "{U}{U}, {C}{C}{C} only for
	// artifact spells".
	var runs []string
	only := ""
	for i, m := range pool {
		o := ""
		if m.Spend != nil {
			o = " only for " + spendText(m.Spend) + " spells"
		}
		if i == 0 || o != only {
			if i > 0 {
				runs[len(runs)-1] += only
			}
			runs = append(runs, "")
			only = o
		}
		runs[len(runs)-1] += "{" + m.Color.Letter() + "}"
	}
	runs[len(runs)-1] += only
	return strings.Join(runs, ", ")
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

// paymentString says what a payment names: "{G} from Test Elf, {R}".
func paymentString(pay []events.Payment) string {
	parts := make([]string, len(pay))
	for i, p := range pay {
		parts[i] = "{" + p.Mana + "}"
		if p.Source != "" {
			parts[i] += " from " + p.Source
		}
	}
	return strings.Join(parts, ", ")
}
