package replay

import (
	"fmt"
	"strings"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer"
)

// The text of each kind of input: who did what, from the input and what its
// effects showed (the object a card became, the mana paid, the targets).

// text is the input's own line, told after its effects were applied.
func (t *telling) text(b beforeInput) string {
	who := t.who()
	s := t.g.S
	switch body := t.ev.Body.(type) {
	case *events.MatchStarted:
		return t.started(body)
	case *events.Setup:
		line := fmt.Sprintf("table sets up a position: game %d, turn %d %s, %s active", s.Game, s.Turn, s.Step, t.actor(s.Active))
		if s.Priority >= 0 && s.Priority != s.Active {
			line += ", " + t.actor(s.Priority) + " has priority"
		}
		return line
	case *events.Random:
		return t.random(body, b)
	case *events.Mulligan:
		return who + " takes a mulligan"
	case *events.Keep:
		return fmt.Sprintf("%s keeps %s", who, pluralInt(b.hand-len(body.Bottom), "card"))
	case *events.Pass:
		return who + " passes"
	case *events.PlayLand:
		if t.land == 0 {
			return who + " plays " + body.Card
		}
		return fmt.Sprintf("%s plays %s (%s)", who, t.landName, t.land)
	case *events.Cast:
		return t.cast(who, body, b)
	case *events.Activate:
		return t.activate(who, body)
	case *events.Choose:
		return t.choose(who, body, b)
	case *events.Attack:
		return t.attack(who)
	case *events.Block:
		return t.block(who)
	case *events.Concede:
		return who + " concedes"
	}
	return fmt.Sprintf("%s: %s", who, t.ev.Kind)
}

func (t *telling) started(b *events.MatchStarted) string {
	s := t.g.S
	names := make([]string, len(s.Players))
	for seat := range s.Players {
		names[seat] = t.actor(seat)
	}
	line := fmt.Sprintf("table starts the match: %s (%s, best of %d, %d life)",
		strings.Join(names, " v "), s.Format, max(s.BestOf, 1), s.StartingLife)
	if seat := s.Seat(b.FirstPlayer); seat >= 0 {
		line += "; " + t.actor(seat) + " plays first"
	}
	if len(b.Cards) > 0 {
		names := make([]string, len(b.Cards))
		for i, c := range b.Cards {
			names[i] = c.Name
		}
		line += "; it declares its own cards: " + strings.Join(names, ", ")
	}
	return line
}

func (t *telling) random(b *events.Random, before beforeInput) string {
	switch b.Of {
	case events.RandomCoin:
		return "table flips a coin: " + b.Coin
	case events.RandomShuffle:
		return fmt.Sprintf("table shuffles %s's library (%s)", t.actor(before.pending.Of), pluralInt(len(b.Order), "card"))
	case events.RandomDie:
		return fmt.Sprintf("table rolls a die: %d", b.Roll)
	}
	return "table supplies a random " + b.Of
}

func (t *telling) cast(who string, b *events.Cast, before beforeInput) string {
	if t.spell == 0 {
		return who + " casts " + b.Card
	}
	line := fmt.Sprintf("%s casts %s (%s)%s", who, t.spellName, t.spell, t.spellDetail)
	if before.free {
		line += " without paying its mana cost" // as the resolving spell or ability lets (CR 601.2f: additional costs are paid)
	}
	if b.Permission != "" {
		line += " by the permission of " + t.named(string(b.Permission)) // Omniscience, Johann, Bolas's Citadel (CR 601.2a)
	}
	if b.Alternative != "" {
		line += " for its " + b.Alternative + " cost"
	}
	if b.Entwine {
		line += ", entwined" // CR 702.42a
	}
	if len(b.Conspire) > 0 {
		names := make([]string, len(b.Conspire))
		for i, r := range b.Conspire {
			names[i] = t.named(string(r))
		}
		line += ", conspiring by tapping " + strings.Join(names, " and ") // CR 702.78a
	}
	switch n := max(b.Kicks, 0); {
	case n > 1:
		line += fmt.Sprintf(", kicked %d times", n)
	case n == 1 || b.Kicked:
		line += ", kicked"
	}
	if b.Replicate > 0 {
		line += ", replicated " + times(b.Replicate)
	}
	if len(t.paid) > 0 {
		line += ", paying " + mana(t.paid)
	}
	return line
}

