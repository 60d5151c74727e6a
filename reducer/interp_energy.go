package reducer

// Energy (CR 107.14, 122.1): a player's energy counters. "You get {E}{E}"
// is a put_counters effect on the player; {E} in a cost is paid by
// removing that many (an activated ability's cost, Equip—Pay {E}{E},
// "unless you pay {E}", "you may pay {E}{E}{E}"). "You may pay any amount
// of {E}" asks the payer for a number from 0 to the energy they have (a
// `choose` answering it in digits) and binds it for "that much" and "the
// amount of {E} paid this way".

const energy = "energy"

// energyOf is how much energy seat has.
func (g *Game) energyOf(seat int) int { return g.S.Players[seat].counterOf(energy) }

// payEnergy removes n energy counters from seat.
func (g *Game) payEnergy(seat, n int) {
	if n > 0 {
		g.emit(Effect{Op: OpPlayerCounter, Seat: seat, Kind: energy, N: -n})
	}
}

// putPlayerCounters: put_counters without an object puts them on players
// ("you get {E}{E}").
func putPlayerCounters(x *verbRun, n int) {
	for _, p := range x.r.ctx.players(x.e.Player) {
		x.r.g.emit(Effect{Op: OpPlayerCounter, Seat: p, Kind: x.e.Counter, N: n})
		x.did = true
	}
}

// verbPayEnergyAny: "you may pay any amount of {E}".
func verbPayEnergyAny(x *verbRun) {
	g, c := x.r.g, x.r.ctx
	payer := c.you
	if ps := c.players(x.e.Player); x.e.Player != nil && len(ps) > 0 {
		payer = ps[0]
	}
	have := g.energyOf(payer)
	step, answer := x.at()
	if step == 0 {
		if have == 0 {
			x.bindAmount(0)
			return
		}
		opts := make([]string, 0, have+1)
		for i := 0; i <= have; i++ {
			opts = append(opts, itoa(i))
		}
		x.ask(1, Question{Player: payer, Options: opts, N: 1, Max: 1, Prompt: "pay any amount of {E} (you have " + itoa(have) + ")"})
		return
	}
	n := 0
	if len(answer) == 1 {
		n = min(max(atoiOr(answer[0], 0), 0), have)
	}
	g.payEnergy(payer, n)
	x.bindAmount(n)
}

// bindAmount binds the number n under the effect's Bind.
func (x *verbRun) bindAmount(n int) {
	if x.e.Bind != "" {
		x.r.bind(x.e.Bind, nil, itoa(n), n > 0)
		x.bound = true
	}
	x.did = n > 0
}
