package replay

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer"
)

// An XMage test skeleton: a JUnit test on CardTestPlayerBase. The first
// seat is playerA, the second playerB; the test's turn 1 is playerA's, so
// the position's turn is the test's turn 1 when the first seat is active
// and its turn 2 otherwise. The position is placed with addCard and
// setLife; each decision after it is a call of the test API at its turn
// and step (castSpell, activateAbility, playLand, attack, block,
// setChoice); the test ends with the life totals and permanents Chronicle
// says the game came to, as assertions. Mana abilities are left to XMage's
// automatic payment.

// xmageSteps are XMage's PhaseStep names of Chronicle's steps.
var xmageSteps = map[string]string{
	"untap": "UNTAP", "upkeep": "UPKEEP", "draw": "DRAW", "main1": "PRECOMBAT_MAIN",
	"begin_combat": "BEGIN_COMBAT", "declare_attackers": "DECLARE_ATTACKERS",
	"declare_blockers": "DECLARE_BLOCKERS", "first_strike_damage": "FIRST_COMBAT_DAMAGE",
	"combat_damage": "COMBAT_DAMAGE", "end_combat": "END_COMBAT", "main2": "POSTCOMBAT_MAIN",
	"end": "END_TURN", "cleanup": "CLEANUP",
}

// exportXMage writes the position after seq at and the decisions after it
// as an XMage test.
func exportXMage(w io.Writer, src Source, sum Summary, at uint64, report io.Writer) error {
	p, err := positionAt(src, sum, at)
	if err != nil {
		return err
	}
	s := p.state
	v := s.View(reducer.ViewJudge)
	f := &Fidelity{}
	dropCommon(f, v)
	players := map[string]string{v.Players[0].ID: "playerA", v.Players[1].ID: "playerB"}
	offset := 1 // the test turn of the position's turn
	if v.ActivePlayer == v.Players[1].ID {
		offset = 2
	}
	xturn := func(turn int) int { return turn - v.Turn + offset }

	var b strings.Builder
	line := func(format string, args ...any) {
		if format == "" {
			b.WriteString("\n")
			return
		}
		fmt.Fprintf(&b, "        "+format+"\n", args...)
	}
	line("// The position after seq %d: game %d, turn %d %s (the test's turn %d).", at, v.Game, v.Turn, v.Step, offset)
	for _, pv := range v.Players {
		pl := players[pv.ID]
		line("setLife(%s, %d);", pl, pv.Life)
		if len(pv.Counters) > 0 {
			f.drop("%s's player counters", pv.ID)
		}
		for _, z := range []struct {
			zone string
			objs []reducer.ObjectView
		}{{"HAND", pv.Hand}, {"LIBRARY", pv.Library}, {"GRAVEYARD", pv.Graveyard}} {
			for _, o := range z.objs {
				line("addCard(Zone.%s, %s, %s);", z.zone, pl, javaString(cardName(s, o)))
			}
		}
	}
	for _, o := range v.Exile {
		line("addCard(Zone.EXILED, %s, %s);", players[o.Owner], javaString(cardName(s, o)))
	}
	for _, o := range v.Battlefield {
		if o.Token {
			f.drop("the token %s (%s): the test API adds cards", o.Name, o.ID)
			continue
		}
		line("addCard(Zone.BATTLEFIELD, %s, %s, 1, %t);", players[o.Controller], javaString(cardName(s, o)), o.Tapped)
		if len(o.Counters) > 0 {
			f.drop("counters on %s (%s)", o.Name, o.ID)
		}
		if o.Damage > 0 {
			f.drop("damage marked on %s (%s)", o.Name, o.ID)
		}
		if o.AttachedTo != "" {
			f.drop("%s (%s) attached to %s", o.Name, o.ID, o.AttachedTo)
		}
		if o.Attacking != "" || o.Blocking != "" {
			f.drop("combat as it stands: the test starts before it")
		}
		if o.Face != "" {
			f.drop("the face %q of %s (%s)", o.Face, o.Name, o.ID)
		}
	}
	if len(v.Exile) > 0 {
		f.drop("who exiled each exiled card and how")
	}
	f.carry("life totals, the cards in hands, libraries, graveyards and exile, and the permanents (tapped or not) under their controllers")

	lastTurn, lastStep, end := offset, "END_TURN", s
	if len(p.tail) > 0 {
		line("")
		line("// The decisions that followed.")
	}
	decisions := 0
	for _, in := range p.tail {
		before := in.before
		if before.Game != v.Game {
			f.drop("the inputs after game %d ended (seq %d on)", v.Game, in.ev.Seq)
			break
		}
		call := xmageCall(before, in.ev, players, xturn, f)
		if call != "" {
			line("%s // seq %d", call, in.ev.Seq)
			decisions++
		}
		lastTurn = xturn(before.Turn)
		end = nil
	}
	if end == nil && len(p.tail) > 0 {
		final, err := positionAt(src, sum, p.tail[len(p.tail)-1].ev.Seq)
		if err != nil {
			return err
		}
		end = final.state
	}
	if decisions > 0 {
		f.carry("%d decisions after seq %d as calls of the test API", decisions, at)
	}
	ev := end.View(reducer.ViewJudge)
	if end.Game == v.Game {
		line("")
		line("setStopAt(%d, PhaseStep.%s);", lastTurn, lastStep)
		line("execute();")
		line("")
		line("// What Chronicle says the game came to.")
		for _, pv := range ev.Players {
			line("assertLife(%s, %d);", players[pv.ID], pv.Life)
		}
		counts := map[[2]string]int{}
		for _, o := range ev.Battlefield {
			if !o.Token {
				counts[[2]string{players[o.Controller], cardName(end, o)}]++
			}
		}
		for _, k := range slices.SortedFunc(maps.Keys(counts), func(a, b [2]string) int { return strings.Compare(a[0]+a[1], b[0]+b[1]) }) {
			line("assertPermanentCount(%s, %s, %d);", k[0], javaString(k[1]), counts[k])
		}
	} else {
		line("setStopAt(%d, PhaseStep.%s);", lastTurn, lastStep)
		line("execute();")
		f.drop("the assertions: game %d ended within the decisions", v.Game)
	}

	fmt.Fprintf(w, "package org.mage.test.chronicle;\n\nimport mage.constants.PhaseStep;\nimport mage.constants.Zone;\nimport org.junit.Test;\nimport org.mage.test.serverside.base.CardTestPlayerBase;\n\n")
	fmt.Fprintf(w, "/**\n * Chronicle: match %s after seq %d, as an XMage test. %s is playerA, %s is playerB.\n", sum.Match, at, v.Players[0].ID, v.Players[1].ID)
	for _, l := range f.lines(" * ") {
		fmt.Fprintln(w, l)
	}
	fmt.Fprintf(w, " */\npublic class %s extends CardTestPlayerBase {\n\n    @Test\n    public void test() {\n", javaClass(sum.Match, at))
	io.WriteString(w, b.String())
	_, err = io.WriteString(w, "    }\n}\n")
	writeReport(report, FormatXMage, f)
	return err
}

