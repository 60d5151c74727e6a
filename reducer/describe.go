package reducer

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/chronicle-mtg/chronicle/events"
)

// Describing positions and effects for people: scenario tests, the command
// line and audit reports print with these. The output is deterministic:
// lists with a natural order keep it (a library top first, a graveyard in
// the order cards were put there, the stack top first) and everything else
// is sorted (a hand and the battlefield by object id). Objects are written
// as "o12 Test Bolt", players by their match id ("p1").

// libraryShown is how many cards from the top of a library Describe lists.
const libraryShown = 5

// Describe prints the whole position: the match and turn, each player's
// life, mana pool and zones, the stack, exile, the game's result and what
// the game waits for. Every line ends with a newline; there are no blank
// lines.
func (s *State) Describe() string {
	var b strings.Builder
	if len(s.Players) == 0 {
		return "no match started\n"
	}
	b.WriteString(s.describeHeader())
	for seat := range s.Players {
		b.WriteString(s.DescribePlayer(seat))
	}
	b.WriteString(s.DescribeStack())
	if len(s.Exile) > 0 {
		ids := slices.Clone(s.Exile)
		sortIDs(ids)
		b.WriteString("exile: " + s.describeIDs(ids, true) + "\n")
	}
	if r := s.DescribeResult(); r != "" {
		b.WriteString(r + "\n")
	}
	b.WriteString("waiting for: " + s.DescribePending() + "\n")
	return b.String()
}

// describeHeader is the match line and the turn line.
func (s *State) describeHeader() string {
	var b strings.Builder
	fmt.Fprintf(&b, "match %s (%s), game %d", s.Match, s.Format, max(s.Game, 1))
	if s.BestOf > 1 {
		fmt.Fprintf(&b, " of best-of-%d, games won:", s.BestOf)
		for i, p := range s.Players {
			sep := " "
			if i > 0 {
				sep = ", "
			}
			fmt.Fprintf(&b, "%s%s %d", sep, p.ID, s.GameWins[i])
		}
	}
	b.WriteByte('\n')
	b.WriteString(s.DescribeTurn() + "\n")
	return b.String()
}

// DescribeTurn is the turn, step, active player and priority on one line:
// "turn 3 main1, active p1, priority p2 (1 pass)".
func (s *State) DescribeTurn() string {
	if s.Turn == 0 {
		q := s.Pending
		if s.GameOver || q.Ask == AskRandom && q.Random == events.RandomCoin || q.Ask == AskChoose && q.What == whatPlayOrDraw {
			return "before the first turn"
		}
		return "before the first turn, starting player " + s.playerID(s.Active)
	}
	line := fmt.Sprintf("turn %d %s, active %s, priority ", s.Turn, s.Step, s.playerID(s.Active))
	if s.Priority < 0 {
		return line + "none"
	}
	line += s.playerID(s.Priority)
	switch s.Passes {
	case 0:
	case 1:
		line += " (1 pass)"
	default:
		line += fmt.Sprintf(" (%d passes)", s.Passes)
	}
	return line
}

// DescribePlayer prints one player: a line with id, name, life, mana pool
// and status, then the hand (sorted by id), library (count and the top
// cards), graveyard (in order, newest last), command zone and the
// permanents the player controls (sorted by id), each indented.
func (s *State) DescribePlayer(seat int) string {
	p := s.Players[seat]
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s: life %d", p.ID, p.Name, p.Life)
	if len(p.Pool) > 0 {
		b.WriteString(", pool " + poolString(p.Pool))
	}
	for _, c := range p.Counters { // energy, poison (CR 122.1), sorted by kind
		fmt.Fprintf(&b, ", %s %d", c.Kind, c.N)
	}
	if p.LandsPlayed > 0 {
		fmt.Fprintf(&b, ", lands played %d", p.LandsPlayed)
	}
	if p.Mulligans > 0 {
		fmt.Fprintf(&b, ", mulligans %d", p.Mulligans)
	}
	if s.Turn == 0 && !s.GameOver {
		switch {
		case p.Kept:
			b.WriteString(", kept")
		case p.Decided:
			b.WriteString(", mulliganing")
		}
	}
	if p.Lost {
		b.WriteString(", lost: " + p.LossReason)
	}
	b.WriteByte('\n')
	hand := slices.Clone(p.Hand)
	sortIDs(hand)
	fmt.Fprintf(&b, "  hand (%d): %s\n", len(hand), s.describeIDs(hand, false))
	fmt.Fprintf(&b, "  library (%d): %s\n", len(p.Library), s.describeLibrary(p.Library))
	fmt.Fprintf(&b, "  graveyard (%d): %s\n", len(p.Graveyard), s.describeIDs(p.Graveyard, false))
	if len(p.Command) > 0 {
		fmt.Fprintf(&b, "  command (%d): %s\n", len(p.Command), s.describeIDs(p.Command, false))
	}
	var perms []ObjID
	for _, id := range s.Battlefield {
		if s.Objects[id].Controller == seat {
			perms = append(perms, id)
		}
	}
	sortIDs(perms)
	fmt.Fprintf(&b, "  battlefield (%d):", len(perms))
	if len(perms) == 0 {
		b.WriteString(" none")
	}
	b.WriteByte('\n')
	for _, id := range perms {
		b.WriteString("    " + s.DescribePermanent(id) + "\n")
	}
	return b.String()
}

