package replay

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"unicode"

	"github.com/chronicle-mtg/chronicle/reducer"
)

// Forge's game state file: a [metadata] section (a puzzle's name, goal and
// description) and a [state] section of key=value lines. The first seat is
// Forge's "human", the second its "ai": humanlife=, humancounters=POISON=3,
// activeplayer=, activephase= (MAIN1, COMBAT_DECLARE_ATTACKERS, ...), and a
// line per zone, humanbattlefield=Grizzly Bears|Tapped|Counters:P1P1=2;...
// Lines starting with # are comments.

// forgePhases are Forge's names of Chronicle's steps.
var forgePhases = map[string]string{
	"untap": "UNTAP", "upkeep": "UPKEEP", "draw": "DRAW", "main1": "MAIN1",
	"begin_combat": "COMBAT_BEGIN", "declare_attackers": "COMBAT_DECLARE_ATTACKERS",
	"declare_blockers": "COMBAT_DECLARE_BLOCKERS", "first_strike_damage": "COMBAT_FIRST_STRIKE_DAMAGE",
	"combat_damage": "COMBAT_DAMAGE", "end_combat": "COMBAT_END", "main2": "MAIN2",
	"end": "END_OF_TURN", "cleanup": "CLEANUP",
}

// exportForge writes the position after seq at as a Forge game state.
func exportForge(w io.Writer, src Source, sum Summary, at uint64, report io.Writer) error {
	p, err := positionAt(src, sum, at)
	if err != nil {
		return err
	}
	s := p.state
	v := s.View(reducer.ViewJudge)
	f := &Fidelity{}
	dropCommon(f, v)
	if len(p.tail) > 0 {
		f.drop("the %d inputs after seq %d: a game state holds a position, not what followed (--format xmage-test keeps them)", len(p.tail), at)
	}
	who := map[string]string{v.Players[0].ID: "human", v.Players[1].ID: "ai"}
	ids := map[string]int{} // Chronicle object id -> the Id a line gives it
	referenced := map[string]bool{}
	for _, o := range v.Battlefield {
		if o.AttachedTo != "" {
			referenced[o.AttachedTo] = true
		}
		if o.AttackingPlaneswalker != "" {
			referenced[o.AttackingPlaneswalker] = true
		}
	}
	for i, id := range slices.Sorted(maps.Keys(referenced)) {
		ids[id] = i + 1
	}

	var st strings.Builder
	fmt.Fprintf(&st, "activeplayer=%s\n", who[v.ActivePlayer])
	phase := forgePhases[v.Step]
	if phase == "" {
		phase = "MAIN1"
		f.drop("the step %q before the first turn: placed in the first main phase", v.Step)
	}
	fmt.Fprintf(&st, "activephase=%s\n", phase)
	combat := v.Step == "declare_attackers" || v.Step == "declare_blockers"
	for _, pv := range v.Players {
		side := who[pv.ID]
		fmt.Fprintf(&st, "%slife=%d\n", side, pv.Life)
		if cs := forgeCounters(pv.Counters); cs != "" {
			fmt.Fprintf(&st, "%scounters=%s\n", side, cs)
		}
		zones := []struct {
			name string
			objs []reducer.ObjectView
		}{{"hand", pv.Hand}, {"library", pv.Library}, {"graveyard", pv.Graveyard}}
		for _, z := range zones {
			fmt.Fprintf(&st, "%s%s=%s\n", side, z.name, forgeCards(s, z.objs, f, nil, false))
		}
		var exiled, mine []reducer.ObjectView
		for _, o := range v.Exile {
			if o.Owner == pv.ID {
				exiled = append(exiled, o)
			}
		}
		for _, o := range v.Battlefield {
			if o.Owner == pv.ID {
				mine = append(mine, o)
			}
			if o.Owner == pv.ID && o.Controller != o.Owner {
				f.drop("control of %s (%s) by %s: Forge places it under its owner %s", o.Name, o.ID, o.Controller, o.Owner)
			}
		}
		fmt.Fprintf(&st, "%sexile=%s\n", side, forgeCards(s, exiled, f, ids, false))
		fmt.Fprintf(&st, "%sbattlefield=%s\n", side, forgeCards(s, mine, f, ids, combat))
	}
	for _, o := range v.Battlefield {
		if !combat && (o.Attacking != "" || o.Blocking != "") {
			f.drop("combat in the %s step: Forge places attackers only in the declare attackers and blockers steps", v.Step)
		}
		if o.Blocking != "" {
			f.drop("blockers (%s blocking %s): Forge's state places attackers only", o.ID, o.Blocking)
		}
	}
	f.carry("life totals, poison and energy, the active player and step, hands, libraries in order (top first), graveyards, exile and permanents with tapped, summoning sickness, counters, damage, attachments, faces up and attackers")

	fmt.Fprintf(w, "# Chronicle: match %s after seq %d (game %d, turn %d %s), as Forge's game state.\n", sum.Match, at, v.Game, v.Turn, v.Step)
	fmt.Fprintf(w, "# %s is human, %s is ai.\n", v.Players[0].ID, v.Players[1].ID)
	for _, l := range f.lines("# ") {
		fmt.Fprintln(w, l)
	}
	fmt.Fprintf(w, "[metadata]\nName:Chronicle %s seq %d\nGoal:Win\nTurns:1\nDifficulty:Easy\nDescription:The position after seq %d of match %s, exported by Chronicle.\n[state]\n", sum.Match, at, at, sum.Match)
	_, err = io.WriteString(w, st.String())
	writeReport(report, FormatForge, f)
	return err
}