// xmageCall is the test API's call for one input made in state s, or ""
// for one the test leaves to XMage (a pass, a mana ability) or drops.
func xmageCall(s *reducer.State, ev *events.Event, players map[string]string, xturn func(int) int, f *Fidelity) string {
	step := xmageSteps[s.Step.String()]
	turn := xturn(s.Turn)
	switch b := ev.Body.(type) {
	case *events.Cast:
		name := refName(s, b.Card)
		if b.Face != "" {
			name = b.Face
		}
		args := fmt.Sprintf("%d, PhaseStep.%s, %s, %s", turn, step, players[b.Player], javaString(name))
		if len(b.Targets) > 0 {
			args += ", " + xmageTarget(s, b.Targets[0], players)
		}
		if len(b.Targets) > 1 {
			f.drop("targets after the first of seq %d's %s", ev.Seq, name)
		}
		if b.X != 0 {
			f.drop("X = %d of seq %d's %s", b.X, ev.Seq, name)
		}
		return "castSpell(" + args + ");"
	case *events.Activate:
		src := refName(s, b.Source)
		text, mana := abilityOf(s, b)
		if mana {
			return "" // XMage pays mana itself
		}
		if i := strings.Index(text, ":"); i > 0 {
			text = text[:i+1]
		}
		if text == "" {
			f.drop("seq %d's ability of %s: its text isn't known", ev.Seq, src)
			return ""
		}
		call := fmt.Sprintf("activateAbility(%d, PhaseStep.%s, %s, %s", turn, step, players[b.Player], javaString(text))
		if len(b.Targets) > 0 {
			call += ", " + xmageTarget(s, b.Targets[0], players)
		}
		return call + ");"
	case *events.PlayLand:
		return fmt.Sprintf("playLand(%d, PhaseStep.%s, %s, %s);", turn, step, players[b.Player], javaString(refName(s, b.Card)))
	case *events.Attack:
		var calls []string
		for _, a := range b.Attackers {
			call := fmt.Sprintf("attack(%d, %s, %s", turn, players[b.Player], javaString(refName(s, a.Creature)))
			if a.Defender != "" && players[a.Defender] == "" {
				call += ", " + javaString(refName(s, a.Defender))
			}
			calls = append(calls, call+");")
		}
		return strings.Join(calls, " ")
	case *events.Block:
		var calls []string
		for _, bl := range b.Blocks {
			calls = append(calls, fmt.Sprintf("block(%d, %s, %s, %s);", turn, players[b.Player], javaString(refName(s, bl.Blocker)), javaString(refName(s, bl.Attacker))))
		}
		return strings.Join(calls, " ")
	case *events.Choose:
		var calls []string
		for _, a := range b.Answer {
			calls = append(calls, fmt.Sprintf("setChoice(%s, %s);", players[b.Player], javaString(refName(s, a))))
		}
		if len(calls) > 0 {
			f.drop("the exact questions of the choices (seq %d on): each answer is a setChoice in order", ev.Seq)
		}
		return strings.Join(calls, " ")
	case *events.Random:
		f.drop("the table's random outcomes (seq %d): XMage draws its own", ev.Seq)
	case *events.Concede:
		f.drop("the concession at seq %d", ev.Seq)
	}
	return ""
}