// describeLibrary lists the top cards of a library, top first.
func (s *State) describeLibrary(lib []ObjID) string {
	if len(lib) <= libraryShown {
		return s.describeIDs(lib, false)
	}
	return "top " + s.describeIDs(lib[:libraryShown], false) + fmt.Sprintf(", ... %d more", len(lib)-libraryShown)
}

// describeIDs writes "o1 Forest, o2 Island" or "none"; with owners, each
// object is followed by its owner ("o9 Test Bolt (p2)").
func (s *State) describeIDs(ids []ObjID, owners bool) string {
	if len(ids) == 0 {
		return "none"
	}
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = descObj(s, id)
		if o := s.Obj(id); owners && o != nil {
			parts[i] += " (" + s.playerID(o.Owner) + ")"
		}
		if o := s.Obj(id); o != nil && o.FaceDown {
			parts[i] += " face down"
		}
	}
	return strings.Join(parts, ", ")
}

// DescribePermanent prints a permanent on one line: id, name, power and
// toughness for a creature, then its status in a fixed order: tapped, sick
// (creatures only, CR 302.6), damage, deathtouched, counters (by kind),
// until-end-of-turn boosts, combat, owner when it isn't the controller,
// token.
func (s *State) DescribePermanent(id ObjID) string {
	o := s.Obj(id)
	if o == nil {
		return id.String() + " (gone)"
	}
	parts := []string{descObj(s, id)}
	if o.Is("Creature") {
		parts = append(parts, fmt.Sprintf("%d/%d", o.Power(), o.Toughness()))
	}
	if o.Tapped {
		parts = append(parts, "tapped")
	}
	if o.Sick && o.Is("Creature") {
		parts = append(parts, "sick")
	}
	if o.Damage > 0 {
		parts = append(parts, fmt.Sprintf("damage %d", o.Damage))
	}
	if o.Deathtouched {
		parts = append(parts, "deathtouched")
	}
	if o.AttachedTo != 0 {
		parts = append(parts, "attached to "+descObj(s, o.AttachedTo)) // aura.go
	}
	if t, ok := chosenType(o); ok {
		parts = append(parts, "chose the creature type "+t) // interp_chosen_type.go
	} else if len(o.Chosen) > 1 {
		parts = append(parts, "chose the name "+o.Chosen) // interp_chosen_name.go
	} else if o.Chosen != "" {
		parts = append(parts, "chose "+colorWord(o.Chosen))
	}
	if o.ClassLevel > 1 {
		parts = append(parts, fmt.Sprintf("level %d", o.ClassLevel)) // interp_class.go
	}
	for _, c := range o.Counters {
		parts = append(parts, fmt.Sprintf("%s counters %d", c.Kind, c.N))
	}
	if o.PumpP != 0 || o.PumpT != 0 {
		parts = append(parts, fmt.Sprintf("%s/%s until end of turn", signed(o.PumpP), signed(o.PumpT)))
	}
	o.effectsOn(func(c *Continuous) {
		var what []string
		what = append(what, c.AddSupertypes...)
		what = append(what, c.AddSubtypes...)
		what = append(what, c.AddKeywords...)
		if c.AnyColorMana {
			what = append(what, "{T}: Add one mana of any color")
		}
		if c.P != 0 || c.T != 0 {
			what = append(what, signed(c.P)+"/"+signed(c.T))
		}
		what = append(what, c.Table.describe()...) // table_state.go
		what = append(what, c.Becomes.describe()...)
		if c.Becomes != nil {
			what = append(what, describeGrants(s, c.Becomes.Grants)...) // interp_grant.go
		}
		from := "static ability of " + descObj(s, c.Source)
		if c.Timestamp > 0 {
			from = "until " + strings.ReplaceAll(c.Until, "_", " ")
			if c.Until == "permanent" {
				from = "for the rest of the game" // the table's (table_run.go)
			}
			if c.Until == "" {
				from = "indefinitely" // CR 611.2a
			}
			if c.Source != 0 {
				from += ", from " + c.Source.String()
			}
		}
		parts = append(parts, "gets "+strings.Join(what, ", ")+" ("+from+")")
	})
	if o.Attacking > 0 && o.AttackingPW != 0 {
		parts = append(parts, "attacking "+s.describeTarget(Target{Obj: uint32(o.AttackingPW)}))
		if o.Blocked {
			parts = append(parts, "blocked")
		}
	} else if o.Attacking > 0 {
		parts = append(parts, "attacking "+s.playerID(o.Attacking-1))
		if o.Blocked {
			parts = append(parts, "blocked")
		}
	}
	if o.Blocking != 0 {
		parts = append(parts, "blocking "+s.describeTarget(Target{Obj: uint32(o.Blocking)}))
	}
	if o.Owner != o.Controller {
		parts = append(parts, "owner "+s.playerID(o.Owner))
	}
	if o.Token {
		parts = append(parts, "token")
	}
	return strings.Join(parts, ", ")
}