// times is "once", "twice", "3 times".
func times(n int) string {
	switch n {
	case 1:
		return "once"
	case 2:
		return "twice"
	}
	return fmt.Sprintf("%d times", n)
}

func (t *telling) activate(who string, b *events.Activate) string {
	if b.Special != "" { // a special action (CR 116.2): plot, foretell
		line := fmt.Sprintf("%s %ss %s", who, b.Special, t.named(b.Source))
		if b.Special == "foretell" {
			line = who + " foretells a card from their hand" // face down: the card is hidden (CR 702.143a)
		}
		if len(t.paid) > 0 {
			line += ", paying " + mana(t.paid)
		}
		return line
	}
	if t.ability != 0 {
		line := who + " activates " + t.abilityText + t.spellDetail
		costs := t.costs
		if len(t.paid) > 0 {
			costs = append([]string{"paying " + mana(t.paid)}, costs...)
		}
		if len(costs) > 0 {
			line += ", " + strings.Join(costs, ", ")
		}
		return line
	}
	var line string
	switch {
	case len(t.added) > 0 && len(t.tapped) == 1 && t.tapped[0] == t.manaSource:
		line = fmt.Sprintf("%s taps %s for %s", who, t.obj(t.manaSource), mana(t.added))
	case len(t.added) > 0:
		line = fmt.Sprintf("%s activates %s for %s", who, t.obj(t.manaSource), mana(t.added))
	case len(t.tapped) > 0:
		line = fmt.Sprintf("%s taps %s for no mana", who, t.obj(t.tapped[0]))
	default:
		line = who + " activates " + t.named(b.Source)
		if b.Ability > 0 {
			line += fmt.Sprintf(" (ability %d)", b.Ability)
		}
		if b.AbilityText != "" {
			line += fmt.Sprintf(" (%q)", b.AbilityText)
		}
	}
	for _, m := range t.extraMana {
		line += fmt.Sprintf(", and %s adds %s", t.obj(m.source), mana(m.letters))
	}
	return line
}

func (t *telling) choose(who string, b *events.Choose, before beforeInput) string {
	q := before.pending
	switch {
	case q.What == "play_or_draw" && len(b.Answer) == 1:
		return who + " chooses to " + b.Answer[0]
	case q.What == "discard":
		return who + " chooses what to discard"
	}
	answer := strings.Join(before.answer, ", ")
	if answer == "" {
		answer = "nothing"
	}
	if q.What == "as_enters" && strings.HasPrefix(q.Prompt, "as ") { // "as Steam Vents (o12) enters: pay 2 life, or it enters tapped"
		return fmt.Sprintf("%s chooses %s, %s", who, answer, q.Prompt)
	}
	if (q.What == "cascade" || q.What == "discover") && len(b.Answer) == 1 && before.resolving != "" {
		doing := map[string]string{"cast": "to cast the card without paying its mana cost", "hand": "to put the card into their hand",
			"bottom": "not to cast the card"}[b.Answer[0]]
		if doing != "" {
			return fmt.Sprintf("%s chooses %s, for %s (%s)", who, doing, before.resolving, q.What)
		}
	}
	if before.resolving != "" && q.What == "resolve" {
		return fmt.Sprintf("%s chooses %s for %s", who, answer, before.resolving)
	}
	if before.resolving != "" {
		return fmt.Sprintf("%s chooses %s for %s (%s)", who, answer, before.resolving, q.What)
	}
	return fmt.Sprintf("%s answers %s: %s", who, q.What, answer)
}

// named names what an input refers to: "Gilder Bairn (o31)" for an object
// id or a name the state finds, else the reference as written.
func (t *telling) named(ref string) string {
	s := t.g.S
	for _, id := range s.Battlefield {
		if o := s.Objects[id]; id.String() == ref || o.Name() == ref {
			return t.obj(id)
		}
	}
	return ref
}

func (t *telling) attack(who string) string {
	if len(t.attacks) == 0 {
		return who + " declares no attackers"
	}
	var parts []string
	for _, def := range firsts(t.attacks, 1) {
		var atk []string
		for _, a := range t.attacks {
			if a[1] == def {
				atk = append(atk, a[0])
			}
		}
		parts = append(parts, def+" with "+strings.Join(atk, ", "))
	}
	return who + " attacks " + strings.Join(parts, "; ")
}

