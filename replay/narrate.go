package replay

import (
	"fmt"
	"strings"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer"
)

// The narrative `replay log` prints: one entry per input, what the input did
// and what followed from it, as a judge reads a match. Everything in it is
// derived from the input and the effects recorded for it (or derived now),
// told against the state just before each effect, so it says only what
// happened: "p1 Alice casts Lightning Bolt (o40) targeting Bob (p2), paying
// {R}", then on resolution "Lightning Bolt deals 3 damage to Bob (20 -> 17)".
//
// Objects are written "Name (o12)"; an object that changes zones becomes a
// new object (CR 400.7), written "(now o13)". Players are "p1 Alice" when
// they act and "Bob (p2)" when acted on. A narrative told as a player names
// no card that player couldn't see: an opponent's draws are "a card", and a
// hand is counted, not listed.

// Entry is one input of a match, told.
type Entry struct {
	Seq  uint64 `json:"seq"`
	Game int    `json:"game"`
	Turn int    `json:"turn"` // 0 before the first turn
	Step string `json:"step"` // "" before the first turn
	// Player is the input's actor: a player id or "table".
	Player string `json:"player"`
	Kind   string `json:"kind"`
	// Text is what the input did, starting with who did it.
	Text string `json:"text"`
	// Lines are what followed from it, in order; the table's effects are
	// told "(table) ...".
	Lines []string `json:"lines"`
	// Verification is how far the rules checked the input: "verified",
	// "unverified" or "disputed" (the table's effects, verification.go),
	// with the rule and the reason when not verified.
	Verification string   `json:"verification"`
	Cards        []string `json:"cards,omitempty"`
	Rule         string   `json:"rule,omitempty"`
	Reason       string   `json:"reason,omitempty"`
}

// Where is when the input came, in the state before it: "T3 main1", or
// "pregame" before the first turn; games after the first are prefixed, as
// in "G2 T1 upkeep".
func (e Entry) Where() string {
	w := "pregame"
	if e.Turn > 0 {
		w = fmt.Sprintf("T%d %s", e.Turn, e.Step)
	}
	if e.Game > 1 {
		w = fmt.Sprintf("G%d %s", e.Game, w)
	}
	return w
}

// String is the entry's first line: "T3 main1 p1 Alice casts ...".
func (e Entry) String() string { return e.Where() + " " + e.Text }

// Narrate tells match's inputs to fn one by one, in seq order, as viewer as
// sees them (see Viewer; "" is the judge). It stops at an input the rules
// forbid with an *IllegalError, every input before it told.
func Narrate(src Source, match, as string, fn func(Entry) error) error {
	sum, err := src.Match(match)
	if err != nil {
		return err
	}
	if as, err = Viewer(sum, as); err != nil {
		return err
	}
	n := &narrator{g: reducer.New(nil), as: as}
	return Replay(src, match, func(_ *reducer.Game, in Input) error {
		return fn(n.entry(in))
	})
}

// entry tells one input with what the rules said of it, as the viewer may
// read that (Verification.SeenBy).
func (n *narrator) entry(in Input) Entry {
	e := n.tell(in.Event, in.Effects)
	e.Verification = reducer.Verified
	if in.Verification != nil {
		v := in.Verification.SeenBy(n.as, in.Event.Actor)
		e.Verification, e.Cards, e.Rule, e.Reason = v.Status, v.Cards, v.Rule, v.Reason
		e.Lines = append([]string{v.String()}, e.Lines...)
	}
	return e
}

// narrator keeps its own copy of the game, one effect behind the telling.
type narrator struct {
	g  *reducer.Game
	as string // "judge", "public" or a player id
}