// DescribeStack prints the stack top first, one object a line, or
// "stack: empty".
func (s *State) DescribeStack() string {
	if len(s.Stack) == 0 {
		return "stack: empty\n"
	}
	var b strings.Builder
	b.WriteString("stack (top first):\n")
	for i := len(s.Stack) - 1; i >= 0; i-- {
		b.WriteString("  " + s.DescribeSpell(s.Stack[i]) + "\n")
	}
	return b.String()
}

// DescribeSpell prints a stack object: "o40 Test Bolt, controller p1,
// targets p2", with the half cast and X when there are.
func (s *State) DescribeSpell(id ObjID) string {
	o := s.Obj(id)
	if o == nil {
		return id.String() + " (gone)"
	}
	line := descObj(s, id)
	if o.Face != "" && o.Def != nil {
		line += " (" + o.Def.Name + " cast as " + o.Face + ")"
	}
	line += ", controller " + s.playerID(o.Controller)
	if o.Text != "" {
		line += fmt.Sprintf(", the table's %q", o.Text) // table_ops.go
	}
	if o.X != 0 || o.Def != nil && !o.isAbility() && o.def().Cost.HasX() {
		line += fmt.Sprintf(", X=%d", o.X)
	}
	if len(o.Targets) > 0 {
		line += ", targets " + s.describeTargets(o.Targets)
	}
	return line
}

func (s *State) describeTargets(ts []Target) string {
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = s.describeTarget(t)
	}
	return strings.Join(parts, ", ")
}

// describeTarget names a target: a player's id, or the object, marked
// "(gone)" once it has left its zone.
func (s *State) describeTarget(t Target) string {
	if t.Obj == 0 {
		return s.playerID(t.Player)
	}
	id := ObjID(t.Obj)
	if s.Obj(id) == nil {
		return id.String() + " (gone)"
	}
	return descObj(s, id)
}

// DescribeResult says how the game and the match ended, or "" while the
// game goes on.
func (s *State) DescribeResult() string {
	var parts []string
	if s.GameOver {
		if s.Winner >= 0 {
			parts = append(parts, fmt.Sprintf("game %d over: %s won", s.Game, s.playerID(s.Winner)))
		} else {
			parts = append(parts, fmt.Sprintf("game %d over: a draw", s.Game))
		}
	}
	if s.Over {
		parts = append(parts, "match over")
	}
	return strings.Join(parts, "; ")
}

// DescribePending says what the game waits for, with the question's
// details: "p1 to act with priority", "p1 to choose play_or_draw: play or
// draw", "the table to supply a shuffle of p2's library".
func (s *State) DescribePending() string {
	return s.DescribeQuestion(s.Pending)
}