func (t *telling) block(who string) string {
	if len(t.blocks) == 0 {
		return who + " declares no blockers"
	}
	var parts []string
	for _, atk := range firsts(t.blocks, 1) {
		var bl []string
		for _, b := range t.blocks {
			if b[1] == atk {
				bl = append(bl, b[0])
			}
		}
		parts = append(parts, atk+" with "+strings.Join(bl, ", "))
	}
	return who + " blocks " + strings.Join(parts, "; ")
}

// firsts lists the distinct values of pairs' element i, in order of first
// appearance.
func firsts(pairs [][2]string, i int) []string {
	var out []string
	for _, p := range pairs {
		found := false
		for _, o := range out {
			found = found || o == p[i]
		}
		if !found {
			out = append(out, p[i])
		}
	}
	return out
}

// position tells the position a setup placed, player by player.
func (t *telling) position() []string {
	s := t.g.S
	var out []string
	for seat, p := range s.Players {
		parts := []string{fmt.Sprintf("life %d", p.Life)}
		if t.sees(reducer.ZoneHand, seat) {
			parts = append(parts, "hand: "+t.list(p.Hand))
		} else {
			parts = append(parts, "hand: "+pluralInt(len(p.Hand), "card"))
		}
		if t.sees(reducer.ZoneLibrary, seat) {
			parts = append(parts, "library: "+t.list(p.Library))
		} else {
			parts = append(parts, "library: "+pluralInt(len(p.Library), "card"))
		}
		if len(p.Graveyard) > 0 {
			parts = append(parts, "graveyard: "+t.list(p.Graveyard))
		}
		var perms, exiled []reducer.ObjID
		for _, id := range s.Battlefield {
			if s.Objects[id].Controller == seat {
				perms = append(perms, id)
			}
		}
		for _, id := range s.Exile {
			if s.Objects[id].Owner == seat {
				exiled = append(exiled, id)
			}
		}
		if len(perms) > 0 {
			parts = append(parts, "battlefield: "+t.permanents(perms))
		}
		if len(exiled) > 0 {
			parts = append(parts, "exile: "+t.list(exiled))
		}
		if p.Lost {
			parts = append(parts, "lost: "+p.LossReason)
		}
		out = append(out, t.actor(seat)+": "+strings.Join(parts, "; "))
	}
	if s.Over { // a setup of the match's end ("over")
		wins := make([]string, len(s.Players))
		for seat := range s.Players {
			wins[seat] = fmt.Sprintf("%s %d", t.actor(seat), s.GameWins[seat])
		}
		end := "a draw"
		if s.Winner >= 0 {
			end = t.actor(s.Winner) + " won it"
		}
		out = append(out, fmt.Sprintf("game %d is over, %s; the match is over; games won: %s", max(s.Game, 1), end, strings.Join(wins, ", ")))
	}
	return out
}

// list names objects in order, or "none".
func (t *telling) list(ids []reducer.ObjID) string {
	if len(ids) == 0 {
		return "none"
	}
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = t.obj(id)
	}
	return strings.Join(names, ", ")
}

// permanents names permanents with what sets them apart: "Grizzly Bears
// (o9, tapped, 2 +1/+1 counters)".
func (t *telling) permanents(ids []reducer.ObjID) string {
	names := make([]string, len(ids))
	for i, id := range ids {
		o := t.g.S.Objects[id]
		attrs := []string{id.String()}
		if o.Tapped {
			attrs = append(attrs, "tapped")
		}
		for _, c := range o.Counters {
			attrs = append(attrs, pluralInt(c.N, c.Kind+" counter"))
		}
		switch { // a setup mid-combat
		case o.AttackingPW != 0:
			attrs = append(attrs, "attacking "+t.obj(o.AttackingPW))
		case o.Attacking > 0:
			attrs = append(attrs, "attacking "+t.target(o.Attacking-1))
		}
		if o.Blocked {
			attrs = append(attrs, "blocked")
		}
		if o.Blocking != 0 {
			attrs = append(attrs, "blocking "+t.obj(o.Blocking))
		}
		names[i] = o.Name() + " (" + strings.Join(attrs, ", ") + ")"
	}
	return strings.Join(names, ", ")
}
