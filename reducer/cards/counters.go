package cards

// Counters put on permanents and regeneration: Fathom Mage ("Whenever a
// +1/+1 counter is put on this creature, you may draw a card") and
// Experiment One ("Remove two +1/+1 counters from this creature:
// Regenerate it"). The reducer (counters.go, regenerate.go) fires the
// event and keeps the shields; the cards here say what they do.

// TriggerPlusOneCounter: a +1/+1 counter is put on a permanent (the
// event's object), once for each counter (CR 122.6: counters it enters
// with count too).
const TriggerPlusOneCounter = "plus_one_counter_put"

// CounterWorld is what resolving abilities do with counters and shields.
type CounterWorld interface {
	// Regenerate gives a permanent a regeneration shield (CR 701.19): the
	// next time it would be destroyed this turn, it is tapped, its damage
	// is removed and it is removed from combat instead.
	Regenerate(obj uint32)
}

func init() {

	// Experiment One: "Remove two +1/+1 counters from this creature:
	// Regenerate it."
	activated["Experiment One"] = []Activated{{Index: 1, RemoveCounter: "+1/+1", RemoveCounters: 2,
		Resolve: func(w World, _ []Target) { w.Regenerate(w.Self()) }}}
}