// abilityOf is the text of the ability an activate input names, and
// whether it is a mana ability, as the state's view lists it.
func abilityOf(s *reducer.State, b *events.Activate) (string, bool) {
	v := s.View(reducer.ViewJudge)
	for _, o := range v.Battlefield {
		if o.ID != b.Source && o.Name != b.Source && o.Card != b.Source {
			continue
		}
		for _, a := range o.Activated {
			if a.Number == b.Ability && b.AbilityText == "" || b.AbilityText != "" && strings.HasPrefix(a.Text, b.AbilityText) {
				return a.Text, a.Mana
			}
		}
		return "", len(o.Activated) == 0
	}
	return "", false
}

// xmageTarget is a target as the test API names it: a player variable or
// a card name.
func xmageTarget(s *reducer.State, ref string, players map[string]string) string {
	if p, ok := players[ref]; ok {
		return p
	}
	return javaString(refName(s, ref))
}

// javaString is s as a Java string literal.
func javaString(s string) string { return strconv.Quote(s) }

// javaClass is a class name for the test: ChronicleM1Seq12Test.
func javaClass(match string, at uint64) string {
	var b strings.Builder
	b.WriteString("Chronicle")
	up := true
	for _, r := range match {
		switch {
		case r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9':
			if up && r >= 'a' && r <= 'z' {
				r -= 'a' - 'A'
			}
			b.WriteRune(r)
			up = false
		default:
			up = true
		}
	}
	fmt.Fprintf(&b, "Seq%dTest", at)
	return b.String()
}