// telling is one input being told.
type telling struct {
	*narrator
	ev    *events.Event
	lines []string
	group *group

	// The input's own doings, gathered from its effects.
	spell       reducer.ObjID // cast: the spell on the stack
	spellName   string
	spellDetail string // " as Fire", " with X=3", " targeting ..."
	land        reducer.ObjID
	landName    string
	paid, added []string // mana letters spent by a cast, added by an activation
	tapped      []reducer.ObjID
	manaSource  reducer.ObjID // the first source of the mana added
	// extraMana is mana an activation added from other sources (Heartbeat
	// of Spring's trigger on a tapped land), in order.
	extraMana   []sourcedMana
	ability     reducer.ObjID // activate: the ability put on the stack
	abilityText string        // "Walking Ballista (o12): Walking Ballista's ability (o40)"
	costs       []string      // activate: costs other than mana, as paid
	attacks     [][2]string   // attacker, defender
	blocks      [][2]string   // blocker, attacker

	// resolving is the spell resolving during a pass, until it leaves the
	// stack; announced once anything follows from it.
	resolving reducer.ObjID
	announced bool
	// table counts the table's effects still to tell (narrate_table.go).
	table int
	// copies are the copies of spells gone from the stack, by the id the
	// engine moved them to, named as they were (copyGone).
	copies map[reducer.ObjID]string
	// entered is the permanent the effect just told put onto the
	// battlefield: tapped next, it entered tapped.
	entered reducer.ObjID
	// asEnters: the input answers how a permanent enters ("pay 2 life, or
	// it enters tapped"): tapping it now is its entering tapped.
	asEnters bool
	// combatSrc is the source of the combat damage told last, and
	// pwTold the attackers whose combat damage to a planeswalker was told
	// in this step (pwAttacker).
	combatSrc reducer.ObjID
	pwTold    map[reducer.ObjID]bool
}

// tell applies an input's effects to the narrator's game, one by one, and
// tells what they did.
func (n *narrator) tell(ev *events.Event, effs []reducer.Effect) Entry {
	s := n.g.S
	e := Entry{Seq: ev.Seq, Game: s.Game, Turn: s.Turn, Player: ev.Actor, Kind: string(ev.Kind)}
	if s.Turn > 0 {
		e.Step = s.Step.String()
	}
	t := &telling{narrator: n, ev: ev}
	before := t.prepare()
	quiet := ev.Kind == events.KindMatchStarted || ev.Kind == events.KindSetup
	for i := range effs {
		switch {
		case quiet:
		case effs[i].Op == reducer.OpTable:
			t.table = effs[i].N
		case t.table > 0:
			t.table--
			t.tableEffect(&effs[i])
		default:
			t.effect(&effs[i])
		}
		n.g.Apply(effs[i : i+1])
	}
	t.flush()
	e.Text = t.text(before)
	if ev.Kind == events.KindSetup {
		t.lines = append(t.lines, t.position()...)
	}
	e.Lines = t.lines
	if e.Lines == nil {
		e.Lines = []string{}
	}
	return e
}

// beforeInput is what an input's text needs from the state before it.
type beforeInput struct {
	hand    int // the actor's hand size
	pending reducer.Question
	// resolving names the spell or ability a question comes from, as it
	// was before the answer moved it.
	resolving string
	// free: a cast answering the question is without paying the mana
	// cost (cascade, discover; madness pays its madness cost).
	free bool
	// answer is a choose's answer, objects named as they were where the
	// viewer sees them ("Island (o85)"), else as given.
	answer []string
}