// DescribeQuestion prints a question as DescribePending does.
func (s *State) DescribeQuestion(q Question) string {
	who := s.playerID(q.Player)
	switch q.Ask {
	case AskPriority:
		return who + " to act with priority"
	case AskRandom:
		if q.Random == events.RandomShuffle {
			what := ""
			if q.What == whatShuffleInto { // interp_shuffle_into.go
				return "the table to supply a shuffle of " + s.playerID(q.Of) + "'s library with " + s.describeIDs(refsToIDs(q.Options), false) + " shuffled into it"
			}
			if q.What != "" {
				what = " (" + q.What + ")"
			}
			return "the table to supply a shuffle of " + s.playerID(q.Of) + "'s library" + what
		}
		if q.Random == events.RandomOrder && len(q.Options) > 0 {
			return "the table to supply a random order of " + strings.Join(q.Options, ", ") + " (to the bottom of " + s.playerID(q.Of) + "'s library)"
		}
		return "the table to supply a random " + q.Random
	case AskMulligan:
		return fmt.Sprintf("%s to keep or mulligan (mulligans taken %d)", who, q.N)
	case AskChoose:
		line := who + " to choose " + q.What
		if q.What == whatResolve {
			count := strconv.Itoa(q.N)
			if q.Max != q.N {
				count = fmt.Sprintf("%d to %d", q.N, q.Max)
			}
			line = fmt.Sprintf("%s to choose, for %s (%s), %s of", who, descObj(s, q.Resolving), q.Prompt, count)
			if len(q.Options) == 0 {
				return line + " nothing"
			}
			return line + " " + strings.Join(q.Options, ", ")
		}
		if q.What == whatTriggerTarget {
			return fmt.Sprintf("%s to choose a target for %s (%s): %s", who, descObj(s, q.Resolving), q.Prompt, strings.Join(q.Options, ", "))
		}
		if q.What == whatDiscard {
			return fmt.Sprintf("%s to choose %s: %d card%s from hand", who, q.What, q.N, plural(q.N))
		}
		if len(q.Options) > 0 {
			line += ": " + strings.Join(q.Options, " or ")
		}
		return line
	case AskAttack:
		return who + " to declare attackers"
	case AskBlock:
		return who + " to declare blockers"
	case AskCast:
		return fmt.Sprintf("%s to cast, for %s (%s), %s", who, descObj(s, q.Resolving), q.Prompt, strings.Join(q.Options, ", "))
	}
	return "nothing: the match is over"
}

