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
//
// It runs for every cast and most costs, so it allocates only the plan it
// returns: the symbols and the used marks live on the stack for the usual
// pool and cost, and each symbol's options are read from the pool in
// place (paySearch) rather than listed.
func payPlanWith(pool []Mana, allowed, forced []bool, cost cards.Cost, x int, exact bool) (plan []int, missing string, ok bool) {
	var symBuf [16]cards.Symbol
	var usedBuf [32]bool
	var planBuf [32]int
	syms := symBuf[:0]
	generic := x * countX(cost)
	most := 0 // the longest plan: {2/W} may take two generic
	for _, sym := range cost {
		switch sym.Kind {
		case cards.SymGeneric:
			generic += sym.N
		case cards.SymTwoHybrid:
			most += 2
		}
	}
	for pass := 1; pass <= 2; pass++ {
		for _, sym := range cost {
			if symbolPass(sym.Kind) == pass {
				syms = append(syms, sym)
			}
		}
	}
	used := usedBuf[:0]
	if len(pool) > len(usedBuf) {
		used = make([]bool, len(pool))
	}
	room := planBuf[:0]
	if n := len(syms) + generic + most; n > len(planBuf) {
		room = make([]int, 0, n)
	}
	ps := paySearch{pool: pool, allowed: allowed, forced: forced, syms: syms, used: used[:len(pool)], exact: exact, plan: room}
	if ps.search(0, generic) {
		plan = make([]int, len(ps.plan)) // the one allocation
		copy(plan, ps.plan)
		return plan, "", true
	}
	return nil, missingFor(pool, allowed, syms, generic), false
}

// symbolPass is the pass in which a symbol takes its mana: 1 for one
// particular mana (coloured, Phyrexian, colourless), 2 for a choice
// (hybrid, {2/W}, {L}, {S}), 0 for generic and X, which take what is left.
func symbolPass(k cards.SymbolKind) int {
	switch k {
	case cards.SymColored, cards.SymPhyrexian, cards.SymColorless:
		return 1
	case cards.SymHybrid, cards.SymHybridPhyrexian, cards.SymTwoHybrid, cards.SymLegendary, cards.SymSnow:
		return 2
	}
	return 0
}

// paySearch is payPlanWith's backtracking search: syms[k] onwards take
// mana not used yet, then generic takes what is left.
type paySearch struct {
	pool                  []Mana
	allowed, forced, used []bool
	syms                  []cards.Symbol
	plan                  []int
	exact                 bool
}

func (p *paySearch) usable(i int) bool { return !p.used[i] && (p.allowed == nil || p.allowed[i]) }

func (p *paySearch) isForced(i int) bool { return p.forced != nil && p.forced[i] }

// push adds pool index i to the plan, within the room made for it (an
// append here would move the caller's buffers to the heap).
func (p *paySearch) push(i int) {
	n := len(p.plan)
	p.plan = p.plan[:n+1]
	p.plan[n] = i
}

func (p *paySearch) search(k, generic int) bool {
	if k == len(p.syms) {
		return p.takeGeneric(generic)
	}
	// The options in symbolOptions' order, forced ones first (a stable
	// partition): forced first, then the symbol's first choices before
	// its later ones, then pool order.
	sym := p.syms[k]
	for f := 0; f < 2; f++ {
		if f == 0 && p.forced == nil {
			continue
		}
		for later := 0; later < 2; later++ {
			for i := range p.pool {
				if p.forced != nil && p.isForced(i) != (f == 0) || symbolOption(p.pool[i], sym) != later+1 || !p.usable(i) {
					continue
				}
				p.used[i] = true
				p.push(i)
				if p.search(k+1, generic) {
					return true
				}
				p.used[i] = false
				p.plan = p.plan[:len(p.plan)-1]
			}
		}
	}
	if sym.Kind == cards.SymTwoHybrid {
		return p.search(k+1, generic+2) // {2/W} paid with two generic
	}
	return false
}

// takeGeneric pays generic from the mana left, forced first, each group
// in pool order; an explicit payment must use exactly the mana it names.
func (p *paySearch) takeGeneric(generic int) bool {
	free := 0
	for i := range p.pool {
		if p.usable(i) {
			free++
		}
	}
	if free < generic || p.exact && free > generic {
		return false
	}
	n := len(p.plan)
	for f := 0; f < 2; f++ {
		for i := range p.pool {
			if p.isForced(i) == (f == 0) && generic > 0 && p.usable(i) {
				p.used[i] = true
				p.push(i)
				generic--
			}
		}
	}
	for i := range p.forced {
		if p.forced[i] && !p.used[i] {
			for _, j := range p.plan[n:] {
				p.used[j] = false // a named mana left unspent: not this way
			}
			p.plan = p.plan[:n]
			return false
		}
	}
	return true
}

// symbolOption says whether m can pay sym: 1 as a first choice, 2 as a
// later one (legendary mana for a coloured symbol, kept for {L}), 0 not.
func symbolOption(m Mana, sym cards.Symbol) int {
	switch sym.Kind {
	case cards.SymColored, cards.SymPhyrexian, cards.SymColorless:
		if m.Color == sym.Color {
			if m.Legendary {
				return 2
			}
			return 1
		}
	case cards.SymHybrid, cards.SymHybridPhyrexian:
		if m.Color == sym.Color || m.Color == sym.Alt {
			return 1
		}
	case cards.SymTwoHybrid:
		if m.Color == sym.Color {
			return 1
		}
	case cards.SymLegendary:
		if m.Legendary { // MANA-8: any type, from a legendary source
			return 1
		}
	}
	// {S}: mana doesn't yet say whether its source was snow, so nothing
	// pays it (CR 107.4h) and the cost names it as missing.
	return 0
}

// symbolOptions lists the pool indexes that can pay sym, in preference order.
func symbolOptions(pool []Mana, sym cards.Symbol) []int {
	var first, later []int
	for i, m := range pool {
		switch symbolOption(m, sym) {
		case 1:
			first = append(first, i)
		case 2:
			later = append(later, i)
		}
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
	var buf [16]int
	sorted := append(buf[:0], plan...)
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