// prepare notes what the text needs from the state before the input, and
// whether a pass resolves the top of the stack (CR 117.4).
func (t *telling) prepare() beforeInput {
	s := t.g.S
	b := beforeInput{pending: s.Pending}
	b.free = s.Pending.Ask == reducer.AskCast && (s.Discovery == nil || !s.Discovery.Madness)
	if s.Pending.Resolving != 0 {
		b.resolving = t.obj(s.Pending.Resolving)
	}
	if p, ok := events.PlayerOf(t.ev.Body); ok {
		if seat := s.Seat(p); seat >= 0 {
			b.hand = len(s.Players[seat].Hand)
		}
	}
	if c, ok := t.ev.Body.(*events.Choose); ok {
		for _, a := range c.Answer {
			if kind, n, ok := parseRef(a); ok && kind == 'o' {
				if o := s.Obj(reducer.ObjID(n)); o != nil && t.sees(o.Zone, o.Owner) {
					a = t.obj(o.ID)
				}
			}
			b.answer = append(b.answer, a)
		}
	}
	t.asEnters = s.Pending.What == "as_enters"
	if t.ev.Kind == events.KindPass && len(s.Stack) > 0 && s.Pending.Ask == reducer.AskPriority && s.Passes+1 >= len(s.Players) {
		t.resolving = s.Stack[len(s.Stack)-1]
	}
	if q := s.Pending; q.Resolving != 0 && q.Ask != reducer.AskPriority {
		// A spell or ability that asked a question goes on resolving with
		// the answer; its resolution was told already.
		t.resolving, t.announced = q.Resolving, true
	}
	return b
}

// line adds a line of what followed, after any gathered group.
func (t *telling) line(format string, args ...any) {
	t.flush()
	t.announce()
	t.lines = append(t.lines, fmt.Sprintf(format, args...))
}

// announce says the resolving spell resolves, before the first thing that
// follows from it.
func (t *telling) announce() {
	if t.resolving != 0 && !t.announced {
		t.announced = true
		t.lines = append(t.lines, t.obj(t.resolving)+" resolves")
	}
}

// actor is how a player is named acting: "p1 Alice".
func (t *telling) actor(seat int) string {
	s := t.g.S
	if seat < 0 || seat >= len(s.Players) {
		return events.TableActor
	}
	return s.Players[seat].ID + " " + s.Players[seat].Name
}

// target is how a player is named acted on: "Bob (p2)".
func (t *telling) target(seat int) string {
	s := t.g.S
	if seat < 0 || seat >= len(s.Players) {
		return "nobody"
	}
	return s.Players[seat].Name + " (" + s.Players[seat].ID + ")"
}

// who names the input's actor.
func (t *telling) who() string {
	if p, ok := events.PlayerOf(t.ev.Body); ok {
		if seat := t.g.S.Seat(p); seat >= 0 {
			return t.actor(seat)
		}
	}
	return t.ev.Actor
}

// sees reports whether the viewer sees what is in zone z of seat's.
func (t *telling) sees(z reducer.Zone, seat int) bool {
	switch {
	case t.as == reducer.ViewJudge:
		return true
	case z == reducer.ZoneLibrary:
		return false
	case z == reducer.ZoneHand:
		s := t.g.S
		return seat >= 0 && seat < len(s.Players) && s.Players[seat].ID == t.as
	}
	return true
}

// obj names an object: "Lightning Bolt (o40)".
func (t *telling) obj(id reducer.ObjID) string {
	name := "an object"
	if o := t.g.S.Obj(id); o != nil && o.Name() != "" {
		name = o.Name()
	}
	return name + " (" + id.String() + ")"
}

// sourcedMana is mana letters some source added.
type sourcedMana struct {
	source  reducer.ObjID
	letters []string
}

// pluralInt is "1 card" or "3 cards".
func pluralInt(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// article is "a +1/+1 counter" or "3 +1/+1 counters".
func article(n int, word string) string {
	if n == 1 {
		return withArticle(word)
	}
	return pluralInt(n, word)
}

// withArticle is "a Thopter", "an Elf".
func withArticle(word string) string {
	if word != "" && strings.ContainsRune("AEIOUaeiou", rune(word[0])) {
		return "an " + word
	}
	return "a " + word
}

// tokenWords names a created token: "a Thopter token", and "a Thopter
// Token" for a token named by its subtypes and "Token" (CR 111.4).
func tokenWords(name string) string {
	if strings.HasSuffix(name, " Token") {
		return withArticle(name)
	}
	return withArticle(name) + " token"
}

func mana(letters []string) string {
	var b strings.Builder
	for _, l := range letters {
		b.WriteString("{" + l + "}")
	}
	return b.String()
}