// forgeCards writes a zone's cards: "Name|Modifier|...;Name".
func forgeCards(s *reducer.State, objs []reducer.ObjectView, f *Fidelity, ids map[string]int, combat bool) string {
	var parts []string
	for _, o := range objs {
		if o.Token {
			f.drop("the token %s (%s): Forge names tokens by its own token scripts", o.Name, o.ID)
			continue
		}
		var b strings.Builder
		b.WriteString(cardName(s, o))
		if n := ids[o.ID]; n > 0 {
			fmt.Fprintf(&b, "|Id:%d", n)
		}
		if o.Zone == "battlefield" {
			if o.Tapped {
				b.WriteString("|Tapped")
			}
			if o.SummoningSick {
				b.WriteString("|SummonSick")
			}
			switch {
			case o.Face == "":
			case strings.Contains(strings.ToLower(o.Layout), "flip"):
				b.WriteString("|Flipped")
			case o.Layout == "transform" || o.Layout == "modal_dfc":
				b.WriteString("|Transformed")
			default:
				f.drop("the face %q of %s (%s)", o.Face, o.Name, o.ID)
			}
			if n := ids[o.AttachedTo]; n > 0 {
				fmt.Fprintf(&b, "|Attaching:%d", n)
			}
			if o.Damage > 0 {
				fmt.Fprintf(&b, "|Damage:%d", o.Damage)
			}
			if o.ChosenColor != "" {
				fmt.Fprintf(&b, "|ChosenColor:%s", colorWord(o.ChosenColor))
			}
			if combat && o.Attacking != "" {
				b.WriteString("|Attacking")
				if n := ids[o.AttackingPlaneswalker]; n > 0 {
					fmt.Fprintf(&b, ":%d", n)
				}
			}
		}
		if o.FaceDown {
			b.WriteString("|FaceDown")
		}
		if cs := forgeCounters(o.Counters); cs != "" && (o.Zone == "battlefield" || o.Zone == "exile") {
			b.WriteString("|Counters:" + cs)
		}
		parts = append(parts, b.String())
	}
	return strings.Join(parts, ";")
}

// forgeCounters writes counters as Forge names them: P1P1=2,LOYALTY=3.
func forgeCounters(cs map[string]int) string {
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(cs)) {
		name := map[string]string{"+1/+1": "P1P1", "-1/-1": "M1M1"}[k]
		if name == "" {
			name = strings.Map(func(r rune) rune {
				if unicode.IsLetter(r) || unicode.IsDigit(r) {
					return unicode.ToUpper(r)
				}
				return -1
			}, k)
		}
		parts = append(parts, fmt.Sprintf("%s=%d", name, cs[k]))
	}
	return strings.Join(parts, ",")
}

// colorWord is a mana letter's colour as Forge writes it.
func colorWord(letter string) string {
	return map[string]string{"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}[letter]
}