// DescribeEffect prints one effect on one line. s is the state the effect
// applies to, before it is applied: a moved object is named by what it was,
// a life change shows the total before and after.
func DescribeEffect(s *State, e Effect) string {
	pl := s.playerID
	switch e.Op {
	case OpCreate:
		name := ""
		if int(e.Card) < len(s.Cards) && s.Cards[e.Card].Def != nil {
			name = " " + s.Cards[e.Card].Def.Name
		}
		return fmt.Sprintf("create %s %s%s in %s%s", e.Obj, e.Card, name, s.zoneOf(e.Zone, e.Seat), position(e.Zone, e.N))
	case OpMove:
		o := s.Obj(e.Obj)
		from, owner := "?", e.Seat
		if o != nil {
			from, owner = s.zoneOf(o.Zone, o.Owner), o.Owner
		}
		line := fmt.Sprintf("move %s %s -> %s%s as %s", descObj(s, e.Obj), from, s.zoneOf(e.Zone, owner), position(e.Zone, e.N), e.To)
		if (e.Zone == ZoneBattlefield || e.Zone == ZoneStack) && e.Seat != owner {
			line += " under " + pl(e.Seat)
		}
		return line
	case OpOrder:
		return fmt.Sprintf("order %s library, top first: %s", pl(e.Seat), s.describeIDs(e.List, false))
	case OpTap:
		return "tap " + descObj(s, e.Obj)
	case OpUntap:
		return "untap " + descObj(s, e.Obj)
	case OpSick:
		if e.N != 0 {
			return "summoning sick " + descObj(s, e.Obj)
		}
		return "no longer summoning sick " + descObj(s, e.Obj)
	case OpAddMana:
		if e.Spend != nil {
			if e.N&2 != 0 { // interp_chosen_type.go
				return fmt.Sprintf("add {%s} to %s's pool from %s, only for %s spells, which can't be countered", e.Color.Letter(), pl(e.Seat), descObj(s, e.Obj), spendText(e.Spend))
			}
			return fmt.Sprintf("add {%s} to %s's pool from %s, only for %s spells", e.Color.Letter(), pl(e.Seat), descObj(s, e.Obj), spendText(e.Spend))
		}
		return fmt.Sprintf("add {%s} to %s's pool from %s", e.Color.Letter(), pl(e.Seat), descObj(s, e.Obj))
	case OpSpendMana:
		if e.Seat >= 0 && e.Seat < len(s.Players) && e.N >= 0 && e.N < len(s.Players[e.Seat].Pool) {
			m := s.Players[e.Seat].Pool[e.N]
			return fmt.Sprintf("spend {%s} from %s's pool (made by %s)", m.Color.Letter(), pl(e.Seat), descObj(s, m.Source))
		}
		return fmt.Sprintf("spend mana %d from %s's pool", e.N, pl(e.Seat))
	case OpEmptyPools:
		var lost []string
		for _, p := range s.Players {
			if len(p.Pool) > 0 {
				lost = append(lost, p.ID+" loses "+poolString(p.Pool))
			}
		}
		if len(lost) == 0 {
			return "mana pools empty"
		}
		return "mana pools empty: " + strings.Join(lost, ", ")
	case OpLife:
		if e.Seat >= 0 && e.Seat < len(s.Players) {
			l := s.Players[e.Seat].Life
			return fmt.Sprintf("life %s %s (%d -> %d)", pl(e.Seat), signed(e.N), l, l+e.N)
		}
		return fmt.Sprintf("life %s %s", pl(e.Seat), signed(e.N))
	case OpDamage:
		total := e.N
		if o := s.Obj(e.Obj); o != nil {
			total += o.Damage
		}
		return fmt.Sprintf("damage %d to %s (marked %d)", e.N, descObj(s, e.Obj), total)
	case OpClearDamage:
		return "damage wears off"
	case OpCounter:
		return fmt.Sprintf("counters %s %s on %s", signed(e.N), e.Kind, descObj(s, e.Obj))
	case OpStep:
		if e.Step == StepNone {
			return "starting player " + pl(e.Seat)
		}
		if e.N != s.Turn || e.Seat != s.Active {
			return fmt.Sprintf("turn %d of %s: %s", e.N, pl(e.Seat), e.Step)
		}
		return "step " + e.Step.String()
	case OpPriority:
		if e.Seat < 0 {
			return "priority none"
		}
		if e.N > 0 {
			return fmt.Sprintf("priority %s (%d pass%s)", pl(e.Seat), e.N, pluralES(e.N))
		}
		return "priority " + pl(e.Seat)
	case OpAsk:
		if e.Ask == nil {
			return "ask ?"
		}
		return "ask " + s.DescribeQuestion(*e.Ask)
	case OpLandPlayed:
		return "land played by " + pl(e.Seat)
	case OpMulligan:
		n := 1
		if e.Seat >= 0 && e.Seat < len(s.Players) {
			n += s.Players[e.Seat].Mulligans
		}
		return fmt.Sprintf("mulligan %s (mulligan %d)", pl(e.Seat), n)
	case OpKeep:
		return "keep " + pl(e.Seat)
	case OpLose:
		return fmt.Sprintf("lose %s: %s", pl(e.Seat), e.Kind)
	case OpGameOver:
		if e.Seat < 0 {
			return fmt.Sprintf("game %d over: a draw", s.Game)
		}
		return fmt.Sprintf("game %d over: %s wins", s.Game, pl(e.Seat))
	case OpSpell:
		line := "spell " + descObj(s, e.Obj)
		if e.Kind != "" {
			line += " cast as " + e.Kind
		}
		hasX := e.N != 0
		if o := s.Obj(e.Obj); o != nil && o.Def != nil {
			def := o.Def
			if f := o.Def.Face(e.Kind); f != nil {
				def = f
			}
			hasX = hasX || def.Cost.HasX()
		}
		if hasX {
			line += fmt.Sprintf(" X=%d", e.N)
		}
		if e.Zone != ZoneNone {
			line += " from " + castFromName(e.Zone)
		}
		if len(e.Targets) > 0 {
			line += " targets " + s.describeTargets(e.Targets)
		}
		return line
	case OpNewGame:
		return fmt.Sprintf("game %d begins", e.N)
	case OpMatch:
		return fmt.Sprintf("match %s, format %s, starting life %d", e.Name, e.Kind, e.N)
	case OpPlayer:
		return fmt.Sprintf("player %s %s in seat %d", e.Kind, e.Name, e.Seat)
	case OpCard:
		line := fmt.Sprintf("card %s %s owned by %s", e.Card, e.Name, pl(e.Seat))
		if e.N == 1 {
			line += " (sideboard)"
		}
		return line
	case OpDecided:
		if e.N == 1 {
			return "mulligan decided by " + pl(e.Seat)
		}
		return "mulligan carried out by " + pl(e.Seat)
	case OpPump:
		return fmt.Sprintf("pump %s %s/%s until end of turn", descObj(s, e.Obj), signed(e.N), signed(pumpT(e.Card)))
	case OpEndPumps:
		return "until-end-of-turn effects end"
	case OpDeathtouched:
		return "deathtouch damage on " + descObj(s, e.Obj)
	case OpAttack:
		if e.N == 1 && e.To != 0 {
			return fmt.Sprintf("attack %s -> %s (%s's planeswalker)", descObj(s, e.Obj), descObj(s, e.To), pl(e.Seat))
		}
		if e.N == 1 {
			return fmt.Sprintf("attack %s -> %s", descObj(s, e.Obj), pl(e.Seat))
		}
		return "remove from combat " + descObj(s, e.Obj)
	case OpBlock:
		return fmt.Sprintf("block %s blocks %s", descObj(s, e.Obj), descObj(s, e.To))
	case OpVanish:
		return "cease to exist " + descObj(s, e.Obj)
	case OpBestOf:
		return fmt.Sprintf("best of %d", e.N)
	case OpMatchOver:
		return "match over"
	case OpAbility:
		if e.Name != "" { // interp_grant.go
			return fmt.Sprintf("ability %d granted by %s to %s on the stack as %s, controller %s", e.N-grantStackBase, e.Name, descObj(s, e.To), e.Obj, pl(e.Seat))
		}
		return fmt.Sprintf("ability %d of %s on the stack as %s, controller %s", e.N, descObj(s, e.To), e.Obj, pl(e.Seat))
	case OpTrigger:
		if e.N >= delayedBase { // interp_delayed.go
			return fmt.Sprintf("triggers: delayed ability %d of %s (%s), controller %s", e.N-delayedBase, e.Name, e.Obj, pl(e.Seat))
		}
		return fmt.Sprintf("triggers: ability %d of %s (%s), controller %s", e.N, e.Name, e.Obj, pl(e.Seat))
	case OpPutTrigger:
		if len(s.Triggers) > 0 {
			return fmt.Sprintf("trigger of %s on the stack as %s", s.Triggers[0].Def.Name, e.Obj)
		}
		return "trigger on the stack as " + e.Obj.String()
	case OpRequeue:
		return fmt.Sprintf("waiting trigger %d put first", e.N)
	case OpToken:
		return fmt.Sprintf("token %s %s created for %s", e.Obj, e.Name, pl(e.Seat))
	case OpResolveStep:
		return fmt.Sprintf("%s resolves on: step %d", descObj(s, e.Obj), e.N)
	case OpMayCast:
		if o := s.Obj(e.Obj); o != nil && o.Zone == ZoneGraveyard {
			verb := "play"
			if e.Kind == MayCastThisTurn {
				verb = "cast"
			}
			return fmt.Sprintf("%s may %s %s from the graveyard (%s)", pl(e.Seat), verb, descObj(s, e.Obj), e.Kind)
		}
		return fmt.Sprintf("%s may cast %s from exile (%s)", pl(e.Seat), descObj(s, e.Obj), e.Kind)
	}
	if f := extDescribe[e.Op]; f != nil {
		return f(s, e)
	}
	return fmt.Sprintf("effect op %d", e.Op)
}

