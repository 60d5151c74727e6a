package replay

import (
	"fmt"
	"strings"

	"github.com/chronicle-mtg/chronicle/reducer"
)

// Telling the table's effects: the effects that follow an OpTable effect
// are the table's, not the rules' (reducer, table.go), and each is told on
// a line of its own starting "(table) ", so that a judge sees what the
// rules derived and what the table said apart. A card the viewer can't
// see is "a card", as everywhere.

// tableLine adds a line the table's effects tell.
func (t *telling) tableLine(format string, args ...any) {
	t.line("(table) "+format, args...)
}

// tableEffect tells one of the table's effects, s being the state before it.
func (t *telling) tableEffect(e *reducer.Effect) {
	s := t.g.S
	switch e.Op {
	case reducer.OpMove:
		o := s.Obj(e.Obj)
		if o == nil {
			return
		}
		now := " (now " + e.To.String() + ")"
		if !t.sees(e.Zone, o.Owner) {
			now = "" // no id in a zone the viewer can't see
		}
		t.tableLine("%s moves from %s to %s%s", t.seenOrCard(o, e.Zone, e), t.zone(o.Zone, o.Owner), t.zone(e.Zone, o.Owner), now)
	case reducer.OpTap:
		t.tableLine("%s becomes tapped", t.obj(e.Obj))
	case reducer.OpUntap:
		t.tableLine("%s becomes untapped", t.obj(e.Obj))
	case reducer.OpCounter:
		if e.N >= 0 {
			t.tableLine("%s gets %s", t.obj(e.Obj), article(e.N, e.Kind+" counter"))
		} else {
			t.tableLine("%s loses %s", t.obj(e.Obj), article(-e.N, e.Kind+" counter"))
		}
	case reducer.OpPlayerCounter:
		if e.N >= 0 {
			t.tableLine("%s gets %s", t.actor(e.Seat), article(e.N, e.Kind+" counter"))
		} else {
			t.tableLine("%s loses %s", t.actor(e.Seat), article(-e.N, e.Kind+" counter"))
		}
	case reducer.OpDamage:
		if e.To != 0 {
			t.tableLine("%s deals %d damage to %s", t.obj(e.To), e.N, t.obj(e.Obj))
		} else {
			t.tableLine("%s is dealt %d damage", t.obj(e.Obj), e.N)
		}
	case reducer.OpDeathtouched:
		t.tableLine("%s was dealt damage by a source with deathtouch", t.obj(e.Obj))
	case reducer.OpLife:
		p := s.Players[e.Seat]
		change := fmt.Sprintf("(%d -> %d)", p.Life, p.Life+e.N)
		switch {
		case e.To != 0 && e.N < 0:
			t.tableLine("%s deals %d damage to %s %s", t.obj(e.To), -e.N, p.Name, change)
		case e.N < 0:
			t.tableLine("%s loses %d life %s", p.Name, -e.N, change)
		default:
			t.tableLine("%s gains %d life %s", p.Name, e.N, change)
		}
	case reducer.OpAddMana:
		t.tableLine("%s adds {%s}", t.actor(e.Seat), e.Color.Letter())
	case reducer.OpSpendMana:
		letter := "?"
		if pool := s.Players[e.Seat].Pool; e.N >= 0 && e.N < len(pool) {
			letter = pool[e.N].Color.Letter()
		}
		t.tableLine("%s spends {%s}", t.actor(e.Seat), letter)
	case reducer.OpToken, reducer.OpCopyToken:
		t.tableLine("%s creates %s (%s)", t.actor(e.Seat), tokenWords(e.Name), e.Obj)
	case reducer.OpTableToken:
		name := "a token"
		if e.Facts != nil {
			name = withArticle(e.Facts.Name) + " token"
		}
		t.tableLine("%s creates %s (%s)", t.actor(e.Seat), name, e.Obj)
	case reducer.OpTableAbility:
		src := "an ability"
		if o := s.Obj(e.To); o != nil && o.Def != nil {
			src = o.Def.Name + "'s ability"
		}
		line := fmt.Sprintf("%s goes on the stack (%s): %q", src, e.Obj, e.Name)
		if ts := t.targets(e.Targets); len(ts) > 0 {
			line += " targeting " + strings.Join(ts, ", ")
		}
		t.tableLine("%s", line)
	case reducer.OpVanish:
		if o := s.Obj(e.Obj); o != nil && (o.Ability > 0 || o.Trigger > 0 || o.Text != "") {
			if e.Obj == t.resolving {
				t.resolving = 0
			}
			t.tableLine("%s resolves", t.obj(e.Obj))
		} else {
			t.tableLine("%s ceases to exist", t.obj(e.Obj))
		}
	case reducer.OpAttach:
		if e.To == 0 {
			t.tableLine("%s becomes attached to nothing", t.obj(e.Obj))
		} else {
			t.tableLine("%s becomes attached to %s", t.obj(e.Obj), t.obj(e.To))
		}
	case reducer.OpControl:
		t.tableLine("%s gains control of %s", t.actor(e.Seat), t.obj(e.Obj))
	case reducer.OpBecomeCopy:
		t.tableLine("%s becomes a copy of %s", t.obj(e.Obj), e.Name)
	case reducer.OpPump:
		t.tableLine("%s gets %+d/%+d until end of turn", t.obj(e.Obj), e.N, int(e.Card))
	case reducer.OpAddContinuous:
		if c := e.Cont; c != nil {
			var objs []string
			for _, id := range c.Objects {
				objs = append(objs, t.obj(id))
			}
			t.tableLine("%s gets an effect lasting until %s", strings.Join(objs, ", "), strings.ReplaceAll(c.Until, "_", " "))
		}
	case reducer.OpEndContinuous:
		t.tableLine("a continuous effect ends")
	case reducer.OpFaceDown:
		if e.N == 1 {
			t.tableLine("%s is turned face down", t.obj(e.Obj))
		} else {
			t.tableLine("%s is turned face up", t.obj(e.Obj))
		}
	case reducer.OpReveal:
		o := s.Obj(e.Obj)
		if o == nil {
			return
		}
		to := "everyone"
		var ids []string
		for seat := range s.Players {
			if e.N&(1<<seat) != 0 {
				ids = append(ids, t.target(seat))
			}
		}
		if len(ids) > 0 {
			to = strings.Join(ids, ", ")
		}
		name := o.Name() + " (" + e.Obj.String() + ")"
		if !t.sees(o.Zone, o.Owner) && !t.revealedTo(e.N) {
			name = "a card"
		}
		t.tableLine("%s reveals %s to %s", t.actor(o.Owner), name, to)
	case reducer.OpOrder:
		t.tableLine("%s's library is put in a new order", t.actor(e.Seat))
	case reducer.OpStackOrder:
		t.tableLine("the stack is put in a new order")
	case reducer.OpLose:
		t.tableLine("%s loses: %s", t.actor(e.Seat), e.Kind)
	default:
		t.effect(e)
	}
}

// zone names a zone for the table's moves: "p1's hand", "the stack".
func (t *telling) zone(z reducer.Zone, owner int) string {
	switch z {
	case reducer.ZoneBattlefield, reducer.ZoneStack, reducer.ZoneExile:
		return "the " + z.String()
	}
	return t.g.S.Players[owner].ID + "'s " + z.String()
}

// revealedTo reports whether a reveal to the players of mask (0: all)
// shows the card to the viewer.
func (t *telling) revealedTo(mask int) bool {
	if mask == 0 {
		return true
	}
	for seat, p := range t.g.S.Players {
		if mask&(1<<seat) != 0 && p.ID == t.as {
			return true
		}
	}
	return false
}
