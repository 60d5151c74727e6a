package oracle

import (
	"reflect"

	"github.com/chronicle-mtg/chronicle/ability"
)

// More trigger conditions (CR 603.1): one ability for several events of
// its source ("When ~ enters or dies"), the source or another object
// ("Whenever ~ or another artifact you control enters"), leaving the
// battlefield, a noncreature going to a graveyard from the battlefield,
// playing a land, a Class reaching a level.

func addMoreTriggers(g *grammar) {
	// The source's own events, as they read after "~".
	self := func(ev ability.Event) *ability.Trigger { return &ability.Trigger{Event: ev, Self: true} }
	g.add("selfev", "enters", func(v []any) any { return self(ability.Enters) })
	g.add("selfev", "dies", func(v []any) any { return self(ability.Dies) })
	g.add("selfev", "attacks", func(v []any) any { return self(ability.Attacks) })
	g.add("selfev", "blocks", func(v []any) any { return self(ability.Blocks) })
	g.add("selfev", "leaves the battlefield", func(v []any) any {
		return &ability.Trigger{Event: ability.ZoneChange, Self: true, From: ability.ZoneBattlefield}
	})
	g.add("selfev", "is put into a graveyard from the battlefield", func(v []any) any {
		return &ability.Trigger{Event: ability.ZoneChange, Self: true, From: ability.ZoneBattlefield, To: ability.ZoneGraveyard}
	})
	or := func(a, b any) *ability.Trigger {
		t := *a.(*ability.Trigger)
		t.Or = []ability.Trigger{*b.(*ability.Trigger)}
		return &t
	}
	g.add("trig", "(when | whenever) ~ <selfev> or <selfev>", func(v []any) any {
		a, b := v[0].(*ability.Trigger), v[1].(*ability.Trigger)
		if a.Event == b.Event {
			return nil
		}
		return or(a, b)
	})
	// "Whenever you sacrifice another Eldrazi".
	g.add("trig", "whenever you sacrifice (a | an) <desc>", func(v []any) any {
		return &ability.Trigger{Event: ability.Sacrificed, Player: "you", Subject: filt(v[0])}
	})
	g.add("trig", "whenever you sacrifice another <desc>", func(v []any) any {
		f := merge(filt(v[0]), &ability.Filter{Other: true})
		if f == nil {
			return nil
		}
		return &ability.Trigger{Event: ability.Sacrificed, Player: "you", Subject: f}
	})
	// "When you draw your third card in a turn" (Sneaky Snacker).
	for n, ord := range ordinals {
		if n < 2 {
			continue
		}
		g.add("trig", "(when | whenever) you draw your "+ord+" card in a turn", func(v []any) any {
			return &ability.Trigger{Event: ability.Draws, Player: "you", Nth: n}
		})
	}
	// "Whenever a player casts a spell".
	g.add("trig", "whenever a player casts (a | an) <desc>", func(v []any) any {
		f := spellFilter(filt(v[0]))
		if f == nil {
			return nil
		}
		if reflect.DeepEqual(*f, ability.Filter{}) {
			f = nil
		}
		return &ability.Trigger{Event: ability.Cast, Subject: f}
	})
	// "When you cast ~" (CR 603.2): a trigger of the spell itself, on the
	// stack.
	g.add("trig", "when you cast ~", func(v []any) any { return &ability.Trigger{Event: ability.Cast, Self: true, Player: "you"} })
	// "Whenever ~ enters" (Avenging Hunter): one source enters once.
	g.add("trig", "whenever ~ enters", func(v []any) any { return &ability.Trigger{Event: ability.Enters, Self: true} })
	g.add("trig", "when ~ leaves the battlefield", func(v []any) any {
		return &ability.Trigger{Event: ability.ZoneChange, Self: true, From: ability.ZoneBattlefield}
	})
	// A noncreature's "dies" (CR 700.4 is for creatures): "When ~ is put
	// into a graveyard from the battlefield".
	g.add("trig", "when ~ is put into a graveyard from the battlefield", func(v []any) any {
		return &ability.Trigger{Event: ability.ZoneChange, Self: true, From: ability.ZoneBattlefield, To: ability.ZoneGraveyard}
	})
	// "Whenever a Food is put into a graveyard from the battlefield": said
	// of noncreatures, or of creatures and others together ("another
	// creature or artifact you control"), where "dies" would not do.
	g.add("trig", "whenever (a | an) <desc> is put into a graveyard from the battlefield", func(v []any) any {
		return &ability.Trigger{Event: ability.ZoneChange, From: ability.ZoneBattlefield, To: ability.ZoneGraveyard, Subject: filt(v[0])}
	})
	g.add("trig", "whenever another <desc> is put into a graveyard from the battlefield", func(v []any) any {
		f := merge(filt(v[0]), &ability.Filter{Other: true})
		if f == nil {
			return nil
		}
		return &ability.Trigger{Event: ability.ZoneChange, From: ability.ZoneBattlefield, To: ability.ZoneGraveyard, Subject: f}
	})
	// "Whenever ~ or another artifact you control enters".
	for _, ev := range []ability.Event{ability.Enters, ability.Dies} {
		g.add("trig", "whenever ~ or another <desc> "+string(ev)+"", func(v []any) any {
			f := merge(filt(v[0]), &ability.Filter{Other: true})
			if f == nil {
				return nil
			}
			return &ability.Trigger{Event: ev, AlsoSelf: true, Subject: f}
		})
	}
	// "When you play another land".
	g.add("trig", "(when | whenever) you play (a | an) <desc>", func(v []any) any {
		return &ability.Trigger{Event: ability.PlaysLand, Player: "you", Subject: filt(v[0])}
	})
	g.add("trig", "(when | whenever) you play another <desc>", func(v []any) any {
		return &ability.Trigger{Event: ability.PlaysLand, Player: "you", Subject: merge(filt(v[0]), &ability.Filter{Other: true})}
	})
	// "Whenever you draw a card", "Whenever an opponent draws a card".
	g.add("trig", "whenever you draw a card", func(v []any) any { return &ability.Trigger{Event: ability.Draws, Player: "you"} })
	g.add("trig", "whenever an opponent draws a card", func(v []any) any {
		return &ability.Trigger{Event: ability.Draws, Player: "opponent"}
	})
	// "When this Class becomes level 2" (CR 716.2c).
	g.add("trig", "when ~ becomes level <n>", func(v []any) any {
		return &ability.Trigger{Event: ability.LevelReached, Self: true, Level: v[0].(int)}
	})
}

// ordinals are the words for the Nth event of a turn.
var ordinals = []string{"", "first", "second", "third", "fourth", "fifth"}

func ordinal(n int) string {
	if n < len(ordinals) {
		return ordinals[n]
	}
	return "(?:unprintable)"
}