// descObj names an object "o12 Test Bolt", or just "o12" when it is
// unknown.
func descObj(s *State, id ObjID) string {
	if o := s.Obj(id); o != nil && o.Def != nil {
		return id.String() + " " + o.Name()
	}
	return id.String()
}

// playerID is a seat's player id, "the table" for -1.
func (s *State) playerID(seat int) string {
	if seat >= 0 && seat < len(s.Players) {
		return s.Players[seat].ID
	}
	if seat < 0 {
		return "the table"
	}
	return "seat " + strconv.Itoa(seat)
}

// zoneOf names a zone: "p1 hand", or "battlefield" for a shared zone.
func (s *State) zoneOf(z Zone, seat int) string {
	switch z {
	case ZoneBattlefield, ZoneStack, ZoneExile:
		return z.String()
	}
	return s.playerID(seat) + " " + z.String()
}

// position says where in a zone an object goes, where that matters.
func position(z Zone, n int) string {
	if z != ZoneLibrary {
		return ""
	}
	switch n {
	case -1:
		return " (bottom)"
	case 0:
		return " (top)"
	}
	return fmt.Sprintf(" (%d from the top)", n+1)
}

func signed(n int) string {
	if n >= 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func pluralES(n int) string {
	if n == 1 {
		return ""
	}
	return "es"
}
